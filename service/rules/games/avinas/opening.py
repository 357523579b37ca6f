"""The no-seven declarer's opening lead, which fixes trumps (docs/rules/avinas.md §5.2, §7.1).

In the no-seven game no suit is trumps until the declarer leads to trick 1: a natural card
(A 10 K 9 8 7) fixes trumps to its suit; a Queen or Jack, trumps in every suit, must name the suit
with the lead (``suit`` on the ``play`` action). A declarer holding no trump for the suit he names
(a liar, whom the lie check of §8.3 catches when the hand ends) may name it and lead any card face
up; the others then follow as if a trump had been led (``play``). In table mode the declarer's
hand is unknown, so any unseen card may be reported with any suit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from service.rules.actions import Action
from service.rules.cards import SUITS, Card, Suit
from service.rules.errors import IllegalPlay
from service.rules.games.avinas.actions import PLAY_CARD
from service.rules.games.avinas.ranking import is_permanent_trump, trumps_of
from service.rules.games.avinas.state import HandState, Trick
from service.rules.messages import Msg


def is_opening(hand: HandState, cur: Trick) -> bool:
    """Whether ``cur`` waits for the no-seven declarer's opening lead (trumps not yet fixed)."""
    return hand.game == "no_seven" and cur.number == 1 and not cur.plays and hand.trump is None


def actions(cards: Sequence[Card], seat: int, table: bool) -> list[Action]:
    """The opening leads of ``cards``: a Queen or Jack with each suit named; a natural card alone
    (fixing its own suit) and, for a declarer without a Queen or Jack, with each suit he holds no
    card of named (he holds no trump for it)."""
    out: list[Action] = []
    no_qj = table or not any(is_permanent_trump(c) for c in cards)
    held = {x.suit for x in cards}
    for c in cards:
        if is_permanent_trump(c):
            out.extend(Action("play", seat, card=c, suit=s) for s in SUITS)
            continue
        out.append(PLAY_CARD[seat][c])
        if no_qj:
            out.extend(
                Action("play", seat, card=c, suit=s)
                for s in SUITS
                if s is not c.suit and (table or s not in held)
            )
    return out


def named_trump(action: Action, c: Card, held: Sequence[Card], table: bool, legal: Callable[[], list[Any]]) -> Suit:
    """The trump suit the opening lead of ``c`` fixes (``held``: the declarer's hand, dealt mode)."""
    if is_permanent_trump(c):
        if action.suit is None:
            raise IllegalPlay(
                Msg("avinas.play.must_name_trump", card=c),
                code="must_name_trump", legal=legal(),
            )
        return action.suit
    if action.suit is None or action.suit is c.suit:
        return c.suit
    trump = action.suit
    if not table and trumps_of(held, trump):
        raise IllegalPlay(
            Msg("avinas.play.must_lead_named_trump", suit=trump),
            code="must_lead_trump", legal=legal(),
        )
    return trump
