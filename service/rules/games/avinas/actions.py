"""Avinas actions: the action types, which ones each phase takes, and the prebuilt action values
(docs/rules/avinas.md §11).

Phases of a hand: ``expose`` (table mode: the referee reports the #4/#8 cards, ``exposure``),
``knock`` (``knocking``), ``auction`` (the no-seven declaration, ``auction``), ``play`` (the tricks
and the declarer's stop, ``tricks``). Table mode also takes ``round_result`` (the whole hand's
score facts, ``table``) until the first card is reported.

Speed: actions are values, and the ones listed most often are built once per seat and card (as in
Boerenbridge and the Forty-Fives family), so that listing a seat's options builds no objects: a
table-mode referee's view lists about 32 plays for every seat to act (bench/HISTORY.md, Avinas).
"""

from __future__ import annotations

from service.rules.actions import Action, made_once
from service.rules.cards import DECK_32
from service.rules.games.avinas.state import AUCTION, EXPOSE, KNOCK, PLAY, AvinasState, HandState, cards_reported
from service.rules.settlement import SETTLE_REVOKE

#: the fields each action type carries besides type and seat (``Ruleset.action_fields``): a play's
#: ``face_down`` and hint (``amount``), the suit named at the opening lead (§7.1)
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "expose": ("cards", "card"), "knock": (), "pass": (), "declare": ("amount",),
    "play": ("card", "face_down", "amount", "suit"), "stop": (), "round_result": ("result",),
    SETTLE_REVOKE: ("trick", "ruling"),
}
ACTION_TYPES = tuple(ACTION_FIELDS)  # in the order listed
PHASE_ACTIONS = {
    EXPOSE: ("expose",),
    KNOCK: ("knock", "pass"),
    AUCTION: ("declare", "pass"),
    PLAY: ("play", "stop"),
}
#: a face-down lead's hint (``amount`` on the play, option ``facedown_signal``)
SIGNALS = {1: "valuable", 0: "worthless"}

#: PLAY_CARD[seat][card]: the face-up play of ``card``
PLAY_CARD = tuple({c: made_once(Action("play", s, card=c)) for c in DECK_32} for s in range(4))
#: the hints a face-down lead may carry, in the order ``FACE_DOWN`` holds them (None: no hint)
HINTS = (None, 1, 0)
#: FACE_DOWN[seat][card]: the face-down lead of ``card`` with each hint of ``HINTS``, in that order
FACE_DOWN = tuple({c: tuple(Action("play", s, card=c, face_down=True, amount=h) for h in HINTS) for c in DECK_32}
                  for s in range(4))
#: EXPOSE_CARD[seat][card]: the exposure of ``card``; EXPOSE_NONE[seat]: exposing nothing
EXPOSE_CARD = tuple({c: Action("expose", s, cards=(c,)) for c in DECK_32} for s in range(4))
EXPOSE_NONE = tuple(Action("expose", s, cards=()) for s in range(4))
KNOCK_OR_PASS = tuple((Action("knock", s), Action("pass", s)) for s in range(4))
STOP = tuple(Action("stop", s) for s in range(4))


def phase_types(state: AvinasState, hand: HandState) -> list[str]:
    """The action types the phase takes now (a ``wrong_phase`` refusal's ``legal``)."""
    types = list(PHASE_ACTIONS[hand.phase])
    if state.mode == "table" and not cards_reported(hand):
        types.append("round_result")
    return types
