"""Avinas options: every house rule of docs/rules/avinas.md §12 and §16.1 with its default, checks and
description (``avinas.option.<name>`` in the catalogs), and
``Config``, the typed, frozen form the game logic reads.

``config(options)`` gives the ``Config`` of a validated options object, made once per options
object through ``Options.derive`` (kept with the options object, which the service's one options
cache holds, a ``Bounded``: ``service.rules.options``): a match's state holds its ``Options`` and
every module reads ``config(state.options)``, never an option by its name. Every game package has
this accessor, with the same signature (``config(options, game)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from service.rules.games.avinas.state import RULESET_ID
from service.rules.messages import Msg
from service.rules.options import Options, OptionSpec, OptionType
from service.rules.settlement import REVOKE_PENALTY_SPEC


def _tiers_check(value: Any) -> Msg | None:
    if len(value) != 3:
        return Msg("avinas.option.three_tiers")
    return None


def _spec(name: str, type_: OptionType, default: Any, **limits: Any) -> OptionSpec:
    """An option whose description is the message ``avinas.option.<name>``."""
    return OptionSpec(name, type_, default, Msg(f"avinas.option.{name}"), **limits)


OPTION_SPECS: tuple[OptionSpec, ...] = (
    _spec("auction_rounds", "enum", "single", allowed=("single", "continuous")),
    _spec("min_declaration", "int", 1, minimum=1, maximum=8),
    _spec("declaration_count", "enum", "trumps", allowed=("trumps", "suit_cards")),
    _spec("lie_penalty", "enum", "loss_tier", allowed=("loss_tier", "max", "match")),
    _spec("defenders_knock_requires_knock", "bool", True),
    _spec("knock_in_pips_game", "bool", False),
    _spec("knock_fail_scoring", "enum", "doubled_tier", allowed=("doubled_tier", "full_stake")),
    _spec("trump_lead_obligation", "enum", "tricks_1_and_2", allowed=("tricks_1_and_2", "every_trick")),
    _spec("no_trump_followed_winner", "enum", "leader", allowed=("leader", "highest_of_led_suit")),
    _spec("facedown_signal", "bool", False),
    _spec("stop_remainder_to", "enum", "defenders", allowed=("defenders", "nobody")),
    _spec("stop_in_sevens_game", "bool", False),
    _spec("stop_by", "enum", "declarer", allowed=("declarer", "declaring_side")),
    _spec("rams_rule", "enum", "tiers", allowed=("tiers", "sevens")),
    _spec("rams_tiers", "int_list", (1, 2, 3), minimum=0, check=_tiers_check),
    _spec("pips_tiers", "int_list", (2, 4, 6), minimum=0, check=_tiers_check),
    _spec("pips_defender_tiers", "nullable_int_list", None, minimum=0, check=_tiers_check),
    _spec("tier_basis", "enum", "tricks", allowed=("tricks", "points")),
    _spec("pips_to_end", "int", 12, minimum=1),
    _spec("max_hands", "nullable_int", None, minimum=1),
    _spec("max_hands_outcome", "enum", "no_result", allowed=("no_result", "fewer_penalties")),
    REVOKE_PENALTY_SPEC,
)


@dataclass(frozen=True, slots=True)
class Config:
    """The options as the game logic reads them: one field per option of ``OPTION_SPECS``; a choice
    between two values is a bool named for the value that is not the default, except where
    docs/rules/avinas.md §16 adds a third value (``lie_penalty``), which keeps its values."""

    continuous_auction: bool  # auction_rounds = "continuous"
    min_declaration: int
    declaration_count: Literal["trumps", "suit_cards"]
    lie_penalty: Literal["loss_tier", "max", "match"]
    defenders_knock_requires_knock: bool
    knock_in_pips_game: bool
    failed_knock_costs_top_tier: bool  # knock_fail_scoring = "full_stake"
    trump_lead_every_trick: bool  # trump_lead_obligation = "every_trick"
    no_trump_highest_of_led_suit: bool  # no_trump_followed_winner = "highest_of_led_suit"
    facedown_signal: bool
    stop_remainder_to_nobody: bool  # stop_remainder_to = "nobody"
    stop_in_sevens_game: bool
    stop_by_declaring_side: bool  # stop_by = "declaring_side"
    rams_by_sevens: bool  # rams_rule = "sevens"
    rams_tiers: tuple[int, int, int]
    pips_tiers: tuple[int, int, int]
    pips_defender_tiers: tuple[int, int, int] | None  # None: the defenders use pips_tiers
    tier_by_points: bool  # tier_basis = "points"
    pips_to_end: int
    max_hands: int | None
    max_hands_fewer_penalties: bool  # max_hands_outcome = "fewer_penalties"


#: each option's default, for the options of §16.1 missing from a match stored before they existed
_DEFAULTS = {spec.name: spec.default for spec in OPTION_SPECS}


def make_config(options: Mapping[str, Any]) -> Config:
    """The ``Config`` of validated options (every option present, but those of §16.1 in a match
    stored before them, which take their defaults: the rules the match was played under)."""
    rams, pips = options["rams_tiers"], options["pips_tiers"]
    opt = {**_DEFAULTS, **options}
    defenders = opt["pips_defender_tiers"]
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
        stop_by_declaring_side=opt["stop_by"] == "declaring_side",
        rams_by_sevens=opt["rams_rule"] == "sevens",
        rams_tiers=(rams[0], rams[1], rams[2]),
        pips_tiers=(pips[0], pips[1], pips[2]),
        pips_defender_tiers=None if defenders is None else (defenders[0], defenders[1], defenders[2]),
        tier_by_points=opt["tier_basis"] == "points",
        pips_to_end=options["pips_to_end"],
        max_hands=options["max_hands"],
        max_hands_fewer_penalties=options["max_hands_outcome"] == "fewer_penalties",
    )


#: the game id -> the function ``Options.derive`` makes its ``Config`` with
CONFIG_MAKERS: dict[str, Callable[[Options], Config]] = {RULESET_ID: make_config}


def config(options: Mapping[str, Any], game: str = RULESET_ID) -> Config:
    """The ``Config`` of ``game`` (this package's one) for validated options, made once per options
    object (``Options.derive``); options not yet an ``Options`` are taken as given."""
    return Options.derived(options, CONFIG_MAKERS[game])
