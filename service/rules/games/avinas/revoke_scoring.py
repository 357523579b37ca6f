"""What a proven revoke costs in Avinas (avinas.md §16.7), as scores: the hand decided against the
offending side under ``revoke_penalty = "hand_lost"`` (the declaring side revoked: it loses, after its
knock the knock failed; a defender revoked: the declaring side wins, after its knock as if it had
taken all 8 tricks), the amounts then by the usual rules; void under ``"hand_void"`` or with
offenders on both sides. ``revoke_penalty`` (the same module's sibling) applies it to a match;
``/score`` reads ``revokes_applied`` (``score_round``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.games.avinas.facts import HandFacts, parse_facts
from service.rules.games.avinas.ranking import PACK_POINTS
from service.rules.games.avinas.scoring import HandResult, score_hand, team_of
from service.rules.messages import Msg
from service.rules.revokes import Revoke
from service.rules.scores import RoundScore
from service.rules.settlement import HAND_VOID, applied_seats, penalty_of


def scored_for(
    f: HandFacts, offenders: Sequence[int], rams: tuple[int, int], pips: tuple[int, int], options: Mapping[str, Any]
) -> HandResult | None:
    """The hand scored with the revokes of ``offenders`` applied; None when that makes it void."""
    if not offenders:
        return score_hand(f, rams, pips, options)
    teams = {team_of(s) for s in offenders}
    if penalty_of(options) == HAND_VOID or len(teams) > 1:
        return None
    won = team_of(f.declarer) not in teams
    if won:
        f = dataclasses.replace(f, lied=False)
        if f.declarers_knocked:  # as if the declaring side had taken all 8 tricks
            f = dataclasses.replace(
                f, declarer_points=PACK_POINTS, declarer_tricks=8, defender_points=0, defender_tricks=0
            )
    return score_hand(f, rams, pips, options, decided=won)


def scored_with_revokes(
    f: HandFacts, revokes: Sequence[Revoke], rams: tuple[int, int], pips: tuple[int, int], options: Mapping[str, Any]
) -> HandResult | None:
    """The hand scored with its applied revokes (``scored_for``)."""
    return scored_for(f, applied_seats(revokes), rams, pips, options)


def score_round(facts: Mapping[str, Any], options: Mapping[str, Any], offenders: Sequence[int]) -> RoundScore:
    """``/score`` with ``revokes_applied`` (``offenders``): the hand as ``settle_revoke`` would leave it."""
    f, rams, pips = parse_facts(facts, options)
    result = scored_for(f, offenders, rams, pips, options)
    extra: dict[str, Any] = {"revokes_applied": list(offenders)}
    if result is None:
        extra.update({"void": True, "rams": list(rams), "pips": list(pips), "due": 0, "scores_are": "pips"})
        return RoundScore((0, 0), pips, False, (), (Msg("avinas.score.revoke_void"),), extra)
    scored = result.round_score()
    return dataclasses.replace(scored, extra={**scored.extra, **extra, "void": False})
