"""``make_store``: memory without Redis settings (and the log says state is in one process only),
Redis from ``REDIS_URL`` or through Sentinels, every number read and checked (by ``Settings``, the
one reader of the environment: issue 33 item 1)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path

import pytest

from service.api.config import Settings
from service.store.base import DEFAULT_IDEMPOTENCY_TTL_SECONDS, DEFAULT_TTL_SECONDS, Store
from service.store.factory import StoreSettings, make_store
from service.store.memory import MemoryStore
from service.store.redis_cluster import RedisClusterStore
from service.store.redis_store import RedisOptions, RedisStore
from tests.redis_server import (
    PROMPT_SYNC_ARGS,
    LocalRedisCluster,
    RedisSentinel,
    RedisServer,
    replica_args,
    wait_for_replicas,
)


def _store(env: dict[str, str]) -> Store:
    """The store the environment ``env`` asks for."""
    return make_store(Settings.from_env(env).store)


def test_no_redis_settings_means_the_memory_store_and_the_log_says_so(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="service.store"):
        store = _store({})
    assert isinstance(store, MemoryStore) and isinstance(store, Store)
    assert (store.ttl_seconds, store.idempotency_ttl_seconds) == (DEFAULT_TTL_SECONDS, DEFAULT_IDEMPOTENCY_TTL_SECONDS)
    messages = [r.getMessage() for r in caplog.records if r.name == "service.store"]
    assert len(messages) == 1
    assert "memory" in messages[0] and "this process only" in messages[0] and "REDIS_URL" in messages[0]


def test_an_empty_redis_url_counts_as_unset() -> None:
    assert isinstance(_store({"REDIS_URL": "  "}), MemoryStore)


def test_none_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("REDIS_SENTINELS", raising=False)
    monkeypatch.setenv("MATCH_TTL_SECONDS", "120")
    store = make_store(Settings.from_env().store)
    assert isinstance(store, MemoryStore) and store.ttl_seconds == 120
    assert isinstance(make_store(), MemoryStore)  # no settings: the defaults


def test_settings_may_be_given_as_values() -> None:
    store = make_store(StoreSettings(ttl_seconds=50, idempotency_ttl_seconds=20))
    assert isinstance(store, MemoryStore)
    assert (store.ttl_seconds, store.idempotency_ttl_seconds) == (50, 20)


def test_redis_url_means_the_redis_store_with_its_settings(
    redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    settings = {
        "REDIS_URL": redis_server.url,
        "MATCH_TTL_SECONDS": "600",
        "IDEMPOTENCY_TTL_SECONDS": "60",
        "REDIS_SOCKET_TIMEOUT": "0.2",
        "REDIS_RETRIES": "0",
    }
    with caplog.at_level(logging.INFO, logger="service.store"):
        store = _store(settings)
    assert isinstance(store, RedisStore)
    with contextlib.closing(store):
        assert (store.ttl_seconds, store.idempotency_ttl_seconds) == (600, 60)
        kwargs = store.commands.client.connection_pool.connection_kwargs
        assert (kwargs["socket_timeout"], kwargs["retry"].get_retries()) == (0.2, 0)
        assert store.ping() is True
        redis_server.flush()
        assert store.create("via-url", {}, []) == 1
    assert any(redis_server.url in r.getMessage() for r in caplog.records)


def test_sentinels_mean_the_redis_store_on_the_master_they_name(
    redis_server_factory: Callable[..., RedisServer], tmp_path: Path
) -> None:
    master = redis_server_factory(appendonly=False, extra_args=PROMPT_SYNC_ARGS)
    replica = redis_server_factory(appendonly=False, extra_args=replica_args(master))
    wait_for_replicas(master, 1)
    with RedisSentinel(tmp_path / "sentinel", master, service_name="referee") as sentinel:
        store = _store({"REDIS_SENTINELS": f"127.0.0.1:{sentinel.port}", "REDIS_SENTINEL_MASTER": "referee"})
        assert isinstance(store, RedisStore)
        with contextlib.closing(store):
            assert "referee" in store.description
            assert store.min_replicas_ack == 1  # a master watched by Sentinels has a replica
            assert store.ping() is True
            assert store.create("via-sentinel", {"n": 1}, [{"e": 1}]) == 1
            for server in (master, replica):  # the create was acknowledged by the replica: it is there
                client = server.client()
                try:
                    assert client.exists("{match:via-sentinel}:doc") == 1
                finally:
                    client.close()


def test_a_cluster_means_the_cluster_store_on_its_nodes(
    redis_cluster: LocalRedisCluster, caplog: pytest.LogCaptureFixture
) -> None:
    redis_cluster.flush()
    with caplog.at_level(logging.INFO, logger="service.store"):
        store = _store({"REDIS_CLUSTER_NODES": redis_cluster.setting, "REDIS_SOCKET_TIMEOUT": "0.3"})
    assert isinstance(store, RedisClusterStore) and store.kind == "redis"
    with contextlib.closing(store):
        assert store.ping() is True
        assert store.min_replicas_ack == 0
        assert store.create("via-cluster", {"n": 1}, [{"e": 1}]) == 1
        holder = redis_cluster.node_for("{match:via-cluster}:doc")
        client = holder.client()
        try:
            assert client.exists("{match:via-cluster}:doc") == 1
            assert client.client_list()  # reachable for inspection
        finally:
            client.close()
        assert store.commands._cluster is not None
        node = store.commands._cluster.get_node("127.0.0.1", holder.port)
        assert node is not None and node.redis_connection is not None
        kwargs = node.redis_connection.connection_pool.connection_kwargs
        assert (kwargs["socket_timeout"], kwargs["socket_connect_timeout"], kwargs["protocol"]) == (0.3, 0.5, 2)
        assert store.commands._retry.get_retries() == 1
    assert any("redis cluster via" in r.getMessage() for r in caplog.records)


def test_replica_acknowledgements_are_a_setting() -> None:
    for settings, expected in [
        ({"REDIS_URL": "redis://127.0.0.1:1/0"}, 0),
        ({"REDIS_URL": "redis://127.0.0.1:1/0", "REDIS_MIN_REPLICAS_ACK": "2"}, 2),
        ({"REDIS_SENTINELS": "127.0.0.1:1"}, 1),
        ({"REDIS_SENTINELS": "127.0.0.1:1", "REDIS_MIN_REPLICAS_ACK": "0"}, 0),
        ({"REDIS_CLUSTER_NODES": "127.0.0.1:1"}, 0),
        ({"REDIS_CLUSTER_NODES": "127.0.0.1:1", "REDIS_MIN_REPLICAS_ACK": "1"}, 1),
    ]:
        store = _store({**settings, "REDIS_WAIT_TIMEOUT": "0.05"})
        assert isinstance(store, RedisStore)
        with contextlib.closing(store):
            assert (store.min_replicas_ack, store.wait_timeout) == (expected, 0.05), settings


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"MATCH_TTL_SECONDS": "soon"}, "MATCH_TTL_SECONDS"),
        ({"MATCH_TTL_SECONDS": "0"}, "MATCH_TTL_SECONDS: Must be greater than or equal to 1"),
        ({"IDEMPOTENCY_TTL_SECONDS": "-5"}, "IDEMPOTENCY_TTL_SECONDS"),
        ({"REDIS_URL": "redis://x", "REDIS_SOCKET_TIMEOUT": "fast"}, "REDIS_SOCKET_TIMEOUT"),
        ({"REDIS_URL": "redis://x", "REDIS_RETRIES": "-1"}, "REDIS_RETRIES"),
        ({"REDIS_URL": "redis://x", "REDIS_SENTINELS": "a:1"}, "not both"),
        ({"REDIS_SENTINELS": "a:1,b"}, "host:port"),
        ({"REDIS_SENTINELS": "a:x"}, "host:port"),
        ({"REDIS_CLUSTER_NODES": "a:1,b"}, "REDIS_CLUSTER_NODES: must be host:port entries .*got 'b'"),
        ({"REDIS_CLUSTER_NODES": "a:1", "REDIS_URL": "redis://x"}, "not both REDIS_URL and REDIS_CLUSTER_NODES"),
        ({"REDIS_URL": "redis://x", "REDIS_MIN_REPLICAS_ACK": "-1"}, "REDIS_MIN_REPLICAS_ACK"),
        ({"REDIS_URL": "redis://x", "REDIS_WAIT_TIMEOUT": "0"}, "REDIS_WAIT_TIMEOUT"),
    ],
)
def test_bad_settings_are_refused_with_the_setting_named(settings: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _store(settings)


def test_redis_options_defaults_are_short_and_explicit() -> None:
    assert Settings.from_env({}).redis_options == RedisOptions()  # the settings' defaults are the options'
    from service.api.config import DEFAULT_SENTINEL_MASTER
    from service.store.factory import DEFAULT_SENTINEL_MASTER as STORE_DEFAULT

    assert DEFAULT_SENTINEL_MASTER == STORE_DEFAULT == StoreSettings().redis_sentinel_master
    defaults = RedisOptions()
    assert defaults.socket_timeout <= 1 and defaults.connect_timeout <= 1 and defaults.retries <= 2
    assert defaults.protocol == 2
