"""Card ranking, legal plays and trick winners for the Forty-Fives family (forty-fives.md §1 and §4).

Everything here works on 52-bit masks (bit ``card.index``) and on per-(trump, options) tables that
are built once and cached, so the match engine decides a play with a few integer operations:

* ``RankTable``: for one trump suit, one plain-ace rule, one renege rule and one demotion state,
  each card's effective suit (§1.2) and strength (trumps 101.., plain cards 1..13 within their
  suit; a demoted ace of trumps is 100, below every other trump, §1.5), the trump mask, the plain
  suit masks, the renegable trumps (§1.4) and, for every trump, the mask of trumps above it.
* ``PlayRules``: the options that shape legality (§4.2, §4.3).
* ``legal_mask``: the §4.2 algorithm, returning the legal cards of a hand and the reason (an
  ``R_*`` code that ``verdict_text`` turns into a machine code and a sentence).
* ``winner_position``: §4.4, the highest trump, else the highest card of the suit led.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from service.rules.cards import ALL_CARDS, SUITS, Card, Rank, Suit
from service.rules.handmask import BIT, cards_of, mask_of

SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(SUITS)}
HEARTS_I = SUIT_INDEX[Suit.HEARTS]
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
ACE_OF_HEARTS = Card(Rank.ACE, Suit.HEARTS)
AH_INDEX = ACE_OF_HEARTS.index
TRUMP_BASE = 100  # trump strengths are TRUMP_BASE + 1 .. ; a demoted ace of trumps is TRUMP_BASE


def ace_of_trumps(trump: Suit) -> Card:
    return Card(Rank.ACE, trump)


def five_of_trumps(trump: Suit) -> Card:
    return Card(Rank.FIVE, trump)


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
    at = ace_of_trumps(trump)
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


# ------------------------------------------------------------------------------------------------
# Legal plays (§4.2, §4.3)
# ------------------------------------------------------------------------------------------------

PLAIN_RULES = ("follow_or_trump", "must_follow", "any")
AH_RULES = (
    "trump_lead",
    "trump_lead_hearts_fallback",
    "trump_lead_renege_then_hearts",
    "trump_lead_no_renege_hearts_fallback",
)
AH_TRUMP_LEAD, AH_FALLBACK, AH_RENEGE_THEN_HEARTS, AH_NO_RENEGE = range(4)

# Reasons returned with a legal mask.
R_LEAD = 0
R_VOID = 1
R_FOLLOW_OR_TRUMP = 2
R_MUST_FOLLOW = 3
R_PLAIN_ANY = 4
R_NO_TRUMP = 5
R_AH_HEART = 6
R_AH_NOTHING = 7
R_AH_NO_RENEGE = 8
R_MUST_TRUMP = 9
R_RENEGE = 10
R_RENEGE_OR_HEART = 11


@dataclass(frozen=True)
class PlayRules:
    """The options that decide which cards may be played (§4)."""

    plain_rule: int  # index into PLAIN_RULES
    ah_rule: int  # index into AH_RULES
    ref_highest: bool  # renege_reference == "highest_trump_in_trick"


def reference_index(table: RankTable, trick: Sequence[Card], ref_highest: bool) -> int:
    """The card a protected trump must outrank (§4.2 c): the led card, or the highest trump so far."""
    led = trick[0].index
    if not ref_highest:
        return led
    strength = table.strength
    best = led
    for c in trick:
        i = c.index
        if strength[i] > strength[best] and table.eff[i] == table.trump_i:
            best = i
    return best


def legal_mask(rules: PlayRules, table: RankTable, hand: int, trick: Sequence[Card]) -> tuple[int, int]:
    """The legal cards of ``hand`` (a mask) for a play to ``trick``, and the reason (``R_*``)."""
    if not trick:
        return hand, R_LEAD
    led = trick[0].index
    s = table.eff[led]
    t = table.trump_i
    if s != t:
        follow = hand & table.suit_masks[s]
        if not follow:
            return hand, R_VOID
        rule = rules.plain_rule
        if rule == 0:
            return follow | (hand & table.trump_mask), R_FOLLOW_OR_TRUMP
        if rule == 1:
            return follow, R_MUST_FOLLOW
        return hand, R_PLAIN_ANY
    ah = rules.ah_rule if (led == AH_INDEX and t != HEARTS_I) else AH_TRUMP_LEAD
    th = hand & table.trump_mask
    if not th:
        if ah:
            hearts = hand & table.plain_hearts
            if hearts:
                return hearts, R_AH_HEART
            return hand, R_AH_NOTHING
        return hand, R_NO_TRUMP
    if ah == AH_NO_RENEGE:
        return th, R_AH_NO_RENEGE
    ref = reference_index(table, trick, rules.ref_highest) if rules.ref_highest else led
    protected = th & table.renegable & table.above[ref]
    if th & ~protected:
        return th, R_MUST_TRUMP
    if ah == AH_RENEGE_THEN_HEARTS:
        hearts = hand & table.plain_hearts
        if hearts:
            return protected | hearts, R_RENEGE_OR_HEART
    return hand, R_RENEGE


_CODES = {
    R_LEAD: "no_constraint",
    R_VOID: "no_constraint",
    R_FOLLOW_OR_TRUMP: "must_follow_suit_or_trump",
    R_MUST_FOLLOW: "must_follow_suit",
    R_PLAIN_ANY: "no_constraint",
    R_NO_TRUMP: "no_constraint",
    R_AH_HEART: "must_play_heart",
    R_AH_NOTHING: "no_constraint",
    R_AH_NO_RENEGE: "must_play_trump",
    R_MUST_TRUMP: "must_play_trump",
    R_RENEGE: "no_constraint",
    R_RENEGE_OR_HEART: "must_play_trump_or_heart",
}


def _names(cards: Sequence[Card]) -> str:
    return ", ".join(c.text for c in cards)


def verdict_text(
    reason: int, rules: PlayRules, table: RankTable, hand: int, trick: Sequence[Card]
) -> tuple[str, str]:
    """The machine code and the sentence for a reason returned by ``legal_mask``."""
    code = _CODES[reason]
    if reason == R_LEAD:
        return code, "the leader may lead any card"
    led = trick[0]
    suit_name = SUIT_NAMES[table.eff[led.index]]
    if reason == R_VOID:
        return code, f"{led.text} was led and no {suit_name} are held (the A♥ is a trump, not a heart): any card"
    if reason == R_FOLLOW_OR_TRUMP:
        return code, f"must follow {suit_name} or play a trump"
    if reason == R_MUST_FOLLOW:
        return code, f"must follow {suit_name} (plain_lead_rule 'must_follow')"
    if reason == R_PLAIN_ANY:
        return code, "no obligation on a plain-suit lead (plain_lead_rule 'any')"
    if reason == R_NO_TRUMP:
        return code, f"a trump ({led.text}) was led and no trump is held: any card"
    if reason == R_AH_HEART:
        return code, "the A♥ was led and no trump is held: must play a heart"
    if reason == R_AH_NOTHING:
        return code, "the A♥ was led; no trump and no heart is held: any card"
    if reason == R_AH_NO_RENEGE:
        return code, "the A♥ was led: must play a trump (no reneging against the A♥)"
    th = hand & table.trump_mask
    ref = ALL_CARDS[reference_index(table, trick, rules.ref_highest)]
    if reason == R_MUST_TRUMP:
        protected = th & table.renegable & table.above[ref.index]
        forced = cards_of(th & ~protected)
        return code, (
            f"a trump was led ({ref.text} is the card to beat for reneging) and {_names(forced)} "
            f"{'is' if len(forced) == 1 else 'are'} not protected: must play a trump"
        )
    held = cards_of(th)
    if reason == R_RENEGE_OR_HEART:
        return code, (
            f"may renege ({_names(held)} outrank{'s' if len(held) == 1 else ''} {ref.text}), "
            "but against the A♥ must then play a protected trump or a heart"
        )
    return code, (
        f"may renege: the only trump{'s' if len(held) > 1 else ''} held ({_names(held)}) "
        f"outrank{'s' if len(held) == 1 else ''} {ref.text}, so any card may be played"
    )


# ------------------------------------------------------------------------------------------------
# Trick winner (§4.4)
# ------------------------------------------------------------------------------------------------


def winner_position(table: RankTable, trick: Sequence[Card]) -> int:
    """Index of the winning card: the highest trump, else the highest card of the suit led."""
    keys = table.win_keys[table.eff[trick[0].index]]
    best = 0
    best_key = keys[trick[0].index]
    for pos in range(1, len(trick)):
        k = keys[trick[pos].index]
        if k > best_key:
            best, best_key = pos, k
    return best


def win_reason(table: RankTable, trick: Sequence[Card], pos: int) -> str:
    """Why ``trick[pos]`` won, in words."""
    c = trick[pos]
    if table.eff[c.index] == table.trump_i:
        t = table.trump
        if c is table.demoted:
            return f"{c.text} wins: the only trump played, though demoted to the lowest trump"
        if c.rank is Rank.FIVE and c.suit is t:
            return f"{c.text} is the top trump (the 5 of trumps)"
        if c.rank is Rank.JACK and c.suit is t:
            return f"{c.text} is the highest trump played (the jack is the second trump)"
        if c is ACE_OF_HEARTS:
            return f"{c.text} is the highest trump played (the A♥ is always the third trump)"
        if sum(1 for d in trick if table.eff[d.index] == table.trump_i) == 1:
            return f"{c.text} is the only trump played"
        return f"{c.text} is the highest trump played"
    name = SUIT_NAMES[table.eff[c.index]]
    return f"no trump was played; {c.text} is the highest of {name}, the suit led"
