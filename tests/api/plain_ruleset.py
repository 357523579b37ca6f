"""A small ruleset for the HTTP layer's own tests: the plain trick game every trick game builds on.

Follow the led suit if you can; the highest trump wins, else the highest card of the led suit
(aces high). It uses every part of the interface the rules endpoints reach: options of each type,
face-down plays, a documented context key (``lead_rule``), a round score with ``extra`` results,
and it refuses impossible facts. It has no matches: the rules endpoints never start one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from service.rules.base import (
    Action,
    Options,
    OptionSpec,
    Play,
    PlayVerdict,
    RoundScore,
    Ruleset,
    TrickContext,
    TrickOutcome,
    highest,
    in_hand_order,
    is_json_int,
)
from service.rules.cards import SUITS, Card, Suit
from service.rules.errors import InvalidFacts, InvalidInput

_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


class PlainTricks(Ruleset):
    id = "plain_tricks"
    name = "Plain tricks"
    description = "Follow suit; the highest trump, else the highest card of the led suit, wins."
    player_counts = (3, 4)
    default_players = 4
    has_face_down_plays = True
    context_keys: ClassVar[tuple[str, ...]] = ("lead_rule",)
    option_specs = (
        OptionSpec("target", "int", 10, "points that end the match", minimum=1, maximum=100),
        OptionSpec("must_trump", "bool", False, "a player void in the led suit must trump"),
        OptionSpec("players", "enum", "four", "table size", allowed=("three", "four")),
        OptionSpec("bonus", "nullable_int", None, "bonus for all tricks", minimum=0),
        OptionSpec("tiers", "int_list", (1, 2), "points per tier", minimum=0),
        OptionSpec("ace", "nullable_enum", None, "ace rank", allowed=("high", "low")),
    )
    state_type = dict

    def teams_description(self) -> str | None:
        return None

    def ranking_tables(self, options: Options) -> dict[str, Any]:
        order = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
        return {s.value: {t.value: [r + t.value for r in order] for t in SUITS} for s in SUITS}

    def max_plays(self, options: Options) -> int:
        return 3 if options["players"] == "three" else 4

    def _strength(self, card: Card) -> int:
        return card.rank.value

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Options) -> TrickOutcome:
        if not plays:
            raise InvalidFacts("a trick needs at least one play")
        led = plays[0].card.suit
        if ctx.trump is not None and any(p.card.suit is ctx.trump for p in plays):
            best = highest(plays, lambda c: c.rank.value if c.suit is ctx.trump else None)
            why = "the highest trump"
        else:
            best = highest(plays, lambda c: c.rank.value if c.suit is led else None)
            why = f"the highest {_NAMES[led][:-1]} (the led suit) and no trump played"
        assert best is not None
        card = plays[best].card
        return TrickOutcome(best, card, f"{card.text} is {why}")

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Options
    ) -> PlayVerdict:
        if not trick or ctx.get("lead_rule") == "any":
            return PlayVerdict(tuple(hand), "no_constraint", "any card may be played")
        led = trick[0].card.suit
        follow = [c for c in hand if c.suit is led]
        if follow:
            return PlayVerdict(in_hand_order(hand, follow), "must_follow_suit", f"must follow {_NAMES[led]}")
        trumps = [c for c in hand if c.suit is ctx.trump]
        if options["must_trump"] and trumps:
            return PlayVerdict(in_hand_order(hand, trumps), "must_play_trump", "must play a trump")
        return PlayVerdict(tuple(hand), "no_constraint", "void in the led suit: any card")

    def score_round(self, facts: Mapping[str, Any], options: Options) -> RoundScore:
        tricks = facts.get("tricks")
        scores = facts.get("scores")
        unknown = sorted(set(facts) - {"tricks", "scores"})
        if unknown:
            raise InvalidInput(f"unknown fact(s) {', '.join(unknown)}")
        for name, value in (("tricks", tricks), ("scores", scores)):
            if not isinstance(value, list) or not value or not all(is_json_int(v) for v in value):
                raise InvalidInput(f"'{name}' must be a list of integers, one per seat")
        assert isinstance(tricks, list) and isinstance(scores, list)
        if len(tricks) != len(scores):
            raise InvalidFacts("'tricks' and 'scores' need one entry per seat")
        if any(t < 0 for t in tricks):
            raise InvalidFacts("a seat cannot win a negative number of tricks")
        new = tuple(s + t for s, t in zip(scores, tricks, strict=True))
        top = max(new)
        over = top >= options["target"]
        winners = tuple(i for i, s in enumerate(new) if s == top) if over else ()
        explanation = tuple(f"seat {i}: {t} trick(s) = {t} point(s)" for i, t in enumerate(tricks))
        return RoundScore(tuple(tricks), new, over, winners, explanation, {"tricks_total": sum(tricks)})

    # --- no matches -----------------------------------------------------------------------------

    def new_match(self, options: Options, n_players: int, dealer: int, mode: Any) -> Any:
        raise NotImplementedError("plain_tricks is a rules-endpoint fixture without matches")

    def needs_deal(self, state: Any) -> bool:
        raise NotImplementedError

    def deal(self, state: Any, deck: Sequence[Card] | None) -> Any:
        raise NotImplementedError

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: Any, action: Action) -> Any:
        raise NotImplementedError

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def status(self, state: Any) -> str:
        raise NotImplementedError

    def to_act(self, state: Any) -> tuple[int, ...]:
        raise NotImplementedError


class Broken(PlainTricks):
    """A ruleset with a bug: its trick_winner fails with an unexpected error (the 500 path)."""

    id = "broken_for_tests"
    name = "Broken"

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Options) -> TrickOutcome:
        raise ZeroDivisionError("a bug")


PLAIN = PlainTricks()
BROKEN = Broken()
