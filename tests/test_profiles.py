"""The profile table of the cross-game tests (``tests/profiles.py``) covers exactly the registered
rulesets, and each profile can drive its game."""

from __future__ import annotations

import random

from service.rules.actions import Action
from service.rules.registry import RULESETS
from tests.profiles import PROFILES, USES, setups


def test_the_profile_table_covers_exactly_the_registry() -> None:
    assert set(PROFILES) == set(RULESETS)


def test_each_profile_fits_its_ruleset() -> None:
    for rid, entry in PROFILES.items():
        ruleset = RULESETS[rid]
        assert entry.players and set(entry.players) <= set(ruleset.player_counts), rid
        assert set(entry.modes) <= {"dealt", "table"}, rid
        ruleset.validate_options(entry.short, entry.usual_players)
        assert len({s.name for s in entry.setups}) == len(entry.setups), rid
        for setup in entry.setups:
            assert setup.players in ruleset.player_counts and setup.mode in entry.modes, (rid, setup.name)
            assert setup.uses and setup.uses <= set(USES), (rid, setup.name)
            ruleset.validate_options(setup.options, setup.players, setup.preset)


def test_the_battery_plays_every_preset_of_every_ruleset() -> None:
    for rid, entry in PROFILES.items():
        played = {s.preset for s in entry.setups if "battery" in s.uses and s.preset is not None}
        assert played == {p.id for p in RULESETS[rid].presets}, rid


def test_every_cross_game_test_plays_every_ruleset() -> None:
    for use in USES:
        assert {rid for rid, _ in setups(use)} == set(RULESETS), use


def test_round_result_reports_are_taken_at_the_start_of_a_round() -> None:
    """The profile's way to finish a table round in one report works, for every player count."""
    for rid, entry in PROFILES.items():
        ruleset = RULESETS[rid]
        if "table" not in entry.modes:
            continue
        for n in entry.players:
            rng = random.Random(f"{rid}{n}")
            state = ruleset.new_match(entry.short, n, 0, "table")
            for _ in range(3):
                if ruleset.status(state) == "finished":
                    break
                state = ruleset.deal(state, None)
                report = entry.round_result(ruleset.view(state, None), rng)
                state = ruleset.apply(state, Action("round_result", result=report))
                assert ruleset.needs_deal(state) or ruleset.status(state) == "finished", (rid, n)
