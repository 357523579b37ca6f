"""What a proven revoke costs in Boerenbridge (boerenbridge.md §15.5, §15.7 items 4-5): the round
scored with its applied revokes under ``revoke_penalty``, for ``settle_revoke`` (``rescored``) and
for ``/score`` with ``revokes_applied`` (``score_round``). The flow of ``settle_revoke`` is
``service.rules.settlement``'s; only the amounts are here.

* ``"hand_lost"``: each offender is scored as having missed its bid: 0 under the systems where a
  miss scores no less than 0; the system's miss penalty for ``max(1, |tricks - bid|)`` tricks off
  where there is one (an exact bid counts as off by one); a non-bidder offender 0. The others score
  as played; each new total is the overshoot rule (§9) on the total before the round.
* ``"hand_void"``: nobody scores, the totals stay, the same dealer deals the same hand size again
  (a void round counts for neither the schedule nor ``max_rounds``: ``MatchInfo.voided``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from operator import sub
from typing import Any

from service.rules.games.boerenbridge.facts import parse_facts
from service.rules.games.boerenbridge.options import Config, config
from service.rules.games.boerenbridge.scoring import apply_overshoot, match_outcome, round_points, score_facts
from service.rules.games.boerenbridge.state import DEAL, FINISHED_PHASE, BoerenbridgeState, MatchInfo, RoundRecord
from service.rules.messages import Msg
from service.rules.revokes import Revoke
from service.rules.scores import RoundScore
from service.rules.settlement import HAND_VOID, applied_seats, check_seats
from service.rules.slots import evolve


def missed(bid: int | None, tricks: int, cfg: Config) -> int:
    """An offender's points: its bid missed by ``max(1, |tricks - bid|)``, never above 0."""
    if bid is None:
        return 0
    return min(0, round_points(bid, bid + max(1, abs(tricks - bid)), cfg))


def penalised_points(
    bids: Sequence[int | None], tricks: Sequence[int], cfg: Config, offenders: Sequence[int], void: bool
) -> tuple[int, ...]:
    """Every seat's round points with the offenders' revokes applied (all 0 for a void round)."""
    if void:
        return (0,) * len(bids)
    return tuple(
        missed(b, t, cfg) if s in offenders else round_points(b, t, cfg)
        for s, (b, t) in enumerate(zip(bids, tricks, strict=True))
    )


def _why(offenders: Sequence[int], void: bool) -> Msg:
    seats = tuple(offenders)
    return Msg("boerenbridge.revoke.void" if void else "boerenbridge.revoke.lost", seats=seats)


def score_round(
    facts: Mapping[str, Any], options: Mapping[str, Any], offenders: Sequence[int], penalty: str
) -> RoundScore:
    """``/score`` with ``revokes_applied`` (``offenders``): the round as ``settle_revoke`` would leave it."""
    rf = parse_facts(facts, options)
    check_seats(offenders, len(rf.bids))
    void = penalty == HAND_VOID
    points = penalised_points(rf.bids, rf.tricks, config(options), offenders, void)
    scored = score_facts(rf, options, points, _why(offenders, void))
    extra = {**scored.extra, "revokes_applied": list(offenders), "void": void}
    if void:
        extra["result"] = None
        return dataclasses.replace(scored, match_over=False, winners=(), extra=extra)
    return dataclasses.replace(scored, extra=extra)


# ------------------------------------------------------------------------------------------------
# The match: the state the last round leaves with its rulings
# ------------------------------------------------------------------------------------------------


def undealt(state: BoerenbridgeState) -> BoerenbridgeState | None:
    """The state the last round left (phase deal), while the next one is open (``Ruleset.undealt``)."""
    m = state.match
    if not m.history or m.result is not None:
        return None
    return BoerenbridgeState(m, DEAL)


def last_round_revokes(state: BoerenbridgeState) -> tuple[Revoke, ...] | None:
    m = state.match
    if not m.history or m.result == "abandoned":
        return None
    return m.history[-1].revokes


def _before(rec: RoundRecord) -> tuple[int, ...]:
    return rec.before if rec.before else tuple(map(sub, rec.scores, rec.points))


def rescored(state: BoerenbridgeState, revokes: tuple[Revoke, ...], penalty: str) -> BoerenbridgeState:
    """The state the last round would have left with ``revokes`` ruled so (``Ruleset.rescored``)."""
    m = state.match
    cfg = config(m.options)
    n = m.players
    rec = m.history[-1]
    before = _before(rec)
    offenders = applied_seats(revokes)
    void = bool(offenders) and penalty == HAND_VOID
    voided = m.voided - rec.void + void
    points = penalised_points(rec.bids, rec.tricks, cfg, offenders, void)
    scores = tuple(apply_overshoot(before[i], points[i], cfg) for i in range(n))
    result, winners = (None, ()) if void else match_outcome(scores, cfg, m.rounds_done - voided, n)
    record = evolve(rec, points=points, scores=scores, revokes=revokes, void=void, before=before)
    dealer = rec.dealer if void else (rec.dealer + 1) % n
    info = MatchInfo(
        m.options, n, m.mode, scores, dealer, (*m.history[:-1], record), result, winners, m.archived, voided
    )
    return BoerenbridgeState(info, DEAL if result is None else FINISHED_PHASE)
