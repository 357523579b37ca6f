"""The phases of an Avinas hand in order: whose turn it is, what each seat may do, and applying an
action in the phase it belongs to (docs/rules/avinas.md §11).

``deal`` (``deal``) → ``expose`` (table mode: ``exposure``) → the sevens game's ``knock`` window
(``knocking``) or the no-seven game's ``auction`` (``auction``; all pass: the hand is thrown in) →
``play`` (``tricks``) → the hand's score (``round_end``) → the next deal, unless the match is over.
Table mode takes a ``round_result`` instead of the cards until the first card is reported
(``table``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.rules.actions import Action, acting_seat, shown_actions_json
from service.rules.errors import InvalidAction, MatchOver, not_your_turn, wrong_phase
from service.rules.games.avinas import auction, exposure, knocking, tricks
from service.rules.games.avinas.actions import ACTION_TYPES, PHASE_ACTIONS, phase_types
from service.rules.games.avinas.state import EXPOSE, KNOCK, PLAY, AvinasState
from service.rules.games.avinas.table import round_result
from service.rules.messages import Msg
from service.rules.ruleset import FINISHED, Ruleset
from service.rules.settlement import SETTLE_REVOKE, settle_revoke
from service.rules.slots import evolve


def to_act(state: AvinasState) -> tuple[int, ...]:
    """The seats that may act now (the declarer second where he may stop play)."""
    hand = state.hand
    if state.status == FINISHED or hand is None:
        return ()
    opts = state.options
    if hand.phase == PLAY:  # first: the phase of most actions
        return tricks.to_act(hand, opts)
    if hand.phase == EXPOSE:
        return exposure.to_act(hand)
    if hand.phase == KNOCK:
        return knocking.to_act(hand, opts)
    return auction.to_act(hand, opts)


def legal_actions(state: AvinasState, seat: int, viewer: int | None = None) -> list[Action]:
    """``Ruleset.legal_actions``: ``seat``'s legal actions; with ``viewer``, as that seat can know
    them (table mode: a face-down lead not yet turned up still counts as unseen, so the list does
    not betray it)."""
    hand = state.hand
    if hand is None or state.status == FINISHED:
        return []
    if hand.phase == PLAY:  # first: the phase of most actions; lists nothing for a seat not to act
        return tricks.actions(state, hand, seat, viewer)
    if seat not in to_act(state):
        return []
    if hand.phase == EXPOSE:
        return exposure.actions(hand, seat)
    if hand.phase == KNOCK:
        return knocking.actions(seat)
    return auction.actions(hand, seat, state.options)


def legal_json(state: AvinasState, seat: int | None) -> list[Any]:
    """The legal actions of ``seat`` as that seat may know them (a face-down lead counts as unseen,
    as in its view); ``None``: every seat to act, as the referee sees them."""
    if seat is None:
        return shown_actions_json([a for s in to_act(state) for a in legal_actions(state, s, None)])
    return shown_actions_json(legal_actions(state, seat, seat))


#: what a phase takes, and who may act: the message naming one of them, two, and (the seats: one to
#: play and two who may stop, ``stop_by = "declaring_side"``, §16.6) three
_PHASE_TAKES = ("avinas.phase_takes_one", "avinas.phase_takes_two")
_WAITING_FOR = ("avinas.waiting_for_one", "avinas.waiting_for_two", "avinas.waiting_for_three")
_CHOICE_NAMES = ("first", "second", "third")


def alternatives(keys: tuple[str, ...], choices: Sequence[Any], **params: Any) -> Msg:
    """The message of ``keys`` naming as many of ``choices`` (the action types a phase takes, the
    seats that may act) as ``first``, ``second`` and ``third``: the first key names one, the
    second two, the third three."""
    named = dict(zip(_CHOICE_NAMES, choices, strict=False))
    return Msg(keys[len(named) - 1], **named, **params)


def apply(ruleset: Ruleset[AvinasState], state: AvinasState, action: Action) -> AvinasState:
    """``Ruleset.apply`` of ``ruleset`` (the Avinas ruleset, which table mode's revokes need): the
    action checked against the phase and the turn, then applied by its phase."""
    if action.type == SETTLE_REVOKE:
        return settle_revoke(ruleset, state, action)
    if action.type not in ACTION_TYPES:
        raise InvalidAction(
            Msg("avinas.no_such_action", types=tuple(ACTION_TYPES)),
            legal=list(ACTION_TYPES),
        )
    if state.status == FINISHED:
        raise MatchOver(Msg("avinas.match_over"))
    hand = state.hand
    if hand is None:
        raise wrong_phase(Msg("avinas.deal_first"), ())
    if action.type == "round_result":
        return round_result(state, hand, action)
    accepted = PHASE_ACTIONS[hand.phase]
    if action.type not in accepted:
        takes = alternatives(_PHASE_TAKES, accepted, phase=hand.phase, type=action.type)
        raise wrong_phase(takes, phase_types(state, hand))
    seat = acting_seat(action, 4)
    if action.type == "stop":
        tricks.check_stop(state, hand, seat)
    seats = to_act(state)
    if seat not in seats:
        raise not_your_turn(alternatives(_WAITING_FOR, seats, seat=seat), seats)
    if action.type == "play" and seat != seats[0]:  # those who may stop are listed after the seat to play
        raise not_your_turn(Msg("avinas.declarer_may_stop", first=seats[0], seat=seat), seats)
    if hand.phase == PLAY:
        return tricks.apply(ruleset, state, hand, action)
    if hand.phase == EXPOSE:
        return evolve(state, hand=exposure.apply(hand, action))
    if hand.phase == KNOCK:
        return evolve(state, hand=knocking.apply(hand, action, state.options))
    return auction.apply(state, hand, action)
