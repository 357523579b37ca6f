"""How strong a card is, and who is winning the trick, from a view and the rules' own trick answers.

A card's *power* is the share of the pack it beats in a two-card trick it leads or follows
(``Ruleset.trick_winner``), for the trump and demoted card of the view: one number per card, found
once per ruleset, options, trump and demoted card. The trick in progress is read from the view
(``trick`` or ``current_trick``: its face-up plays) and judged by ``trick_winner`` too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from service.rules.cards import Card, Suit
from service.rules.errors import RuleError
from service.rules.options import Options
from service.rules.ruleset import Ruleset
from service.rules.tricks import Play, TrickContext


def context_of(view: Mapping[str, Any]) -> TrickContext:
    """The trick context a view shows: its trump, demoted card and trick number."""
    trump = view.get("trump")
    demoted = view.get("demoted_ace")
    trick = current_trick(view)
    number = trick.get("number") if trick else None
    return TrickContext(
        trump=Suit.parse(trump) if isinstance(trump, str) and len(trump) == 1 else None,
        trick_number=number if isinstance(number, int) else None,
        demoted=Card.parse(demoted) if isinstance(demoted, str) else None,
    )


def current_trick(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    trick = view.get("current_trick", view.get("trick"))
    return trick if isinstance(trick, Mapping) else None


def trick_plays(view: Mapping[str, Any]) -> list[tuple[int, Play | None]]:
    """The plays of the trick in progress, leader first: (seat, play), None for a card not shown."""
    trick = current_trick(view)
    out: list[tuple[int, Play | None]] = []
    for item in (trick or {}).get("plays", ()):
        card = item.get("card") if isinstance(item, Mapping) else item
        face_down = bool(item.get("face_down")) if isinstance(item, Mapping) else False
        seat = item.get("seat", -1) if isinstance(item, Mapping) else -1
        out.append((seat, Play(Card.parse(card), face_down) if isinstance(card, str) else None))
    return out


def winning(ruleset: Ruleset[Any], plays: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]) -> int | None:
    """The index of the play winning ``plays`` so far (None: the rules cannot tell)."""
    if not plays:
        return None
    try:
        return ruleset.trick_winner(plays, ctx, options).winner
    except (RuleError, ValueError, KeyError):
        return None


def powers(ruleset: Ruleset[Any], options: Options, ctx: TrickContext) -> Mapping[Card, float]:
    """Each card's power (0 weakest .. 1 strongest) for this trump and demoted card."""
    return _powers(ruleset, options, ctx.trump, ctx.demoted)


@lru_cache(maxsize=512)
def _powers(ruleset: Ruleset[Any], options: Options, trump: Suit | None, demoted: Card | None) -> dict[Card, float]:
    deck = list(dict.fromkeys(ruleset.deck()))
    ctx = TrickContext(trump=trump, trick_number=99, demoted=demoted)
    out: dict[Card, float] = {}
    for card in deck:
        beaten = 0
        for other in deck:
            if other == card:
                continue
            if winning(ruleset, (Play(card), Play(other)), ctx, options) == 0:
                beaten += 1
            if winning(ruleset, (Play(other), Play(card)), ctx, options) == 1:
                beaten += 1
        out[card] = beaten / max(1, 2 * (len(deck) - 1))
    return out


def expected_tricks(hand: Sequence[Card], power: Mapping[Card, float], players: int) -> float:
    """About how many tricks ``hand`` takes: a card takes one when it beats each other seat's card,
    so its chance is its power to the power of the other seats."""
    return sum(power.get(card, 0.0) ** max(1, players - 1) for card in hand)
