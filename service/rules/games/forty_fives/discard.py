"""Discard and draw in bidding mode (forty-fives.md §3.7), and the first lead after the bidding.

Each player from the dealer's left to the dealer (only the bidder, to get back to five, when there is
a kitty but no discard-and-draw) discards face down and is dealt back to five from the top of the
stock; with ``dealer_robs_pack`` the dealer picks the replacements one by one (``draw`` actions).
With six players each keeps at least ``min_keep_six_players`` cards, and no one may discard more
than the stock can replace. In table mode a discard is reported as a count (``amount``), or as the
cards when the table saw them.
"""

from __future__ import annotations

from itertools import combinations

from service.rules.actions import Action, actions_json
from service.rules.cards import Card
from service.rules.errors import CardAlreadyPlayed, CardNotInHand, IllegalAction, InvalidAction
from service.rules.games.forty_fives.actions import make_action, seat_to_act
from service.rules.games.forty_fives.options import Config
from service.rules.games.forty_fives.state import (
    DEALER_DRAW,
    DISCARD,
    PLAY,
    FortyFivesState,
    current_round,
    played_cards,
)
from service.rules.handmask import BIT, cards_of, mask_of, texts_of
from service.rules.messages import Msg
from service.rules.slots import evolve


def discard_order(cfg: Config, state: FortyFivesState) -> list[int]:
    """Who discards, in order (empty: nobody, play starts)."""
    rnd = current_round(state)
    n = state.match.players
    if cfg.discard_and_draw:
        return [(rnd.dealer + k) % n for k in range(1, n + 1)]
    if cfg.kitty and rnd.contract is not None and rnd.contract.seat is not None:
        return [rnd.contract.seat]
    return []


def _hand_size(cfg: Config, state: FortyFivesState, seat: int) -> int:
    rnd = current_round(state)
    if state.hands is not None:
        return state.hands[seat].bit_count()
    bidder = rnd.contract.seat if rnd.contract is not None else None
    if seat != bidder:
        return 5
    return {"keep_one": 1, "whole_hand": 0}.get(rnd.kitty_bid, 5) + cfg.kitty


def stock_count(cfg: Config, state: FortyFivesState) -> int:
    """The cards left in the stock (table mode: worked out from the counts reported)."""
    rnd = current_round(state)
    if state.hands is not None:
        return len(rnd.stock)
    n = state.match.players
    return 52 - 5 * n - cfg.kitty - sum(rnd.drawn)


def discard_bounds(cfg: Config, state: FortyFivesState, seat: int) -> tuple[int, int]:
    """The fewest and the most cards ``seat`` may discard (§3.7, A-25)."""
    h = _hand_size(cfg, state, seat)
    lo = max(0, h - 5)
    if not cfg.discard_and_draw:
        return lo, lo
    keep_min = cfg.min_keep6 if state.match.players == 6 else 0
    hi = min(h - keep_min, stock_count(cfg, state) + h - 5)
    return lo, max(lo, hi)


def discard_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """Every discard the seat to discard may make (every subset of its hand of a legal size)."""
    if seat != state.turn:
        return []
    lo, hi = discard_bounds(cfg, state, seat)
    if state.hands is None:
        return [Action("discard", seat, amount=k) for k in range(lo, hi + 1)]
    hand = cards_of(state.hands[seat])
    return [make_action("discard", seat, cards=combo) for k in range(lo, hi + 1) for combo in combinations(hand, k)]


def _discard_count(cfg: Config, state: FortyFivesState, seat: int, action: Action) -> int:
    """How many cards ``action`` discards, checked against the cards listed and the bounds."""
    cards = action.cards
    if cards is None and state.hands is not None:
        raise InvalidAction(Msg("forty_fives.discard_needs_cards"))
    if cards is not None:
        if len(set(cards)) != len(cards):
            raise InvalidAction(Msg("forty_fives.discard_twice"))
        count = len(cards)
        if action.amount is not None and action.amount != count:
            raise InvalidAction(Msg("forty_fives.discard_amount_disagrees", amount=action.amount, count=count))
    else:
        if action.amount is None:
            raise InvalidAction(Msg("forty_fives.discard_needs_amount"))
        count = action.amount
    lo, hi = discard_bounds(cfg, state, seat)
    if not lo <= count <= hi:
        legal = discard_actions(cfg, state, seat)
        if count < lo:
            why = Msg("forty_fives.discard_too_few", lo=lo)
        elif state.match.players == 6:
            why = Msg("forty_fives.discard_too_many_six", keep=cfg.min_keep6, stock=stock_count(cfg, state))
        else:
            why = Msg("forty_fives.discard_too_many", stock=stock_count(cfg, state))
        raise IllegalAction(Msg("forty_fives.discard_count", seat=seat, lo=lo, hi=hi, count=count, why=why),
                            code="discard_count", legal=actions_json(legal[:64]))
    return count


def apply_discard(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    """A discard; in dealt mode the seat is dealt back to five (or the dealer picks, ``draw``)."""
    seat = seat_to_act(cfg, state, action, DISCARD)
    rnd = current_round(state)
    count = _discard_count(cfg, state, seat, action)
    cards = action.cards
    draws = 5 - (_hand_size(cfg, state, seat) - count)
    drawn = (*rnd.drawn[:seat], draws, *rnd.drawn[seat + 1:])
    if state.hands is None:
        out = rnd.out
        if cards:
            seen = set(played_cards(state)) | set(out)
            dup = [c.text for c in cards if c in seen]
            if dup:
                raise CardAlreadyPlayed(Msg("forty_fives.discard_already_reported", cards=", ".join(dup)))
            out = (*out, *cards)
        state = evolve(state, round=evolve(rnd, drawn=drawn, out=out))
        return _next_discarder(cfg, state, seat)
    assert cards is not None
    return _dealt_discard(cfg, state, seat, cards, draws, drawn)


def _dealt_discard(cfg: Config, state: FortyFivesState, seat: int, cards: tuple[Card, ...], draws: int,
                   drawn: tuple[int, ...]) -> FortyFivesState:
    rnd = current_round(state)
    hands = state.hands
    assert hands is not None
    hand = hands[seat]
    missing = [c.text for c in cards if not hand & BIT[c.index]]
    if missing:
        raise CardNotInHand(Msg("forty_fives.discard_not_in_hand_one" if len(missing) == 1 else
                                "forty_fives.discard_not_in_hand", cards=", ".join(missing)),
                            legal=texts_of(hand))
    hand &= ~mask_of(cards)
    discards = (*rnd.discards[:seat], rnd.discards[seat] + tuple(cards), *rnd.discards[seat + 1:])
    rnd = evolve(rnd, discards=discards, drawn=drawn)
    if cfg.robs_pack and seat == rnd.dealer and draws:
        return evolve(state, phase=DEALER_DRAW, hands=(*hands[:seat], hand, *hands[seat + 1:]),
                      round=evolve(rnd, to_draw=draws))
    hand |= mask_of(rnd.stock[:draws])
    rnd = evolve(rnd, stock=rnd.stock[draws:])
    state = evolve(state, hands=(*hands[:seat], hand, *hands[seat + 1:]), round=rnd)
    return _next_discarder(cfg, state, seat)


def draw_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """``dealer_robs_pack``: the cards of the stock the dealer may pick."""
    if seat != state.turn:
        return []
    return [Action("draw", seat, card=c) for c in current_round(state).stock]


def apply_draw(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    """The dealer picks a replacement from the stock."""
    seat = seat_to_act(cfg, state, action, DEALER_DRAW)
    rnd = current_round(state)
    card = action.card
    if card is None:
        raise InvalidAction(Msg("forty_fives.draw_needs_card"))
    if card not in rnd.stock:
        raise IllegalAction(Msg("forty_fives.not_in_stock", card=card), code="card_not_in_stock",
                            legal=[c.text for c in rnd.stock])
    hands = state.hands
    assert hands is not None
    hands = (*hands[:seat], hands[seat] | BIT[card.index], *hands[seat + 1:])
    rnd = evolve(rnd, stock=tuple(c for c in rnd.stock if c is not card), to_draw=rnd.to_draw - 1)
    state = evolve(state, hands=hands, round=rnd)
    if rnd.to_draw:
        return state
    return _next_discarder(cfg, evolve(state, phase=DISCARD), seat)


def _next_discarder(cfg: Config, state: FortyFivesState, seat: int) -> FortyFivesState:
    order = discard_order(cfg, state)
    pos = order.index(seat)
    if pos + 1 < len(order):
        return evolve(state, phase=DISCARD, turn=order[pos + 1])
    return start_play(cfg, state)


def start_play(cfg: Config, state: FortyFivesState) -> FortyFivesState:
    """The first lead after bidding (§3.7): left of the bidder (default), the bidder, or left of the dealer."""
    rnd = current_round(state)
    n = state.match.players
    bidder = rnd.contract.seat if rnd.contract is not None else None
    if cfg.first_lead == "left_of_dealer" or bidder is None:
        first = (rnd.dealer + 1) % n
    elif cfg.first_lead == "bidder":
        first = bidder
    else:
        first = (bidder + 1) % n
    return evolve(state, phase=PLAY, turn=first, leader=first)
