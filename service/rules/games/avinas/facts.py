"""Avinas score facts: what a hand's score depends on, read from ``POST /v1/rulesets/avinas/score``
and a table-mode ``round_result``, and checked (docs/rules/avinas.md §7.4, §8, §9).

    {"game": "sevens" | "no_seven", "declarer": 1, "knocks": 0, "declarer_points": 75,
     "declarer_tricks": 5, "lied": false, "rams": [0, 0], "pips": [0, 0]}

``knocks`` (default 0), ``lied`` (false), ``rams`` and ``pips`` (the totals before the hand,
default [0, 0]) may be left out. Optional: ``defender_points`` / ``defender_tricks`` (default
120 - declarer_points and 8 - declarer_tricks; they differ only after a stop with
``stop_remainder_to = "nobody"``) and ``declarers_knocked`` (default ``knocks >= 1``; false with
``knocks = 1`` means only a defender knocked, possible only when
``defenders_knock_requires_knock`` is false: the stake doubles but the target stays 61).
``sevens_exposed`` (1-4, the sevens exposed in the deal, §16.3) is required in a sevens hand under
``rams_rule = "sevens"``, optional in one under ``"tiers"`` and refused in a no-seven hand.

A declarer's stop (§7.4) is scored from the captured points and tricks: with
``stop_remainder_to = "defenders"`` (default) the defenders are credited with everything unplayed,
so the facts are the usual complements; with ``"nobody"`` the facts carry the defenders' own
``defender_points`` and ``defender_tricks``. The facts must be possible: at most one team holds
rams (§9.2), no team already has ``pips_to_end`` pips (§10), no knock in the no-seven game without
``knock_in_pips_game`` and no knock-back without a knock under ``defenders_knock_requires_knock``
(§6), a lie only in the no-seven game (§8.3), and no side more card points than its tricks can hold.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from service.rules.errors import InvalidFacts, InvalidInput
from service.rules.facts import bool_fact, check_fields, int_fact, int_list_fact
from service.rules.games.avinas.options import config
from service.rules.games.avinas.ranking import CARD_POINTS, PACK_POINTS
from service.rules.messages import Msg

GAMES = ("sevens", "no_seven")
FACT_FIELDS = (
    "game", "declarer", "knocks", "declarer_points", "declarer_tricks", "lied", "rams", "pips",
    "defender_points", "defender_tricks", "declarers_knocked", "sevens_exposed",
)  # fmt: skip
REQUIRED_FACTS = ("game", "declarer", "declarer_points", "declarer_tricks")
#: the ``/score`` body documented for the API (``Ruleset.score_example``, ``score_facts``)
SCORE_EXAMPLE = {
    "summary": "Avinas: the declaring side's card points and tricks, knocks, game type",
    "value": {
        "game": "sevens", "declarer": 1, "knocks": 0, "declarer_points": 75, "declarer_tricks": 5,
        "lied": False, "rams": [0, 0], "pips": [0, 0],
    },
}
SCORE_FACTS = "game, declarer, knocks, declarer_points, declarer_tricks, lied, rams, pips"

_VALUES_HIGH_TO_LOW = sorted(CARD_POINTS.values(), reverse=True)


def max_points(tricks: int) -> int:
    """The most card points ``tricks`` tricks can hold (the 4 x tricks richest cards)."""
    return sum(_VALUES_HIGH_TO_LOW[: 4 * tricks])


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What a hand's score depends on (read from the score facts or from a played hand)."""

    game: str
    declarer: int
    knocks: int
    declarers_knocked: bool
    declarer_points: int
    declarer_tricks: int
    defender_points: int
    defender_tricks: int
    lied: bool
    stopped: bool = False
    sevens_exposed: int = 0  # the sevens exposed in the deal (§16.3): 1-4 in a sevens hand where known


def _pair(facts: Mapping[str, Any], key: str) -> tuple[int, int]:
    if key not in facts:
        return 0, 0
    value = int_list_fact(facts, key, Msg("avinas.facts.pair"), lo=0)
    if len(value) != 2:
        raise InvalidInput(Msg("avinas.facts.pair_length", key=key, value=value))
    return int(value[0]), int(value[1])


def check_totals(rams: tuple[int, int], pips: tuple[int, int], options: Mapping[str, Any]) -> None:
    if rams[0] and rams[1]:
        raise InvalidFacts(Msg("avinas.facts.rams_both", rams=str(list(rams))))
    limit = config(options).pips_to_end
    if max(pips) >= limit:
        raise InvalidFacts(Msg("avinas.facts.match_ended", most=max(pips), limit=limit, pips=str(list(pips))))


def parse_facts(
    facts: Any, options: Mapping[str, Any]
) -> tuple[HandFacts, tuple[int, int], tuple[int, int]]:
    """Read and check the score facts; return them with the rams and pips before the hand."""
    check_fields(facts, Msg("avinas.name"), FACT_FIELDS, REQUIRED_FACTS)
    game = facts["game"]
    if game not in GAMES:
        raise InvalidInput(Msg("avinas.facts.bad_game", game=game))
    declarer = int_fact(facts, "declarer", 0, 3, Msg("avinas.facts.a_seat"))
    knocks = int_fact(facts, "knocks", 0, 2, Msg("avinas.facts.knocks")) if "knocks" in facts else 0
    d_pts = int_fact(facts, "declarer_points", 0, PACK_POINTS, Msg("avinas.facts.declarer_points"))
    d_tr = int_fact(facts, "declarer_tricks", 0, 8, Msg("avinas.facts.declarer_tricks"))
    lied = bool_fact(facts, "lied") if "lied" in facts else False
    rams = _pair(facts, "rams")
    pips = _pair(facts, "pips")
    check_totals(rams, pips, options)
    d_knocked = bool_fact(facts, "declarers_knocked") if "declarers_knocked" in facts else knocks >= 1
    _check_knocks(game, knocks, d_knocked, options)
    if lied and game != "no_seven":
        raise InvalidFacts(Msg("avinas.facts.lie_in_sevens"))
    sevens = _sevens_exposed(facts, game, options)
    o_pts, o_tr, stopped = _defenders(facts, game, d_pts, d_tr, options)
    for who, pts, tr in (("declarer", d_pts, d_tr), ("defender", o_pts, o_tr)):
        if pts > max_points(tr):
            raise InvalidFacts(Msg(f"avinas.facts.{who}_points_impossible", points=pts, tricks=tr, most=max_points(tr)))
    hand = HandFacts(game, declarer, knocks, d_knocked, d_pts, d_tr, o_pts, o_tr, lied, stopped, sevens)
    return hand, rams, pips


def _sevens_exposed(facts: Mapping[str, Any], game: str, options: Mapping[str, Any]) -> int:
    """The sevens exposed in the deal (§16.3): required in a sevens hand under ``rams_rule =
    "sevens"``, 1 to 4; none in a no-seven hand (0 when not given)."""
    if "sevens_exposed" not in facts:
        if game == "sevens" and config(options).rams_by_sevens:
            raise InvalidInput(Msg("avinas.facts.sevens_exposed_missing"))
        return 0
    if game != "sevens":
        raise InvalidFacts(Msg("avinas.facts.sevens_exposed_in_no_seven"))
    return int_fact(facts, "sevens_exposed", 1, 4, Msg("avinas.facts.sevens_exposed"))


def _check_knocks(game: str, knocks: int, d_knocked: bool, options: Mapping[str, Any]) -> None:
    """The knocks are possible in this game under the options (§6)."""
    cfg = config(options)
    if game == "no_seven" and knocks and not cfg.knock_in_pips_game:
        raise InvalidFacts(Msg("avinas.facts.no_knock_in_pips_game"))
    if knocks == 0 and d_knocked:
        raise InvalidFacts(Msg("avinas.facts.knocked_without_knocks"))
    if knocks == 2 and not d_knocked:
        raise InvalidFacts(Msg("avinas.facts.two_knocks"))
    if knocks == 1 and not d_knocked and cfg.defenders_knock_requires_knock:
        raise InvalidFacts(Msg("avinas.facts.defenders_knock_first"))


def _defenders(
    facts: Mapping[str, Any], game: str, d_pts: int, d_tr: int, options: Mapping[str, Any]
) -> tuple[int, int, bool]:
    """The defenders' card points and tricks (the complements unless a stop left cards unscored,
    §7.4), and whether the hand was stopped."""
    cfg = config(options)
    stop_allowed = game == "no_seven" or cfg.stop_in_sevens_game
    given_o = "defender_points" in facts or "defender_tricks" in facts
    o_pts = (int_fact(facts, "defender_points", 0, PACK_POINTS, Msg("avinas.facts.card_points"))
             if "defender_points" in facts else None)
    o_tr = int_fact(facts, "defender_tricks", 0, 8, Msg("avinas.facts.tricks")) if "defender_tricks" in facts else None
    if o_pts is None:
        o_pts = PACK_POINTS - d_pts
    if o_tr is None:
        o_tr = 8 - d_tr
    if o_pts == PACK_POINTS - d_pts and o_tr == 8 - d_tr:
        return o_pts, o_tr, False
    sides = {"pack": PACK_POINTS, "declarer_points": d_pts, "defender_points": o_pts, "declarer_tricks": d_tr,
             "defender_tricks": o_tr}
    if not (given_o and stop_allowed and cfg.stop_remainder_to_nobody):
        raise InvalidFacts(Msg("avinas.facts.sides_add_up", **sides))
    if d_pts + o_pts > PACK_POINTS or d_tr + o_tr >= 8:
        raise InvalidFacts(Msg("avinas.facts.after_stop", **sides))
    return o_pts, o_tr, True
