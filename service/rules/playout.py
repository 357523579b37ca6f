"""Random legal play through the ruleset interface: for property tests and the engine benchmark.

Everything goes through ``legal_actions`` and ``apply`` with the caller's generator, so a seed
reproduces a game exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from service.rules.actions import Action
from service.rules.options import Options
from service.rules.ruleset import FINISHED, Ruleset

_T = TypeVar("_T")


def _swaps(length: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of ``random.Random.shuffle`` on ``length`` items, last position first: the
    position ``i``, the bound ``i + 1`` of the position it swaps with, and the bits drawn for it."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


_SWAPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def shuffled_deck(ruleset: Ruleset, rng: random.Random) -> list[Any]:
    """The ruleset's deck shuffled by ``rng``: the order ``rng.shuffle`` gives, drawing the same bits.

    For a ``random.Random`` itself the swaps are drawn here from ``getrandbits`` as ``shuffle``
    draws them (rejection sampling of ``bit_length`` bits), without its per-card method calls: the
    shuffle is a large part of a random hand (bench/README.md, the engine). Any other generator
    shuffles by its own ``shuffle``; a test holds the two to the same order."""
    deck = list(ruleset.deck())
    if type(rng) is not random.Random:
        rng.shuffle(deck)
        return deck
    swaps = _SWAPS.get(len(deck))
    if swaps is None:
        swaps = _SWAPS[len(deck)] = _swaps(len(deck))
    getrandbits = rng.getrandbits
    for i, bound, bits in swaps:
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def chosen(rng: random.Random, items: Sequence[_T]) -> _T:
    """``rng.choice(items)``: for a ``random.Random`` itself the index is drawn here from
    ``getrandbits`` as ``choice`` draws it (rejection sampling of ``len(items).bit_length()`` bits),
    without its two method calls. Any other generator (and an empty sequence) goes to its own
    ``choice``; a test holds the two to the same items and the same bits drawn."""
    n = len(items)
    if type(rng) is not random.Random or not n:
        return rng.choice(items)
    k = n.bit_length()
    getrandbits = rng.getrandbits
    j = getrandbits(k)
    while j >= n:
        j = getrandbits(k)
    return items[j]


def random_step(ruleset: Ruleset, state: Any, rng: random.Random) -> tuple[Any, Action]:
    """One random legal action by one of the seats to act; returns the new state and the action."""
    seats = ruleset.to_act(state)
    if not seats:
        raise AssertionError("no seat to act in a match that is not over")
    seat = seats[0] if len(seats) == 1 else chosen(rng, seats)
    actions = ruleset.legal_actions(state, seat)
    if not actions:
        raise AssertionError(f"seat {seat} is to act but has no legal action")
    action = actions[0] if len(actions) == 1 else chosen(rng, actions)
    return ruleset.apply(state, action), action


def play_hand(
    ruleset: Ruleset,
    state: Any,
    rng: random.Random,
    on_step: Callable[[Any, Action, Any], None] | None = None,
) -> Any:
    """Deal (dealt mode, from a deck shuffled by ``rng``) and play until the next deal is due or
    the match is over. ``on_step(before, action, after)`` sees every transition."""
    if ruleset.needs_deal(state):
        state = ruleset.deal(state, shuffled_deck(ruleset, rng))
    while not ruleset.needs_deal(state) and ruleset.status(state) != FINISHED:
        before = state
        state, action = random_step(ruleset, state, rng)
        if on_step is not None:
            on_step(before, action, state)
    return state


def play_match(
    ruleset: Ruleset,
    options: Options,
    n_players: int,
    rng: random.Random,
    max_hands: int = 1000,
    on_step: Callable[[Any, Action, Any], None] | None = None,
) -> tuple[Any, int]:
    """A whole random match (dealt mode); returns the final state and the number of hands."""
    state = ruleset.new_match(options, n_players, rng.randrange(n_players), "dealt")
    hands = 0
    while ruleset.status(state) != FINISHED and hands < max_hands:
        state = play_hand(ruleset, state, rng, on_step)
        hands += 1
    return state, hands
