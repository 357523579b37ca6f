#!/usr/bin/env bash
# Audits the locked runtime dependencies (uv.lock) for known vulnerabilities with pip-audit, against
# PyPI's vulnerability data (or OSV: AUDIT_SERVICE=osv). Needs the internet: the package mirror of the
# development machines serves no vulnerability data (pip-audit finds none of the packages there and
# api.osv.dev is unreachable), so this runs in CI with network access, not in the test suite.
# --strict: a package that cannot be audited fails the run, as a known vulnerability does.
set -euo pipefail
cd "$(dirname "$0")/.."
requirements=$(mktemp)
trap 'rm -f "$requirements"' EXIT
uv export --frozen --no-dev --no-emit-project --format requirements-txt > "$requirements"
exec uv tool run --from "pip-audit==2.10.1" pip-audit --strict --disable-pip --no-deps \
  --vulnerability-service "${AUDIT_SERVICE:-pypi}" --progress-spinner off -r "$requirements"
