"""One reading of round facts and actions in every game (issue 14 items 9 and 10), through the HTTP API.

Every integer a client sends has its range and the same refusal in every ruleset; a round fact or an
action field the game does not read is ``unknown_field``; Forty-Fives takes ``leader`` in both forms
of its facts; the referee of a table match sees ``round_result`` among the legal actions while the
ruleset takes it; the catalogue says what each player count needs with the default options.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings
from service.rules.actions import ACTION_KEYS
from service.rules.facts import LARGEST
from service.rules.registry import RULESETS
from tests.api.match_driver import FlaskHttp, create
from tests.english import english
from tests.profiles import profile

GAMES = sorted(RULESETS)
WITH_EXAMPLES = [rid for rid in GAMES if RULESETS[rid].score_example]
HUGE = 10**30


@pytest.fixture(scope="module")
def app() -> Flask:
    app = create_app(Settings())
    app.config["TESTING"] = True
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def http(app: Flask) -> FlaskHttp:
    return FlaskHttp(app.test_client())


def _problem(answer: Any) -> dict[str, Any]:
    assert answer.status_code in (400, 422), (answer.status_code, answer.get_json())
    assert answer.content_type == "application/problem+json"
    body: dict[str, Any] = answer.get_json()
    return body


def _integer_paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The place of every integer in a JSON value (``options`` left out: they have their own schema)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            if not (path == () and key == "options"):
                yield from _integer_paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _integer_paths(item, (*path, i))


def _with(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    out = copy.deepcopy(value)
    target = out
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return out


# --- item 9: ranges --------------------------------------------------------------------------------


@pytest.mark.parametrize("rid", GAMES)
def test_a_trick_number_beyond_the_round_is_refused_alike(client: FlaskClient, rid: str) -> None:
    most = RULESETS[rid].max_tricks(RULESETS[rid].validate_options({}))
    for path in ("trick", "legal-plays"):
        body: dict[str, Any] = {"trump": "H", "trick_number": HUGE}
        body.update({"plays": ["AH", "KH"]} if path == "trick" else {"hand": ["AH", "QS"], "trick": ["KH"]})
        problem = _problem(client.post(f"/v1/rulesets/{rid}/{path}", json=body))
        assert problem["code"] == "invalid_facts"
        assert (
            problem["detail"]
            == f"the trick's number in the round: must be from 1 to {most}; got {HUGE}"
        )
        answer = client.post(f"/v1/rulesets/{rid}/{path}", json={**body, "trick_number": most})
        assert "trick_number" not in (answer.get_json() or {}).get("detail", ""), answer.get_json()


@pytest.mark.parametrize("rid", WITH_EXAMPLES)
def test_every_integer_of_the_round_facts_has_its_range(client: FlaskClient, rid: str) -> None:
    example = dict(RULESETS[rid].score_example or {})["value"]
    assert client.post(f"/v1/rulesets/{rid}/score", json=example).status_code == 200
    paths = list(_integer_paths(example))
    assert paths
    for path in paths:
        for huge in (HUGE, -HUGE, LARGEST + 1, -LARGEST - 1):
            problem = _problem(client.post(f"/v1/rulesets/{rid}/score", json=_with(example, path, huge)))
            assert problem["code"] not in ("internal_error",), (path, problem)


def test_avinas_rams_and_boerenbridge_scores_have_their_ranges(client: FlaskClient) -> None:
    avinas = {"game": "sevens", "declarer": 1, "declarer_points": 75, "declarer_tricks": 5}
    problem = _problem(client.post("/v1/rulesets/avinas/score", json={**avinas, "rams": [10**20, 0]}))
    assert problem["code"] == "invalid_facts" and "entry 1: must be from 0 to " + str(LARGEST) in problem["detail"]
    facts = {"bids": [3, 4, 2, None], "tricks": [3, 5, 2, 3], "scores": [-10, 25, 60, 95]}
    problem = _problem(client.post("/v1/rulesets/boerenbridge/score", json=facts))
    assert problem["code"] == "invalid_facts" and "entry 1: must be from 0 to " + str(LARGEST) in problem["detail"]
    # below 0 where a round can score negative points (a Dutch system): the range lets it through
    dutch = client.post("/v1/rulesets/boerenbridge/score", json={**facts, "options": {"scoring_system": "nl_10_2"}})
    assert "entry 1: must be from 0" not in dutch.get_json().get("detail", "")


def test_a_seat_score_of_forty_fives_is_never_negative_a_team_score_may_be(client: FlaskClient) -> None:
    summary = {"tricks_won": [2, 0, 3], "highest_trump_seat": 2, "scores": [-5, 0, 0]}
    problem = _problem(client.post("/v1/rulesets/forty_fives/score", json=summary))
    assert problem["code"] == "invalid_facts" and "entry 1: must be from 0 to" in problem["detail"]
    teams = {"tricks_won": [2, 0, 3, 0], "highest_trump_seat": 2, "scores": [-15, 60]}
    assert client.post("/v1/rulesets/auction_forty_fives/score", json=teams).status_code == 200


# --- item 9: unknown fields ------------------------------------------------------------------------


@pytest.mark.parametrize("rid", WITH_EXAMPLES)
def test_an_unknown_round_fact_is_unknown_field_in_every_game(client: FlaskClient, rid: str) -> None:
    example = dict(RULESETS[rid].score_example or {})["value"]
    problem = _problem(client.post(f"/v1/rulesets/{rid}/score", json={**example, "bogus": 1}))
    assert problem["code"] == "unknown_field" and problem["status"] == 400
    game = english(RULESETS[rid].name)
    assert problem["detail"].startswith(f"unknown field(s) 'bogus' in the {game} round facts; the fields")
    assert "bogus" not in problem["legal"] and set(example) - {"options"} <= set(problem["legal"])


def _first_action(http: FlaskHttp, rid: str, mode: str) -> tuple[Any, dict[str, Any], str]:
    match, _ = create(http, rid, mode, profile(rid).usual_players)
    view = http.get(match.path, match.referee).body
    seat = view["to_act"][0]
    token = match.referee if mode == "table" else match.seats[seat]
    listed = [a for a in http.get(match.path, token).body["legal_actions"] if a["type"] != "round_result"]
    return match, listed[0], token


@pytest.mark.parametrize("rid", GAMES)
@pytest.mark.parametrize("mode", ["dealt", "table"])
def test_a_field_the_action_type_does_not_carry_is_unknown_field(rid: str, mode: str, http: FlaskHttp) -> None:
    match, action, token = _first_action(http, rid, mode)
    carried = RULESETS[rid].action_fields[action["type"]]
    stray = [k for k in ACTION_KEYS if k not in ("type", "seat", *carried)]
    assert stray
    samples = {"card": "AH", "cards": ["AH"], "amount": 1, "suit": "not a suit", "face_down": True, "result": {"x": 1},
               "trick": 1, "ruling": "apply"}
    for key in stray:
        answer = http.post(f"{match.path}/actions", {**action, key: samples[key]}, token)
        assert answer.status == 400 and answer.body["code"] == "unknown_field", (key, answer.body)
        assert answer.body["legal"] == ["type", "seat", *carried]
    assert http.get(match.path, match.referee).body["version"] == 1
    assert http.post(f"{match.path}/actions", action, token).status == 200


def test_a_bid_with_a_stray_card_or_suit_is_refused_the_same_way(http: FlaskHttp) -> None:
    match, bid, token = _first_action(http, "boerenbridge", "dealt")
    assert bid["type"] == "bid"
    codes = {
        http.post(f"{match.path}/actions", {**bid, **extra}, token).body["code"]
        for extra in ({"card": "2H"}, {"suit": "X"}, {"suit": "H"})
    }
    assert codes == {"unknown_field"}


# --- item 9: Forty-Fives leader in both forms ------------------------------------------------------


def test_forty_fives_takes_a_leader_in_both_forms(client: FlaskClient) -> None:
    summary = {"tricks_won": [2, 0, 3], "highest_trump_seat": 2}
    assert client.post("/v1/rulesets/forty_fives/score", json={**summary, "leader": 1}).status_code == 200
    wrong = _problem(client.post("/v1/rulesets/forty_fives/score", json={**summary, "leader": 7}))
    full = dict(RULESETS["forty_fives"].score_example or {})["value"]
    wrong_full = _problem(client.post("/v1/rulesets/forty_fives/score", json={**full, "leader": 7}))
    assert wrong["code"] == wrong_full["code"] == "invalid_facts" and wrong["detail"] == wrong_full["detail"]


def test_a_table_round_result_summary_with_a_leader_must_agree_with_the_match(http: FlaskHttp) -> None:
    match, _ = create(http, "forty_fives", "table", 3, dealer=0)
    facts = {"tricks_won": [2, 0, 3], "highest_trump_seat": 2}
    wrong = http.post(
        f"{match.path}/actions", {"type": "round_result", "result": {**facts, "leader": 0}}, match.referee
    )
    assert wrong.status == 422 and "leader" in wrong.body["detail"], wrong.body
    right = http.post(
        f"{match.path}/actions", {"type": "round_result", "result": {**facts, "leader": 1}}, match.referee
    )
    assert right.status == 200, right.body


# --- item 10 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("rid", GAMES)
def test_the_table_referee_is_offered_round_result_while_the_ruleset_takes_it(rid: str, http: FlaskHttp) -> None:
    table, _ = create(http, rid, "table", profile(rid).usual_players)
    view = http.get(table.path, table.referee).body
    # said beside legal_actions, whose every item is postable as is (issue 33 item 8)
    assert view["accepts_round_result"] is True
    assert all(a["type"] != "round_result" for a in view["legal_actions"])
    for seat_token in table.seats:  # told too; a seat's token cannot post it
        seen = http.get(table.path, seat_token).body
        assert seen["accepts_round_result"] is True
        assert all(a["type"] != "round_result" for a in seen["legal_actions"])
    report = profile(rid).round_result(view, random.Random(rid))
    answer = http.post(f"{table.path}/actions", {"type": "round_result", "result": report}, table.referee)
    assert answer.status == 200, answer.body
    dealt, _ = create(http, rid, "dealt", profile(rid).usual_players)
    referee = http.get(dealt.path, dealt.referee).body
    assert referee["accepts_round_result"] is False


def test_the_catalogue_says_what_each_player_count_needs(client: FlaskClient) -> None:
    for entry in client.get("/v1/rulesets").get_json()["rulesets"]:
        players = entry["players"]
        assert set(players["with_default_options"]) | {int(n) for n in players["needs"]} == set(players["allowed"])
        assert players["default"] in players["with_default_options"]
        for count, need in players["needs"].items():
            body = {"ruleset": entry["id"], "mode": "table", "players": [f"P{i}" for i in range(int(count))]}
            refused = client.post("/v1/matches", json=body)
            assert refused.status_code == 422 and refused.get_json()["detail"] == need
        for count in players["with_default_options"]:
            body = {"ruleset": entry["id"], "mode": "table", "players": [f"P{i}" for i in range(count)]}
            assert client.post("/v1/matches", json=body).status_code == 201
    boerenbridge = client.get("/v1/rulesets/boerenbridge").get_json()["players"]
    assert boerenbridge["with_default_options"] == [4] and "“Cards per round”" in boerenbridge["needs"]["3"]


def test_avinas_score_numbers_are_named_by_what_they_hold(client: FlaskClient) -> None:
    sevens = {"game": "sevens", "declarer": 1, "declarer_points": 75, "declarer_tricks": 5, "pips": [3, 0]}
    answer = client.post("/v1/rulesets/avinas/score", json=sevens).get_json()
    assert answer["points_are"] == "rams" and answer["scores_are"] == "pips"
    assert answer["rams_due"] == answer["points"] == [1, 0] and answer["pips_due"] == [0, 0]
    assert answer["rams_after"] == answer["rams"] and answer["pips_after"] == answer["scores"] == [3, 0]
    no_seven = {"game": "no_seven", "declarer": 1, "declarer_points": 75, "declarer_tricks": 5}
    answer = client.post("/v1/rulesets/avinas/score", json=no_seven).get_json()
    assert answer["points_are"] == "pips" and answer["pips_due"] == answer["points"] and answer["rams_due"] == [0, 0]
    assert answer["pips_after"] == answer["scores"]


def test_the_documented_summaries_are_plain_text(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict):
                for key in ("summary", "description"):
                    assert "``" not in operation.get(key, ""), (method, path, key)
