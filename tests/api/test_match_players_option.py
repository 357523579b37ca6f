"""A match takes its player count from its seats; a 'players' option may only agree with them."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings


@pytest.fixture()
def client() -> FlaskClient:
    return create_app(Settings.from_env({})).test_client()


def _create(client: FlaskClient, body: dict[str, Any]) -> Any:
    return client.post("/v1/matches", json=body)


@pytest.mark.parametrize("names", [["a", "b"], ["a", "b", "c", "d", "e", "f"]])
def test_forty_fives_for_other_than_three_needs_no_players_option(client: FlaskClient, names: list[str]) -> None:
    answer = _create(client, {"ruleset": "forty_fives", "mode": "dealt", "players": names})
    assert answer.status_code == 201, answer.get_json()
    view = answer.get_json()["view"]
    assert view["players"] == len(names)
    assert view["options"]["players"] == len(names)


def test_a_players_option_that_disagrees_is_a_422_naming_it(client: FlaskClient) -> None:
    answer = _create(client, {"ruleset": "auction_forty_fives", "mode": "table", "players": list("abcdef"),
                              "options": {"players": 4}})
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["code"] == "invalid_option" and problem["option"] == "players" and problem["allowed"] == [6]
