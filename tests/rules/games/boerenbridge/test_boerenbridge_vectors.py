"""Every test vector of ``docs/rules/boerenbridge.md`` §13, read from the spec as data."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from service.rules.actions import Action
from service.rules.cards import Card, Suit
from service.rules.errors import IllegalBid, InvalidFacts, NotYourTurn, RuleError
from service.rules.games.boerenbridge.bidding import is_non_bidder
from service.rules.games.boerenbridge.first_dealer import resolve_draw
from service.rules.games.boerenbridge.options import config, schedule
from service.rules.games.boerenbridge.scoring import match_outcome
from service.rules.tricks import Play, TrickContext
from tests.english import english
from tests.rules.games.boerenbridge.test_boerenbridge_support import (
    SPEC,
    B,
    at_round,
    bid,
    bid_amounts,
    bullet,
    int_lists,
    int_set,
    ints,
    options,
    spec_options,
)
from tests.spec_tables import card_list, vectors

# --- 13.1 trick winners ------------------------------------------------------------------------

TRICKS = vectors(SPEC, "13.1")


@pytest.mark.parametrize("row", TRICKS, ids=[r["id"] for r in TRICKS])
def test_trick_winner(row: dict[str, str]) -> None:
    plays = [Play(Card.parse(c)) for c in card_list(row["plays (leader first)"])]
    trump_cell = row["trump"]
    given: dict[str, Any] = {}
    trump = None
    if trump_cell != "none":
        trump = Suit.parse(trump_cell.split()[0])
        given = spec_options(trump_cell.replace("`turn_up` variant", "`trump_mode = \"turn_up\"`"))
    expected = Card.parse(card_list(row["winner"])[0])
    out = B.trick_winner(plays, TrickContext(trump=trump), options(**given))
    assert out.card is expected
    assert plays[out.winner].card is expected
    assert out.reason


def test_trick_vectors_cover_the_table() -> None:
    assert len(TRICKS) == 10


# --- 13.2 legal plays --------------------------------------------------------------------------

LEGAL = vectors(SPEC, "13.2")


@pytest.mark.parametrize("row", LEGAL, ids=[r["id"] for r in LEGAL])
def test_legal_plays(row: dict[str, str]) -> None:
    hand = [Card.parse(c) for c in card_list(row["hand"])]
    trick = [Play(Card.parse(c)) for c in card_list(row["card led"])]
    expected = [Card.parse(c) for c in card_list(row["legal set"])]
    verdict = B.legal_plays(hand, trick, TrickContext(), options())
    assert set(verdict.legal) == set(expected)
    assert list(verdict.legal) == [c for c in hand if c in set(expected)]  # hand order
    constrained = bool(trick) and any(c.suit is trick[0].card.suit for c in hand)
    assert verdict.code == ("must_follow_suit" if constrained else "no_constraint")
    for card in hand:
        if card not in expected:
            with pytest.raises(RuleError) as err:
                B.check_play(hand, trick, card, TrickContext(), options())
            assert err.value.code == "must_follow_suit"
            assert set(err.value.legal or []) == {c.text for c in expected}


# --- 13.3 bid validation -----------------------------------------------------------------------

BIDS = {r["id"]: r for r in vectors(SPEC, "13.3")}
# BB-B01 names the dealer (seat 3) and the seats of the others (0, 1, 2); BB-B02..B04 say "others".
_B01 = BIDS["BB-B01"]["situation"]
DEALER = int(re.search(r"dealer seat (\d)", _B01).group(1))  # type: ignore[union-attr]
OTHERS = ints(re.search(r"seats ([\d,]+) =", _B01).group(1))  # type: ignore[union-attr]


def _allowed_and_forbidden(result: str) -> tuple[int | None, set[int]]:
    m = re.search(r"forbidden (\d+)", result)
    allowed = int_set(result.split("allowed", 1)[1].strip()) if "allowed" in result else set()
    return (int(m.group(1)) if m else None), allowed


@pytest.mark.parametrize("vid", ["BB-B01", "BB-B02", "BB-B03", "BB-B04"])
def test_hook_with_all_active(vid: str) -> None:
    row = BIDS[vid]
    others = ints(re.findall(r"(\d+,\d+,\d+)", row["situation"])[-1])
    forbidden, allowed = _allowed_and_forbidden(row["result"])
    state = at_round([0, 0, 0, 0], DEALER)
    assert B.to_act(state) == tuple(OTHERS)  # sealed bids by everyone but the hook player
    for seat, amount in zip(OTHERS, others, strict=True):
        assert DEALER not in B.to_act(state)
        state = bid(state, seat, amount)
    assert B.to_act(state) == (DEALER,)
    assert bid_amounts(state, DEALER) == allowed
    assert ("nothing forbidden" in row["result"]) == (forbidden is None)
    if forbidden is not None:
        assert forbidden not in allowed
        with pytest.raises(IllegalBid) as err:
            bid(state, DEALER, forbidden)
        assert err.value.code == "bid_forbidden_by_hook"
        assert B.view(state, None)["bidding"]["forbidden_bid"] == forbidden
    for amount in allowed:
        assert bid(state, DEALER, amount).round is not None


def test_bid_out_of_range() -> None:
    row = BIDS["BB-B05"]
    bad = ints(row["situation"])
    low, high = ints(row["result"])
    assert bad and "rejected" in row["result"]
    state = at_round([0, 0, 0, 0], DEALER)
    for seat in OTHERS:
        for amount in bad:
            with pytest.raises(IllegalBid) as err:
                bid(state, seat, amount)
            assert err.value.code == "bid_out_of_range"
        assert bid_amounts(state, seat) == set(range(low, high + 1))
    for amount, seat in zip(range(3), OTHERS, strict=True):
        state = bid(state, seat, amount)
    for amount in bad:
        with pytest.raises(IllegalBid):
            bid(state, DEALER, amount)
    facts = {"bids": [1, 1, 1, bad[0]], "tricks": [13, 0, 0, 0], "scores": [0, 0, 0, 0]}
    with pytest.raises(InvalidFacts) as ferr:
        B.score_round(facts, options())
    assert ferr.value.code == "bid_out_of_range"


def _situation_state(situation: str, given: dict[str, Any]) -> tuple[Any, dict[int, int]]:
    """Dealer, scores (a stated score, or 80 for 'are ≥ 80') and the bids of a §13.3 situation."""
    dealer = int(re.search(r"dealer seat (\d)", situation).group(1))  # type: ignore[union-attr]
    scores = [0, 0, 0, 0]
    m = re.search(r"dealer seat \d has (\d+)", situation)
    if m:
        scores[dealer] = int(m.group(1))
    m = re.search(r"seats ([\d ,and]+) are ≥ (\d+)", situation)
    if m:
        for seat in ints(m.group(1)):
            scores[seat] = int(m.group(2))
    bids = {int(s): int(b) for s, b in re.findall(r"seat (\d) bids (\d+)", situation)}
    return at_round(scores, dealer, given), bids


@pytest.mark.parametrize("vid", ["BB-B06", "BB-B07"])
def test_hook_player_when_the_dealer_does_not_bid(vid: str) -> None:
    row = BIDS[vid]
    state, bids = _situation_state(row["situation"], {})
    hook = int(re.search(r"hook player = seat (\d)", row["result"]).group(1))  # type: ignore[union-attr]
    forbidden = int(re.search(r"forbidden (\d+)", row["result"]).group(1))  # type: ignore[union-attr]
    assert state.round is not None and state.round.hook == hook
    active = [s for s in range(4) if state.round.active[s]]
    for seat, amount in bids.items():
        state = bid(state, seat, amount)
    assert B.to_act(state) == (hook,)
    assert bid_amounts(state, hook) == set(range(14)) - {forbidden}
    with pytest.raises(IllegalBid) as err:
        bid(state, hook, forbidden)
    assert err.value.code == "bid_forbidden_by_hook"
    assert set(bids) | {hook} == set(active)
    if vid == "BB-B07":  # "(order from dealer's left: 2,3,0,1)"
        order = ints(re.search(r"order from dealer's left: ([\d,]+)", row["situation"]).group(1))  # type: ignore[union-attr]
        assert [s for s in order if s in active][-1] == hook


def test_hook_player_alone() -> None:
    row = BIDS["BB-B09"]
    seat = int(re.search(r"only seat (\d)", row["situation"]).group(1))  # type: ignore[union-attr]
    threshold = ints(row["situation"].split("other three", 1)[1])[0]
    forbidden, allowed = _allowed_and_forbidden(row["result"])
    for dealer in range(4):  # whoever deals
        scores = [threshold if s != seat else 0 for s in range(4)]
        state = at_round(scores, dealer)
        assert state.round is not None and state.round.hook == seat
        assert B.to_act(state) == (seat,)
        assert bid_amounts(state, seat) == allowed and forbidden not in allowed


def test_hook_fallback_none() -> None:
    row = BIDS["BB-B10"]
    given = spec_options(row["situation"])
    assert given == {"hook_fallback": "none"}
    state, bids = _situation_state(BIDS["BB-B06"]["situation"], given)
    assert state.round is not None and state.round.hook is None
    seat = int(re.search(r"seat (\d) may bid", row["result"]).group(1))  # type: ignore[union-attr]
    allowed = int_set(row["result"].split("anything", 1)[1])
    for s, amount in bids.items():
        assert seat in B.to_act(state)  # no hook: everybody bids sealed at once
        state = bid(state, s, amount)
    assert bid_amounts(state, seat) == allowed


def test_hook_player_waits_for_the_sealed_bids() -> None:
    row = BIDS["BB-B11"]
    given = spec_options(row["situation"])
    assert "rejected" in row["result"] and "turn" in row["result"]
    state = at_round([0, 0, 0, 0], DEALER, given)
    for seat in OTHERS:
        with pytest.raises(NotYourTurn):
            bid(state, DEALER, 1)
        state = bid(state, seat, 1)
    assert bid(state, DEALER, 1).phase == "play"


def test_hook_player_revises_until_the_opening_lead() -> None:
    row = BIDS["BB-B08"]
    first, others_sum = ints(row["situation"])[:2]
    to_bad, to_good, after_lead = ints(row["situation"])[2:5]
    assert "rejected (total" in row["result"] and "accepted" in row["result"] and "frozen" in row["result"]
    state = at_round([0, 0, 0, 0], DEALER, mode="dealt")
    state = bid(state, OTHERS[0], others_sum)
    for seat in OTHERS[1:]:
        state = bid(state, seat, 0)
    state = bid(state, DEALER, first)
    assert state.phase == "play"
    leader = (DEALER + 1) % 4
    assert set(B.to_act(state)) == {leader, DEALER}
    with pytest.raises(IllegalBid) as err:
        bid(state, DEALER, to_bad)
    assert err.value.code == "bid_forbidden_by_hook"
    state = bid(state, DEALER, to_good)
    assert state.bids[DEALER] == to_good
    with pytest.raises(IllegalBid) as err:  # nobody else may change
        bid(state, OTHERS[1], 3)
    assert err.value.code == "bid_already_made"
    lead = B.legal_actions(state, leader)[0]
    state = B.apply(state, lead)
    with pytest.raises(IllegalBid) as err:
        bid(state, DEALER, after_lead)
    assert err.value.code == "bids_frozen"
    assert state.bids[DEALER] == to_good


def test_sequential_order() -> None:
    row = BIDS["BB-B12"]
    given = spec_options(row["situation"])
    dealer = int(re.search(r"dealer seat (\d)", row["situation"]).group(1))  # type: ignore[union-attr]
    order = ints(re.search(r"bidding order ([\d, ]+)", row["result"]).group(1))  # type: ignore[union-attr]
    leader = int(re.search(r"opening leader seat (\d)", row["result"]).group(1))  # type: ignore[union-attr]
    state = at_round([0, 0, 0, 0], dealer, given, mode="dealt")
    seen = []
    while state.phase == "bidding":
        (seat,) = B.to_act(state)
        seen.append(seat)
        for other in range(4):
            if other != seat and state.bids[other] is None:
                with pytest.raises(NotYourTurn):
                    bid(state, other, 0)
        state = B.apply(state, B.legal_actions(state, seat)[0])
    assert seen == order
    assert B.to_act(state)[0] == leader


# --- 13.4 round points -------------------------------------------------------------------------

POINTS = vectors(SPEC, "13.4")


@pytest.mark.parametrize("row", POINTS, ids=[r["id"] for r in POINTS])
def test_round_points(row: dict[str, str]) -> None:
    given = spec_options(row["status"])
    active = not row["status"].startswith("non-bidder")
    b = int(row["bid"]) if active else None
    t = int(row["tricks"])
    expected = ints(row["round points"])[0]
    opts = options(**given)
    rest = 13 - t
    # seat 0 is the player; seat 1 takes the other tricks; seat 1 bids so that the hook rule holds
    other_bid = 0 if (b or 0) != 13 else 1
    facts = {
        "bids": [b, other_bid, None, None],
        "tricks": [t, rest, 0, 0],
        "scores": [0 if active else 80, 0, 80, 80],
    }
    out = B.score_round(facts, opts)
    assert out.points[0] == expected
    assert any(english(line).startswith("seat 1:") for line in out.explanation)  # counted from 1


# --- 13.5 match-score updates ------------------------------------------------------------------

UPDATES = vectors(SPEC, "13.5")


def _update_facts(row: dict[str, str]) -> tuple[dict[str, Any], int]:
    previous = int(row["previous"])
    cell = row["status, bid, tricks"]
    numbers = ints(cell.split("(")[0] + (cell.split(")", 1)[1] if ")" in cell else ""))
    if cell.startswith("non-bidder"):
        b, t = None, numbers[-1]
    else:
        b, t = numbers
    other_bid = 0 if (b or 0) != 13 else 1
    return {"bids": [b, other_bid, None, None], "tricks": [t, 13 - t, 0, 0], "scores": [previous, 0, 80, 80]}, t


@pytest.mark.parametrize("row", UPDATES, ids=[r["id"] for r in UPDATES])
def test_match_score_update(row: dict[str, str]) -> None:
    facts, _ = _update_facts(row)
    raw = ints(row["raw `r`"])[0]
    new_cell = row["new score (default cap)"]
    new = ints(new_cell)[0]
    out = B.score_round(facts, options())
    assert out.extra["raw_scores"][0] == raw
    assert out.scores[0] == new
    if "wins" in new_cell:
        assert out.match_over and out.winners == (0,)
    else:
        assert 0 not in out.winners
    if "non-bidder next round" in new_cell:
        assert is_non_bidder(new, config(options()))
    other = row["other rules"]
    for rule, value in re.findall(r"(bounce|subtract_from_previous|bust) (\d+)", other):
        assert B.score_round(facts, options(overshoot_rule=rule)).scores[0] == int(value)
    if "same under all rules" in other:
        for rule in ("cap", "bounce", "subtract_from_previous", "bust"):
            assert B.score_round(facts, options(overshoot_rule=rule)).scores[0] == new
    if "the player bids" in other:
        given = spec_options(other)
        assert not is_non_bidder(int(row["previous"]), config(options(**given)))
        with pytest.raises(InvalidFacts) as err:  # a null bid is now impossible: he must bid
            B.score_round(facts, options(**given))
        assert err.value.code == "missing_bid"


# --- 13.6 full rounds and winners --------------------------------------------------------------


def _round_vector(vid: str) -> dict[str, Any]:
    text = bullet(vid)
    lists = int_lists(text)
    return {
        "text": text,
        "dealer": int(re.search(r"Dealer seat (\d)", text).group(1)),  # type: ignore[union-attr]
        "start": lists[0],
        "tricks": lists[1],
        "points": lists[2],
        "scores": lists[3],
    }


def test_full_rounds_r01_r02() -> None:
    r1 = _round_vector("BB-R01")
    t1 = r1["text"]
    non_bidders = ints(re.search(r"non-bidders ([\d and]+)\.", t1).group(1))  # type: ignore[union-attr]
    hook = int(re.search(r"Hook player: seat (\d)", t1).group(1))  # type: ignore[union-attr]
    sealed_seat, sealed_bid = (int(x) for x in re.search(r"Seat (\d) submits (\d+)", t1).groups())  # type: ignore[union-attr]
    forbidden, hook_bid = (int(x) for x in re.search(r"forbidden (\d+) and bids (\d+)", t1).groups())  # type: ignore[union-attr]
    next_dealer = int(re.search(r"next dealer seat (\d)", t1).group(1))  # type: ignore[union-attr]

    state = at_round(r1["start"], r1["dealer"])
    assert state.round is not None
    assert [s for s in range(4) if not state.round.active[s]] == non_bidders
    assert state.round.hook == hook
    assert B.to_act(state) == (sealed_seat,)
    state = bid(state, sealed_seat, sealed_bid)
    assert B.view(state, hook)["bidding"]["bids"][sealed_seat] == sealed_bid  # revealed
    assert forbidden not in bid_amounts(state, hook)
    with pytest.raises(IllegalBid):
        bid(state, hook, forbidden)
    state = bid(state, hook, hook_bid)
    result = {"bids": list(state.bids), "tricks": r1["tricks"]}
    state = B.apply(state, Action("round_result", seat=None, result=result))
    record = state.match.history[-1]
    assert list(record.points) == r1["points"]
    assert list(state.match.scores) == r1["scores"]
    assert "No one at 100" in t1 and state.phase == "deal"
    assert state.match.next_dealer == next_dealer
    # the same round through the score endpoint
    out = B.score_round({"bids": result["bids"], "tricks": r1["tricks"], "scores": r1["start"],
                         "dealer": r1["dealer"]}, options())
    assert list(out.points) == r1["points"] and list(out.scores) == r1["scores"] and not out.match_over

    r2 = _round_vector("BB-R02")
    t2 = r2["text"]
    assert r2["start"] == r1["scores"] and r2["dealer"] == next_dealer
    only = int(re.search(r"Only seat (\d) is active", t2).group(1))  # type: ignore[union-attr]
    forbidden = int(re.search(r"forbidden (\d+)", t2).group(1))  # type: ignore[union-attr]
    hook_bid = int(re.search(r"bids (\d+)\. Tricks", t2).group(1))  # type: ignore[union-attr]
    winner = int(re.search(r"seat (\d) wins", t2).group(1))  # type: ignore[union-attr]
    state = B.deal(state, None)
    assert state.round is not None and state.round.hook == only
    assert [s for s in range(4) if state.round.active[s]] == [only]
    assert forbidden not in bid_amounts(state, only)
    state = bid(state, only, hook_bid)
    state = B.apply(state, Action("round_result", seat=None, result={"bids": list(state.bids), "tricks": r2["tricks"]}))
    assert list(state.match.history[-1].points) == r2["points"]
    assert list(state.match.scores) == r2["scores"]
    assert B.status(state) == "finished" and state.match.winners == (winner,)
    view = B.view(state, 1)
    assert view["winners"] == [winner] and view["status"] == "finished"


@pytest.mark.parametrize("vid", ["BB-E01", "BB-E02", "BB-E03", "BB-E04"])
def test_end_of_match(vid: str) -> None:
    text = bullet(vid)
    (scores,) = int_lists(text)
    if vid == "BB-E04":
        limit = int(re.search(r"max_rounds = (\d+)", text).group(1))  # type: ignore[union-attr]
        assert match_outcome(scores, config(options(max_rounds=limit)), limit - 1, 4) == (None, ())
        result, winners = match_outcome(scores, config(options(max_rounds=limit)), limit, 4)
        assert "`no_winner` (default)" in text and (result, winners) == ("no_winner", ())
        seat = int(re.search(r"seat (\d) wins", text).group(1))  # type: ignore[union-attr]
        closest = options(max_rounds=limit, max_rounds_outcome="closest_to_100")
        assert match_outcome(scores, config(closest), limit, 4) == ("closest_to_100", (seat,))
        return
    result, winners = match_outcome(scores, config(options()), 1, 4)
    if "continues" in text and "play_on" not in text:
        assert result is None
    if vid == "BB-E01":
        seat = int(re.search(r"seat (\d) wins", text).group(1))  # type: ignore[union-attr]
        assert (result, winners) == ("won", (seat,))
    if vid == "BB-E02":
        joint = tuple(ints(re.search(r"seats ([\d and]+) are joint", text).group(1)))  # type: ignore[union-attr]
        assert (result, winners) == ("joint_win", joint)
        play_on = options(simultaneous_100="play_on", overshoot_rule="bounce")
        assert match_outcome(scores, config(play_on), 1, 4) == (None, ())


# --- 13.7 first dealer -------------------------------------------------------------------------

DRAWS = vectors(SPEC, "13.7")


class _Rigged(random.Random):
    """Shuffles put the given cards on top, one list per shuffle; then behaves as usual."""

    def __init__(self, tops: list[list[Card]]) -> None:
        super().__init__(0)
        self.tops = tops

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        super().shuffle(x)
        if self.tops:
            top = self.tops.pop(0)
            rest = [c for c in x if c not in top]
            x[:] = top + rest


@pytest.mark.parametrize("row", DRAWS, ids=[r["id"] for r in DRAWS])
def test_first_dealer(row: dict[str, str]) -> None:
    draws = {int(s): Card.parse(c) for s, c in re.findall(r"(\d): (\w+)", row["draws (seat: card)"])}
    result = row["result"]
    outcome = resolve_draw(draws, "redraw")
    if "tie" in result:
        tied = tuple(ints(re.search(r"seats ([\d, and]+) redraw", result).group(1)))  # type: ignore[union-attr]
        assert outcome == tied
        by_suit = int(re.search(r"`suit_order` seat (\d)", result).group(1))  # type: ignore[union-attr]
        assert resolve_draw(draws, "suit_order") == by_suit
        # through first_dealer: the tied seats draw again; the redraw decides
        redraw = [Card.parse(c) for c in ("2C", "KS", "3D")[: len(tied)]]
        rng = _Rigged([[draws[s] for s in range(4)], redraw])
        seat, record = B.first_dealer(options(), 4, rng)
        assert seat == tied[1] and len(record["draws"]) == 2
        assert [d["seat"] for d in record["draws"][1]] == list(tied)
        seat, record = B.first_dealer(options(first_dealer_tiebreak="suit_order"), 4,
                                      _Rigged([[draws[s] for s in range(4)]]))
        assert seat == by_suit and len(record["draws"]) == 1
    else:
        dealer = int(re.search(r"seat (\d) deals", result).group(1))  # type: ignore[union-attr]
        leader = int(re.search(r"seat (\d) leads", result).group(1))  # type: ignore[union-attr]
        assert outcome == dealer
        seat, record = B.first_dealer(options(), 4, _Rigged([[draws[s] for s in range(4)]]))
        assert seat == dealer and record["dealer"] == dealer
        state = at_round([0, 0, 0, 0], seat, mode="dealt")
        while state.phase == "bidding":
            state = B.apply(state, B.legal_actions(state, B.to_act(state)[0])[0])
        assert B.to_act(state)[0] == leader


def test_other_first_dealer_methods() -> None:
    seat, record = B.first_dealer(options(first_dealer_method="random"), 4, random.Random(3))
    assert record == {"method": "random", "dealer": seat}
    with pytest.raises(RuleError) as err:
        B.first_dealer(options(first_dealer_method="fixed"), 4, random.Random(3))
    assert err.value.code == "invalid_option"
    for s in range(20):  # a redraw always ends with one highest card
        seat, record = B.first_dealer(options(), 4, random.Random(s))
        last = {d["seat"]: Card.parse(d["card"]) for d in record["draws"][-1]}
        assert resolve_draw(last, "redraw") == seat


# --- 13.8 variant schedule ---------------------------------------------------------------------


def test_up_down_schedule() -> None:
    text = bullet("BB-V01")
    given = spec_options(text)
    rounds = int(re.search(r"(\d+) rounds", text).group(1))  # type: ignore[union-attr]
    top = int(re.search(r"then the (\d+)-card round", text).group(1))  # type: ignore[union-attr]
    opts = options(**given)
    sizes = schedule(opts, 4)
    assert len(sizes) == rounds
    assert list(sizes) == [*range(1, top + 1), *range(top - 1, 0, -1)]
    # dealt: each round has its hand size; a turn-up trump except in the 13-card round
    state = B.new_match(opts, 4, 0, "dealt")
    rng = random.Random(5)
    for number in range(1, rounds + 1):
        deck = list(B.deck())
        rng.shuffle(deck)
        state = B.deal(state, deck)
        assert state.round is not None and state.round.hand_size == sizes[number - 1]
        if sizes[number - 1] == top:
            assert state.round.trump is None and state.round.turn_up is None
        else:
            assert state.round.turn_up is deck[4 * sizes[number - 1]]
            assert state.round.trump is state.round.turn_up.suit
        while state.phase not in ("deal", "finished"):
            seat = B.to_act(state)[0]
            state = B.apply(state, B.legal_actions(state, seat)[0])
        if state.phase == "finished":
            break
        assert len(state.match.history) == number
        assert sum(state.match.history[-1].tricks) == sizes[number - 1]
