"""The store contract (service/store/base.py, DESIGN.md §5), run against both stores.

Every test here takes the parametrised ``store`` fixture, so it runs once on the memory store and
once on the Redis store (a private redis-server). Expiry needs each store's own notion of time and
is tested per store at the end.
"""

from __future__ import annotations

import math
import threading
import time

import pytest

from service.store.base import (
    REFUSAL_LOG_LIMIT,
    Event,
    IdempotencyConflict,
    IdempotencyRecord,
    MatchExists,
    MatchNotFound,
    Store,
    VersionConflict,
    idempotency_scope,
)
from service.store.memory import MemoryStore
from service.store.redis_store import RedisStore
from tests.redis_server import RedisServer
from tests.store.conftest import FakeClock

DOC = {
    "ruleset": "boerenbridge",
    "players": ["Ayu", "Budi", "Citra", "Dewi"],
    "state": {"hands": [["10H", "QS"], ["2C"], [], ["AD"]], "scores": [0, 5, -3, 12], "trump": None},
    "note": "José ♥ 10",
}


def record(tag: str = "a", status: int = 200) -> IdempotencyRecord:
    return IdempotencyRecord(
        fingerprint=f"sha256:{tag}", answer={"tag": tag, "status": status, "view": {"hand": ["5H"]}, "version": 2}
    )


def event_data(events: list[Event]) -> list[dict[str, object]]:
    return [e.data for e in events]


# -- create and load --------------------------------------------------------------------------


def test_both_stores_implement_the_protocol(store: Store) -> None:
    assert isinstance(store, Store)
    assert store.kind in ("memory", "redis")
    assert store.ttl_seconds > 0
    assert store.ping() is True


def test_create_stores_version_1_and_load_returns_the_document(store: Store) -> None:
    assert store.create("m1", DOC, [{"type": "created"}]) == 1
    loaded = store.load("m1")
    assert (loaded.match_id, loaded.version, loaded.document) == ("m1", 1, DOC)
    assert event_data(store.events("m1")) == [{"type": "created"}]


def test_load_returns_a_fresh_copy_each_time(store: Store) -> None:
    document = {"scores": [1, 2]}
    store.create("m1", document, [])
    document["scores"].append(99)  # the caller's dict changing later changes nothing stored
    first = store.load("m1")
    first.document["scores"].append(42)
    assert store.load("m1").document == {"scores": [1, 2]}


def test_load_names_the_commit_and_skips_the_document_the_caller_holds(store: Store) -> None:
    store.create("m1", {"n": 1}, [], commit="c1")
    first = store.load("m1")
    assert (first.version, first.commit, first.document) == (1, "c1", {"n": 1})
    held = store.load("m1", known_commit="c1")  # the caller holds what commit c1 wrote
    assert (held.version, held.commit, held.document) == (1, "c1", None)
    assert store.load("m1", known_commit="c0").document == {"n": 1}
    store.save("m1", 1, {"n": 2}, [], commit="c2")
    after = store.load("m1", known_commit="c1")  # an older commit: the new document comes
    assert (after.version, after.commit, after.document) == (2, "c2", {"n": 2})
    assert store.load("m1", known_commit="c2").document is None


def test_a_document_saved_without_a_commit_id_always_loads_whole(store: Store) -> None:
    store.create("m1", {"n": 1}, [])
    store.save("m1", 1, {"n": 2}, [])
    loaded = store.load("m1")
    assert loaded.document == {"n": 2}
    # the Redis store still gives the save an id of its own (its retries need one); no caller knows it
    assert store.load("m1", known_commit="").document == {"n": 2}
    assert store.load("m1", known_commit="unknown").document == {"n": 2}


def test_integers_of_any_size_come_back_exactly(store: Store) -> None:
    """An option such as a target score may be any integer a client sends: past 64 bits too."""
    big = {"target": 10**20, "low": -(10**30), "n": 2**63}
    store.create("m1", {"options": big}, [{"options": big}])
    store.save("m1", 1, {"options": big, "v": 2}, [{"options": big}])
    loaded = store.load("m1").document["options"]
    assert loaded == big and all(type(v) is int for v in loaded.values())
    assert [e["options"] for e in event_data(store.events("m1"))] == [big, big]


def test_documents_come_back_as_json(store: Store) -> None:
    store.create("m1", {"pair": (1, 2), "by_seat": {0: "x"}}, [{"cards": ("AH", "KH")}])
    assert store.load("m1").document == {"pair": [1, 2], "by_seat": {"0": "x"}}
    assert event_data(store.events("m1")) == [{"cards": ["AH", "KH"]}]


def test_create_with_a_taken_id_raises_and_keeps_the_first(store: Store) -> None:
    store.create("m1", {"n": 1}, [{"e": 1}])
    with pytest.raises(MatchExists):
        store.create("m1", {"n": 2}, [{"e": 2}])
    assert store.load("m1").document == {"n": 1}
    assert event_data(store.events("m1")) == [{"e": 1}]


def test_unknown_match_is_not_found_everywhere(store: Store) -> None:
    with pytest.raises(MatchNotFound):
        store.load("nope")
    with pytest.raises(MatchNotFound):
        store.events("nope")
    with pytest.raises(MatchNotFound):
        store.save("nope", 1, {}, [])
    assert store.delete("nope") is False


@pytest.mark.parametrize("bad", ["", "has space", "{match:x}", "a}b", "star*", "x" * 129, "é"])
def test_an_unusable_match_id_is_refused_on_create_and_never_found(store: Store, bad: str) -> None:
    with pytest.raises(ValueError, match="match id"):
        store.create(bad, {}, [])
    with pytest.raises(MatchNotFound):
        store.load(bad)
    with pytest.raises(MatchNotFound):
        store.events(bad)
    with pytest.raises(MatchNotFound):
        store.save(bad, 1, {}, [])
    assert store.delete(bad) is False


def test_ids_of_the_documented_alphabet_work(store: Store) -> None:
    for match_id in ["A", "x" * 128, "Zz09_-.~", "3f2b1c9e-7d4a-4c1e-9b8a-2f6d5e4c3b2a"]:
        store.create(match_id, {"id": match_id}, [])
        assert store.load(match_id).document == {"id": match_id}


def test_a_document_that_is_not_json_is_refused_and_changes_nothing(store: Store) -> None:
    store.create("m1", {"n": 1}, [])
    with pytest.raises(TypeError):
        store.save("m1", 1, {"cards": {"AH"}}, [])
    with pytest.raises(ValueError):
        store.save("m1", 1, {"n": math.nan}, [])
    with pytest.raises(TypeError):
        store.save("m1", 1, {"n": 2}, [{"at": object()}])
    assert store.load("m1").version == 1
    assert store.events("m1") == []


# -- compare-and-set --------------------------------------------------------------------------


def test_save_bumps_the_version_and_appends_events_in_order(store: Store) -> None:
    store.create("m1", {"n": 0}, [{"e": 1}, {"e": 2}])
    assert store.save("m1", 1, {"n": 1}, [{"e": 3}]) == 2
    assert store.save("m1", 2, {"n": 2}, []) == 3
    assert store.save("m1", 3, {"n": 3}, [{"e": 4}, {"e": 5}]) == 4
    loaded = store.load("m1")
    assert (loaded.version, loaded.document) == (4, {"n": 3})
    events = store.events("m1")
    assert [e.seq for e in events] == [1, 2, 3, 4, 5]
    assert event_data(events) == [{"e": i} for i in range(1, 6)]


def test_a_stale_save_conflicts_and_changes_nothing(store: Store) -> None:
    store.create("m1", {"n": 0}, [{"e": 1}])
    store.save("m1", 1, {"n": 1}, [{"e": 2}])
    for stale in (1, 0, 3, -1):
        with pytest.raises(VersionConflict) as caught:
            store.save("m1", stale, {"n": "lost"}, [{"e": "lost"}])
        assert (caught.value.expected, caught.value.actual) == (stale, 2)
    assert store.load("m1").document == {"n": 1}
    assert event_data(store.events("m1")) == [{"e": 1}, {"e": 2}]


def race_two_saves(store: Store, match_id: str) -> list[object]:
    """Two threads save ``match_id`` from version 1 at the same moment; what each got back."""
    barrier = threading.Barrier(2)
    outcomes: list[object] = [None, None]

    def attempt(k: int) -> None:
        barrier.wait()
        try:
            outcomes[k] = store.save(match_id, 1, {"winner": k}, [{"by": k}])
        except VersionConflict as conflict:
            outcomes[k] = conflict

    threads = [threading.Thread(target=attempt, args=(k,)) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


def test_two_threads_racing_from_one_version_exactly_one_wins(store: Store) -> None:
    for r in range(120):
        match_id = f"race-{r}"
        store.create(match_id, {"winner": None}, [])
        outcomes = race_two_saves(store, match_id)
        winners = [k for k in (0, 1) if outcomes[k] == 2]
        losers = [k for k in (0, 1) if isinstance(outcomes[k], VersionConflict)]
        assert len(winners) == 1 and len(losers) == 1, outcomes
        conflict = outcomes[losers[0]]
        assert isinstance(conflict, VersionConflict) and conflict.actual == 2
        loaded = store.load(match_id)
        assert (loaded.version, loaded.document) == (2, {"winner": winners[0]})
        assert event_data(store.events(match_id)) == [{"by": winners[0]}]


def test_concurrent_writers_with_retries_lose_no_update(store: Store) -> None:
    store.create("counter", {"n": 0}, [])
    threads, per_thread = 4, 25

    def work(k: int) -> None:
        for i in range(per_thread):
            while True:
                loaded = store.load("counter")
                try:
                    store.save("counter", loaded.version, {"n": loaded.document["n"] + 1}, [{"by": k, "i": i}])
                    break
                except VersionConflict:
                    continue

    workers = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    loaded = store.load("counter")
    assert loaded.document == {"n": threads * per_thread}
    assert loaded.version == 1 + threads * per_thread
    events = store.events("counter")
    assert [e.seq for e in events] == list(range(1, threads * per_thread + 1))
    for k in range(threads):  # each writer's events in its own order, none lost
        assert [e.data["i"] for e in events if e.data["by"] == k] == list(range(per_thread))


# -- events -----------------------------------------------------------------------------------


def test_events_after_a_sequence_number_with_a_limit(store: Store) -> None:
    store.create("m1", {}, [{"e": 1}, {"e": 2}, {"e": 3}])
    store.save("m1", 1, {}, [{"e": 4}, {"e": 5}])
    assert [e.seq for e in store.events("m1", after=0)] == [1, 2, 3, 4, 5]
    assert [e.seq for e in store.events("m1", after=2)] == [3, 4, 5]
    assert [e.seq for e in store.events("m1", after=2, limit=2)] == [3, 4]
    assert [e.seq for e in store.events("m1", after=3, limit=10)] == [4, 5]
    assert [e.seq for e in store.events("m1", limit=1)] == [1]
    assert store.events("m1", after=5) == []
    assert store.events("m1", after=99) == []
    # the largest 'after' the API takes (2**53 - 1), and below it (Redis: no Lua number in a stream id)
    for after in (2**53 - 1, 2**53 - 2, 10**15 + 1):
        assert store.events("m1", after=after) == [] and store.events("m1", after=after, limit=1) == []
    assert store.events("m1", after=1, limit=0) == []
    assert [e.seq for e in store.events("m1", after=-4)] == [1, 2, 3, 4, 5]
    assert store.events("m1", after=3, limit=1) == [Event(seq=4, data={"e": 4})]
    with pytest.raises(ValueError):
        store.events("m1", limit=-1)


def test_a_match_created_without_events_has_none_until_a_save_adds_one(store: Store) -> None:
    store.create("m1", {}, [])
    assert store.events("m1") == []
    store.save("m1", 1, {}, [{"e": "first"}])
    assert store.events("m1") == [Event(seq=1, data={"e": "first"})]


# -- idempotency ------------------------------------------------------------------------------


def test_an_idempotency_record_saved_with_a_commit_reads_back(store: Store) -> None:
    store.create("m1", {"n": 0}, [])
    scope = idempotency_scope("m1", "key-1")
    assert store.get_idempotency(scope) is None
    assert store.save("m1", 1, {"n": 1}, [{"e": 1}], (scope, record("first"))) == 2
    assert store.get_idempotency(scope) == record("first")


def test_a_taken_idempotency_key_blocks_a_second_commit(store: Store) -> None:
    store.create("m1", {"n": 0}, [])
    scope = idempotency_scope("m1", "retry-me")
    store.save("m1", 1, {"n": 1}, [{"e": 1}], (scope, record("first")))
    # the same request, retried past the caller's get_idempotency check: it must not apply twice
    with pytest.raises(IdempotencyConflict) as caught:
        store.save("m1", 2, {"n": 2}, [{"e": 2}], (scope, record("second")))
    assert caught.value.scope_key == scope
    assert store.load("m1").version == 2
    assert event_data(store.events("m1")) == [{"e": 1}]
    assert store.get_idempotency(scope) == record("first")


def test_create_stores_its_idempotency_record_atomically(store: Store) -> None:
    scope = idempotency_scope("m1", "create-key")
    assert store.create("m1", {"n": 0}, [{"e": 0}], (scope, record("created", 201))) == 1
    assert store.get_idempotency(scope) == record("created", 201)
    assert store.delete("m1") is True  # the record is left to its own expiry
    with pytest.raises(IdempotencyConflict):  # the id again, under a key that is taken: nothing is created
        store.create("m1", {"n": 0}, [], (scope, record("again", 201)))
    with pytest.raises(MatchNotFound):
        store.load("m1")
    assert store.get_idempotency(scope) == record("created", 201)


def test_a_record_is_filed_under_its_own_matchs_tag(store: Store) -> None:
    with pytest.raises(ValueError):
        store.create("m2", {"n": 0}, [], (idempotency_scope("m1", "k"), record()))
    with pytest.raises(MatchNotFound):
        store.load("m2")
    store.create("m2", {"n": 0}, [])
    with pytest.raises(ValueError):
        store.save("m2", 1, {"n": 1}, [], (idempotency_scope("m1", "k"), record()))
    assert store.load("m2").version == 1
    assert store.get_idempotency(idempotency_scope("m1", "k")) is None


def test_put_idempotency_stores_once(store: Store) -> None:
    scope = idempotency_scope("m1", "rejected")
    assert store.get_idempotency(scope) is None
    assert store.put_idempotency(scope, record("422", 422)) is True
    assert store.put_idempotency(scope, record("other", 200)) is False
    assert store.get_idempotency(scope) == record("422", 422)
    global_scope = idempotency_scope("not-created", "rejected-create")  # a record of no match yet
    assert store.put_idempotency(global_scope, record("400", 400)) is True
    assert store.get_idempotency(global_scope) == record("400", 400)


def test_a_standalone_record_also_blocks_a_commit_under_its_key(store: Store) -> None:
    store.create("m1", {"n": 0}, [])
    scope = idempotency_scope("m1", "k")
    store.put_idempotency(scope, record("rejected", 409))
    with pytest.raises(IdempotencyConflict):
        store.save("m1", 1, {"n": 1}, [], (scope, record("accepted")))
    assert store.load("m1").version == 1


def test_records_of_different_matches_and_keys_are_separate(store: Store) -> None:
    store.create("m1", {}, [])
    store.create("m2", {}, [])
    store.save("m1", 1, {}, [], (idempotency_scope("m1", "k"), record("m1")))
    store.save("m2", 1, {}, [], (idempotency_scope("m2", "k"), record("m2")))
    assert store.get_idempotency(idempotency_scope("m1", "k")) == record("m1")
    assert store.get_idempotency(idempotency_scope("m2", "k")) == record("m2")
    assert store.get_idempotency(idempotency_scope("m1", "other")) is None


def test_a_record_is_read_under_its_key_else_under_the_first_older_key_that_holds_one(store: Store) -> None:
    store.create("m1", {}, [])
    new, old, older = (idempotency_scope("m1", k) for k in ("short", "legacy", "oldest"))
    assert store.get_idempotency(new, old, older) is None
    store.put_idempotency(older, record("oldest"))
    assert store.get_idempotency(new, old, older) == record("oldest")
    store.put_idempotency(old, record("legacy"))
    assert store.get_idempotency(new, old, older) == record("legacy")
    store.save("m1", 1, {}, [], (new, record("short")))
    assert store.get_idempotency(new, old, older) == record("short")
    assert store.get_idempotency(new) == record("short") and store.get_idempotency(old) == record("legacy")


# -- delete -----------------------------------------------------------------------------------


def test_delete_removes_the_match_and_its_events(store: Store) -> None:
    create_scope = idempotency_scope("m1", "c")
    store.create("m1", {"n": 0}, [{"e": 1}], (create_scope, record("created", 201)))
    store.save("m1", 1, {"n": 1}, [{"e": 2}], (idempotency_scope("m1", "k1"), record("k1")))
    store.create("m2", {"other": True}, [{"e": 1}])
    store.save("m2", 1, {"other": True}, [], (idempotency_scope("m2", "k1"), record("m2")))

    assert store.delete("m1") is True
    with pytest.raises(MatchNotFound):
        store.load("m1")
    with pytest.raises(MatchNotFound):
        store.events("m1")
    with pytest.raises(MatchNotFound):
        store.save("m1", 2, {}, [])
    assert store.delete("m1") is False
    # the other match is untouched; records are left to expire on their own
    assert store.load("m2").version == 2
    assert event_data(store.events("m2")) == [{"e": 1}]
    assert store.get_idempotency(idempotency_scope("m2", "k1")) == record("m2")
    assert store.get_idempotency(create_scope) == record("created", 201)

    # the id can be used again, from version 1 and event 1
    assert store.create("m1", {"n": "again"}, [{"e": "again"}]) == 1
    assert store.events("m1") == [Event(seq=1, data={"e": "again"})]


def test_records_left_by_a_deleted_match_expire_on_their_own(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=100, idempotency_ttl_seconds=10, clock=clock)
    store.create("m1", {}, [])
    store.save("m1", 1, {}, [], (idempotency_scope("m1", "k"), record()))
    store.delete("m1")
    clock.advance(10)
    assert store.get_idempotency(idempotency_scope("m1", "k")) is None


# -- expiry: memory, with a clock the test moves ------------------------------------------------


def test_memory_matches_expire_after_the_idle_time_and_saves_refresh_it(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=100, idempotency_ttl_seconds=30, clock=clock)
    create_scope = idempotency_scope("m1", "c")
    store.create("m1", {"n": 0}, [{"e": 1}], (create_scope, record("c", 201)))
    clock.advance(99)
    assert store.load("m1").version == 1
    store.save("m1", 1, {"n": 1}, [{"e": 2}], (idempotency_scope("m1", "k"), record("k")))  # refreshes to t+100
    clock.advance(29)
    assert store.get_idempotency(idempotency_scope("m1", "k")) == record("k")
    clock.advance(1)  # the record's own 30 s are over; the match lives on
    assert store.get_idempotency(idempotency_scope("m1", "k")) is None
    assert store.get_idempotency(create_scope) is None
    clock.advance(69.5)
    assert store.load("m1").version == 2
    assert [e.seq for e in store.events("m1")] == [1, 2]
    clock.advance(0.5)  # 100 s since the last save
    with pytest.raises(MatchNotFound):
        store.load("m1")
    with pytest.raises(MatchNotFound):
        store.events("m1")
    with pytest.raises(MatchNotFound):
        store.save("m1", 2, {}, [])
    assert store.delete("m1") is False
    assert store.create("m1", {"n": "new"}, []) == 1


def test_memory_reads_do_not_refresh_the_idle_time(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=100, clock=clock)
    store.create("m1", {}, [])
    for _ in range(4):
        clock.advance(24)
        store.load("m1")
        store.events("m1")
    clock.advance(4)
    with pytest.raises(MatchNotFound):
        store.load("m1")


def test_memory_sweep_drops_expired_matches_nobody_reads(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=100, clock=clock)
    for i in range(50):
        store.create(f"old-{i}", {}, [{"e": i}], (idempotency_scope(f"old-{i}", "k"), record()))
    clock.advance(101)
    store.create("new", {}, [])  # a write after the sweep interval sweeps
    assert set(store._matches) == {"new"}
    assert store._records == {}


def test_memory_idempotency_lifetime_never_exceeds_the_match_lifetime(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=10, idempotency_ttl_seconds=1000, clock=clock)
    assert store.idempotency_ttl_seconds == 10


# -- expiry: redis, with a short TTL and PTTL ---------------------------------------------------


def test_redis_keys_carry_the_ttl_and_saves_refresh_it(redis_server: RedisServer) -> None:
    redis_server.flush()
    store = RedisStore.from_url(redis_server.url, ttl_seconds=2, idempotency_ttl_seconds=1)
    client = redis_server.client()
    try:
        create_scope = idempotency_scope("m1", "c")
        store.create("m1", {"n": 0}, [{"e": 1}], (create_scope, record("c", 201)))
        # a match's first events go straight to its compacted log, a field of the doc hash (so it
        # carries the doc's expiry and no key of its own); the Stream starts with the next. A match
        # stored with its log at a key of its own: tests/store/test_old_log_shape.py
        assert client.hstrlen(b"{match:m1}:doc", "l") > 0 and client.exists(b"{match:m1}:log") == 0
        match_keys = [b"{match:m1}:doc"]
        for key in match_keys:
            assert 1000 < client.pttl(key) <= 2000
        assert 0 < client.pttl(create_scope) <= 1000
        time.sleep(0.6)
        before = [client.pttl(key) for key in match_keys]
        assert all(p <= 1400 for p in before)
        store.save("m1", 1, {"n": 1}, [{"e": 2}], (idempotency_scope("m1", "k"), record("k")))
        after = [client.pttl(key) for key in match_keys]
        assert all(b < a <= 2000 for a, b in zip(after, before, strict=True))  # refreshed by the save
        assert 1000 < client.pttl(b"{match:m1}:events") <= 2000  # the Stream the save started
        assert 0 < client.pttl(idempotency_scope("m1", "k")) <= 1000
        assert client.hstrlen(b"{match:m1}:doc", "l") > 0 and client.exists(b"{match:m1}:log") == 0
        # reads do not refresh: the TTLs only go down from what the save left
        time.sleep(0.05)
        store.load("m1")
        store.events("m1")
        assert all(client.pttl(key) < a for key, a in zip(match_keys, after, strict=True))
        time.sleep(2.1)
        with pytest.raises(MatchNotFound):
            store.load("m1")
        with pytest.raises(MatchNotFound):
            store.events("m1")
        assert store.get_idempotency(idempotency_scope("m1", "k")) is None
        assert client.keys("*") == []
    finally:
        client.close()
        store.close()


def test_a_long_match_pages_its_events_the_same_however_they_are_kept(store: Store) -> None:
    """Past many saves (where the Redis stores have moved most events into their compacted log),
    every ``after`` and ``limit`` answers exactly the slice of the whole list."""
    store.create("m1", {"n": 0}, [{"e": 0, "text": "first\nline"}, {"e": 1}])
    expected = [{"e": 0, "text": "first\nline"}, {"e": 1}]
    version = 1
    for n in range(2, 60, 3):
        batch = [{"e": n}, {"e": n + 1, "big": 2**70}, {"e": n + 2, "s": "é"}][: 1 + n % 3]
        version = store.save("m1", version, {"n": n}, batch)
        expected.extend(batch)
    assert event_data(store.events("m1")) == expected
    assert [e.seq for e in store.events("m1")] == list(range(1, len(expected) + 1))
    for after in (0, 1, 5, 16, 17, 30, len(expected) - 1, len(expected), len(expected) + 5):
        for limit in (None, 0, 1, 4, 20, 100):
            want = expected[after:] if limit is None else expected[after : after + limit]
            got = store.events("m1", after=after, limit=limit)
            assert event_data(got) == want, (after, limit)
            assert [e.seq for e in got] == list(range(after + 1, after + 1 + len(want)))


# -- the refusal log --------------------------------------------------------------------------


def test_a_refusal_log_keeps_entries_in_order_without_touching_version_or_events(store: Store) -> None:
    store.create("m1", {"n": 0}, [{"e": 1}])
    assert store.refusals("m1") == []
    assert store.append_refusal("m1", {"seq_after": 1, "code": "not_your_turn", "action": {"card": "10H"}}) is True
    assert store.append_refusal("m1", {"seq_after": 1, "code": "illegal_play", "action": None}) is True
    assert store.refusals("m1") == [
        {"seq_after": 1, "code": "not_your_turn", "action": {"card": "10H"}},
        {"seq_after": 1, "code": "illegal_play", "action": None},
    ]
    assert store.load("m1").version == 1 and event_data(store.events("m1")) == [{"e": 1}]
    assert store.save("m1", 1, {"n": 1}, [{"e": 2}]) == 2  # the log does not move the version
    assert [e["code"] for e in store.refusals("m1")] == ["not_your_turn", "illegal_play"]


def test_a_refusal_log_keeps_the_last_entries_only(store: Store) -> None:
    store.create("m1", {}, [])
    for i in range(REFUSAL_LOG_LIMIT + 25):
        assert store.append_refusal("m1", {"i": i})
    kept = store.refusals("m1")
    assert [e["i"] for e in kept] == list(range(25, REFUSAL_LOG_LIMIT + 25))


def test_a_refusal_is_never_logged_for_a_match_that_does_not_exist(store: Store) -> None:
    assert store.append_refusal("nobody", {"i": 1}) is False
    assert store.append_refusal("{bad}", {"i": 1}) is False
    with pytest.raises(MatchNotFound):
        store.refusals("nobody")
    with pytest.raises(MatchNotFound):
        store.refusals("{bad}")
    assert store.create("nobody", {}, []) == 1
    assert store.refusals("nobody") == []  # nothing was kept from before the match


def test_deleting_a_match_deletes_its_refusal_log(store: Store) -> None:
    store.create("m1", {}, [])
    store.create("m2", {}, [])
    store.append_refusal("m1", {"i": 1})
    store.append_refusal("m2", {"i": 2})
    assert store.delete("m1") is True
    with pytest.raises(MatchNotFound):
        store.refusals("m1")
    assert store.append_refusal("m1", {"i": 3}) is False
    assert store.refusals("m2") == [{"i": 2}]
    store.create("m1", {}, [])
    assert store.refusals("m1") == []


def test_memory_refusal_log_expires_with_the_match(clock: FakeClock) -> None:
    store = MemoryStore(ttl_seconds=10, clock=clock)
    store.create("m1", {}, [])
    store.append_refusal("m1", {"i": 1})
    clock.advance(9)
    store.append_refusal("m1", {"i": 2})  # a refusal does not refresh the match's expiry
    clock.advance(2)
    assert store.append_refusal("m1", {"i": 3}) is False
    with pytest.raises(MatchNotFound):
        store.refusals("m1")


def test_redis_refusal_log_lives_in_the_match_hash_and_expires_with_it(redis_server: RedisServer) -> None:
    redis_server.flush()
    store = RedisStore.from_url(redis_server.url, ttl_seconds=2)
    client = redis_server.client()
    try:
        store.create("m1", {"n": 0}, [{"e": 1}])
        keys_before = sorted(client.keys("*"))
        pttl = client.pttl(b"{match:m1}:doc")
        store.append_refusal("m1", {"i": 1})
        assert sorted(client.keys("*")) == keys_before  # no key of its own: the doc hash holds it
        assert 0 < client.pttl(b"{match:m1}:doc") <= pttl  # the expiry left as it was
        assert store.append_refusal("m2", {"i": 1}) is False and client.keys("{match:m2}*") == []
        time.sleep(2.1)
        with pytest.raises(MatchNotFound):
            store.refusals("m1")
        assert store.append_refusal("m1", {"i": 2}) is False
        assert client.keys("*") == []
    finally:
        client.close()
        store.close()


def test_redis_refusal_append_retried_with_its_id_appends_once(redis_store: RedisStore) -> None:
    """An append whose reply was lost and is sent again (the same id) is not appended twice."""
    from service.store.keys import doc_key
    from service.store.redis_wire import Attempts

    redis_store.create("m1", {}, [])
    args = [b'{"i":1}', REFUSAL_LOG_LIMIT, "same-append-id"]
    script = redis_store._append_refusal_script
    for _ in range(2):
        reply, _ = redis_store.commands.script(script, [doc_key("m1")], args, Attempts(), wait=False)
        assert int(reply) == 1
    assert redis_store.refusals("m1") == [{"i": 1}]
    assert redis_store.append_refusal("m1", {"i": 2}) is True
    assert redis_store.refusals("m1") == [{"i": 1}, {"i": 2}]


def test_a_save_naming_the_commit_it_expects_conflicts_with_any_other(store: Store) -> None:
    """A caller that commits on the state it holds, unloaded, names the commit that wrote it: the
    same version written by another commit (a failover that lost a write, then another writer) is
    a conflict, and changes nothing."""
    store.create("m1", {"n": 0}, [{"e": 0}], commit="c0")
    assert store.save("m1", 1, {"n": 1}, [{"e": 1}], commit="c1", expected_commit="c0") == 2
    for held in ("c0", "lost"):
        with pytest.raises(VersionConflict) as caught:
            store.save("m1", 2, {"n": "lost"}, [{"e": "lost"}], commit="c9", expected_commit=held)
        assert (caught.value.expected, caught.value.actual) == (2, 2)
    with pytest.raises(VersionConflict):  # the version is checked too
        store.save("m1", 1, {"n": "lost"}, [{"e": "lost"}], commit="c9", expected_commit="c1")
    loaded = store.load("m1")
    assert (loaded.version, loaded.commit, loaded.document) == (2, "c1", {"n": 1})
    assert event_data(store.events("m1")) == [{"e": 0}, {"e": 1}]
    assert store.save("m1", 2, {"n": 2}, [{"e": 2}], commit="c2", expected_commit="c1") == 3
