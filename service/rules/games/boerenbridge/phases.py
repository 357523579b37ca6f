"""Whose turn it is and which phase takes an action (docs/rules/boerenbridge.md §5): ``to_act``
and ``status`` (``actions``', which the phases' own modules ask too), the legal actions of a seat,
and ``apply``, which hands an action to the module of its phase or refuses it: ``bid``
(``bidding``), ``play`` (``play``), ``name_trump`` and ``turn_up`` (``trump``), ``round_result``
(``table``), ``abandon`` (here: it ends the match).

The refusal of an action in the wrong phase is made here, after the checks that come first in
every phase (an action type the game lacks, a finished match, a round still to deal, the seat).
"""

from __future__ import annotations

from service.rules.actions import Action, acting_seat
from service.rules.errors import InvalidAction, MatchOver, wrong_phase
from service.rules.games.boerenbridge import bidding, play, table, trump
from service.rules.games.boerenbridge.actions import ACTION_TYPES, phase_types, status, to_act
from service.rules.games.boerenbridge.options import config
from service.rules.games.boerenbridge.state import (
    BIDDING,
    DEAL,
    FINISHED_PHASE,
    PLAY,
    TRUMP,
    TURN_UP,
    BoerenbridgeState,
    MatchInfo,
)
from service.rules.messages import Msg
from service.rules.ruleset import Ruleset
from service.rules.settlement import SETTLE_REVOKE, settle_revoke

__all__ = ["apply", "legal_actions", "status", "to_act"]


def legal_actions(state: BoerenbridgeState, seat: int) -> list[Action]:
    """``Ruleset.legal_actions``: what ``seat`` may do now."""
    phase = state.phase
    r = state.round
    if r is None:
        return []
    if phase == PLAY:
        out = play.legal_cards(state, seat)
        if seat == r.reviser and not state.trick and not state.done:
            out.extend(bidding.bid_actions(r, state.bids, seat))
        return out
    if phase == BIDDING:
        if seat in bidding.bidders_to_act(r, state.bids, config(state.match.options).sequential):
            return bidding.bid_actions(r, state.bids, seat)
        return []
    if phase == TRUMP:
        out = trump.name_trump_actions(seat) if seat == r.trump_chooser else []
        if seat == r.reviser:
            out.extend(bidding.bid_actions(r, state.bids, seat))
        return out
    if phase == TURN_UP and seat == r.dealer:
        return trump.turn_up_actions(seat)
    return []


def apply(ruleset: Ruleset, state: BoerenbridgeState, action: Action) -> BoerenbridgeState:
    """``Ruleset.apply``; ``ruleset`` is for the table-mode revokes of a play (``table``)."""
    kind = action.type
    phase = state.phase
    if kind == "play" and phase == PLAY:
        return play.play(ruleset, state, action)
    if kind == SETTLE_REVOKE:
        return settle_revoke(ruleset, state, action)
    if kind not in ACTION_TYPES:
        raise InvalidAction(Msg("boerenbridge.no_such_action", actions=tuple(ACTION_TYPES)),
                            legal=list(ACTION_TYPES))
    if phase == FINISHED_PHASE:
        raise MatchOver(Msg("boerenbridge.match_over"))
    if kind == "abandon":
        m = state.match
        done = MatchInfo(m.options, m.players, m.mode, m.scores, m.next_dealer, m.history, "abandoned", (),
                         m.archived, m.voided)
        return BoerenbridgeState(done, FINISHED_PHASE)
    if phase == DEAL:
        raise wrong_phase(Msg("boerenbridge.needs_deal"), (), code="needs_deal")
    if kind == "round_result":
        return table.round_result(state, action)
    seat = acting_seat(action, state.match.players)
    if kind == "bid":
        if phase == TURN_UP:
            bidding.check_bidder(state, seat, action)
            raise wrong_phase(Msg("boerenbridge.phase.no_bid", phase=phase), phase_types(state))
        return bidding.bid(state, seat, action)
    if kind == "name_trump":
        if phase != TRUMP:
            raise wrong_phase(Msg("boerenbridge.phase.no_name_trump", phase=phase), phase_types(state))
        return trump.name_trump(state, seat, action)
    if kind == "turn_up":
        if phase != TURN_UP:
            raise wrong_phase(Msg("boerenbridge.phase.no_turn_up", phase=phase), phase_types(state))
        return trump.turn_up(state, seat, action)
    raise wrong_phase(Msg("boerenbridge.phase.no_play", phase=phase), phase_types(state))
