"""The actions of Boerenbridge and where a match stands: the fields of each action type, the
match's status, whose turn it is and the action types each phase takes (docs/rules/boerenbridge.md
§5-§7).

Actions: ``bid`` (amount), ``play`` (card), ``name_trump`` (suit), ``turn_up`` (card, table mode),
``round_result`` (result, table mode), ``abandon`` (ends the match, result ``abandoned``; never
listed in ``legal_actions``).

A round goes turn-up (table mode, §11), bidding (§6.4), trump (the highest bidder names trumps,
§11), play (§7: the dealer's left leads, then the winner of each trick). The reviser (§6.5) may also
bid in the trump phase and in the play phase until the opening lead, so he is to act beside the seat
whose turn it is; in table mode the referee may report the whole round (``round_result``) until the
first card is reported.
"""

from __future__ import annotations

from service.rules.games.boerenbridge.bidding import bidders_to_act, can_revise
from service.rules.games.boerenbridge.options import config
from service.rules.games.boerenbridge.state import (
    ALONE,
    BIDDING,
    DEAL,
    FINISHED_PHASE,
    PLAY,
    TRUMP,
    TURN_UP,
    BoerenbridgeState,
)
from service.rules.ruleset import FINISHED, IN_PROGRESS
from service.rules.settlement import SETTLE_REVOKE

#: the fields each action type carries besides type and seat (``Ruleset.action_fields``)
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "bid": ("amount",), "play": ("card",), "name_trump": ("suit",), "turn_up": ("card",), "round_result": ("result",),
    "abandon": (), SETTLE_REVOKE: ("trick", "ruling"),
}
ACTION_TYPES = tuple(ACTION_FIELDS)  # in the order listed

_PHASE_TYPES = {TURN_UP: ("turn_up",), BIDDING: ("bid",), TRUMP: ("name_trump",), PLAY: ("play",)}


def status(state: BoerenbridgeState) -> str:
    return FINISHED if state.phase == FINISHED_PHASE else IN_PROGRESS


def to_act(state: BoerenbridgeState) -> tuple[int, ...]:
    """The seats that may act now (``Ruleset.to_act``)."""
    r = state.round
    if r is None:
        return ()
    phase = state.phase
    if phase == PLAY:
        trick = state.trick
        seat = (state.leader + len(trick)) % state.match.players
        if not trick and not state.done:
            reviser = r.reviser
            if reviser is not None and reviser != seat and can_revise(r, state.bids):
                return (seat, reviser)
        return ALONE[seat]
    if phase == BIDDING:
        return bidders_to_act(r, state.bids, config(state.match.options).sequential)
    if phase == TRUMP:
        chooser = r.trump_chooser
        assert chooser is not None
        if r.reviser is not None and r.reviser != chooser and can_revise(r, state.bids):
            return (chooser, r.reviser)
        return ALONE[chooser]
    if phase == TURN_UP:
        return ALONE[r.dealer]
    return ()


def phase_types(state: BoerenbridgeState) -> list[str]:
    """The action types the phase takes now (a ``wrong_phase`` refusal's ``legal``); all public."""
    phase = state.phase
    r = state.round
    if r is None or phase in (DEAL, FINISHED_PHASE):
        return []
    opening = not state.trick and not state.done
    types = list(_PHASE_TYPES[phase])
    if phase in (TRUMP, PLAY) and opening and can_revise(r, state.bids):
        types.append("bid")
    if state.match.mode == "table" and opening:
        types.append("round_result")
    return types
