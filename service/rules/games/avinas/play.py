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

from service.rules.cards import DECK_32, SUITS, Card, Suit, check_distinct
from service.rules.errors import InvalidFacts, TooManyPlays
from service.rules.games.avinas.options import config
from service.rules.games.avinas.ranking import (
    IS_TRUMP,
    PACK,
    PLAIN_STRENGTH,
    TRUMP_ORDER,
    TRUMP_STRENGTH,
    is_trump,
    trumps_of,
)
from service.rules.messages import Msg
from service.rules.tricks import Play, PlayVerdict, TrickContext, TrickOutcome, highest


def trump_led_trick(trick_number: int | None, lead: Play | None) -> bool:
    """True for tricks 1 and 2, where the followers must trump whatever was led (§7.1, §7.2).

    Without a trick number, a face-down lead can only be trick 2's, so it counts as one.
    """
    if trick_number in (1, 2):
        return True
    return trick_number is None and lead is not None and lead.face_down


# The rules and reasons as messages, built once (legal_cards runs for every card listed or played,
# about 60 times a dealt hand): a table lookup is far cheaper than building the Msg
# (bench/HISTORY.md, Avinas).
_LEAD_ANY_FACE_DOWN = Msg("avinas.rule.lead_any_face_down")
_LEAD_ANY = Msg("avinas.rule.lead_any")
_TRUMP_LED = Msg("avinas.rule.trump_led")
_NO_TRUMP_PLAY_ANY = Msg("avinas.rule.no_trump_play_any")
#: the tricks whose leader must lead a trump: 1, 2, or (None) every trick, under option every_trick
_WHICH = {1: Msg("avinas.rule.trick_n", number=1), 2: Msg("avinas.rule.trick_n", number=2),
          None: Msg("avinas.rule.every_trick")}
#: one card of a suit ("a heart"), as the rule to lead a trump names it
ONE_OF = {s: Msg(f"avinas.one_of.{s.value}") for s in SUITS}
MUST_LEAD_TRUMP = {(n, s): Msg("avinas.rule.must_lead_trump", which=w, one=ONE_OF[s]) for n, w in _WHICH.items()
                   for s in SUITS}
NO_TRUMP_LEAD_ANY = {n: Msg("avinas.rule.no_trump_lead_any", which=w) for n, w in _WHICH.items()}
AS_IF_TRUMP_LED = {n: Msg("avinas.rule.as_if_trump_led", number=n) for n in (1, 2)}
MUST_FOLLOW = {s: Msg("avinas.rule.must_follow", suit=s) for s in SUITS}
NO_SUIT_PLAY_ANY = {s: Msg("avinas.rule.no_suit_play_any", suit=s) for s in SUITS}
#: why a trick's winner wins: reason code (``winner_of``) -> winning card -> message. A match's
#: state keeps the code, which the store reads back in no time, and its views look the message up.
_LEADER_WINS = Msg("avinas.win.leader")
REASONS: dict[str, dict[Card, Msg]] = {
    "top_trump": {c: Msg("avinas.win.top_trump", card=c) for c in DECK_32},
    "highest_trump": {c: Msg("avinas.win.highest_trump", card=c) for c in DECK_32},
    "leader": dict.fromkeys(DECK_32, _LEADER_WINS),
    "highest_of_led_suit": {c: Msg("avinas.win.highest_of_led_suit", card=c, suit=c.suit) for c in DECK_32},
    "highest_of_suit_led": {c: Msg("avinas.win.highest_of_suit_led", card=c, suit=c.suit) for c in DECK_32},
}


def must_lead_trump(trick_number: int | None, options: Mapping[str, Any]) -> bool:
    if trick_number in (1, 2):
        return True
    return config(options).trump_lead_every_trick


def legal_cards(
    hand: Sequence[Card], trick: Sequence[Play], trump: Suit, trick_number: int | None, options: Mapping[str, Any]
) -> tuple[tuple[Card, ...], str, Msg]:
    """The playable cards of ``hand`` (hand order), the refusal code and the rule (a message)."""
    trumps = trumps_of(hand, trump)
    if not trick:
        if must_lead_trump(trick_number, options):
            which = trick_number if trick_number in (1, 2) else None
            if trumps:
                return trumps, "must_lead_trump", MUST_LEAD_TRUMP[which, trump]
            if trick_number == 2:
                return tuple(hand), "no_constraint", _LEAD_ANY_FACE_DOWN
            return tuple(hand), "no_constraint", NO_TRUMP_LEAD_ANY[which]
        return tuple(hand), "no_constraint", _LEAD_ANY
    lead = trick[0]
    if trump_led_trick(trick_number, lead) or is_trump(lead.card, trump):
        if trumps:
            if is_trump(lead.card, trump) and not lead.face_down:
                return trumps, "must_play_trump", _TRUMP_LED
            number = trick_number or 2
            return trumps, "must_play_trump", AS_IF_TRUMP_LED.get(number) or Msg("avinas.rule.as_if_trump_led",
                                                                                  number=number)
        return tuple(hand), "no_constraint", _NO_TRUMP_PLAY_ANY
    suit = lead.card.suit
    t = IS_TRUMP[trump]
    same = tuple([c for c in hand if c.suit is suit and not t[c.index]])
    if same:
        return same, "must_follow_suit", MUST_FOLLOW[suit]
    return tuple(hand), "no_constraint", NO_SUIT_PLAY_ANY[suit]


def winner_of(
    plays: Sequence[Play], trump: Suit, trick_number: int | None, options: Mapping[str, Any]
) -> tuple[int, str]:
    """Index of the winning play and why it wins (§7.1-§7.3), as a reason code of ``REASONS``
    (``reason_message`` gives the message)."""
    strength = TRUMP_STRENGTH[trump]
    best = highest(plays, strength.get)
    if best is not None:
        c = plays[best].card
        return best, ("top_trump" if strength[c] == len(TRUMP_ORDER[trump]) else "highest_trump")
    lead = plays[0]
    led_suit = lead.card.suit

    def same_suit(c: Card) -> int | None:
        return PLAIN_STRENGTH[c] if c.suit is led_suit else None

    if trump_led_trick(trick_number, lead):
        if not config(options).no_trump_highest_of_led_suit:
            return 0, "leader"
        best = highest(plays, same_suit)
        assert best is not None
        return best, "highest_of_led_suit"
    best = highest(plays, same_suit)
    assert best is not None
    return best, "highest_of_suit_led"


def reason_message(reason: str, card: Card) -> Msg:
    """The message of a reason code of ``winner_of``, ``card`` being the winning card."""
    return REASONS[reason][card]


# ------------------------------------------------------------------------------------------------
# The stateless endpoints: a trick or a hand given as plain facts
# ------------------------------------------------------------------------------------------------


def check_pack(cards: Sequence[Card], where: Msg) -> None:
    for c in cards:
        if c not in PACK:
            raise InvalidFacts(Msg("avinas.facts.not_in_pack", card=c))
    check_distinct(cards, where)


_THE_TRICK = Msg("avinas.facts.the_trick")


def trick_context(ctx: TrickContext) -> tuple[Suit, int | None]:
    """The trump suit and the trick number (None: a trick from 3 on) of a trick given as facts."""
    if ctx.trump is None:
        raise InvalidFacts(Msg("avinas.facts.no_trump"))
    return ctx.trump, ctx.trick_number


def check_face_down(plays: Sequence[Play], trump: Suit, n: int | None) -> None:
    """Only trick 2's lead may be face down, and never a trump (§7.2)."""
    for i, p in enumerate(plays):
        if not p.face_down:
            continue
        if i:
            raise InvalidFacts(Msg("avinas.facts.face_down_not_lead"))
        if n not in (None, 2):
            raise InvalidFacts(Msg("avinas.facts.face_down_not_trick_2", number=n))
        if is_trump(p.card, trump):
            raise InvalidFacts(Msg("avinas.facts.face_down_trump", card=p.card))


def trick_winner(plays: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]) -> TrickOutcome:
    """``Ruleset.trick_winner``: the winner of a trick given as facts."""
    trump, n = trick_context(ctx)
    if not plays:
        raise InvalidFacts(Msg("avinas.facts.no_plays"))
    if len(plays) > 4:
        raise TooManyPlays(Msg("avinas.facts.too_many_plays", count=len(plays)))
    check_pack([p.card for p in plays], _THE_TRICK)
    check_face_down(plays, trump, n)
    index, reason = winner_of(plays, trump, n, options)
    return TrickOutcome(index, plays[index].card, reason_message(reason, plays[index].card))


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]
) -> PlayVerdict:
    """``Ruleset.legal_plays``: the cards of a hand given as facts that may be played to a trick."""
    trump, n = trick_context(ctx)
    if len(trick) >= 4:
        raise TooManyPlays(Msg("avinas.facts.trick_full"))
    if len(hand) > 8:
        raise InvalidFacts(Msg("avinas.facts.hand_too_big", count=len(hand)))
    check_pack(hand, Msg("avinas.facts.the_hand"))
    check_pack([p.card for p in trick], _THE_TRICK)
    check_distinct([*hand, *(p.card for p in trick)], Msg("avinas.facts.the_hand_and_trick"))
    check_face_down(trick, trump, n)
    legal, code, rule = legal_cards(hand, trick, trump, n, options)
    return PlayVerdict(legal, code, rule)


def judge(
    hand: tuple[Card, ...], trick: tuple[Play, ...], ctx: TrickContext, options: Mapping[str, Any]
) -> PlayVerdict | None:
    """``legal_plays`` as ``find_revokes`` asks it of a state's own records (``revokes.Judge``): the same
    verdict without the checks of input (pack, distinct cards, face-down leads, the options), which
    the cards a match state accepted never fail (none for a legal play)."""
    trump = ctx.trump
    assert trump is not None
    legal, code, rule = legal_cards(hand, trick, trump, ctx.trick_number, options)
    return None if hand[0] in legal else PlayVerdict(legal, code, rule)
