"""The hard computer: determinized Monte Carlo search.

For each sample of the hidden cards (``sample.Sampler``: a full state the seat cannot tell from the
real one) every legal action is tried and the round is played out to its end with the easy policy
for every seat (``easy.easy_action``, on the rules core); an action's value is what its side gains
in the round over the others (``round_value``, on the rules' ``standing``: higher better, so that
penalty scores count against), summed over the samples. The action of highest
value is taken; a tie goes to the easy policy's own choice.

A decision costs no search when it is forced (one distinct legal action), and the sampling stops
early once the choice is clear (``_clear``): after ``min_samples`` samples, when for every other
action the leader's gain over it, sample by sample, is above zero by ``clear_margin`` standard errors
or has been exactly zero in every sample (the actions played out alike: nothing to tell them apart).
A play-out's seats decide from ``playout_view``: the view's parts the easy policy reads, without the
legal actions and options the rules' full view writes out (about half of a play-out's cost).

The search is bounded by work, not by the clock, so that a seed always gives the same decision:
at most ``steps`` rules steps (deals, actions, play-out moves) per decision, which is about
``BUDGET_SECONDS`` on this machine (bench/README.md), and at most ``samples`` samples, a cap that
only ends a search whose play-outs are short. A wall-clock guard
(``guard_seconds``, and the request's own deadline when several computers play in one request,
``service.matches.computers``) stops a search that a loaded machine slows far beyond that. The
budget itself is kept in CPU time (``cpu_seconds``, the deciding thread's own, which other
processes' load hardly changes): a search whose steps cost more than the step budget assumes (late
in a long match, where the rules' views are larger) stops there, and it begins a sample or a
play-out only if the longest of its kind so far would still end within that budget (``_Cost``), so
that a decision keeps to the budget the level states rather than overrunning it by a step. Only these bounds can make a
decision differ from its seed's; the step budget is set so that they seldom do.
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
    #: the most samples per decision: the step budget is what bounds a search's work; this cap
    #: only ends one where play-outs are short (few cards left, or the Forty-Fives games' five-card
    #: hands), where more samples were still cheap and won more (bench/HISTORY.md: 24 before)
    samples: int = 96
    #: the most rules steps per decision (deals, replayed actions, play-out moves)
    steps: int = 2000
    #: the wall-clock bound of one search (see the module's docstring)
    guard_seconds: float = 0.5
    #: the CPU-time bound of one decision (the deciding thread's): the budget, less a margin for
    #: choosing among the totals and for a step that takes longer than the longest before it (a
    #: step is begun only if it would end within this bound, judged by the longest step so far)
    cpu_seconds: float = BUDGET_SECONDS - 0.008
    #: samples taken before the search may stop early for a clear choice
    min_samples: int = 8
    #: standard errors by which the leader must be ahead of every other action to stop early
    clear_margin: float = 3.0


HARD = HardSettings()


def hard_choice(
    situation: Situation, rng: random.Random, settings: HardSettings = HARD, deadline: float | None = None
) -> Action:
    """The hard computer's action (one of ``situation.legal``); the search stops at ``deadline``
    (``time.perf_counter``) at the latest."""
    cpu_stop = time.thread_time() + settings.cpu_seconds
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
    per_sample: list[list[float]] = []
    samples = 0
    work = 0
    tries = 0
    cost = _Cost()
    while samples < settings.samples and tries < settings.samples * TRIES_PER_SAMPLE:
        if work + sampler.work >= settings.steps or _spent(stop, cpu_stop, cost.sample(len(legal))):
            break
        tries += 1
        begun = time.thread_time()
        state = sampler.sample(rng)
        cost.drawn(time.thread_time() - begun)
        if state is None:
            continue
        values = []
        for action in legal:
            if _spent(stop, cpu_stop, cost.playout):
                break
            begun = time.thread_time()
            value, steps = _played_out(situation.ruleset, state, action, situation.seat, situation.options)
            cost.played(time.thread_time() - begun)
            values.append(value)
            work += steps
        if len(values) < len(legal):  # a sample cut short by a bound counts for nothing
            break
        samples += 1
        totals = [t + v for t, v in zip(totals, values, strict=True)]
        per_sample.append(values)
        if samples >= settings.min_samples and _clear(per_sample, totals, settings.clear_margin):
            break
    if samples == 0:
        return fallback
    best = max(totals)
    if totals[legal.index(fallback)] >= best - 1e-9:
        return fallback
    return legal[totals.index(best)]


class _Cost:
    """The most CPU time one draw of a sample and one play-out have taken so far in a decision: a
    search starts a step only if the longest such step so far would still end within its budget."""

    __slots__ = ("draw", "playout")

    def __init__(self) -> None:
        self.draw = 0.0
        self.playout = 0.0

    def drawn(self, seconds: float) -> None:
        self.draw = max(self.draw, seconds)

    def played(self, seconds: float) -> None:
        self.playout = max(self.playout, seconds)

    def sample(self, actions: int) -> float:
        """What a whole sample (a draw and a play-out of each of ``actions``) may cost: a sample cut
        short counts for nothing, so one that would not fit is not begun."""
        return self.draw + actions * self.playout


def _spent(stop: float, cpu_stop: float, step: float = 0.0) -> bool:
    """Whether the search's wall-clock bound is reached, or a step of ``step`` CPU seconds begun now
    would end past its CPU budget."""
    return time.perf_counter() > stop or time.thread_time() + step > cpu_stop


def _clear(per_sample: Sequence[Sequence[float]], totals: Sequence[float], margin: float) -> bool:
    """Whether the leader (highest total) is clearly the choice: for every other action, the paired
    differences over the samples are either all zero or their mean is above ``margin`` standard
    errors."""
    leader = totals.index(max(totals))
    n = len(per_sample)
    for other in range(len(totals)):
        if other == leader:
            continue
        gaps = [values[leader] - values[other] for values in per_sample]
        if all(abs(g) < 1e-9 for g in gaps):
            continue
        mean = sum(gaps) / n
        spread = sum((g - mean) ** 2 for g in gaps) / (n - 1) if n > 1 else 0.0
        if mean <= 0 or mean * mean * n <= margin * margin * spread:
            return False
    return True


def playout_view(ruleset: Ruleset[Any], state: Any, seat: int) -> dict[str, Any]:
    """What a seat of a play-out decides from: the game's part of its view with the player count,
    teams and phase (the parts the easy policy reads), not the legal actions the play-out already
    has nor the options."""
    table = ruleset.table(state)
    out: dict[str, Any] = {"players": table.players, "phase": table.phase, "hand": None}
    teams = ruleset.teams(table.players)
    if teams is not None:
        out["teams"] = [list(t) for t in teams]
    out.update(ruleset.game_view(state, seat))
    return out


def _played_out(ruleset: Ruleset[Any], state: Any, action: Action, seat: int, options: Any) -> tuple[float, int]:
    """The value of ``action`` in ``state`` for ``seat`` after the round is played out with the easy
    policy, and the rules steps it cost."""
    table = ruleset.table(state)
    before = ruleset.standing(state)
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
        if len(legal) == 1:
            choice = legal[0]
        else:
            choice = easy_action(ruleset, actor, playout_view(ruleset, now, actor), legal, options)
        now = ruleset.apply(now, choice)
        steps += 1
    return round_value(ruleset, seat, table.players, before, ruleset.standing(now)), steps


def round_value(
    ruleset: Ruleset[Any], seat: int, players: int, before: Sequence[float], after: Sequence[float]
) -> float:
    """What ``seat``'s side gained between two standings (``Ruleset.standing``: one number per seat,
    or one per team) over the mean of the other sides."""
    gains = [a - b for a, b in zip(after, before, strict=False)]
    side = seat
    teams = ruleset.teams(players)
    if len(gains) != players and teams is not None:
        side = next((i for i, team in enumerate(teams) if seat in team), 0)
    if side >= len(gains):
        return 0.0
    others = [g for i, g in enumerate(gains) if i != side]
    return gains[side] - (sum(others) / len(others) if others else 0.0)
