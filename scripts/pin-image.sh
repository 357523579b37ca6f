#!/usr/bin/env bash
# Pins the service's image by digest in the kustomization (the one step of a release that changes
# k8s/): every `image: referee:...` of the manifests is deployed as IMAGE@sha256:DIGEST.
#
#   bash scripts/pin-image.sh REGISTRY/referee@sha256:DIGEST [KUSTOMIZATION_DIR]
#
# Writes kustomize's `images:` entry (as `kustomize edit set image referee=...@sha256:...` would) and
# a patch making the Deployment's imagePullPolicy IfNotPresent: a digest never changes. Run again for
# the next release: the block it wrote is replaced. scripts/build-image.sh prints the digest (and
# runs this with --pin).
set -euo pipefail
ref=${1:?usage: pin-image.sh REGISTRY/referee@sha256:DIGEST [KUSTOMIZATION_DIR]}
dir=${2:-"$(dirname "$0")/../k8s"}
if [[ ! "$ref" =~ ^[a-z0-9.:/_-]+@sha256:[0-9a-f]{64}$ ]]; then
  echo "pin-image: give the image as NAME@sha256:<64 hex digits>, not $ref" >&2
  exit 2
fi
python3 - "$dir/kustomization.yaml" "$ref" <<'PY'
import sys

import yaml

path, ref = sys.argv[1], sys.argv[2]
name, digest = ref.split("@", 1)
text = open(path, encoding="utf-8").read()
data = yaml.safe_load(text)
images = [i for i in data.get("images") or [] if i.get("name") != "referee"]
images.append({"name": "referee", "newName": name, "digest": digest})
# a digest never changes: the pods pull it only when their node does not have it (a JSON patch in a
# file: the form every kustomize reads, from kubectl 1.20's on)
pull = {"target": {"group": "apps", "version": "v1", "kind": "Deployment", "name": "referee"},
        "path": "release-pull-policy.json"}
# keep the file's comments: replace (or add) only the release's block at its end
head = text.split("\n# -- pinned by scripts/pin-image.sh\n", 1)[0].rstrip("\n") + "\n"
block = yaml.safe_dump({"images": images, "patchesJson6902": [pull]}, sort_keys=False)
with open(path, "w", encoding="utf-8") as out:
    out.write(head + "# -- pinned by scripts/pin-image.sh\n" + block)
PY
echo "pin-image: k8s deploys $ref" >&2
