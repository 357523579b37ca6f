"""Avinas trick rules: leading, following, winning, face-down leads (docs/rules/avinas.md §7.1-§7.3).

* Tricks 1 and 2 are *trump-led tricks* (§7.1, §7.2): the followers must play a trump if they hold
  one, even when the leader (trick 2 without a trump, or the no-seven corner case of §7.1) led a
  non-trump, face up or face down. If nobody plays a trump to such a trick, option
  ``no_trump_followed_winner`` decides (``leader`` by default, or ``highest_of_led_suit``).
* Tricks 3-8 (§7.3): follow the effective suit led if you can; otherwise play anything. The highest
  trump wins, else the highest card of the suit led.
* Leading: tricks 1 and 2 must be led with a trump when the leader holds one (every trick with
  ``trump_lead_obligation = "every_trick"``). Only the trick-2 leader without a trump may lead face
  down (§7.2).

The functions here take plain values (cards, the trump suit, the trick number, the options) so the
stateless endpoints (``trick_winner``, ``legal_plays``) and the match engine (``legal_cards``,
``winner_of``, and ``judge`` for the table-mode revokes) share one implementation. Trick context for
the stateless endpoints: ``ctx.trick_number`` (1-8, None = a trick from 3 on, unless its lead is
face down, which only trick 2 can be); no ``ctx.extra`` keys are read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.cards import Card, Suit, check_distinct
from service.rules.errors import InvalidFacts, TooManyPlays
from service.rules.facts import is_json_int
from service.rules.games.avinas.options import config
from service.rules.games.avinas.ranking import (
    IS_TRUMP,
    PACK,
    PLAIN_STRENGTH,
    SUIT_NAMES,
    TRUMP_ORDER,
    TRUMP_STRENGTH,
    is_trump,
    trumps_of,
)
from service.rules.tricks import Play, PlayVerdict, TrickContext, TrickOutcome, highest


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
    return config(options).trump_lead_every_trick


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
    t = IS_TRUMP[trump]
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
        if not config(options).no_trump_highest_of_led_suit:
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




# ------------------------------------------------------------------------------------------------
# The stateless endpoints: a trick or a hand given as plain facts
# ------------------------------------------------------------------------------------------------


def check_pack(cards: Sequence[Card], where: str) -> None:
    for c in cards:
        if c not in PACK:
            raise InvalidFacts(f"{c.text} is not in the Avinas pack (A K Q J 10 9 8 7 of each suit)")
    check_distinct(cards, where)


def trick_context(ctx: TrickContext) -> tuple[Suit, int | None]:
    """The trump suit and the trick number (None: a trick from 3 on) of a trick given as facts."""
    if ctx.trump is None:
        raise InvalidFacts(
            "an Avinas trick always has a trump suit (the last exposed seven's, or the one the no-seven "
            "declarer's opening lead fixes): give 'trump'"
        )
    n = ctx.trick_number
    if n is not None and not (is_json_int(n) and 1 <= n <= 8):
        raise InvalidFacts(f"'trick_number' is from 1 to 8 in Avinas; got {n!r}")
    return ctx.trump, n


def check_face_down(plays: Sequence[Play], trump: Suit, n: int | None) -> None:
    """Only trick 2's lead may be face down, and never a trump (§7.2)."""
    for i, p in enumerate(plays):
        if not p.face_down:
            continue
        if i:
            raise InvalidFacts("only the lead of a trick can be face down (§7.2)")
        if n not in (None, 2):
            raise InvalidFacts(f"only trick 2 can be led face down (§7.2), not trick {n}")
        if is_trump(p.card, trump):
            raise InvalidFacts(
                f"{p.card.text} is a trump: a face-down lead is only for a trick-2 leader without trumps"
            )


def trick_winner(plays: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]) -> TrickOutcome:
    """``Ruleset.trick_winner``: the winner of a trick given as facts."""
    trump, n = trick_context(ctx)
    if not plays:
        raise InvalidFacts("a trick needs at least one play")
    if len(plays) > 4:
        raise TooManyPlays(f"an Avinas trick has at most 4 plays; got {len(plays)}")
    check_pack([p.card for p in plays], "the trick")
    check_face_down(plays, trump, n)
    index, reason = winner_of(plays, trump, n, options)
    return TrickOutcome(index, plays[index].card, reason)


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]
) -> PlayVerdict:
    """``Ruleset.legal_plays``: the cards of a hand given as facts that may be played to a trick."""
    trump, n = trick_context(ctx)
    if len(trick) >= 4:
        raise TooManyPlays("the trick already has its 4 plays")
    if len(hand) > 8:
        raise InvalidFacts(f"an Avinas hand has at most 8 cards; got {len(hand)}")
    check_pack(hand, "the hand")
    check_pack([p.card for p in trick], "the trick")
    check_distinct([*hand, *(p.card for p in trick)], "the hand and the trick")
    check_face_down(trick, trump, n)
    legal, code, rule = legal_cards(hand, trick, trump, n, options)
    return PlayVerdict(legal, code, rule)


def judge(
    hand: tuple[Card, ...], trick: tuple[Play, ...], ctx: TrickContext, options: Mapping[str, Any]
) -> PlayVerdict:
    """``legal_plays`` as ``find_revokes`` asks it of a state's own records (``revokes.Judge``): the same
    verdict without the checks of input (pack, distinct cards, face-down leads, the options), which
    the cards a match state accepted never fail."""
    trump = ctx.trump
    assert trump is not None
    legal, code, rule = legal_cards(hand, trick, trump, ctx.trick_number, options)
    return PlayVerdict(legal, code, rule)
