"""Card ranking for the Forty-Fives family (forty-fives.md §1): the orders of each suit under each
trump, and ``RankTable``, the per-(trump, options) facts that legality and trick winners read.

Everything here works on 52-bit masks (bit ``card.index``). A ``RankTable`` holds, for one trump
suit, one plain-ace rule, one renege rule and one demotion state, each card's effective suit (§1.2)
and strength (trumps 101.., plain cards 1..13 within their suit; a demoted ace of trumps is 100,
below every other trump, §1.5), the trump mask, the plain suit masks, the renegable trumps (§1.4)
and, for every trump, the mask of trumps above it. The tables are built once per (trump, options)
(``rank_table`` is cached; ``table_for`` keeps a match's pair on its ``Config``), so the match
engine decides a play with a few integer operations (``play``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from service.rules.cards import ALL_CARDS, SUITS, Card, Rank, Suit
from service.rules.handmask import BIT, mask_of

if TYPE_CHECKING:
    from service.rules.games.forty_fives.options import Config

SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(SUITS)}
HEARTS_I = SUIT_INDEX[Suit.HEARTS]
ACE_OF_HEARTS = Card(Rank.ACE, Suit.HEARTS)
AH_INDEX = ACE_OF_HEARTS.index
TRUMP_BASE = 100  # trump strengths are TRUMP_BASE + 1 .. ; a demoted ace of trumps is TRUMP_BASE


_ACES: dict[Suit, Card] = {s: Card(Rank.ACE, s) for s in Suit}


def ace_of(trump: Suit) -> Card:
    """The ace of ``trump`` (the interned card)."""
    return _ACES[trump]


# ------------------------------------------------------------------------------------------------
# Orders (§1.3)
# ------------------------------------------------------------------------------------------------

_R = Rank
_RED_PIPS_DOWN = (_R.TEN, _R.NINE, _R.EIGHT, _R.SEVEN, _R.SIX, _R.FOUR, _R.THREE, _R.TWO)
_BLACK_PIPS_DOWN = (_R.TWO, _R.THREE, _R.FOUR, _R.SIX, _R.SEVEN, _R.EIGHT, _R.NINE, _R.TEN)
_RED_PLAIN = (_R.KING, _R.QUEEN, _R.JACK, _R.TEN, _R.NINE, _R.EIGHT, _R.SEVEN, _R.SIX, _R.FIVE, _R.FOUR,
              _R.THREE, _R.TWO)
_BLACK_PLAIN = (_R.KING, _R.QUEEN, _R.JACK, _R.ACE, _R.TWO, _R.THREE, _R.FOUR, _R.FIVE, _R.SIX, _R.SEVEN,
                _R.EIGHT, _R.NINE, _R.TEN)


def trump_order(trump: Suit) -> tuple[Card, ...]:
    """The trumps, high to low: 5T JT AH AT KT QT, then the pips (§1.3); 13 cards when T = H."""
    top = [Card(_R.FIVE, trump), Card(_R.JACK, trump), ACE_OF_HEARTS]
    if trump is not Suit.HEARTS:
        top.append(Card(_R.ACE, trump))
    top += [Card(_R.KING, trump), Card(_R.QUEEN, trump)]
    pips = _RED_PIPS_DOWN if trump.is_red else _BLACK_PIPS_DOWN
    return tuple(top) + tuple(Card(r, trump) for r in pips)


def plain_order(suit: Suit, trump: Suit, aces_high: bool) -> tuple[Card, ...]:
    """A non-trump suit, high to low: "highest in red, lowest in black" (§1.3); AH is never plain.

    ``aces_high`` is the ``plain_ace_rank = "high"`` variant: the plain ace tops its suit.
    """
    if suit.is_red:
        ranks: list[Rank] = list(_RED_PLAIN)
        if suit is Suit.DIAMONDS:
            ranks.append(_R.ACE)
    else:
        ranks = list(_BLACK_PLAIN)
    if aces_high and _R.ACE in ranks:
        ranks.remove(_R.ACE)
        ranks.insert(0, _R.ACE)
    return tuple(Card(r, suit) for r in ranks)


# ------------------------------------------------------------------------------------------------
# Per-trump tables
# ------------------------------------------------------------------------------------------------

RENEGABLE_SETS = ("five_jack_ace_of_hearts", "five_only", "none")


@dataclass(frozen=True, eq=False)
class RankTable:
    """Ranking facts for one trump suit under one set of ranking options (see module doc)."""

    trump: Suit
    trump_i: int
    demoted: Card | None
    eff: tuple[int, ...]  # effective suit index per card index
    strength: tuple[int, ...]  # per card index
    trump_mask: int
    suit_masks: tuple[int, ...]  # per suit index: cards of that effective suit (the trump suit: trumps)
    plain_hearts: int  # hearts that are not trumps (empty when hearts are trump)
    renegable: int
    above: tuple[int, ...]  # per trump card index: the trumps strictly above it
    win_keys: tuple[tuple[int, ...], ...]  # per led suit: strength if the card can win, else 0
    orders: tuple[tuple[Card, ...], ...]  # per suit index, high to low (the trump suit: all trumps)

    def is_trump(self, c: Card) -> bool:
        return self.eff[c.index] == self.trump_i

    def trumps_in(self, hand_mask: int) -> int:
        return hand_mask & self.trump_mask


@cache
def rank_table(trump: Suit, aces_high: bool, renegable: str, demoted: bool) -> RankTable:
    """The table for ``trump``; ``demoted`` ranks the ace of trumps lowest and never renegable."""
    t_i = SUIT_INDEX[trump]
    trumps = list(trump_order(trump))
    at = ace_of(trump)
    if demoted:
        trumps.remove(at)
        trumps.append(at)
    eff = [SUIT_INDEX[c.suit] for c in ALL_CARDS]
    strength = [0] * 52
    for pos, c in enumerate(trumps):
        eff[c.index] = t_i
        strength[c.index] = TRUMP_BASE + len(trumps) - pos
    if demoted:
        strength[at.index] = TRUMP_BASE
    orders: list[tuple[Card, ...]] = []
    for s in SUITS:
        if s is trump:
            orders.append(tuple(trumps))
            continue
        order = plain_order(s, trump, aces_high)
        orders.append(order)
        for pos, c in enumerate(order):
            strength[c.index] = len(order) - pos
    trump_mask = mask_of(trumps)
    suit_masks = tuple(
        trump_mask if i == t_i else mask_of([c for c in ALL_CARDS if eff[c.index] == i]) for i in range(4)
    )
    plain_hearts = suit_masks[HEARTS_I] if t_i != HEARTS_I else 0
    if renegable == "five_jack_ace_of_hearts":
        reneg = mask_of([Card(_R.FIVE, trump), Card(_R.JACK, trump), ACE_OF_HEARTS])
    elif renegable == "five_only":
        reneg = mask_of([Card(_R.FIVE, trump)])
    else:
        reneg = 0
    if demoted:
        reneg &= ~BIT[at.index]
    above = [0] * 52
    for c in trumps:
        above[c.index] = mask_of([d for d in trumps if strength[d.index] > strength[c.index]])
    win_keys = tuple(
        tuple(strength[i] if (eff[i] == t_i or eff[i] == led) else 0 for i in range(52)) for led in range(4)
    )
    return RankTable(
        trump=trump,
        trump_i=t_i,
        demoted=at if demoted else None,
        eff=tuple(eff),
        strength=tuple(strength),
        trump_mask=trump_mask,
        suit_masks=suit_masks,
        plain_hearts=plain_hearts,
        renegable=reneg,
        above=tuple(above),
        win_keys=win_keys,
        orders=tuple(orders),
    )



def table_for(cfg: Config, trump: Suit, demoted: bool) -> RankTable:
    """The table of ``trump`` under ``cfg``'s ranking options, with the ace of trumps demoted or not."""
    pair = cfg.tables.get(trump)
    if pair is None:
        pair = cfg.tables[trump] = (rank_table(trump, cfg.aces_high, cfg.renegable, False),
                                    rank_table(trump, cfg.aces_high, cfg.renegable, True))
    return pair[1] if demoted else pair[0]
