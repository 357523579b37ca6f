"""Matches through HTTP: whole matches of every ruleset, dealt and at the table, driven only by
``legal_actions``; no seat ever sees another seat's hidden cards; tokens, versions, idempotency."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.rules.registry import RULESETS
from tests.api.match_driver import (
    MAX_ACTIONS,
    Answer,
    FlaskHttp,
    Match,
    cards_in,
    create,
    play_table_like_a_real_table,
    step,
)
from tests.fifth_game import with_the_fifth
from tests.leaks import leaks

#: every registered ruleset, and the fifth game (``tests/fifth_game.py``), registered by ``ruleset_id``
IDS = with_the_fifth()


@pytest.fixture
def match_app() -> Iterator[Flask]:
    app = create_app(Settings())
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(2024)
    yield app


@pytest.fixture
def http(match_app: Flask) -> FlaskHttp:
    return FlaskHttp(match_app.test_client())


def players(ruleset_id: str) -> int:
    return RULESETS[ruleset_id].default_players


def _views(http: FlaskHttp, match: Match, path: str = "") -> list[Answer]:
    return [http.get(match.path + path, token) for token in match.seats]


def _since_the_deal(page: dict[str, Any]) -> dict[str, Any]:
    """An events page from the last deal it holds: the cards played before it were played from hands
    that are gone (played cards are public), and the new deal may have given them to anyone."""
    events = page["events"]
    deals = [i for i, event in enumerate(events) if event["kind"] == "deal"]
    return {**page, "events": events[deals[-1]:]} if deals else page


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", IDS, indirect=True)
def test_a_dealt_match_plays_to_the_end_and_no_seat_sees_another_hand(
    http: FlaskHttp, ruleset_id: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Every answer a seat gets (views, action answers, events, refusals) is scanned for the cards
    of the other seats' hands, at every step of a whole match; the logs name no card at all."""
    caplog.set_level(logging.DEBUG)
    rng = random.Random(ruleset_id)
    match, created = create(http, ruleset_id, "dealt", players(ruleset_id))
    assert created.body["view"]["status"] == "in_progress"
    versions = [created.body["version"]]
    actions = 0
    last_seq = 0
    while True:
        views = _views(http, match)
        hands = [set(v.body.get("hand") or ()) for v in views]
        assert not leaks([v.body for v in views], hands)
        assert all(len(v.body["history"]) <= 1 for v in views)  # the rest is in the event log
        events = _views(http, match, f"/events?after={max(0, last_seq - 8)}")
        last_seq = events[0].body["last_seq"]
        assert not leaks([_since_the_deal(e.body) for e in events], hands)
        if actions % 5 == 0:  # a refusal must not name another seat's cards either
            seat = rng.choice(http.get(match.path, match.referee).body["to_act"] or [0])
            others = sorted(set().union(*(h for t, h in enumerate(hands) if t != seat)))
            if others:
                tried = rng.choice(others)
                refused = http.post(f"{match.path}/actions", {"type": "play", "card": tried}, match.seats[seat])
                assert 400 <= refused.status < 500, refused.body
                shown = set(cards_in(refused.body)) - {tried}
                assert not shown & set(others), refused.body
        answers: list[Answer] = []
        done = step(http, match, rng, answers.append)
        if done is None:
            break
        actions += 1
        versions.append(done.body["version"])
        acting = match.seats.index(done.token or "")
        assert done.body == http.get(match.path, match.seats[acting]).body  # so its scan is the next step's
        assert actions < MAX_ACTIONS, f"the match did not finish in {MAX_ACTIONS} actions"
    final = http.get(match.path, match.referee).body
    assert final["status"] == "finished" and final["winners"] and final["to_act"] == []
    assert versions == list(range(1, len(versions) + 1))
    kinds = [e["kind"] for e in http.get(f"{match.path}/events", match.referee).body["events"]]
    assert kinds.count("action") == actions and kinds[0] == "create"
    assert not [r.getMessage() for r in caplog.records if list(cards_in(r.getMessage()))]
    # the view holds the last finished round; the score sheet lists every one, the same for all
    assert len(final["history"]) == 1 and kinds.count("round") >= 1
    sheet = http.get(f"{match.path}/rounds", match.referee).body["rounds"]
    # every finished round is logged when it finishes (issue 16 item 6), the last one too
    assert len(sheet) == kinds.count("round") and sheet[-1:] == final["history"]
    numbers = [record.get("round", record.get("number")) for record in sheet]
    assert numbers == list(range(1, len(sheet) + 1)) or None in numbers
    for token in match.seats:
        assert http.get(f"{match.path}/rounds", token).body["rounds"] == sheet


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", IDS, indirect=True)
def test_a_table_match_reported_from_a_real_game_plays_to_the_end(http: FlaskHttp, ruleset_id: str) -> None:
    """The referee reports a real game (a dealt match stands in for the physical cards), choosing
    every report among the table match's legal actions, until the table match is finished. What was
    reported is true, so no revoke is found, and the table match ends as the real game did."""
    rng = random.Random(ruleset_id)
    table, dealt, reported = play_table_like_a_real_table(http, ruleset_id, players(ruleset_id), rng)
    final = http.get(table.path, table.referee).body
    assert final["status"] == "finished" and final["winners"] and reported > 0
    assert final.get("revokes", []) == []
    real = http.get(dealt.path, dealt.referee).body
    assert real["status"] == "finished" and final["scores"] == real["scores"] and final["winners"] == real["winners"]


@pytest.mark.parametrize("ruleset_id", IDS, indirect=True)
def test_random_table_reports_are_taken_and_revokes_are_listed(http: FlaskHttp, ruleset_id: str) -> None:
    """Reports chosen at random among the legal actions (not a consistent game: hands are unknown,
    so seats often fail to follow suit) are all accepted, and the revokes they prove are listed."""
    match, created = create(http, ruleset_id, "table", players(ruleset_id))
    assert not created.body["view"].get("hand") and "revokes" in created.body["view"]
    rng = random.Random(ruleset_id)
    seen: list[dict[str, Any]] = []
    for _ in range(150):
        answer = step(http, match, rng)
        if answer is None:
            break
        seen += answer.body.get("revokes", [])
    for revoke in seen:
        assert {"seat", "trick", "card", "code", "rule"} <= set(revoke)


def test_a_table_match_reported_round_by_round(http: FlaskHttp) -> None:
    """Boerenbridge rounds of three cards, three rounds to a match, each reported whole: seed scoring
    (a trick is a point, an exact bid 10 more, a made zero bid 20)."""
    options = {"match_end": "fixed_rounds_highest", "max_rounds": 3, "hand_size_schedule": [3]}
    match, _ = create(http, "boerenbridge", "table", 4, options=options, dealer=3)
    rounds = [([1, 1, 1, 1], [1, 1, 1, 0]), ([0, 3, 0, 1], [0, 3, 0, 0]), ([1, 1, 0, 0], [2, 1, 0, 0])]
    for bids, tricks in rounds:
        report = {"type": "round_result", "result": {"bids": bids, "tricks": tricks}}
        answer = http.post(f"{match.path}/actions", report, match.referee)
        assert answer.status == 200, answer.body
    assert answer.body["status"] == "finished" and answer.body["scores"] == [33, 35, 51, 20]
    assert answer.body["winners"] == [2]
    late = {"type": "round_result", "result": {"bids": [1, 1, 1, 1], "tricks": [1, 1, 1, 0]}}
    bad = http.post(f"{match.path}/actions", late, match.referee)
    assert bad.status == 409 and bad.body["code"] == "match_over"


def test_tokens_guard_every_endpoint(http: FlaskHttp) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    for method, path in [("GET", match.path), ("GET", f"{match.path}/events"), ("POST", f"{match.path}/undo"),
                         ("DELETE", match.path)]:
        missing = http.request(method, path)
        assert missing.status == 401 and missing.body["code"] == "missing_token"
        assert missing.headers["WWW-Authenticate"].startswith("Bearer")
        wrong = http.request(method, path, token="not-a-token")
        assert wrong.status == 401 and wrong.body["code"] == "invalid_token"
    basic = http.request("GET", match.path, headers={"Authorization": f"Basic {match.referee}"})
    assert basic.status == 401
    unknown = http.get("/v1/matches/nope", match.referee)
    assert unknown.status == 404 and unknown.body["code"] == "match_not_found"
    seat = http.get(match.path, match.referee).body["to_act"][0]
    action = http.get(match.path, match.seats[seat]).body["legal_actions"][0]
    other = match.seats[(seat + 1) % 3]
    assert http.post(f"{match.path}/actions", action, other).status == 403
    assert http.post(f"{match.path}/actions", action, match.referee).body["code"] == "seat_token_required"
    assert http.post(f"{match.path}/undo", None, other).body["code"] == "referee_only"
    assert http.request("DELETE", match.path, token=other).status == 403


def test_versions_etags_and_idempotency_over_http(http: FlaskHttp) -> None:
    match, created = create(http, "forty_fives", "dealt", 3)
    assert created.etag == '"1"' and created.headers["Location"] == match.path
    assert created.headers["Cache-Control"] == "no-store"
    assert http.get(match.path, match.referee, If_None_Match='"1"').status == 304
    seat = http.get(match.path, match.referee).body["to_act"][0]
    action = http.get(match.path, match.seats[seat]).body["legal_actions"][0]
    path = f"{match.path}/actions"
    first = http.post(path, action, match.seats[seat], If_Match='"1"', Idempotency_Key="a-1")
    again = http.post(path, action, match.seats[seat], If_Match='"1"', Idempotency_Key="a-1")
    assert first.status == again.status == 200 and first.body == again.body and again.etag == '"2"'
    assert again.headers["Idempotent-Replayed"] == "true"
    reused = http.post(path, {**action, "card": "2C" if action["card"] != "2C" else "3C"}, match.seats[seat],
                       Idempotency_Key="a-1")
    assert reused.status == 422 and reused.body["code"] == "idempotency_key_reused"
    stale = http.post(path, action, match.seats[seat], If_Match='"1"')
    assert stale.status == 412 and stale.body["code"] == "version_conflict" and stale.etag == '"2"'
    undone = http.post(f"{match.path}/undo", None, match.referee, If_Match='"2"')
    assert undone.status == 200 and undone.body["version"] == 3
    events = http.get(f"{match.path}/events?after=2", match.referee).body
    assert [e["kind"] for e in events["events"]] == ["action", "undo"] and events["events"][0]["undone"] is True
    assert http.get(f"{match.path}/events?after=-1", match.referee).status == 400
    again_created = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "dealt", "players": ["a", "b", "c"]},
                              Idempotency_Key="c-1")
    replayed = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "dealt", "players": ["a", "b", "c"]},
                         Idempotency_Key="c-1")
    assert again_created.status == replayed.status == 201 and again_created.body == replayed.body
    assert http.request("DELETE", match.path, token=match.referee, headers={"If-Match": '"3"'}).status == 204
    assert http.get(match.path, match.referee).status == 404


def test_bad_bodies_are_problems(http: FlaskHttp) -> None:
    assert http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "dealt", "players": ["a"]}).status == 422
    assert http.post("/v1/matches", {"ruleset": "nope", "mode": "dealt", "players": ["a", "b"]}).status == 404
    bad_options = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "dealt", "players": ["a", "b", "c"],
                                            "options": {"target_score": 2.5}})
    assert bad_options.status == 422 and bad_options.body["code"] == "invalid_option"
    assert bad_options.body["option"] == "target_score"
    for _ in range(100):  # a deal that goes straight to play (a turned-up ace opens the dealer's rob first)
        match, created = create(http, "forty_fives", "dealt", 3)
        if created.body["view"]["phase"] == "play":
            break
    seat = http.get(match.path, match.referee).body["to_act"][0]
    token = match.seats[seat]
    assert http.post(f"{match.path}/actions", {"type": "play", "card": "XX"}, token).body["code"] == "invalid_card"
    assert http.post(f"{match.path}/actions", {"type": "deal"}, token).body["code"] == "deal_not_allowed"
    assert http.post(f"{match.path}/actions", [1], token).status == 400
    hand = http.get(match.path, token).body["hand"]
    foreign = next(c for c in ("2C", "3C", "4C", "5C") if c not in hand)
    not_held = http.post(f"{match.path}/actions", {"type": "play", "card": foreign}, token)
    assert not_held.status == 422 and not_held.body["code"] == "card_not_in_hand" and not_held.body["legal"]


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("ruleset_id", IDS, indirect=True)
def test_every_view_carries_the_contract_keys(http: FlaskHttp, ruleset_id: str, mode: str) -> None:
    match, _ = create(http, ruleset_id, mode, players(ruleset_id))
    required = {"version", "status", "phase", "dealer", "to_act", "scores", "winners", "legal_actions"}
    for token in [match.referee, *match.seats]:
        view = http.get(match.path, token)
        assert view.status == 200 and required <= set(view.body), sorted(required - set(view.body))
        assert view.etag == f'"{view.body["version"]}"' and view.body["status"] == "in_progress"
        assert all(isinstance(a, dict) and "type" in a for a in view.body["legal_actions"])
    for seat, token in enumerate(match.seats):
        hand = http.get(match.path, token).body.get("hand")
        assert (isinstance(hand, list) and hand) if mode == "dealt" else not hand, (seat, hand)


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("ruleset_id", IDS, indirect=True)
def test_undo_returns_to_the_view_before_each_action(http: FlaskHttp, ruleset_id: str, mode: str) -> None:
    """Undo replays the stored events (decks included) without the last action: the referee sees
    exactly what it saw before that action, across round boundaries too."""
    match, _ = create(http, ruleset_id, mode, players(ruleset_id))
    rng = random.Random(f"undo-{ruleset_id}")
    before: list[dict[str, Any]] = []
    for _ in range(40):
        view = http.get(match.path, match.referee).body
        if view["status"] == "finished":
            break
        before.append(view)
        step(http, match, rng)
    if mode == "dealt" and http.get(match.path, match.referee).body["status"] == "finished":
        # the record of a finished dealt match reveals its match seed: no undo (issue 16), and every
        # undo before it is LIFO behind that one; the views before the end were compared as played
        refused = http.post(f"{match.path}/undo", None, match.referee)
        assert refused.status == 409 and refused.body["code"] == "deals_revealed", refused.body
        return
    for expected in reversed(before[-6:]):
        undone = http.post(f"{match.path}/undo", None, match.referee)
        assert undone.status == 200, undone.body
        now = http.get(match.path, match.referee).body
        # the same view but for what moves on with every save: the version, and when the match expires
        assert {k: v for k, v in now.items() if k not in ("version", "expires_at")} == {
            k: v for k, v in expected.items() if k not in ("version", "expires_at")
        }
        assert now["version"] > expected["version"] and now["expires_at"] >= expected["expires_at"]
