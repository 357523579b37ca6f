"""Hands as 52-bit masks (bit ``card.index`` set = the card is held), as python-chess keeps bitboards.

``Card.index`` is suit-major (clubs 0-12, diamonds 13-25, hearts 26-38, spades 39-51) and rank
ascending inside a suit, so a suit is one 13-bit field and "does this hand hold the suit led" is
one shift and one mask. Removing a played card is one xor. The match state stores hands this way;
views turn them back into card lists.
"""

from __future__ import annotations

from typing import TypeVar

from service.rules.cards import BY_INDEX, Card

SUIT_BITS = 13
SUIT_FIELD = (1 << SUIT_BITS) - 1
FULL_PACK = (1 << 52) - 1
#: INDICES[suit][pattern]: the card indices held in a suit whose 13-bit field is ``pattern``
#: (suit 0 = clubs; its entries are also the bit positions of a pattern). 4 x 8192 small tuples.
_POSITIONS = tuple(tuple(i for i in range(SUIT_BITS) if pattern >> i & 1) for pattern in range(1 << SUIT_BITS))
INDICES: tuple[tuple[tuple[int, ...], ...], ...] = (
    _POSITIONS,
    *(tuple(tuple(SUIT_BITS * suit + i for i in p) for p in _POSITIONS) for suit in (1, 2, 3)),
)

T = TypeVar("T")


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in ``Card.index`` order (clubs, diamonds, hearts, spades; 2 to A)."""
    return tuple(pick(mask, BY_INDEX))


def pick(mask: int, table: tuple[T, ...]) -> list[T]:
    """``table[card.index]`` for each card of the mask, in index order."""
    c, d, h, s = INDICES
    return [table[i] for i in (*c[mask & SUIT_FIELD], *d[mask >> 13 & SUIT_FIELD], *h[mask >> 26 & SUIT_FIELD],
                               *s[mask >> 39 & SUIT_FIELD])]


def legal_mask(hand: int, led: Card | None) -> int:
    """Follow suit if able, else any card (§7): the legal part of ``hand``."""
    if led is None:
        return hand
    shift = SUIT_BITS * (led.index // SUIT_BITS)
    follow = hand & (SUIT_FIELD << shift)
    return follow or hand
