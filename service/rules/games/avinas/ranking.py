"""Avinas cards and trick rules: ranking, card points, following and winning (rules/avinas.md §2, §7).

* Trumps (14 cards, high to low): QC, the trump 7, QS, QH, QD, JC, JS, JH, JD, then the trump
  suit's A 10 K 9 8 (§2). Every Queen and Jack is a trump whatever the trump suit.
* Each other suit (6 cards, high to low): A 10 K 9 8 7 (its Queen and Jack are trumps).
* Card points: A 11, 10 10, K 4, Q 3, J 2, 9/8/7 nothing; 120 in the pack.
* Tricks 1 and 2 are *trump-led tricks* (§7.1, §7.2): the followers must play a trump if they hold
  one, even when the leader (trick 2 without a trump, or the no-seven corner case of §7.1) led a
  non-trump, face up or face down. If nobody plays a trump to such a trick, option
  ``no_trump_followed_winner`` decides (``leader`` by default, or ``highest_of_led_suit``).
* Tricks 3-8 (§7.3): follow the effective suit led if you can; otherwise play anything.
* Leading: tricks 1 and 2 must be led with a trump when the leader holds one (every trick with
  ``trump_lead_obligation = "every_trick"``). Only the trick-2 leader without a trump may lead face
  down.

The functions here take plain values (cards, the trump suit, the trick number, the options) so
the stateless endpoints and the match engine share one implementation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.base import Play, highest
from service.rules.cards import DECK_32, SUITS, Card, Rank, Suit

PACK = frozenset(DECK_32)
PACK_POINTS = 120
SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}

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
#: for each trump suit, the set of trumps
TRUMPS: dict[Suit, frozenset[Card]] = {s: frozenset(order) for s, order in TRUMP_ORDER.items()}
#: for each trump suit, ``_IS_TRUMP[trump][card.index]``: whether the card is a trump (``TRUMPS``
#: without hashing a card, which is a Python call)
_IS_TRUMP: dict[Suit, tuple[bool, ...]] = {
    s: tuple(any(c.index == i for c in order) for i in range(52)) for s, order in TRUMP_ORDER.items()
}


def is_permanent_trump(c: Card) -> bool:
    """Queens and Jacks are trumps whatever the trump suit (§2)."""
    return c.rank is _Q or c.rank is _J


def is_trump(c: Card, trump: Suit) -> bool:
    return _IS_TRUMP[trump][c.index]


def card_points(cards: Sequence[Card]) -> int:
    return sum(CARD_POINTS[c] for c in cards)


def plain_order(suit: Suit) -> tuple[Card, ...]:
    """A non-trump suit, high to low: A 10 K 9 8 7."""
    return tuple(Card(r, suit) for r in _PLAIN_RANKS)


def suit_word(c: Card, trump: Suit) -> str:
    """The effective suit of a card, in words: "a trump" or "spades"."""
    return "a trump" if is_trump(c, trump) else SUIT_NAMES[c.suit]


def trumps_of(hand: Sequence[Card], trump: Suit) -> tuple[Card, ...]:
    t = _IS_TRUMP[trump]
    return tuple([c for c in hand if t[c.index]])


def count_for_declaration(hand: Sequence[Card], suit: Suit, how: str) -> int:
    """The number a truthful declarer would have declared for ``suit`` (§5.2, §8.3).

    ``how = "trumps"``: every Queen and Jack plus the suit's A 10 K 9 8 7; ``"suit_cards"``: the
    cards printed with that suit (its Q and J included).
    """
    if how == "suit_cards":
        return sum(1 for c in hand if c.suit is suit)
    return len(trumps_of(hand, suit))


def trump_led_trick(trick_number: int | None, lead: Play | None) -> bool:
    """True for tricks 1 and 2, where the followers must trump whatever was led (§7.1, §7.2).

    Without a trick number, a face-down lead can only be trick 2's, so it counts as one.
    """
    if trick_number in (1, 2):
        return True
    return trick_number is None and lead is not None and lead.face_down


def must_lead_trump(trick_number: int | None, options: Mapping[str, Any]) -> bool:
    if trick_number in (1, 2):
        return True
    return options.get("trump_lead_obligation") == "every_trick"


def legal_cards(
    hand: Sequence[Card], trick: Sequence[Play], trump: Suit, trick_number: int | None, options: Mapping[str, Any]
) -> tuple[tuple[Card, ...], str, str]:
    """The playable cards of ``hand`` (hand order), the refusal code and the rule sentence."""
    tname = SUIT_NAMES[trump]
    trumps = trumps_of(hand, trump)
    if not trick:
        if must_lead_trump(trick_number, options):
            which = f"trick {trick_number}" if trick_number in (1, 2) else "every trick (option every_trick)"
            if trumps:
                return trumps, "must_lead_trump", (
                    f"{which}: the leader holds a trump and must lead one (a Queen, a Jack or a {tname[:-1]})"
                )
            if trick_number == 2:
                return tuple(hand), "no_constraint", "no trump in hand: lead any card, face up or face down"
            return tuple(hand), "no_constraint", f"{which}: no trump in hand, any card may be led"
        return tuple(hand), "no_constraint", "the leader may lead any card"
    lead = trick[0]
    if trump_led_trick(trick_number, lead) or is_trump(lead.card, trump):
        if trumps:
            if is_trump(lead.card, trump) and not lead.face_down:
                rule = "a trump was led: must play a trump (Queens and Jacks are trumps)"
            else:
                rule = f"trick {trick_number or 2} is played as if a trump had been led: must play a trump"
            return trumps, "must_play_trump", rule
        return tuple(hand), "no_constraint", "no trump in hand: any card may be played"
    suit = lead.card.suit
    t = _IS_TRUMP[trump]
    same = tuple([c for c in hand if c.suit is suit and not t[c.index]])
    if same:
        return same, "must_follow_suit", (
            f"must follow {SUIT_NAMES[suit]} (its Queen and Jack are trumps, not {SUIT_NAMES[suit]})"
        )
    return tuple(hand), "no_constraint", f"no {SUIT_NAMES[suit]} in hand: any card may be played"


def winner_of(
    plays: Sequence[Play], trump: Suit, trick_number: int | None, options: Mapping[str, Any]
) -> tuple[int, str]:
    """Index of the winning play and the reason (§7.1-§7.3)."""
    strength = TRUMP_STRENGTH[trump]
    best = highest(plays, strength.get)
    if best is not None:
        c = plays[best].card
        if strength[c] == len(TRUMP_ORDER[trump]):
            return best, f"{c.text} is the top trump"
        return best, f"{c.text} is the highest trump played"
    lead = plays[0]
    led_suit = lead.card.suit

    def same_suit(c: Card) -> int | None:
        return PLAIN_STRENGTH[c] if c.suit is led_suit else None

    if trump_led_trick(trick_number, lead):
        if options.get("no_trump_followed_winner", "leader") == "leader":
            return 0, (
                "no trump was played to a trick the others had to follow as if a trump had been led: "
                "the leader wins (option no_trump_followed_winner = leader)"
            )
        best = highest(plays, same_suit)
        assert best is not None
        return best, (
            f"no trump was played: {plays[best].card.text} is the highest {SUIT_NAMES[led_suit]} "
            "(option no_trump_followed_winner = highest_of_led_suit)"
        )
    best = highest(plays, same_suit)
    assert best is not None
    return best, f"no trump was played: {plays[best].card.text} is the highest {SUIT_NAMES[led_suit]}, the suit led"


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
