"""The same matches answered from a compacting Redis store and from a plain copy: every endpoint
(view, /events paged every way, /rounds, /record in each format, undo) answers exactly the same,
for every ruleset. ``Mirror`` sends each write to both stores (so versions, ids and tokens are the
same) and reads from the one it is told to; the Redis side compacts every few events, so most of
each match's events are read back from its compacted log."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.matches.usecases import Matches
from service.rules.registry import RULESETS
from service.store.base import JSON, Event, IdempotencyRecord, Loaded, Store
from service.store.memory import MemoryStore
from service.store.redis_store import RedisStore
from tests.api.match_driver import FlaskHttp, Match, create, step
from tests.profiles import PROFILES
from tests.redis_server import RedisServer, redis_server

__all__ = ["redis_server"]

pytestmark = pytest.mark.redis


class Mirror:
    """Writes go to both stores (the compacting one first); reads come from ``reading``."""

    kind = "memory"

    def __init__(self, compacting: RedisStore, plain: Store) -> None:
        self.compacting, self.plain = compacting, plain
        self.ttl_seconds = compacting.ttl_seconds
        self.reading: Store = compacting

    def create(self, match_id: str, document: JSON, events: list[JSON],
               idempotency: tuple[str, IdempotencyRecord] | None = None, *, commit: str = "") -> int:
        version = self.compacting.create(match_id, document, events, idempotency, commit=commit)
        assert self.plain.create(match_id, document, events, idempotency, commit=commit) == version
        return version

    def save(self, match_id: str, expected_version: int, document: JSON, events: list[JSON],
             idempotency: tuple[str, IdempotencyRecord] | None = None, *, commit: str = "") -> int:
        version = self.compacting.save(match_id, expected_version, document, events, idempotency, commit=commit)
        assert self.plain.save(match_id, expected_version, document, events, idempotency, commit=commit) == version
        return version

    def put_idempotency(self, scope_key: str, record: IdempotencyRecord) -> bool:
        stored = self.compacting.put_idempotency(scope_key, record)
        assert self.plain.put_idempotency(scope_key, record) == stored
        return stored

    def append_refusal(self, match_id: str, entry: JSON) -> bool:
        appended = self.compacting.append_refusal(match_id, entry)
        assert self.plain.append_refusal(match_id, entry) == appended
        return appended

    def refusals(self, match_id: str) -> list[JSON]:
        return self.reading.refusals(match_id)

    def load(self, match_id: str, known_commit: str = "") -> Loaded:
        return self.reading.load(match_id, known_commit)

    def events(self, match_id: str, after: int = 0, limit: int | None = None) -> list[Event]:
        return self.reading.events(match_id, after, limit)

    def get_idempotency(self, scope_key: str, *older: str) -> IdempotencyRecord | None:
        return self.reading.get_idempotency(scope_key, *older)

    def delete(self, match_id: str) -> bool:
        return self.compacting.delete(match_id) and self.plain.delete(match_id)

    def ping(self) -> bool:
        return True


@pytest.fixture
def mirrored(redis_server: RedisServer) -> Iterator[tuple[Flask, Mirror]]:
    redis_server.flush()
    compacting = RedisStore(redis_server.client(), ttl_seconds=3600, compact_every=5)
    app = create_app(Settings())
    app.config["TESTING"] = True
    mirror = Mirror(compacting, MemoryStore(ttl_seconds=3600))
    matches = app.extensions[MATCHES_KEY]
    matches = getattr(matches, "_inner", matches)  # the use cases behind the app's metrics
    assert isinstance(matches, Matches)
    matches.store = mirror
    with contextlib.closing(compacting):
        yield app, mirror


def answers(http: FlaskHttp, match: Match, seq: int) -> list[Any]:
    """Every read endpoint's answer, as each seat and the referee see it."""
    found: list[Any] = []
    for token in [match.referee, *match.seats]:
        found.append(http.get(match.path, token).body)
        found.append(http.get(f"{match.path}/rounds", token).body)
        for fmt in ("json", "text", "csv"):
            record = http.get(f"{match.path}/record?format={fmt}", token)
            found.append((record.status, record.body))
    for after in sorted({0, 1, max(0, seq - 7), max(0, seq - 2), seq}):
        for limit in ("", "&limit=1", "&limit=3", "&limit=50"):
            found.append(http.get(f"{match.path}/events?after={after}{limit}", match.referee).body)
    return found


def both(mirror: Mirror, read: Any) -> tuple[Any, Any]:
    """``read()`` from the compacting store, then from the plain one."""
    mirror.reading = mirror.compacting
    first = read()
    mirror.reading = mirror.plain
    second = read()
    mirror.reading = mirror.compacting
    return first, second


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_endpoint_answers_the_same_from_the_compacted_log(
    mirrored: tuple[Flask, Mirror], ruleset: str
) -> None:
    app, mirror = mirrored
    http = FlaskHttp(app.test_client())
    profile = PROFILES[ruleset]
    match, _ = create(http, ruleset, "dealt", profile.players[0])
    rng = random.Random(ruleset)
    for n in range(60):
        if step(http, match, rng) is None:
            break
        if n % 9 == 8:  # undo now and then: read from the compacting store, stored in both
            undone = http.post(f"{match.path}/undo", None, match.referee)
            assert undone.status == 200, undone.body
            view_a, view_b = both(mirror, lambda: http.get(match.path, match.referee).body)
            assert view_a == view_b
        if n % 13 == 0 or n == 59:
            seq = len(mirror.plain.events(match.id))
            first, second = both(mirror, lambda at=seq: answers(http, match, at))
            assert first == second
    assert mirror.compacting.events(match.id) == mirror.plain.events(match.id)
    with contextlib.closing(mirror.compacting.commands.client) as client:  # type: ignore[arg-type]
        assert client.hstrlen(f"{{match:{match.id}}}:doc", "l") > 0  # the compacted log, in the doc hash
        assert client.exists(f"{{match:{match.id}}}:log") == 0
        assert client.xlen(f"{{match:{match.id}}}:events") < 5
