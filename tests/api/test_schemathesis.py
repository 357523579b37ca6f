"""Schemathesis against a live server of the app, driven by the committed openapi.yaml (issue 4, item 3).

Every check runs (no 500s, status codes, content types and bodies as documented, invalid data
refused, Allow on 405 ...), over the rules endpoints and /healthz, with every registered ruleset plus
the test ruleset ``toy_tricks``. Bounded: a fixed seed and ``MAX_EXAMPLES`` per operation.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from service.api.app import create_app
from service.api.config import Settings
from service.rules.registry import RULESETS
from tests.api.schemathesis_run import live_server, run_schemathesis

MAX_EXAMPLES = 60


@pytest.fixture
def live_url(toy: str) -> Iterator[str]:
    with live_server(create_app(Settings())) as url:
        yield url


def test_schemathesis_finds_nothing(live_url: str, tmp_path: Path) -> None:
    run_schemathesis(
        live_url, tmp_path,
        config_file="tests/api/schemathesis.toml",
        hooks="tests.api.schemathesis_hooks",
        paths="^/(v1/rulesets|healthz)",
        max_examples=MAX_EXAMPLES,
        seed=1,
        env={"REFEREE_ST_RULESETS": ",".join(sorted(RULESETS))},
    )
