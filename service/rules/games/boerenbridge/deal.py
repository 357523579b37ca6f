"""The deal of a Boerenbridge round (docs/rules/boerenbridge.md §4, §5, §11).

Each round the deal passes to the left (``MatchInfo.next_dealer``). The hand size comes from
``hand_size_schedule`` (``options.hand_size_for``: 13 each in the seed game). In a dealt match the
service deals from the shuffled deck it is given, one card at a time, clockwise from the dealer's
left, and turns up the next card for trumps where ``trump_mode = "turn_up"`` leaves one
(``trump.has_turn_up``). In table mode the hands are unknown: no deck, and a turn-up is reported
(phase ``turn_up``). The round's bidders, hook player and reviser are fixed here
(``bidding.round_bidders``); a round in which nobody bids goes straight to the end of the bidding.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.rules.cards import Card
from service.rules.errors import InvalidInput, MatchOver, wrong_phase
from service.rules.games.boerenbridge.actions import phase_types
from service.rules.games.boerenbridge.bidding import after_bidding, lowest_bid, round_bidders
from service.rules.games.boerenbridge.options import PACK_SIZE, config, hand_size_for
from service.rules.games.boerenbridge.state import (
    BIDDING,
    DEAL,
    FINISHED_PHASE,
    TURN_UP,
    BoerenbridgeState,
    RoundSetup,
    make_state,
)
from service.rules.games.boerenbridge.trump import has_turn_up, round_trump
from service.rules.handmask import BIT
from service.rules.messages import Msg


def deal(state: BoerenbridgeState, deck: Sequence[Card] | None) -> BoerenbridgeState:
    """Open the next round (``Ruleset.deal``): from ``deck`` in a dealt match, without one in table mode."""
    if state.phase == FINISHED_PHASE:
        raise MatchOver(Msg("boerenbridge.match_over"))
    if state.phase != DEAL:
        raise wrong_phase(Msg("boerenbridge.deal.round_not_finished", phase=state.phase), phase_types(state))
    m = state.match
    o = config(m.options)
    n = m.players
    number = m.rounds_done + 1
    size = hand_size_for(o, n, m.rounds_counted + 1)
    dealer = m.next_dealer
    active, hook, hook_rule, reviser = round_bidders(m.scores, dealer, size, o)
    turns_up = has_turn_up(o, n, size)
    turn_up: Card | None = None
    hands: tuple[int, ...] | None = None
    if m.mode == "dealt":
        if deck is None:
            raise InvalidInput(Msg("boerenbridge.deal.needs_deck"))
        pack, bits = _check_deck(deck)
        # one card at a time, clockwise from the dealer's left (§4): card k goes to seat dealer+1+k;
        # the cards are distinct, so the sum of their bits is the hand's mask
        hands = tuple(sum(bits[(i - dealer - 1) % n: n * size: n]) for i in range(n))
        if turns_up:
            turn_up = pack[n * size]
    elif deck is not None:
        raise InvalidInput(Msg("boerenbridge.deal.table_no_deck"))
    setup = RoundSetup(number, dealer, size, active, hook, hook_rule, reviser, turn_up, round_trump(o, turn_up),
                       lowest_bid=lowest_bid(o))
    shown = 0 if turn_up is None else BIT[turn_up.index]
    no_bids = (None,) * n
    phase = TURN_UP if m.mode == "table" and turns_up else BIDDING
    opened = make_state(m, phase, setup, no_bids, hands, (dealer + 1) % n, (), (0,) * n, (), shown)
    if phase == TURN_UP or any(active):
        return opened
    return after_bidding(opened, setup, no_bids)


def _check_deck(deck: Sequence[Card]) -> tuple[Sequence[Card], list[int]]:
    """The deck as Cards, and each card's bit (``handmask.BIT``); raise unless it is the 52 cards."""
    if len(deck) != PACK_SIZE:
        raise InvalidInput(Msg("boerenbridge.deal.deck_size", count=len(deck)))
    if set(map(type, deck)) != {Card}:
        deck = [Card.parse(c) for c in deck]
    bits = [BIT[c.index] for c in deck]
    if len(set(bits)) != PACK_SIZE:
        raise InvalidInput(Msg("boerenbridge.deal.deck_duplicate"))
    return deck, bits
