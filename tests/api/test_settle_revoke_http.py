"""``settle_revoke`` over HTTP: the vectors of forty-fives.md §9.12.10 (the hand of §9.12.9) and
boerenbridge.md §15.8.5 (the round of §15.8.4), read as data, and the refusals, the undo, the log,
the record and ``/rounds`` of a settlement (forty-fives.md §9.9, boerenbridge.md §15.5).

Each row's actions are driven by the code its id names (the row's action text is checked to be
the one the code performs); its expectations are read from the row.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from tests.api.match_driver import Answer, FlaskHttp, Match, create
from tests.english import option_title
from tests.spec_tables import vectors

SR_ROWS = vectors("forty-fives.md", "9.12.10")
BS_ROWS = vectors("boerenbridge.md", "15.8.5")
#: §9.12.9: (leader, cards from the leader) per trick
FF_TRICKS = [(0, "KH JH 8H"), (0, "7S 3C 2S"), (2, "9C QC 6S"), (1, "4D KD 2D"), (2, "5S 10H AH")]
#: §15.8.4
BB_BIDS = {0: 1, 1: 0, 2: 0, 3: 2}
BB_TRICKS = [(0, "AH 2H KS QH"), (0, "3C 4C 5H JC")]


@pytest.fixture
def http() -> Iterator[FlaskHttp]:
    app: Flask = create_app(Settings())
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(21)
    yield FlaskHttp(app.test_client())


def act(http: FlaskHttp, match: Match, action: dict[str, Any], token: str | None = None) -> Answer:
    return http.post(f"{match.path}/actions", action, match.referee if token is None else token)


def ok(answer: Answer) -> dict[str, Any]:
    assert answer.status == 200, answer.body
    body: dict[str, Any] = answer.body
    return body


def settle(seat: int, trick: int, ruling: str) -> dict[str, Any]:
    return {"type": "settle_revoke", "seat": seat, "trick": trick, "ruling": ruling}


def play_tricks(
    http: FlaskHttp,
    match: Match,
    tricks: list[tuple[int, str]],
    n: int,
    during: Callable[[int, dict[str, Any]], None] = lambda _t, _v: None,
) -> dict[str, Any]:
    view: dict[str, Any] = {}
    for number, (leader, cards) in enumerate(tricks, 1):
        for i, card in enumerate(cards.split()):
            view = ok(act(http, match, {"type": "play", "seat": (leader + i) % n, "card": card}))
            during(number, view)
    return view


def ff_match(
    http: FlaskHttp,
    options: dict[str, Any],
    totals: tuple[int, int, int] = (0, 0, 0),
    during: Callable[[int, dict[str, Any]], None] = lambda _t, _v: None,
) -> tuple[Match, dict[str, Any]]:
    """The hand of §9.12.9 reported card by card, after hands reported as results that bring the
    totals to ``totals`` (each a multiple of 5 with no bonus: 4 hands, so the first dealer is 1)."""
    if totals == (0, 0, 0):
        match, _ = create(http, "forty_fives", "table", 3, options=options, dealer=2)
    else:
        match, _ = create(http, "forty_fives", "table", 3, options=options, dealer=1)
        left = [t // 5 for t in totals]
        assert sum(left) == 20
        for _hand in range(4):
            share = [0, 0, 0]
            for _trick in range(5):
                seat = max(range(3), key=lambda s: left[s])
                share[seat] += 1
                left[seat] -= 1
            ok(act(http, match, {"type": "round_result", "result": {"tricks_won": share, "highest_trump_seat": None}}))
        assert ok(http.get(match.path, match.referee))["scores"] == list(totals)
    assert ok(http.get(match.path, match.referee))["dealer"] == 2
    ok(act(http, match, {"type": "turn_up", "seat": 2, "card": "9S"}))
    return match, play_tricks(http, match, FF_TRICKS, 3, during)


def bb_match(http: FlaskHttp, options: dict[str, Any]) -> tuple[Match, dict[str, Any]]:
    """The round of §15.8.4 reported card by card."""
    match, _ = create(http, "boerenbridge", "table", 4, options={"hand_size_schedule": [2], **options}, dealer=3)
    for seat, bid in BB_BIDS.items():
        ok(act(http, match, {"type": "bid", "seat": seat, "amount": bid}))
    return match, play_tricks(http, match, BB_TRICKS, 4)


def _ints(text: str) -> list[int]:
    return [int(x) for x in re.split(r"[/, ]+", text.strip())]


def check_expected(row: dict[str, str], view: dict[str, Any], rounds: list[dict[str, Any]]) -> None:
    """What a row's "expected" says about the view after its actions and the round's record."""
    text = row["expected"].split("after apply")[0]
    last = view["history"][-1]
    assert rounds[-1] == last, "the round record (/rounds) is the view's"
    scores = re.search(r"scores (\d+[/, ]+\d+[/, ]+\d+(?:[/, ]+\d+)?)", text)
    if scores:
        assert view["scores"] == _ints(scores.group(1)), (row, view["scores"])
    points = re.search(r"round points (\d+/\d+/\d+)", text) or re.search(r"points (\d+/\d+/\d+), void", text)
    if points:
        assert last["points"] == _ints(points.group(1)), row
    if "void" in text:
        assert last["void"] is True and not any(last["points"]), row
    else:
        assert last.get("void") is False, row
    ruling = re.search(r'ruling (?:"(\w+)"|(null))', text)
    if ruling:
        assert [r["ruling"] for r in last["revokes"]] == [ruling.group(1)], row
    dealer = re.search(r"next dealer seat (\d)", text)
    if dealer:
        assert view["dealer"] == int(dealer.group(1)), row
    size = re.search(r"hand size (\d+)", text)
    if size:
        assert view["hand_size"] == int(size.group(1)), row


def refusal(answer: Answer, code: str) -> dict[str, Any]:
    assert answer.status == (409 if code == "wrong_phase" else 422), answer.body
    body: dict[str, Any] = answer.body
    assert body["code"] == code and body["detail"], body
    return body


def rounds_of(http: FlaskHttp, match: Match) -> list[dict[str, Any]]:
    sheet: list[dict[str, Any]] = ok(http.get(f"{match.path}/rounds", match.referee))["rounds"]
    return sheet


def _sr(row_id: str) -> dict[str, str]:
    return next(r for r in SR_ROWS if r["id"] == row_id)


def _options(text: str) -> dict[str, Any]:
    penalty = re.search(r'"(hand_lost|hand_void)"', text)
    return {"revoke_penalty": penalty.group(1)} if penalty else {}


# --- Forty-Fives, §9.12.10 ---------------------------------------------------------------------------


def test_sr01_the_revoke_is_listed_while_trick_3_is_played_and_changes_nothing(http: FlaskHttp) -> None:
    row = _sr("SR-01")
    assert row["actions after the round"] == "none"
    seen: list[list[dict[str, Any]]] = []
    match, view = ff_match(
        http,
        _options(row["options and totals before the round"]),
        during=lambda number, v: seen.append(v["revokes"]) if number == 3 else None,
    )
    listed = re.search(r"revokes \[\{seat (\d), trick (\d), card (\w+), code (\w+)\}\]", row["expected"])
    assert listed
    seat, trick, card, code = listed.groups()
    assert seen[-1] == [
        {
            "seat": int(seat),
            "trick": int(trick),
            "card": card,
            "code": code,
            "rule": seen[-1][0]["rule"],
            "ruling": None,
        }
    ]
    check_expected(row, view, rounds_of(http, match))


@pytest.mark.parametrize("row_id", ["SR-02", "SR-03", "SR-04"])
def test_a_settlement_rescores_the_round(http: FlaskHttp, row_id: str) -> None:
    row = _sr(row_id)
    seat, trick, ruling = re.fullmatch(
        r"settle_revoke \{seat (\d), trick (\d), (apply|waive)\}", row["actions after the round"]
    ).groups()  # type: ignore[union-attr]
    match, before = ff_match(http, _options(row["options and totals before the round"]))
    view = ok(act(http, match, settle(int(seat), int(trick), ruling)))
    check_expected(row, view, rounds_of(http, match))
    assert view["status"] == "in_progress" and view["phase"] == "turn_up" and view["to_act"] == [view["dealer"]]
    # the settlement is an action of the log, public, the same for every seat
    for token in (match.referee, *match.seats):
        events = ok(http.get(f"{match.path}/events", token))["events"]
        logged = [e for e in events if e["kind"] == "action" and e["action"]["type"] == "settle_revoke"]
        assert [e["action"] for e in logged] == [settle(int(seat), int(trick), ruling)]
        assert logged[0]["by"] == "referee"
    record = ok(http.get(f"{match.path}/record", match.referee))
    assert record["scores"] == view["scores"] and record["rounds"] == rounds_of(http, match)
    assert len(record["rounds"]) == 1 and before["history"][-1]["round"] == record["rounds"][0]["round"]


def test_sr05_undo_takes_a_settlement_back(http: FlaskHttp) -> None:
    row = _sr("SR-05")
    assert row["actions after the round"] == "apply, then POST undo"
    match, before = ff_match(http, _options(row["options and totals before the round"]))
    ok(act(http, match, settle(1, 2, "apply")))
    view = ok(http.post(f"{match.path}/undo", None, match.referee))
    check_expected({**row, "expected": _sr("SR-01")["expected"] + "; " + row["expected"]}, view, rounds_of(http, match))
    assert _same(view, before)
    # and the undone ruling may be made again
    assert ok(act(http, match, settle(1, 2, "apply")))["scores"] == [5, 0, 20]


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two views of the same match state (the version and the expiry aside)."""
    drop = ("version", "expires_at")
    return {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def test_sr06_a_revoke_is_settled_once(http: FlaskHttp) -> None:
    row = _sr("SR-06")
    assert row["actions after the round"] == "apply, then apply again"
    match, _ = ff_match(http, _options(row["options and totals before the round"]))
    ok(act(http, match, settle(1, 2, "apply")))
    code = re.search(r"refused: (\w+)", row["expected"]).group(1)  # type: ignore[union-attr]
    before = ok(http.get(match.path, match.referee))
    for ruling in ("apply", "waive"):
        refusal(act(http, match, settle(1, 2, ruling)), code)
    assert _same(ok(http.get(match.path, match.referee)), before)


def test_sr07_apply_is_refused_under_flag_only_and_waive_is_recorded(http: FlaskHttp) -> None:
    row = _sr("SR-07")
    assert row["actions after the round"] == "apply / waive"
    match, before = ff_match(http, _options(row["options and totals before the round"]))
    body = refusal(act(http, match, settle(1, 2, "apply")), "revoke_penalty_off")
    assert option_title("forty_fives", "revoke_penalty") in body["detail"] and body["legal"] == [settle(1, 2, "waive")]
    assert _same(ok(http.get(match.path, match.referee)), before)
    view = ok(act(http, match, settle(1, 2, "waive")))
    check_expected({**row, "expected": row["expected"].split("waive accepted")[1]}, view, rounds_of(http, match))
    assert view["scores"] == before["scores"] and view["dealer"] == before["dealer"]


def test_sr08_no_such_revoke_lists_the_settleable_actions(http: FlaskHttp) -> None:
    row = _sr("SR-08")
    seat, trick, ruling = re.fullmatch(
        r"settle_revoke \{seat (\d), trick (\d), (apply)\}", row["actions after the round"]
    ).groups()  # type: ignore[union-attr]
    match, _ = ff_match(http, _options(row["options and totals before the round"]))
    body = refusal(act(http, match, settle(int(seat), int(trick), ruling)), "no_such_revoke")
    assert re.search(r"legal = the apply and waive actions for seat 1, trick 2", row["expected"])
    assert body["legal"] == [settle(1, 2, "apply"), settle(1, 2, "waive")]
    refusal(act(http, match, settle(1, 3, "apply")), "no_such_revoke")


def test_sr09_the_next_round_begun_closes_the_settlement(http: FlaskHttp) -> None:
    row = _sr("SR-09")
    assert row["actions after the round"] == "turn_up of the next round reported, then apply"
    match, view = ff_match(http, _options(row["options and totals before the round"]))
    ok(act(http, match, {"type": "turn_up", "seat": view["dealer"], "card": "2C"}))
    body = refusal(act(http, match, settle(1, 2, "apply")), "wrong_phase")
    assert body["detail"]
    # and mid-round (a card played) it stays closed
    ok(act(http, match, {"type": "play", "seat": (view["dealer"] + 1) % 3, "card": "KC"}))
    refusal(act(http, match, settle(1, 2, "waive")), "wrong_phase")


def test_sr10_a_settlement_finishes_the_match_and_undo_resumes_it(http: FlaskHttp) -> None:
    row = _sr("SR-10")
    totals = tuple(_ints(row["options and totals before the round"].split(";")[1]))
    assert totals == (40, 40, 20) and row["actions after the round"] == "none, then apply"
    match, view = ff_match(http, _options(row["options and totals before the round"]), totals)  # type: ignore[arg-type]
    played, after = re.search(r"as played (\d+/\d+/\d+).*after apply (\d+/\d+/\d+)", row["expected"]).groups()  # type: ignore[union-attr]
    assert view["scores"] == _ints(played) and view["status"] == "in_progress" and view["winners"] == []
    won = ok(act(http, match, settle(1, 2, "apply")))
    seat = int(re.search(r"seat (\d) wins", row["expected"]).group(1))  # type: ignore[union-attr]
    assert won["scores"] == _ints(after) and won["status"] == "finished" and won["winners"] == [seat]
    assert won["to_act"] == [] and rounds_of(http, match)[-1]["scores"] == _ints(after)
    assert "in progress again" in row["expected"]
    again = ok(http.post(f"{match.path}/undo", None, match.referee))
    assert _same(again, view) and again["status"] == "in_progress"
    # a match the round had finished goes on when a settlement takes the win away: waive nothing,
    # apply on the finished match is the settlement of its last round
    finished = ok(act(http, match, settle(1, 2, "apply")))
    assert finished["status"] == "finished"


def test_a_settlement_unfinishes_a_match(http: FlaskHttp) -> None:
    """The hand finished the match (seat 2 reaches 50 as played); made void, the win is taken away
    and the match goes on, the same dealer dealing again (§9.9)."""
    match, view = ff_match(http, {"revoke_penalty": "hand_void"}, (30, 40, 30))
    assert view["status"] == "finished" and view["scores"] == [35, 45, 50] and view["winners"] == [2]
    going = ok(act(http, match, settle(1, 2, "apply")))
    assert going["status"] == "in_progress" and going["winners"] == [] and going["scores"] == [30, 40, 30]
    assert going["dealer"] == 2 and going["phase"] == "turn_up"
    last = rounds_of(http, match)[-1]
    assert last["void"] is True and last["points"] == [0, 0, 0] and last["revokes"][0]["ruling"] == "applied"
    assert len(rounds_of(http, match)) == 5
    back = ok(http.post(f"{match.path}/undo", None, match.referee))
    assert _same(back, view)


def test_sr11_a_dealt_match_has_nothing_to_settle(http: FlaskHttp) -> None:
    row = _sr("SR-11")
    assert row["options and totals before the round"].startswith("dealt mode")
    match, _ = create(http, "forty_fives", "dealt", 3, options=_options(row["options and totals before the round"]))
    code = re.search(r"refused: (\w+)", row["expected"]).group(1)  # type: ignore[union-attr]
    refusal(act(http, match, settle(1, 2, "apply")), code)


def test_only_the_referee_settles(http: FlaskHttp) -> None:
    match, before = ff_match(http, {"revoke_penalty": "hand_lost"})
    for token in match.seats:
        answer = act(http, match, settle(1, 2, "apply"), token)
        assert answer.status == 403 and answer.body["code"] == "referee_only", answer.body
    for bad in (
        {"type": "settle_revoke", "seat": 1, "trick": 2, "ruling": "maybe"},
        {"type": "settle_revoke", "seat": 1, "ruling": "apply"},
        {"type": "settle_revoke", "seat": 1, "trick": 0, "ruling": "apply"},
    ):
        answer = act(http, match, bad)
        assert answer.status == 400 and answer.body["code"], answer.body
    assert _same(ok(http.get(match.path, match.referee)), before)


def test_round_result_does_not_take_revokes_applied(http: FlaskHttp) -> None:
    match, _ = create(http, "forty_fives", "table", 3, options={"revoke_penalty": "hand_lost"})
    facts = {"tricks_won": [2, 0, 3], "highest_trump_seat": 2, "revokes_applied": [2]}
    answer = act(http, match, {"type": "round_result", "result": facts})
    assert answer.status == 400 and answer.body["code"] == "unknown_field", answer.body


@pytest.mark.parametrize("lang", ["en", "id", "tl"])
def test_the_refusals_are_written_in_the_callers_language(http: FlaskHttp, lang: str) -> None:
    match, _ = ff_match(http, {})
    details = set()
    for action in (settle(0, 2, "apply"), settle(1, 2, "apply")):
        answer = http.post(f"{match.path}/actions?lang={lang}", action, match.referee)
        assert answer.status == 422 and "settle." not in answer.body["detail"], answer.body
        assert "title." not in answer.body["title"]
        details.add(answer.body["detail"])
    assert len(details) == 2


# --- Boerenbridge, §15.8.5 ----------------------------------------------------------------------------


def _bs(row_id: str) -> dict[str, str]:
    return next(r for r in BS_ROWS if r["id"] == row_id)


def test_bs01_the_revoke_is_listed_and_changes_nothing(http: FlaskHttp) -> None:
    row = _bs("BS-01")
    match, view = bb_match(http, _options(row["options"]))
    listed = re.search(r"revokes \[\{seat (\d), trick (\d), card (\w+), code (\w+)\}\]", row["expected"])
    assert listed
    seat, trick, card, code = listed.groups()
    revoke = view["history"][-1]["revokes"]
    assert [{k: r[k] for k in ("seat", "trick", "card", "code", "ruling")} for r in revoke] == [
        {"seat": int(seat), "trick": int(trick), "card": card, "code": code, "ruling": None}
    ]
    check_expected(row, view, rounds_of(http, match))


@pytest.mark.parametrize("row_id", ["BS-02", "BS-03", "BS-05"])
def test_bs_a_settlement_rescores_the_round(http: FlaskHttp, row_id: str) -> None:
    row = _bs(row_id)
    found = re.fullmatch(r"settle_revoke \{seat (\d), trick (\d), (apply|waive)\}", row["actions after the round"])
    seat, trick, ruling = found.groups() if found else ("2", "1", row["actions after the round"])
    match, _ = bb_match(http, _options(row["options"]))
    view = ok(act(http, match, settle(int(seat), int(trick), ruling)))
    check_expected(row, view, rounds_of(http, match))
    assert view["status"] == "in_progress" and view["phase"] == "bidding"


def test_bs04_undo(http: FlaskHttp) -> None:
    row = _bs("BS-04")
    assert row["actions after the round"] == "apply, then POST undo"
    match, before = bb_match(http, _options(row["options"]))
    ok(act(http, match, settle(2, 1, "apply")))
    view = ok(http.post(f"{match.path}/undo", None, match.referee))
    check_expected(row, view, rounds_of(http, match))
    assert _same(view, before)


def test_bs06_the_next_rounds_first_bid_closes_the_settlement(http: FlaskHttp) -> None:
    row = _bs("BS-06")
    assert row["actions after the round"] == "the next round's first bid, then apply"
    match, view = bb_match(http, _options(row["options"]))
    first = next(a for a in view["legal_actions"] if a["type"] == "bid")
    ok(act(http, match, first))
    refusal(act(http, match, settle(2, 1, "apply")), re.search(r"refused: (\w+)", row["expected"]).group(1))  # type: ignore[union-attr]


def test_bs07_flag_only(http: FlaskHttp) -> None:
    row = _bs("BS-07")
    assert row["actions after the round"] == "apply"
    match, _ = bb_match(http, _options(row["options"]))
    refusal(act(http, match, settle(2, 1, "apply")), re.search(r"refused: (\w+)", row["expected"]).group(1))  # type: ignore[union-attr]


def test_bs_a_void_round_keeps_the_hand_size_schedule(http: FlaskHttp) -> None:
    """A void round is dealt again by the same dealer with the same hand size, and it counts for
    neither the schedule nor ``max_rounds`` (§15.5)."""
    options = {"hand_size_schedule": [2, 3], "revoke_penalty": "hand_void", "max_rounds": 2}
    match, _ = create(http, "boerenbridge", "table", 4, options=options, dealer=3)
    for seat, bid in BB_BIDS.items():
        ok(act(http, match, {"type": "bid", "seat": seat, "amount": bid}))
    view = play_tricks(http, match, BB_TRICKS, 4)
    assert view["hand_size"] == 3 and view["dealer"] == 0
    view = ok(act(http, match, settle(2, 1, "apply")))
    assert view["hand_size"] == 2 and view["dealer"] == 3 and view["round"] == 2 and view["status"] == "in_progress"
    numbers = [r["round"] for r in rounds_of(http, match)]
    assert numbers == [1]


def test_a_seats_record_shows_the_rounds_finished_after_a_settlement(http: FlaskHttp) -> None:
    """A settlement deals the next round again; the record still counts the rounds that are over
    (a deal followed by another is over), so a seat sees the actions of every finished round."""
    match, _ = ff_match(http, {"revoke_penalty": "hand_lost"})
    ok(act(http, match, settle(1, 2, "apply")))
    view = ok(act(http, match, {"type": "round_result", "result": {"tricks_won": [1, 2, 2], "highest_trump_seat": 0}}))
    assert view["scores"] == [15, 10, 30]
    record = ok(http.get(f"{match.path}/record", match.seats[0]))
    assert [r["round"] for r in record["rounds"]] == [1, 2]
    shown = [a["action"]["type"] for a in record["actions"]]
    assert shown.count("settle_revoke") == 1 and shown.count("round_result") == 1 and shown.count("play") == 15


@pytest.mark.parametrize(
    ("ruleset_id", "facts"),
    [
        ("forty_fives", {"tricks_won": [2, 0, 3], "highest_trump_seat": 2}),
        ("boerenbridge", {"bids": [3, 0, 5, 4], "tricks": [3, 0, 6, 4]}),
        ("avinas", {"game": "sevens", "declarer": 1, "declarer_points": 75, "declarer_tricks": 5}),
    ],
)
def test_score_takes_revokes_applied(http: FlaskHttp, ruleset_id: str, facts: dict[str, Any]) -> None:
    path = f"/v1/rulesets/{ruleset_id}/score"
    void = ok(http.post(path, {**facts, "revokes_applied": [1], "options": {"revoke_penalty": "hand_void"}}))
    assert void["void"] is True and not any(void["points"]) and void["revokes_applied"] == [1]
    lost = ok(http.post(path, {**facts, "revokes_applied": [1], "options": {"revoke_penalty": "hand_lost"}}))
    assert lost["void"] is False and lost["explanation"]
    off = http.post(path, {**facts, "revokes_applied": [1]})
    assert off.status == 422 and off.body["code"] == "revoke_penalty_off"
    assert option_title(ruleset_id, "revoke_penalty") in off.body["detail"]
    bad = http.post(path, {**facts, "revokes_applied": [7], "options": {"revoke_penalty": "hand_lost"}})
    assert bad.status == 400 and bad.body["code"] == "invalid_input"


def test_a_void_hand_does_not_count_toward_a_fixed_length(http: FlaskHttp) -> None:
    """§9.4 with §9.9: a hand ruled void is not one of the match_length hands; a hand ruled lost is."""
    options = {"revoke_penalty": "hand_void", "match_end": "fixed_hands", "match_length": 2}
    match, before = ff_match(http, options)
    assert before["hands_scored"] == 1 and before["status"] == "in_progress"
    view = ok(act(http, match, settle(1, 2, "apply")))
    assert view["hands_scored"] == 0 and view["scores"] == [0, 0, 0] and view["status"] == "in_progress"
    result = {"type": "round_result", "result": {"tricks_won": [3, 1, 1], "highest_trump_seat": None}}
    view = ok(act(http, match, result))
    assert view["hands_scored"] == 1 and view["status"] == "in_progress"
    view = ok(act(http, match, result))
    assert view["hands_scored"] == 2 and view["status"] == "finished" and view["winners"] == [0]
    undone = ok(http.post(f"{match.path}/undo", None, match.referee))
    assert undone["hands_scored"] == 1 and undone["status"] == "in_progress"


def test_a_hand_ruled_lost_in_a_one_hand_match_still_ends_it(http: FlaskHttp) -> None:
    match, before = ff_match(http, {"revoke_penalty": "hand_lost", "match_end": "fixed_hands", "match_length": 1})
    assert before["status"] == "finished" and before["hands_scored"] == 1
    view = ok(act(http, match, settle(1, 2, "apply")))
    assert view["status"] == "finished" and view["hands_scored"] == 1
    assert view["scores"][1] == 0 and view["winners"] == [max(range(3), key=lambda s: view["scores"][s])]
