"""A revoke's settlement in an Avinas match (avinas.md §16.7): the state the last hand leaves with
its rulings (``Ruleset.undealt``, ``last_round_revokes``, ``rescored``; the flow is
``service.rules.settlement``'s, the amounts ``revoke_scoring``'s). Applying scores the hand again
from the totals before it: rams cancelled and marked from the rams before, pips added to the pips
before, the end of the match decided again; a void hand is due nothing, the same dealer deals again
and it counts for nothing (``AvinasState.voided``: not for ``max_hands``).
"""

from __future__ import annotations

from service.rules.games.avinas.revoke_scoring import scored_with_revokes
from service.rules.games.avinas.round_end import close_hand, record_facts, totals_before
from service.rules.games.avinas.state import AvinasState
from service.rules.revokes import Revoke
from service.rules.ruleset import FINISHED, IN_PROGRESS
from service.rules.slots import evolve


def undealt(state: AvinasState) -> AvinasState | None:
    """The state the last hand left, while the next one is open (``Ruleset.undealt``)."""
    if not state.history or state.status == FINISHED or state.hand is None:
        return None
    return evolve(state, hand=None)


def last_round_revokes(state: AvinasState) -> tuple[Revoke, ...] | None:
    if not state.history or state.history[-1].outcome != "scored":
        return None
    return state.history[-1].revokes


def rescored(state: AvinasState, revokes: tuple[Revoke, ...]) -> AvinasState:
    """The state the last hand would have left with ``revokes`` ruled so (``Ruleset.rescored``)."""
    rec = state.history[-1]
    rams, pips = totals_before(rec)
    result = scored_with_revokes(record_facts(rec), revokes, rams, pips, state.options)
    base = evolve(
        state,
        hand=None,
        history=state.history[:-1],
        rams=rams,
        pips=pips,
        hands_played=state.hands_played - 1,
        voided=state.voided - rec.void,
        status=IN_PROGRESS,
        winners=(),
        result=None,
        end_reason=None,
    )
    if result is None:
        record = evolve(rec, revokes=revokes, void=True, due=0, cancelled=0, rams=rams, pips=pips)
        return evolve(
            base,
            history=(*base.history, record),
            hands_played=state.hands_played,
            voided=base.voided + 1,
            dealer=rec.dealer,
        )
    record = evolve(
        rec,
        revokes=revokes,
        void=False,
        declarer_won=result.declarer_won,
        loser=result.loser,
        tier=result.charged_tier,
        due=result.due,
        unit=result.unit,
        rams=result.rams,
        pips=result.pips,
        cancelled=result.cancelled,
    )
    return close_hand(base, record, result)
