"""The use cases by composition (issue 35 item 4): ``Matches`` holds its steps, creation and seating
as parts sharing one store, and create, act and undo take one idempotency path; the app is built
with its metrics composed in front of the use cases and their store."""

from __future__ import annotations

import random

from service.api import metrics
from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.matches.creation import MatchCreation
from service.matches.idempotency import Idempotency, fingerprint
from service.matches.seating import MatchSeating
from service.matches.steps import MatchSteps
from service.matches.usecases import Matches
from service.rules.registry import RULESETS
from service.store.memory import MemoryStore


def test_the_use_cases_hold_their_parts_and_share_one_store() -> None:
    store = MemoryStore()
    uses = Matches(store, RULESETS, rng=random.Random(1))
    assert Matches.__bases__ == (object,) and MatchCreation.__bases__ == (object,)
    assert MatchSeating.__bases__ == (object,)
    assert isinstance(uses.steps, MatchSteps) and uses.creation.steps is uses.steps is uses.seating.steps
    assert uses.store is store and uses.idempotency is uses.steps.idempotency
    other = MemoryStore()
    uses.store = other  # set on the use cases, seen by every part
    assert uses.steps.store is other
    created = uses.create({"ruleset": "forty_fives", "mode": "table", "players": ["a", "b", "c"]})
    assert other.load(created.match_id).version == 1


def test_create_act_and_undo_look_for_a_first_answer_the_same_way() -> None:
    ids = Idempotency(b"s" * 32)
    act = ids.for_action("act", "m1", "seat:1", "k", {"type": "pass"})
    assert act.fp == fingerprint("act", "m1", "seat:1", {"type": "pass"})
    assert act.lookups == ((act.scope, ids.legacy_action_scope("m1", "seat:1", "k")),)
    assert act.scope == ids.action_scope("m1", "seat:1", "k")
    create, match_id = ids.for_create("k", {"ruleset": "x"})
    assert match_id == ids.create_match_id("k", create.fp)
    assert create.scope == ids.create_scope(match_id, "k", create.fp)
    assert create.lookups == ((create.scope,), (ids.legacy_create_scope("k", create.fp),))


def test_the_app_is_built_with_its_metrics_composed_in() -> None:
    app = create_app(Settings())
    matches = app.extensions[MATCHES_KEY]
    assert isinstance(matches, metrics.ObservedMatches)
    inner = matches._inner
    assert isinstance(inner, Matches) and isinstance(inner.store, metrics.TimedStore)
