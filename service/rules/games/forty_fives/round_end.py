"""The end of a round (forty-fives.md §2.7-2.9, §3.8-3.10): the hand scored (or recorded void when
everyone passed under ``all_pass = "redeal"``), its record kept, the deal passed to the left or the
match over; and ``archive``, which takes the finished rounds but the last out of the state.

The state keeps a record of each finished round (``MatchInfo.history``), with the card-by-card
tricks of the last one only; the match's event log keeps every card played.
"""

from __future__ import annotations

from typing import Any

from service.rules.cards import Suit
from service.rules.games.forty_fives.options import Config
from service.rules.games.forty_fives.ranking import RankTable
from service.rules.games.forty_fives.scoring import Tally, settle, tally_played
from service.rules.games.forty_fives.state import (
    DEAL,
    OVER,
    FortyFivesState,
    MatchInfo,
    Round,
    RoundRecord,
    Trick,
    make_match,
    make_record,
    make_state,
)
from service.rules.games.forty_fives.view import record_json
from service.rules.revokes import Revoke
from service.rules.ruleset import FINISHED
from service.rules.slots import evolve


def finish_played_round(
    cfg: Config, state: FortyFivesState, rnd: Round, tricks: tuple[Trick, ...], table: RankTable,
    revokes: tuple[Revoke, ...],
) -> FortyFivesState:
    """The fifth trick is complete: tally the tricks and close the round."""
    tally = tally_played(cfg, table, state.match.players, tricks)
    return close_round(cfg, state.match, rnd, tricks, tally, revokes, reported=False)


def summarised(history: tuple[RoundRecord, ...]) -> tuple[RoundRecord, ...]:
    """``history`` ready for a newer record: the card-by-card tricks are kept only for the most recent
    finished round (the one a scorekeeper reviews); every other field of a record (its score history)
    stays until ``Ruleset.archive`` takes the record out of the state, and the match's event log still
    holds every card played. Only the last record can still have tricks, so only it changes."""
    if not history or not history[-1].tricks:
        return history
    return (*history[:-1], evolve(history[-1], tricks=()))


def close_round(
    cfg: Config, m: MatchInfo, rnd: Round | None, tricks: tuple[Trick, ...], tally: Tally | None,
    revokes: tuple[Revoke, ...], reported: bool, bid: tuple[int, int] | None = None, number: int | None = None,
    trump: Suit | None = None,
) -> FortyFivesState:
    """Score the round (or record it void when ``tally`` is None), then set up the next deal."""
    n = m.players
    contract = rnd.contract if rnd is not None else None
    if bid is None and contract is not None:
        bid = (contract.team, contract.amount)
    if tally is None:
        points: tuple[int, ...] = (0,) * len(m.scores)
        after = m.scores
        over, made = False, None
        winners: tuple[int, ...] = ()
        tricks_won: tuple[int, ...] = (0,) * n
    else:
        s = settle(cfg, n, m.scores, tally, bid, explain=False, hand=m.scored + 1)
        points, after, over, winners, made = s.points, s.scores, s.over, s.winners, s.made
        tricks_won = tally.tricks_won
    highest = tally.highest_trump if tally is not None else None
    bonus = tally.bonus_seat if tally is not None else None
    if rnd is not None:
        record = make_record(rnd.number, m.dealer, rnd.trump if rnd.trump is not None else trump, rnd.turn_up,
                             rnd.robbed_by, rnd.announced_by, rnd.demoted, contract, tricks, tricks_won, highest,
                             bonus, points, after, tally is None, reported, revokes, made)
    else:
        record = make_record(number or m.rounds_done + 1, m.dealer, trump, None, None, None, None, contract, tricks,
                             tricks_won, highest, bonus, points, after, tally is None, reported, revokes, made)
    history = (*summarised(m.history), record)
    scored = m.scored + (tally is not None)
    if over:
        info = make_match(m.options, n, m.mode, m.dealer, after, history, FINISHED, winners, m.archived, scored)
        return make_state(info, OVER, -1, None, None, -1, (), ())
    info = make_match(m.options, n, m.mode, (m.dealer + 1) % n, after, history, m.status, (), m.archived, scored)
    return make_state(info, DEAL, -1, None, None, -1, (), ())


def archive(state: FortyFivesState) -> tuple[FortyFivesState, list[dict[str, Any]]]:
    """Take the finished rounds but the last out of ``state.match.history`` (``Ruleset.archive``):
    their view records (the same for every seat and the referee: a finished round is public),
    oldest first; ``MatchInfo.archived`` counts them, so round numbers go on."""
    m = state.match
    history = m.history
    if len(history) <= 1:
        return state, []
    n = m.players
    old = history[:-1]
    match = evolve(m, history=history[-1:], archived=m.archived + len(old))
    return evolve(state, match=match), [record_json(r, n) for r in old]
