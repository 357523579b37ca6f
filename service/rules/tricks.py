"""Tricks as values, and the trick machinery every game shares.

``Play``, ``TrickContext``, ``TrickOutcome`` and ``PlayVerdict`` are the facts and answers of the
stateless questions (who wins this trick, which cards may be played); ``TrickDone`` is a completed
trick as a match state keeps it (Boerenbridge, Forty-Fives); ``highest``, ``in_hand_order`` and
``plays_json`` are the small pieces each game's trick rules are built from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.rules.cards import Card, Suit
from service.rules.messages import Msg


@dataclass(frozen=True, slots=True)
class Play:
    """One card put to a trick. ``face_down`` where the ruleset has face-down plays (Avinas)."""

    card: Card
    face_down: bool = False

    def to_json(self) -> str | dict[str, Any]:
        if self.face_down:
            return {"card": self.card.text, "face_down": True}
        return self.card.text


@dataclass(frozen=True, slots=True)
class TrickDone:
    """A completed trick: the leader's seat, the cards in play order from the leader, the winning seat.

    The one value of a finished trick for the games whose tricks are plain cards (Boerenbridge's
    ``BoerenbridgeState.done``, Forty-Fives' ``Trick``); Avinas keeps face-down plays, signals and
    card points with its tricks and has its own."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class TrickContext:
    """What a trick's outcome or a play's legality depends on besides the cards.

    ``trump``: the trump suit, or None for no trump. ``trick_number``: 1-based, where a ruleset's
    obligations depend on it (Avinas tricks 1 and 2). ``demoted``: a card ranked lowest of its
    suit this deal (Forty-Fives' unrobbed, unannounced ace of trumps). ``extra``: any further
    context a ruleset documents (read with ``ctx.get``).
    """

    trump: Suit | None = None
    trick_number: int | None = None
    demoted: Card | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.extra.get(key, default)


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    """Who won a (complete or partial) trick: ``winner`` is an index into the plays; ``reason`` why."""

    winner: int
    card: Card
    reason: Msg | str

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "card": self.card.text, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """The legal cards of a hand (in hand order) and the rule that constrains them.

    ``code`` is the machine code a card outside ``legal`` is refused with (``must_follow_suit``,
    ``must_play_trump`` ...); ``rule`` is the rule as a message ("must follow hearts or play a trump").
    """

    legal: tuple[Card, ...]
    code: str
    rule: Msg | str

    def to_json(self) -> dict[str, Any]:
        return {"legal": [c.text for c in self.legal], "code": self.code, "rule": self.rule}


def highest(plays: Sequence[Play], key: Callable[[Card], int | None]) -> int | None:
    """Index of the play with the greatest ``key`` (None = cannot win); ties go to the earliest."""
    best: int | None = None
    best_key: int | None = None
    for i, p in enumerate(plays):
        k = key(p.card)
        if k is not None and (best_key is None or k > best_key):
            best, best_key = i, k
    return best


def plays_json(leader: int, cards: Sequence[Card], n_players: int) -> list[dict[str, Any]]:
    """A trick's face-up plays for a view, clockwise from ``leader``: ``[{"seat": 2, "card": "5H"}, ...]``."""
    return [{"seat": (leader + i) % n_players, "card": c.text} for i, c in enumerate(cards)]


def in_hand_order(hand: Sequence[Card], allowed: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of ``allowed`` in the order they appear in ``hand``."""
    allowed_set = set(allowed)
    return tuple(c for c in hand if c in allowed_set)
