"""forty-fives.md §9.2-9.4 over HTTP: the vectors of §9.12.1 and §9.12.3 through ``/score``, the new
options in the catalogue (three languages) and on ``/trick`` and ``/legal-plays``, the dealer's
decline in dealt and table matches (public in every seat's view and in the events), and
fixed-length matches played to their end, dealt and reported round by round."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from tests.api.match_driver import FlaskHttp, Match, create, play_match, step
from tests.english import option_title
from tests.rules.games.forty_fives.test_forty_fives_amounts_and_length import (
    hv_case,
    hv_rows,
    me_facts,
    me_options,
    me_rows,
    me_totals,
)

NEW_OPTIONS = ("trick_value", "highest_trump_bonus_value", "match_end", "match_length")


@pytest.fixture
def match_app() -> Iterator[Flask]:
    app = create_app(Settings())
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(21)
    yield app


@pytest.fixture
def http(match_app: Flask) -> FlaskHttp:
    return FlaskHttp(match_app.test_client())


def _score(http: FlaskHttp, rid: str, facts: dict[str, Any], options: dict[str, Any]) -> Any:
    return http.post(f"/v1/rulesets/{rid}/score", {**facts, "options": options})


@pytest.mark.parametrize("row", hv_rows(), ids=[r["id"] for r in hv_rows()])
def test_trick_and_bonus_vectors_through_score(http: FlaskHttp, row: dict[str, str]) -> None:
    rid, options, facts = hv_case(row)
    expected = row["expected"]
    answer = _score(http, rid, facts or {"tricks_won": [5, 0, 0], "highest_trump_seat": 0}, options)
    if facts is None:
        assert answer.status == 422, answer.body
        assert answer.body["code"] == ("unknown_option" if "unknown_option" in expected else "invalid_option")
        if answer.body["code"] == "invalid_option":
            assert answer.body["option"] == re.search(r"option (\w+)", expected).group(1)  # type: ignore[union-attr]
            lo, hi = re.search(r"allowed (\d+)–(\d+)", expected).groups()  # type: ignore[union-attr]
            assert f"{lo} to {hi}" in answer.body["allowed"]
            assert option_title(rid, answer.body["option"]) in answer.body["detail"]
        return
    assert answer.status == 200, answer.body
    assert "/".join(map(str, answer.body["points"])) in expected.split(";")[0]


@pytest.mark.parametrize("row", me_rows(), ids=[r["id"] for r in me_rows()])
def test_fixed_length_vectors_through_score(http: FlaskHttp, row: dict[str, str]) -> None:
    rid, options = me_options(row["id"])
    expected = row["expected"]
    if row["after hand"] == "—":
        answer = _score(http, rid, {"players": 3, "tricks_won": [5, 0, 0], "highest_trump_seat": 0}, options)
        if expected.startswith("422"):
            assert answer.status == 422 and answer.body["code"] == "invalid_option", answer.body
            assert answer.body["option"] == "match_length"
            assert option_title(rid, "match_length") in answer.body["detail"]
        else:
            assert answer.status == 200, answer.body
        return
    scored = re.search(r"\((\d+) scored hands", expected)
    hand = int(scored.group(1)) if scored else int(row["after hand"])
    totals = me_totals(row["totals"])
    answer = _score(http, rid, me_facts(rid, options, totals, hand), options)
    assert answer.status == 200, answer.body
    assert answer.body["scores"] == totals
    assert answer.body["match_over"] is expected.startswith("over")


def test_score_without_the_hand_number_is_a_problem(http: FlaskHttp) -> None:
    answer = _score(
        http,
        "forty_fives",
        {"tricks_won": [5, 0, 0], "highest_trump_seat": 0},
        {"match_end": "fixed_hands", "match_length": 4},
    )
    assert answer.status == 400 and answer.body["code"] == "invalid_input"
    assert "the hand's number" in answer.body["detail"]


@pytest.mark.parametrize("lang", ["en", "id", "tl"])
def test_the_catalogue_describes_the_new_options(http: FlaskHttp, lang: str) -> None:
    english = {o["name"]: o for o in http.get("/v1/rulesets/forty_fives?lang=en").body["options"]}
    ff = {o["name"]: o for o in http.get(f"/v1/rulesets/forty_fives?lang={lang}").body["options"]}
    auction = {o["name"]: o for o in http.get(f"/v1/rulesets/auction_forty_fives?lang={lang}").body["options"]}
    for name in NEW_OPTIONS:
        assert ff[name]["description"] and not ff[name]["description"].startswith("forty_fives.")
        if lang != "en":
            assert ff[name]["description"] != english[name]["description"]
    assert (ff["trick_value"]["default"], ff["trick_value"]["minimum"], ff["trick_value"]["maximum"]) == (5, 1, 50)
    assert (ff["highest_trump_bonus_value"]["minimum"], ff["highest_trump_bonus_value"]["maximum"]) == (0, 50)
    assert ff["match_end"]["allowed"] == ["target", "fixed_hands", "fixed_deal_turns"]
    assert ff["match_length"]["default"] is None
    assert "may_decline" in ff["dealer_turned_ace"]["allowed"]
    assert "may_decline" in auction["dealer_turned_ace"]["allowed"]
    assert {"match_end", "match_length"} <= set(auction)
    assert not {"trick_value", "highest_trump_bonus_value"} & set(auction)


def test_trick_and_legal_plays_take_the_new_options(http: FlaskHttp) -> None:
    options = {
        "dealer_turned_ace": "may_decline",
        "trick_value": 10,
        "highest_trump_bonus_value": 0,
        "match_end": "fixed_deal_turns",
        "match_length": 2,
    }
    trick = http.post("/v1/rulesets/forty_fives/trick", {"trump": "S", "plays": ["KH", "5S", "AH"], "options": options})
    assert trick.status == 200 and trick.body["winner"] == 1, trick.body
    legal = http.post(
        "/v1/rulesets/auction_forty_fives/legal-plays",
        {
            "trump": "S",
            "hand": ["2H", "3C"],
            "trick": ["KH"],
            "options": {"dealer_turned_ace": "may_decline", "match_end": "fixed_hands", "match_length": 1},
        },
    )
    assert legal.status == 200 and legal.body["legal"] == ["2H"], legal.body
    refused = http.post(
        "/v1/rulesets/forty_fives/trick",
        {"trump": "S", "plays": ["KH", "5S", "AH"], "options": {"match_end": "fixed_hands"}},
    )
    assert refused.status == 422 and refused.body["code"] == "invalid_option"
    assert refused.body["option"] == "match_length"


def _act(http: FlaskHttp, match: Match, seat: int | None, action: dict[str, Any]) -> Any:
    answer = http.post(f"{match.path}/actions", action, match.token(seat))
    assert answer.status == 200, (action, answer.body)
    return answer.body


def _public_decline(http: FlaskHttp, match: Match, n: int, dealer: int) -> None:
    """Every seat, the referee and the spectator see the decline, and the events list it."""
    for seat in (*range(n), None):
        assert http.get(match.path, match.token(seat)).body["dealer_turned_ace"] == "declined"
    for seat in range(n):
        events = http.get(f"{match.path}/events", match.token(seat)).body["events"]
        assert {"type": "decline", "seat": dealer} in [e.get("action") for e in events]


def test_a_dealt_dealer_declines_a_turned_ace(http: FlaskHttp) -> None:
    for _ in range(300):  # a turned-up ace is 1 deal in 13
        match, created = create(http, "forty_fives", "dealt", 3, options={"dealer_turned_ace": "may_decline"})
        if created.body["view"]["phase"] == "dealer_rob":
            break
    else:
        raise AssertionError("no turned-up ace in 300 deals")
    dealer = created.body["view"]["dealer"]
    view = http.get(match.path, match.token(dealer)).body
    ace = view["turn_up"]
    assert {"type": "decline", "seat": dealer} in view["legal_actions"]
    assert len(view["legal_actions"]) == 6 and view["to_act"] == [dealer]
    after = _act(http, match, dealer, {"type": "decline", "seat": dealer})
    assert after["phase"] == "play" and ace not in after["hand"]
    _public_decline(http, match, 3, dealer)
    spectator = created.body["spectator_token"]
    assert http.get(match.path, spectator).body["dealer_turned_ace"] == "declined"
    rng = random.Random(3)
    while http.get(match.path, match.referee).body["hands_scored"] == 0:
        step(http, match, rng)
    for seat in range(3):  # the hand played without the declined ace
        record = http.get(match.path, match.token(seat)).body["history"][0]
        played = [p["card"] for t in record["tricks"] for p in t["plays"]]
        assert len(played) == 15 and ace not in played


def test_a_table_match_reports_the_decline_and_ends_after_its_hands(http: FlaskHttp) -> None:
    options = {
        "dealer_turned_ace": "may_decline",
        "match_end": "fixed_hands",
        "match_length": 2,
        "trick_value": 10,
        "tie_at_target": "shared",
    }
    match, _ = create(http, "forty_fives", "table", 3, options=options, dealer=2)
    _act(http, match, None, {"type": "turn_up", "seat": 2, "card": "AS"})
    view = _act(http, match, None, {"type": "decline", "seat": 2})
    assert view["to_act"] == [0] and view["dealer_turned_ace"] == "declined"
    _public_decline(http, match, 3, 2)
    _act(http, match, None, {"type": "play", "seat": 0, "card": "KH"})
    undo = http.post(f"{match.path}/undo", {}, match.referee)
    assert undo.status == 200, undo.body
    first = _act(
        http, match, None, {"type": "round_result", "result": {"tricks_won": [3, 1, 1], "highest_trump_seat": 0}}
    )
    assert first["scores"] == [35, 10, 10] and first["status"] == "in_progress" and first["hands_scored"] == 1
    wrong = http.post(f"{match.path}/actions", {"type": "turn_up", "seat": 0, "card": "9C"}, match.referee)
    assert wrong.status == 200, wrong.body
    disagree = http.post(
        f"{match.path}/actions",
        {"type": "round_result", "result": {"tricks_won": [0, 5, 0], "highest_trump_seat": 1, "hand_number": 7}},
        match.referee,
    )
    assert disagree.status == 422 and "the hand's number" in disagree.body["detail"]
    last = _act(
        http, match, None, {"type": "round_result", "result": {"tricks_won": [0, 5, 0], "highest_trump_seat": 1}}
    )
    assert last["scores"] == [35, 65, 10] and last["status"] == "finished" and last["winners"] == [1]
    assert last["hands_scored"] == 2


@pytest.mark.parametrize(
    ("rid", "players", "options"),
    [
        (
            "forty_fives",
            3,
            {
                "match_end": "fixed_deal_turns",
                "match_length": 1,
                "trick_value": 2,
                "highest_trump_bonus_value": 1,
                "dealer_turned_ace": "may_decline",
            },
        ),
        (
            "auction_forty_fives",
            4,
            {"trump_selection": "bidding", "all_pass": "redeal", "match_end": "fixed_hands", "match_length": 2},
        ),
    ],
)
def test_a_dealt_fixed_length_match_plays_to_its_end(
    http: FlaskHttp, rid: str, players: int, options: dict[str, Any]
) -> None:
    match, _ = create(http, rid, "dealt", players, options=options)
    play_match(http, match, random.Random(5))
    final = http.get(match.path, match.referee).body
    length = options["match_length"] * (players if options["match_end"] == "fixed_deal_turns" else 1)
    scored = [r for r in http.get(f"{match.path}/rounds", match.referee).body["rounds"] if not r.get("void")]
    assert final["status"] == "finished" and final["hands_scored"] == len(scored) >= length
    if rid == "forty_fives":
        assert all(sum(r["points"]) in (10, 11) for r in scored)
