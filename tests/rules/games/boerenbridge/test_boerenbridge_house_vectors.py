"""The test vectors of ``docs/rules/boerenbridge.md`` §15.8.1 (the scoring systems ``basis`` and
``blackout``, ``nil_made_score`` 0-50) and §15.8.2 (``zero_bid_allowed = false``), read from the spec
as data, and one test for each rule of §15.1-§15.4."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from service.matches import codec
from service.rules.errors import IllegalBid, InvalidFacts, InvalidOption
from service.rules.games.boerenbridge.bidding import forbidden_bid
from service.rules.games.boerenbridge.options import config
from service.rules.games.boerenbridge.scoring import round_points
from service.rules.messages import Msg
from tests.english import english, option_title
from tests.rules.games.boerenbridge.test_boerenbridge_support import (
    SPEC,
    B,
    at_round,
    bid,
    bid_amounts,
    int_lists,
    ints,
    options,
)
from tests.spec_tables import vectors

POINTS = vectors(SPEC, "15.8.1")
ZERO = {r["id"]: r for r in vectors(SPEC, "15.8.2")}


def row_options(cell: str, shorthand: str) -> dict[str, Any]:
    """The options of a §15.8 row: `name = value` items, and a bare value (`"basis"`, `false`),
    which is the value of the table's own option (``shorthand``)."""
    out: dict[str, Any] = {}
    for item in re.findall(r"`([^`]+)`", cell):
        if "=" in item:
            name, value = (p.strip() for p in item.split("=", 1))
            out[name] = json.loads(value)
        else:
            out[shorthand] = json.loads(item)
    return out


def legal_set(text: str) -> set[int]:
    """``{1..13}``, ``{1, 2, 3, 5, 6, …, 13}``, ``{1..9, 11, 12, 13}`` as a set of integers."""
    parts = [p.strip() for p in text.strip().strip("{}").split(",")]
    out: set[int] = set()
    for i, p in enumerate(parts):
        if ".." in p:
            lo, hi = (int(x) for x in p.split(".."))
            out.update(range(lo, hi + 1))
        elif p == "…":
            out.update(range(int(parts[i - 1]) + 1, int(parts[i + 1])))
        else:
            out.add(int(p))
    return out


def legal_in(result: str) -> set[int]:
    return legal_set(re.search(r"legal (\{[^}]*\})", result).group(1))  # type: ignore[union-attr]


# --- 15.8.1 round points ------------------------------------------------------------------------


@pytest.mark.parametrize("row", POINTS, ids=[r["id"] for r in POINTS])
def test_round_points_under_the_new_systems(row: dict[str, str]) -> None:
    given = row_options(row["options"], "scoring_system")
    result = row["round points"]
    if result.startswith("422"):
        option = re.search(r"option (\w+)", result).group(1)  # type: ignore[union-attr]
        assert "invalid_option" in result
        with pytest.raises(InvalidOption) as err:
            options(**given)
        assert err.value.code == "invalid_option" and err.value.option == option
        bounds = re.search(r"allowed (\d+)–(\d+)", result)
        if bounds:  # the range, as the refusal's ``allowed`` and in its text
            lo, hi = int(bounds.group(1)), int(bounds.group(2))
            assert err.value.allowed == Msg("core.allowed.int_from_to", lo=lo, hi=hi)
            assert f"from {lo} to {hi}" in english(err.value.message)
        return
    active = row["status"] == "active"
    b = int(row["bid"]) if active else None
    t = int(row["tricks"])
    expected = ints(result)[0]
    opts = options(**given)
    assert round_points(b, t, config(opts)) == expected
    # the same through the score endpoint's facts: seat 0 is the player, seat 1 takes the other tricks
    other_bid = 0 if (b or 0) != 13 else 1
    facts = {
        "bids": [b, other_bid, None, None],
        "tricks": [t, 13 - t, 0, 0],
        "scores": [0 if active else 80, 0, 80, 80],
    }
    out = B.score_round(facts, opts)
    assert out.points[0] == expected
    line = next(english(m) for m in out.explanation if english(m).startswith("seat 1:"))
    assert re.search(rf"(=|scores) {expected}$", line), line


def test_the_points_table_is_read_whole() -> None:
    assert [r["id"] for r in POINTS] == [f"BB-H{i:02d}" for i in range(1, 21)]
    assert set(ZERO) == {f"BB-Z{i:02d}" for i in range(1, 13)}


# --- 15.8.2 zero_bid_allowed = false --------------------------------------------------------------

DEALER = 3


def _state(vid: str, **more: Any) -> Any:
    row = ZERO[vid]
    given = {**row_options(row["options"], "zero_bid_allowed"), **more}
    situation = row["situation"]
    same = re.match(r"as (BB-Z\d+)", situation)
    if same:  # "as BB-Z06": that row's situation
        situation = ZERO[same.group(1)]["situation"]
    lists = int_lists(situation)
    scores = lists[0] if "scores" in situation else [0, 0, 0, 0]
    m = re.search(r"dealer seat (\d)", situation)
    dealer = int(m.group(1)) if m else DEALER
    return at_round(scores, dealer, given, mode="dealt"), row


def _others(situation: str) -> list[int]:
    return ints(re.search(r"others ([\d, ]+)", situation).group(1))  # type: ignore[union-attr]


def test_z01_sealed_bids_start_at_one() -> None:
    state, row = _state("BB-Z01")
    seat = int(re.search(r"seat (\d) submits", row["situation"]).group(1))  # type: ignore[union-attr]
    assert seat in B.to_act(state)
    assert bid_amounts(state, seat) == legal_in(row["result"])
    with pytest.raises(IllegalBid) as err:
        bid(state, seat, 0)
    assert err.value.code == "zero_bid_not_allowed"
    assert {a["amount"] for a in err.value.legal or []} == legal_in(row["result"])
    assert option_title("boerenbridge", "zero_bid_allowed") in english(err.value.message)


@pytest.mark.parametrize("vid", ["BB-Z02", "BB-Z03", "BB-Z04"])
def test_the_hook_with_zero_not_allowed(vid: str) -> None:
    state, row = _state(vid)
    others = _others(row["situation"])
    for seat, amount in zip((0, 1, 2), others, strict=True):
        state = bid(state, seat, amount)
    assert B.to_act(state) == (DEALER,)
    allowed = legal_in(row["result"])
    assert bid_amounts(state, DEALER) == allowed
    forbidden = 13 - sum(others)
    view = B.view(state, None)["bidding"]
    assert view["forbidden_bid"] == (forbidden if forbidden >= 1 else None)  # 0 is no bid at all here
    with pytest.raises(IllegalBid) as err:
        bid(state, DEALER, 0)
    assert err.value.code == "zero_bid_not_allowed"
    if forbidden >= 1:
        with pytest.raises(IllegalBid) as err:
            bid(state, DEALER, forbidden)
        assert err.value.code == "bid_forbidden_by_hook"
    for amount in allowed:
        assert bid(state, DEALER, amount).phase == "play"


def test_z05_the_only_active_bidder_is_the_hook_player() -> None:
    state, row = _state("BB-Z05")
    seat = int(re.search(r"only seat (\d) is active", row["situation"]).group(1))  # type: ignore[union-attr]
    hook = int(re.search(r"seat (\d) is the hook player", row["result"]).group(1))  # type: ignore[union-attr]
    assert state.round.hook == hook == seat and B.to_act(state) == (seat,)
    assert bid_amounts(state, seat) == legal_in(row["result"])


@pytest.mark.parametrize("vid", ["BB-Z06", "BB-Z07"])
def test_z06_z07_one_card_and_one_bidder(vid: str) -> None:
    """Zero not allowed: the hook gives way and the lone bidder bids 1; zero allowed: he must bid 0."""
    state, row = _state(vid)
    assert state.round.hand_size == 1 and state.round.hook == 2
    allowed = legal_in(row["result"])
    assert bid_amounts(state, 2) == allowed
    (only,) = allowed
    after = bid(state, 2, only)
    assert after.phase == "play" and after.bids[2] == only
    assert B.view(state, None)["bidding"]["forbidden_bid"] == (None if vid == "BB-Z06" else 1)
    assert B.to_act(after) == (0,)  # no revision is left to make: the dealer's left leads
    facts = {
        "bids": [None, None, only, None],
        "tricks": [0, 0, 1, 0],
        "scores": [85, 90, 40, 95],
        "hand_size": 1,
        "dealer": DEALER,
    }
    assert B.score_round(facts, state.match.options).points[2] == (11 if only == 1 else 1)


def test_z08_nothing_forbidden_when_the_others_overbid() -> None:
    state, row = _state("BB-Z08")
    bids = [int(b) for b in re.search(r"bid ([\d, ]+) \(", row["situation"]).group(1).split(",")]  # type: ignore[union-attr]
    for seat, amount in zip((0, 1, 2), bids, strict=True):
        state = bid(state, seat, amount)
    assert B.to_act(state) == (DEALER,)
    assert bid_amounts(state, DEALER) == legal_in(row["result"])


def test_z09_revisions_keep_both_rules() -> None:
    state, row = _state("BB-Z09")
    first, others_sum, zero, bad, good = ints(row["situation"])[1:6]
    assert zero == 0 and others_sum == 9
    for seat, amount in zip((0, 1, 2), _others(ZERO["BB-Z02"]["situation"]), strict=True):
        state = bid(state, seat, amount)
    state = bid(state, DEALER, first)
    assert state.phase == "play"
    for amount, code in ((zero, "zero_bid_not_allowed"), (bad, "bid_forbidden_by_hook")):
        with pytest.raises(IllegalBid) as err:
            bid(state, DEALER, amount)
        assert err.value.code == code
    assert "6 accepted" in row["result"]
    assert bid(state, DEALER, good).bids[DEALER] == good


def test_z10_sequential_first_bidder() -> None:
    state, row = _state("BB-Z10")
    seat = int(re.search(r"seat (\d) bids first", row["situation"]).group(1))  # type: ignore[union-attr]
    assert B.to_act(state) == (seat,)
    assert bid_amounts(state, seat) == legal_in(row["result"])


def test_z11_no_hook_player() -> None:
    state, row = _state("BB-Z11")
    assert state.round.hook is None and "no hook player" in row["result"]
    assert bid_amounts(state, 2) == legal_in(row["result"])


def test_z12_facts_with_a_zero_bid_are_refused() -> None:
    row = ZERO["BB-Z12"]
    given = row_options(row["options"], "zero_bid_allowed")
    bids, tricks = int_lists(row["situation"])
    with pytest.raises(InvalidFacts) as err:
        B.score_round({"bids": bids, "tricks": tricks}, options(**given))
    assert err.value.code == "zero_bid_not_allowed" == row["result"].split("code ")[1].strip()
    assert "invalid_facts" in row["result"]  # 422 over HTTP: tests/api/test_boerenbridge_house_rules_http.py
    assert B.score_round({"bids": bids, "tricks": tricks}, options()).points[0] == 20  # zero allowed: fine


# --- one test per rule of §15.1-§15.4 -------------------------------------------------------------


def test_15_1_defaults_keep_the_seed() -> None:
    o = options()
    assert o["zero_bid_allowed"] is True and o["nil_made_score"] == 20 and o["scoring_system"] == "seed"
    names = {d["name"]: d for d in B.describe()["options"]}
    assert names["zero_bid_allowed"]["type"] == "bool" and names["zero_bid_allowed"]["default"] is True
    assert {"basis", "blackout"} <= set(names["scoring_system"]["allowed"])
    assert (names["nil_made_score"]["minimum"], names["nil_made_score"]["maximum"]) == (0, 50)
    with pytest.raises(InvalidOption) as err:
        options(zero_bid_allowed="no")
    assert err.value.option == "zero_bid_allowed"


@pytest.mark.parametrize(
    "system", ["seed", "oh_hell", "nl_10_2", "vlaams_10_3", "nederlands_10_3", "basis", "blackout"]
)
def test_15_2_nil_made_score_replaces_the_made_zero_under_every_system(system: str) -> None:
    derived = options(scoring_system=system)["nil_made_score"]
    assert derived == (20 if system == "seed" else 10)
    for value in (0, 5, 15, 37, 50):
        cfg = config(options(scoring_system=system, nil_made_score=value))
        assert round_points(0, 0, cfg) == value
        missed = config(options(scoring_system=system))
        assert round_points(0, 2, cfg) == round_points(0, 2, missed)  # a missed zero: as any missed bid
        assert round_points(3, 3, cfg) == round_points(3, 3, missed)


@pytest.mark.parametrize(("system", "rate"), [("basis", 2), ("blackout", 1)])
def test_15_3_basis_and_blackout(system: str, rate: int) -> None:
    cfg = config(options(scoring_system=system))
    for tricks in range(14):
        for b in range(14):
            expected = (10 if b == 0 else 10 + rate * tricks) if b == tricks else 0
            assert round_points(b, tricks, cfg) == expected
        assert round_points(None, tricks, cfg) == tricks  # non-bidders: 1 per trick
    assert not cfg.can_go_down
    with pytest.raises(InvalidOption) as err:
        options(scoring_system=system, miss_penalty="minus_1_per_trick_off")
    assert err.value.option == "miss_penalty"
    # a score cannot go down, so play_on with cap and no max_rounds could never end: refused as for seed
    with pytest.raises(InvalidOption) as err:
        options(scoring_system=system, simultaneous_100="play_on")
    assert err.value.option == "simultaneous_100"


def test_15_4_the_hook_rule_with_a_lowest_bid() -> None:
    """``forbidden_bid`` is the rule: with bids from 1, a forbidden 0 removes nothing, and when the
    forbidden bid is the only one left the hook gives way."""
    for size in range(1, 18):
        for others in range(0, 2 * size):
            f = size - others
            assert forbidden_bid(size, others) == (f if 0 <= f <= size else None)
            assert forbidden_bid(size, others, 1) == (f if 1 <= f <= size and size > 1 else None)


def test_15_4_a_revision_needs_another_legal_bid() -> None:
    """Two cards, zero not allowed: the dealer bid 1 with the others at 0 is impossible, so: others
    bid 1, 1, 1 (S = 3 > 2, nothing forbidden); the dealer bids 1 and may revise to 2 only."""
    state = at_round([0, 0, 0, 0], DEALER, {"zero_bid_allowed": False, "hand_size_schedule": [2]}, mode="dealt")
    for seat in (0, 1, 2):
        state = bid(state, seat, 1)
    state = bid(state, DEALER, 1)
    assert bid_amounts(state, DEALER) == {2}
    assert set(B.to_act(state)) == {0, DEALER}
    state = at_round([80, 80, 0, 80], DEALER, {"zero_bid_allowed": False, "hand_size_schedule": [2]}, mode="dealt")
    state = bid(state, 2, 1)  # alone, S = 0: 2 is forbidden and 0 not allowed: 1 is his only bid
    assert state.phase == "play" and bid_amounts(state, 2) == set()
    assert B.to_act(state) == (0,)


def test_a_state_stored_before_zero_bid_allowed_decodes_with_bids_from_zero() -> None:
    state = at_round([0, 0, 0, 0], DEALER, {"zero_bid_allowed": False})
    data = codec.encode(state)
    assert data["round"]["lowest_bid"] == 1 and codec.decode(B.state_type, data) == state
    old = at_round([0, 0, 0, 0], DEALER)
    data = codec.encode(old)
    del data["round"]["lowest_bid"]
    assert codec.decode(B.state_type, data) == old
