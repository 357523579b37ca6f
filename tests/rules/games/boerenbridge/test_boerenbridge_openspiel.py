"""Cross-check against OpenSpiel's ``oh_hell``: the same deal, bids and plays in both engines give the
same legal moves at every step, the same trick winners and the same points.

Where the two games coincide (our options -> OpenSpiel's):

* players 3..7, ``hand_size_schedule = [h]`` -> ``players``, ``num_tricks_fixed = h`` (OpenSpiel
  always turns up a card for trumps, so ``h <= 51 // players``);
* ``trump_mode = "turn_up"``: the card after the hands is turned up and its suit is trumps, as in
  OpenSpiel (its last chance card);
* ``bidding_mode = "sequential"``: clockwise from the dealer's left, the dealer last and hooked
  (``hook_min_hand_size = 1``: OpenSpiel always hooks the last bidder); ``bid_revision_right =
  "none"`` (OpenSpiel has no revision); the first round, so every score is 0 and everyone bids;
* dealing: we deal one card at a time from the dealer's left; OpenSpiel deals card k to player
  k mod players whoever deals, so each OpenSpiel player is fed our hand of the same seat;
* points: ``scoring_system = "oh_hell"`` (or ``"seed"`` with ``nil_made_score = 10``) ->
  ``off_bid_penalty = false, points_per_trick = 1`` (a trick a point, +10 for an exact bid, so a
  made zero scores 10); ``miss_penalty = "minus_1_per_trick_off"`` with ``nil_made_score = 10`` ->
  ``off_bid_penalty = true, points_per_trick = 1``; ``"nl_10_2"`` -> ``off_bid_penalty = true,
  points_per_trick = 2``; ``"nederlands_10_3"`` -> ``off_bid_penalty = true, points_per_trick = 3``.
  OpenSpiel's returns are the round's points (before any match total, so no overshoot rule).

OpenSpiel's action encoding is read from the game itself (``action_to_string``): cards print as
suit then rank (``"C2"``, ``"HT"``), bids as their number.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pyspiel
import pytest

from service.rules.cards import ALL_CARDS, Card
from service.rules.games.boerenbridge.state import BoerenbridgeState
from service.rules.tricks import Play, TrickContext
from tests.rules.games.boerenbridge.test_boerenbridge_support import B, options

GAMES = 1200

COMMON: dict[str, Any] = {"trump_mode": "turn_up", "bidding_mode": "sequential", "bid_revision_right": "none",
                          "hook_min_hand_size": 1}
# our scoring options -> OpenSpiel's parameters
SCORING: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"scoring_system": "oh_hell"}, {"off_bid_penalty": False, "points_per_trick": 1}),
    ({"scoring_system": "seed", "nil_made_score": 10}, {"off_bid_penalty": False, "points_per_trick": 1}),
    ({"miss_penalty": "minus_1_per_trick_off", "nil_made_score": 10}, {"off_bid_penalty": True, "points_per_trick": 1}),
    ({"scoring_system": "nl_10_2"}, {"off_bid_penalty": True, "points_per_trick": 2}),
    ({"scoring_system": "nederlands_10_3"}, {"off_bid_penalty": True, "points_per_trick": 3}),
]


class Encoding:
    """OpenSpiel's card and bid actions, read from its own action strings."""

    def __init__(self, game: Any) -> None:
        state = game.new_initial_state()
        state.apply_action(1)  # one trick
        state.apply_action(0)  # dealer 0
        self.card_of: dict[int, Card] = {}
        for a in state.legal_actions():
            text = state.action_to_string(a)  # suit then rank: "C2", "HT"
            self.card_of[a] = Card.parse(text[1:] + text[0])
        self.action_of = {c: a for a, c in self.card_of.items()}
        assert len(self.action_of) == 52


_GAMES: dict[tuple[int, int, bool, int], Any] = {}


def _game(n: int, h: int, penalty: bool, per_trick: int) -> Any:
    key = (n, h, penalty, per_trick)
    if key not in _GAMES:
        _GAMES[key] = pyspiel.load_game("oh_hell", {"players": n, "num_tricks_fixed": h,
                                                     "off_bid_penalty": penalty, "points_per_trick": per_trick})
    return _GAMES[key]


def _tricks_won(os_state: Any) -> list[int]:
    m = re.search(r"Tricks Won:\s+([-\d ]+)", str(os_state))
    assert m is not None
    return [int(x) for x in m.group(1).split()]


def play_both(rng: random.Random, enc: Encoding) -> tuple[int, int]:
    n = rng.choice((3, 4, 4, 5, 6, 7))
    h = rng.randint(1, 51 // n)
    ours_scoring, os_params = rng.choice(SCORING)
    game = _game(n, h, os_params["off_bid_penalty"], os_params["points_per_trick"])
    dealer = rng.randrange(n)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)

    ours: BoerenbridgeState = B.new_match(options(**COMMON, **ours_scoring, hand_size_schedule=[h]), n, dealer, "dealt")
    ours = B.deal(ours, deck)
    assert ours.round is not None and ours.round.turn_up is deck[n * h]

    os_state = game.new_initial_state()
    os_state.apply_action(h)
    os_state.apply_action(dealer)
    by_seat = {s: [deck[k] for k in range(n * h) if (dealer + 1 + k) % n == s] for s in range(n)}
    for k in range(n * h):  # OpenSpiel gives card k to player k mod n
        os_state.apply_action(enc.action_of[by_seat[k % n][k // n]])
    os_state.apply_action(enc.action_of[deck[n * h]])  # the turn-up

    # bids
    while ours.phase == "bidding":
        (seat,) = B.to_act(ours)
        assert os_state.current_player() == seat
        our_bids = {a.amount: a for a in B.legal_actions(ours, seat)}
        os_bids = {int(os_state.action_to_string(a)): a for a in os_state.legal_actions()}
        assert set(our_bids) == set(os_bids)
        amount = rng.choice(sorted(our_bids))  # type: ignore[type-var]
        ours = B.apply(ours, our_bids[amount])
        os_state.apply_action(os_bids[amount])
    assert ours.phase == "play"

    # plays
    winners: list[int] = []
    while ours.phase == "play":
        (seat,) = B.to_act(ours)
        assert os_state.current_player() == seat
        our_plays = {a.card: a for a in B.legal_actions(ours, seat)}
        os_plays = {enc.card_of[a]: a for a in os_state.legal_actions()}
        assert set(our_plays) == set(os_plays)
        card = rng.choice(sorted(our_plays))  # type: ignore[type-var]
        done_before = len(ours.done)
        last = ours
        ours = B.apply(ours, our_plays[card])
        os_state.apply_action(os_plays[card])
        if ours.phase == "play" and len(ours.done) > done_before:
            winners.append(ours.done[-1].winner)
            assert os_state.current_player() == ours.done[-1].winner  # the winner leads next
        elif ours.phase != "play":
            assert last.round is not None
            plays = [Play(c) for c in (*last.trick, card)]
            out = B.trick_winner(plays, TrickContext(trump=last.round.trump), last.match.options)
            winners.append((last.leader + out.winner) % n)
    assert os_state.is_terminal()
    record = ours.match.history[-1]
    assert len(winners) == h
    assert [winners.count(s) for s in range(n)] == list(record.tricks) == _tricks_won(os_state)
    assert list(record.points) == [int(r) for r in os_state.returns()]
    return n, h


def test_same_deal_bids_and_plays_give_the_same_winners_and_points() -> None:
    rng = random.Random(20240611)
    enc = Encoding(_game(4, 1, False, 1))
    seen: set[tuple[int, int]] = set()
    for _ in range(GAMES):
        seen.add(play_both(rng, enc))
    assert len(seen) > 50  # many player counts and hand sizes
    assert (4, 12) in seen


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_encoding_is_read_from_openspiel(n: int) -> None:
    enc = Encoding(_game(n, 1, False, 1))
    assert enc.card_of[enc.action_of[Card.parse("10H")]].text == "10H"
