"""Permits taken ahead (issue 36, "fast at the defaults"; ``service/api/leases.py``): far from a limit
one script call counts several requests and the process spends the others without a call, as
Redis's ``INFO commandstats`` counts them on a private redis-server; near a limit each request is
one call and the count exact; two processes on one Redis never take more than the limit, in any
sliding window; a lease ends after its time or with its window; in a Redis Cluster each slot has its
own lease."""

from __future__ import annotations

import bisect
import math
import os
import random
import sys
import threading
import types

import pytest
from limits import parse_many

from service.api.app import create_app
from service.api.config import Settings
from service.api.leases import LEASE_MOST, LEASE_PARTS, LEASE_SHARE, Leases
from service.api.limits import Check, RedisCounts
from tests.redis_server import LocalRedisCluster, RedisServer, redis_cluster, redis_server

__all__ = ["redis_cluster", "redis_server"]

pytestmark = [pytest.mark.redis]

#: a window's start, on the second and the minute
START = 60.0 * 30_000_000


def _checks(kind: str, identity: str, limits: str) -> list[Check]:
    return [Check(kind, identity, item, f"{kind}/{item.amount}/{item.multiples}/{item.GRANULARITY.name}")
            for item in parse_many(limits)]


def _script_calls(server: RedisServer) -> int:
    with server.client() as client:
        stats = client.info("commandstats")
    return int(stats.get("cmdstat_evalsha", {}).get("calls", 0))


def _reset(server: RedisServer) -> None:
    server.flush()
    with server.client() as client:
        client.config_resetstat()


def _counts(server: RedisServer) -> RedisCounts:
    """A limiter on ``server`` that has sent its script, the server's counts of commands then reset."""
    counts = RedisCounts(server.url, {})
    counts.take(_checks("rules", "a:warm", "1/second"), now=START - 10)
    _reset(server)
    return counts


def test_near_a_limit_every_request_is_one_call_and_exactly_the_limit_passes(redis_server: RedisServer) -> None:
    """10 a second (the default write limit's shape): each request asks the Redis, the 10th is the
    last taken, the 11th refused."""
    counts = _counts(redis_server)
    checks = _checks("match_write", "t:1", "10/second") + _checks("address", "a:1", "100/second")
    taken = [counts.take(checks, now=START + i / 1000) is None for i in range(14)]
    assert taken == [True] * 10 + [False] * 4
    assert _script_calls(redis_server) == 14


def test_far_from_a_limit_one_call_counts_many_requests(redis_server: RedisServer) -> None:
    """A limit far above the load (the benchmark's, 100,000 times the default): 1,000 requests in a
    lease's time take about 1,000 / LEASE_MOST calls (one, two, four ... at first), every one of
    them taken; the Redis counted what was taken and what this process holds, no more."""
    counts = _counts(redis_server)
    checks = _checks("rules", "a:1", "5000000/second")
    assert all(counts.take(checks, now=START + i / 100_000) is None for i in range(1000))
    ramp = LEASE_MOST.bit_length()  # 1, 2, 4 ... up to LEASE_MOST
    calls = _script_calls(redis_server)
    assert 1000 // LEASE_MOST <= calls <= 1000 // LEASE_MOST + ramp, calls
    with redis_server.client() as client:
        stored = client.get("referee-limits/{a:1}")
    assert stored is not None
    counted = int(stored.decode().split(",")[2])  # this window's count
    held = counts._leases.held((("a:1", checks[0].name),), int(START * 1000) + 10)
    assert counted == 1000 + held and held < LEASE_MOST


def test_a_hundred_a_second_in_one_process_is_exactly_a_hundred(redis_server: RedisServer) -> None:
    """Far enough from the limit for leases at first (100 left: six permits a call), then one a call
    as the room runs out: the 100th request is taken and the 101st refused, none lost in leases."""
    counts = _counts(redis_server)
    checks = _checks("address", "a:1", "100/second")
    taken = [counts.take(checks, now=START + i / 10_000) is None for i in range(110)]
    assert taken == [True] * 100 + [False] * 10
    assert _script_calls(redis_server) < 100 + 10


def test_a_lease_ends_after_its_time(redis_server: RedisServer) -> None:
    """Permits held ``1 / LEASE_PARTS`` of the smallest window at most: spent without a call until
    then, and the next request after it asks the Redis again; one taken just before its window ends
    ends with it."""
    counts = _counts(redis_server)
    checks = _checks("rules", "a:1", "5000000/second;90000000/minute")
    lease = tuple((check.identity, check.name) for check in checks)
    for i in range(4):  # asks for 1, then 2 (one left), spends it, asks for 4 (three left)
        assert counts.take(checks, now=START + i / 1000) is None
    assert _script_calls(redis_server) == 3
    lifetime = 1.0 / LEASE_PARTS
    ends = int((START + 0.003) * 1000) + int(lifetime * 1000)  # from the last call's time
    assert counts._leases.held(lease, ends - 1) == 3
    assert counts._leases.held(lease, ends) == 0
    assert counts.take(checks, now=START + 0.004) is None
    assert _script_calls(redis_server) == 3  # from the lease
    assert counts.take(checks, now=START + 0.003 + lifetime + 0.001) is None
    assert _script_calls(redis_server) == 4  # the lease ended: a call
    late = START + 2 - 0.002  # two ms before a second's window ends
    assert all(counts.take(checks, now=late) is None for _ in range(4))
    calls = _script_calls(redis_server)
    assert counts._leases.held(lease, int(late * 1000)) > 0
    assert counts.take(checks, now=late + 0.001) is None and _script_calls(redis_server) == calls
    assert counts.take(checks, now=late + 0.002) is None and _script_calls(redis_server) == calls + 1


def test_a_lease_asks_for_what_was_used() -> None:
    """Twice the last lease once it was spent, the number used when it ended with permits left."""
    leases = Leases()
    key = (("a:1", "rules/50/1/second"),)
    assert leases.spend(key, 1000) == 1
    leases.keep(key, 1, 1000, 1100)
    assert leases.spend(key, 1001) == 2
    leases.keep(key, 2, 1001, 1101)
    assert leases.spend(key, 1002) == 0
    assert leases.spend(key, 1003) == 4
    leases.keep(key, 4, 1003, 1103)
    assert leases.spend(key, 1004) == 0  # 2 of 4 used when it ends
    assert leases.spend(key, 1103) == 2
    leases.keep(key, 2, 1103, 1203)
    leases.give_back(key, 1110)
    assert leases.held(key, 1110) == 2 and leases.held(key, 1203) == 0
    for _ in range(10):
        leases.keep(key, LEASE_MOST, 1300, 1400)
        while leases.spend(key, 1301) == 0:
            pass
    assert leases.spend(key, 1301) == LEASE_MOST


def _spend_in_threads(leases: Leases, key: tuple[tuple[str, str], ...], threads: int, tries: int) -> int:
    """The permits ``threads`` threads spend from ``key``'s lease, ``tries`` tries each."""
    spent: list[int] = []

    def spend() -> None:
        spent.append(sum(leases.spend(key, 1500) == 0 for _ in range(tries)))

    running = [threading.Thread(target=spend) for _ in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    return sum(spent)


def test_threads_never_spend_a_permit_twice() -> None:
    """Permits are spent without the leases' lock (``Leases.spend``): eight threads spending from one
    lease, switching as often as the interpreter lets them, spend exactly the permits it holds."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(20):
            leases = Leases()
            key = (("a:1", "rules/5000000/1/second"),)
            leases.keep(key, 5001, 1000, 2000)  # 5,000 held: one went to the request that asked
            assert _spend_in_threads(leases, key, 8, 1000) == 5000 and leases.held(key, 1500) == 0
    finally:
        sys.setswitchinterval(interval)


def _sliding_counts(times: list[float], now: float, window: float) -> float:
    """The sliding-window count at ``now`` of the requests taken at ``times`` (in order), the previous
    window's weighed by the share of it still inside, in whole requests, as the limiter's strategy
    (``limits``' sliding-window counter) counts."""
    current = (now // window) * window
    this = len(times) - bisect.bisect_left(times, current)
    previous = bisect.bisect_left(times, current) - bisect.bisect_left(times, current - window)
    return math.floor(previous * (window - (now - current)) / window) + this


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_processes_never_take_more_than_the_limit(redis_server: RedisServer, seed: int) -> None:
    """Two limiters on one Redis (two processes), requests at random to either over several seconds,
    the limits 400 a second and 2,500 a minute (leases of several permits far from them): at the
    moment each request was taken, the requests both took in the sliding window are within every
    limit; and both limits refused some (the run reached them)."""
    processes = [_counts(redis_server), _counts(redis_server)]
    checks = _checks("rules", "a:1", "400/second;2500/minute")
    rng = random.Random(seed)
    now, taken, refused = START, [], set()
    for _ in range(4000):
        now = round(now + rng.choice([0.0, 0.0, 0.0001, 0.0005, 0.001, 0.004]), 4)
        if rng.random() < 0.01:
            now = round(now + rng.choice([0.05, 0.2]), 4)
        refusal = rng.choice(processes).take(checks, now=now)
        if refusal is None:
            taken.append(now)
            assert _sliding_counts(taken, now, 1.0) <= 400, now
            assert _sliding_counts(taken, now, 60.0) <= 2500, now
        else:
            refused.add(str(refusal[0]))
    assert refused == {"400 per 1 second", "2500 per 1 minute"} and len(taken) > 2000


def test_threads_of_one_process_share_its_leases(redis_server: RedisServer) -> None:
    """Eight threads of one process (a gthread worker) at one instant, 300 a second: no more than
    300 taken, and what the Redis counted is what was taken and what is held."""
    counts = _counts(redis_server)
    checks = _checks("rules", "a:1", "300/second")
    lease = tuple((check.identity, check.name) for check in checks)
    taken: list[int] = []

    def requests() -> None:
        taken.append(sum(counts.take(checks, now=START + 0.001) is None for _ in range(60)))

    threads = [threading.Thread(target=requests) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    held = counts._leases.held(lease, int(START * 1000) + 1)
    assert sum(taken) + held == 300 and sum(taken) >= 300 - 8 * (300 // LEASE_SHARE)


def test_posts_at_a_high_limit_call_the_redis_a_few_times(redis_server: RedisServer,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the app: 60 rules requests from one address with the limit far above them take a
    handful of script calls; with 10 a second, the 11th of one second is refused."""
    clock = types.SimpleNamespace(now=START + 0.5)
    monkeypatch.setattr("service.api.limits.time", types.SimpleNamespace(time=lambda: clock.now,
                                                                         monotonic=lambda: clock.now))
    _reset(redis_server)
    settings = Settings.from_env({"RATELIMIT_ENABLED": "true", "RATELIMIT_STORAGE_URI": redis_server.url,
                                  "RATELIMIT_RULES": "5000000/second"})
    client = create_app(settings).test_client()
    for _ in range(60):
        clock.now += 0.0005
        assert client.get("/v1/rulesets").status_code == 200
    assert _script_calls(redis_server) <= 7  # 1 + 2 + 4 + 8 + 16 + 32 > 60
    _reset(redis_server)
    settings = Settings.from_env({"RATELIMIT_ENABLED": "true", "RATELIMIT_STORAGE_URI": redis_server.url,
                                  "RATELIMIT_RULES": "10/second"})
    client = create_app(settings).test_client()
    statuses = [client.get("/v1/rulesets").status_code for _ in range(12)]
    assert statuses == [200] * 10 + [429, 429]
    assert _script_calls(redis_server) == 12


def test_in_a_cluster_a_refused_slot_gives_the_others_permits_back(redis_cluster: LocalRedisCluster) -> None:
    """A token's windows (far from their limit) and an address's (3 a minute) on their own slots,
    each with its own lease: the request the address's slot refuses leaves the token's permits held
    (none spent on it), and the token's next requests spend them without a call."""
    redis_cluster.flush()
    counts = RedisCounts(f"redis+cluster://{redis_cluster.setting}", {})
    token, address = _checks("match_write", "t:abc", "5000000/second"), _checks("address", "a:1.2.3.4", "3/minute")
    lease = tuple((check.identity, check.name) for check in token)
    now = START + 0.5
    assert [counts.take(token + address, now=now) is None for _ in range(3)] == [True] * 3
    assert counts._leases.held(lease, int(now * 1000)) == 0  # asked for 1, then 2, spent the second
    refused = counts.take(token + address, now=now)  # the token's slot asked for 4
    assert refused is not None and str(refused[0]) == "3 per 1 minute"
    assert counts._leases.held(lease, int(now * 1000)) == 4
    assert all(counts.take(token, now=now) is None for _ in range(4))
    assert counts._leases.held(lease, int(now * 1000)) == 0


def test_a_forked_process_holds_none_of_its_parents_permits() -> None:
    """Both processes spending the permits held at a fork would take more than the Redis counted."""
    leases = Leases()
    key = (("a:1", "rules/50/1/second"),)
    leases.keep(key, 8, 1000, 1100)
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: says what it holds, and exits at once
        os.write(writer, str(leases.held(key, 1001)).encode())
        os._exit(0)
    os.close(writer)
    held_in_child = os.read(reader, 16).decode()
    os.waitpid(pid, 0)
    os.close(reader)
    assert held_in_child == "0" and leases.held(key, 1001) == 7
