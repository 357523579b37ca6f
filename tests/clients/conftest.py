"""What the client tests share: clients/python on the import path, and a live server of the app
(memory store, short streams) for the examples."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.api.app import create_app
from service.api.config import Settings
from tests.api.schemathesis_run import live_server

ROOT = Path(__file__).resolve().parents[2]
PYTHON_CLIENT = ROOT / "clients" / "python"
if str(PYTHON_CLIENT) not in sys.path:
    sys.path.insert(0, str(PYTHON_CLIENT))


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    app = create_app(Settings(stream_max_seconds=3, stream_heartbeat_seconds=0.5))
    with live_server(app) as url:
        yield url


def readme_lines(client: str) -> list[str]:
    """The indented lines under the README's paragraph that opens with ``client`` (Python, TypeScript)."""
    lines = (ROOT / "README.md").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{client} (`clients/"))
    block = []
    for line in lines[start + 2 :]:
        if not line.startswith("    "):
            break
        block.append(line[4:])
    return block
