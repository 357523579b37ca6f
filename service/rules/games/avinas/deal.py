"""The Avinas deal (docs/rules/avinas.md §3, §4.1).

The dealer deals the 32-card pack in fours, clockwise, starting at his left: D+1, D+2, D+3, D get
cards #1-#4, then #5-#8 in the same order; the last card of each packet (#4, #8) is an exposure
position (``exposure``). The deal passes to the left after every hand, thrown-in hands included
(``round_end``). In table mode the cards are dealt at the table: the hand starts with no cards known
and the referee reports the exposures.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.rules.cards import Card
from service.rules.errors import InvalidInput, MatchOver, wrong_phase
from service.rules.games.avinas.actions import phase_types
from service.rules.games.avinas.exposure import after_exposures, dealt_exposures
from service.rules.games.avinas.ranking import PACK
from service.rules.games.avinas.state import EXPOSE, AvinasState, HandState
from service.rules.messages import Msg
from service.rules.ruleset import FINISHED
from service.rules.slots import evolve


def deal(state: AvinasState, deck: Sequence[Card] | None) -> AvinasState:
    """``Ruleset.deal``: the next hand, dealt from ``deck`` (dealt mode) or at the table (``None``)."""
    if state.status == FINISHED:
        raise MatchOver(Msg("avinas.match_over"))
    if state.hand is not None:
        raise wrong_phase(Msg("avinas.deal.hand_in_progress"), phase_types(state, state.hand))
    dealer = state.dealer
    number = state.hands_played + 1
    if state.mode == "table":
        if deck is not None:
            raise InvalidInput(Msg("avinas.deal.table_no_deck"))
        return evolve(state, hand=HandState(number, dealer, EXPOSE, None, None))
    if deck is None or len(deck) != 32 or set(deck) != PACK:
        raise InvalidInput(Msg("avinas.deal.needs_pack"))
    dealt = dealt_hands(deck, dealer)
    hand = HandState(number, dealer, EXPOSE, dealt, dealt, dealt_exposures(dealt, dealer))
    return evolve(state, hand=after_exposures(hand))


def dealt_hands(deck: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """Each seat's 8 cards in the order dealt, in fours from the dealer's left (§4.1)."""
    got: list[list[Card]] = [[], [], [], []]
    i = 0
    for _packet in range(2):
        for off in (1, 2, 3, 4):
            got[(dealer + off) % 4].extend(deck[i : i + 4])
            i += 4
    return tuple(tuple(h) for h in got)
