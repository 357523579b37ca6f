"""Avinas options: every house rule of docs/rules/avinas.md §12 with its default and checks, and
``Config``, the typed, frozen form the game logic reads.

``config(options)`` gives the ``Config`` of a validated options object, made once per options
object through ``Options.derive`` (the service's one options cache, ``service.rules.options``): a
match's state holds its ``Options`` and every module reads ``config(state.options)``, never an
option by its name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from service.rules.options import Options, OptionSpec


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


@dataclass(frozen=True, slots=True)
class Config:
    """The options as the game logic reads them: one field per option of ``OPTION_SPECS``; a choice
    between two values is a bool named for the value that is not the default, except where
    docs/rules/avinas.md §16 adds a third value (``lie_penalty``), which keeps its values."""

    continuous_auction: bool  # auction_rounds = "continuous"
    min_declaration: int
    declaration_count: Literal["trumps", "suit_cards"]
    lie_penalty: Literal["loss_tier", "max"]
    defenders_knock_requires_knock: bool
    knock_in_pips_game: bool
    failed_knock_costs_top_tier: bool  # knock_fail_scoring = "full_stake"
    trump_lead_every_trick: bool  # trump_lead_obligation = "every_trick"
    no_trump_highest_of_led_suit: bool  # no_trump_followed_winner = "highest_of_led_suit"
    facedown_signal: bool
    stop_remainder_to_nobody: bool  # stop_remainder_to = "nobody"
    stop_in_sevens_game: bool
    rams_tiers: tuple[int, int, int]
    pips_tiers: tuple[int, int, int]
    pips_to_end: int
    max_hands: int | None
    max_hands_fewer_penalties: bool  # max_hands_outcome = "fewer_penalties"


def make_config(options: Mapping[str, Any]) -> Config:
    """The ``Config`` of validated options (every option present)."""
    rams, pips = options["rams_tiers"], options["pips_tiers"]
    return Config(
        continuous_auction=options["auction_rounds"] == "continuous",
        min_declaration=options["min_declaration"],
        declaration_count=options["declaration_count"],
        lie_penalty=options["lie_penalty"],
        defenders_knock_requires_knock=options["defenders_knock_requires_knock"],
        knock_in_pips_game=options["knock_in_pips_game"],
        failed_knock_costs_top_tier=options["knock_fail_scoring"] == "full_stake",
        trump_lead_every_trick=options["trump_lead_obligation"] == "every_trick",
        no_trump_highest_of_led_suit=options["no_trump_followed_winner"] == "highest_of_led_suit",
        facedown_signal=options["facedown_signal"],
        stop_remainder_to_nobody=options["stop_remainder_to"] == "nobody",
        stop_in_sevens_game=options["stop_in_sevens_game"],
        rams_tiers=(rams[0], rams[1], rams[2]),
        pips_tiers=(pips[0], pips[1], pips[2]),
        pips_to_end=options["pips_to_end"],
        max_hands=options["max_hands"],
        max_hands_fewer_penalties=options["max_hands_outcome"] == "fewer_penalties",
    )


def config(options: Mapping[str, Any]) -> Config:
    """The ``Config`` of validated options, made once per options object (``Options.derive``)."""
    opts = options if type(options) is Options else Options.of(options)
    return opts.derive(make_config)
