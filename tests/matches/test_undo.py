"""Undo from the round start (``service/matches/undo.py``, issue 14 item 6): the same results as
before, read from the round's events only, whatever the match's length."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.matches.documents import CHECKPOINT_EVERY
from service.matches.undo import CHECKPOINTS
from service.matches.usecases import Matches
from service.rules.registry import RULESETS
from service.store.base import Event
from service.store.encoding import dumps
from service.store.memory import MemoryStore


class CountingStore(MemoryStore):
    """The memory store, noting from where each read of the events started."""

    def __init__(self) -> None:
        super().__init__()
        self.reads: list[int] = []

    def events(self, match_id: str, after: int = 0, limit: int | None = None) -> list[Event]:
        self.reads.append(after)
        return super().events(match_id, after, limit)


def _state(store: MemoryStore, match_id: str) -> Any:
    return store.load(match_id).document["state"]


def _act(matches: Matches, match_id: str, tokens: dict[str, Any], rng: random.Random, mode: str,
         whole_rounds: bool = True) -> None:
    view = matches.view(match_id, tokens["referee"]).view
    token = tokens["referee"] if mode == "table" else tokens["seats"][rng.choice(view["to_act"])]
    legal = matches.view(match_id, token).view["legal_actions"]
    if not whole_rounds:
        legal = [a for a in legal if a["type"] != "round_result"]
    # a round_result listed bare (the facts are the referee's to report) is left to the other tests
    legal = [a for a in legal if a["type"] != "round_result" or "result" in a]
    matches.act(match_id, token, rng.choice(legal))


def _new(matches: Matches, ruleset: str, mode: str) -> tuple[str, dict[str, Any]]:
    players = [f"P{i}" for i in range(RULESETS[ruleset].default_players)]
    created = matches.create({"ruleset": ruleset, "mode": mode, "players": players, "dealer": 0})
    return created.match_id, {"referee": created.referee_token, "seats": [s.token for s in created.seats]}


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_each_undo_restores_the_state_before_the_action_it_takes_back(ruleset: str, mode: str) -> None:
    """Random play with random runs of undos, across round boundaries: after each undo the stored
    state is exactly the one stored before the action it took back."""
    store = CountingStore()
    matches = Matches(store, rng=random.Random(5))
    rng = random.Random(f"{ruleset}-{mode}")
    match_id, tokens = _new(matches, ruleset, mode)
    before: list[Any] = []  # the stored state before each action that still counts
    undos = 0
    for _ in range(300):
        if matches.view(match_id, tokens["referee"]).view["status"] == "finished":
            break
        if before and rng.random() < 0.2:
            for _ in range(rng.choice((1, 1, 2, 5))):
                if not before:
                    break
                matches.undo(match_id, tokens["referee"])
                assert _state(store, match_id) == before.pop()
                undos += 1
            continue
        before.append(_state(store, match_id))
        _act(matches, match_id, tokens, rng, mode)
    assert undos > 10


def test_an_undo_reads_the_round_only() -> None:
    """After many rounds, an undo within a round reads the events from the round start on; one that
    takes back the action that finished a round reads the whole log once."""
    store = CountingStore()
    matches = Matches(store, rng=random.Random(2))
    rng = random.Random(9)
    match_id, tokens = _new(matches, "boerenbridge", "table")
    logged = len(store.events(match_id))
    rounds = 0
    while rounds < 5:
        _act(matches, match_id, tokens, rng, "table")
        events = store.events(match_id)
        rounds += any(e.data.get("kind") == "round" for e in events[logged:])
        logged = len(events)
    # the action that finished the round is before the round start: the whole log, once
    store.reads.clear()
    matches.undo(match_id, tokens["referee"])
    assert store.reads[-1] == 0
    # two actions into the next round (not a whole round at once): an undo reads from its start
    deals = sum(e.data.get("kind") == "deal" for e in store.events(match_id))
    while sum(e.data.get("kind") == "deal" for e in store.events(match_id)) == deals:
        _act(matches, match_id, tokens, rng, "table")
    for _ in range(2):
        _act(matches, match_id, tokens, rng, "table", whole_rounds=False)
    start = max(e.seq for e in store.events(match_id) if e.data.get("kind") == "deal")
    store.reads.clear()
    matches.undo(match_id, tokens["referee"])
    assert store.reads == [start]


def test_an_undo_reads_from_the_recent_checkpoint_and_decodes_it_once() -> None:
    """Far into a round, an undo reads only the events after the recent checkpoint (however many
    actions and undos the round holds), and one that finds the checkpoint's state already decoded
    stores what one that decodes it stores, byte for byte."""
    warm, cold = CountingStore(), CountingStore()
    played = {}
    for store in (warm, cold):
        matches = Matches(store, rng=random.Random(4))
        rng = random.Random(11)
        match_id, tokens = _new(matches, "boerenbridge", "table")
        for _ in range(3):  # into round 2 (every action a single card or bid)
            while not store.load(match_id).document["recent"]:
                _act(matches, match_id, tokens, rng, "table", whole_rounds=False)
            for _ in range(CHECKPOINT_EVERY):
                _act(matches, match_id, tokens, rng, "table", whole_rounds=False)
        for _ in range(20):  # pairs of (action, undo): the log grows, the reads do not
            _act(matches, match_id, tokens, rng, "table", whole_rounds=False)
            if store is cold:
                CHECKPOINTS.clear()
            recent = store.load(match_id).document["recent"]["seq"]
            store.reads.clear()
            matches.undo(match_id, tokens["referee"])
            assert store.reads == [recent]
        document = store.load(match_id).document
        played[id(store)] = ([dumps(document[k]) for k in ("state", "round_start", "recent", "logged", "deals")],
                             [dumps(e.data) for e in store.events(match_id)])
    assert played[id(warm)] == played[id(cold)]
