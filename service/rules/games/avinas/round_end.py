"""The end of an Avinas hand: its facts from the tricks, the lie check, its record in the history,
the next dealer and the end of the match (docs/rules/avinas.md §5.2, §7.4, §8, §10).

* A played hand (all 8 tricks, or the declarer's stop, §7.4) gives its score facts: each side's card
  points and tricks, the knocks, and after a stop the unplayed cards credited to the defenders
  (option ``stop_remainder_to``) (§8.1); ``scoring`` scores them (§8.2, §9, §10).
* The lie check (§8.3): in the no-seven game the declarer's dealt cards are counted for the trump
  suit played (option ``declaration_count``); fewer than declared is a lie. In table mode only the
  declarer's cards seen so far are known, and a lie is proven only when even the unseen ones could
  not make up the number.
* After every hand, thrown-in ones included, the deal passes to the left (§3, §5.2); the match ends
  when the score says so, or at ``max_hands`` (§10), or at once on a proven lie under
  ``lie_penalty = "match"`` (§16.5).
* ``archive`` takes the finished hands but the last out of the state, as the view shows them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from service.rules.games.avinas.facts import HandFacts
from service.rules.games.avinas.options import config
from service.rules.games.avinas.ranking import PACK_POINTS, count_for_declaration
from service.rules.games.avinas.records import record_json
from service.rules.games.avinas.revoke_scoring import scored_with_revokes
from service.rules.games.avinas.scoring import TEAM_NAMES, HandResult, match_end, max_hands_end, score_hand, team_of
from service.rules.games.avinas.state import (
    END_BY_LIE,
    END_BY_MAX_HANDS,
    END_BY_SCORE,
    AvinasState,
    HandRecord,
    HandState,
    sevens_exposed,
)
from service.rules.messages import Msg
from service.rules.options import Options
from service.rules.revokes import Revoke
from service.rules.ruleset import FINISHED
from service.rules.slots import evolve


def lied(hand: HandState, opts: Mapping[str, Any]) -> bool:
    """Whether the no-seven declarer is proven to have declared more than he held (§8.3)."""
    if hand.game != "no_seven" or hand.declarer is None or hand.declared is None or hand.trump is None:
        return False
    how = config(opts).declaration_count
    if hand.dealt is not None:
        return count_for_declaration(hand.dealt[hand.declarer], hand.trump, how) < hand.declared
    # table mode: the declarer's cards seen so far; a lie is proven only if even the unseen ones
    # could not make up the number.
    known = {p.card for t in hand.tricks for i, p in enumerate(t.plays) if t.seat_of(i) == hand.declarer}
    known.update(e.card for e in hand.exposures if e.seat == hand.declarer and e.card is not None)
    return count_for_declaration(tuple(known), hand.trump, how) + (8 - len(known)) < hand.declared


def finish_played(state: AvinasState, hand: HandState, stopped_by: int | None = None) -> AvinasState:
    """Score a hand played to its last trick, or stopped by ``stopped_by`` (the declarer, or his
    partner with ``stop_by = "declaring_side"``), and close it."""
    stopped = stopped_by is not None
    opts = state.options
    decl = hand.declarer
    assert decl is not None
    d, o = team_of(decl), 1 - team_of(decl)
    pts, won = [0, 0], [0, 0]
    for t in hand.tricks:
        assert t.winner is not None
        pts[team_of(t.winner)] += t.points
        won[team_of(t.winner)] += 1
    played = len(hand.tricks)
    if stopped and not config(opts).stop_remainder_to_nobody:
        pts[o] += 120 - pts[0] - pts[1]
        won[o] += 8 - played
    knocked = {k.seat for k in hand.knocks if k.knocked}
    declarers_knocked = bool(knocked & {decl, (decl + 2) % 4})
    revokes = hand.revokes  # in table mode, judged whole at the hand's last play (``tricks.apply``)
    facts = HandFacts(
        hand.game or "sevens", decl, len(knocked), declarers_knocked, pts[d], won[d], pts[o], won[o],
        lied(hand, opts), stopped, sevens_exposed(hand) if hand.game == "sevens" else 0,
    )
    result = score_hand(facts, state.rams, state.pips, opts)
    record = hand_record(hand, result, "play", stopped_after=played if stopped else None, revokes=revokes,
                         stopped_by=stopped_by)
    return close_hand(state, record, result)


def hand_record(
    hand: HandState, result: HandResult, source: str, stopped_after: int | None = None,
    revokes: tuple[Revoke, ...] = (), stopped_by: int | None = None,
) -> HandRecord:
    """The history's record of a scored hand (everything its explanation is made from again)."""
    f = result.facts
    d = result.declaring_team
    pts = [0, 0]
    pts[d], pts[1 - d] = f.declarer_points, f.defender_points
    won = [0, 0]
    won[d], won[1 - d] = f.declarer_tricks, f.defender_tricks
    return HandRecord(
        number=hand.number, dealer=hand.dealer, outcome="scored", source=source, game=f.game,
        declarer=f.declarer, trump=hand.trump, declared=hand.declared, knocks=f.knocks,
        declarers_knocked=f.declarers_knocked, card_points=(pts[0], pts[1]), tricks_won=(won[0], won[1]),
        stopped_after=stopped_after, stopped_by=stopped_by, lied=f.lied, declarer_won=result.declarer_won,
        loser=result.loser, tier=result.charged_tier, due=result.due, unit=result.unit, rams=result.rams,
        pips=result.pips, revokes=revokes, cancelled=result.cancelled, sevens_exposed=f.sevens_exposed,
        tricks=hand.tricks if source == "play" else (),
    )


def thrown_in(state: AvinasState, hand: HandState) -> AvinasState:
    """Close a no-seven hand in which every player passed: no score, the deal passes on (§5.2)."""
    record = HandRecord(
        number=hand.number, dealer=hand.dealer, outcome="thrown_in", source="auction", game="no_seven",
        rams=state.rams, pips=state.pips,
    )
    return close_hand(state, record, None)


def close_hand(state: AvinasState, record: HandRecord, result: HandResult | None) -> AvinasState:
    """The match after a hand: its record in the history, the next dealer, and the end where the
    score (§10) or ``max_hands`` says so."""
    opts = state.options
    rams, pips = (result.rams, result.pips) if result is not None else (state.rams, state.pips)
    played = state.hands_played + 1
    new = evolve(
        state, hand=None, history=(*state.history, record), rams=rams, pips=pips, hands_played=played,
        dealer=(record.dealer + 1) % 4,
    )
    if result is not None and result.match_over:
        why = END_BY_LIE if result.ended_by_lie else END_BY_SCORE
        return evolve(new, status=FINISHED, winners=result.winners, result=result.result, end_reason=why)
    limit = config(opts).max_hands
    if limit is not None and played - state.voided >= limit:
        winners, word, _ = max_hands_end(rams, pips, opts)
        return evolve(new, status=FINISHED, winners=winners, result=word, end_reason=END_BY_MAX_HANDS)
    return new


def archive(state: AvinasState) -> tuple[AvinasState, list[dict[str, Any]]]:
    """``Ruleset.archive``: the finished hands but the last taken out of ``state.history``, as the
    view shows them (the same for every seat: a finished hand is public), so a long match's state
    and views stay the same size. Nothing else changes: ``hands_played`` already counts every hand
    (it numbers hands and ends the match at ``max_hands``), whatever ``history`` still holds."""
    history = state.history
    if len(history) <= 1:
        return state, []
    return evolve(state, history=history[-1:]), [record_json(r) for r in history[:-1]]


_THROWN_IN = (Msg("avinas.score.thrown_in"),)


def explanation(record: HandRecord, options: Mapping[str, Any]) -> tuple[Msg | str, ...]:
    """How a finished hand was scored, line by line: made again from its record (the facts, the
    totals before it, the options), exactly as ``score_hand`` explained it when the hand ended.

    Every view shows the last hand's explanation, and every request decodes the same record again
    until the next hand ends: the lines are kept per (record, options), both immutable values (making
    them again was a third of an Avinas view; bench/HISTORY.md, Avinas)."""
    if type(options) is Options:
        return _explained(record, options)
    return _explanation(record, options)


def _explanation(record: HandRecord, options: Mapping[str, Any]) -> tuple[Msg | str, ...]:
    if record.explanation:  # a state stored before the texts became messages: its English lines
        return record.explanation
    if record.outcome == "thrown_in" or record.declarer is None:
        return _THROWN_IN
    if record.void:
        return (Msg("avinas.score.revoke_void"),)
    rams, pips = totals_before(record)
    result = scored_with_revokes(record_facts(record), record.revokes, rams, pips, options)
    assert result is not None
    lines = result.explanation
    if record.stopped_after is not None:
        if record.stopped_by is not None and record.stopped_by != record.declarer:
            return (Msg("avinas.score.stopped_by_partner", number=record.stopped_after, seat=record.stopped_by), *lines)
        return (Msg("avinas.score.stopped", number=record.stopped_after), *lines)
    return lines


def record_facts(record: HandRecord) -> HandFacts:
    """The facts a scored hand's record was scored from (as played)."""
    assert record.declarer is not None
    d = team_of(record.declarer)
    pts, won = record.card_points, record.tricks_won
    stopped = record.stopped_after is not None or sum(pts) < PACK_POINTS or sum(won) < 8
    return HandFacts(record.game or "sevens", record.declarer, record.knocks, record.declarers_knocked, pts[d],
                     won[d], pts[1 - d], won[1 - d], record.lied, stopped, record.sevens_exposed)


def totals_before(record: HandRecord) -> tuple[tuple[int, int], tuple[int, int]]:
    """The rams and pips before a scored hand, from its record (the totals after it, what it marked)."""
    rams, pips = list(record.rams), list(record.pips)
    if record.declarer is not None and not record.void:
        loser = record.loser if record.loser is not None else 1 - team_of(record.declarer)
        if record.unit == "rams":
            rams[1 - loser] += record.cancelled
            rams[loser] -= record.due - record.cancelled
        else:
            pips[loser] -= record.due
    return (rams[0], rams[1]), (pips[0], pips[1])


_explained = functools.lru_cache(maxsize=1024)(_explanation)


def end_reason(state: AvinasState) -> Msg | str | None:
    """Why the match ended (§10, or ``max_hands``), from its totals; None while it goes on."""
    if state.end_reason == END_BY_SCORE:
        return match_end(state.rams, state.pips, state.options)[2]
    if state.end_reason == END_BY_MAX_HANDS:
        return max_hands_end(state.rams, state.pips, state.options)[2]
    if state.end_reason == END_BY_LIE and state.winners:
        winner = state.winners[0]
        return Msg("avinas.end.lie", team=TEAM_NAMES[1 - winner], winner=TEAM_NAMES[winner])
    return state.end_reason  # None, or the English of a state stored before
