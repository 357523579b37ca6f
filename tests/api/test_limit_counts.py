"""How the rate limits count (issue 36 item 2): every window a request is counted in, checked and
counted in one Redis round trip (``EVALSHA`` of one script, a ``MGET`` and one ``SET`` per counted
identity, as Redis's ``INFO commandstats`` counts them on a private redis-server); the same
sliding-window-counter decisions and retry times as ``limits``' own strategy in memory; a request
refused by one limit counted in none; one call per slot in a Redis Cluster; this process's memory
while the Redis is away, and the Redis again once it answers."""

from __future__ import annotations

import logging
import random
import time
import types
from typing import Any

import pytest
from limits import parse_many
from limits.storage import MemoryStorage

from service.api.app import create_app
from service.api.config import Settings
from service.api.limits import Check, Counter, LibraryCounts, RedisCounts, redis_key
from tests.redis_server import (
    LocalRedisCluster,
    RedisServer,
    redis_cluster,
    redis_server,
    redis_server_factory,
    restartable_redis_server,
)

__all__ = ["redis_cluster", "redis_server", "redis_server_factory", "restartable_redis_server"]

pytestmark = [pytest.mark.redis]

CREATE = {"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C", "D"]}


def _calls(server: RedisServer) -> dict[str, int]:
    with server.client() as client:
        stats = client.info("commandstats")
    return {name.removeprefix("cmdstat_"): int(value["calls"]) for name, value in stats.items()
            if not name.startswith(("cmdstat_info", "cmdstat_config"))}


def _checks(kind: str, identity: str, limits: str) -> list[Check]:
    return [Check(kind, identity, item, f"{kind}/{item.amount}/{item.multiples}/{item.GRANULARITY.name}")
            for item in parse_many(limits)]


def test_a_post_is_one_round_trip_for_all_its_limits(redis_server: RedisServer) -> None:
    """A posted play is counted in three windows (the token's two writes, the address's one) by one
    ``EVALSHA``: inside it one ``MGET`` and a ``SET`` for each of the two identities; nothing else
    reaches the limiter's Redis. A refused post reads and writes nothing more."""
    redis_server.flush()
    settings = Settings.from_env({"RATELIMIT_ENABLED": "true", "RATELIMIT_STORAGE_URI": redis_server.url,
                                  "RATELIMIT_MATCH_WRITE": "1000/second;20/minute"})
    client = create_app(settings).test_client()
    created = client.post("/v1/matches", json=CREATE).get_json()
    path, referee = f"/v1/matches/{created['id']}/actions", {"Authorization": f"Bearer {created['referee_token']}"}
    legal = created["view"]["legal_actions"]
    with redis_server.client() as plain:
        plain.config_resetstat()
    posts = 12
    for _ in range(posts):
        answer = client.post(path, json=legal[0], headers=referee)
        assert answer.status_code == 200, answer.get_json()
        legal = answer.get_json()["legal_actions"]
    assert _calls(redis_server) == {"evalsha": posts, "mget": posts, "set": 2 * posts}
    with redis_server.client() as plain:
        plain.config_resetstat()
    for _ in range(8):  # with the 12 above, the minute's 20: the next post is refused
        client.post(path, json=legal[0], headers=referee)
    refused = client.post(path, json=legal[0], headers=referee)
    assert refused.status_code == 429 and refused.get_json()["limit"] == "20 per 1 minute"
    assert _calls(redis_server) == {"evalsha": 9, "mget": 9, "set": 2 * 8}
    with redis_server.client() as plain:
        keys = sorted(key.decode() for key in plain.keys("*"))
    assert len(keys) == 2 and redis_key("a:127.0.0.1") in keys, keys
    assert any(key.startswith("referee-limits/{t:") for key in keys)
    assert not any(created["referee_token"] in key for key in keys)  # a token's hash, never the token


def _fake_clock(monkeypatch: pytest.MonkeyPatch) -> types.SimpleNamespace:
    """One clock for ``limits``' memory storage and strategy and for this module's retry times."""
    clock = types.SimpleNamespace(now=1_800_000_000.0)
    fake = types.SimpleNamespace(time=lambda: clock.now, monotonic=lambda: clock.now)
    for module in ("limits.storage.memory", "limits.strategies", "service.api.limits"):
        monkeypatch.setattr(f"{module}.time", fake)
    return clock


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_script_decides_as_limits_sliding_window_counter(redis_server: RedisServer, seed: int,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A random run of requests over three identities, each counted in one or two kinds of several
    windows, at random instants: the script and ``limits``' strategy on its memory storage take and
    refuse the same requests, with the same retry times."""
    redis_server.flush()
    clock = _fake_clock(monkeypatch)
    script = RedisCounts(redis_server.url, {})
    memory = LibraryCounts(MemoryStorage())
    kinds = {"write": "3/second;12/minute", "address": "5/2 seconds", "read": "2/second"}
    rng = random.Random(seed)
    outcomes: list[Any] = []
    for _ in range(400):
        clock.now += rng.choice([0.0, 0.0, 0.0, 0.001, 0.013, 0.05, 0.2, 0.7, 1.3, 9.0])
        clock.now = round(clock.now, 3)  # whole milliseconds: the script's unit
        who = rng.choice(["t:1", "t:2", "a:3"])
        chosen = rng.choice([["write", "address"], ["read", "address"], ["address"], ["write"]])
        checks = [check for kind in chosen for check in _checks(kind, who if kind != "address" else "a:9",
                                                                   kinds[kind])]
        by_script, by_memory = script.take(checks, now=clock.now), memory.take(checks)
        assert by_script == by_memory, (clock.now, who, chosen, outcomes[-5:])
        outcomes.append(by_script)
    refusals = [o for o in outcomes if o is not None]
    assert 40 < len(refusals) < 320, "the run refused some requests and took others"
    assert {str(item) for item, _ in refusals} >= {"3 per 1 second", "12 per 1 minute", "5 per 2 second"}


def test_a_refused_request_is_counted_in_no_window(redis_server: RedisServer) -> None:
    """One limit refusing the request leaves the other limits' counts as they were."""
    redis_server.flush()
    counts = RedisCounts(redis_server.url, {})
    wide, narrow = _checks("address", "a:1", "100/minute"), _checks("write", "t:1", "2/minute")
    now = 1_800_000_000.0
    assert counts.take(wide + narrow, now=now) is None
    assert counts.take(wide + narrow, now=now) is None
    refused = counts.take(wide + narrow, now=now)
    assert refused is not None and str(refused[0]) == "2 per 1 minute" and 1 <= refused[1] <= 60
    for _ in range(98):  # the address's 100 less the 2 taken: the refusal counted nothing there
        assert counts.take(wide, now=now) is None
    assert counts.take(wide, now=now) is not None


def test_the_previous_window_weighs_as_much_of_it_as_is_still_inside(redis_server: RedisServer) -> None:
    """10 a minute, all 10 taken in one minute: a quarter into the next, three quarters of them still
    count (7.5, so 7: three more are taken); at its end none."""
    redis_server.flush()
    counts = RedisCounts(redis_server.url, {})
    checks = _checks("rules", "a:1", "10/minute")
    start = 60.0 * 30_000_000  # a window's start
    for _ in range(10):
        assert counts.take(checks, now=start + 1) is None
    refused = counts.take(checks, now=start + 2)
    assert refused is not None and refused[1] == 58  # this window's count ends with it
    quarter = start + 60 + 15
    assert [counts.take(checks, now=quarter) is None for _ in range(4)] == [True, True, True, False]
    later = start + 120
    assert [counts.take(checks, now=later) is None for _ in range(11)] == [True] * 7 + [False] * 4


def test_in_a_cluster_one_call_per_slot(redis_cluster: LocalRedisCluster) -> None:
    """A token's windows and an address's are on their own slots: one call each, in the order of the
    request's limits, each slot's windows counted all or none."""
    redis_cluster.flush()
    counts = RedisCounts(f"redis+cluster://{redis_cluster.setting}", {})
    token, address = _checks("write", "t:abc", "2/minute"), _checks("address", "a:1.2.3.4", "3/minute")
    now = 1_800_000_000.0
    assert counts.take(token + address, now=now) is None
    assert counts.take(token + address, now=now) is None
    refused = counts.take(token + address, now=now)
    assert refused is not None and str(refused[0]) == "2 per 1 minute"
    # the token's slot, first in the request's order, refused: nothing was counted on the address's
    assert [counts.take(address, now=now) is None for _ in range(2)] == [True, False]
    for key in (redis_key("t:abc"), redis_key("a:1.2.3.4")):
        node = redis_cluster.node_for(key)
        with node.client() as client:
            assert client.exists(key)


def test_while_the_redis_is_away_memory_counts_then_the_redis_again(
        restartable_redis_server: RedisServer, caplog: pytest.LogCaptureFixture) -> None:
    """A Redis that does not answer: the request is counted in this process's memory (its limits
    still hold); once the Redis answers, after the retry wait, the counts are there again."""
    options = {"socket_timeout": 0.5, "socket_connect_timeout": 0.5}
    counter = Counter(RedisCounts(restartable_redis_server.url, options), LibraryCounts(MemoryStorage()))
    checks = _checks("rules", "a:1", "2/minute")
    # the counts run on the clock, in windows aligned on the minute: the test (a few seconds, more
    # under load) starts early in one, so that no minute boundary moves a count out of its window
    second = time.time() % 60
    if second > 45:
        time.sleep(60.1 - second)
    assert counter.take(checks) is None
    restartable_redis_server.stop()
    with caplog.at_level(logging.INFO, logger="flask-limiter"):
        assert counter.take(checks) is None  # in memory: the one before was Redis's
        assert counter.take(checks) is None
        refused = counter.take(checks)
        assert refused is not None and str(refused[0]) == "2 per 1 minute"
        restartable_redis_server.start()
        time.sleep(1.1)  # the first retry wait
        assert counter.take(checks) is None  # Redis's count: the first one, and this one
        assert counter.take(checks) is not None
    assert [r.getMessage() for r in caplog.records] == [
        "rate limit storage unreachable: counting in this process's memory", "rate limit storage recovered"]


def test_a_redis_that_lost_the_script_is_sent_it_again(redis_server: RedisServer) -> None:
    """After ``SCRIPT FLUSH`` (or a restart) the next count sends the script with its call, and counts."""
    redis_server.flush()
    counts = RedisCounts(redis_server.url, {})
    checks = _checks("rules", "a:1", "2/minute")
    now = 1_800_000_000.0
    assert counts.take(checks, now=now) is None
    with redis_server.client() as plain:
        plain.script_flush()
    assert counts.take(checks, now=now) is None
    assert counts.take(checks, now=now) is not None
