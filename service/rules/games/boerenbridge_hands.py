"""Hands as 52-bit masks (bit ``card.index`` set = the card is held), as python-chess keeps bitboards.

``Card.index`` is suit-major (clubs 0-12, diamonds 13-25, hearts 26-38, spades 39-51) and rank
ascending inside a suit, so a suit is one 13-bit field and "does this hand hold the suit led" is
one shift and one mask. Removing a played card is one xor. The match state stores hands this way;
views turn them back into card lists.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from service.rules.cards import BY_INDEX, Card

SUIT_BITS = 13
SUIT_FIELD = (1 << SUIT_BITS) - 1
FULL_PACK = (1 << 52) - 1
#: for each 13-bit pattern, the positions of its set bits, low to high
BIT_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(SUIT_BITS) if pattern >> i & 1) for pattern in range(1 << SUIT_BITS)
)

T = TypeVar("T")


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in ``Card.index`` order (clubs, diamonds, hearts, spades; 2 to A)."""
    out: list[Card] = []
    for suit in range(4):
        pattern = mask >> (SUIT_BITS * suit) & SUIT_FIELD
        if pattern:
            base = SUIT_BITS * suit
            out.extend(BY_INDEX[base + i] for i in BIT_POSITIONS[pattern])
    return tuple(out)


def suit_no(card: Card) -> int:
    return card.index // SUIT_BITS


def pick(mask: int, table: tuple[T, ...]) -> list[T]:
    """``table[card.index]`` for each card of the mask, in index order."""
    out: list[T] = []
    for suit in range(4):
        pattern = mask >> (SUIT_BITS * suit) & SUIT_FIELD
        if pattern:
            base = SUIT_BITS * suit
            out.extend([table[base + i] for i in BIT_POSITIONS[pattern]])
    return out


def legal_mask(hand: int, led: Card | None) -> int:
    """Follow suit if able, else any card (§7): the legal part of ``hand``."""
    if led is None:
        return hand
    shift = SUIT_BITS * (led.index // SUIT_BITS)
    follow = hand & (SUIT_FIELD << shift)
    return follow or hand
