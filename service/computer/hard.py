"""The hard computer: determinized Monte Carlo search.

For each sample of the hidden cards (``sample.Sampler``: a full state the seat cannot tell from the
real one) every legal action is tried and the round is played out to its end with the easy policy
for every seat (``easy.easy_action``, on the rules core); an action's value is what its side gains
in the round over the others (``round_value``), summed over the samples. The action of highest
value is taken; a tie goes to the easy policy's own choice.

The search is bounded by work, not by the clock, so that a seed always gives the same decision:
at most ``samples`` samples and ``steps`` rules steps (deals, actions, play-out moves) per decision,
which is about ``BUDGET_SECONDS`` on this machine (bench/README.md). A wall-clock guard
(``guard_seconds``, and the request's own deadline when several computers play in one request,
``service.matches.computers``) stops a search that a loaded machine slows far beyond that; only
then can a decision differ from its seed's.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.computer.easy import easy_action, easy_choice
from service.computer.sample import Sampler
from service.computer.situation import Situation
from service.rules.actions import Action
from service.rules.errors import RuleError
from service.rules.ruleset import FINISHED, Ruleset

#: the time a decision of the hard level is meant to take on this machine
BUDGET_SECONDS = 0.15
#: tries to draw one sample before a decision gives up searching
TRIES_PER_SAMPLE = 20


@dataclass(frozen=True)
class HardSettings:
    samples: int = 24
    steps: int = 2000
    guard_seconds: float = 0.5


HARD = HardSettings()


def hard_choice(
    situation: Situation, rng: random.Random, settings: HardSettings = HARD, deadline: float | None = None
) -> Action:
    """The hard computer's action (one of ``situation.legal``); the search stops at ``deadline``
    (``time.perf_counter``) at the latest."""
    fallback = easy_choice(situation, rng)
    legal = list(dict.fromkeys(situation.legal))
    if len(legal) <= 1:
        return fallback
    started = time.perf_counter()
    stop = started + settings.guard_seconds if deadline is None else min(deadline, started + settings.guard_seconds)
    if started >= stop:  # no time left for a search: the easy policy's choice
        return fallback
    sampler = Sampler(situation)
    totals = [0.0] * len(legal)
    samples = 0
    work = 0
    tries = 0
    while samples < settings.samples and tries < settings.samples * TRIES_PER_SAMPLE:
        if work + sampler.work >= settings.steps or time.perf_counter() > stop:
            break
        tries += 1
        state = sampler.sample(rng)
        if state is None:
            continue
        values = []
        for action in legal:
            if time.perf_counter() > stop:
                break
            value, cost = _played_out(situation.ruleset, state, action, situation.seat, situation.options)
            values.append(value)
            work += cost
        if len(values) < len(legal):  # a sample cut short by the clock counts for nothing
            break
        samples += 1
        totals = [t + v for t, v in zip(totals, values, strict=True)]
    if samples == 0:
        return fallback
    best = max(totals)
    if totals[legal.index(fallback)] >= best - 1e-9:
        return fallback
    return legal[totals.index(best)]


def _played_out(ruleset: Ruleset[Any], state: Any, action: Action, seat: int, options: Any) -> tuple[float, int]:
    """The value of ``action`` in ``state`` for ``seat`` after the round is played out with the easy
    policy, and the rules steps it cost."""
    table = ruleset.table(state)
    before = table.scores
    try:
        now = ruleset.apply(state, action)
    except RuleError:
        return -1e6, 1
    steps = 1
    while ruleset.status(now) != FINISHED and not ruleset.needs_deal(now):
        to_act = ruleset.to_act(now)
        if not to_act:
            break
        actor = to_act[0]
        legal = ruleset.legal_actions(now, actor)
        if not legal:
            break
        choice = legal[0] if len(legal) == 1 else easy_action(ruleset, actor, ruleset.view(now, actor), legal, options)
        now = ruleset.apply(now, choice)
        steps += 1
    return round_value(ruleset, seat, table.players, before, ruleset.table(now).scores), steps


def round_value(ruleset: Ruleset[Any], seat: int, players: int, before: Sequence[int], after: Sequence[int]) -> float:
    """What ``seat``'s side gained between two score lines over the mean of the other sides (the
    score lines hold one number per seat, or one per team)."""
    gains = [a - b for a, b in zip(after, before, strict=False)]
    side = seat
    teams = ruleset.teams(players)
    if len(gains) != players and teams is not None:
        side = next((i for i, team in enumerate(teams) if seat in team), 0)
    if side >= len(gains):
        return 0.0
    others = [g for i, g in enumerate(gains) if i != side]
    return gains[side] - (sum(others) / len(others) if others else 0.0)
