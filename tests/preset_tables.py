"""The named presets of the rules specs as data: forty-fives.md §9.10.1 and §9.10.2, boerenbridge.md
§15.6, avinas.md §16.8 (each row: id, name, description, options as JSON), and which of them the
rulesets can play today.

A spec preset is *playable* when its options are accepted by its ruleset as it is now; the code must
define exactly the playable ones (``tests/rules/test_presets.py``). A row whose options are refused
waits for an option (or a value) another change adds: as soon as the ruleset accepts them, the same
test demands the preset.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from service.rules.errors import RuleError
from service.rules.registry import RULESETS
from tests.spec_tables import vectors

#: ruleset id -> (spec file, heading of its presets table)
PRESET_TABLES: dict[str, tuple[str, str]] = {
    "forty_fives": ("forty-fives.md", "9.10.1"),
    "auction_forty_fives": ("forty-fives.md", "9.10.2"),
    "boerenbridge": ("boerenbridge.md", "15.6"),
    "avinas": ("avinas.md", "16.8"),
}


@dataclass(frozen=True)
class SpecPreset:
    id: str
    name: str
    description: str
    options: dict[str, Any]


@cache
def spec_presets(ruleset_id: str) -> tuple[SpecPreset, ...]:
    """The spec's presets of the ruleset, in the spec's (catalogue) order."""
    spec, heading = PRESET_TABLES[ruleset_id]
    return tuple(
        SpecPreset(row["id"], row["name"], row["description"], json.loads(row["options"]))
        for row in vectors(spec, heading)
    )


def refusal(ruleset_id: str, options: dict[str, Any]) -> RuleError | None:
    """The ruleset's refusal of these options today, or None when it accepts them."""
    try:
        RULESETS[ruleset_id].validate_options(options)
    except RuleError as refused:
        return refused
    return None


def playable(ruleset_id: str) -> tuple[SpecPreset, ...]:
    """The spec's presets whose options the ruleset accepts today."""
    return tuple(p for p in spec_presets(ruleset_id) if refusal(ruleset_id, p.options) is None)


def is_pending(ruleset_id: str, preset_id: str) -> bool:
    """Whether the spec's preset ``preset_id`` waits for an option its ruleset does not accept yet."""
    found = [p for p in spec_presets(ruleset_id) if p.id == preset_id]
    assert found, f"the spec has no preset {preset_id!r} of {ruleset_id}"
    return refusal(ruleset_id, found[0].options) is not None
