"""Named presets in the rules core (forty-fives.md §9.10, boerenbridge.md §15.6, avinas.md §16.8).

The spec's preset tables are read as data (``tests/preset_tables.py``): every ruleset's presets in
code are exactly the spec's rows whose options the ruleset accepts today, in the spec's order, with
its names, descriptions and options. A row the ruleset cannot play yet waits for an option another
change adds; once it is accepted, this test demands the preset. Every preset validates, sets only
values that differ from the defaults, and combines with explicit options as §9.10 says. (The
battery, ``tests/rules/test_every_ruleset.py``, plays random matches under every preset.)
"""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.errors import InvalidInput, InvalidOption, RuleError, UnknownPreset
from service.rules.messages import Msg
from service.rules.presets import Preset, combined
from service.rules.registry import RULESETS
from service.rules.ruleset import Ruleset
from tests.english import english
from tests.preset_tables import PRESET_TABLES, is_pending, playable, refusal, spec_presets

RULESET_IDS = sorted(PRESET_TABLES)


def test_every_registered_ruleset_has_a_spec_table_of_presets() -> None:
    assert set(PRESET_TABLES) == set(RULESETS)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_the_code_presets_are_the_spec_rows_the_ruleset_accepts_today(rid: str) -> None:
    ruleset = RULESETS[rid]
    want = playable(rid)
    assert [p.id for p in ruleset.presets] == [p.id for p in want], (
        "presets in code differ from the spec rows whose options the ruleset accepts; pending rows: "
        f"{[p.id for p in spec_presets(rid) if p not in want]}"
    )
    for preset, row in zip(ruleset.presets, want, strict=True):
        assert english(preset.name) == row.name, preset.id
        assert english(preset.description) == row.description, preset.id
        assert dict(preset.options) == row.options, preset.id
        assert preset.describe() == {
            "id": row.id,
            "name": preset.name,
            "description": preset.description,
            "options": row.options,
        }


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_every_spec_row_left_out_is_refused_for_an_option_today(rid: str) -> None:
    """What a pending preset waits for: its ruleset refuses one of its options (an unknown option or
    a value it does not take yet), never anything else."""
    defined = {p.id for p in RULESETS[rid].presets}
    for row in spec_presets(rid):
        if row.id not in defined:
            refused = refusal(rid, row.options)
            assert isinstance(refused, InvalidOption), (row.id, refused)
            assert refused.option in row.options, (row.id, refused.option)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_every_preset_validates_and_sets_only_values_that_differ_from_the_defaults(rid: str) -> None:
    ruleset = RULESETS[rid]
    defaults = ruleset.validate_options({})
    assert ruleset.presets and ruleset.presets[0].id == "seed" and not ruleset.presets[0].options
    assert len({p.id for p in ruleset.presets}) == len(ruleset.presets)
    for preset in ruleset.presets:
        combined = ruleset.validate_options({}, preset=preset.id)
        assert combined == ruleset.validate_options(preset.options), preset.id
        for name, value in preset.options.items():
            given = tuple(value) if isinstance(value, list) else value
            assert combined[name] == given, (preset.id, name)
            assert defaults[name] != given, (preset.id, name, "a preset names only values it changes")


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_an_explicit_option_replaces_the_presets_value_of_that_option_only(rid: str) -> None:
    ruleset = RULESETS[rid]
    defaults = ruleset.validate_options({})
    for preset in ruleset.presets:
        for name in preset.options:
            if name == ruleset.players_option:
                continue
            flat = {**preset.options, name: defaults[name]}
            try:
                want = ruleset.validate_options(flat)
            except RuleError as contradiction:  # refused with the preset as without it
                with pytest.raises(RuleError) as refused:
                    ruleset.validate_options({name: defaults[name]}, preset=preset.id)
                assert refused.value.extra == contradiction.extra, (preset.id, name)
                continue
            combined = ruleset.validate_options({name: defaults[name]}, preset=preset.id)
            assert combined == want and combined[name] == defaults[name], (preset.id, name)


def _differs(
    ruleset: Ruleset[Any], options: dict[str, Any], preset: str | None = None, n_players: int | None = None
) -> dict[str, Any]:
    """The combined options that differ from the defaults (lists as tuples)."""
    defaults = ruleset.validate_options({}, n_players)
    got = ruleset.validate_options(options, n_players, preset)
    return {k: v for k, v in got.items() if defaults[k] != v}


def test_derived_defaults_come_from_the_preset_and_the_explicit_options_together() -> None:
    auction = RULESETS["auction_forty_fives"]
    # PS-03: the preset's bidding mode derives the bidding defaults
    assert _differs(auction, {}, "hoyle_auction") == {
        "trump_selection": "bidding",
        "highest_trump_bonus": "highest_trump_played",
        "target_score": 120,
    }
    # PM-06: an explicit target replaces the derived one; the bonus is still derived
    assert _differs(auction, {"target_score": 150}, "hoyle_auction") == {
        "trump_selection": "bidding",
        "highest_trump_bonus": "highest_trump_played",
        "target_score": 150,
    }
    # back to turn-up: nothing derives from bidding (as PM-07), the bidding-only values stay
    turn_up = auction.validate_options({"trump_selection": "turn_up"}, preset="pei_tignish")
    assert turn_up["target_score"] == 45 and turn_up["highest_trump_bonus"] == "none"
    assert turn_up["kitty_size"] == 5 and turn_up["bid_values"] == (20, 25, 30)
    # PM-08
    tignish = auction.validate_options({"bid_values": [15, 20, 25, 30]}, preset="pei_tignish")
    assert tignish["bid_values"] == (15, 20, 25, 30) and tignish["kitty_size"] == 5
    assert tignish["dealer_hold"] == "duel" and tignish["bid_30_made_value"] == 30
    boerenbridge = RULESETS["boerenbridge"]
    # the derived nil value and bidding threshold follow the preset's system and match end
    nl = boerenbridge.validate_options({}, preset="nl_10_2")
    assert nl["nil_made_score"] == 10 and nl["no_bid_threshold"] is None
    back = boerenbridge.validate_options({"scoring_system": "seed", "match_end": "exact_100"}, preset="nl_10_2")
    assert back["nil_made_score"] == 20 and back["no_bid_threshold"] == 80
    # BB-P04: the preset's one value given back its default leaves every default
    assert _differs(boerenbridge, {"overshoot_rule": "cap"}, "useme_kaartspellen") == {}


def test_a_contradiction_that_remains_is_refused_as_without_a_preset() -> None:
    """BB-P05: nl_10_2 with a miss penalty is refused as the same options given one by one are."""
    boerenbridge = RULESETS["boerenbridge"]
    with pytest.raises(InvalidOption) as refused:
        boerenbridge.validate_options({"miss_penalty": "minus_1_per_trick_off"}, preset="nl_10_2")
    assert refused.value.option == "miss_penalty"
    with pytest.raises(InvalidOption) as direct:
        boerenbridge.validate_options({"scoring_system": "nl_10_2", "miss_penalty": "minus_1_per_trick_off"})
    assert direct.value.extra == refused.value.extra


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_an_unknown_preset_is_refused_with_the_rulesets_preset_ids(rid: str) -> None:
    ruleset = RULESETS[rid]
    with pytest.raises(UnknownPreset) as refused:
        ruleset.validate_options({}, preset="nope")
    ids = [p.id for p in ruleset.presets]
    assert refused.value.code == "unknown_preset" and refused.value.extra == {"allowed": ids}
    assert "'nope'" in english(refused.value) and ", ".join(ids) in english(refused.value)


@pytest.mark.parametrize("bad", [42, True, ["seed"], {"id": "seed"}, 1.5])
def test_a_preset_that_is_not_a_string_is_unreadable_input(bad: Any) -> None:
    for ruleset in RULESETS.values():
        with pytest.raises(InvalidInput) as refused:
            ruleset.validate_options({}, preset=bad)
        assert refused.value.code == "invalid_input"
        assert english(refused.value) == "preset must be a string: the id of one of the ruleset's presets"


def test_no_preset_and_the_seed_preset_are_the_defaults() -> None:
    for ruleset in RULESETS.values():
        assert ruleset.validate_options({}, preset=None) == ruleset.validate_options({})
        assert ruleset.validate_options({}, preset="seed") == ruleset.validate_options({})


def test_the_seats_of_a_match_are_an_explicit_value_of_the_players_option() -> None:
    """A preset that names a table size (codetojoy's 2 players, once defined) gives way to the match's
    seats as to an explicit option; an explicit option that disagrees with the seats is refused as
    without a preset."""
    two = Preset(
        "two",
        Msg("forty_fives.preset.seed.name"),
        Msg("forty_fives.preset.seed.description"),
        {"players": 2, "target_score": 60},
    )
    assert combined(two, {}, "players") == {"target_score": 60}
    assert combined(two, {}, None) == {"players": 2, "target_score": 60}
    assert combined(two, {"players": 3}, "players") == {"players": 3, "target_score": 60}
    ruleset = RULESETS["forty_fives"]
    assert ruleset.players_option == "players"
    with pytest.raises(InvalidOption):
        ruleset.validate_options({"players": 2}, 3, "seed")
    assert ruleset.validate_options({}, 4, "seed")["players"] == 4


def test_the_options_cache_keeps_presets_apart() -> None:
    auction = RULESETS["auction_forty_fives"]
    a = auction.validate_options({"kitty_size": 0}, preset="merrimack_valley")
    b = auction.validate_options({"kitty_size": 0}, preset="pei_common")
    c = auction.validate_options({"kitty_size": 0})
    assert a["first_lead_after_bidding"] == "bidder" and b["dealer_hold"] == "off"
    assert len({a, b, c}) == 3
    assert auction.validate_options({"kitty_size": 0}, preset="merrimack_valley") is a


def test_is_pending_reads_the_spec_rows() -> None:
    assert is_pending("auction_forty_fives", "seed") is False
    with pytest.raises(AssertionError):
        is_pending("avinas", "nope")
