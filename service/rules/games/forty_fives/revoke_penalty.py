"""What a proven revoke costs in the Forty-Fives family (forty-fives.md §9.9, A-35): the round scored
with its applied revokes under ``revoke_penalty``, for ``settle_revoke`` (``rescored``: the state the
round leaves) and for ``/score`` with ``revokes_applied`` (``score_round``). The flow of
``settle_revoke`` is ``service.rules.settlement``'s; only the amounts are here.

* ``"hand_lost"``: ``forty_fives``: each offender scores 0, the others as played. Turn-up mode: the
  offending team 0, the other team as if it had won all five tricks (25 under
  ``"trick_difference"``, 10 under ``"three_four_five"``) and the hand's bonus trick if a trick
  earned it. Bidding mode: offending bidders are set (−bid), the defenders score as in any set
  hand; offending defenders: the bid counts as made (``max(hand points, bid)``, ``bid_30_made_value``
  for 30), the defenders score 0. Offenders on both sides of a partnership hand: void.
* ``"hand_void"``: nobody scores, the totals stay, the same dealer deals again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import add, sub
from typing import Any

from service.rules.games.forty_fives.options import FORTY_FIVES_ID, Config
from service.rules.games.forty_fives.scoring import (
    Settlement,
    Tally,
    _bidding_end,
    _defender_points,
    _highest_reaching,
    _score_extra,
    fixed_end,
    forty_fives_end,
    settle,
    tally_facts,
    team_of,
)
from service.rules.games.forty_fives.state import (
    DEAL,
    OVER,
    TRICKS_PER_HAND,
    FortyFivesState,
    make_match,
    make_state,
)
from service.rules.messages import Msg
from service.rules.revokes import Revoke
from service.rules.ruleset import FINISHED, IN_PROGRESS
from service.rules.scores import RoundScore
from service.rules.settlement import HAND_VOID, applied_seats, check_seats
from service.rules.slots import evolve


def penalised(
    cfg: Config,
    n: int,
    before: Sequence[int],
    tally: Tally,
    bid: tuple[int, int] | None,
    offenders: Sequence[int],
    penalty: str,
    explain: bool = True,
    hand: int | None = None,
) -> tuple[Settlement, bool]:
    """The hand scored with the revokes of ``offenders`` applied, and whether it is void. ``hand``:
    the hand's number among the scored hands (a fixed-length match, §9.4; a void hand is not one)."""
    teams = {team_of(s) for s in offenders}
    if penalty == HAND_VOID or (cfg.game != FORTY_FIVES_ID and len(teams) > 1):
        void_why: tuple[Msg, ...] = (Msg("forty_fives.revoke.void", seats=_seats(offenders)),) if explain else ()
        return Settlement((0,) * len(before), tuple(before), False, (), void_why), True
    played = settle(cfg, n, before, tally, bid, explain=False, hand=hand)
    made = played.made
    if cfg.game == FORTY_FIVES_ID:
        points = [0 if s in offenders else p for s, p in enumerate(played.points)]
    else:
        (team,) = teams
        other = 1 - team
        points = [0, 0]
        if not cfg.bidding:
            points[other] = 5 * TRICKS_PER_HAND if cfg.turn_up_scoring == "trick_difference" else 10
            points[other] += 5 if tally.bonus_seat is not None else 0
        else:
            assert bid is not None
            bidders, amount = bid
            if team == bidders:
                points[bidders], made = -amount, False
                points[other] = _defender_points(
                    cfg, other, before[other], played.hand_points[other], False, before[bidders] - amount
                )[0]
            else:
                points[bidders] = cfg.bid30_value if amount == 30 else max(played.hand_points[bidders], amount)
                made = True
    after = tuple(map(add, before, points))
    over, winners, end = _end(cfg, bid, after, explain, hand)
    why = (Msg("forty_fives.revoke.lost", seats=_seats(offenders), points=", ".join(map(str, points))), *end)
    return Settlement(tuple(points), after, over, winners, why if explain else (), made, played.hand_points), False


def _end(
    cfg: Config, bid: tuple[int, int] | None, after: Sequence[int], explain: bool, hand: int | None
) -> tuple[bool, tuple[int, ...], list[Msg]]:
    if cfg.fixed_hands is not None:  # §9.4: the fixed length decides, as for a hand scored as played
        return fixed_end(cfg, after, hand, cfg.tie_shared, explain, seats=cfg.game == FORTY_FIVES_ID)
    if cfg.game == FORTY_FIVES_ID:
        return forty_fives_end(cfg, after, explain)
    if not cfg.bidding:
        return _highest_reaching(cfg, after, explain)
    assert bid is not None
    over, winners, line = _bidding_end(cfg, bid[0], after)
    return over, winners, [line]


def _seats(seats: Sequence[int]) -> tuple[int, ...]:
    return tuple(seats)


def score_round(
    cfg: Config, facts: Mapping[str, Any], player_counts: Sequence[int], offenders: Sequence[int], penalty: str
) -> RoundScore:
    """``/score`` with ``revokes_applied`` (``offenders``): the round as ``settle_revoke`` would leave it."""
    f, tally, lines = tally_facts(cfg, facts, player_counts)
    check_seats(offenders, f.players)
    s, void = penalised(cfg, f.players, f.scores, tally, f.bid, offenders, penalty, hand=f.hand)
    extra = _score_extra(cfg, f.players, tally, s, f.bid)
    extra.update({"revokes_applied": list(offenders), "void": void})
    return RoundScore(s.points, s.scores, s.over, s.winners, (*lines, *s.explanation), extra)


# ------------------------------------------------------------------------------------------------
# The match: the state the last round leaves with its rulings
# ------------------------------------------------------------------------------------------------


def undealt(state: FortyFivesState) -> FortyFivesState | None:
    """The state the last round left (phase deal), while the next one is open (``Ruleset.undealt``)."""
    m = state.match
    if not m.history or m.status == FINISHED:
        return None
    return make_state(m, DEAL, -1, None, None, -1, (), ())


def last_round_revokes(state: FortyFivesState) -> tuple[Revoke, ...] | None:
    history = state.match.history
    return history[-1].revokes if history else None


def rescored(cfg: Config, state: FortyFivesState, revokes: tuple[Revoke, ...], penalty: str) -> FortyFivesState:
    """The state the last round would have left with ``revokes`` ruled so (``Ruleset.rescored``)."""
    m = state.match
    n = m.players
    rec = m.history[-1]
    before = tuple(map(sub, rec.scores, rec.points))
    tally = Tally(rec.tricks_won, rec.highest_trump, rec.bonus_seat)
    bid = (rec.contract.team, rec.contract.amount) if rec.contract is not None else None
    offenders = applied_seats(revokes)
    scored_before = m.scored - (0 if rec.void else 1)  # the hands scored before this one (§9.4)
    hand = scored_before + 1
    if offenders:
        s, void = penalised(cfg, n, before, tally, bid, offenders, penalty, explain=False, hand=hand)
    else:
        s, void = settle(cfg, n, before, tally, bid, explain=False, hand=hand), False
    record = evolve(rec, points=s.points, scores=s.scores, revokes=revokes, void=void, made=s.made)
    history = (*m.history[:-1], record)
    scored = scored_before + (0 if void else 1)  # a void hand does not count toward match_length
    if s.over:
        info = make_match(m.options, n, m.mode, rec.dealer, s.scores, history, FINISHED, s.winners, m.archived,
                          scored)
        return make_state(info, OVER, -1, None, None, -1, (), ())
    dealer = rec.dealer if void else (rec.dealer + 1) % n
    info = make_match(m.options, n, m.mode, dealer, s.scores, history, IN_PROGRESS, (), m.archived, scored)
    return make_state(info, DEAL, -1, None, None, -1, (), ())
