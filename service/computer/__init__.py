"""Computer players: a seat the service plays (issue 37).

A computer decides from what its seat may see and nothing else (``situation.Situation``: the seat's
views of this round, the round's actions as the seat saw them, the public state before the deal,
its legal actions) and a seeded generator; it never reads the match state. ``easy`` follows a
simple policy (``easy``); ``hard`` samples the hidden cards consistent with what the seat saw and
plays each sample out with the easy policy on the rules core (``hard``). ``choose`` is the one
entry point; ``levels`` describes the levels for the catalogue.

Imports point inward: this package uses ``service.rules`` only.
"""

from __future__ import annotations

import dataclasses
import random

from service.computer.easy import easy_choice
from service.computer.hard import HARD, hard_choice
from service.computer.levels import LEVELS
from service.computer.situation import Situation, situation_of
from service.rules.actions import Action

__all__ = ["LEVELS", "Situation", "choose", "situation_of", "waits"]


def choose(level: str, situation: Situation, rng: random.Random, deadline: float | None = None) -> Action:
    """The action the computer of ``level`` takes in ``situation`` (one of its legal actions). A
    computer that may play a card plays one: it does not go back on a call it made this round (a
    Boerenbridge revision of its bid). ``deadline`` (``time.perf_counter``): a search stops there at
    the latest (the request's own bound, when several computers play in one request)."""
    taken = taken_types(situation)
    if any(a.type == "play" for a in situation.legal):
        situation = dataclasses.replace(
            situation, legal=tuple(a for a in situation.legal if a.type == "play" or a.type not in taken)
        )
    if level == "hard":
        return hard_choice(situation, rng, HARD, deadline)
    return easy_choice(situation, rng)


def taken_types(situation: Situation) -> set[str]:
    """The types of the actions the seat took in this round."""
    return {str(p.get("type")) for p, _ in situation.steps if p.get("seat") == situation.seat}


def waits(situation: Situation, others_to_act: bool) -> bool:
    """True when the seat has nothing to do but go back on a call it made this round (a revision the
    rules allow while another seat is to act): the computer then leaves the turn to the others."""
    taken = taken_types(situation)
    return others_to_act and all(a.type != "play" and a.type in taken for a in situation.legal)
