"""The one profile table of the cross-game tests: for each registered ruleset id, what a test needs
to know to drive that game without knowing its rules.

A ``Profile`` gives the player counts to try, the modes, the options of a short match (one that
random legal play ends in a few hundred actions), the option sets worth playing (``Setup``: a table
size, a mode and options, each with the cross-game tests that play it), the most cards a hand holds,
and how to finish a table-mode round in one report (``round_result``: a result the game accepts at
the start of a round, made from the referee's view only). Every preset of a ruleset adds a battery
setup of its own (``preset_setups``).

``PROFILES`` covers exactly the ids of ``service.rules.registry.RULESETS``
(``tests/test_profiles.py`` checks it); a test-only ruleset registered for a test adds its own
profile for that test (``tests/fifth_game.py``). The cross-game tests take their games from here
(``ruleset_ids()``, ``setups(use)``), so a new game is picked up by all of them as soon as it is
registered and has its profile.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from service.rules.registry import RULESETS

#: a round reported whole: the referee's view at the round's start -> the ``round_result`` result
RoundResult = Callable[[Mapping[str, Any], random.Random], dict[str, Any]]

#: the cross-game tests that play setups (``Setup.uses``)
USES = ("archive", "battery", "leaks", "revokes", "table_views")


@dataclass(frozen=True)
class Setup:
    """One way to play a ruleset: a table size, a mode, options, and the tests that play it."""

    name: str
    players: int
    mode: str
    options: Mapping[str, Any] = field(default_factory=dict)
    uses: frozenset[str] = frozenset()
    #: random legal play ends a match of this setup in a few hundred steps (else tests cut it short)
    ends: bool = True
    #: a seat may be kept from some card the service knows (False: a table match where every
    #: reported fact, discards included, is public)
    hides: bool = True
    #: how many random matches a test of whole matches plays, and the rounds after which it cuts
    #: one short (``tests/rules/test_archive.py``; the conformance battery archives at every step of
    #: its own setups too, so a few dozen matches a setup are enough here)
    matches: int = 30
    max_rounds: int = 10
    #: the ruleset's preset the options combine with (``Ruleset.presets``; None: none)
    preset: str | None = None


@dataclass(frozen=True)
class Profile:
    """What the cross-game tests need to know to drive one ruleset."""

    #: player counts to try, the usual one first
    players: tuple[int, ...]
    #: options of a short match (whole matches through HTTP, records, the conformance battery)
    short: Mapping[str, Any]
    #: the option sets worth playing
    setups: tuple[Setup, ...]
    #: a table-mode round reported whole, accepted at the start of any round
    round_result: RoundResult
    #: the most cards one hand holds (random rounds of face-up tricks, ``test_base_helpers``)
    hand_size: int
    modes: tuple[str, ...] = ("dealt", "table")
    #: options of a match that lasts several rounds (the defaults, for a real game)
    long: Mapping[str, Any] = field(default_factory=dict)

    @property
    def usual_players(self) -> int:
        return self.players[0]


def split(rng: random.Random, total: int, parts: int) -> list[int]:
    """``total`` cut into ``parts`` random non-negative whole numbers."""
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _seats(view: Mapping[str, Any]) -> int:
    players = view["players"]
    return players if isinstance(players, int) else len(players)


def forty_fives_round(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Forty-Fives (both rulesets): the summary facts, the tricks won and the highest trump's seat;
    in bidding mode the bid too."""
    n = _seats(view)
    won = split(rng, 5, n)
    facts: dict[str, Any] = {"tricks_won": won, "highest_trump_seat": rng.choice([s for s in range(n) if won[s]])}
    if view.get("auction") is not None and view.get("contract") is None:
        facts["bid"] = {"team": rng.randrange(2), "amount": 20}
    return facts


def boerenbridge_round(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Boerenbridge: bids (none for a seat that does not bid; all zero, so the hook rule holds; with
    ``zero_bid_allowed = false`` all one, the hook player bidding 2 where 1 is forbidden him) and
    tricks."""
    n = _seats(view)
    size = view["hand_size"]
    bidding = view["bidding"]
    low = 1 if view["options"].get("zero_bid_allowed") is False else 0
    bids: list[int | None] = [low if active else None for active in bidding["active"]]
    hook = bidding["hook_player"]
    if low and hook is not None and bidding["hook_rule"] and size > 1:
        others = sum(b for s, b in enumerate(bids) if b is not None and s != hook)
        if size - others == 1:
            bids[hook] = 2
    return {"bids": bids, "tricks": split(rng, size, n)}


def avinas_round(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Avinas: a sevens game, a random declarer, its card points and tricks, no knock; under
    ``rams_rule = "sevens"`` the number of sevens exposed (nothing is exposed at the round's start)."""
    tricks = rng.randint(0, 8)
    facts = {"game": "sevens", "declarer": rng.randrange(4), "knocks": 0,
             "declarer_points": min(120, 15 * tricks), "declarer_tricks": tricks, "lied": False}
    if view["options"].get("rams_rule") == "sevens":
        facts["sevens_exposed"] = rng.randint(1, 4)
    return facts


#: the full pagat rules of Avinas (docs/rules/avinas.md §16.2)
AVINAS_PAGAT: Mapping[str, Any] = {
    "rams_rule": "sevens", "pips_defender_tiers": [1, 2, 3], "tier_basis": "points", "lie_penalty": "match",
    "stop_remainder_to": "nobody", "stop_by": "declaring_side",
}  # fmt: skip

ARCHIVE = frozenset({"archive"})
BATTERY = frozenset({"battery"})
LEAKS = frozenset({"leaks"})

_FORTY_FIVES = Profile(
    players=(3, 2, 4, 5, 6),
    short={"target_score": 25},
    hand_size=5,
    round_result=forty_fives_round,
    setups=(
        Setup("ff_default", 3, "dealt", {}, ARCHIVE | LEAKS | {"revokes", "battery"}, matches=40, max_rounds=12),
        Setup("ff_2p_target_60", 2, "dealt", {"target_score": 60, "tie_at_target": "shared"}, ARCHIVE,
              matches=40, max_rounds=12),
        Setup("ff_5p", 5, "dealt", {}, frozenset({"revokes"})),
        Setup("ff_6p_variants", 6, "dealt", {
            "unrobbed_trump_ace": "lowest_unless_announced", "dealer_turned_ace": "may_rob_after_first_trick",
            "highest_trump_bonus": "five_of_trumps_only", "target_score": 30}, ARCHIVE | {"battery"}, matches=25),
        Setup("ff_6p_announce", 6, "dealt", {"unrobbed_trump_ace": "lowest_unless_announced",
                                             "dealer_turned_ace": "may_rob_after_first_trick"}, LEAKS),
        Setup("ff_table", 4, "table", {}, ARCHIVE, matches=40),
        Setup("ff_table_announce", 4, "table", {"unrobbed_trump_ace": "lowest_unless_announced"}, LEAKS,
              hides=False),
        Setup("ff_table_short", 3, "table", {"target_score": 5, "tie_at_target": "shared"},
              frozenset({"table_views", "battery"})),
        Setup("ff_variant_a", 5, "dealt", {
            "players": 5, "deal_pattern": "2-3", "plain_lead_rule": "must_follow", "renegable_cards": "five_only",
            "renege_reference": "highest_trump_in_trick", "ace_of_hearts_lead": "trump_lead_renege_then_hearts",
            "plain_ace_rank": "high", "unrobbed_trump_ace": "lowest_unless_announced",
            "dealer_turned_ace": "may_rob_after_first_trick", "highest_trump_bonus": "five_of_trumps_only",
            "tie_at_target": "shared"}, BATTERY, ends=False, max_rounds=3),
        Setup("ff_variant_b", 2, "dealt", {
            "players": 2, "plain_lead_rule": "any", "renegable_cards": "none",
            "ace_of_hearts_lead": "trump_lead_no_renege_hearts_fallback", "unrobbed_trump_ace": "lowest",
            "dealer_turned_ace": "may_rob_discard_before_first_lead", "highest_trump_bonus": "none",
            "target_score": 30}, BATTERY, ends=False, max_rounds=3),
        Setup("ff_six", 6, "table", {"players": 6, "ace_of_hearts_lead": "trump_lead"}, BATTERY, ends=False,
              max_rounds=3),
        # issue 21 (§9.2-9.4): a turned ace the dealer may decline, other amounts, fixed-length matches
        Setup("ff_decline_values_fixed", 3, "dealt", {
            "dealer_turned_ace": "may_decline", "trick_value": 10, "highest_trump_bonus_value": 10,
            "match_end": "fixed_hands", "match_length": 3}, ARCHIVE | LEAKS | {"battery"}, matches=20),
        Setup("ff_table_decline_turns", 3, "table", {
            "dealer_turned_ace": "may_decline", "match_end": "fixed_deal_turns", "match_length": 1,
            "tie_at_target": "shared", "trick_value": 3, "highest_trump_bonus_value": 0},
              frozenset({"battery", "table_views"})),
    ),
)

_AUCTION_FORTY_FIVES = Profile(
    players=(4, 6),
    short={"target_score": 30},
    hand_size=5,
    round_result=forty_fives_round,
    setups=(
        Setup("af_turn_up", 4, "dealt", {}, ARCHIVE | {"revokes", "battery"}, matches=50, max_rounds=12),
        Setup("af_turn_up_announce", 4, "dealt", {"unrobbed_trump_ace": "lowest_unless_announced"}, LEAKS),
        Setup("af_bidding", 4, "dealt", {"trump_selection": "bidding", "all_pass": "redeal"}, ARCHIVE,
              ends=False, matches=30, max_rounds=8),
        Setup("af_bidding_leaks", 4, "dealt", {"trump_selection": "bidding"}, LEAKS),
        Setup("af_bidding_6_robs_pack", 6, "dealt", {
            "trump_selection": "bidding", "kitty_size": 3, "dealer_robs_pack": True, "bidder_must_hold_trump": True},
            LEAKS),
        Setup("af_bidding_6_table", 6, "table", {"trump_selection": "bidding", "dealer_robs_pack": True,
                                                 "kitty_size": 3}, ARCHIVE, ends=False, matches=20, max_rounds=6),
        Setup("af_bidding_table", 4, "table", {"trump_selection": "bidding"}, LEAKS | {"table_views"},
              ends=False, hides=False),
        Setup("af_turn_up_table", 4, "table", {"target_score": 30}, ARCHIVE | {"battery"}, matches=50),
        Setup("af_turn_up_table_short", 4, "table", {"target_score": 5}, frozenset({"table_views"})),
        Setup("af_bidding_cut", 4, "dealt", {"trump_selection": "bidding", "target_score": 30},
              frozenset({"battery"}), ends=False, max_rounds=6),
        Setup("af_6p_short", 6, "dealt", {"target_score": 30}, frozenset({"battery"})),
        Setup("af_turn_up_6", 6, "dealt", {
            "turn_up_scoring": "three_four_five", "ace_of_hearts_lead": "trump_lead_hearts_fallback",
            "dealer_turned_ace": "may_rob_discard_before_first_lead", "unrobbed_trump_ace": "lowest",
            "highest_trump_bonus": "highest_trump_played"}, BATTERY, ends=False, max_rounds=3),
        Setup("af_bidding_6", 6, "dealt", {
            "trump_selection": "bidding", "kitty_size": 3, "dealer_hold": "duel", "all_pass": "redeal",
            "dealer_robs_pack": True, "bidder_must_hold_trump": True, "first_lead_after_bidding": "bidder",
            "bid_30_made_value": 30, "bid_30_requires": "30_points", "defender_out_rule": "locked_from_100",
            "simultaneous_target": "highest_score", "min_keep_six_players": 1}, BATTERY, ends=False, max_rounds=3),
        Setup("af_decline_fixed_turns", 4, "dealt", {
            "dealer_turned_ace": "may_decline", "match_end": "fixed_deal_turns", "match_length": 1},
              ARCHIVE | LEAKS | {"battery"}, matches=20),
        Setup("af_bidding_fixed_table", 4, "table", {
            "trump_selection": "bidding", "all_pass": "redeal", "match_end": "fixed_hands", "match_length": 3},
              frozenset({"battery"})),
        Setup("af_bidding_kitty", 4, "table", {
            "trump_selection": "bidding", "kitty_size": 5, "discard_and_draw": False, "dealer_hold": "off",
            "first_lead_after_bidding": "left_of_dealer", "defender_out_rule": "capped_below_target",
            "bid_values": [20, 25, 30], "min_bid_at_100": None, "plain_lead_rule": "must_follow"}, BATTERY,
              ends=False, max_rounds=3),
        # the Newfoundland "120s" house rules (forty-fives.md §9.5-§9.8)
        Setup("af_120s_single_duel", 4, "dealt", {
            "trump_selection": "bidding", "auction_rounds": "single", "dealer_hold": "duel", "hold_minimum": 20,
            "kitty_size": 3, "kitty_bid": "keep_one", "bid_30_trump_lead": True,
            "defender_out_rule": "locked_from_100_when_made", "target_score": 60}, LEAKS | BATTERY | ARCHIVE,
              ends=False, matches=15, max_rounds=5),
        Setup("af_120s_single_final_table", 4, "table", {
            "trump_selection": "bidding", "auction_rounds": "single", "dealer_hold": "final", "kitty_size": 4,
            "kitty_bid": "whole_hand", "bid_30_trump_lead": True, "defender_out_rule": "capped_below_target",
            "cap_waived_in_hole": True, "target_score": 60}, BATTERY | {"revokes"}, ends=False, max_rounds=4),
        Setup("af_120s_single_reopen_6", 6, "dealt", {
            "trump_selection": "bidding", "auction_rounds": "single", "all_pass": "redeal", "kitty_size": 3,
            "kitty_bid": "whole_hand", "discard_and_draw": False, "bid_values": [20, 25, 30],
            "bid_30_trump_lead": True}, LEAKS | BATTERY, ends=False, max_rounds=3),
        Setup("af_120s_final_continuous", 4, "dealt", {
            "trump_selection": "bidding", "dealer_hold": "final", "kitty_size": 5, "kitty_bid": "keep_one",
            "bid_30_trump_lead": True, "cap_waived_in_hole": True}, BATTERY, ends=False, max_rounds=3),
    ),
)

_BOERENBRIDGE = Profile(
    players=(4, 3, 5, 6, 7),
    short={"hand_size_schedule": [2, 1]},
    hand_size=13,
    round_result=boerenbridge_round,
    setups=(
        Setup("bb_default", 4, "dealt", {}, LEAKS | BATTERY, ends=False, max_rounds=2),
        Setup("bb_turn_up", 4, "dealt", {"trump_mode": "turn_up"}, frozenset({"revokes"})),
        Setup("bb_turn_up_sequential_5p", 5, "dealt", {
            "hand_size_schedule": "up_down", "trump_mode": "turn_up", "bidding_mode": "sequential"}, LEAKS),
        Setup("bb_chooser", 4, "dealt", {"trump_mode": "highest_bidder_chooses", "hand_size_schedule": "down"},
              LEAKS),
        Setup("bb_table_leaks", 4, "table", {"hand_size_schedule": "up_down", "trump_mode": "turn_up"},
              LEAKS | BATTERY, ends=False, max_rounds=4),
        Setup("bb_up_max_rounds", 4, "dealt", {"hand_size_schedule": "up", "trump_mode": "turn_up",
                                               "max_rounds": 7}, ARCHIVE),
        Setup("bb_list_schedule", 5, "dealt", {"hand_size_schedule": [3, 1, 4, 2],
                                               "trump_mode": "highest_bidder_chooses", "max_rounds": 9}, ARCHIVE,
              max_rounds=12),
        Setup("bb_fixed_rounds", 6, "dealt", {"match_end": "fixed_rounds_highest", "hand_size_schedule": "down_up",
                                              "max_rounds": 8, "bidding_mode": "sequential"}, ARCHIVE, matches=20),
        Setup("bb_default_cut", 4, "dealt", {"hand_size_schedule": [2], "overshoot_rule": "bounce"}, ARCHIVE,
              ends=False, max_rounds=12),
        Setup("bb_table", 4, "table", {"hand_size_schedule": "up_down", "trump_mode": "turn_up", "max_rounds": 6},
              ARCHIVE, matches=40, max_rounds=8),
        Setup("bb_table_up_3", 4, "table", {"hand_size_schedule": "up", "max_rounds": 3, "trump_mode": "turn_up"},
              frozenset({"table_views", "battery"})),
        Setup("bb_short_sequential_3p", 3, "dealt", {"hand_size_schedule": [3, 1, 2], "bidding_mode": "sequential",
                                                     "trump_mode": "turn_up", "match_end": "fixed_rounds_highest",
                                                     "max_rounds": 3}, frozenset({"battery"})),
        Setup("bb_short_chooser_5p", 5, "dealt", {"hand_size_schedule": [2, 1],
                                                  "trump_mode": "highest_bidder_chooses"}, frozenset({"battery"})),
        Setup("bb_bounce", 4, "dealt", {"overshoot_rule": "bounce"}, BATTERY, ends=False, max_rounds=2),
        Setup("bb_openspiel_like", 4, "table", {
            "hand_size_schedule": [12], "trump_mode": "turn_up", "bidding_mode": "sequential",
            "bid_revision_right": "none", "scoring_system": "oh_hell"}, BATTERY, ends=False, max_rounds=2),
        Setup("bb_pyramid_5p_trump_chooser", 5, "dealt", {
            "hand_size_schedule": "up_down", "trump_mode": "highest_bidder_chooses", "scoring_system": "nl_10_2",
            "hook_min_hand_size": 4}, BATTERY, ends=False, max_rounds=4),
        Setup("bb_down_up_3p_spades", 3, "dealt", {
            "hand_size_schedule": "down_up", "trump_mode": "fixed_spades", "scoring_system": "vlaams_10_3",
            "overshoot_rule": "subtract_from_previous", "no_bid_comparison": "gt",
            "first_dealer_tiebreak": "suit_order"}, BATTERY, ends=False, max_rounds=2),
        Setup("bb_up_7p_play_on", 7, "dealt", {
            "hand_size_schedule": "up", "trump_mode": "turn_up", "simultaneous_100": "play_on",
            "overshoot_rule": "bounce", "max_rounds": 40, "max_rounds_outcome": "closest_to_100",
            "hook_fallback": "none", "bid_revision_right": "dealer_only"}, BATTERY, ends=False, max_rounds=4),
        Setup("bb_fixed_rounds_6p", 6, "table", {
            "match_end": "fixed_rounds_highest", "hand_size_schedule": "down", "scoring_system": "nederlands_10_3",
            "bidding_mode": "sequential"}, BATTERY, ends=False, max_rounds=2),
        Setup("bb_list_bust_penalty", 4, "dealt", {
            "hand_size_schedule": [13, 5, 1, 9], "nil_made_score": 30, "miss_penalty": "minus_1_per_trick_off",
            "overshoot_rule": "bust", "no_bid_threshold": 60, "trump_mode": "turn_up"}, BATTERY, ends=False,
              max_rounds=4),
        Setup("bb_basis_no_zero", 4, "dealt", {
            "scoring_system": "basis", "zero_bid_allowed": False, "hand_size_schedule": [3, 1, 2]}, BATTERY | LEAKS,
              ends=False, max_rounds=4),
        Setup("bb_table_blackout_no_zero", 4, "table", {
            "scoring_system": "blackout", "zero_bid_allowed": False, "hand_size_schedule": [2, 1],
            "match_end": "fixed_rounds_highest", "max_rounds": 4}, ARCHIVE | {"battery", "table_views"},
              matches=15, max_rounds=6),
        Setup("bb_nil_15_one_card", 4, "dealt", {
            "nil_made_score": 15, "hand_size_schedule": [1], "no_bid_threshold": 12}, BATTERY, ends=False,
              max_rounds=6),
    ),
)

_AVINAS = Profile(
    players=(4,),
    short={"max_hands": 3},
    hand_size=8,
    round_result=avinas_round,
    setups=(
        Setup("av_leaks", 4, "dealt", {}, LEAKS | BATTERY | {"revokes"}, ends=False, max_rounds=3),
        Setup("av_signals_every_trick", 4, "dealt", {"facedown_signal": True, "trump_lead_obligation": "every_trick",
                                                     "knock_in_pips_game": True}, LEAKS),
        Setup("av_table_leaks", 4, "table", {"stop_in_sevens_game": True}, LEAKS),
        Setup("av_default", 4, "dealt", {"pips_to_end": 4}, ARCHIVE, matches=60, max_rounds=12),
        Setup("av_max_hands", 4, "dealt", {"max_hands": 5, "max_hands_outcome": "fewer_penalties",
                                           "auction_rounds": "continuous", "knock_in_pips_game": True,
                                           "stop_in_sevens_game": True}, ARCHIVE | {"battery"}, matches=40,
              max_rounds=12),
        Setup("av_table", 4, "table", {"pips_to_end": 6, "facedown_signal": True}, ARCHIVE, matches=50),
        Setup("av_table_2", 4, "table", {"max_hands": 2}, frozenset({"table_views", "battery"})),
        Setup("av_short_signals", 4, "dealt", {"max_hands": 3, "facedown_signal": True}, frozenset({"battery"})),
        Setup("av_continuous_auction", 4, "dealt", {
            "auction_rounds": "continuous", "min_declaration": 3, "declaration_count": "suit_cards",
            "lie_penalty": "max", "max_hands": 4}, BATTERY),
        Setup("av_knocks", 4, "table", {
            "defenders_knock_requires_knock": False, "knock_in_pips_game": True, "knock_fail_scoring": "full_stake",
            "max_hands": 4}, BATTERY),
        Setup("av_every_trick", 4, "dealt", {
            "trump_lead_obligation": "every_trick", "no_trump_followed_winner": "highest_of_led_suit",
            "facedown_signal": True, "max_hands": 4}, BATTERY),
        Setup("av_stops_and_tiers", 4, "dealt", {
            "stop_remainder_to": "nobody", "stop_in_sevens_game": True, "rams_tiers": [2, 3, 5],
            "pips_tiers": [1, 2, 3], "pips_to_end": 6, "max_hands": 4}, BATTERY),
        Setup("av_pagat", 4, "dealt", {**AVINAS_PAGAT, "max_hands": 4}, BATTERY | LEAKS),
        Setup("av_pagat_table", 4, "table", {**AVINAS_PAGAT, "stop_in_sevens_game": True, "max_hands": 4},
              BATTERY | LEAKS),
        Setup("av_sides_stop_by_points", 4, "dealt", {
            "stop_by": "declaring_side", "tier_basis": "points", "pips_defender_tiers": [0, 1, 7],
            "stop_in_sevens_game": True, "max_hands": 4}, BATTERY),
    ),
)

def preset_setups(ruleset_id: str, entry: Profile) -> tuple[Setup, ...]:
    """A battery setup for every preset of the ruleset (``Ruleset.presets``), so that the battery
    plays random matches under each: at the preset's own table size if it sets one (else the usual),
    in the profile's modes in turn, cut short after a few rounds."""
    ruleset = RULESETS[ruleset_id]
    out = []
    for i, preset in enumerate(ruleset.presets):
        seats = ruleset.players_option and preset.options.get(ruleset.players_option)
        n = seats if isinstance(seats, int) else entry.usual_players
        mode = entry.modes[i % len(entry.modes)]
        out.append(Setup(f"preset_{preset.id}", n, mode, {}, BATTERY, ends=False, max_rounds=2, preset=preset.id))
    return tuple(out)


def _with_presets(ruleset_id: str, entry: Profile) -> Profile:
    return replace(entry, setups=entry.setups + preset_setups(ruleset_id, entry))


#: ruleset id -> its profile: exactly the registered ids (plus a test-only ruleset while registered)
PROFILES: dict[str, Profile] = {
    "forty_fives": _with_presets("forty_fives", _FORTY_FIVES),
    "auction_forty_fives": _with_presets("auction_forty_fives", _AUCTION_FORTY_FIVES),
    "boerenbridge": _with_presets("boerenbridge", _BOERENBRIDGE),
    "avinas": _with_presets("avinas", _AVINAS),
}


def profile(ruleset_id: str) -> Profile:
    """The profile of a registered ruleset (a KeyError names a ruleset that has none)."""
    return PROFILES[ruleset_id]


def ruleset_ids() -> list[str]:
    """The registered ruleset ids, sorted (the parameters of the cross-game tests)."""
    return sorted(RULESETS)


def setups(use: str) -> list[tuple[str, Setup]]:
    """Every (ruleset id, setup) that the cross-game test ``use`` plays, in a stable order."""
    assert use in USES, use
    return [(rid, s) for rid in sorted(PROFILES) for s in PROFILES[rid].setups if use in s.uses]


def setup_ids(pairs: list[tuple[str, Setup]]) -> list[str]:
    """Test ids for ``setups(use)``: the setups' names."""
    return [s.name for _, s in pairs]
