#!/usr/bin/env bash
# Runs every check: lint (ruff), types (mypy) and the whole pytest suite (needs redis-server on PATH).
# Installs the runtime and dev dependencies from uv.lock first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --dev
. .venv/bin/activate
ruff check service tests bench
mypy
python -m pytest -q -p no:cacheprovider "$@"
