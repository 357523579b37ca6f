"""Avinas scoring: the result of a hand, rams with cancellation, pips, the end of the match.

Rules (rules/avinas.md §8-§10):

* Without a knock the declaring side (the declarer's team; team 0 = seats 0 and 2) wins with
  61 card points or more (60-60 is a loss); after a knock by the declaring side it wins only by
  taking all 8 tricks (§8.2). A proven lie in the no-seven game loses whatever the points (§8.3).
* The losing side's tier (§9.1): 1 with 31 card points or more, 2 with 30 or fewer and at least
  one trick ("schneider"), 3 with no trick ("schwarz").
* Sevens game (§9.2): the loser is due ``rams_tiers[tier] x 2^k`` rams (``k`` knocks). A knocked
  hand that fails costs the declaring side its own tier (``knock_fail_scoring = "doubled_tier"``)
  or the top tier (``"full_stake"``). Rams are recorded by first crossing out the other team's
  rams, then marking the rest against the loser, so at most one team ever holds rams.
* No-seven game (§9.3): the loser gets ``pips_tiers[tier]`` pips (times ``2^k`` where
  ``knock_in_pips_game`` allows knocks), added to a running total, never cancelled. A lie costs
  the tier of the declaring side's points (``lie_penalty = "loss_tier"``) or the top tier
  (``"max"``).
* End (§10): when a team has ``pips_to_end`` (12) pips or more. If the other team has no pips,
  the team with pips loses; otherwise fewer rams wins; with no rams, fewer pips wins.
  ``max_hands`` (a safety limit) ends a match with no result or, with
  ``max_hands_outcome = "fewer_penalties"``, fewer rams, then fewer pips, else a draw.

A declarer's stop (§7.4) is scored from the captured points and tricks: with
``stop_remainder_to = "defenders"`` (default) the defenders are credited with everything unplayed,
so the facts are the usual complements; with ``"nobody"`` the facts carry the defenders' own
``defender_points`` and ``defender_tricks``.

Score facts (``POST /v1/rulesets/avinas/score`` and table-mode ``round_result``)::

    {"game": "sevens" | "no_seven", "declarer": 1, "knocks": 0, "declarer_points": 75,
     "declarer_tricks": 5, "lied": false, "rams": [0, 0], "pips": [0, 0]}

The answer: ``points`` = the penalties this hand gave, per team (rams in a sevens hand, pips in a
no-seven hand; team 0 = seats 0 and 2), ``scores`` = the pips per team after the hand (pips decide
the end of the match), and in ``extra``: ``loser`` (a team), the new ``rams`` and ``pips``, ``unit``,
``due``, ``tier`` (the loser's) and ``charged_tier``, ``multiplier``, ``cancelled`` (rams crossed
out), ``declaring_team``, ``declarer_won``, ``card_points`` and ``tricks`` per team, and, when the
match is over, ``result``.

``knocks`` (default 0), ``lied`` (false), ``rams`` and ``pips`` (the totals before the hand,
default [0, 0]) may be left out. Optional: ``defender_points`` / ``defender_tricks`` (default
120 - declarer_points and 8 - declarer_tricks; they differ only after a stop with
``stop_remainder_to = "nobody"``) and ``declarers_knocked`` (default ``knocks >= 1``; false with
``knocks = 1`` means only a defender knocked, possible only when
``defenders_knock_requires_knock`` is false: the stake doubles but the target stays 61).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from service.rules.base import RoundScore, int_fact, int_list_fact
from service.rules.errors import InvalidFacts, InvalidInput
from service.rules.games.avinas.ranking import CARD_POINTS, PACK_POINTS

GAMES = ("sevens", "no_seven")
TEAM_NAMES = ("A", "B")
FACT_FIELDS = (
    "game", "declarer", "knocks", "declarer_points", "declarer_tricks", "lied", "rams", "pips",
    "defender_points", "defender_tricks", "declarers_knocked",
)  # fmt: skip
REQUIRED_FACTS = ("game", "declarer", "declarer_points", "declarer_tricks")
WIN_POINTS = 61

_VALUES_HIGH_TO_LOW = sorted(CARD_POINTS.values(), reverse=True)


def max_points(tricks: int) -> int:
    """The most card points ``tricks`` tricks can hold (the 4 x tricks richest cards)."""
    return sum(_VALUES_HIGH_TO_LOW[: 4 * tricks])


def team_of(seat: int) -> int:
    return seat % 2


def team_text(team: int) -> str:
    return f"team {TEAM_NAMES[team]} (seats {team}, {team + 2})"


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


@dataclass(frozen=True)
class HandResult:
    facts: HandFacts
    declaring_team: int
    declarer_won: bool
    loser: int
    tier: int
    charged_tier: int
    multiplier: int
    due: int
    unit: str
    rams: tuple[int, int]
    pips: tuple[int, int]
    cancelled: int
    match_over: bool
    winners: tuple[int, ...]
    result: str | None
    explanation: tuple[str, ...]

    def round_score(self) -> RoundScore:
        f = self.facts
        d = self.declaring_team
        points = [0, 0]
        points[self.loser] = self.due
        card_pts = [0, 0]
        card_pts[d], card_pts[1 - d] = f.declarer_points, f.defender_points
        tricks = [0, 0]
        tricks[d], tricks[1 - d] = f.declarer_tricks, f.defender_tricks
        extra: dict[str, Any] = {
            "loser": self.loser,
            "rams": list(self.rams),
            "pips": list(self.pips),
            "unit": self.unit,
            "due": self.due,
            "tier": self.tier,
            "charged_tier": self.charged_tier,
            "multiplier": self.multiplier,
            "cancelled": self.cancelled,
            "declaring_team": d,
            "declarer_won": self.declarer_won,
            "card_points": card_pts,
            "tricks": tricks,
            "scores_are": "pips",
        }
        if self.result is not None:
            extra["result"] = self.result
        return RoundScore(
            points=tuple(points),
            scores=self.pips,
            match_over=self.match_over,
            winners=self.winners,
            explanation=self.explanation,
            extra=extra,
        )


# ------------------------------------------------------------------------------------------------
# Reading the facts
# ------------------------------------------------------------------------------------------------


def _bool(facts: Mapping[str, Any], key: str) -> bool:
    value = facts[key]
    if not isinstance(value, bool):
        raise InvalidInput(f"'{key}' must be true or false; got {value!r}")
    return value


def _pair(facts: Mapping[str, Any], key: str) -> tuple[int, int]:
    if key not in facts:
        return 0, 0
    value = int_list_fact(facts, key, "two integers: team A = seats 0 and 2, team B")
    if len(value) != 2:
        raise InvalidInput(f"'{key}' must be a list of two integers (team A = seats 0 and 2, team B); got {value!r}")
    if min(value) < 0:
        raise InvalidFacts(f"'{key}' cannot be negative; got {list(value)}")
    return int(value[0]), int(value[1])


def check_totals(rams: tuple[int, int], pips: tuple[int, int], options: Mapping[str, Any]) -> None:
    if rams[0] and rams[1]:
        raise InvalidFacts(
            f"at most one team holds rams (each team's rams cancel the other's first); got {list(rams)}"
        )
    limit = options["pips_to_end"]
    if max(pips) >= limit:
        raise InvalidFacts(f"a team already has {max(pips)} pips: the match ended at {limit}; got {list(pips)}")


def parse_facts(
    facts: Any, options: Mapping[str, Any]
) -> tuple[HandFacts, tuple[int, int], tuple[int, int]]:
    """Read and check the score facts; return them with the rams and pips before the hand."""
    if not isinstance(facts, Mapping):
        raise InvalidInput("the round facts are a JSON object such as {\"game\": \"sevens\", \"declarer\": 1, ...}")
    unknown = sorted(str(k) for k in facts if k not in FACT_FIELDS)
    if unknown:
        raise InvalidInput(
            f"unknown field(s) {', '.join(map(repr, unknown))} in the Avinas round facts; "
            f"the fields are {', '.join(FACT_FIELDS)}"
        )
    missing = [k for k in REQUIRED_FACTS if k not in facts]
    if missing:
        raise InvalidInput(f"the Avinas round facts need {', '.join(map(repr, missing))}")
    game = facts["game"]
    if game not in GAMES:
        raise InvalidInput(f"'game' must be 'sevens' or 'no_seven'; got {game!r}")
    declarer = int_fact(facts, "declarer", 0, 3, "a seat")
    knocks = int_fact(facts, "knocks", 0, 2, "knocks, at most one per side") if "knocks" in facts else 0
    d_pts = int_fact(facts, "declarer_points", 0, PACK_POINTS, "card points of the declaring side")
    d_tr = int_fact(facts, "declarer_tricks", 0, 8, "tricks of the declaring side")
    lied = _bool(facts, "lied") if "lied" in facts else False
    rams = _pair(facts, "rams")
    pips = _pair(facts, "pips")
    check_totals(rams, pips, options)
    d_knocked = _bool(facts, "declarers_knocked") if "declarers_knocked" in facts else knocks >= 1
    if game == "no_seven" and knocks and not options["knock_in_pips_game"]:
        raise InvalidFacts("there is no knocking in the no-seven game (option knock_in_pips_game is false)")
    if knocks == 0 and d_knocked:
        raise InvalidFacts("'declarers_knocked' is true but 'knocks' is 0")
    if knocks == 2 and not d_knocked:
        raise InvalidFacts("two knocks means both sides knocked, so 'declarers_knocked' cannot be false")
    if knocks == 1 and not d_knocked and options["defenders_knock_requires_knock"]:
        raise InvalidFacts(
            "the defenders may knock only after the declaring side knocked "
            "(option defenders_knock_requires_knock is true)"
        )
    if lied and game != "no_seven":
        raise InvalidFacts("a declarer can lie only in the no-seven game; the sevens game has no declaration")
    stop_allowed = game == "no_seven" or options["stop_in_sevens_game"]
    given_o = "defender_points" in facts or "defender_tricks" in facts
    o_pts = int_fact(facts, "defender_points", 0, PACK_POINTS, "card points") if "defender_points" in facts else None
    o_tr = int_fact(facts, "defender_tricks", 0, 8, "tricks") if "defender_tricks" in facts else None
    if o_pts is None:
        o_pts = PACK_POINTS - d_pts
    if o_tr is None:
        o_tr = 8 - d_tr
    stopped = False
    if o_pts != PACK_POINTS - d_pts or o_tr != 8 - d_tr:
        if not (given_o and stop_allowed and options["stop_remainder_to"] == "nobody"):
            raise InvalidFacts(
                f"the two sides' card points must add up to {PACK_POINTS} and their tricks to 8 "
                f"(got {d_pts} + {o_pts} points, {d_tr} + {o_tr} tricks); only a declarer's stop with "
                "stop_remainder_to = 'nobody' leaves cards unscored"
            )
        if d_pts + o_pts > PACK_POINTS or d_tr + o_tr >= 8:
            raise InvalidFacts(
                f"after a stop the two sides hold at most {PACK_POINTS} points and at most 7 tricks "
                f"(got {d_pts} + {o_pts} points, {d_tr} + {o_tr} tricks)"
            )
        stopped = True
    for who, pts, tr in (("declaring side", d_pts, d_tr), ("defenders", o_pts, o_tr)):
        if pts > max_points(tr):
            raise InvalidFacts(
                f"the {who} cannot hold {pts} card points in {tr} trick(s): at most {max_points(tr)}"
            )
    hand = HandFacts(game, declarer, knocks, d_knocked, d_pts, d_tr, o_pts, o_tr, lied, stopped)
    return hand, rams, pips


# ------------------------------------------------------------------------------------------------
# Scoring
# ------------------------------------------------------------------------------------------------


def tier_of(points: int, tricks: int) -> int:
    """The losing side's tier (§9.1)."""
    if tricks == 0:
        return 3
    if points <= 30:
        return 2
    return 1


def record_rams(rams: tuple[int, int], team: int, due: int) -> tuple[tuple[int, int], int]:
    """Mark ``due`` rams against ``team`` after crossing out the other team's (§9.2).

    Returns the new totals and how many of the other team's rams were crossed out.
    """
    other = 1 - team
    cancelled = min(due, rams[other])
    out = [0, 0]
    out[other] = rams[other] - cancelled
    out[team] = rams[team] + due - cancelled
    return (out[0], out[1]), cancelled


def _fewer(values: tuple[int, int]) -> int | None:
    if values[0] == values[1]:
        return None
    return 0 if values[0] < values[1] else 1


def match_end(
    rams: tuple[int, int], pips: tuple[int, int], options: Mapping[str, Any]
) -> tuple[bool, tuple[int, ...], str]:
    """Whether the match is over on these totals, the winning teams, and why (§10)."""
    limit = options["pips_to_end"]
    if max(pips) < limit:
        return False, (), f"not over: no team has {limit} pips (A {pips[0]}, B {pips[1]})"
    if 0 in pips:
        winner = pips.index(0)
        return True, (winner,), (
            f"over: team {TEAM_NAMES[1 - winner]} reached {pips[1 - winner]} pips and team "
            f"{TEAM_NAMES[winner]} has none, so team {TEAM_NAMES[1 - winner]} loses (rule 1)"
        )
    by_rams = _fewer(rams)
    if by_rams is not None:
        return True, (by_rams,), (
            f"over: both teams have pips, so fewer rams wins: team {TEAM_NAMES[by_rams]} "
            f"({rams[by_rams]} against {rams[1 - by_rams]}) (rule 2)"
        )
    by_pips = _fewer(pips)
    if by_pips is not None:
        return True, (by_pips,), (
            f"over: no rams on either side, so fewer pips wins: team {TEAM_NAMES[by_pips]} "
            f"({pips[by_pips]} against {pips[1 - by_pips]}) (rule 3)"
        )
    return True, (), f"over: pips and rams equal (A {pips[0]}, B {pips[1]}): a draw"


def max_hands_end(
    rams: tuple[int, int], pips: tuple[int, int], options: Mapping[str, Any]
) -> tuple[tuple[int, ...], str, str]:
    """The outcome when ``max_hands`` is reached first: winners, result word, reason."""
    if options["max_hands_outcome"] != "fewer_penalties":
        return (), "no_result", f"the limit of {options['max_hands']} hands was reached: no result"
    for what, values in (("rams", rams), ("pips", pips)):
        team = _fewer(values)
        if team is not None:
            return (team,), "won", (
                f"the limit of {options['max_hands']} hands was reached: team {TEAM_NAMES[team]} "
                f"has fewer {what} ({values[team]} against {values[1 - team]})"
            )
    return (), "draw", f"the limit of {options['max_hands']} hands was reached with equal rams and pips: a draw"


def score_hand(
    f: HandFacts, rams: tuple[int, int], pips: tuple[int, int], options: Mapping[str, Any]
) -> HandResult:
    """Score one hand from its facts and the totals before it."""
    d = team_of(f.declarer)
    o = 1 - d
    why: list[str] = [
        f"{f.game.replace('_', '-')} game; declarer seat {f.declarer}: the declaring side is {team_text(d)}",
        f"declaring side {f.declarer_points} card points in {f.declarer_tricks} trick(s); "
        f"defenders {f.defender_points} in {f.defender_tricks}"
        + (" (after the declarer's stop)" if f.stopped else ""),
    ]
    k = f.knocks
    if f.lied:
        won = False
        why.append("the declarer's hand held fewer trumps than he declared: a lie, so the declaring side loses")
    elif f.declarers_knocked:
        won = f.declarer_tricks == 8
        why.append(
            f"the declaring side knocked: it needs all 8 tricks and took {f.declarer_tricks}, so it "
            + ("wins" if won else "loses")
        )
    else:
        won = f.declarer_points >= WIN_POINTS
        why.append(
            f"the declaring side needs {WIN_POINTS} card points and took {f.declarer_points}, so it "
            + ("wins" if won else "loses")
        )
    loser = o if won else d
    p_l, t_l = (f.defender_points, f.defender_tricks) if won else (f.declarer_points, f.declarer_tricks)
    tier = tier_of(p_l, t_l)
    tier_text = {1: f"{p_l} card points (31 or more)", 2: f"{p_l} card points (30 or fewer) and "
                 f"{t_l} trick(s): schneider", 3: "no trick: schwarz"}[tier]
    why.append(f"loser {team_text(loser)}: {tier_text} → tier {tier}")
    charged = tier
    if f.lied and options["lie_penalty"] == "max":
        charged = 3
        why.append("a lie costs the top tier (option lie_penalty = max)")
    elif not won and f.declarers_knocked and options["knock_fail_scoring"] == "full_stake":
        charged = 3
        why.append("a failed knock costs the top tier (option knock_fail_scoring = full_stake)")
    unit = "rams" if f.game == "sevens" else "pips"
    table = options["rams_tiers"] if unit == "rams" else options["pips_tiers"]
    multiplier = 2**k
    due = table[charged - 1] * multiplier
    why.append(
        f"{unit} due: {unit}_tiers[{charged}] = {table[charged - 1]}"
        + (f" × 2^{k} for {k} knock(s)" if k else "")
        + f" = {due}, against team {TEAM_NAMES[loser]}"
    )
    cancelled = 0
    if unit == "rams":
        new_rams, cancelled = record_rams(rams, loser, due)
        new_pips = pips
        why.append(
            f"rams recorded: {cancelled} of team {TEAM_NAMES[1 - loser]}'s crossed out, "
            f"{due - cancelled} marked against team {TEAM_NAMES[loser]} → rams A {new_rams[0]}, B {new_rams[1]}"
        )
    else:
        new_rams = rams
        p = [pips[0], pips[1]]
        p[loser] += due
        new_pips = (p[0], p[1])
        why.append(f"pips: team {TEAM_NAMES[loser]} +{due} → pips A {new_pips[0]}, B {new_pips[1]}")
    over, winners, end_why = match_end(new_rams, new_pips, options)
    why.append(end_why)
    return HandResult(
        facts=f,
        declaring_team=d,
        declarer_won=won,
        loser=loser,
        tier=tier,
        charged_tier=charged,
        multiplier=multiplier,
        due=due,
        unit=unit,
        rams=new_rams,
        pips=new_pips,
        cancelled=cancelled,
        match_over=over,
        winners=winners,
        result=("won" if winners else "draw") if over else None,
        explanation=tuple(why),
    )
