#!/usr/bin/env bash
# Regenerates the clients' generated parts from the committed openapi.yaml:
#   clients/python/trick_referee_api/   by openapi-python-client (pinned in the dev extra), with py.typed
#   clients/typescript/src/schema.ts    by openapi-typescript (pinned in clients/typescript/package.json)
# Usage: bash scripts/clients.sh [python|typescript|all] [OUTDIR]
# OPENAPI_TS names another openapi-typescript binary (the tests use the one they installed).
# With OUTDIR the files are written there (the drift tests compare them with the committed ones).
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-all}"
out="${2:-clients}"
py="${PYTHON:-.venv/bin/python}"
if [ "$which" = python ] || [ "$which" = all ]; then
  mkdir -p "$out/python"
  rm -rf "$out/python/trick_referee_api"
  "$py" -m openapi_python_client generate --path openapi.yaml --config clients/python/generator.yaml \
    --meta none --output-path "$out/python/trick_referee_api" >/dev/null
  # PEP 561: the generated package is typed too (with --meta none the generator writes no marker).
  : >"$out/python/trick_referee_api/py.typed"
fi
if [ "$which" = typescript ] || [ "$which" = all ]; then
  mkdir -p "$out/typescript/src"
  tool="${OPENAPI_TS:-clients/typescript/node_modules/.bin/openapi-typescript}"
  [ -x "$tool" ] || (cd clients/typescript && npm ci --no-audit --no-fund >/dev/null)
  "$tool" openapi.yaml -o "$out/typescript/src/schema.ts" >/dev/null
fi
