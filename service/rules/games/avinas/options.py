"""Avinas options: every house rule of docs/rules/avinas.md §12, with its default, and their checks."""

from __future__ import annotations

from typing import Any

from service.rules.base import OptionSpec


def _tiers_check(value: Any) -> str | None:
    if len(value) != 3:
        return "give exactly three values, for tiers 1, 2 and 3"
    return None


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("auction_rounds", "enum", "single", "no-seven auction: each player speaks once, or bidding "
               "continues until the others have passed after a declaration", allowed=("single", "continuous")),
    OptionSpec("min_declaration", "int", 1, "the lowest number a player may declare", minimum=1, maximum=8),
    OptionSpec("declaration_count", "enum", "trumps", "what a declaration counts: all trumps (every Q and J "
               "plus the suit's A 10 K 9 8 7) or the cards printed with the suit", allowed=("trumps", "suit_cards")),
    OptionSpec("lie_penalty", "enum", "loss_tier", "a proven lie costs the normal loss tier or the top tier",
               allowed=("loss_tier", "max")),
    OptionSpec("defenders_knock_requires_knock", "bool", True,
               "the defenders may knock back only after the declaring side knocked"),
    OptionSpec("knock_in_pips_game", "bool", False, "knocking is also allowed in the no-seven game"),
    OptionSpec("knock_fail_scoring", "enum", "doubled_tier", "a failed knock costs the declaring side its own "
               "tier doubled per knock, or the top tier doubled", allowed=("doubled_tier", "full_stake")),
    OptionSpec("trump_lead_obligation", "enum", "tricks_1_and_2", "which leaders must lead a trump while "
               "holding one", allowed=("tricks_1_and_2", "every_trick")),
    OptionSpec("no_trump_followed_winner", "enum", "leader", "who wins trick 1 or 2 when nobody plays a trump",
               allowed=("leader", "highest_of_led_suit")),
    OptionSpec("facedown_signal", "bool", False, "a face-down lead may carry a public, unverified hint "
               "(amount 1 = valuable, 0 = worthless)"),
    OptionSpec("stop_remainder_to", "enum", "defenders", "after the declarer's stop, the unplayed cards and "
               "tricks go to the defenders or to nobody", allowed=("defenders", "nobody")),
    OptionSpec("stop_in_sevens_game", "bool", False, "the declarer may also stop in the sevens game"),
    OptionSpec("rams_tiers", "int_list", (1, 2, 3), "rams for a loss of tier 1, 2, 3 (before doubling)",
               minimum=0, check=_tiers_check),
    OptionSpec("pips_tiers", "int_list", (2, 4, 6), "pips for a loss of tier 1, 2, 3", minimum=0,
               check=_tiers_check),
    OptionSpec("pips_to_end", "int", 12, "the match ends when a team has this many pips", minimum=1),
    OptionSpec("max_hands", "nullable_int", None, "safety limit on the number of hands (null: none)", minimum=1),
    OptionSpec("max_hands_outcome", "enum", "no_result", "the result when max_hands is reached first",
               allowed=("no_result", "fewer_penalties")),
)  # fmt: skip
