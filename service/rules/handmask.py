"""Sets of cards of the 52-card pack as 52-bit masks: bit ``card.index`` set = the card is in the set.

The games that keep hands this way (the Forty-Fives family, Boerenbridge) share this module, as
python-chess keeps its bitboards: removing a played card is one xor, "does this hand hold the suit
led" is one ``and``, and counting cards is ``int.bit_count``.

``Card.index`` is suit-major (clubs 0-12, diamonds 13-25, hearts 26-38, spades 39-51; suit index
``card.index // 13`` in ``SUITS`` order) and rank ascending inside a suit, so each suit is one
13-bit field. Masks turn back into cards (or anything indexed by card) in that index order:
clubs, diamonds, hearts, spades, each 2 to A.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from service.rules.cards import ALL_CARDS, SUITS, Card, Suit

T = TypeVar("T")

SUIT_BITS = 13
#: one suit's 13-bit field, at the bottom of an int
SUIT_FIELD = (1 << SUIT_BITS) - 1
#: every card of the pack
FULL_PACK = (1 << 52) - 1
#: BIT[card.index]: the card's bit
BIT: tuple[int, ...] = tuple(1 << i for i in range(52))
#: SUIT_MASKS[suit index]: every card of that suit
SUIT_MASKS: tuple[int, ...] = tuple(SUIT_FIELD << SUIT_BITS * s for s in range(4))
#: TEXTS[card.index]: the card's canonical text
TEXTS: tuple[str, ...] = tuple(c.text for c in ALL_CARDS)

_POSITIONS = tuple(tuple(i for i in range(SUIT_BITS) if pattern >> i & 1) for pattern in range(1 << SUIT_BITS))
#: INDICES[suit index][pattern]: the card indices of that suit whose 13-bit field is ``pattern``
#: (4 x 8192 small tuples, built once)
INDICES: tuple[tuple[tuple[int, ...], ...], ...] = (
    _POSITIONS,
    *(tuple(tuple(SUIT_BITS * suit + i for i in p) for p in _POSITIONS) for suit in (1, 2, 3)),
)
_C, _D, _H, _S = INDICES
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_SMALL = 6  # below this many cards, walking the lowest bits beats the suit tables


def bit(card: Card) -> int:
    return BIT[card.index]


def suit_mask(suit: Suit) -> int:
    """Every card of ``suit``."""
    return SUIT_MASKS[_SUIT_INDEX[suit]]


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some cards (a card given twice counts once: compare ``bit_count`` with the length)."""
    m = 0
    for c in cards:
        m |= BIT[c.index]
    return m


def pick(mask: int, table: tuple[T, ...]) -> list[T]:
    """``table[card.index]`` for each card of ``mask``, in index order (a table per card: the cards
    themselves, their texts, one prebuilt action per card ...)."""
    if mask.bit_count() < _SMALL:
        out = []
        while mask:
            low = mask & -mask
            out.append(table[low.bit_length() - 1])
            mask ^= low
        return out
    return [table[i] for i in (*_C[mask & SUIT_FIELD], *_D[mask >> 13 & SUIT_FIELD], *_H[mask >> 26 & SUIT_FIELD],
                               *_S[mask >> 39 & SUIT_FIELD])]


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in index order."""
    return tuple(pick(mask, ALL_CARDS))


def texts_of(mask: int) -> list[str]:
    """The canonical texts of the cards of a mask, in index order (for views and refusals)."""
    return pick(mask, TEXTS)
