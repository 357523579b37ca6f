#!/usr/bin/env bash
# Regenerates openapi.yaml from the code (flask-smorest); `scripts/openapi.sh --check` only compares.
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python -m service.api.openapi "$@"
