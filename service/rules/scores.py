"""A scored round: the answer of ``/score`` and of a round's end in a match."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from service.rules.messages import Msg


@dataclass(frozen=True)
class RoundScore:
    """One round scored: ``points`` and ``scores`` are per seat or per team as the ruleset says.

    ``explanation`` lists the messages that show how each number was counted; ``extra`` holds
    ruleset-specific results (``trick_winners``, ``loser``, ``rams``, ``pips`` ...), merged into
    the JSON answer.
    """

    points: tuple[int, ...]
    scores: tuple[int, ...]
    match_over: bool
    winners: tuple[int, ...]
    explanation: tuple[Msg | str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "points": list(self.points),
            "scores": list(self.scores),
            "match_over": self.match_over,
            "winners": list(self.winners),
            "explanation": list(self.explanation),
        }
        out.update(self.extra)
        return out
