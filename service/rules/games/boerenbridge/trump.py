"""Boerenbridge trumps (docs/rules/boerenbridge.md §2, §4, §11): ``trump_mode``.

* ``none`` (the seed, §2): no trumps.
* ``turn_up``: the card after the deal is turned up and its suit is trumps, unless the whole pack
  was dealt (then no trump that round). In a dealt match the service turns it up; in table mode the
  dealer's turn-up is reported (the ``turn_up`` action, phase ``turn_up``) before the bidding.
* ``fixed_spades``: spades are always trumps.
* ``highest_bidder_chooses``: after the bidding the highest bidder (``bidding.highest_bidder``)
  names a suit (the ``name_trump`` action, phase ``trump``).

For the stateless trick endpoints, ``facts_trump`` checks a given trump against the mode.
"""

from __future__ import annotations

from service.rules.actions import Action
from service.rules.cards import ALL_CARDS, SUITS, Card, Suit
from service.rules.errors import InvalidAction, InvalidFacts, not_your_turn
from service.rules.games.boerenbridge.actions import to_act
from service.rules.games.boerenbridge.bidding import after_bidding
from service.rules.games.boerenbridge.options import PACK_SIZE, Config
from service.rules.games.boerenbridge.state import BIDDING, PLAY, BoerenbridgeState
from service.rules.handmask import BIT
from service.rules.messages import Msg
from service.rules.slots import evolve
from service.rules.tricks import TrickContext


def has_turn_up(cfg: Config, n_players: int, hand_size: int) -> bool:
    """Whether a card is turned up for trumps this round: ``turn_up`` mode, and a card left over."""
    return cfg.trump_mode == "turn_up" and n_players * hand_size < PACK_SIZE


def round_trump(cfg: Config, turn_up: Card | None) -> Suit | None:
    """The trump suit fixed at the deal (None: no trump, or one still to be turned up or named)."""
    if cfg.trump_mode == "fixed_spades":
        return Suit.SPADES
    return turn_up.suit if turn_up is not None else None


def facts_trump(ctx: TrickContext, cfg: Config) -> Suit | None:
    """The trump of a trick given as bare facts, checked against ``trump_mode``."""
    mode = cfg.trump_mode
    if mode == "none" and ctx.trump is not None:
        raise InvalidFacts(Msg("boerenbridge.trump.none_in_game"), code="no_trump_game")
    if mode == "fixed_spades":
        if ctx.trump not in (None, Suit.SPADES):
            raise InvalidFacts(Msg("boerenbridge.trump.fixed_spades"), code="wrong_trump")
        return Suit.SPADES
    return ctx.trump


def name_trump_actions(seat: int) -> list[Action]:
    return [Action("name_trump", seat=seat, suit=s) for s in SUITS]


def turn_up_actions(seat: int) -> list[Action]:
    """Table mode: the turn-up may be any card (the hands are unknown)."""
    return [Action("turn_up", seat=seat, card=c) for c in ALL_CARDS]


def name_trump(state: BoerenbridgeState, seat: int, action: Action) -> BoerenbridgeState:
    """The highest bidder names trumps (phase ``trump``); play begins."""
    r = state.round
    assert r is not None
    if seat != r.trump_chooser:
        raise not_your_turn(Msg("boerenbridge.trump.chooser_names", seat=r.trump_chooser), to_act(state))
    if action.suit is None:
        raise InvalidAction(Msg("boerenbridge.trump.needs_suit"), legal=["C", "D", "H", "S"])
    return evolve(state, phase=PLAY, round=evolve(r, trump=action.suit))


def turn_up(state: BoerenbridgeState, seat: int, action: Action) -> BoerenbridgeState:
    """Table mode: the dealer's turn-up is reported (phase ``turn_up``); the bidding begins."""
    r = state.round
    assert r is not None
    if seat != r.dealer:
        raise not_your_turn(Msg("boerenbridge.trump.dealer_turns_up", seat=r.dealer), to_act(state))
    card = action.card
    if card is None:
        raise InvalidAction(Msg("boerenbridge.trump.needs_card"))
    setup = evolve(r, turn_up=card, trump=card.suit)
    turned = evolve(state, round=setup, shown=BIT[card.index])
    if any(r.active):
        return evolve(turned, phase=BIDDING)
    return after_bidding(turned, setup, state.bids)
