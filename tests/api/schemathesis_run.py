"""What both schemathesis tests share: a live server of the app in a thread, and one schemathesis run
against the committed openapi.yaml (every check, a fixed seed, bounded examples, one worker)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def live_server(app: Any) -> Iterator[str]:
    """``app`` served on a free loopback port while the block runs; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


def run_schemathesis(
    url: str,
    cwd: Path,
    *,
    config_file: str,
    hooks: str,
    paths: str,
    max_examples: int,
    seed: int,
    env: Mapping[str, str],
) -> None:
    """Run schemathesis with every check over the operations whose path matches ``paths``; fail the
    test with its output unless it finds nothing."""
    command = [
        sys.executable, "-m", "schemathesis.cli",
        "--config-file", str(ROOT / config_file),
        "run", str(ROOT / "openapi.yaml"),
        "--url", url,
        "--include-path-regex", paths,
        "--checks", "all",
        "--max-examples", str(max_examples),
        "--seed", str(seed),
        "--workers", "1",
        "--no-color",
    ]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "SCHEMATHESIS_HOOKS": hooks, **env}
    done = subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-20000:] + done.stderr[-5000:]
