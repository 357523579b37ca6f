"""Issue 16 item 3 through the HTTP API, for every ruleset: the referee token of a dealt match sees
what the spectator token sees (no hand, in its view, events and record) unless the match was
created with ``"referee_sees_hands": true``; the create schema documents the choice."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.api.match_driver import FlaskHttp, create, step
from tests.fifth_game import with_the_fifth
from tests.matches.test_deals import http
from tests.profiles import profile

__all__ = ["http"]
ROOT = Path(__file__).resolve().parents[2]
#: what differs between two callers' views of the same moment
OWN = ("viewer",)


def _public(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in OWN}


def _unplayed(http: FlaskHttp, path: str, seats: list[str]) -> set[str]:
    return {c for token in seats for c in http.get(path, token).body["hand"] or []}


@pytest.mark.parametrize("ruleset_id", with_the_fifth(), indirect=True)
def test_the_referee_of_a_dealt_match_sees_what_the_spectator_sees(http: FlaskHttp, ruleset_id: str) -> None:
    game = profile(ruleset_id)
    match, created = create(http, ruleset_id, "dealt", game.usual_players, options=game.long)
    spectator = created.body["spectator_token"]
    assert created.body["view"]["hand"] is None and "hands" not in created.body["view"]
    rng = random.Random(f"sight-{ruleset_id}")
    for _ in range(6):
        referee = http.get(match.path, match.referee).body
        watched = http.get(match.path, spectator).body
        assert _public(referee) == _public(watched)
        assert referee["hand"] is None and "hands" not in referee and referee["legal_actions"] == []
        public = json.dumps(watched)  # a card face up on the table (Avinas's exposures) is everyone's
        held = {c for c in _unplayed(http, match.path, match.seats) if f'"{c}"' not in public}
        events = http.get(f"{match.path}/events", match.referee).body["events"]
        record = http.get(f"{match.path}/record", match.referee).body
        # (the cards drawn for the first dealer are public, and not from the deal)
        shown = json.dumps([referee, [{k: v for k, v in e.items() if k != "first_dealer"} for e in events],
                            {k: v for k, v in record.items() if k != "first_dealer"}])
        assert not [c for c in held if f'"{c}"' in shown], ruleset_id
        if step(http, match, rng) is None:
            break


@pytest.mark.parametrize("ruleset_id", with_the_fifth(), indirect=True)
def test_a_referee_who_does_not_play_sees_every_hand_when_asked(http: FlaskHttp, ruleset_id: str) -> None:
    game = profile(ruleset_id)
    match, _created = create(http, ruleset_id, "dealt", game.usual_players, options=game.long,
                            referee_sees_hands=True)
    hands = http.get(match.path, match.referee).body["hands"]
    if isinstance(hands, dict):  # some games key the hands by seat
        hands = [hands[str(seat)] for seat in range(len(match.seats))]
    assert hands == [http.get(match.path, token).body["hand"] for token in match.seats]
    record = http.get(f"{match.path}/record", match.referee).body
    assert record["complete"] and [d["index"] for d in record["deals"]] == [0]


def test_referee_sees_hands_is_a_boolean_and_documented(http: FlaskHttp) -> None:
    body = {"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B", "C"], "referee_sees_hands": "yes"}
    refused = http.post("/v1/matches", body)
    assert refused.status == 400, refused.body
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    create_body = next(s for name, s in spec["components"]["schemas"].items()
                       if "referee_sees_hands" in s.get("properties", {}) and name.startswith("Create"))
    field = create_body["properties"]["referee_sees_hands"]
    assert field["type"] == "boolean" and "spectator" in field["description"]
