"""Fixtures for the store tests: every store (memory, one Redis, a Redis Cluster) behind one
parametrised ``store`` fixture, a clock the memory store's expiry can be moved with, and the
private redis-server fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.store.base import Store
from service.store.memory import MemoryStore
from service.store.redis_cluster import RedisClusterStore
from service.store.redis_store import RedisStore
from tests.redis_server import (
    LocalRedisCluster,
    RedisServer,
    redis_cluster,
    redis_cluster_factory,
    redis_server,
    redis_server_factory,
    restartable_redis_server,
    sentinel_group,
)

__all__ = [
    "redis_cluster",
    "redis_cluster_factory",
    "redis_server",
    "redis_server_factory",
    "restartable_redis_server",
    "sentinel_group",
]

TTL_SECONDS = 3600


class FakeClock:
    """A monotonic clock that moves only when told to."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def redis_store(redis_server: RedisServer) -> Iterator[RedisStore]:
    """A Redis store on the session's private server, emptied before the test."""
    redis_server.flush()
    store = RedisStore.from_url(redis_server.url, ttl_seconds=TTL_SECONDS)
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def redis_cluster_store(redis_cluster: LocalRedisCluster) -> Iterator[RedisClusterStore]:
    """A Redis Cluster store on the session's private 3-master cluster, emptied before the test."""
    redis_cluster.flush()
    store = RedisClusterStore([("127.0.0.1", node.port) for node in redis_cluster.nodes], ttl_seconds=TTL_SECONDS)
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def memory_store(clock: FakeClock) -> MemoryStore:
    return MemoryStore(ttl_seconds=TTL_SECONDS, clock=clock)


@pytest.fixture(params=["memory", "redis", "redis_cluster"])
def store(request: pytest.FixtureRequest) -> Store:
    """Each contract test runs once per store."""
    store: Store = request.getfixturevalue(f"{request.param}_store")
    return store
