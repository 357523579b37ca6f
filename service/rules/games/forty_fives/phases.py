"""Whose turn it is and which phase takes an action: ``to_act``, ``legal_actions`` and ``apply`` of
the Forty-Fives family, handing each action to the module of its phase (``tricks`` for dealt play,
the hot path, first; ``table``, ``robbing``, ``auction``, ``discard``, ``round_result``).

The functions take the ruleset first, so the ruleset class binds them as its methods directly (no
wrapper call per step of a match); each reads its game's ``Config`` through ``options.config``,
but for two steps of dealt play: listing the legal actions takes it from the decision kept for the
last play (``tricks.decided``) when that was the same ruleset's and the match's ``MatchInfo`` (its
options among them) is the same object; and a play right after its listing on the same state is
judged by that listing's decision itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from service.rules.actions import Action
from service.rules.errors import InvalidAction, MatchOver, wrong_phase
from service.rules.games.forty_fives import auction, discard, kitty, robbing, round_result, table, tricks
from service.rules.games.forty_fives.actions import SEAT_TUPLES, need_phase, need_turn, phase_types, seat_of
from service.rules.games.forty_fives.options import config
from service.rules.games.forty_fives.state import (
    AUCTION,
    DEAL,
    DEALER_DRAW,
    DEALER_ROB,
    DISCARD,
    NAME_TRUMP,
    OVER,
    PLAY,
    TURN_UP,
    FortyFivesState,
)
from service.rules.messages import Msg
from service.rules.ruleset import FINISHED
from service.rules.settlement import SETTLE_REVOKE, settle_revoke

if TYPE_CHECKING:
    from service.rules.games.forty_fives.ruleset import FortyFivesFamily


def to_act(ruleset: FortyFivesFamily, state: FortyFivesState) -> tuple[int, ...]:
    """The seat to act, or nobody between rounds and once the match is over."""
    turn = state.turn  # -1 between rounds and once the match is over
    return SEAT_TUPLES[turn] if turn >= 0 else ()


def legal_actions(ruleset: FortyFivesFamily, state: FortyFivesState, seat: int) -> list[Action]:
    """Every complete action ``seat`` may take now."""
    phase = state.phase
    if phase == PLAY:
        if state.hands is not None:
            if seat != state.turn:
                return []
            d = tricks.decided  # the last decision's config serves a state of the same match info
            cfg = d[2] if d[1] is ruleset and d[0].match is state.match else config(state.match.options, ruleset.id)
            return tricks.play_actions(tricks.decide(ruleset, cfg, state))
        if not 0 <= seat < state.match.players:
            return []
        return table.table_play_actions(config(state.match.options, ruleset.id), state, seat)
    if phase in (DEAL, OVER) or not 0 <= seat < state.match.players:
        return []
    cfg = config(state.match.options, ruleset.id)
    if phase == DEALER_ROB:
        return robbing.dealer_rob_actions(cfg, state, seat) if seat == state.turn else []
    if phase == TURN_UP:
        return robbing.turn_up_actions(state, seat)
    if phase == AUCTION:
        return auction.auction_actions(cfg, state, seat)
    if phase == NAME_TRUMP:
        return auction.name_trump_actions(cfg, state, seat) + kitty.kitty_bid_actions(cfg, state, seat)
    if phase == DISCARD:
        return discard.discard_actions(cfg, state, seat)
    if phase == DEALER_DRAW:
        return discard.draw_actions(cfg, state, seat)
    return []


def apply(ruleset: FortyFivesFamily, state: FortyFivesState, action: Action) -> FortyFivesState:
    """The state after ``action``; a RuleError changes nothing."""
    if state.phase == PLAY and state.hands is not None and action.type == "play":
        seat = action.seat
        if seat != state.turn:
            need_turn(state, seat_of(state, action))
        card = action.card
        if card is None or seat is None:
            raise InvalidAction(Msg("forty_fives.play_needs_card"))
        d = tricks.decided  # decided for this state when its legal actions were listed
        if d[0] is not state or d[1] is not ruleset:
            d = tricks.decide(ruleset, config(state.match.options, ruleset.id), state)
        return tricks.dealt_play(d, card)
    return _apply_other(ruleset, state, action)


def _apply_other(ruleset: FortyFivesFamily, state: FortyFivesState, action: Action) -> FortyFivesState:
    if not isinstance(action, Action):
        raise InvalidAction(Msg("forty_fives.not_an_action"))
    kind = action.type
    if kind not in ruleset.action_types:
        types = tuple(ruleset.action_types)
        raise InvalidAction(Msg("forty_fives.unknown_action_type", game=ruleset.name, types=types),
                            legal=list(ruleset.action_types))
    if kind == SETTLE_REVOKE:
        return settle_revoke(ruleset, state, action)
    if state.match.status == FINISHED:
        raise MatchOver(Msg("forty_fives.match_over"))
    if state.phase == DEAL:
        raise wrong_phase(Msg("forty_fives.deal_first"), ())
    cfg = config(state.match.options, ruleset.id)
    if kind == "play":
        seat = seat_of(state, action)
        need_phase(cfg, state, action, PLAY)
        need_turn(state, seat)
        if action.card is None:
            raise InvalidAction(Msg("forty_fives.play_names_card"))
        return table.table_play(ruleset, cfg, state, seat, action.card)
    if kind == "round_result":
        return round_result.apply_round_result(ruleset, cfg, state, action)
    if kind in ("bid", "pass", "hold") or kind in ("name_trump", "kitty_bid", "discard", "draw"):
        if not cfg.bidding:
            raise wrong_phase(Msg("forty_fives.bidding_only", type=kind, phase=state.phase), phase_types(cfg, state))
        if kind == "name_trump":
            return auction.apply_name_trump(cfg, state, action)
        if kind == "kitty_bid":
            return kitty.apply_kitty_bid(cfg, state, action)
        if kind == "discard":
            return discard.apply_discard(cfg, state, action)
        if kind == "draw":
            return discard.apply_draw(cfg, state, action)
        return auction.apply_call(cfg, state, action)
    if kind == "rob":
        return robbing.apply_rob(cfg, state, action)
    if kind == "decline":
        return robbing.apply_decline(cfg, state, action)
    if state.match.mode != "table":
        raise wrong_phase(Msg("forty_fives.turn_up_table_only"),
                          phase_types(cfg, state), code="not_table_mode")
    return robbing.apply_turn_up(cfg, state, action)
