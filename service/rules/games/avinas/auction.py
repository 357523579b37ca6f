"""The Avinas auction: the no-seven game's declarations (docs/rules/avinas.md §5.2).

With no seven exposed, starting left of the dealer each player passes or declares a number ``n``
(``declare`` with ``amount``): how many trumps he would hold for a suit of his unnamed choice. Each
declaration is from ``min_declaration`` to 8 and strictly higher than the highest so far. Option
``auction_rounds``: ``single`` (each speaks once, the dealer last) or ``continuous`` (round after
round until the others have passed after a declaration; a passed player may not come back in).
The highest declarer leads to trick 1 (after the knock window with option ``knock_in_pips_game``),
and his opening lead names trumps (``tricks``). All pass: the hand is thrown in and counts, and the
deal passes to the left (``round_end.thrown_in``). What the declaration is checked against when the
hand ends is ``round_end.lied`` (§8.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.actions import Action, actions_json
from service.rules.errors import IllegalBid, InvalidAction
from service.rules.games.avinas.options import config
from service.rules.games.avinas.round_end import thrown_in
from service.rules.games.avinas.state import KNOCK, PLAY, AvinasState, Call, HandState, Trick
from service.rules.messages import Msg
from service.rules.slots import evolve


def turn(hand: HandState, opts: Mapping[str, Any]) -> int | None:
    """The seat to speak next, or None when the auction is over."""
    calls = hand.calls
    first = (hand.dealer + 1) % 4
    if not config(opts).continuous_auction:
        return (first + len(calls)) % 4 if len(calls) < 4 else None
    if not calls:
        return first
    passed = {c.seat for c in calls if c.amount is None}
    high = next((c for c in reversed(calls) if c.amount is not None), None)
    if len(passed) == 4 or (high is not None and len(passed) == 3):
        return None
    seat = (calls[-1].seat + 1) % 4
    while seat in passed:
        seat = (seat + 1) % 4
    return seat


def to_act(hand: HandState, opts: Mapping[str, Any]) -> tuple[int, ...]:
    seat = turn(hand, opts)
    return () if seat is None else (seat,)


def high_call(hand: HandState) -> Call | None:
    """The highest declaration so far (the last one), or None."""
    return next((c for c in reversed(hand.calls) if c.amount is not None), None)


def actions(hand: HandState, seat: int, opts: Mapping[str, Any]) -> list[Action]:
    """A pass, or each declaration above the highest so far."""
    high = high_call(hand)
    low = max(config(opts).min_declaration, (high.amount or 0) + 1 if high else 0)
    return [Action("pass", seat)] + [Action("declare", seat, amount=n) for n in range(low, 9)]


def apply(state: AvinasState, hand: HandState, action: Action) -> AvinasState:
    """A pass or a declaration by the seat to speak; when the auction ends, the declarer's game
    begins (the knock window or trick 1), or the hand is thrown in."""
    seat = action.seat
    assert seat is not None
    opts = state.options
    amount: int | None = None
    if action.type == "declare":
        amount = action.amount
        legal = actions_json(actions(hand, seat, opts))
        if amount is None:
            raise InvalidAction(Msg("avinas.declare.amount_missing"), legal=legal)
        lo = config(opts).min_declaration
        if not lo <= amount <= 8:
            raise IllegalBid(
                Msg("avinas.declare.out_of_range", lowest=lo, amount=amount),
                code="declaration_out_of_range", legal=legal,
            )
        high = high_call(hand)
        if high is not None and high.amount is not None and amount <= high.amount:
            raise IllegalBid(
                Msg("avinas.declare.too_low", seat=high.seat, high=high.amount, amount=amount),
                code="declaration_too_low", legal=legal,
            )
    new = evolve(hand, calls=(*hand.calls, Call(seat, amount)))
    if turn(new, opts) is not None:
        return evolve(state, hand=new)
    high = high_call(new)
    if high is None:
        return thrown_in(state, hand)
    new = evolve(new, declarer=high.seat, declared=high.amount)
    if config(opts).knock_in_pips_game:
        new = evolve(new, phase=KNOCK)
    else:
        new = evolve(new, phase=PLAY, current=Trick(1, high.seat))
    return evolve(state, hand=new)
