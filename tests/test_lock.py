"""The dependency lock: uv.lock agrees with pyproject.toml, pins every file by hash, and the runtime
ranges in pyproject.toml are bounded above (a new major release is taken on purpose, not by an install)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _uv() -> str:
    found = shutil.which("uv", path=str(BIN)) or shutil.which("uv")
    assert found, "uv is a dev dependency (pyproject.toml) and must be installed"
    return found


def _lock() -> dict:
    return tomllib.loads((ROOT / "uv.lock").read_text())


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_lock_is_up_to_date_with_pyproject() -> None:
    # --offline: an up-to-date lock is checked without the index; a stale one fails either way.
    result = subprocess.run([_uv(), "lock", "--check", "--offline"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, "uv.lock is stale: run `uv lock`\n" + result.stdout + result.stderr


def test_every_locked_file_has_a_hash() -> None:
    registry_packages = [p for p in _lock()["package"] if "registry" in p["source"]]
    assert registry_packages
    for package in registry_packages:
        files = [package["sdist"]] if "sdist" in package else []
        files += package.get("wheels", [])
        assert files, package["name"]
        assert all(f.get("hash", "").startswith("sha256:") for f in files), package["name"]


def test_every_runtime_dependency_has_an_upper_bound() -> None:
    for text in _pyproject()["project"]["dependencies"]:
        requirement = Requirement(text)
        assert any(spec.operator in ("<", "<=", "==", "~=") for spec in requirement.specifier), (
            f"{text}: give it an upper bound"
        )


def test_the_lock_covers_runtime_and_dev_extra() -> None:
    locked = {p["name"] for p in _lock()["package"]}
    pyproject = _pyproject()["project"]
    wanted = pyproject["dependencies"] + pyproject["optional-dependencies"]["dev"]
    missing = {Requirement(text).name.lower() for text in wanted} - locked
    assert not missing


def test_bootstrap_installs_the_uv_release_the_lock_has() -> None:
    pinned = re.search(r"^uv==(\S+)", (ROOT / "scripts" / "uv-requirements.txt").read_text(), re.M)
    assert pinned
    locked = next(p["version"] for p in _lock()["package"] if p["name"] == "uv")
    assert pinned.group(1) == locked
