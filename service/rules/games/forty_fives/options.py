"""The options catalogue of Forty-Fives and Auction Forty-Fives (forty-fives.md §5, defaults §2.10, §3.11)
and ``Config``, the options digested once into the flags the engine reads (``config_of``: one per
options object and game, through the service's one options cache, ``Options.derive``).

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

from service.rules.options import Options, OptionSpec

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


def _check_bid_values(value: Any) -> str | None:
    vals = list(value)
    if any(v % 5 for v in vals):
        return "bid values must be multiples of 5"
    if any(b <= a for a, b in pairwise(vals)):
        return "bid values must be strictly ascending"
    return None


def _multiple_of_5(value: Any) -> str | None:
    if value is not None and value % 5:
        return f"must be a multiple of 5; got {value!r}"
    return None


def _enum(name: str, default: str, allowed: tuple[str, ...], description: str) -> OptionSpec:
    return OptionSpec(name, "enum", default, description, allowed=allowed)


DEAL_PATTERN = _enum("deal_pattern", "3-2", ("3-2", "2-3"),
                     "five cards each, clockwise from the dealer's left: a batch of 3 then 2, or 2 then 3 (§2.3)")
PLAIN_LEAD_RULE = _enum(
    "plain_lead_rule", "follow_or_trump", PLAIN_RULES,
    "on a plain-suit lead: follow suit or trump (default); strictly follow; or no obligation (§4.2)",
)
RENEGABLE_CARDS = _enum(
    "renegable_cards", "five_jack_ace_of_hearts", ("five_jack_ace_of_hearts", "five_only", "none"),
    "the top trumps that may be withheld when a lower trump is led (§1.4)",
)
RENEGE_REFERENCE = _enum(
    "renege_reference", "led_card", ("led_card", "highest_trump_in_trick"),
    "a protected trump must outrank the led card (default) or the highest trump already played (§4.2)",
)
PLAIN_ACE_RANK = _enum(
    "plain_ace_rank", "traditional", ("traditional", "high"),
    "plain aces: traditional order (AD lowest, black aces below the jack), or highest of their suit (§1.3)",
)
UNROBBED = ("keeps_rank", "lowest_unless_announced", "lowest")
DEALER_ACE = ("must_rob_before_first_lead", "may_rob_after_first_trick", "may_rob_discard_before_first_lead")
BONUS = ("highest_trump_played", "five_of_trumps_only", "none")

FORTY_FIVES_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("players", "int", 3, "number of players, each for themselves (§2.1)", minimum=2, maximum=6),
    DEAL_PATTERN,
    PLAIN_LEAD_RULE,
    RENEGABLE_CARDS,
    RENEGE_REFERENCE,
    _enum("ace_of_hearts_lead", "trump_lead_hearts_fallback", AH_RULES,
          "when the A♥ is led (trump not hearts): a trump lead, with a player holding no trump made to "
          "play a heart (default, seed 001), or the variants of §4.3"),
    PLAIN_ACE_RANK,
    _enum("unrobbed_trump_ace", "keeps_rank", UNROBBED,
          "an ace of trumps whose holder did not rob: keeps its rank (default), or becomes the lowest trump "
          "unless announced, or always (§1.5, §2.5)"),
    _enum("dealer_turned_ace", "must_rob_before_first_lead", DEALER_ACE,
          "a turned-up ace: the dealer must take it before the first lead (default), or may take it after "
          "trick 1, or discards before the lead and takes it after trick 1 (§2.5, §3.4)"),
    _enum("highest_trump_bonus", "highest_trump_played", BONUS,
          "the trick holding the highest trump played is worth 10 instead of 5 (default); only the 5 of "
          "trumps earns it; or no bonus (§2.7)"),
    OptionSpec("target_score", "int", 45, "a player at or above this total at the end of a hand wins (§2.8)",
               minimum=5),
    _enum("tie_at_target", "play_another_hand", ("play_another_hand", "shared"),
          "several players tied on the top total at or above the target: play another hand, or share the win"),
)

AUCTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("players", "int", 4, "4 or 6 players in two partnerships, partners in alternate seats (§3.1)",
               minimum=4, maximum=6, allowed=(4, 6)),
    _enum("trump_selection", "turn_up", ("turn_up", "bidding"),
          "trump from a turned-up card with robbing (default, seed 000), or from an auction (§3.2)"),
    DEAL_PATTERN,
    PLAIN_LEAD_RULE,
    RENEGABLE_CARDS,
    RENEGE_REFERENCE,
    _enum("ace_of_hearts_lead", "trump_lead", AH_RULES,
          "when the A♥ is led (trump not hearts): an ordinary trump lead (default), or the variants of §4.3"),
    PLAIN_ACE_RANK,
    _enum("unrobbed_trump_ace", "lowest_unless_announced", UNROBBED,
          "turn-up mode: an ace of trumps neither robbed with nor announced before its holder's first card "
          "becomes the lowest trump for the deal (default, §1.5), or keeps its rank, or always drops"),
    _enum("dealer_turned_ace", "may_rob_after_first_trick", DEALER_ACE,
          "turn-up mode: a turned-up ace may be taken by the dealer after trick 1 or declined (default, "
          "§3.4), or must be taken before the first lead, or the discard is made before the lead"),
    _enum("highest_trump_bonus", "none", BONUS,
          "5 points for the trick holding the highest trump played: none in turn-up mode (default), "
          "'highest_trump_played' is the default in bidding mode (§3.8)"),
    OptionSpec("target_score", "int", 45, "the game target: 45 in turn-up mode (default), 120 in bidding mode",
               minimum=5),
    _enum("turn_up_scoring", "trick_difference", ("trick_difference", "three_four_five"),
          "turn-up mode: 5 per trick more than the opponents (default), or 5 for 3-4 tricks and 10 for 5 (§3.8-A)"),
    OptionSpec("bid_values", "int_list", (15, 20, 25, 30),
               "bidding mode: the allowed bids, ascending multiples of 5 up to 30 (§3.6)",
               minimum=5, maximum=30, check=_check_bid_values),
    _enum("dealer_hold", "reopen", ("reopen", "duel", "off"),
          "bidding mode: the dealer may hold (take the bid at the same amount) and the auction reopens "
          "(default); only the displaced bidder may answer; or no hold (§3.6)"),
    _enum("all_pass", "dealer_forced", ("dealer_forced", "redeal"),
          "bidding mode: when the others all pass, the dealer must bid (default) or the hand is void (§3.6)"),
    OptionSpec("min_bid_at_100", "nullable_int", 20,
               "bidding mode: a side with 100 or more may not bid or hold less than this (null: no floor)",
               minimum=5, maximum=30, check=_multiple_of_5),
    OptionSpec("bidder_must_hold_trump", "bool", False,
               "bidding mode: the winning bidder may only name a suit of which they hold a card"),
    OptionSpec("kitty_size", "int", 0,
               "bidding mode: cards dealt face down after the first batch, taken by the winning bidder",
               allowed=(0, 3, 4, 5), minimum=0, maximum=5),
    OptionSpec("discard_and_draw", "bool", True,
               "bidding mode: after trump is named each player discards and is dealt back to five (§3.7)"),
    OptionSpec("min_keep_six_players", "int", 2,
               "bidding mode, 6 players: the fewest cards a player keeps when discarding", minimum=0, maximum=5),
    OptionSpec("dealer_robs_pack", "bool", False,
               "bidding mode: the dealer chooses replacements from the stock instead of taking the top cards"),
    _enum("first_lead_after_bidding", "left_of_bidder", ("left_of_bidder", "bidder", "left_of_dealer"),
          "bidding mode: who leads trick 1 (§3.7)"),
    OptionSpec("bid_30_made_value", "int", 60, "bidding mode: what a made bid of 30 scores",
               allowed=(60, 30)),
    _enum("bid_30_requires", "all_five_tricks", ("all_five_tricks", "30_points"),
          "bidding mode: a bid of 30 is made by taking all five tricks (default) or by 30 hand points"),
    _enum("defender_out_rule", "none", ("none", "locked_from_100", "capped_below_target"),
          "bidding mode: defenders always score (default); score nothing from 100; or stop at target - 5"),
    _enum("simultaneous_target", "bidder_wins", ("bidder_wins", "highest_score"),
          "bidding mode: both sides at the target after a hand: the bidders win (default), or the higher "
          "score (ties to the bidders)"),
)


def auction_derived_defaults(given: Mapping[str, Any]) -> dict[str, Any]:
    """Bidding mode changes the defaults of the bonus and the target (§3.11)."""
    if given.get("trump_selection") == "bidding":
        return {"highest_trump_bonus": "highest_trump_played", "target_score": 120}
    return {}


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
    )


def _defaults(specs: tuple[OptionSpec, ...], derived: Callable[[Mapping[str, Any]], dict[str, Any]],
              given: Mapping[str, Any]) -> dict[str, Any]:
    out = {s.name: s.default for s in specs}
    out.update(derived(given))
    return out


def _forty_fives_config(options: Options) -> Config:
    return make_config(FORTY_FIVES_ID, options, _defaults(FORTY_FIVES_SPECS, lambda given: {}, options))


def _auction_config(options: Options) -> Config:
    return make_config(AUCTION_ID, options, _defaults(AUCTION_SPECS, auction_derived_defaults, options))

_MAKERS: dict[str, Callable[[Options], Config]] = {FORTY_FIVES_ID: _forty_fives_config, AUCTION_ID: _auction_config}


def config_of(game: str, options: Mapping[str, Any]) -> Config:
    """``game``'s digested options, made once per options object (``Options.derive``); options not
    yet an ``Options`` (a plain mapping) are taken as given, defaults filling what they lack."""
    if type(options) is not Options:
        options = Options.of(options)
    return options.derive(_MAKERS[game])
