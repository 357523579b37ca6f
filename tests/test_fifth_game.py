"""A fifth game is one package plus one registry line (issue 13 item 4).

The fifth game (``tests/fifth_game.py``: the test-only toy ruleset) runs through the conformance
battery and the HTTP contract tests, registered for each test by the ``ruleset_id`` fixture and
taken out after it. Here: that registering it is all it takes (the catalogue and the rules
endpoints list it, nothing else changes) and that it is gone after the test; and that no file of
the service outside a game's own package and the registry names a game.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service.api.apidoc import EXAMPLES_FILE
from service.api.app import create_app
from service.api.config import Settings
from service.rules.registry import EXAMPLE_ID, EXAMPLE_MATCH_ID, RULESETS
from tests.fifth_game import FIFTH_ID, with_the_fifth
from tests.profiles import PROFILES

SERVICE = Path(__file__).resolve().parents[1] / "service"
GAMES = SERVICE / "rules" / "games"
REGISTRY = SERVICE / "rules" / "registry.py"


@pytest.fixture
def client() -> FlaskClient:
    app = create_app(Settings())
    app.config["TESTING"] = True
    return app.test_client()


@pytest.mark.parametrize("ruleset_id", [FIFTH_ID], indirect=True)
def test_registering_the_fifth_game_is_all_it_takes(client: FlaskClient, ruleset_id: str) -> None:
    assert ruleset_id in RULESETS and set(PROFILES) == set(RULESETS)
    listed = [r["id"] for r in client.get("/v1/rulesets").get_json()["rulesets"]]
    assert ruleset_id in listed
    detail = client.get(f"/v1/rulesets/{ruleset_id}")
    assert detail.status_code == 200 and detail.get_json()["id"] == ruleset_id
    created = client.post("/v1/matches", json={"ruleset": ruleset_id, "mode": "dealt", "players": ["a", "b", "c"]})
    assert created.status_code == 201, created.get_json()


def test_the_fifth_game_is_registered_for_its_tests_only() -> None:
    assert FIFTH_ID not in RULESETS and FIFTH_ID not in PROFILES
    assert with_the_fifth()[-1] == FIFTH_ID and FIFTH_ID not in with_the_fifth()[:-1]


def test_no_service_file_outside_a_game_package_and_the_registry_names_a_game() -> None:
    names = re.compile("|".join(re.escape(rid) for rid in sorted(RULESETS, key=len, reverse=True)))
    found = []
    for path in sorted(SERVICE.rglob("*")):
        if not path.is_file() or path.suffix not in (".py", ".po", ".pot", ".md", ".txt", ".toml", ".json"):
            continue
        if path in (REGISTRY, EXAMPLES_FILE) or GAMES in path.parents:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if names.search(line):
                found.append(f"{path.relative_to(SERVICE.parent)}:{number}: {line.strip()}")
    assert not found, found


def test_the_recorded_examples_name_only_the_registry_example_rulesets() -> None:
    """``openapi_examples.json`` records real answers of a match of the registry's example rulesets
    (``EXAMPLE_ID``, ``EXAMPLE_MATCH_ID``), so it may name those, and only as its rulesets."""
    named = set(re.findall(r'"ruleset": *"([a-z0-9_]+)"', EXAMPLES_FILE.read_text(encoding="utf-8")))
    assert named and named <= {EXAMPLE_ID, EXAMPLE_MATCH_ID}
    text = EXAMPLES_FILE.read_text(encoding="utf-8")
    others = set(RULESETS) - {EXAMPLE_ID, EXAMPLE_MATCH_ID}
    assert not [rid for rid in others if re.search(rf'"{rid}"', text)]
