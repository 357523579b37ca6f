"""Choose and build the state store from settings (environment variables or an app config).

| setting | meaning | default |
|---|---|---|
| ``REDIS_URL`` | a Redis to use (``redis://[:password@]host:port/db``, ``rediss://``, ``unix://``) | unset |
| ``REDIS_SENTINELS`` | ``host:port,host:port,...``: find the master through these Sentinels | unset |
| ``REDIS_SENTINEL_MASTER`` | the Sentinels' name for the master | ``mymaster`` |
| ``REDIS_CLUSTER_NODES`` | ``host:port,host:port,...``: a Redis Cluster, reached through any of these nodes | unset |
| ``REDIS_PASSWORD`` | password of the master found through Sentinels, or of the cluster's nodes | none |
| ``REDIS_DB`` | database number with Sentinels | ``0`` |
| ``MATCH_TTL_SECONDS`` | idle time after which a match expires | 604800 (7 days) |
| ``IDEMPOTENCY_TTL_SECONDS`` | how long a stored answer to an Idempotency-Key is kept | 86400 |
| ``REDIS_SOCKET_TIMEOUT`` | seconds one command may take | 0.5 |
| ``REDIS_CONNECT_TIMEOUT`` | seconds a connection may take | 0.5 |
| ``REDIS_RETRIES`` | retries of a command after a broken connection or a timeout | 1 |
| ``REDIS_HEALTH_CHECK_INTERVAL`` | idle seconds after which a pooled connection is pinged before use | 10 |
| ``REDIS_PING_TIMEOUT`` | the readiness check's timeout (no retries) | 0.25 |
| ``REDIS_MIN_REPLICAS_ACK`` | replicas that must acknowledge a commit (``WAIT``) | 1 with Sentinels, else 0 |
| ``REDIS_WAIT_TIMEOUT`` | seconds a commit waits for those acknowledgements | 0.1 |

Set at most one of ``REDIS_URL``, ``REDIS_SENTINELS`` and ``REDIS_CLUSTER_NODES``. With none of
them the store is in memory, in this process only, and the log says so: more than one worker or
replica needs Redis.

A commit that fewer than ``REDIS_MIN_REPLICAS_ACK`` replicas acknowledged within
``REDIS_WAIT_TIMEOUT`` is on the master but could be lost by a failover, so the store reports its
outcome as unknown (503 ``store_outcome_unknown``). Sentinels watch a master that has a replica,
hence the default of 1 there; a standalone Redis or a cluster without replicas waits for none.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from service.store.base import DEFAULT_IDEMPOTENCY_TTL_SECONDS, DEFAULT_TTL_SECONDS, Store
from service.store.memory import MemoryStore
from service.store.redis_cluster import RedisClusterStore
from service.store.redis_store import RedisOptions, RedisStore

log = logging.getLogger("service.store")

_T = TypeVar("_T", int, float)

MEMORY_WARNING = (
    "state store: memory; matches live in this process only and are lost when it stops; "
    "set REDIS_URL (or REDIS_SENTINELS, or REDIS_CLUSTER_NODES) to run more than one worker or replica"
)
#: the settings that each name a Redis deployment; at most one may be set
DEPLOYMENTS = ("REDIS_URL", "REDIS_SENTINELS", "REDIS_CLUSTER_NODES")


def _get(settings: Any, name: str) -> Any:
    if isinstance(settings, Mapping):
        return settings.get(name)
    return getattr(settings, name, None)


def _text(settings: Any, name: str) -> str | None:
    value = _get(settings, name)
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _number(settings: Any, name: str, kind: Callable[[str], _T], default: _T, *, minimum: _T) -> _T:
    text = _text(settings, name)
    if text is None:
        return default
    try:
        value = kind(text)
    except ValueError:
        raise ValueError(f"{name}={text!r} is not a valid {kind.__name__}") from None
    if value < minimum:
        raise ValueError(f"{name}={text!r} must be at least {minimum}")
    return value


def _nodes(name: str, text: str) -> list[tuple[str, int]]:
    """``host:port,host:port,...`` (the setting ``name``) as pairs."""
    nodes = []
    for item in text.split(","):
        host, sep, port = item.strip().rpartition(":")
        if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"{name} entry {item.strip()!r} is not host:port")
        nodes.append((host.strip("[]"), int(port)))
    return nodes


def redis_options(settings: Any = None) -> RedisOptions:
    """The connection options the settings ask for (defaults from ``RedisOptions``)."""
    settings = os.environ if settings is None else settings
    base = RedisOptions()
    return RedisOptions(
        socket_timeout=_number(settings, "REDIS_SOCKET_TIMEOUT", float, base.socket_timeout, minimum=0.001),
        connect_timeout=_number(settings, "REDIS_CONNECT_TIMEOUT", float, base.connect_timeout, minimum=0.001),
        retries=_number(settings, "REDIS_RETRIES", int, base.retries, minimum=0),
        health_check_interval=_number(
            settings, "REDIS_HEALTH_CHECK_INTERVAL", int, base.health_check_interval, minimum=0
        ),
        ping_timeout=_number(settings, "REDIS_PING_TIMEOUT", float, base.ping_timeout, minimum=0.001),
        min_replicas_ack=_optional_number(settings, "REDIS_MIN_REPLICAS_ACK"),
        wait_timeout=_number(settings, "REDIS_WAIT_TIMEOUT", float, base.wait_timeout, minimum=0.001),
    )


def _optional_number(settings: Any, name: str) -> int | None:
    """A whole number of at least 0, or None when the setting is absent."""
    if _text(settings, name) is None:
        return None
    return _number(settings, name, int, 0, minimum=0)


def make_store(settings: Any = None) -> Store:
    """The store the settings call for: a mapping (``os.environ``, a Flask config) or an object with
    those attributes; ``None`` reads the environment. Logs which store it built."""
    settings = os.environ if settings is None else settings
    ttl = _number(settings, "MATCH_TTL_SECONDS", int, DEFAULT_TTL_SECONDS, minimum=1)
    idempotency_ttl = _number(settings, "IDEMPOTENCY_TTL_SECONDS", int, DEFAULT_IDEMPOTENCY_TTL_SECONDS, minimum=1)
    chosen = [name for name in DEPLOYMENTS if _text(settings, name) is not None]
    if len(chosen) > 1:
        which = f"both {chosen[0]} and {chosen[1]}" if len(chosen) == 2 else "all three"
        raise ValueError(f"set one of REDIS_URL, REDIS_SENTINELS and REDIS_CLUSTER_NODES, not {which}")
    url = _text(settings, "REDIS_URL")
    sentinels = _text(settings, "REDIS_SENTINELS")
    cluster = _text(settings, "REDIS_CLUSTER_NODES")
    store: Store
    if url is not None:
        store = RedisStore.from_url(
            url, ttl_seconds=ttl, idempotency_ttl_seconds=idempotency_ttl, options=redis_options(settings)
        )
    elif cluster is not None:
        store = RedisClusterStore(
            _nodes("REDIS_CLUSTER_NODES", cluster),
            password=_text(settings, "REDIS_PASSWORD"),
            ttl_seconds=ttl,
            idempotency_ttl_seconds=idempotency_ttl,
            options=redis_options(settings),
        )
    elif sentinels is not None:
        store = RedisStore.from_sentinels(
            _nodes("REDIS_SENTINELS", sentinels),
            _text(settings, "REDIS_SENTINEL_MASTER") or "mymaster",
            password=_text(settings, "REDIS_PASSWORD"),
            db=_number(settings, "REDIS_DB", int, 0, minimum=0),
            ttl_seconds=ttl,
            idempotency_ttl_seconds=idempotency_ttl,
            options=redis_options(settings),
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
