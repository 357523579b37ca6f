"""Schemathesis against a live server of the app, driven by the committed openapi.yaml (issue 4, item 3).

Every check runs (no 500s, status codes, content types and bodies as documented, invalid data
refused, Allow on 405 ...), over the rules endpoints and /healthz, with every registered ruleset plus
the test ruleset ``toy_tricks``. Bounded: a fixed seed and ``MAX_EXAMPLES`` per operation.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from service.api.app import create_app
from service.api.config import Settings
from service.rules.registry import RULESETS

ROOT = Path(__file__).resolve().parents[2]
MAX_EXAMPLES = 60


@pytest.fixture
def live_url(toy: str) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, create_app(Settings()), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


def test_schemathesis_finds_nothing(live_url: str, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SCHEMATHESIS_HOOKS": "tests.api.schemathesis_hooks",
        "REFEREE_ST_RULESETS": ",".join(sorted(RULESETS)),
    }
    command = [
        sys.executable, "-m", "schemathesis.cli",
        "--config-file", str(ROOT / "tests/api/schemathesis.toml"),
        "run", str(ROOT / "openapi.yaml"),
        "--url", live_url,
        "--include-path-regex", "^/(v1/rulesets|healthz)",
        "--checks", "all",
        "--max-examples", str(MAX_EXAMPLES),
        "--seed", "1",
        "--workers", "1",
        "--no-color",
    ]
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-20000:] + done.stderr[-5000:]
