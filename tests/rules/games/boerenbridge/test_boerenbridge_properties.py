"""Random legal Boerenbridge play, thousands of rounds per option profile, with invariants checked
independently of the engine: cards conserved, one trick per card of a hand, the hook rule, points and
the overshoot rule, scores never above 100, hidden cards and sealed bids never in another seat's view,
and matches under the defaults ending. The checks every ruleset shares (refused actions change
nothing, codec round trips, legal actions for the seats to act) are the conformance battery's
(``tests/rules/test_every_ruleset.py``), over these option profiles too."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.actions import Action
from service.rules.cards import ALL_CARDS, Card
from service.rules.games.boerenbridge.state import BoerenbridgeState
from service.rules.handmask import cards_of
from service.rules.playout import play_hand, play_match
from service.rules.ruleset import FINISHED
from tests.rules.games.boerenbridge.test_boerenbridge_support import B, options

ROUNDS_PER_PROFILE = 2000
EXAMPLES = 20
ROUNDS_PER_EXAMPLE = ROUNDS_PER_PROFILE // EXAMPLES

# (players, mode, options)
PROFILES: dict[str, tuple[int, str, dict[str, Any]]] = {
    "defaults": (4, "dealt", {}),
    "bounce": (4, "dealt", {"overshoot_rule": "bounce"}),
    "openspiel_like": (4, "dealt", {"hand_size_schedule": [12], "trump_mode": "turn_up", "bidding_mode": "sequential",
                                    "bid_revision_right": "none", "scoring_system": "oh_hell"}),
    "pyramid_5p_trump_chooser": (5, "dealt", {"hand_size_schedule": "up_down", "trump_mode": "highest_bidder_chooses",
                                              "scoring_system": "nl_10_2", "hook_min_hand_size": 4}),
    "down_up_3p_spades": (3, "dealt", {"hand_size_schedule": "down_up", "trump_mode": "fixed_spades",
                                       "scoring_system": "vlaams_10_3", "overshoot_rule": "subtract_from_previous",
                                       "no_bid_comparison": "gt", "first_dealer_tiebreak": "suit_order"}),
    "up_7p_play_on": (7, "dealt", {"hand_size_schedule": "up", "trump_mode": "turn_up", "simultaneous_100": "play_on",
                                   "overshoot_rule": "bounce", "max_rounds": 40, "max_rounds_outcome": "closest_to_100",
                                   "hook_fallback": "none", "bid_revision_right": "dealer_only"}),
    "fixed_rounds_6p": (6, "dealt", {"match_end": "fixed_rounds_highest", "hand_size_schedule": "down",
                                     "scoring_system": "nederlands_10_3", "bidding_mode": "sequential"}),
    "list_bust_penalty": (4, "dealt", {"hand_size_schedule": [13, 5, 1, 9], "nil_made_score": 30,
                                       "miss_penalty": "minus_1_per_trick_off", "overshoot_rule": "bust",
                                       "no_bid_threshold": 60, "trump_mode": "turn_up"}),
    "table_turn_up": (4, "table", {"hand_size_schedule": "up_down", "trump_mode": "turn_up"}),
    # §15.1-§15.4: the new systems, nil values and bids from 1; one card each and a threshold of 12, so
    # that rounds with a single active bidder (the hook giving way, §15.4 item 3) come up often
    "basis_nil_15": (4, "dealt", {"scoring_system": "basis", "nil_made_score": 15, "hand_size_schedule": "down_up"}),
    "blackout_no_zero_5p": (5, "dealt", {"scoring_system": "blackout", "zero_bid_allowed": False,
                                         "hand_size_schedule": "up_down", "bidding_mode": "sequential"}),
    "one_card_no_zero": (4, "dealt", {"hand_size_schedule": [1], "zero_bid_allowed": False, "no_bid_threshold": 12,
                                      "nil_made_score": 0}),
    "table_no_zero_nil_50": (4, "table", {"hand_size_schedule": [1, 2, 3], "zero_bid_allowed": False,
                                          "nil_made_score": 50, "scoring_system": "basis"}),
}

CARD_TEXT = re.compile(r"^(10|[2-9JQKA])[CDHS]$")


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def winner_seat(leader: int, cards: tuple[Card, ...], trump: Any, n: int) -> int:
    """The trick's winner, computed here without the engine: highest trump, else highest of the suit led."""
    trumps = [i for i, c in enumerate(cards) if trump is not None and c.suit is trump]
    pool = trumps or [i for i, c in enumerate(cards) if c.suit is cards[0].suit]
    best = max(pool, key=lambda i: cards[i].rank)
    return (leader + best) % n


def expected_points(bid: int | None, tricks: int, o: Mapping[str, Any]) -> int:
    if bid is None:
        return tricks
    rates = {"seed": (1, 0), "oh_hell": (1, 0), "nl_10_2": (2, 2), "vlaams_10_3": (3, 0), "nederlands_10_3": (3, 3),
             "basis": (2, 0), "blackout": (1, 0)}
    per_trick, off = rates[o["scoring_system"]]
    if tricks == bid:
        return int(o["nil_made_score"]) if bid == 0 else 10 + per_trick * tricks
    if o["scoring_system"] in ("seed", "oh_hell"):
        return tricks if o["miss_penalty"] == "none" else -abs(tricks - bid)
    return -off * abs(tricks - bid)


def expected_score(before: int, gained: int, o: Mapping[str, Any]) -> int:
    raw = before + gained
    if raw <= 100 or o["match_end"] != "exact_100":
        return raw
    return {"cap": 100, "bounce": 200 - raw, "subtract_from_previous": before - (raw - 100), "bust": before}[
        o["overshoot_rule"]]


class Checker:
    """Checks every transition of a random match."""

    def __init__(self, n: int, o: Mapping[str, Any], *, views: bool) -> None:
        self.n = n
        self.o = o
        self.views = views
        self.rounds = 0
        self.dealt: int = 0
        self.gave_way = 0  # rounds whose bids add up to the tricks because the hook gave way (§15.4)

    def deal_check(self, state: BoerenbridgeState) -> None:
        r = state.round
        assert r is not None
        if state.hands is None:
            return
        union = 0
        for h in state.hands:
            assert popcount(h) == r.hand_size
            assert not union & h  # hands are disjoint
            union |= h
        self.dealt = union
        if r.turn_up is not None:
            assert not union >> r.turn_up.index & 1
        assert popcount(union) + (r.turn_up is not None) <= 52

    def step(self, before: BoerenbridgeState, action: Action, after: BoerenbridgeState) -> None:
        n = self.n
        r = after.round
        if r is not None and after.phase in ("bidding", "trump", "play"):
            self.hook_check(after)
        if after.hands is not None and r is not None:
            played = [c for t in after.done for c in t.cards] + list(after.trick)
            held = 0
            for h in after.hands:
                held |= h
            assert popcount(held) + len(played) == n * r.hand_size
            assert not any(held >> c.index & 1 for c in played)
        if after.done and (not before.done or len(after.done) > len(before.done)):
            t = after.done[-1]
            assert r is not None and len(t.cards) == n
            assert t.winner == winner_seat(t.leader, t.cards, r.trump, n)
        if before.phase == "play" and after.phase in ("deal", "finished") and len(after.match.history) > len(
                before.match.history):
            self.round_end(before, action, after)
        if after.phase == "finished":
            self.end_check(after)
        if self.views:
            self.view_check(after)

    def hook_check(self, state: BoerenbridgeState) -> None:
        r = state.round
        assert r is not None
        active = r.active
        bids = state.bids
        assert all(b is None for b, a in zip(bids, active, strict=True) if not a)  # non-bidders never bid
        if not self.o["zero_bid_allowed"]:
            assert 0 not in bids  # §15.4: bids from 1
        if any(a and b is None for a, b in zip(active, bids, strict=True)):
            return
        dealer_bids = active[r.dealer]
        hooked = (dealer_bids or (self.o["hook_fallback"] == "last_active_bidder" and any(active))) and (
            r.hand_size >= self.o["hook_min_hand_size"])
        # §15.4 item 3: one card, bids from 1 and a lone bidder: the hook gives way to the only bid
        gives_way = not self.o["zero_bid_allowed"] and r.hand_size == 1 and sum(active) == 1
        if hooked and not gives_way:
            assert sum(b for b in bids if b is not None) != r.hand_size
        elif hooked and state.phase == "play" and not state.done and not state.trick:
            self.gave_way += 1

    def round_end(self, before: BoerenbridgeState, action: Action, after: BoerenbridgeState) -> None:
        r = before.round
        assert r is not None
        self.rounds += 1
        rec = after.match.history[-1]
        assert len(before.done) == r.hand_size - 1 and len(before.trick) == self.n - 1  # one trick per card
        assert sum(rec.tricks) == r.hand_size
        assert rec.bids == before.bids
        if before.hands is not None:  # every dealt card was played exactly once
            assert action.card is not None
            played = [c for t in before.done for c in t.cards] + [*before.trick, action.card]
            assert len(set(played)) == len(played) == self.n * r.hand_size
            assert sum(1 << c.index for c in played) == self.dealt
        for i in range(self.n):
            assert rec.points[i] == expected_points(rec.bids[i], rec.tricks[i], self.o)
            assert rec.scores[i] == expected_score(before.match.scores[i], rec.points[i], self.o)
            if self.o["match_end"] == "exact_100":
                assert rec.scores[i] <= 100
        assert after.match.next_dealer == (r.dealer + 1) % self.n

    def end_check(self, state: BoerenbridgeState) -> None:
        m = state.match
        if m.result in ("won", "joint_win"):
            assert m.winners and all(m.scores[w] == 100 for w in m.winners)
            assert set(m.winners) == {i for i, s in enumerate(m.scores) if s == 100}
            if self.o["simultaneous_100"] == "play_on":
                assert len(m.winners) == 1
        elif m.result in ("highest_score", "closest_to_100"):
            assert set(m.winners) == {i for i, s in enumerate(m.scores) if s == max(m.scores)}
        else:
            assert m.result == "no_winner" and m.winners == ()

    def view_check(self, state: BoerenbridgeState) -> None:
        r = state.round
        public: set[str] = set()
        if r is not None:
            public = {c.text for t in state.done for c in t.cards} | {c.text for c in state.trick}
            if r.turn_up is not None:
                public.add(r.turn_up.text)
        this_round = set(public)
        public |= {v.card.text for rec in state.match.history for v in rec.revokes}  # cards played in public
        for seat in range(self.n):
            view = B.view(state, seat)
            own = set(view["hand"] or [])
            if state.hands is not None and r is not None:
                assert own == {c.text for c in cards_of(state.hands[seat])}
            scanned = dict(view)
            if state.hands is None and r is not None:
                # table mode: a play (or turn-up) may be any card not yet seen; the list tells nothing
                offered = {a["card"] for a in scanned.pop("legal_actions") if "card" in a}
                assert not offered & this_round
            seen = set(_card_texts(scanned))
            assert seen <= own | public, (seat, seen - own - public)
            if r is not None and self.o["bidding_mode"] == "simultaneous":
                shown = view["bidding"]["bids"]
                sealed_phase = any(a and b is None for i, (a, b) in enumerate(zip(r.active, state.bids, strict=True))
                                   if i != r.hook)
                for other in range(self.n):
                    if other != seat and other != r.hook and sealed_phase:
                        assert shown[other] is None


def _card_texts(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data] if CARD_TEXT.match(data) else []
    if isinstance(data, dict):
        return [t for v in data.values() for t in _card_texts(v)]
    if isinstance(data, list):
        return [t for v in data for t in _card_texts(v)]
    return []


def play_rounds(profile: str, seed: int, rounds: int, *, views: bool = False) -> Checker:
    n, mode, given = PROFILES[profile]
    o = options(**given)
    rng = random.Random(seed)
    checker = Checker(n, o, views=views)
    dealer, _ = B.first_dealer(o, n, rng)
    state = B.new_match(o, n, dealer, mode)  # type: ignore[arg-type]
    played = 0
    while played < rounds:
        if B.status(state) == FINISHED:
            state = B.new_match(o, n, rng.randrange(n), mode)  # type: ignore[arg-type]
        if mode == "table":
            state = B.deal(state, None)
            checker.deal_check(state)
            while not B.needs_deal(state) and B.status(state) != FINISHED:
                seats = B.to_act(state)
                seat = rng.choice(seats)
                action = rng.choice(B.legal_actions(state, seat))
                after = B.apply(state, action)
                checker.step(state, action, after)
                state = after
        else:
            state = _hand(state, rng, checker)
        played += 1
    assert checker.rounds == rounds
    return checker


def _hand(state: BoerenbridgeState, rng: random.Random, checker: Checker) -> BoerenbridgeState:
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    state = B.deal(state, deck)
    checker.deal_check(state)
    r = state.round
    assert r is not None and state.hands is not None
    n = checker.n
    for k in range(n * r.hand_size):  # one card at a time from the dealer's left
        assert state.hands[(r.dealer + 1 + k) % n] >> deck[k].index & 1
    stock = sum(1 << c.index for c in deck[n * r.hand_size:])  # the undealt cards (the turn-up first)
    assert not stock & checker.dealt and stock | checker.dealt == (1 << 52) - 1  # all 52 accounted for
    if r.hand_size == 13 and n == 4:
        assert checker.dealt == (1 << 52) - 1 and r.turn_up is None
    return play_hand(B, state, rng, on_step=checker.step)


@pytest.mark.slow
@pytest.mark.parametrize("profile", sorted(PROFILES))
@settings(max_examples=EXAMPLES, derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_random_rounds(profile: str, seed: int) -> None:
    play_rounds(profile, seed, ROUNDS_PER_EXAMPLE)


@pytest.mark.slow
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_views_never_show_hidden_cards_or_sealed_bids(profile: str) -> None:
    play_rounds(profile, 7, 12, views=True)


def test_the_hook_gives_way_in_random_play() -> None:
    """§15.4 item 3 is reached by random play, not only by the spec's vector: a lone bidder with one
    card and bids from 1 bids 1 (``Checker.hook_check`` allows only that sum of the tricks)."""
    checker = play_rounds("one_card_no_zero", 11, 300)
    assert checker.gave_way > 0


def test_matches_under_the_defaults_always_end() -> None:
    o = options()
    rng = random.Random(2024)
    lengths = []
    for _ in range(150):
        state, hands = play_match(B, o, 4, rng, max_hands=500)
        assert B.status(state) == FINISHED, hands
        assert state.match.result in ("won", "joint_win")
        assert all(state.match.scores[w] == 100 for w in state.match.winners)
        lengths.append(hands)
    assert max(lengths) < 100
