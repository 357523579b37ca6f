"""The computer levels, as the catalogue lists them (titles and descriptions are messages)."""

from __future__ import annotations

from service.rules.messages import Msg

#: the levels, easiest first
LEVELS: tuple[str, ...] = ("easy", "hard")


def describe_levels() -> list[dict[str, object]]:
    """The catalogue's ``computer_levels``: each level's id, title and description."""
    return [
        {"id": level, "title": Msg(f"computer.{level}.title"), "description": Msg(f"computer.{level}.description")}
        for level in LEVELS
    ]
