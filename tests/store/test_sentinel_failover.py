"""The Redis store through Sentinels across a failover: a master, a replica, three Sentinels.

After the master is killed the store finds the new master by itself, also once the old master is
back as a replica on its old address (its connections must ask the Sentinels again, not reconnect
to the address they had, which now answers READONLY). Commits wait for the replica (``WAIT 1``,
the default through Sentinels), so none that returned is lost by the failover."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable

import pytest

from service.store.base import StoreUnavailable, VersionConflict
from service.store.redis_store import RedisStore
from service.store.redis_wire import RedisOptions
from tests.redis_server import SentinelGroup

pytestmark = [pytest.mark.redis, pytest.mark.slow]


def store_for(group: SentinelGroup) -> RedisStore:
    return RedisStore.from_sentinels([("127.0.0.1", s.port) for s in group.sentinels], group.service_name)


def test_the_store_follows_the_new_master_also_once_the_old_one_is_back_as_a_replica(
    sentinel_group: SentinelGroup,
) -> None:
    # what is tested is where the store's connections end up, not the wait's bound: the old master
    # back as a replica resyncs first, which a loaded machine can stretch past the default 0.1 s
    store = RedisStore.from_sentinels([("127.0.0.1", s.port) for s in sentinel_group.sentinels],
                                      sentinel_group.service_name, options=RedisOptions(wait_timeout=5))
    with contextlib.closing(store):
        assert store.min_replicas_ack == 1
        store.create("m1", {"n": 0}, [{"e": 0}])
        store.save("m1", 1, {"n": 1}, [{"e": 1}])
        old = sentinel_group.kill_master()
        with pytest.raises(StoreUnavailable):
            store.save("m1", 2, {"n": 2}, [{"e": 2}])
        new = sentinel_group.wait_for_failover(old)
        sentinel_group.restart_old_master(old)
        for n in range(2, 6):  # every connection of the store ends up on the new master
            assert store.save("m1", n, {"n": n}, [{"e": n}]) == n + 1
        with contextlib.closing(new.client()) as client:
            assert client.hget("{match:m1}:doc", "v") == b"6"
        assert [e.data["e"] for e in store.events("m1")] == [0, 1, 2, 3, 4, 5]


def test_no_commit_that_returned_is_lost_when_the_master_is_killed(sentinel_group: SentinelGroup) -> None:
    store = store_for(sentinel_group)
    threads_count = 4
    returned: dict[int, list[int]] = {t: [] for t in range(threads_count)}
    stop = threading.Event()

    failures: list[BaseException] = []

    def commit(t: int) -> None:
        match_id = f"m{t}"
        try:
            store.create(match_id, {"n": 0}, [])
            version = 1
            while not stop.is_set():
                try:
                    version = store.save(match_id, version, {"n": version}, [{"v": version + 1}])
                    returned[t].append(version)
                except (StoreUnavailable, VersionConflict):  # down, or unknown (then perhaps applied):
                    with contextlib.suppress(StoreUnavailable):  # read where the match is, carry on
                        version = store.load(match_id).version
        except BaseException as error:  # reported below
            failures.append(error)
            raise

    def wait_until(done: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 60
        while not done():
            assert not failures, failures
            assert time.monotonic() < deadline, {t: len(r) for t, r in returned.items()}
            time.sleep(0.01)

    with contextlib.closing(store):
        threads = [threading.Thread(target=commit, args=(t,)) for t in range(threads_count)]
        for thread in threads:
            thread.start()
        try:
            wait_until(lambda: min(len(r) for r in returned.values()) >= 20)
            old = sentinel_group.kill_master()
            sentinel_group.wait_for_failover(old)
            sentinel_group.restart_old_master(old)
            counts = {t: len(r) for t, r in returned.items()}
            wait_until(lambda: all(len(returned[t]) >= counts[t] + 20 for t in returned))
        finally:
            stop.set()
            for thread in threads:
                thread.join(30)
        for t, versions in returned.items():
            stored = [e.data["v"] for e in store.events(f"m{t}")]
            assert stored == list(range(2, len(stored) + 2))  # contiguous, none twice
            assert set(versions) <= set(stored), "a commit that returned was lost"
