"""Forty-Fives and Auction Forty-Fives: the spectator's view (``view(state, SPECTATOR)``), in dealt and
table mode. Random legal play through whole rounds; at every step the spectator sees no hand, no
hidden card (another seat's hand, a discard, the stock, the kitty, who holds the ace of trumps, a
demotion before the demoted ace is played) and no legal actions, and otherwise the same public facts
as a seat sees."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.rules.cards import Card
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.games.forty_fives.state import FortyFivesState, played_cards
from service.rules.handmask import cards_of
from service.rules.ruleset import FINISHED, SPECTATOR, Ruleset

PROFILES: dict[str, tuple[Ruleset[Any], int, dict[str, Any]]] = {
    "forty_fives_announce": (FORTY_FIVES, 3, {"unrobbed_trump_ace": "lowest_unless_announced"}),
    "forty_fives_demote": (FORTY_FIVES, 4, {"unrobbed_trump_ace": "lowest",
                                            "dealer_turned_ace": "may_rob_discard_before_first_lead"}),
    "auction_turn_up": (AUCTION_FORTY_FIVES, 4, {}),
    "auction_bidding": (AUCTION_FORTY_FIVES, 4, {"trump_selection": "bidding", "kitty_size": 3,
                                                 "dealer_robs_pack": True}),
    "auction_bidding_6": (AUCTION_FORTY_FIVES, 6, {"trump_selection": "bidding"}),
}
#: the parts of a seat's view that are the seat's own (the spectator has none of them)
SEAT_ONLY = ("hand", "legal_actions", "discards", "stock")
STEPS = 300


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for v in value.values() for s in strings_in(v)}
    if isinstance(value, (list, tuple)):
        return {s for v in value for s in strings_in(v)}
    return set()


def hidden_cards(state: FortyFivesState) -> set[str]:
    """The cards of the round in progress that nobody at the table has seen."""
    rnd = state.round
    if rnd is None or state.hands is None:
        return set()
    hidden: set[Card] = {c for h in state.hands for c in cards_of(h)}
    hidden |= {c for d in rnd.discards for c in d} | set(rnd.stock) | set(rnd.kitty)
    hidden -= {rnd.turn_up, *played_cards(state)}
    return {c.text for c in hidden}


def check_spectator(ruleset: Ruleset[Any], state: FortyFivesState) -> None:
    view = ruleset.view(state, SPECTATOR)
    assert view["hand"] is None
    assert view["legal_actions"] == []
    for key in ("hands", "discards", "stock", "kitty", "ace_holder"):
        assert key not in view, key
    # the history holds finished rounds (public), whose cards are dealt again in this one
    assert not strings_in({k: v for k, v in view.items() if k != "history"}) & hidden_cards(state)
    rnd = state.round
    if rnd is not None and rnd.demoted is not None and rnd.demoted not in played_cards(state):
        assert view["demoted_ace"] is None
    seat_view = ruleset.view(state, 0)
    public = {k: v for k, v in seat_view.items() if k not in SEAT_ONLY}
    assert {k: v for k, v in view.items() if k not in SEAT_ONLY} == public


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_spectator_sees_the_public_facts_only(profile: str, mode: str) -> None:
    ruleset, n, options = PROFILES[profile]
    rng = random.Random(f"{profile}-{mode}")
    state = ruleset.new_match(options, n, rng.randrange(n), mode)
    check_spectator(ruleset, state)
    rounds = 0
    for _ in range(STEPS):
        if ruleset.status(state) == FINISHED:
            break
        if ruleset.needs_deal(state):
            deck = list(ruleset.deck())
            rng.shuffle(deck)
            state = ruleset.deal(state, deck if mode == "dealt" else None)
            rounds += 1
        else:
            seat = rng.choice(ruleset.to_act(state))
            state = ruleset.apply(state, rng.choice(ruleset.legal_actions(state, seat)))
        check_spectator(ruleset, state)
    assert rounds >= 2
