"""Boerenbridge round scoring, the overshoot rule and the end of the match (docs/rules/boerenbridge.md
§8-§11, vectors §13.4-§13.6).

* §8: 1 point per trick, +10 for an exact bid, 20 for a made zero bid (``nil_made_score``, any
  integer 0-50, §15.2); the other scoring systems of §11 and §15.3 (``scoring_system``: ``basis``
  exact 10 + 2 per trick, ``blackout`` exact 10 + 1 per trick, a miss 0 under both; ``miss_penalty``).
* §9: a total above 100 is capped at 100 by default (``overshoot_rule``: also bounce, subtract from
  the previous score, or bust), under ``match_end = "exact_100"`` only.
* §10: the match ends when one player has exactly 100 (several: joint winners, or play on), or
  after ``max_rounds``; under ``match_end = "fixed_rounds_highest"`` after a fixed number of rounds,
  the highest total winning.

One piece of code serves the stateless ``POST /v1/rulesets/boerenbridge/score`` endpoint
(``score_facts``, on the facts ``facts.parse_facts`` read), the table-mode ``round_result`` action
and the end of every dealt round (``round_end.finish_round``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.games.boerenbridge.facts import RoundFacts
from service.rules.games.boerenbridge.options import TARGET, Config, config, rounds_in_match
from service.rules.messages import Msg
from service.rules.scores import RoundScore

# ------------------------------------------------------------------------------------------------
# Points, overshoot, end of match
# ------------------------------------------------------------------------------------------------

#: (points per trick of an exact bid, points lost per trick off a missed bid) of each system (§11, §15.3;
#: under seed and oh_hell a missed bid scores its tricks, or with ``miss_penalty`` 1 per trick off)
_SYSTEM_RATES = {"seed": (1, 1), "oh_hell": (1, 1), "nl_10_2": (2, 2), "vlaams_10_3": (3, 0),
                 "nederlands_10_3": (3, 3), "basis": (2, 0), "blackout": (1, 0)}


def round_points(bid: int | None, tricks: int, cfg: Config) -> int:
    """§8 and §11: the round points of one player (``bid`` None: a non-bidder scores 1 per trick)."""
    if bid is None:
        return tricks
    system = cfg.scoring_system
    if tricks == bid:
        if bid == 0:
            return cfg.nil_made_score
        rate = _SYSTEM_RATES[system][0]
        return rate * tricks + 10
    if system in ("seed", "oh_hell"):
        return -abs(tricks - bid) if cfg.miss_penalty else tricks
    return -_SYSTEM_RATES[system][1] * abs(tricks - bid)


def explain_points(seat: int, bid: int | None, tricks: int, points: int, cfg: Config) -> Msg:
    """How one player's round points were counted (``round_points``)."""
    won = Msg("boerenbridge.points.won_one") if tricks == 1 else Msg("boerenbridge.points.won", tricks=tricks)
    if bid is None:
        return Msg("boerenbridge.points.non_bidder", seat=seat, won=won, points=points)
    system = cfg.scoring_system
    if tricks == bid:
        if bid == 0:
            return Msg("boerenbridge.points.nil_made", seat=seat, won=won, points=points)
        rate = _SYSTEM_RATES[system][0]
        return Msg("boerenbridge.points.exact", seat=seat, bid=bid, won=won, rate=rate, tricks=tricks, points=points)
    off = abs(tricks - bid)
    if system in ("seed", "oh_hell") and not cfg.miss_penalty:
        return Msg("boerenbridge.points.missed_tricks", seat=seat, bid=bid, won=won, points=points)
    rate = 1 if system in ("seed", "oh_hell") else _SYSTEM_RATES[system][1]
    if rate == 0:
        return Msg("boerenbridge.points.missed_nothing", seat=seat, bid=bid, won=won)
    return Msg("boerenbridge.points.missed_penalty", seat=seat, bid=bid, won=won, off=off, rate=rate, points=points)


def apply_overshoot(before: int, gained: int, cfg: Config) -> int:
    """§9: the new match score. Only under ``match_end = "exact_100"`` is a total above 100 changed."""
    raw = before + gained
    if raw <= TARGET or cfg.fixed_rounds:
        return raw
    rule = cfg.overshoot_rule
    if rule == "cap":
        return TARGET
    if rule == "bounce":
        return 2 * TARGET - raw
    if rule == "subtract_from_previous":
        return before - (raw - TARGET)
    return before  # bust


def explain_overshoot(seat: int, before: int, gained: int, after: int, cfg: Config) -> Msg:
    """How one player's match score was updated (``apply_overshoot``)."""
    raw = before + gained
    sign = "+" if gained >= 0 else "-"
    facts = {"seat": seat, "before": before, "sign": sign, "gained": abs(gained), "raw": raw}
    if raw <= TARGET or cfg.fixed_rounds:
        return Msg("boerenbridge.overshoot.none", **facts)
    rule = cfg.overshoot_rule
    return Msg(f"boerenbridge.overshoot.{rule}", **facts, target=TARGET, excess=raw - TARGET, after=after)


def best_seats(scores: Sequence[int]) -> tuple[int, ...]:
    top = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == top)


def match_outcome(
    scores: Sequence[int], cfg: Config, rounds_played: int | None, n_players: int
) -> tuple[str | None, tuple[int, ...]]:
    """§10: (result, winners) after a round; result None while the match goes on.

    Results: ``"won"`` (one player at exactly 100), ``"joint_win"``, ``"no_winner"`` and
    ``"closest_to_100"`` (``max_rounds`` reached), ``"highest_score"`` (``fixed_rounds_highest``).
    """
    limit = rounds_in_match(cfg, n_players)
    if cfg.fixed_rounds:
        if limit is not None and rounds_played is not None and rounds_played >= limit:
            return "highest_score", best_seats(scores)
        return None, ()
    at_target = tuple(i for i, s in enumerate(scores) if s == TARGET)
    if len(at_target) == 1:
        return "won", at_target
    if at_target and cfg.joint_win:
        return "joint_win", at_target
    if limit is not None and rounds_played is not None and rounds_played >= limit:
        if cfg.closest_wins:
            return "closest_to_100", best_seats(scores)
        return "no_winner", ()
    return None, ()


#: the message of a list of seats, by its length ("seat 0", "seat 0, seat 2" ...)
_SEAT_LISTS = ("", "boerenbridge.seat_list.1", "boerenbridge.seat_list.2", "boerenbridge.seat_list.3",
               "boerenbridge.seat_list.4", "boerenbridge.seat_list.5", "boerenbridge.seat_list.6",
               "boerenbridge.seat_list.7")


def seat_list(seats: Sequence[int]) -> Msg:
    """Seats (one to seven) as a message: "seat 0", "seat 0, seat 2" ..."""
    return Msg(_SEAT_LISTS[len(seats)], **{f"s{i}": s for i, s in enumerate(seats)})


def explain_outcome(result: str | None, winners: Sequence[int], scores: Sequence[int]) -> Msg:
    """The match after the round (``match_outcome``)."""
    if result is None:
        key = "play_on" if TARGET in scores else "goes_on"
        return Msg(f"boerenbridge.outcome.{key}", target=TARGET)
    if result == "won":
        return Msg("boerenbridge.outcome.won", seat=winners[0], target=TARGET)
    if result == "joint_win":
        return Msg("boerenbridge.outcome.joint_win", seats=seat_list(winners), target=TARGET)
    if result == "no_winner":
        return Msg("boerenbridge.outcome.no_winner", target=TARGET)
    return Msg(f"boerenbridge.outcome.{result}", score=max(scores), seats=seat_list(winners))


def score_facts(rf: RoundFacts, options: Mapping[str, Any], points: tuple[int, ...] | None = None,
                why: Msg | None = None) -> RoundScore:
    """Score parsed facts (``Ruleset.score_round``), with the explanation of every number; ``points``
    (and ``why``): the round's points as a revoke's penalty makes them (``revoke_penalty``)."""
    cfg = config(options)
    n = len(rf.bids)
    lines = [Msg("boerenbridge.points.hand_size", size=rf.hand_size)]
    played = tuple(round_points(b, t, cfg) for b, t in zip(rf.bids, rf.tricks, strict=True))
    lines.extend(explain_points(i, rf.bids[i], rf.tricks[i], played[i], cfg) for i in range(n))
    if points is None:
        points = played
    elif why is not None:
        lines.append(why)
    after = tuple(apply_overshoot(s, g, cfg) for s, g in zip(rf.scores, points, strict=True))
    lines.extend(explain_overshoot(i, rf.scores[i], points[i], after[i], cfg) for i in range(n))
    result, winners = match_outcome(after, cfg, rf.round_number, n)
    lines.append(explain_outcome(result, winners, after))
    return RoundScore(
        points=points,
        scores=after,
        match_over=result is not None,
        winners=winners,
        explanation=tuple(lines),
        extra={
            "hand_size": rf.hand_size,
            "raw_scores": [s + g for s, g in zip(rf.scores, points, strict=True)],
            "result": result,
            "non_bidders": [i for i, b in enumerate(rf.bids) if b is None],
        },
    )
