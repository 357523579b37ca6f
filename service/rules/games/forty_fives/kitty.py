"""Bidding on the kitty (forty-fives.md §9.6, option ``kitty_bid``): before naming trump, the winning
bidder may give up its hand (all of it, ``"whole_hand"``, or all but one card, ``"keep_one"``) and
take the kitty instead, then name trump having seen it (under ``"whole_hand"`` a suit the kitty
holds, checked in ``auction.name_trump_actions``). The cards given up go face down out of play, with
the seat's discards; the discard and draw of §3.7 then bring the bidder back to five.

The kitty bid is public (its action is in the log); the kept card is not (``public_action``). In
table mode the action may be reported without a card.
"""

from __future__ import annotations

from service.rules.actions import Action
from service.rules.errors import CardNotInHand, InvalidAction
from service.rules.games.forty_fives.actions import illegal, make_action, seat_to_act
from service.rules.games.forty_fives.auction import name_trump_actions
from service.rules.games.forty_fives.options import Config
from service.rules.games.forty_fives.state import NAME_TRUMP, FortyFivesState, current_round
from service.rules.handmask import BIT, cards_of, mask_of, texts_of
from service.rules.messages import Msg
from service.rules.slots import evolve

KEEP_ONE = "keep_one"
WHOLE_HAND = "whole_hand"


def kitty_bid_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """The kitty bids the bidder may make now: one per card it may keep (``"keep_one"``, dealt mode),
    or the one without a card; none once made, or when the rule is off or there is no kitty."""
    if seat != state.turn or cfg.kitty_bid == "off" or current_round(state).kitty_bid:
        return []
    if cfg.kitty_bid == KEEP_ONE and state.hands is not None:
        return [make_action("kitty_bid", seat, card=c) for c in cards_of(state.hands[seat])]
    return [Action("kitty_bid", seat)]


def apply_kitty_bid(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    """The bidder bids on the kitty: its hand given up (but the card kept) and the kitty taken."""
    seat = seat_to_act(cfg, state, action, NAME_TRUMP)
    legal = kitty_bid_actions(cfg, state, seat)
    if not legal:
        why = "forty_fives.kitty_bid_made" if current_round(state).kitty_bid else "forty_fives.kitty_bid_off"
        raise illegal(Msg(why), "kitty_bid_not_allowed", name_trump_actions(cfg, state, seat))
    card = action.card
    if cfg.kitty_bid == WHOLE_HAND and card is not None:
        raise InvalidAction(Msg("forty_fives.kitty_bid_no_card", card=card))
    rnd = evolve(current_round(state), kitty_bid=cfg.kitty_bid)
    hands = state.hands
    if hands is None:
        return evolve(state, round=rnd)
    hand = hands[seat]
    kept = 0
    if cfg.kitty_bid == KEEP_ONE:
        if card is None:
            raise InvalidAction(Msg("forty_fives.kitty_bid_needs_card"))
        kept = BIT[card.index]
        if not hand & kept:
            raise CardNotInHand(Msg("core.card_not_in_hand", card=card), legal=texts_of(hand))
    given_up = tuple(cards_of(hand & ~kept))
    discards = (*rnd.discards[:seat], rnd.discards[seat] + given_up, *rnd.discards[seat + 1 :])
    hands = (*hands[:seat], kept | mask_of(rnd.kitty), *hands[seat + 1 :])
    return evolve(state, round=evolve(rnd, kitty=(), discards=discards), hands=hands)
