"""The end of a Boerenbridge round (docs/rules/boerenbridge.md §8-§10): the round scored
(``scoring``), its record kept in the match's history, and the match over or the deal passed to the
left; and ``archive``, which takes the finished rounds but the last out of the state.
"""

from __future__ import annotations

from typing import Any

from service.rules.games.boerenbridge.options import config
from service.rules.games.boerenbridge.scoring import apply_overshoot, match_outcome, round_points
from service.rules.games.boerenbridge.state import (
    DEAL,
    FINISHED_PHASE,
    BoerenbridgeState,
    MatchInfo,
    RoundRecord,
    RoundSetup,
)
from service.rules.revokes import Revoke
from service.rules.slots import evolve


def finish_round(
    state: BoerenbridgeState,
    r: RoundSetup,
    bids: tuple[int | None, ...],
    tricks: tuple[int, ...],
    revokes: tuple[Revoke, ...],
    *,
    reported: bool,
) -> BoerenbridgeState:
    """Score the round (§8, §9), keep its record, and end the match (§10) or pass the deal left."""
    m = state.match
    o = config(m.options)
    n = m.players
    points = tuple(round_points(bids[i], tricks[i], o) for i in range(n))
    scores = tuple(apply_overshoot(m.scores[i], points[i], o) for i in range(n))
    record = RoundRecord(
        r.number, r.dealer, r.hand_size, r.trump, bids, tricks, points, scores, revokes, reported, m.scores
    )
    result, winners = match_outcome(scores, o, m.rounds_counted + 1, n)
    history = (*m.history, record)
    info = MatchInfo(m.options, n, m.mode, scores, (r.dealer + 1) % n, history, result, winners, m.archived, m.voided)
    return BoerenbridgeState(info, DEAL if result is None else FINISHED_PHASE)


def archive(state: BoerenbridgeState) -> tuple[BoerenbridgeState, list[dict[str, Any]]]:
    """Take the finished rounds but the last out of ``state.match.history`` (``Ruleset.archive``),
    as the view shows them; ``MatchInfo.archived`` counts them."""
    m = state.match
    history = m.history
    if len(history) <= 1:
        return state, []
    old = history[:-1]
    match = evolve(m, history=history[-1:], archived=m.archived + len(old))
    return evolve(state, match=match), [h.to_json() for h in old]
