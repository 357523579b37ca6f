"""The named presets of Boerenbridge (boerenbridge.md §15.6, where each comes from and what it does
not reproduce), in catalogue order; each sets only the values that differ from the defaults.
``tests/rules/test_presets.py`` reads the spec's table and holds these to it."""

from __future__ import annotations

from typing import Any

from service.rules.messages import Msg
from service.rules.presets import Preset

#: the standard Dutch frame: everyone bids in turn, up and down with a turned trump, the highest
#: total after the schedule wins (§15.6)
_DUTCH: dict[str, Any] = {
    "hand_size_schedule": "up_down",
    "trump_mode": "turn_up",
    "bidding_mode": "sequential",
    "bid_revision_right": "none",
    "match_end": "fixed_rounds_highest",
}
_SEQUENTIAL = {k: v for k, v in _DUTCH.items() if k != "hand_size_schedule"}

BOERENBRIDGE_PRESETS: tuple[Preset, ...] = (
    Preset("seed", Msg("boerenbridge.preset.seed.name"), Msg("boerenbridge.preset.seed.description"), {}),
    Preset(
        "useme_kaartspellen",
        Msg("boerenbridge.preset.useme_kaartspellen.name"),
        Msg("boerenbridge.preset.useme_kaartspellen.description"),
        {"overshoot_rule": "bounce"},
    ),
    Preset(
        "nederlands",
        Msg("boerenbridge.preset.nederlands.name"),
        Msg("boerenbridge.preset.nederlands.description"),
        {"scoring_system": "nederlands_10_3", **_DUTCH},
    ),
    Preset(
        "nl_10_2",
        Msg("boerenbridge.preset.nl_10_2.name"),
        Msg("boerenbridge.preset.nl_10_2.description"),
        {"scoring_system": "nl_10_2", **_DUTCH},
    ),
    Preset(
        "basis",
        Msg("boerenbridge.preset.basis.name"),
        Msg("boerenbridge.preset.basis.description"),
        {"scoring_system": "basis", **_DUTCH},
    ),
    Preset(
        "vlaams",
        Msg("boerenbridge.preset.vlaams.name"),
        Msg("boerenbridge.preset.vlaams.description"),
        {"scoring_system": "vlaams_10_3", **_DUTCH},
    ),
    Preset(
        "tien_op_en_neer",
        Msg("boerenbridge.preset.tien_op_en_neer.name"),
        Msg("boerenbridge.preset.tien_op_en_neer.description"),
        {
            "scoring_system": "blackout",
            **_SEQUENTIAL,
            "hand_size_schedule": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
            "hook_min_hand_size": 11,
        },
    ),
    Preset(
        "jorisbloemen_wk",
        Msg("boerenbridge.preset.jorisbloemen_wk.name"),
        Msg("boerenbridge.preset.jorisbloemen_wk.description"),
        {"scoring_system": "nl_10_2", **_DUTCH, "hand_size_schedule": "down_up", "trump_mode": "fixed_spades"},
    ),
    Preset(
        "openspiel_oh_hell",
        Msg("boerenbridge.preset.openspiel_oh_hell.name"),
        Msg("boerenbridge.preset.openspiel_oh_hell.description"),
        {"scoring_system": "oh_hell", "hand_size_schedule": [7], **_SEQUENTIAL},
    ),
)
