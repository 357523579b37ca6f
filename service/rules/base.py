"""Transitional: the names ``service.rules.base`` held before it was split by idea.

The ruleset interface is in ``ruleset.py``; options in ``options.py``; round-fact readers in
``facts.py``; trick values and helpers in ``tricks.py``; ``RoundScore`` in ``scores.py``; actions in
``actions.py``; revokes in ``revokes.py``; refusal helpers in ``errors.py``. New code imports from
those modules; this one goes once every game does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.actions import ACTION_KEYS, Action, acting_seat
from service.rules.errors import not_your_turn, wrong_phase
from service.rules.facts import int_fact, int_list_fact, is_json_int
from service.rules.options import OptionSpec, OptionType
from service.rules.revokes import Judge, Revoke, TrickRecord, find_revokes, revokes_after_play
from service.rules.ruleset import FINISHED, IN_PROGRESS, MODES, Mode, Ruleset
from service.rules.scores import RoundScore
from service.rules.tricks import Play, PlayVerdict, TrickContext, TrickOutcome, highest, in_hand_order, plays_json

Options = Mapping[str, Any]

__all__ = [
    "ACTION_KEYS", "FINISHED", "IN_PROGRESS", "MODES", "Action", "Judge", "Mode", "OptionSpec", "OptionType",
    "Options", "Play", "PlayVerdict", "Revoke", "RoundScore", "Ruleset", "TrickContext", "TrickOutcome",
    "TrickRecord", "acting_seat", "find_revokes", "highest", "in_hand_order", "int_fact", "int_list_fact",
    "is_json_int", "not_your_turn", "plays_json", "revokes_after_play", "wrong_phase",
]
