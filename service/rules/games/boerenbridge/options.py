"""Boerenbridge options (rules spec ``docs/rules/boerenbridge.md``, §3, §6, §8-§11) and hand sizes.

Every house rule of the spec is an option with the spec's default, except one project decision:
``overshoot_rule`` defaults to ``"cap"`` (the seed's worked example, 95 + 10 gives 100).

The spec's ``players`` option (§1, §11) is the match's player count: the number of names at match
creation, or the length of the ``bids``/``tricks`` lists of a round's facts. The seed's schedule
(13 cards each) needs exactly 4 players; the other schedules take 3 to 7.

Derived defaults (``derived_defaults``):

* ``nil_made_score``: 20 under ``scoring_system = "seed"`` (the seed: a made zero bid "gets 20
  points"); 10 under every other system (what its exact-bid formula gives for 0 tricks: Oh Hell's
  0 + 10, the Dutch systems' and ``basis``/``blackout``'s 10 + k * 0). An explicit value, any
  integer from 0 to 50 (§15.2), applies under any system.
* ``no_bid_threshold``: null (everyone always bids) under ``match_end = "fixed_rounds_highest"``,
  the standard Dutch game of §11; 80 otherwise.

The game logic reads the options through ``config(options)``: a typed, frozen ``Config`` made once
per options object (``Options.derive``: kept with the options object, which the service's one
options cache holds, a ``Bounded``), never by option name. Every game package has this accessor,
with the same signature (``config(options, game)``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from service.rules.errors import InvalidOption, InvalidPlayerCount
from service.rules.facts import is_json_int
from service.rules.messages import Msg
from service.rules.options import Options, OptionSpec
from service.rules.settlement import REVOKE_PENALTY_SPEC

RULESET_ID = "boerenbridge"

#: The score a player races to (§10). Fixed by the seed.
TARGET = 100
PACK_SIZE = 52
PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5, 6, 7)
SEED_HAND_SIZE = 13
MAX_HAND_SIZE = PACK_SIZE // min(PLAYER_COUNTS)  # 17 with three players
MAX_SEATS = max(PLAYER_COUNTS)

SCHEDULE_NAMES: tuple[str, ...] = ("fixed_13", "up_down", "down_up", "up", "down")
SCORING_SYSTEMS: tuple[str, ...] = ("seed", "oh_hell", "nl_10_2", "vlaams_10_3", "nederlands_10_3", "basis",
                                    "blackout")
#: ``nil_made_score``: any integer in this range (§15.2; the former set {20, 10, 30} is in it)
NIL_MADE_RANGE = (0, 50)


@dataclass(frozen=True)
class ScheduleOption(OptionSpec):
    """``hand_size_schedule``: a named schedule, or an explicit list of hand sizes (one per round)."""

    def allowed_text(self) -> Msg:
        names = ", ".join(repr(a) for a in (self.allowed or ()))
        return Msg("boerenbridge.option.schedule_allowed", names=names, most=MAX_HAND_SIZE)

    def validate(self, value: Any) -> Any:
        if isinstance(value, str) and value in (self.allowed or ()):
            return value
        if isinstance(value, (list, tuple)) and value and all(
            is_json_int(v) and 1 <= v <= MAX_HAND_SIZE for v in value
        ):
            return tuple(value)
        raise InvalidOption(
            Msg("core.option_must_be", option=self.title(), allowed=self.allowed_text(), value=value),
            option=self.name,
            allowed=[*(self.allowed or ()), f"[hand sizes 1..{MAX_HAND_SIZE}]"],
        )

    def describe(self) -> dict[str, Any]:
        """The catalogue has no union type: ``allowed`` names the schedules, ``minimum``/``maximum``
        bound the sizes of an explicit list, and the description says both."""
        out = super().describe()
        out["minimum"] = 1
        out["maximum"] = MAX_HAND_SIZE
        return out


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("first_dealer_method", "enum", "high_card_draw", Msg("boerenbridge.option.first_dealer_method"),
               allowed=("high_card_draw", "random", "fixed")),
    OptionSpec("first_dealer_tiebreak", "enum", "redraw", Msg("boerenbridge.option.first_dealer_tiebreak"),
               allowed=("redraw", "suit_order")),
    ScheduleOption("hand_size_schedule", "enum", "fixed_13", Msg("boerenbridge.option.hand_size_schedule"),
                   allowed=SCHEDULE_NAMES),
    OptionSpec("trump_mode", "enum", "none", Msg("boerenbridge.option.trump_mode"),
               allowed=("none", "turn_up", "fixed_spades", "highest_bidder_chooses")),
    OptionSpec("bidding_mode", "enum", "simultaneous", Msg("boerenbridge.option.bidding_mode"),
               allowed=("simultaneous", "sequential")),
    OptionSpec("bid_revision_right", "enum", "hook_player", Msg("boerenbridge.option.bid_revision_right"),
               allowed=("hook_player", "dealer_only", "none")),
    OptionSpec("hook_fallback", "enum", "last_active_bidder", Msg("boerenbridge.option.hook_fallback"),
               allowed=("last_active_bidder", "none")),
    OptionSpec("hook_min_hand_size", "int", 1, Msg("boerenbridge.option.hook_min_hand_size"),
               minimum=1, maximum=MAX_HAND_SIZE),
    OptionSpec("no_bid_threshold", "nullable_int", 80, Msg("boerenbridge.option.no_bid_threshold"), minimum=0),
    OptionSpec("no_bid_comparison", "enum", "gte", Msg("boerenbridge.option.no_bid_comparison"),
               allowed=("gte", "gt")),
    OptionSpec("scoring_system", "enum", "seed", Msg("boerenbridge.option.scoring_system"),
               allowed=SCORING_SYSTEMS),
    OptionSpec("nil_made_score", "int", 20, Msg("boerenbridge.option.nil_made_score"),
               minimum=NIL_MADE_RANGE[0], maximum=NIL_MADE_RANGE[1]),
    OptionSpec("zero_bid_allowed", "bool", True, Msg("boerenbridge.option.zero_bid_allowed")),
    OptionSpec("miss_penalty", "enum", "none", Msg("boerenbridge.option.miss_penalty"),
               allowed=("none", "minus_1_per_trick_off")),
    OptionSpec("overshoot_rule", "enum", "cap", Msg("boerenbridge.option.overshoot_rule"),
               allowed=("cap", "bounce", "subtract_from_previous", "bust")),
    OptionSpec("simultaneous_100", "enum", "joint_win", Msg("boerenbridge.option.simultaneous_100"),
               allowed=("joint_win", "play_on")),
    OptionSpec("max_rounds", "nullable_int", None, Msg("boerenbridge.option.max_rounds"),
               minimum=1),
    OptionSpec("max_rounds_outcome", "enum", "no_winner", Msg("boerenbridge.option.max_rounds_outcome"),
               allowed=("no_winner", "closest_to_100")),
    OptionSpec("match_end", "enum", "exact_100", Msg("boerenbridge.option.match_end"),
               allowed=("exact_100", "fixed_rounds_highest")),
    REVOKE_PENALTY_SPEC,
)

def derived_defaults(given: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    system = given.get("scoring_system", "seed")
    out["nil_made_score"] = 20 if system == "seed" else 10
    if given.get("match_end", "exact_100") == "fixed_rounds_highest":
        out["no_bid_threshold"] = None
    return out


def check_options(options: Mapping[str, Any]) -> None:
    """The cross-option checks (``Ruleset.check_options``), on the options with every default in."""
    cfg = _make_config(options)
    if cfg.miss_penalty and cfg.scoring_system not in ("seed", "oh_hell"):
        raise InvalidOption(Msg("boerenbridge.option.miss_penalty_system", system=cfg.scoring_system),
                            option="miss_penalty", allowed=["none"])
    if cfg.fixed_rounds:
        if cfg.schedule == "fixed_13" and cfg.max_rounds is None:
            raise InvalidOption(Msg("boerenbridge.option.fixed_rounds_need_max_rounds"), option="max_rounds")
    elif not cfg.joint_win and cfg.overshoot_rule in ("cap", "bust") and not cfg.can_go_down and cfg.max_rounds is None:
        raise InvalidOption(Msg("boerenbridge.option.play_on_never_ends",
                                rule=Msg(f"boerenbridge.option.overshoot_rule.value.{cfg.overshoot_rule}")),
                            option="simultaneous_100", allowed=["joint_win"])


# ------------------------------------------------------------------------------------------------
# The typed config the game logic reads
# ------------------------------------------------------------------------------------------------

TrumpMode = Literal["none", "turn_up", "fixed_spades", "highest_bidder_chooses"]
Overshoot = Literal["cap", "bounce", "subtract_from_previous", "bust"]


@dataclass(frozen=True, slots=True)
class Config:
    """Every house rule as the game logic reads it (one per options object: ``config``)."""

    first_dealer_method: Literal["high_card_draw", "random", "fixed"]
    first_dealer_tiebreak: Literal["redraw", "suit_order"]
    #: ``hand_size_schedule``: a schedule's name, or the explicit list of hand sizes
    schedule: str | tuple[int, ...]
    #: the hand sizes of one pass of the schedule, by player count (``schedule``)
    hand_sizes: Mapping[int, tuple[int, ...]]
    trump_mode: TrumpMode
    #: ``bidding_mode = "sequential"`` (else sealed simultaneous bids)
    sequential: bool
    bid_revision_right: Literal["hook_player", "dealer_only", "none"]
    #: ``hook_fallback = "none"``: no hook player when the dealer does not bid
    no_hook_fallback: bool
    hook_min_hand_size: int
    no_bid_threshold: int | None
    #: ``no_bid_comparison = "gte"``: a score at the threshold stops bidding (else only above it)
    no_bid_at_threshold: bool
    scoring_system: str
    nil_made_score: int
    #: ``zero_bid_allowed`` (§15.4): false makes every bid at least 1
    zero_bid_allowed: bool
    #: ``miss_penalty = "minus_1_per_trick_off"``
    miss_penalty: bool
    overshoot_rule: Overshoot
    #: ``simultaneous_100 = "joint_win"`` (else play on)
    joint_win: bool
    max_rounds: int | None
    #: ``max_rounds_outcome = "closest_to_100"`` (else no winner)
    closest_wins: bool
    #: ``match_end = "fixed_rounds_highest"`` (else the race to exactly 100)
    fixed_rounds: bool

    @property
    def bidding_mode(self) -> str:
        return "sequential" if self.sequential else "simultaneous"

    @property
    def can_go_down(self) -> bool:
        """True when a round can score negative points (a Dutch system or a miss penalty)."""
        return self.scoring_system in ("nl_10_2", "nederlands_10_3") or self.miss_penalty


def _make_config(options: Mapping[str, Any]) -> Config:
    o = options
    return Config(
        first_dealer_method=o["first_dealer_method"],
        first_dealer_tiebreak=o["first_dealer_tiebreak"],
        schedule=o["hand_size_schedule"],
        hand_sizes={n: _schedule(o["hand_size_schedule"], n) for n in PLAYER_COUNTS},
        trump_mode=o["trump_mode"],
        sequential=o["bidding_mode"] == "sequential",
        bid_revision_right=o["bid_revision_right"],
        no_hook_fallback=o["hook_fallback"] == "none",
        hook_min_hand_size=o["hook_min_hand_size"],
        no_bid_threshold=o["no_bid_threshold"],
        no_bid_at_threshold=o["no_bid_comparison"] == "gte",
        scoring_system=o["scoring_system"],
        nil_made_score=o["nil_made_score"],
        zero_bid_allowed=o["zero_bid_allowed"],
        miss_penalty=o["miss_penalty"] != "none",
        overshoot_rule=o["overshoot_rule"],
        joint_win=o["simultaneous_100"] == "joint_win",
        max_rounds=o["max_rounds"],
        closest_wins=o["max_rounds_outcome"] == "closest_to_100",
        fixed_rounds=o["match_end"] == "fixed_rounds_highest",
    )


#: the game id -> the function ``Options.derive`` makes its ``Config`` with
CONFIG_MAKERS: dict[str, Callable[[Options], Config]] = {RULESET_ID: _make_config}


def config(options: Mapping[str, Any], game: str = RULESET_ID) -> Config:
    """The ``Config`` of ``game`` (this package's one) for validated options, made once per options
    object (``Options.derive``); options not yet an ``Options`` are taken as given."""
    return Options.derived(options, CONFIG_MAKERS[game])


# ------------------------------------------------------------------------------------------------
# Hand sizes
# ------------------------------------------------------------------------------------------------


def max_hand(n_players: int) -> int:
    return PACK_SIZE // n_players


def _schedule(value: str | tuple[int, ...], n_players: int) -> tuple[int, ...]:
    top = max_hand(n_players)
    if value == "fixed_13":
        return (SEED_HAND_SIZE,)
    if value == "up_down":
        return (*range(1, top + 1), *range(top - 1, 0, -1))
    if value == "down_up":
        return (*range(top, 0, -1), *range(2, top + 1))
    if value == "up":
        return tuple(range(1, top + 1))
    if value == "down":
        return tuple(range(top, 0, -1))
    assert not isinstance(value, str), value
    return tuple(value)


def schedule(options: Mapping[str, Any], n_players: int) -> tuple[int, ...]:
    """The hand sizes of one pass of the schedule for ``n_players`` (§11; BB-V01)."""
    return config(options).hand_sizes[n_players]


def check_schedule(cfg: Config, n_players: int) -> None:
    """Raise InvalidPlayerCount (or InvalidOption) when the schedule cannot be dealt to ``n_players``,
    one of ``PLAYER_COUNTS``."""
    value = cfg.schedule
    if value == "fixed_13" and n_players != 4:
        raise InvalidPlayerCount(Msg("boerenbridge.option.seed_needs_four", players=n_players), legal=[4])
    if not isinstance(value, str):
        top = max_hand(n_players)
        too_big = [h for h in value if h > top]
        if too_big:
            raise InvalidOption(Msg("boerenbridge.option.schedule_too_big", players=n_players, most=top,
                                    size=too_big[0]), option="hand_size_schedule")


def rounds_in_match(cfg: Config, n_players: int) -> int | None:
    """Under ``fixed_rounds_highest``: the number of rounds; otherwise ``max_rounds`` (or None)."""
    limit = cfg.max_rounds
    if cfg.fixed_rounds and limit is None:
        return len(cfg.hand_sizes[n_players])
    return limit


def hand_size_for(cfg: Config, n_players: int, round_number: int) -> int:
    """The hand size of round ``round_number`` (1-based); a finite schedule starts over."""
    sizes = cfg.hand_sizes[n_players]
    return sizes[(round_number - 1) % len(sizes)]
