"""Boerenbridge in table mode (DESIGN.md §2.3; docs/rules/boerenbridge.md §7, §8, §12).

The hands are unknown: the referee reports the turn-up (``trump.turn_up``), the bids and each card
as it is played (any card not yet seen this round), or the whole round at once as one
``round_result`` (the bids and tricks, scored as the score endpoint scores them; allowed until the
first card of the round is reported, and the bids already reported must agree with it, but the
reviser's). Turn order, the bids and the hook rule are checked as in a dealt match.

Revokes (§7: follow suit if able): a play that breaks the rule is accepted, since the table played
it, and recorded as a revoke as soon as the seat's later plays prove it (``revokes.find_revokes``: the
seat shows the suit it failed to follow), and at the latest when the round ends. The view lists the
revokes of the round in progress, or of the last round between rounds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.actions import Action
from service.rules.cards import ALL_CARDS, Card
from service.rules.errors import InvalidAction, InvalidFacts, wrong_phase
from service.rules.games.boerenbridge.actions import phase_types
from service.rules.games.boerenbridge.facts import parse_facts
from service.rules.games.boerenbridge.options import PLAYER_COUNTS
from service.rules.games.boerenbridge.round_end import finish_round
from service.rules.games.boerenbridge.state import BoerenbridgeState, MatchInfo, RoundSetup
from service.rules.messages import Msg
from service.rules.revokes import Judge, Revoke, TrickRecord, find_revokes, revokes_after_play
from service.rules.ruleset import Ruleset
from service.rules.slots import evolve
from service.rules.tricks import Play, TrickContext, TrickDone

# ``records`` runs at every table-mode play, over every trick of the round so far; reading the seats
# and plays from these tables instead of building them (``TrickRecord.clockwise``) takes a post's
# ``Boerenbridge.apply`` from 320,947 to 194,954 instructions (``bench/matches/instructions.py
# --ruleset boerenbridge --stage service.rules.games.boerenbridge:Boerenbridge.apply``).
#: _CLOCKWISE[n][leader]: the seats of a trick led by ``leader``, in playing order (``records``)
_CLOCKWISE = {n: tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n)) for n in PLAYER_COUNTS}
#: _PLAYS[card.index]: the face-up play of each card, made once (``records``)
_PLAYS = tuple(Play(c) for c in ALL_CARDS)


def records(r: RoundSetup, done: Sequence[TrickDone], trick: Sequence[Card], n: int, leader: int) -> list[TrickRecord]:
    """The round's tricks as ``find_revokes`` reads them (``leader`` leads the trick in progress):
    ``TrickRecord.clockwise`` from tables made once."""
    ctx = TrickContext(trump=r.trump)
    seats = _CLOCKWISE[n]
    plays = _PLAYS
    out = [TrickRecord(seats[t.leader][:len(t.cards)], tuple([plays[c.index] for c in t.cards]), ctx) for t in done]
    if trick:
        out.append(TrickRecord(seats[leader][:len(trick)], tuple([plays[c.index] for c in trick]), ctx))
    return out


def record_revokes(
    ruleset: Ruleset, judge: Judge, r: RoundSetup, done: tuple[TrickDone, ...], trick: tuple[Card, ...],
    leader: int, m: MatchInfo, seat: int,
) -> RoundSetup:
    """The revokes the plays reported so far prove (a seat that later shows the suit it failed to
    follow), recorded as soon as they are provable.

    ``seat`` has just made the last play of ``done``/``trick``, and ``r.revokes`` are the revokes
    of the plays before it (recorded here at the play before, or none at the round's first play),
    so only ``seat``'s plays are judged again (``revokes.revokes_after_play``): follow suit is a
    monotone rule and the trump, the one context, is fixed before the first card, so every other
    seat's judgements stand. ``judge`` is the follow-suit verdict (``play.judge``, passed in since
    the play action calls this module), without the input checks of ``legal_plays`` (the reported
    cards are distinct, at most one per seat in a trick)."""
    found = tuple(revokes_after_play(ruleset, r.revokes, records(r, done, trick, m.players, leader), m.options, seat,
                                     round_complete=False, judge=judge))
    return r if found == r.revokes else evolve(r, revokes=found)


def round_revokes(
    ruleset: Ruleset, judge: Judge, r: RoundSetup, done: tuple[TrickDone, ...], n: int, options: Mapping[str, Any]
) -> tuple[Revoke, ...]:
    """Every hand is known once the last trick is played: the last word on the round's revokes."""
    return tuple(find_revokes(ruleset, records(r, done, (), n, 0), options, round_complete=True, judge=judge))


def round_result(state: BoerenbridgeState, action: Action) -> BoerenbridgeState:
    """The whole round reported at once (``round_result``), scored like the score endpoint's facts."""
    m = state.match
    r = state.round
    assert r is not None
    if m.mode != "table":
        raise wrong_phase(Msg("boerenbridge.result.not_table_mode"), phase_types(state), code="not_table_mode")
    if state.trick or state.done:
        raise wrong_phase(Msg("boerenbridge.result.round_in_play"), phase_types(state), code="round_in_play")
    if action.result is None:
        raise InvalidAction(Msg("boerenbridge.result.needs_result"))
    rf = parse_facts(action.result, m.options, n_players=m.players, scores=m.scores, hand_size=r.hand_size,
                     round_number=r.number, dealer=r.dealer)
    for s, b in enumerate(state.bids):
        if b is not None and rf.bids[s] != b and s != r.reviser:
            raise InvalidFacts(Msg("boerenbridge.result.bid_mismatch", seat=s, bid=b, reported=rf.bids[s]),
                               code="bid_mismatch")
    return finish_round(state, r, rf.bids, rf.tricks, (), reported=True)
