#!/usr/bin/env bash
# Builds the service's image reproducibly from the committed tree and prints its digest.
#
#   bash scripts/build-image.sh [IMAGE]                 # build only (default IMAGE: referee:<commit>)
#   bash scripts/build-image.sh REGISTRY/referee --push # build, push, print the registry digest
#   bash scripts/build-image.sh REGISTRY/referee --pin  # ... and pin it in k8s/ (scripts/pin-image.sh)
#
# Reproducible: the context is `git archive HEAD` (no untracked or changed file gets in), every file
# and layer carries the commit's time (SOURCE_DATE_EPOCH), the Dockerfile installs uv.lock's hashes on
# a base pinned by digest and writes no bytecode. Two builds of one commit give one digest.
# Engines: docker with buildx (BuildKit 0.13+: rewrite-timestamp), else buildah (--timestamp).
# No engine: exit 3 with a message (these development machines have none running).
set -euo pipefail
cd "$(dirname "$0")/.."
push=0 pin=0 image=""
for arg in "$@"; do
  case "$arg" in
    --push) push=1 ;;
    --pin) push=1 pin=1 ;;
    -*) echo "build-image: unknown option $arg" >&2; exit 2 ;;
    *) image=$arg ;;
  esac
done
revision=$(git rev-parse HEAD)
epoch=$(git log -1 --format=%ct)
image=${image:-referee:${revision:0:12}}
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "build-image: note: uncommitted changes are not in the image (it is built from HEAD, $revision)" >&2
fi
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
git archive HEAD | tar -x -C "$context"

if command -v docker >/dev/null 2>&1 && docker buildx version >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  output="type=image,name=$image,rewrite-timestamp=true"
  [ "$push" = 1 ] && output="$output,push=true"
  docker buildx build --file "$context/Dockerfile" --build-arg SOURCE_DATE_EPOCH="$epoch" \
    --build-arg BUILD_REVISION="$revision" --output "$output" --metadata-file "$context/.meta.json" "$context" >&2
  digest=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["containerimage.digest"])' "$context/.meta.json")
elif command -v buildah >/dev/null 2>&1; then
  buildah build --timestamp "$epoch" --build-arg BUILD_REVISION="$revision" -t "$image" "$context" >&2
  if [ "$push" = 1 ]; then
    buildah push --digestfile "$context/.digest" "$image" "docker://$image" >&2
    digest=$(cat "$context/.digest")
  else
    digest=$(buildah images --digests --format '{{.Digest}}' "$image" | head -n 1)
  fi
else
  echo "build-image: no container engine here (docker with buildx and a daemon, or buildah)" >&2
  exit 3
fi
echo "${image%%:*}@$digest"
if [ "$pin" = 1 ]; then
  bash scripts/pin-image.sh "${image%%:*}@$digest"
fi
