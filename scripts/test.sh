#!/usr/bin/env bash
# Runs every check: lint (ruff), types (mypy) and the whole pytest suite, in parallel (pytest-xdist:
# TEST_WORKERS processes, 3 by default, measured on the 2-core machines: the browser, gunicorn and
# Redis tests spend much of their time waiting; each worker starts its own servers on its own ports,
# tests/ports.py). Installs the runtime and dev dependencies from uv.lock first (needs redis-server on
# the PATH, and Debian's chromium for the browser tests: .ci/run installs both).
#
#   bash scripts/test.sh                  everything (what .ci/run runs)
#   bash scripts/test.sh -m "not slow"    the quick tier: no browser, npm, gunicorn or Redis group
#   bash scripts/test.sh tests/rules -x   any other pytest arguments
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh --dev
. .venv/bin/activate
# The run's many Python processes (xdist workers, gunicorn masters and workers, the schemathesis and
# client runs) read their modules' bytecode from __pycache__ (git ignores it) instead of compiling every
# source again in each process, where the environment asks for none to be written: about 0.7 s of CPU
# saved per process that imports the app. The image (Dockerfile) still writes none.
unset PYTHONDONTWRITEBYTECODE
ruff check service tests bench
mypy
python -m pytest -q -p no:cacheprovider -n "${TEST_WORKERS:-3}" --dist worksteal --durations=25 "$@"
