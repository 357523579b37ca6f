"""The full pagat rules of Avinas (docs/rules/avinas.md §16.1-§16.6) over HTTP: the options in the
catalogue (every language), the §16.10 score vectors through ``/score``, and matches under the
new options, dealt (played at random to the end) and at the table (reported)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from tests.api.match_driver import FlaskHttp, create, play_match
from tests.english import option_title
from tests.spec_tables import vectors

SPEC = "avinas.md"
NEW_OPTIONS = vectors(SPEC, "16.1 New options")
PAGAT = {
    "rams_rule": "sevens", "pips_defender_tiers": [1, 2, 3], "tier_basis": "points", "lie_penalty": "match",
    "stop_remainder_to": "nobody", "stop_by": "declaring_side",
}  # fmt: skip
TEAM = {"A": 0, "B": 1}


@pytest.fixture
def http() -> Iterator[FlaskHttp]:
    app: Flask = create_app(Settings())
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(21)
    yield FlaskHttp(app.test_client())


def _mine(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """The rows of §16.1 this work implements (``revoke_penalty`` is §16.7's)."""
    return [r for r in rows if not r["option"].startswith("`revoke_penalty`")]


@pytest.mark.parametrize("lang", ["en", "id", "tl"])
def test_the_new_options_are_in_the_catalogue_in_each_language(client: FlaskClient, lang: str) -> None:
    options = {o["name"]: o for o in client.get(f"/v1/rulesets/avinas?lang={lang}").get_json()["options"]}
    english = {o["name"]: o for o in client.get("/v1/rulesets/avinas?lang=en").get_json()["options"]}
    for row in _mine(NEW_OPTIONS):
        name = re.match(r"`(\w+)`", row["option"]).group(1)
        option = options[name]
        assert option["description"]
        if lang != "en" and name != "lie_penalty":
            assert option["description"] != english[name]["description"]
        default = re.match(r"`?([\w]+)`?", row["default"]).group(1)
        assert option["default"] == (None if default == "null" else default)
        for value in re.findall(r"`(\w+)`", row["alternatives"]):
            assert value in option["allowed"]
    assert options["pips_defender_tiers"]["type"] == "nullable_int_list"


@pytest.mark.parametrize(
    ("options", "option"),
    [({"rams_rule": "pagat"}, "rams_rule"), ({"tier_basis": "cards"}, "tier_basis"),
     ({"lie_penalty": "forever"}, "lie_penalty"), ({"stop_by": "anyone"}, "stop_by"),
     ({"pips_defender_tiers": [1, 2]}, "pips_defender_tiers"), ({"pips_defender_tiers": [1, -2, 3]},
                                                                  "pips_defender_tiers")],
)  # fmt: skip
def test_a_value_outside_an_option_is_refused(client: FlaskClient, options: dict[str, Any], option: str) -> None:
    facts = {"game": "sevens", "declarer": 0, "declarer_points": 75, "declarer_tricks": 5, "sevens_exposed": 1}
    answer = client.post("/v1/rulesets/avinas/score", json={**facts, "options": options})
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["code"] == "invalid_option" and body["option"] == option
    assert option_title("avinas", option) in body["detail"]
    assert body["allowed"]


def _facts(result: str, declarer: int) -> dict[str, Any]:
    """Score facts from a §16.10 result cell (the same reading as the rules-level tests)."""
    from tests.rules.games.avinas.test_avinas_vectors import _result_facts

    return _result_facts(result, declarer)


@pytest.mark.parametrize("row", vectors(SPEC, "16.10.1"), ids=[r["id"] for r in vectors(SPEC, "16.10.1")])
def test_rams_by_exposed_sevens_over_http(client: FlaskClient, row: dict[str, str]) -> None:
    result = row["result"]
    rams = [0, 0]
    if m := re.match(r"before A (\d+), B (\d+);\s*", result):
        rams = [int(m.group(1)), int(m.group(2))]
        result = result[m.end() :]
    body: dict[str, Any] = {"game": "sevens", "rams": rams, **_facts(result, 0), "options": {"rams_rule": "sevens"}}
    if row["sevens exposed"] != "missing":
        body["sevens_exposed"] = int(row["sevens exposed"])
    answer = client.post("/v1/rulesets/avinas/score", json=body)
    got = answer.get_json()
    if m := re.match(r"(\d{3}) (\w+)", row["rams due"]):
        assert answer.status_code == int(m.group(1)) and got["code"] == m.group(2), got
        assert "sevens exposed" in got["detail"]
        return
    assert answer.status_code == 200, got
    after = [int(x) for x in re.search(r"A (\d+), B (\d+)", row["totals after"]).groups()]
    assert got["rams"] == after and got["unit"] == "rams"


def test_a_lie_loses_the_match_through_score(client: FlaskClient) -> None:
    (row,) = [r for r in vectors(SPEC, "16.10.3") if r["id"] == "AV-Y01"]
    facts = {"game": "no_seven", **_facts(row["situation"], 1)}
    answer = client.post("/v1/rulesets/avinas/score", json={**facts, "options": {"lie_penalty": "match"}})
    got = answer.get_json()
    assert answer.status_code == 200, got
    assert got["match_over"] is True and got["winners"] == [TEAM["A"]] and got["points"] == [0, 0]
    assert any("lie" in line for line in got["explanation"])


def _sevens_in(view: dict[str, Any]) -> int:
    return sum(1 for e in view["exposures"] if e["face_up"] and e.get("card", "").startswith("7"))


@pytest.mark.slow
def test_dealt_matches_under_the_pagat_rules(http: FlaskHttp) -> None:
    """Random dealt matches under the pagat rules: each sevens hand costs s or 2s rams (times the
    knocks), where s is the number of sevens the views showed exposed; a lie ends the match."""
    rng = random.Random(5)
    ended_by_lie = stops_by_partner = sevens_hands = 0
    # matches until every kind of hand below was met (ten were enough until a run met only 8 sevens
    # hands, the deals and choices being random), at most thirty
    for played in range(30):
        if played >= 10 and ended_by_lie and sevens_hands > 10 and stops_by_partner:
            break
        match, _ = create(http, "avinas", "dealt", 4, options={**PAGAT, "pips_to_end": 40, "max_hands": 12})
        exposed: dict[int, int] = {}
        records: dict[int, dict[str, Any]] = {}

        def seen(answer: Any, exposed: dict[int, int] = exposed, records: dict[int, dict[str, Any]] = records) -> None:
            body = answer.body
            if answer.status != 200 or not isinstance(body, dict):
                return
            if body.get("exposures"):
                exposed[body["hand_number"]] = _sevens_in(body)
            for record in body.get("history", ()):
                records[record["number"]] = record

        play_match(http, match, rng, seen)
        view = http.get(match.path, match.referee).body
        assert view["status"] == "finished"
        for record in records.values():
            if record["outcome"] != "scored":
                continue
            assert record["sevens_exposed"] == (exposed[record["number"]] if record["game"] == "sevens" else 0)
            if record["game"] == "sevens":
                sevens_hands += 1
                factor = 1 if record["declarer_won"] else 2
                assert record["due"] == factor * record["sevens_exposed"] * 2 ** record["knocks"]
            if record["stopped_by"] is not None:
                assert record["stopped_by"] in (record["declarer"], (record["declarer"] + 2) % 4)
                stops_by_partner += record["stopped_by"] != record["declarer"]
        last = records[max(records)]
        lies = [n for n, r in records.items() if r["lied"]]
        assert lies in ([], [last["number"]])
        if lies:
            ended_by_lie += 1
            assert view["winners"] == [1 - last["loser"]] and last["due"] == 0
            assert "lie" in json.dumps(view["end_reason"])
    assert ended_by_lie and sevens_hands > 10 and stops_by_partner


def test_a_table_match_knows_the_exposed_sevens(http: FlaskHttp) -> None:
    """AV-S02 at the table: two sevens exposed (7S, then 7D: declarer seat 0), the hand reported
    whole without ``sevens_exposed``: A is due 2 x 2 rams; a count that differs is refused."""
    match, _ = create(http, "avinas", "table", 4, options={"rams_rule": "sevens"}, dealer=0)
    early = {
        "type": "round_result",
        "result": {"game": "sevens", "declarer": 0, "declarer_points": 50, "declarer_tricks": 3},
    }
    refused = http.post(f"{match.path}/actions", early, match.referee)
    assert refused.status == 400 and refused.body["code"] == "invalid_input", refused.body
    for seat, cards in ((1, ["9C"]), (2, []), (3, ["7S"]), (0, ["7D"]), (1, ["KC"]), (2, []), (3, ["AC"]), (0, [])):
        answer = http.post(f"{match.path}/actions", {"type": "expose", "seat": seat, "cards": cards}, match.referee)
        assert answer.status == 200, answer.body
    assert answer.body["declarer"] == 0 and answer.body["trump"] == "D"
    facts = {"game": "sevens", "declarer": 0, "declarer_points": 50, "declarer_tricks": 3}
    wrong = http.post(
        f"{match.path}/actions", {"type": "round_result", "result": {**facts, "sevens_exposed": 3}}, match.referee
    )
    assert wrong.status == 422 and wrong.body["code"] == "invalid_facts", wrong.body
    answer = http.post(f"{match.path}/actions", {"type": "round_result", "result": facts}, match.referee)
    assert answer.status == 200, answer.body
    assert answer.body["rams"] == [4, 0]
    assert answer.body["history"][-1]["sevens_exposed"] == 2
