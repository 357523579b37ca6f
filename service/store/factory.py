"""Build the state store from its settings (``StoreSettings``; the service reads them from the
environment in ``service/api/config.py``, the one place that reads the configuration, which
lists every variable with its default).

Set at most one of ``redis_url``, ``redis_sentinels`` and ``redis_cluster_nodes``. With none of
them the store is in memory, in this process only, and the log says so: more than one worker or
replica needs Redis.

A commit that fewer than ``min_replicas_ack`` replicas acknowledged within ``wait_timeout``
(``RedisOptions``) is on the master but could be lost by a failover, so the store reports its
outcome as unknown (503 ``store_outcome_unknown``). Sentinels watch a master that has a replica,
hence the default of 1 there; a standalone Redis or a cluster without replicas waits for none.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from service.store.base import DEFAULT_IDEMPOTENCY_TTL_SECONDS, DEFAULT_TTL_SECONDS, Store
from service.store.memory import MemoryStore
from service.store.redis_cluster import RedisClusterStore
from service.store.redis_store import RedisOptions, RedisStore

log = logging.getLogger("service.store")

MEMORY_WARNING = (
    "state store: memory; matches live in this process only and are lost when it stops; "
    "set REDIS_URL (or REDIS_SENTINELS, or REDIS_CLUSTER_NODES) to run more than one worker or replica"
)
#: the Sentinels' name for the master when none is given (``service.api.config`` has the same)
DEFAULT_SENTINEL_MASTER = "referee"

Nodes = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class StoreSettings:
    """Which store, and how to reach it: a Redis URL, Sentinels (with the master's name, password
    and database) or a cluster's nodes (with their password); none of them: memory."""

    redis_url: str | None = field(default=None, repr=False)  # may hold a password
    redis_sentinels: Nodes = ()
    redis_sentinel_master: str = DEFAULT_SENTINEL_MASTER
    redis_cluster_nodes: Nodes = ()
    redis_password: str | None = field(default=None, repr=False)
    #: the Sentinels' own password (their ``requirepass``), None when they ask for none
    redis_sentinel_password: str | None = field(default=None, repr=False)
    redis_db: int = 0
    ttl_seconds: int = DEFAULT_TTL_SECONDS
    idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS
    options: RedisOptions = field(default_factory=RedisOptions)

    def __post_init__(self) -> None:
        chosen = [name for name, value in (("REDIS_URL", self.redis_url), ("REDIS_SENTINELS", self.redis_sentinels),
                                           ("REDIS_CLUSTER_NODES", self.redis_cluster_nodes)) if value]
        if len(chosen) > 1:
            which = f"both {chosen[0]} and {chosen[1]}" if len(chosen) == 2 else "all three"
            raise ValueError(f"set one of REDIS_URL, REDIS_SENTINELS and REDIS_CLUSTER_NODES, not {which}")

    @property
    def uses_redis(self) -> bool:
        return bool(self.redis_url or self.redis_sentinels or self.redis_cluster_nodes)


def make_store(settings: StoreSettings | None = None) -> Store:
    """The store the settings call for (``None``: the defaults, memory). Logs which store it built."""
    settings = StoreSettings() if settings is None else settings
    ttl, idempotency_ttl, options = settings.ttl_seconds, settings.idempotency_ttl_seconds, settings.options
    store: Store
    if settings.redis_url:
        store = RedisStore.from_url(
            settings.redis_url, ttl_seconds=ttl, idempotency_ttl_seconds=idempotency_ttl, options=options
        )
    elif settings.redis_cluster_nodes:
        store = RedisClusterStore(
            list(settings.redis_cluster_nodes),
            password=settings.redis_password,
            ttl_seconds=ttl,
            idempotency_ttl_seconds=idempotency_ttl,
            options=options,
        )
    elif settings.redis_sentinels:
        store = RedisStore.from_sentinels(
            list(settings.redis_sentinels),
            settings.redis_sentinel_master,
            password=settings.redis_password,
            sentinel_password=settings.redis_sentinel_password,
            db=settings.redis_db,
            ttl_seconds=ttl,
            idempotency_ttl_seconds=idempotency_ttl,
            options=options,
        )
    else:
        store = MemoryStore(ttl_seconds=ttl, idempotency_ttl_seconds=idempotency_ttl)
        log.warning(MEMORY_WARNING)
        return store
    assert isinstance(store, RedisStore)
    log.info(
        "state store: %s; matches expire after %d idle seconds; commits wait for %d replica(s)",
        store.description, ttl, store.min_replicas_ack,
    )
    return store
