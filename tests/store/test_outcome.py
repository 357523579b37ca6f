"""What a failed write tells its caller (issue: a 503 that says "nothing was changed" can be false).

A write that failed before it was sent is ``StoreUnavailable`` itself: nothing changed. A write that
was sent and whose reply never came is ``StoreOutcomeUnknown``: Redis may run it still (a stalled
Redis does, when it resumes), and here it does. A retry after a lost reply is safe: it recognises
its own commit, or finds the match moved on, and then says the outcome is unknown rather than
reporting a conflict. With ``min_replicas_ack`` a commit waits for a replica (``WAIT`` on the same
connection): one the replica did not acknowledge is on the master, and unknown to the caller.

The stalls and cut connections come from ``StallingProxy`` in front of a private redis-server: it
freezes Redis (SIGSTOP) the moment the save's ``EVALSHA`` passes through, before handing it on, or
lets the save run and cuts the connection instead of passing its reply back.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from service.store.base import (
    IdempotencyRecord,
    StoreOutcomeUnknown,
    StoreUnavailable,
    VersionConflict,
    idempotency_scope,
)
from service.store.redis_store import RedisOptions, RedisStore
from tests.redis_server import (
    PROMPT_SYNC_ARGS,
    RedisServer,
    StallingProxy,
    replica_args,
    wait_for_replicas,
)

pytestmark = pytest.mark.redis

REC = IdempotencyRecord(fingerprint="f", answer={"ok": True})


@pytest.fixture
def proxy(restartable_redis_server: RedisServer) -> Iterator[StallingProxy]:
    with StallingProxy(restartable_redis_server) as relay:
        yield relay
    restartable_redis_server.resume()


def store_on(url: str, **options: object) -> RedisStore:
    return RedisStore.from_url(url, ttl_seconds=3600, options=RedisOptions(**options))  # type: ignore[arg-type]


def started(store: RedisStore, match_id: str = "m1", saves: int = 2) -> None:
    store.create(match_id, {"n": 0}, [{"e": 0}])
    for n in range(1, saves + 1):
        store.save(match_id, n, {"n": n}, [{"e": n}])


def assert_log(store: RedisStore, match_id: str, version: int, events: list[object]) -> None:
    assert store.load(match_id).version == version
    assert [e.data["e"] for e in store.events(match_id)] == events


# -- stalled right after the save was sent ------------------------------------------------------


def test_a_save_stalled_right_after_it_was_sent_is_outcome_unknown_and_runs_when_redis_resumes(
    proxy: StallingProxy, restartable_redis_server: RedisServer
) -> None:
    store = store_on(proxy.url)
    with contextlib.closing(store):
        started(store)
        proxy.stall_on(b"EVALSHA")
        began = time.monotonic()
        with pytest.raises(StoreOutcomeUnknown, match="may or may not have been applied"):
            store.save("m1", 3, {"n": 3}, [{"e": 3}], (idempotency_scope("m1", "k"), REC))
        options = RedisOptions()
        assert time.monotonic() - began < (options.retries + 1) * options.socket_timeout + 1.0
        assert proxy.triggered.is_set()
        restartable_redis_server.resume()
        # the save was in Redis's socket: it ran once Redis woke up (its retry, if that got through
        # too, recognised the commit), and the record came with it
        assert_log(store, "m1", 4, [0, 1, 2, 3])
        assert store.get_idempotency(idempotency_scope("m1", "k")) == REC


def test_a_load_stalled_the_same_way_is_plain_unavailable(
    proxy: StallingProxy, restartable_redis_server: RedisServer
) -> None:
    store = store_on(proxy.url)
    with contextlib.closing(store):
        started(store)
        proxy.stall_on(b"HMGET")
        with pytest.raises(StoreUnavailable) as caught:
            store.load("m1")
        assert type(caught.value) is StoreUnavailable  # a read changes nothing, whatever became of it
        restartable_redis_server.resume()
        assert_log(store, "m1", 3, [0, 1, 2])


def test_a_write_that_never_left_is_plain_unavailable(restartable_redis_server: RedisServer) -> None:
    store = store_on(restartable_redis_server.url)
    with contextlib.closing(store):
        started(store)
        restartable_redis_server.stop()  # connection refused: the pooled connection is closed too
        calls: list[Callable[[], object]] = [
            lambda: store.save("m1", 3, {"n": 3}, [{"e": 3}]),
            lambda: store.create("m2", {}, []),
            lambda: store.put_idempotency(idempotency_scope("m1", "k"), REC),
            lambda: store.delete("m1"),
        ]
        for call in calls:
            with pytest.raises(StoreUnavailable) as caught:
                call()
            assert type(caught.value) is StoreUnavailable, caught.value
        restartable_redis_server.start()
        assert_log(store, "m1", 3, [0, 1, 2])


# -- the reply cut off after the commit ran ------------------------------------------------------


def test_a_commit_whose_reply_was_cut_off_is_retried_and_recognised(proxy: StallingProxy) -> None:
    store = store_on(proxy.url)
    with contextlib.closing(store):
        started(store)
        proxy.cut_on(b"EVALSHA")
        assert store.save("m1", 3, {"n": 3}, [{"e": 3}]) == 4  # the retry found its own commit
        assert proxy.triggered.is_set()
        assert_log(store, "m1", 4, [0, 1, 2, 3])


def test_without_retries_a_cut_off_reply_is_outcome_unknown(proxy: StallingProxy) -> None:
    store = store_on(proxy.url, retries=0)
    with contextlib.closing(store):
        started(store)
        proxy.cut_on(b"EVALSHA")
        with pytest.raises(StoreOutcomeUnknown):
            store.save("m1", 3, {"n": 3}, [{"e": 3}])
        assert_log(store, "m1", 4, [0, 1, 2, 3])  # it was applied


def test_a_conflict_after_a_lost_reply_is_outcome_unknown_not_a_conflict(
    proxy: StallingProxy, restartable_redis_server: RedisServer
) -> None:
    """The first attempt ran and its reply was lost; before the retry another writer built on it.
    The retry meets a version conflict, which here is this call's own doing: the caller must not be
    told "someone else changed it, nothing of yours was applied"."""
    store = store_on(proxy.url)
    other = store_on(restartable_redis_server.url)
    with contextlib.closing(store), contextlib.closing(other):
        started(store)
        proxy.cut_on(b"EVALSHA")
        between = store.commands._after_failure

        def another_writer(error: Exception) -> None:
            between(error)
            other.save("m1", 4, {"n": 4}, [{"e": "other"}])

        store.commands._after_failure = another_writer  # type: ignore[method-assign]
        with pytest.raises(StoreOutcomeUnknown, match="VersionConflict"):
            store.save("m1", 3, {"n": 3}, [{"e": 3}])
        assert_log(other, "m1", 5, [0, 1, 2, 3, "other"])
        # without a lost reply a conflict stays a conflict
        store.commands._after_failure = between  # type: ignore[method-assign]
        with pytest.raises(VersionConflict):
            store.save("m1", 3, {"n": "late"}, [{"e": "late"}])


def test_a_record_put_after_a_lost_reply_is_outcome_unknown(proxy: StallingProxy) -> None:
    store = store_on(proxy.url, retries=1)
    with contextlib.closing(store):
        proxy.cut_on(b"\r\nNX\r\n")  # SET ... NX ran; the retry finds the key taken, by this very call
        with pytest.raises(StoreOutcomeUnknown):
            store.put_idempotency(idempotency_scope("m1", "rejected"), REC)
        assert store.get_idempotency(idempotency_scope("m1", "rejected")) == REC


# -- waiting for a replica ----------------------------------------------------------------------


@pytest.fixture
def master_and_replica(redis_server_factory: Callable[..., RedisServer]) -> tuple[RedisServer, RedisServer]:
    master = redis_server_factory(extra_args=PROMPT_SYNC_ARGS)
    replica = redis_server_factory(extra_args=(*PROMPT_SYNC_ARGS, *replica_args(master)))
    wait_for_replicas(master, 1)
    return master, replica


def replica_holds(replica: RedisServer, match_id: str, version: int) -> bool:
    with contextlib.closing(replica.client()) as client:
        found = client.hget(f"{{match:{match_id}}}:doc", "v")
    return found is not None and int(found) == version


def test_a_commit_waits_for_the_replica_in_the_same_round_trip(
    master_and_replica: tuple[RedisServer, RedisServer],
) -> None:
    master, replica = master_and_replica
    store = store_on(master.url, min_replicas_ack=1)
    with contextlib.closing(store):
        started(store)
        assert replica_holds(replica, "m1", 3)  # acknowledged: the replica has it when save returns
        with contextlib.closing(master.client()) as client:
            client.config_resetstat()
            store.save("m1", 3, {"n": 3}, [{"e": 3}])
            calls = {name.removeprefix("cmdstat_"): v["calls"] for name, v in client.info("commandstats").items()}
        assert calls["evalsha"] == 1 and calls["wait"] == 1
        assert replica_holds(replica, "m1", 4)


def test_a_commit_the_replica_did_not_acknowledge_is_outcome_unknown(
    master_and_replica: tuple[RedisServer, RedisServer],
) -> None:
    master, replica = master_and_replica
    store = store_on(master.url, min_replicas_ack=1, wait_timeout=0.05)
    with contextlib.closing(store):
        started(store)
        scope = idempotency_scope("m1", "k")
        replica.pause()  # it holds its link to the master but acknowledges nothing
        try:
            began = time.monotonic()
            with pytest.raises(StoreOutcomeUnknown, match="0 of the 1 replicas"):
                store.save("m1", 3, {"n": 3}, [{"e": 3}], (scope, REC))
            assert time.monotonic() - began < 0.5
            assert_log(store, "m1", 4, [0, 1, 2, 3])  # on the master
            # a retry under the same key would be answered from the record: not while a failover
            # could still lose it
            with pytest.raises(StoreOutcomeUnknown, match="stored answer"):
                store.get_idempotency(scope)
        finally:
            replica.resume()
        assert store.get_idempotency(scope) == REC
        assert replica_holds(replica, "m1", 4)


def test_commits_wait_for_no_replica_by_default_on_one_redis(restartable_redis_server: RedisServer) -> None:
    store = store_on(restartable_redis_server.url)
    with contextlib.closing(store):
        assert store.min_replicas_ack == 0
        started(store)  # no replica at all, and nothing waits for one


def test_with_no_replica_every_commit_is_outcome_unknown_and_still_applied(
    restartable_redis_server: RedisServer,
) -> None:
    store = store_on(restartable_redis_server.url, min_replicas_ack=1, wait_timeout=0.02)
    with contextlib.closing(store):
        with pytest.raises(StoreOutcomeUnknown):
            store.create("m1", {"n": 0}, [{"e": 0}])
        with pytest.raises(StoreOutcomeUnknown):
            store.save("m1", 1, {"n": 1}, [{"e": 1}])
        assert_log(store, "m1", 2, [0, 1])


def test_threads_waiting_for_the_replica_at_once_each_get_their_own_answer(
    master_and_replica: tuple[RedisServer, RedisServer],
) -> None:
    master, _replica = master_and_replica
    # what is tested is each thread's own answer, not the wait's bound (the tests below): a wait long
    # enough that a loaded machine's slow replica is not taken for a lost acknowledgement
    store = store_on(master.url, min_replicas_ack=1, wait_timeout=5)
    with contextlib.closing(store):
        for t in range(6):
            store.create(f"m{t}", {"n": 0}, [])
        errors: list[BaseException] = []

        def work(t: int) -> None:
            try:
                for n in range(1, 31):
                    assert store.save(f"m{t}", n, {"n": n}, [{"e": n}]) == n + 1
            except BaseException as error:  # reported below
                errors.append(error)

        threads = [threading.Thread(target=work, args=(t,)) for t in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []


def test_the_wait_timeout_bounds_a_commit_against_a_silent_replica(
    master_and_replica: tuple[RedisServer, RedisServer], tmp_path: Path
) -> None:
    master, replica = master_and_replica
    store = store_on(master.url, min_replicas_ack=1, wait_timeout=0.2)
    with contextlib.closing(store):
        store.create("m1", {"n": 0}, [])
        replica.pause()
        try:
            began = time.monotonic()
            with pytest.raises(StoreOutcomeUnknown):
                store.save("m1", 1, {"n": 1}, [])
            took = time.monotonic() - began
        finally:
            replica.resume()
        assert 0.2 <= took < 0.2 + RedisOptions().socket_timeout
