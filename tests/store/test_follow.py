"""``Store.follow`` (service/store/base.py ``Feed``), on every store: the memory store, one Redis
and a Redis Cluster (private servers), and through Sentinels. A feed gets each committed event within a second, reads a
backlog in batches, times out with nothing, and tells a deleted match; on Redis every feed of the
process shares one reader."""

from __future__ import annotations

import threading
import time

import pytest

from service.store.base import FEED_BATCH, Event, MatchNotFound, Store
from service.store.keys import doc_key, events_key, log_key
from service.store.redis_cluster import RedisClusterStore
from service.store.redis_follow import GONE_CHECK_SECONDS, FeedHub
from service.store.redis_store import RedisStore
from service.store.redis_wire import RedisOptions
from tests.redis_server import LocalRedisCluster, RedisServer, SentinelGroup

DOC = {"state": {"n": 0}}


def _save(store: Store, match_id: str, version: int, n: int = 1) -> int:
    return store.save(match_id, version, {"state": {"n": version}}, [{"kind": "action", "i": i} for i in range(n)])


def test_a_feed_gets_a_commit_within_a_second(store: Store) -> None:
    store.create("m1", DOC, [{"kind": "create"}])
    feed = store.follow("m1")
    try:
        assert [e.seq for e in feed.wait(0, 0)] == [1]  # the backlog first
        got: list[tuple[float, list[int]]] = []

        def follow() -> None:
            events = feed.wait(1, 5.0)
            got.append((time.monotonic(), [e.seq for e in events]))

        reader = threading.Thread(target=follow)
        reader.start()
        time.sleep(0.3)  # the reader is waiting
        saved_at = time.monotonic()
        _save(store, "m1", 1, n=2)
        reader.join(5)
        assert got and got[0][1] == [2, 3]
        assert got[0][0] - saved_at < 1.0
    finally:
        feed.close()


def test_a_wait_with_nothing_new_times_out_empty(store: Store) -> None:
    store.create("m2", DOC, [{"kind": "create"}])
    feed = store.follow("m2")
    try:
        started = time.monotonic()
        assert feed.wait(1, 0.3) == []
        assert 0.25 <= time.monotonic() - started < 2.0
    finally:
        feed.close()


def test_a_backlog_comes_in_batches(store: Store) -> None:
    store.create("m3", DOC, [{"kind": "create", "i": i} for i in range(FEED_BATCH + 20)])
    feed = store.follow("m3")
    try:
        first = feed.wait(0, 0)
        assert [e.seq for e in first] == list(range(1, FEED_BATCH + 1))
        rest = feed.wait(first[-1].seq, 0)
        assert [e.seq for e in rest] == list(range(FEED_BATCH + 1, FEED_BATCH + 21))
        assert rest[-1].data == {"kind": "create", "i": FEED_BATCH + 19}
    finally:
        feed.close()


def test_a_deleted_match_ends_its_feeds(store: Store) -> None:
    store.create("m4", DOC, [{"kind": "create"}])
    feed = store.follow("m4")
    try:
        feed.wait(0, 0)
        store.delete("m4")
        with pytest.raises(MatchNotFound):
            feed.wait(1, 0.5)
    finally:
        feed.close()


def test_following_a_match_that_does_not_exist(store: Store) -> None:
    feed = store.follow("never")
    try:
        with pytest.raises(MatchNotFound):
            feed.wait(0, 0.2)
    finally:
        feed.close()


def test_feeds_of_one_match_and_of_many_all_get_their_events(store: Store) -> None:
    ids = [f"many{i}" for i in range(6)]
    for match_id in ids:
        store.create(match_id, DOC, [{"kind": "create"}])
    feeds = [(match_id, store.follow(match_id)) for match_id in ids for _ in range(2)]
    try:
        for _, feed in feeds:
            assert len(feed.wait(0, 0)) == 1
        results: dict[int, list[int]] = {}

        def follow(index: int) -> None:
            results[index] = [e.seq for e in feeds[index][1].wait(1, 5.0)]

        threads = [threading.Thread(target=follow, args=(i,)) for i in range(len(feeds))]
        for thread in threads:
            thread.start()
        time.sleep(0.3)
        for match_id in ids:
            _save(store, match_id, 1)
        for thread in threads:
            thread.join(5)
        assert results == {i: [2] for i in range(len(feeds))}
    finally:
        for _, feed in feeds:
            feed.close()


def test_one_redis_connection_reads_for_every_feed(redis_server: RedisServer) -> None:
    redis_server.flush()
    store = RedisStore.from_url(redis_server.url)
    admin = redis_server.client()
    try:
        before = _blocked_readers(admin)  # other stores' readers on this server: not ours, left alone
        ids = [f"conn{i}" for i in range(20)]
        for match_id in ids:
            store.create(match_id, DOC, [{"kind": "create"}])
        feeds = [store.follow(match_id) for match_id in ids]
        for feed in feeds:
            feed.wait(0, 0)
        deadline = time.monotonic() + 3
        while not _blocked_readers(admin) - before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(_blocked_readers(admin) - before) == 1  # one XREAD for all 20 feeds
        for feed in feeds:
            feed.close()
    finally:
        store.close()
        admin.close()


@pytest.mark.parametrize("how", ["deleted", "expired"])
def test_a_match_gone_elsewhere_ends_a_long_wait_within_about_a_second(redis_server: RedisServer, how: str) -> None:
    """A match deleted through another process's store, or expired, adds nothing to its Stream; the
    reader's check of the followed documents (GONE_CHECK_SECONDS) wakes its feeds all the same."""
    redis_server.flush()
    here, there = RedisStore.from_url(redis_server.url), RedisStore.from_url(redis_server.url)
    admin = redis_server.client()
    here.create("gone1", DOC, [{"kind": "create"}])
    feed = here.follow("gone1")

    def go() -> None:
        if how == "deleted":
            there.delete("gone1")
        else:
            for key in (doc_key("gone1"), events_key("gone1"), log_key("gone1")):
                admin.pexpire(key, 1)

    try:
        feed.wait(0, 0)
        timer = threading.Timer(0.3, go)
        timer.start()
        started = time.monotonic()
        with pytest.raises(MatchNotFound):
            feed.wait(1, 10)
        assert time.monotonic() - started < 0.3 + GONE_CHECK_SECONDS + 1.2
        timer.join()
    finally:
        feed.close()
        here.close()
        there.close()
        admin.close()


def _blocked_readers(admin: object) -> set[str]:
    """The ids of the connections blocked in XREAD now."""
    clients = admin.client_list()  # type: ignore[attr-defined]
    return {c["id"] for c in clients if c.get("cmd") == "xread"}


def test_a_feed_through_sentinels_follows_the_master(sentinel_group: SentinelGroup) -> None:
    sentinels = [("127.0.0.1", s.port) for s in sentinel_group.sentinels]
    # the feed is what is tested: the replica's acknowledgement may take longer than the deployed
    # 0.1 s on a loaded machine (it did, answering StoreOutcomeUnknown), which is not this test's
    store = RedisStore.from_sentinels(sentinels, sentinel_group.service_name, options=RedisOptions(wait_timeout=2.0))
    try:
        store.create("sm", DOC, [{"kind": "create"}])
        feed = store.follow("sm")
        assert [e.seq for e in feed.wait(0, 0)] == [1]
        got: list[list[int]] = []
        reader = threading.Thread(target=lambda: got.append([e.seq for e in feed.wait(1, 5.0)]))
        reader.start()
        time.sleep(0.3)
        _save(store, "sm", 1)
        reader.join(5)
        assert got == [[2]]
        feed.close()
    finally:
        store.close()


def test_events_compacted_out_of_the_stream_unread_are_caught_up_from_the_log(redis_server: RedisServer) -> None:
    """The Redis stores move the Stream's events into the compacted log 16 at a time: a reader that
    had not read them before they moved finds a gap, and a feed before the gap reads the store
    (``events``, which reads the log too) instead of the hub's buffer."""
    from service.store.redis_follow import FeedHub, _buffered, _Topic

    redis_server.flush()
    store = RedisStore.from_url(redis_server.url, ttl_seconds=60)
    try:
        store.create("gap", DOC, [{"kind": "create"}])
        version = 1
        for _ in range(40):
            version = _save(store, "gap", version)
        assert [e.seq for e in store.events("gap")] == list(range(1, 42))
        hub = FeedHub(lambda wanted: {}, store.events)
        topic = _Topic(threading.Condition(hub._lock))
        hub._topics["gap"] = topic
        hub._deliver({"gap": store.events("gap", after=0, limit=2)})
        hub._deliver({"gap": store.events("gap", after=34)})  # 3..34 were never seen
        assert _buffered(topic, 2) is None  # so the feed reads the store
        assert [e.seq for e in _buffered(topic, 34) or []] == list(range(35, 42))
        feed = store.follow("gap")
        try:
            assert [e.seq for e in feed.wait(2, 0)][:3] == [3, 4, 5]
        finally:
            feed.close()
    finally:
        store.close()


def test_closing_a_cluster_store_stops_its_feed_reader_before_its_connections(
    redis_cluster: LocalRedisCluster,
) -> None:
    """The cluster's feed reader polls through the store's own connections: closing the store waits
    for it to end, so it never reads on a connection closed under it (it did, and died with a
    TypeError in hiredis, reported by pytest as an unhandled thread exception in a later test)."""
    redis_cluster.flush()
    store = RedisClusterStore([("127.0.0.1", node.port) for node in redis_cluster.nodes], ttl_seconds=60)
    errors: list[threading.ExceptHookArgs] = []
    previous = threading.excepthook
    threading.excepthook = errors.append
    try:
        store.create("closing", DOC, [{"kind": "create"}])
        # this store's reader, not one an earlier test of this worker left running (the first of
        # any was picked before, and a run in another order failed waiting for another store's)
        others = {t for t in threading.enumerate() if t.name == "feed-reader"}
        feed = store.follow("closing")
        assert [e.seq for e in feed.wait(0, 1.0)] == [1]
        reader = next(t for t in threading.enumerate()
                      if t.name == "feed-reader" and t.is_alive() and t not in others)
        feed.close()
        store.close()
        assert not reader.is_alive()
        time.sleep(0.2)
    finally:
        threading.excepthook = previous
    assert not errors, [f"{e.exc_type.__name__}: {e.exc_value}" for e in errors]


def test_the_feed_reader_outlives_an_unexpected_error(redis_server: RedisServer) -> None:
    """A reader that fails with something other than a Redis or socket error is logged and read
    again, never the end of every live stream of the process."""
    redis_server.flush()
    store = RedisStore.from_url(redis_server.url, ttl_seconds=60)
    try:
        store.create("flaky", DOC, [{"kind": "create"}])
        real = store._feed_reader()
        failures = [TypeError("a bug in a reader")]

        def reader(wanted: dict[str, int]) -> dict[str, list[Event] | None]:
            if failures:
                raise failures.pop()
            return real(wanted)

        store._hub = FeedHub(reader, lambda mid, after: store.events(mid, after, FEED_BATCH))
        feed = store.follow("flaky")
        try:
            feed.wait(0, 0)  # the first look reads the Stream itself
            _save(store, "flaky", 1)
            assert [e.seq for e in feed.wait(1, 5.0)] == [2]
            assert not failures  # the reader failed once ...
            hub = store._hub
            assert hub._thread is not None and hub._thread.is_alive()  # ... and reads on
            _save(store, "flaky", 2)
            deadline = time.monotonic() + 5
            while hub._topics["flaky"].seen < 3 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert hub._topics["flaky"].seen == 3  # what only the reader sets
        finally:
            feed.close()
    finally:
        store.close()
