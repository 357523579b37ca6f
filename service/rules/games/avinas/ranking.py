"""Avinas cards: the 32-card pack, the ranking, card points, the trumps (docs/rules/avinas.md §2).

* Trumps (14 cards, high to low): QC, the trump 7, QS, QH, QD, JC, JS, JH, JD, then the trump
  suit's A 10 K 9 8 (§2). Every Queen and Jack is a trump whatever the trump suit.
* Each other suit (6 cards, high to low): A 10 K 9 8 7 (its Queen and Jack are trumps).
* Card points: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 nothing; 120 in the pack.
* What a declaration counts (§5.2, §8.3): all trumps of the named suit, or the cards printed with it
  (option ``declaration_count``).

Following and winning tricks are in ``play``. Speed: whether a card is a trump is read from a
per-suit table indexed by ``card.index`` (``IS_TRUMP``: ``is_trump``, ``trumps_of``), which runs for
every card listed or played, cheaper than testing membership of a frozenset of the trumps
(bench/HISTORY.md, Avinas).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.rules.cards import DECK_32, SUITS, Card, Rank, Suit

PACK = frozenset(DECK_32)
PACK_POINTS = 120

_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
#: card points of each card of the pack (§2)
CARD_POINTS: dict[Card, int] = {c: _POINTS.get(c.rank, 0) for c in DECK_32}

_PLAIN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
#: strength of a card within its plain (non-trump) suit, higher is better
PLAIN_STRENGTH: dict[Card, int] = {
    Card(r, s): len(_PLAIN_RANKS) - i for s in SUITS for i, r in enumerate(_PLAIN_RANKS)
}

_Q = Rank.QUEEN
_J = Rank.JACK
_C, _D, _H, _S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def _trump_order(trump: Suit) -> tuple[Card, ...]:
    return (
        Card(_Q, _C), Card(Rank.SEVEN, trump), Card(_Q, _S), Card(_Q, _H), Card(_Q, _D),
        Card(_J, _C), Card(_J, _S), Card(_J, _H), Card(_J, _D),
        Card(Rank.ACE, trump), Card(Rank.TEN, trump), Card(Rank.KING, trump),
        Card(Rank.NINE, trump), Card(Rank.EIGHT, trump),
    )  # fmt: skip


#: for each trump suit, the 14 trumps high to low (§2)
TRUMP_ORDER: dict[Suit, tuple[Card, ...]] = {s: _trump_order(s) for s in SUITS}
#: for each trump suit, each trump's strength (higher is better); non-trumps are absent
TRUMP_STRENGTH: dict[Suit, dict[Card, int]] = {
    s: {c: len(order) - i for i, c in enumerate(order)} for s, order in TRUMP_ORDER.items()
}
#: for each trump suit, ``IS_TRUMP[trump][card.index]``: whether the card is a trump
IS_TRUMP: dict[Suit, tuple[bool, ...]] = {
    s: tuple(any(c.index == i for c in order) for i in range(52)) for s, order in TRUMP_ORDER.items()
}


def is_permanent_trump(c: Card) -> bool:
    """Queens and Jacks are trumps whatever the trump suit (§2)."""
    return c.rank is _Q or c.rank is _J


def is_trump(c: Card, trump: Suit) -> bool:
    return IS_TRUMP[trump][c.index]


def plain_order(suit: Suit) -> tuple[Card, ...]:
    """A non-trump suit, high to low: A 10 K 9 8 7."""
    return tuple(Card(r, suit) for r in _PLAIN_RANKS)


def trumps_of(hand: Sequence[Card], trump: Suit) -> tuple[Card, ...]:
    t = IS_TRUMP[trump]
    return tuple([c for c in hand if t[c.index]])


def count_for_declaration(hand: Sequence[Card], suit: Suit, how: str) -> int:
    """The number a truthful declarer would have declared for ``suit`` (§5.2, §8.3).

    ``how = "trumps"``: every Queen and Jack plus the suit's A 10 K 9 8 7; ``"suit_cards"``: the
    cards printed with that suit (its Q and J included).
    """
    if how == "suit_cards":
        return sum(1 for c in hand if c.suit is suit)
    return len(trumps_of(hand, suit))


def ranking_tables() -> dict[str, Any]:
    """For each trump suit: the trump order (under the trump suit's letter) and each plain suit's."""
    out: dict[str, Any] = {}
    for trump in SUITS:
        table: dict[str, list[str]] = {}
        for s in SUITS:
            order = TRUMP_ORDER[trump] if s is trump else plain_order(s)
            table[s.value] = [c.text for c in order]
        out[trump.value] = table
    return out
