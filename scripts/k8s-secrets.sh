#!/usr/bin/env bash
# Writes the values of the Secret `referee-secrets` (k8s/kustomization.yaml's secretGenerator) to
# k8s/secrets.env, or to the file given, once: fresh random values, readable by this user only.
# An existing file is left as it is (the running Redis has that password). The file is never committed.
#
#   REDIS_PASSWORD       Redis's requirepass and masterauth, the Sentinels' auth-pass, the service's
#                        password for the master (redis.yaml, deployment.yaml)
#   IDEMPOTENCY_SECRET   the service's server-side secret for Idempotency-Key records
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-k8s/secrets.env}
if [ -e "$out" ]; then
  echo "k8s-secrets: $out exists; leaving it as it is" >&2
  exit 0
fi
umask 077
python3 - > "$out.new" <<'PY'
import secrets

# URL-safe letters only: the Redis start scripts accept no other characters in a password.
print(f"REDIS_PASSWORD={secrets.token_urlsafe(32)}")
print(f"IDEMPOTENCY_SECRET={secrets.token_urlsafe(32)}")
PY
mv "$out.new" "$out"
echo "k8s-secrets: wrote $out (REDIS_PASSWORD, IDEMPOTENCY_SECRET)" >&2
