"""The computer levels, as the catalogue lists them (titles and descriptions are messages)."""

from __future__ import annotations

from typing import Any

from service.rules.messages import Msg
from service.rules.ruleset import Ruleset

#: the levels, easiest first
LEVELS: tuple[str, ...] = ("easy", "hard")


def describe_levels() -> list[dict[str, object]]:
    """The catalogue's ``computer_levels``: each level's id, title and description."""
    return [
        {"id": level, "title": Msg(f"computer.{level}.title"), "description": Msg(f"computer.{level}.description")}
        for level in LEVELS
    ]


def plays(ruleset: Ruleset[Any]) -> bool:
    """Whether a computer can play ``ruleset``: it rebuilds the public state each round was dealt from
    (``service.computer.situation``), which a ruleset gives through its ``table``."""
    return type(ruleset).table is not Ruleset.table
