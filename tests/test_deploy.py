"""How it ships: the Dockerfile passes hadolint and every k8s manifest validates strictly.

No Docker engine or cluster runs on these machines, so the checks are static (STACK.md).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    assert found, f"{name} is a dev dependency (pyproject.toml) and must be installed"
    return found


def test_dockerfile_passes_hadolint() -> None:
    result = subprocess.run([_tool("hadolint"), str(ROOT / "Dockerfile")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_manifests_validate_strictly() -> None:
    manifests = sorted(str(p) for p in (ROOT / "k8s").glob("*.yaml"))
    assert manifests
    result = subprocess.run(
        [_tool("kubernetes-validate"), "--strict", *manifests], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_deployment_has_probes_and_runs_as_non_root() -> None:
    docs = [d for p in (ROOT / "k8s").glob("*.yaml") for d in yaml.safe_load_all(p.read_text()) if d]
    kinds = {d["kind"] for d in docs}
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "ConfigMap",
            "StatefulSet"} <= kinds
    deployment = next(d for d in docs if d["kind"] == "Deployment")
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert deployment["spec"]["template"]["spec"]["securityContext"]["runAsNonRoot"] is True
    redis = next(d for d in docs if d["kind"] == "StatefulSet")
    assert redis["spec"]["replicas"] >= 3  # Sentinel-managed, never a single pod
    assert "USER" in (ROOT / "Dockerfile").read_text()
