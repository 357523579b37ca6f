#!/usr/bin/env bash
# Makes .venv hold exactly what uv.lock pins: the runtime dependencies, and with --dev the dev extra
# too. Later calls only check (a fraction of a second) and install what changed in the lock.
#
#   bash scripts/bootstrap.sh          runtime dependencies only (what scripts/serve.sh runs on)
#   bash scripts/bootstrap.sh --dev    runtime and dev dependencies (what scripts/test.sh runs on)
#
# uv is the release that scripts/uv-requirements.txt pins: a uv of that release on the PATH is used,
# otherwise pip fetches it from PyPI, hash-checked, once per machine and user into
# $UV_TOOLS_DIR (default ~/.cache/trick-referee/uv-VERSION), shared by every clone. Needs only
# python3 and pip.
# The lock changes only through `uv lock` after an edit of pyproject.toml; a test fails when it is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
export UV_PYTHON_DOWNLOADS=${UV_PYTHON_DOWNLOADS:-never}

say() { printf 'bootstrap: %s\n' "$*" >&2; }

case "${1:-}" in
  --dev) what="runtime and dev dependencies"; sync=(--extra dev) ;;
  # --inexact: a development .venv keeps its dev tools when the service is started from it.
  "") what="runtime dependencies"; sync=(--inexact) ;;
  *) echo "usage: scripts/bootstrap.sh [--dev]" >&2; exit 2 ;;
esac

want=$(sed -n 's/^uv==\([^ ]*\).*/\1/p' scripts/uv-requirements.txt)
uv=$(command -v uv || true)
if [ -z "$uv" ] || [ "$("$uv" --version | cut -d' ' -f2)" != "$want" ]; then
  tools=${UV_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/trick-referee/uv-$want}
  uv=$tools/bin/uv
  if [ ! -x "$uv" ]; then
    say "installing uv $want from PyPI into $tools (pip, hash-checked)"
    rm -rf "$tools.new"
    PIP_ROOT_USER_ACTION=ignore "$PY" -m pip install -qq --disable-pip-version-check --no-compile \
      --require-hashes --target "$tools.new" -r scripts/uv-requirements.txt
    rm -rf "$tools"
    mv "$tools.new" "$tools"
  fi
fi
say "syncing .venv with uv.lock: $what (uv $want)"
"$uv" sync --frozen --python "$PY" "${sync[@]}"
