"""Named presets: a ruleset's well-known sets of house rules under one id (the rules specs in
docs/rules/: Forty-Fives §9.10, Boerenbridge §15.6, Avinas §16.8).

A ``Preset`` holds only the option values it sets (a value it leaves at the default it does not
name). Every ruleset lists its presets in catalogue order (``Ruleset.presets``, the data of each game
in its package's ``presets.py``); ``Ruleset.validate_options(raw, n_players, preset)`` combines them:
the defaults, then the preset's values, then each explicit option replacing that one value; derived
defaults come from both, and the result is validated as any options. Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.rules.errors import InvalidInput, UnknownPreset
from service.rules.messages import Msg


@dataclass(frozen=True)
class Preset:
    """One named set of house rules: its id, name and one-line description (messages), and the
    option values it sets (JSON values: lists, not tuples, so the catalogue writes them as given)."""

    id: str
    name: Msg
    description: Msg
    options: Mapping[str, Any]

    def describe(self) -> dict[str, Any]:
        """The catalogue entry of the preset."""
        return {"id": self.id, "name": self.name, "description": self.description, "options": dict(self.options)}


def find_preset(ruleset_id: str, presets: Sequence[Preset], preset_id: Any) -> Preset:
    """The preset named ``preset_id``: InvalidInput when it is not a string, UnknownPreset (with every
    preset id of the ruleset in catalogue order) when the ruleset has none of that id."""
    if not isinstance(preset_id, str):
        raise InvalidInput(Msg("core.preset_not_string"))
    for preset in presets:
        if preset.id == preset_id:
            return preset
    ids = [p.id for p in presets]
    raise UnknownPreset(
        Msg("core.unknown_preset", ruleset=ruleset_id, preset=preset_id, known=", ".join(ids) or "-"),
        allowed=ids,
    )


def combined(preset: Preset, raw: Mapping[str, Any], seats_option: str | None = None) -> dict[str, Any]:
    """The options a preset and the explicit ``raw`` options give together, before validation: the
    preset's values with each explicit option replacing that one value. ``seats_option``: the option
    that mirrors the seats of a match (the seats are then an explicit value of it, so a preset's value
    of that option gives way to them unless ``raw`` names it)."""
    out = {k: v for k, v in preset.options.items() if k != seats_option or k in raw}
    out.update(raw)
    return out
