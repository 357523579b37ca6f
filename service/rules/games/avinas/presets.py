"""The named presets of Avinas (avinas.md §16.8), in catalogue order; each sets only the values that
differ from the defaults. ``tests/rules/test_presets.py`` reads the spec's table and holds these to
it."""

from __future__ import annotations

from service.rules.messages import Msg
from service.rules.presets import Preset

AVINAS_PRESETS: tuple[Preset, ...] = (
    Preset("seed", Msg("avinas.preset.seed.name"), Msg("avinas.preset.seed.description"), {}),
    Preset(
        "pagat",
        Msg("avinas.preset.pagat.name"),
        Msg("avinas.preset.pagat.description"),
        {
            "rams_rule": "sevens",
            "pips_defender_tiers": [1, 2, 3],
            "tier_basis": "points",
            "lie_penalty": "match",
            "stop_remainder_to": "nobody",
            "stop_by": "declaring_side",
        },
    ),
)
