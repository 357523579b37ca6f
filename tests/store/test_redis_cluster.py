"""What only the Redis Cluster store has to show (the contract suite runs on it too): a match's keys
in one slot on one master and matches spread over the masters; the create record in a slot of its
own, written after the match, never leaving a match behind when it cannot be; a master down makes
its matches (only) unavailable and they come back with it; a cluster down at start; slots moved to
another master (MOVED) or on their way (ASK) are followed; a hung master gives the same answers as
a hung single Redis. Every cluster here is real: three ``redis-server --cluster-enabled yes``."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

import pytest
import redis
from redis.crc import key_slot

from service.store.base import (
    IdempotencyRecord,
    MatchNotFound,
    StoreOutcomeUnknown,
    StoreUnavailable,
    idempotency_scope,
)
from service.store.redis_cluster import RedisClusterStore
from service.store.redis_wire import RedisOptions
from tests.redis_server import LocalRedisCluster, RedisClusterNode

pytestmark = pytest.mark.redis

REC = IdempotencyRecord(fingerprint="f", answer={"ok": True, "status": 201})


def store_for(cluster: LocalRedisCluster, **options: object) -> RedisClusterStore:
    nodes = [("127.0.0.1", node.port) for node in cluster.nodes]
    return RedisClusterStore(nodes, ttl_seconds=3600, options=RedisOptions(**options))  # type: ignore[arg-type]


@pytest.fixture
def own_cluster(redis_cluster_factory: Callable[..., LocalRedisCluster]) -> LocalRedisCluster:
    return redis_cluster_factory()


@pytest.fixture
def cluster_store(redis_cluster: LocalRedisCluster) -> Iterator[RedisClusterStore]:
    redis_cluster.flush()
    store = store_for(redis_cluster)
    try:
        yield store
    finally:
        store.close()


def ids_on_distinct_nodes(cluster: LocalRedisCluster, count: int, prefix: str = "m") -> list[str]:
    """``count`` match ids whose slots are on ``count`` different masters."""
    chosen: dict[int, str] = {}
    for n in range(10_000):
        match_id = f"{prefix}{n}"
        node = cluster.node_for(f"{{match:{match_id}}}:doc")
        chosen.setdefault(node.port, match_id)
        if len(chosen) == count:
            return list(chosen.values())
    raise AssertionError("the ids did not spread over the masters")


def keys_by_node(cluster: LocalRedisCluster) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for node in cluster.nodes:
        with contextlib.closing(node.client(decode_responses=True)) as client:
            out[node.port] = sorted(client.scan_iter(count=1000))
    return out


def test_a_matchs_keys_share_one_slot_on_one_master_and_matches_spread_over_all(
    cluster_store: RedisClusterStore, redis_cluster: LocalRedisCluster
) -> None:
    for n in range(30):
        match_id = f"spread-{n}"
        cluster_store.create(match_id, {"n": 0}, [{"e": 0}], (idempotency_scope(match_id, "create"), REC))
        cluster_store.save(match_id, 1, {"n": 1}, [{"e": 1}], (idempotency_scope(match_id, "save"), REC))
        cluster_store.put_idempotency(idempotency_scope(match_id, "rejected"), REC)
    holders: dict[str, set[int]] = {}
    slots: dict[str, set[int]] = {}
    for port, keys in keys_by_node(redis_cluster).items():
        for key in keys:  # every key, a create's record included
            tag = key[: key.index("}") + 1]
            holders.setdefault(tag, set()).add(port)
            slots.setdefault(tag, set()).add(key_slot(key.encode()))
    assert len(holders) == 30
    assert all(len(ports) == 1 for ports in holders.values())  # doc, events, all three records: one master
    assert all(len(found) == 1 for found in slots.values())
    assert len({port for ports in holders.values() for port in ports}) == 3  # every master holds some
    for n in range(30):
        assert cluster_store.load(f"spread-{n}").version == 2
        assert cluster_store.get_idempotency(idempotency_scope(f"spread-{n}", "create")) == REC
        # a record looked up under its new key and the key it had before: one MGET in the match's slot
        newer, older = idempotency_scope(f"spread-{n}", "newer"), idempotency_scope(f"spread-{n}", "save")
        assert cluster_store.get_idempotency(newer, older) == REC
        assert cluster_store.get_idempotency(newer, idempotency_scope(f"spread-{n}", "none")) is None


def test_a_create_and_its_record_are_one_step_on_the_matchs_master(own_cluster: LocalRedisCluster) -> None:
    store = store_for(own_cluster)
    with contextlib.closing(store):
        match_id = ids_on_distinct_nodes(own_cluster, 1)[0]
        scope = idempotency_scope(match_id, "create")
        match_node = own_cluster.node_for(f"{{match:{match_id}}}:doc")
        assert own_cluster.node_for(scope) is match_node
        store.ping()
        match_node.kill()
        with pytest.raises(StoreUnavailable) as caught:
            store.create(match_id, {"n": 0}, [{"e": 0}], (scope, REC))
        assert type(caught.value) is StoreUnavailable  # nothing the caller could see was changed
        match_node.start()
        own_cluster.wait_until_ok()
        with pytest.raises(MatchNotFound):
            store.load(match_id)
        assert store.get_idempotency(scope) is None
        assert store.create(match_id, {"n": 0}, [{"e": 0}], (scope, REC)) == 1
        assert store.get_idempotency(scope) == REC
        with pytest.raises(ValueError):  # a record filed outside the match's slot is refused
            store.create("other", {"n": 0}, [], (idempotency_scope(match_id, "k"), REC))


def test_a_master_down_makes_its_matches_unavailable_and_they_come_back_with_it(
    redis_cluster_factory: Callable[..., LocalRedisCluster],
) -> None:
    cluster = redis_cluster_factory(node_timeout_ms=15000)  # the others keep serving meanwhile
    store = store_for(cluster)
    with contextlib.closing(store):
        down_id, up_id = ids_on_distinct_nodes(cluster, 2)
        for match_id in (down_id, up_id):
            store.create(match_id, {"n": 0}, [{"e": 0}])
            store.save(match_id, 1, {"n": 1}, [{"e": 1}])
        assert store.ping() is True
        node = cluster.node_for(f"{{match:{down_id}}}:doc")
        node.kill()
        for call in (lambda: store.load(down_id), lambda: store.save(down_id, 2, {"n": 2}, [{"e": 2}])):
            began = time.monotonic()
            with pytest.raises(StoreUnavailable) as caught:
                call()
            assert type(caught.value) is StoreUnavailable and time.monotonic() - began < 1.5
        assert store.ping() is False  # not every master answers
        assert store.save(up_id, 2, {"n": 2}, [{"e": 2}]) == 3  # the other masters' matches carry on
        node.start()  # same port, same directory: its nodes.conf and AOF
        cluster.wait_until_ok()
        assert store.ping() is True
        assert store.load(down_id).version == 2
        assert store.save(down_id, 2, {"n": 2}, [{"e": 2}]) == 3
        assert [e.data for e in store.events(down_id)] == [{"e": 0}, {"e": 1}, {"e": 2}]


def test_a_cluster_down_at_start_is_unavailable_until_it_answers(
    redis_cluster_factory: Callable[..., LocalRedisCluster], tmp_path_factory: pytest.TempPathFactory
) -> None:
    cluster = LocalRedisCluster(tmp_path_factory.mktemp("late-cluster"))
    store = store_for(cluster)
    try:
        assert store.ping() is False
        with pytest.raises(StoreUnavailable):
            store.create("m1", {}, [])
        cluster.start()
        assert store.ping() is True
        assert store.create("m1", {}, []) == 1
    finally:
        store.close()
        cluster.stop()


def _node_id(node: RedisClusterNode) -> str:
    with contextlib.closing(node.client(decode_responses=True)) as client:
        return str(client.execute_command("CLUSTER", "MYID"))


def _start_migrating(cluster: LocalRedisCluster, slot: int, source: RedisClusterNode,
                     target: RedisClusterNode) -> None:
    """Mark ``slot`` as moving from ``source`` to ``target`` and move its keys there."""
    with contextlib.closing(source.client()) as src, contextlib.closing(target.client()) as dst:
        dst.execute_command("CLUSTER", "SETSLOT", slot, "IMPORTING", _node_id(source))
        src.execute_command("CLUSTER", "SETSLOT", slot, "MIGRATING", _node_id(target))
        keys = src.execute_command("CLUSTER", "GETKEYSINSLOT", slot, 1000)
        if keys:
            src.execute_command("MIGRATE", "127.0.0.1", target.port, "", 0, 5000, "KEYS", *keys)


def _finish_migrating(cluster: LocalRedisCluster, slot: int, target: RedisClusterNode) -> None:
    target_id = _node_id(target)
    for node in sorted(cluster.nodes, key=lambda n: n is not target):  # the new owner first
        with contextlib.closing(node.client()) as client:
            client.execute_command("CLUSTER", "SETSLOT", slot, "NODE", target_id)


def test_slots_moved_to_another_master_or_on_their_way_are_followed(own_cluster: LocalRedisCluster) -> None:
    store = store_for(own_cluster)
    with contextlib.closing(store):
        match_id = "moving"
        store.create(match_id, {"n": 0}, [{"e": 0}])
        slot = key_slot(f"{{match:{match_id}}}:doc".encode())
        source = own_cluster.node_for(f"{{match:{match_id}}}:doc")
        target = next(node for node in own_cluster.nodes if node is not source)
        _start_migrating(own_cluster, slot, source, target)
        # the store's map still names the source, which answers ASK: the call goes to the target
        assert store.save(match_id, 1, {"n": 1}, [{"e": 1}]) == 2
        assert store.load(match_id).version == 2
        assert [e.seq for e in store.events(match_id)] == [1, 2]
        # a commit with a new record is refused while the slot moves (Redis Cluster's TRYAGAIN for
        # keys split between the two masters): 503, nothing changed
        with pytest.raises(StoreUnavailable, match="TryAgain") as caught:
            store.save(match_id, 2, {"n": "x"}, [{"e": "x"}], (idempotency_scope(match_id, "k"), REC))
        assert type(caught.value) is StoreUnavailable
        _finish_migrating(own_cluster, slot, target)
        own_cluster.wait_until_ok()
        assert own_cluster.node_for(f"{{match:{match_id}}}:doc") is target
        # the source answers MOVED now; the store follows and remembers
        assert store.save(match_id, 2, {"n": 2}, [{"e": 2}], (idempotency_scope(match_id, "k"), REC)) == 3
        assert [e.data for e in store.events(match_id)] == [{"e": 0}, {"e": 1}, {"e": 2}]
        assert store.get_idempotency(idempotency_scope(match_id, "k")) == REC
        with contextlib.closing(target.client()) as client:
            assert client.hget(f"{{match:{match_id}}}:doc", "v") == b"3"


def test_a_hung_master_gives_the_answers_a_hung_redis_gives(own_cluster: LocalRedisCluster) -> None:
    store = store_for(own_cluster)
    with contextlib.closing(store):
        store.create("m1", {"n": 0}, [{"e": 0}])
        store.save("m1", 1, {"n": 0}, [])  # the save script is loaded on that master now
        node = own_cluster.node_for("{match:m1}:doc")
        options = RedisOptions()
        bound = (options.retries + 1) * options.socket_timeout + 2 * options.connect_timeout + 1.0
        node.pause()
        try:
            began = time.monotonic()
            with pytest.raises(StoreOutcomeUnknown):  # sent on the open pooled connection
                store.save("m1", 2, {"n": 1}, [{"e": 1}])
            assert time.monotonic() - began < bound
            began = time.monotonic()
            with pytest.raises(StoreUnavailable) as caught:
                store.load("m1")
            assert type(caught.value) is StoreUnavailable and time.monotonic() - began < bound
            # a new connection cannot even be set up (its CLIENT SETNAME gets no answer): a save
            # now never leaves, and says nothing changed
            with pytest.raises(StoreUnavailable) as caught:
                store.save("m1", 2, {"n": "never"}, [{"e": "never"}])
            assert type(caught.value) is StoreUnavailable
        finally:
            node.resume()
        own_cluster.wait_until_ok()
        assert store.load("m1").version == 3  # it ran when the master woke up
        assert [e.data for e in store.events("m1")] == [{"e": 0}, {"e": 1}]


def test_a_cluster_store_uses_the_explicit_timeouts(cluster_store: RedisClusterStore) -> None:
    cluster_store.create("m1", {}, [])
    cluster = cluster_store.commands._cluster
    assert cluster is not None
    for node in cluster.get_primaries():
        client: redis.Redis = cluster.get_redis_connection(node)
        kwargs = client.connection_pool.connection_kwargs
        assert (kwargs["socket_timeout"], kwargs["socket_connect_timeout"], kwargs["protocol"]) == (0.5, 0.5, 2)
        assert kwargs["retry"].get_retries() == 0  # the store retries each call itself, once
    assert cluster_store.commands._retry.get_retries() == 1
