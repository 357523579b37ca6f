"""The options catalogue of Forty-Fives and Auction Forty-Fives (forty-fives.md §5, defaults §2.10, §3.11)
and ``Config``, the options digested once into the flags the engine reads (``config(options, game)``:
one per options object and game, ``Options.derive``, kept with the options object, which the
service's one options cache holds, a ``Bounded``). Every game package has this accessor, with the
same signature; here ``game`` tells the two games apart.

The two games share most options; where a default differs per game (``ace_of_hearts_lead``,
``unrobbed_trump_ace``, ``dealer_turned_ace``, ``highest_trump_bonus``, ``target_score``) each game
has its own spec. In Auction Forty-Fives the bidding mode changes two defaults
(``highest_trump_bonus`` becomes ``"highest_trump_played"`` and ``target_score`` 120): see
``auction_derived_defaults``.

``players`` is in the catalogue too: a match takes its player count from its player list (the
stored options then hold that count); the ``/score`` endpoint reads it when the facts do not say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from service.rules.errors import InvalidOption
from service.rules.messages import Msg
from service.rules.options import Options, OptionSpec
from service.rules.settlement import REVOKE_PENALTY_SPEC

# ------------------------------------------------------------------------------------------------
# The play rules' option values (§4.2, §4.3), as ``play.legal_mask`` reads them
# ------------------------------------------------------------------------------------------------

FORTY_FIVES_ID = "forty_fives"
AUCTION_ID = "auction_forty_fives"

PLAIN_RULES = ("follow_or_trump", "must_follow", "any")
AH_RULES = (
    "trump_lead",
    "trump_lead_hearts_fallback",
    "trump_lead_renege_then_hearts",
    "trump_lead_no_renege_hearts_fallback",
)
AH_TRUMP_LEAD, AH_FALLBACK, AH_RENEGE_THEN_HEARTS, AH_NO_RENEGE = range(4)


@dataclass(frozen=True)
class PlayRules:
    """The options that decide which cards may be played (§4)."""

    plain_rule: int  # index into PLAIN_RULES
    ah_rule: int  # index into AH_RULES
    ref_highest: bool  # renege_reference == "highest_trump_in_trick"


# ------------------------------------------------------------------------------------------------
# Option specs
# ------------------------------------------------------------------------------------------------


def _check_bid_values(value: Any) -> Msg | None:
    vals = list(value)
    if any(v % 5 for v in vals):
        return Msg("forty_fives.check.bids_multiples_of_5")
    if any(b <= a for a, b in pairwise(vals)):
        return Msg("forty_fives.check.bids_ascending")
    return None


def _multiple_of_5(value: Any) -> Msg | None:
    if value is not None and value % 5:
        return Msg("forty_fives.check.multiple_of_5", value=value)
    return None


def _enum(name: str, default: str, allowed: tuple[str, ...], description: Msg) -> OptionSpec:
    return OptionSpec(name, "enum", default, description, allowed=allowed)


DEAL_PATTERN = _enum("deal_pattern", "3-2", ("3-2", "2-3"),
                     Msg("forty_fives.option.deal_pattern"))
PLAIN_LEAD_RULE = _enum(
    "plain_lead_rule", "follow_or_trump", PLAIN_RULES,
    Msg("forty_fives.option.plain_lead_rule"),
)
RENEGABLE_CARDS = _enum(
    "renegable_cards", "five_jack_ace_of_hearts", ("five_jack_ace_of_hearts", "five_only", "none"),
    Msg("forty_fives.option.renegable_cards"),
)
RENEGE_REFERENCE = _enum(
    "renege_reference", "led_card", ("led_card", "highest_trump_in_trick"),
    Msg("forty_fives.option.renege_reference"),
)
PLAIN_ACE_RANK = _enum(
    "plain_ace_rank", "traditional", ("traditional", "high"),
    Msg("forty_fives.option.plain_ace_rank"),
)
UNROBBED = ("keeps_rank", "lowest_unless_announced", "lowest")
DEALER_ACE = ("must_rob_before_first_lead", "may_rob_after_first_trick", "may_rob_discard_before_first_lead",
              "may_decline")
BONUS = ("highest_trump_played", "five_of_trumps_only", "none")

# §9.3 (forty_fives only) and §9.4 (both games): the amounts of a trick and of the bonus, the match's end
MATCH_ENDS = ("target", "fixed_hands", "fixed_deal_turns")
TRICK_VALUE = OptionSpec("trick_value", "int", 5, Msg("forty_fives.option.trick_value"), minimum=1, maximum=50)
BONUS_VALUE = OptionSpec("highest_trump_bonus_value", "int", 5, Msg("forty_fives.option.highest_trump_bonus_value"),
                         minimum=0, maximum=50)
MATCH_END = _enum("match_end", "target", MATCH_ENDS, Msg("forty_fives.option.match_end"))
MATCH_LENGTH = OptionSpec("match_length", "nullable_int", None, Msg("forty_fives.option.match_length"),
                          minimum=1, maximum=100)

FORTY_FIVES_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("players", "int", 3, Msg("forty_fives.option.players"), minimum=2, maximum=6),
    DEAL_PATTERN,
    PLAIN_LEAD_RULE,
    RENEGABLE_CARDS,
    RENEGE_REFERENCE,
    _enum("ace_of_hearts_lead", "trump_lead_hearts_fallback", AH_RULES,
          Msg("forty_fives.option.ace_of_hearts_lead")),
    PLAIN_ACE_RANK,
    _enum("unrobbed_trump_ace", "keeps_rank", UNROBBED,
          Msg("forty_fives.option.unrobbed_trump_ace")),
    _enum("dealer_turned_ace", "must_rob_before_first_lead", DEALER_ACE,
          Msg("forty_fives.option.dealer_turned_ace")),
    _enum("highest_trump_bonus", "highest_trump_played", BONUS,
          Msg("forty_fives.option.highest_trump_bonus")),
    OptionSpec("target_score", "int", 45, Msg("forty_fives.option.target_score"),
               minimum=5),
    _enum("tie_at_target", "play_another_hand", ("play_another_hand", "shared"),
          Msg("forty_fives.option.tie_at_target")),
    TRICK_VALUE,
    BONUS_VALUE,
    MATCH_END,
    MATCH_LENGTH,
    REVOKE_PENALTY_SPEC,
)

#: the Newfoundland "120s" house rules of the auction (§9.5-§9.8)
AUCTION_HOUSE_SPECS: tuple[OptionSpec, ...] = (
    _enum("auction_rounds", "continuous", ("continuous", "single"),
          Msg("forty_fives.auction.option.auction_rounds")),
    OptionSpec("hold_minimum", "nullable_int", None, Msg("forty_fives.auction.option.hold_minimum"),
               minimum=5, maximum=30, check=_multiple_of_5),
    _enum("kitty_bid", "off", ("off", "keep_one", "whole_hand"), Msg("forty_fives.auction.option.kitty_bid")),
    OptionSpec("bid_30_trump_lead", "bool", False, Msg("forty_fives.auction.option.bid_30_trump_lead")),
    OptionSpec("cap_waived_in_hole", "bool", False, Msg("forty_fives.auction.option.cap_waived_in_hole")),
)

AUCTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("players", "int", 4, Msg("forty_fives.auction.option.players"),
               minimum=4, maximum=6, allowed=(4, 6)),
    _enum("trump_selection", "turn_up", ("turn_up", "bidding"),
          Msg("forty_fives.auction.option.trump_selection")),
    DEAL_PATTERN,
    PLAIN_LEAD_RULE,
    RENEGABLE_CARDS,
    RENEGE_REFERENCE,
    _enum("ace_of_hearts_lead", "trump_lead", AH_RULES,
          Msg("forty_fives.auction.option.ace_of_hearts_lead")),
    PLAIN_ACE_RANK,
    _enum("unrobbed_trump_ace", "lowest_unless_announced", UNROBBED,
          Msg("forty_fives.auction.option.unrobbed_trump_ace")),
    _enum("dealer_turned_ace", "may_rob_after_first_trick", DEALER_ACE,
          Msg("forty_fives.auction.option.dealer_turned_ace")),
    _enum("highest_trump_bonus", "none", BONUS,
          Msg("forty_fives.auction.option.highest_trump_bonus")),
    OptionSpec("target_score", "int", 45, Msg("forty_fives.auction.option.target_score"),
               minimum=5),
    _enum("turn_up_scoring", "trick_difference", ("trick_difference", "three_four_five"),
          Msg("forty_fives.auction.option.turn_up_scoring")),
    OptionSpec("bid_values", "int_list", (15, 20, 25, 30),
               Msg("forty_fives.auction.option.bid_values"),
               minimum=5, maximum=30, check=_check_bid_values),
    _enum("dealer_hold", "reopen", ("reopen", "duel", "off", "final"),
          Msg("forty_fives.auction.option.dealer_hold")),
    _enum("all_pass", "dealer_forced", ("dealer_forced", "redeal"),
          Msg("forty_fives.auction.option.all_pass")),
    OptionSpec("min_bid_at_100", "nullable_int", 20,
               Msg("forty_fives.auction.option.min_bid_at_100"),
               minimum=5, maximum=30, check=_multiple_of_5),
    OptionSpec("bidder_must_hold_trump", "bool", False,
               Msg("forty_fives.auction.option.bidder_must_hold_trump")),
    OptionSpec("kitty_size", "int", 0,
               Msg("forty_fives.auction.option.kitty_size"),
               allowed=(0, 3, 4, 5), minimum=0, maximum=5),
    OptionSpec("discard_and_draw", "bool", True,
               Msg("forty_fives.auction.option.discard_and_draw")),
    OptionSpec("min_keep_six_players", "int", 2,
               Msg("forty_fives.auction.option.min_keep_six_players"), minimum=0, maximum=5),
    OptionSpec("dealer_robs_pack", "bool", False,
               Msg("forty_fives.auction.option.dealer_robs_pack")),
    _enum("first_lead_after_bidding", "left_of_bidder", ("left_of_bidder", "bidder", "left_of_dealer"),
          Msg("forty_fives.auction.option.first_lead_after_bidding")),
    OptionSpec("bid_30_made_value", "int", 60, Msg("forty_fives.auction.option.bid_30_made_value"),
               allowed=(60, 30)),
    _enum("bid_30_requires", "all_five_tricks", ("all_five_tricks", "30_points"),
          Msg("forty_fives.auction.option.bid_30_requires")),
    _enum("defender_out_rule", "none",
          ("none", "locked_from_100", "capped_below_target", "locked_from_100_when_made"),
          Msg("forty_fives.auction.option.defender_out_rule")),
    _enum("simultaneous_target", "bidder_wins", ("bidder_wins", "highest_score"),
          Msg("forty_fives.auction.option.simultaneous_target")),
    MATCH_END,
    MATCH_LENGTH,
    *AUCTION_HOUSE_SPECS,
    REVOKE_PENALTY_SPEC,
)


def auction_derived_defaults(given: Mapping[str, Any]) -> dict[str, Any]:
    """Bidding mode changes the defaults of the bonus and the target (§3.11)."""
    if given.get("trump_selection") == "bidding":
        return {"highest_trump_bonus": "highest_trump_played", "target_score": 120}
    return {}


def check_options(options: Mapping[str, Any]) -> None:
    """Cross-option checks (``Ruleset.check_options``): a fixed-length match without its length
    (§9.1), a floor that no bid value reaches."""
    if options.get("match_end", "target") != "target" and options.get("match_length") is None:
        raise InvalidOption(Msg("forty_fives.check.match_length_needed",
                                match_end=Msg(f"forty_fives.option.match_end.value.{options['match_end']}")),
                            option="match_length", allowed=Msg("core.allowed.int_from_to", lo=1, hi=100))
    floor = options.get("min_bid_at_100")
    values = options.get("bid_values")
    if floor is not None and values and max(values) < floor:
        raise InvalidOption(Msg("forty_fives.check.floor_above_bids", floor=floor, values=str(list(values))),
                            option="min_bid_at_100")


# ------------------------------------------------------------------------------------------------
# Config: the options digested for the engine
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Config:
    """Everything the engine reads from the options, computed once per options object."""

    game: str  # "forty_fives" | "auction_forty_fives"
    bidding: bool
    players: int
    deal_first: int  # size of the first batch (3 for "3-2")
    rules: PlayRules
    aces_high: bool
    renegable: str
    unrobbed: str
    dealer_ace: str
    bonus: str
    target: int
    tie_shared: bool
    turn_up_scoring: str
    bid_values: tuple[int, ...]
    dealer_hold: str
    all_pass_redeal: bool
    floor: int | None
    must_hold_trump: bool
    kitty: int
    discard_and_draw: bool
    min_keep6: int
    robs_pack: bool
    first_lead: str
    bid30_value: int
    bid30_all_tricks: bool
    defender_rule: str
    bidder_wins: bool
    # §9.3, §9.4
    trick_value: int
    bonus_value: int
    #: the scored hands a fixed-length match lasts (None: the target ends it)
    fixed_hands: int | None
    single_round: bool = False  # auction_rounds == "single" (§9.5)
    hold_minimum: int | None = None
    kitty_bid: str = "off"  # "off" unless there is a kitty
    bid30_lead: bool = False  # bid_30_trump_lead, with 30 a bid value (§9.7)
    cap_waived_in_hole: bool = False
    #: trump suit -> (its table, its table with the ace of trumps demoted), filled on first use
    tables: dict[Any, tuple[Any, Any]] = field(default_factory=dict, repr=False)

    @property
    def demotes(self) -> bool:
        """Whether an unrobbed ace of trumps can be demoted (§1.5); never in bidding mode."""
        return not self.bidding and self.unrobbed != "keeps_rank"


def make_config(game: str, options: Mapping[str, Any], defaults: Mapping[str, Any]) -> Config:
    def get(name: str) -> Any:
        return options[name] if name in options else defaults[name]

    bidding = game == AUCTION_ID and get("trump_selection") == "bidding"
    return Config(
        game=game,
        bidding=bidding,
        players=get("players"),
        deal_first=3 if get("deal_pattern") == "3-2" else 2,
        rules=PlayRules(
            plain_rule=PLAIN_RULES.index(get("plain_lead_rule")),
            ah_rule=AH_RULES.index(get("ace_of_hearts_lead")),
            ref_highest=get("renege_reference") == "highest_trump_in_trick",
        ),
        aces_high=get("plain_ace_rank") == "high",
        renegable=get("renegable_cards"),
        unrobbed=get("unrobbed_trump_ace"),
        dealer_ace=get("dealer_turned_ace"),
        bonus=get("highest_trump_bonus"),
        target=get("target_score"),
        tie_shared=game == FORTY_FIVES_ID and get("tie_at_target") == "shared",
        turn_up_scoring=get("turn_up_scoring") if game == AUCTION_ID else "trick_difference",
        bid_values=tuple(get("bid_values")) if bidding else (),
        dealer_hold=get("dealer_hold") if bidding else "off",
        all_pass_redeal=bidding and get("all_pass") == "redeal",
        floor=get("min_bid_at_100") if bidding else None,
        must_hold_trump=bidding and bool(get("bidder_must_hold_trump")),
        kitty=get("kitty_size") if bidding else 0,
        discard_and_draw=bidding and bool(get("discard_and_draw")),
        min_keep6=get("min_keep_six_players") if bidding else 0,
        robs_pack=bidding and bool(get("dealer_robs_pack")),
        first_lead=get("first_lead_after_bidding") if bidding else "left_of_dealer",
        bid30_value=get("bid_30_made_value") if bidding else 60,
        bid30_all_tricks=(get("bid_30_requires") == "all_five_tricks") if bidding else True,
        defender_rule=get("defender_out_rule") if bidding else "none",
        bidder_wins=(get("simultaneous_target") == "bidder_wins") if bidding else True,
        trick_value=get("trick_value") if game == FORTY_FIVES_ID else 5,
        bonus_value=get("highest_trump_bonus_value") if game == FORTY_FIVES_ID else 5,
        fixed_hands=_fixed_hands(get("match_end"), get("match_length"), get("players")),
        **_house_config(bidding, get),
    )


def _fixed_hands(match_end: str, length: int | None, players: int) -> int | None:
    """§9.4: ``match_length`` hands, or ``match_length`` turns of the deal round the table."""
    if match_end == "target" or length is None:
        return None
    return length * players if match_end == "fixed_deal_turns" else length


def _house_config(bidding: bool, get: Callable[[str], Any]) -> dict[str, Any]:
    """The §9.5-§9.8 fields of ``Config``; an option that cannot matter has no effect (§9.1)."""
    if not bidding:
        return {}
    return {
        "single_round": get("auction_rounds") == "single",
        "hold_minimum": get("hold_minimum"),
        "kitty_bid": get("kitty_bid") if get("kitty_size") else "off",
        "bid30_lead": bool(get("bid_30_trump_lead")) and 30 in get("bid_values"),
        "cap_waived_in_hole": bool(get("cap_waived_in_hole")),
    }


def _defaults(specs: tuple[OptionSpec, ...], derived: Callable[[Mapping[str, Any]], dict[str, Any]],
              given: Mapping[str, Any]) -> dict[str, Any]:
    out = {s.name: s.default for s in specs}
    out.update(derived(given))
    return out


def _forty_fives_config(options: Options) -> Config:
    return make_config(FORTY_FIVES_ID, options, _defaults(FORTY_FIVES_SPECS, lambda given: {}, options))


def _auction_config(options: Options) -> Config:
    return make_config(AUCTION_ID, options, _defaults(AUCTION_SPECS, auction_derived_defaults, options))

#: game id -> the function ``Options.derive`` makes its ``Config`` with
CONFIG_MAKERS: dict[str, Callable[[Options], Config]] = {FORTY_FIVES_ID: _forty_fives_config,
                                                         AUCTION_ID: _auction_config}


def config(options: Mapping[str, Any], game: str = FORTY_FIVES_ID) -> Config:
    """``game``'s digested options, made once per options object (``Options.derive``); options not
    yet an ``Options`` (a plain mapping) are taken as given, defaults filling what they lack."""
    if type(options) is Options:  # a match's options: asked at every step of a match
        return options.derive(CONFIG_MAKERS[game])
    return Options.derived(options, CONFIG_MAKERS[game])
