"""Avinas knocking: the knock window before the opening lead (docs/rules/avinas.md §6).

Once trumps and the declarer are known (the sevens game, or the no-seven game's auction with option
``knock_in_pips_game``), the declarer may knock or pass; if he passed, his partner. A knock
undertakes to win all 8 tricks and doubles the stake. Then the defender left of the declarer, and if
he passed the other defender, may knock back (doubled again); by default only after the declaring
side knocked (option ``defenders_knock_requires_knock``). No further knocks; then the declarer
leads to trick 1. What knocks do to the score is in ``scoring``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.actions import Action
from service.rules.games.avinas.actions import KNOCK_OR_PASS
from service.rules.games.avinas.options import config
from service.rules.games.avinas.state import PLAY, HandState, KnockCall, Trick
from service.rules.slots import evolve


def turn(hand: HandState, opts: Mapping[str, Any]) -> int | None:
    """The seat that may knock next, or None when the window is closed."""
    decl = hand.declarer
    assert decl is not None
    said = {k.seat: k.knocked for k in hand.knocks}
    partner, left, right = (decl + 2) % 4, (decl + 1) % 4, (decl + 3) % 4
    if decl not in said:
        return decl
    if not said[decl] and partner not in said:
        return partner
    if not (said[decl] or said.get(partner)) and config(opts).defenders_knock_requires_knock:
        return None
    if left not in said:
        return left
    if not said[left] and right not in said:
        return right
    return None


def to_act(hand: HandState, opts: Mapping[str, Any]) -> tuple[int, ...]:
    seat = turn(hand, opts)
    return () if seat is None else (seat,)


def actions(seat: int) -> list[Action]:
    return list(KNOCK_OR_PASS[seat])


def apply(hand: HandState, action: Action, opts: Mapping[str, Any]) -> HandState:
    """A knock or a pass; when the window closes, the declarer leads to trick 1."""
    seat = action.seat
    assert seat is not None
    knocks = (*hand.knocks, KnockCall(seat, action.type == "knock"))
    new = evolve(hand, knocks=knocks)
    if turn(new, opts) is None:
        new = evolve(new, phase=PLAY, current=Trick(1, new.declarer or 0))
    return new
