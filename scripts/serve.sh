#!/usr/bin/env bash
# Starts the service under gunicorn on $PORT (default 8000). With no REDIS_URL, state is in memory.
# Installs the runtime dependencies from uv.lock first (no dev tools).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/gunicorn -c gunicorn.conf.py service.wsgi:app
