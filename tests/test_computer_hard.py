"""The hard computer's search: what it may skip or stop early, and what a play-out decides from."""

from __future__ import annotations

import dataclasses
import random
import time
from types import SimpleNamespace
from typing import Any

import pytest

import service.computer.hard as hard
from service.computer import situation_of
from service.computer.easy import easy_action
from service.computer.hard import HardSettings, _clear, hard_choice, playout_view, round_value
from service.rules.playout import shuffled_deck
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED
from tests.profiles import PROFILES

RULESET_IDS = sorted(RULESETS)


def _states(ruleset_id: str, seed: int, limit: int) -> list[tuple[object, object, list[object], int]]:
    """(state, state just after its round's deal, the round's actions, seat to act) along a match of
    random legal actions."""
    ruleset = RULESETS[ruleset_id]
    n = PROFILES[ruleset_id].usual_players
    rng = random.Random(seed)
    state = ruleset.new_match(ruleset.validate_options({}, n), n, 0, "dealt")
    out: list[tuple[object, object, list[object], int]] = []
    while ruleset.status(state) != FINISHED and len(out) < limit:
        state = ruleset.deal(state, shuffled_deck(ruleset, rng))
        dealt, actions = state, []
        while ruleset.status(state) != FINISHED and not ruleset.needs_deal(state) and len(out) < limit:
            seat = ruleset.to_act(state)[0]
            out.append((state, dealt, list(actions), seat))
            action = rng.choice(ruleset.legal_actions(state, seat))
            state = ruleset.apply(state, action)
            actions.append(action)
    return out


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_play_out_seat_decides_from_its_short_view_as_from_its_full_view(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    checked = 0
    for state, _, _, seat in _states(ruleset_id, 3, 300):
        legal = ruleset.legal_actions(state, seat)
        if len(legal) < 2:
            continue
        options = ruleset.table(state).options
        short = playout_view(ruleset, state, seat)
        assert easy_action(ruleset, seat, short, legal, options) == easy_action(
            ruleset, seat, ruleset.view(state, seat), legal, options
        )
        checked += 1
    assert checked > 10


def test_the_leader_is_clear_only_when_ahead_of_every_other_action_by_the_margin() -> None:
    ahead = [[3.0, 0.0, 1.0], [2.0, 0.0, 0.0], [4.0, 1.0, 2.0], [3.0, 0.0, 1.0]]
    assert _clear(ahead, [sum(c) for c in zip(*ahead, strict=True)], 3.0)
    # one sample where the second action is far ahead: the gap is too uncertain
    mixed = [*ahead, [0.0, 9.0, 0.0]]
    assert not _clear(mixed, [sum(c) for c in zip(*mixed, strict=True)], 3.0)
    # actions that play out alike in every sample are no reason to go on
    alike = [[1.0, 1.0], [5.0, 5.0], [-2.0, -2.0]]
    assert _clear(alike, [4.0, 4.0], 3.0)
    # alike in all but one sample, where the other is better: not clear
    nearly = [[1.0, 1.0], [5.0, 5.0], [-2.0, 0.0]]
    assert not _clear(nearly, [4.0, 6.0], 3.0)


@pytest.fixture
def playouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A running count of the hard search's play-outs (calls of ``hard._played_out``)."""
    played = [0]
    counted = hard._played_out

    def counting(*args: Any) -> tuple[float, int]:
        played[0] += 1
        return counted(*args)

    monkeypatch.setattr(hard, "_played_out", counting)
    return played


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_clear_choice_stops_the_search_early_with_the_same_action(ruleset_id: str, playouts: list[int]) -> None:
    """With the early stop the search plays fewer play-outs, and takes the same action as the full
    search of the same seed in most decisions."""
    ruleset = RULESETS[ruleset_id]
    played = playouts
    full = HardSettings(samples=16, steps=10**6, guard_seconds=1e6, min_samples=10**6, cpu_seconds=1e6)
    early = HardSettings(samples=16, steps=10**6, guard_seconds=1e6, min_samples=4, cpu_seconds=1e6)
    same = decided = full_playouts = early_playouts = 0
    for state, dealt, actions, seat in _states(ruleset_id, 5, 600)[::3]:
        if len(set(ruleset.legal_actions(state, seat))) < 2:
            continue
        situation = situation_of(ruleset, seat, dealt, actions)  # type: ignore[arg-type]
        before = played[0]
        a = hard_choice(situation, random.Random(1), full)
        full_playouts += played[0] - before
        before = played[0]
        b = hard_choice(situation, random.Random(1), early)
        early_playouts += played[0] - before
        same += a == b
        decided += 1
        if decided >= 12:
            break
    assert decided >= 6
    assert same >= decided * 2 // 3
    assert early_playouts < full_playouts


def test_a_penalty_counts_against_the_side_that_takes_it() -> None:
    """Avinas counts rams and pips against a team: a play-out in which the seat's team takes pips
    is worth less to it than one in which the other team takes them."""
    ruleset = RULESETS["avinas"]
    start = ruleset.new_match(ruleset.validate_options({}, 4), 4, 0, "dealt")
    before = ruleset.standing(start)
    ours = ruleset.standing(dataclasses.replace(start, pips=(2, 0)))
    theirs = ruleset.standing(dataclasses.replace(start, rams=(0, 3)))
    assert round_value(ruleset, 0, 4, before, ours) < 0 < round_value(ruleset, 0, 4, before, theirs)
    assert round_value(ruleset, 1, 4, before, ours) > 0


@pytest.mark.parametrize("ruleset_id", ["forty_fives", "auction_forty_fives", "boerenbridge"])
def test_where_more_points_are_better_the_standing_is_the_score_line(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    for state, _, _, _ in _states(ruleset_id, 2, 200)[::20]:
        assert ruleset.standing(state) == tuple(float(s) for s in ruleset.table(state).scores)


def test_a_search_keeps_to_its_cpu_budget_whatever_its_step_and_sample_bounds() -> None:
    """A search allowed far more samples and steps than its CPU budget pays for stops at the budget
    (the deciding thread's CPU time, checked between play-outs)."""
    ruleset = RULESETS["avinas"]
    unbounded = HardSettings(samples=10**6, steps=10**9, guard_seconds=1e6, min_samples=10**6, cpu_seconds=0.05)
    timed = 0
    for state, dealt, actions, seat in _states("avinas", 7, 200)[::5]:
        if len(set(ruleset.legal_actions(state, seat))) < 2:
            continue
        situation = situation_of(ruleset, seat, dealt, actions)  # type: ignore[arg-type]
        started = time.thread_time()
        hard_choice(situation, random.Random(1), unbounded)
        assert time.thread_time() - started < 0.05 + 0.04
        timed += 1
        if timed >= 3:
            break
    assert timed == 3


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_late_in_a_match_a_search_begins_no_step_that_would_end_past_its_budget(
    ruleset_id: str, monkeypatch: pytest.MonkeyPatch, playouts: list[int]
) -> None:
    """Late in a match, where a play-out costs most, a hard decision ends within its CPU bound: a
    sample or a play-out is begun only if the longest of its kind so far would still end within it
    (so a decision keeps to the level's "about 0.15 seconds per move" rather than overrunning it by
    a step). The search's clock here counts each rules step (a deal, an action) as 0.5 ms of CPU, so
    that what is checked is the search's own bookkeeping, not the machine's load."""
    ruleset = RULESETS[ruleset_id]
    states = _states(ruleset_id, 11, 3000)
    late = [s for s in states[len(states) // 2:] if len(set(ruleset.legal_actions(s[0], s[3]))) > 1]
    assert len(late) >= 4
    clock = [0.0]
    apply, deal = ruleset.apply, ruleset.deal

    def applied(*args: Any) -> Any:
        clock[0] += 0.0005
        return apply(*args)

    def dealt_out(*args: Any) -> Any:
        clock[0] += 0.0005
        return deal(*args)

    monkeypatch.setattr(ruleset, "apply", applied)
    monkeypatch.setattr(ruleset, "deal", dealt_out)
    monkeypatch.setattr(hard, "time", SimpleNamespace(thread_time=lambda: clock[0], perf_counter=time.perf_counter))
    played = playouts
    settings = HardSettings(guard_seconds=1e6)
    for _state, dealt, actions, seat in late[-1:0:-max(1, len(late) // 6)][:6]:
        situation = situation_of(ruleset, seat, dealt, actions)  # type: ignore[arg-type]
        started, before = clock[0], played[0]
        hard_choice(situation, random.Random(2), settings)
        assert clock[0] - started <= settings.cpu_seconds
        assert played[0] > before  # it did search
