"""Avinas scoring: the result of a hand, rams with cancellation, pips, the end of the match.

Rules (docs/rules/avinas.md §8-§10, §16.3-§16.5):

* Without a knock the declaring side (the declarer's team; team 0 = seats 0 and 2) wins with
  61 card points or more (60-60 is a loss); after a knock by the declaring side it wins only by
  taking all 8 tricks (§8.2). A proven lie in the no-seven game loses whatever the points (§8.3).
* The losing side's tier (§9.1): 1 with 31 card points or more, 2 with 30 or fewer and at least
  one trick ("schneider"), 3 with no trick ("schwarz"; with ``tier_basis = "points"``, with no card
  points, §16.4).
* Sevens game (§9.2): the loser is due ``rams_tiers[tier] x 2^k`` rams (``k`` knocks). A knocked
  hand that fails costs the declaring side its own tier (``knock_fail_scoring = "doubled_tier"``)
  or the top tier (``"full_stake"``). With ``rams_rule = "sevens"`` (§16.3) the amount is the number
  ``s`` of exposed sevens instead: ``s x 2^k`` to the defenders when the declaring side wins,
  ``2s x 2^k`` to the declaring side when it loses. Rams are recorded by first crossing out the other team's
  rams, then marking the rest against the loser, so at most one team ever holds rams.
* No-seven game (§9.3): the loser gets ``pips_tiers[tier]`` pips (times ``2^k`` where
  ``knock_in_pips_game`` allows knocks), added to a running total, never cancelled; the defenders'
  amounts are ``pips_defender_tiers`` where set (§16.4). A lie costs the tier of the declaring
  side's points (``lie_penalty = "loss_tier"``) or the top tier (``"max"``), or loses the match at
  once, nothing recorded (``"match"``, §16.5).
* End (§10): when a team has ``pips_to_end`` (12) pips or more. If the other team has no pips,
  the team with pips loses; otherwise fewer rams wins; with no rams, fewer pips wins.
  ``max_hands`` (a safety limit) ends a match with no result or, with
  ``max_hands_outcome = "fewer_penalties"``, fewer rams, then fewer pips, else a draw.

The facts a hand is scored from (``HandFacts``) are read and checked by ``facts``. The answer of
``POST /v1/rulesets/avinas/score``: ``points`` = the penalties this hand gave, per team (rams in a
sevens hand, pips in a no-seven hand; team 0 = seats 0 and 2), ``scores`` = the pips per team after
the hand (pips decide the end of the match), and in ``extra``: ``loser`` (a team), the new ``rams``
and ``pips``, ``unit``, ``due``, ``tier`` (the loser's) and ``charged_tier``, ``multiplier``,
``cancelled`` (rams crossed out), ``declaring_team``, ``declarer_won``, ``card_points`` and
``tricks`` per team, and, when the match is over, ``result``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from service.rules.games.avinas.facts import HandFacts
from service.rules.games.avinas.options import Config, config
from service.rules.messages import Msg
from service.rules.scores import RoundScore

TEAM_NAMES = ("A", "B")
WIN_POINTS = 61


def team_of(seat: int) -> int:
    return seat % 2


def team_text(team: int) -> Msg:
    return TEAM_TEXT[team]


#: each team as the explanations name it, "team A (seats 0, 2)"
TEAM_TEXT = tuple(Msg("avinas.team", name=TEAM_NAMES[t], first=t, second=t + 2) for t in (0, 1))
GAME_NAMES = {"sevens": Msg("avinas.game.sevens"), "no_seven": Msg("avinas.game.no_seven")}


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
    explanation: tuple[Msg, ...]
    ended_by_lie: bool = False  # a lie lost the match (``lie_penalty = "match"``, §16.5)

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
            # each number named by what it holds (issue 14 item 10): ``points`` are this hand's rams in
            # the sevens game and its pips in the no-seven game (``points_are``), ``scores`` the pips
            "points_are": self.unit,
            "rams_due": points if self.unit == "rams" else [0, 0],
            "pips_due": points if self.unit == "pips" else [0, 0],
            "rams_after": list(self.rams),
            "pips_after": list(self.pips),
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
# Scoring
# ------------------------------------------------------------------------------------------------


def tier_of(points: int, tricks: int, by_points: bool = False) -> int:
    """The losing side's tier (§9.1): tier 3 is no trick, or no card points with ``by_points``
    (``tier_basis = "points"``, §16.4)."""
    if (points if by_points else tricks) == 0:
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
) -> tuple[bool, tuple[int, ...], Msg]:
    """Whether the match is over on these totals, the winning teams, and why (§10)."""
    limit = config(options).pips_to_end
    if max(pips) < limit:
        return False, (), Msg("avinas.end.not_over", limit=limit, a=pips[0], b=pips[1])
    if 0 in pips:
        winner = pips.index(0)
        return True, (winner,), Msg("avinas.end.no_pips", loser=TEAM_NAMES[1 - winner], pips=pips[1 - winner],
                                    winner=TEAM_NAMES[winner])
    for key, values in (("avinas.end.fewer_rams", rams), ("avinas.end.fewer_pips", pips)):
        team = _fewer(values)
        if team is not None:
            return True, (team,), Msg(key, team=TEAM_NAMES[team], mine=values[team], theirs=values[1 - team])
    return True, (), Msg("avinas.end.draw", a=pips[0], b=pips[1])


def max_hands_end(
    rams: tuple[int, int], pips: tuple[int, int], options: Mapping[str, Any]
) -> tuple[tuple[int, ...], str, Msg]:
    """The outcome when ``max_hands`` is reached first: winners, result word, reason."""
    cfg = config(options)
    limit = cfg.max_hands
    if not cfg.max_hands_fewer_penalties:
        return (), "no_result", Msg("avinas.end.limit_no_result", limit=limit)
    for key, values in (("avinas.end.limit_fewer_rams", rams), ("avinas.end.limit_fewer_pips", pips)):
        team = _fewer(values)
        if team is not None:
            return (team,), "won", Msg(key, limit=limit, team=TEAM_NAMES[team],
                                       mine=values[team], theirs=values[1 - team])
    return (), "draw", Msg("avinas.end.limit_draw", limit=limit)


def score_hand(
    f: HandFacts, rams: tuple[int, int], pips: tuple[int, int], options: Mapping[str, Any],
    decided: bool | None = None,
) -> HandResult:
    """Score one hand from its facts and the totals before it; ``decided``: whether the declaring side
    wins, as a revoke's penalty decides it (``revoke_penalty``), instead of by its points."""
    cfg = config(options)
    d = team_of(f.declarer)
    why: list[Msg] = [
        Msg("avinas.score.declarer", game=GAME_NAMES[f.game], seat=f.declarer, team=team_text(d)),
        Msg("avinas.score.card_points_stopped" if f.stopped else "avinas.score.card_points",
            declarer_points=f.declarer_points, declarer_tricks=f.declarer_tricks,
            defender_points=f.defender_points, defender_tricks=f.defender_tricks),
    ]
    won = declarer_wins(f, why) if decided is None else _decided(decided, why)
    loser = 1 - d if won else d
    unit = "rams" if f.game == "sevens" else "pips"
    by_sevens = unit == "rams" and cfg.rams_by_sevens
    lie_ends_match = f.lied and cfg.lie_penalty == "match"
    tier, charged = _tiers(f, won, loser, cfg, why, explain=not (by_sevens or lie_ends_match))
    if lie_ends_match:
        return _lost_match(f, d, tier, rams, pips, why)
    k = f.knocks
    multiplier = 2**k
    due = _due(f, won, loser, charged, cfg, unit, why)
    new_rams, new_pips, cancelled = _record_due(unit, rams, pips, loser, due, why)
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


def _due(f: HandFacts, won: bool, loser: int, charged: int, cfg: Config, unit: str, why: list[Msg]) -> int:
    """What the loser is due (§9.2, §9.3, §16.3, §16.4), with the reason added to ``why``: rams by
    the charged tier (``rams_tiers``) or by the exposed sevens (``rams_rule = "sevens"``), pips by
    the charged tier (``pips_tiers``; the defenders' ``pips_defender_tiers`` where set); times
    ``2^k`` for ``k`` knocks."""
    k = f.knocks
    if unit == "rams" and cfg.rams_by_sevens:
        value = f.sevens_exposed * (1 if won else 2)
        side = "defenders" if won else "declarers"
        due = value * 2**k
        why.append(Msg(f"avinas.score.rams_by_sevens_{side}_knocked" if k else f"avinas.score.rams_by_sevens_{side}",
                       sevens=f.sevens_exposed, value=value, knocks=k, due=due, team=TEAM_NAMES[loser]))
        return due
    if unit == "rams":
        table, name = cfg.rams_tiers, "rams"
    elif won and cfg.pips_defender_tiers is not None:  # the defenders lose a no-seven hand
        table, name = cfg.pips_defender_tiers, "pips_defenders"
    else:
        table, name = cfg.pips_tiers, "pips"
    due = table[charged - 1] * 2**k
    why.append(Msg(f"avinas.score.{name}_due_knocked" if k else f"avinas.score.{name}_due", tier=charged,
                   value=table[charged - 1], knocks=k, due=due, team=TEAM_NAMES[loser]))
    return due


def _lost_match(
    f: HandFacts, d: int, tier: int, rams: tuple[int, int], pips: tuple[int, int], why: list[Msg]
) -> HandResult:
    """A proven lie under ``lie_penalty = "match"`` (§16.5): the declarer's team has lost the match,
    the other team wins it; nothing is recorded for the hand."""
    why.append(Msg("avinas.score.lie_loses_match", team=TEAM_NAMES[d], winner=TEAM_NAMES[1 - d]))
    return HandResult(
        facts=f, declaring_team=d, declarer_won=False, loser=d, tier=tier, charged_tier=tier, multiplier=1,
        due=0, unit="pips", rams=rams, pips=pips, cancelled=0, match_over=True, winners=(1 - d,), result="won",
        explanation=tuple(why), ended_by_lie=True,
    )


def declarer_wins(f: HandFacts, why: list[Msg]) -> bool:
    """Whether the declaring side wins the hand (§8.2, §8.3), with the reason added to ``why``."""
    if f.lied:
        why.append(Msg("avinas.score.lie"))
        return False
    if f.declarers_knocked:
        won = f.declarer_tricks == 8
        why.append(Msg("avinas.score.knocked_wins" if won else "avinas.score.knocked_loses", tricks=f.declarer_tricks))
        return won
    won = f.declarer_points >= WIN_POINTS
    why.append(Msg("avinas.score.points_win" if won else "avinas.score.points_lose", need=WIN_POINTS,
                   points=f.declarer_points))
    return won


def _decided(won: bool, why: list[Msg]) -> bool:
    """The hand decided by a revoke against the offending side (avinas.md §16.7)."""
    why.append(Msg("avinas.score.revoke_declarers_win" if won else "avinas.score.revoke_declarers_lose"))
    return won


#: the loser's tier (§9.1) -> why it is that tier
_TIER_KEYS = {1: "avinas.score.tier_1", 2: "avinas.score.tier_2", 3: "avinas.score.tier_3"}


def _tiers(
    f: HandFacts, won: bool, loser: int, cfg: Config, why: list[Msg], explain: bool = True
) -> tuple[int, int]:
    """The loser's tier (§9.1, on ``tier_basis``, §16.4) and the tier charged: the top one for a lie
    under ``lie_penalty = max`` or a failed knock under ``knock_fail_scoring = full_stake`` (§8.3,
    §9.2). ``explain``: add why to ``why`` (not where the tier costs nothing: rams by the exposed
    sevens, §16.3, or a lie that loses the match, §16.5)."""
    p_l, t_l = (f.defender_points, f.defender_tricks) if won else (f.declarer_points, f.declarer_tricks)
    tier = tier_of(p_l, t_l, cfg.tier_by_points)
    if not explain:
        return tier, tier
    key = "avinas.score.tier_3_points" if tier == 3 and cfg.tier_by_points else _TIER_KEYS[tier]
    why.append(Msg("avinas.score.loser_tier", team=team_text(loser), why=Msg(key, points=p_l, tricks=t_l), tier=tier))
    if f.lied and cfg.lie_penalty == "max":
        why.append(Msg("avinas.score.lie_top_tier"))
        return tier, 3
    if not won and f.declarers_knocked and cfg.failed_knock_costs_top_tier:
        why.append(Msg("avinas.score.knock_top_tier"))
        return tier, 3
    return tier, tier


def _record_due(
    unit: str, rams: tuple[int, int], pips: tuple[int, int], loser: int, due: int, why: list[Msg]
) -> tuple[tuple[int, int], tuple[int, int], int]:
    """The rams and pips after ``due`` is recorded against ``loser``, and the rams crossed out."""
    if unit == "rams":
        new_rams, cancelled = record_rams(rams, loser, due)
        why.append(Msg("avinas.score.rams_recorded", cancelled=cancelled, other=TEAM_NAMES[1 - loser],
                       marked=due - cancelled, team=TEAM_NAMES[loser], a=new_rams[0], b=new_rams[1]))
        return new_rams, pips, cancelled
    p = [pips[0], pips[1]]
    p[loser] += due
    new_pips = (p[0], p[1])
    why.append(Msg("avinas.score.pips_recorded", team=TEAM_NAMES[loser], due=due, a=new_pips[0], b=new_pips[1]))
    return rams, new_pips, 0
