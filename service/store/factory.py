"""Choose and build the state store from settings (environment variables or an app config).

| setting | meaning | default |
|---|---|---|
| ``REDIS_URL`` | a Redis to use (``redis://[:password@]host:port/db``, ``rediss://``, ``unix://``) | unset |
| ``REDIS_SENTINELS`` | ``host:port,host:port,...``: find the master through these Sentinels | unset |
| ``REDIS_SENTINEL_MASTER`` | the Sentinels' name for the master | ``mymaster`` |
| ``REDIS_PASSWORD`` | password of the master found through Sentinels | none |
| ``REDIS_DB`` | database number with Sentinels | ``0`` |
| ``MATCH_TTL_SECONDS`` | idle time after which a match expires | 604800 (7 days) |
| ``IDEMPOTENCY_TTL_SECONDS`` | how long a stored answer to an Idempotency-Key is kept | 86400 |
| ``REDIS_SOCKET_TIMEOUT`` | seconds one command may take | 0.5 |
| ``REDIS_CONNECT_TIMEOUT`` | seconds a connection may take | 0.5 |
| ``REDIS_RETRIES`` | retries of a command after a broken connection or a timeout | 1 |
| ``REDIS_HEALTH_CHECK_INTERVAL`` | idle seconds after which a pooled connection is pinged before use | 10 |
| ``REDIS_PING_TIMEOUT`` | the readiness check's timeout (no retries) | 0.25 |

With neither ``REDIS_URL`` nor ``REDIS_SENTINELS`` the store is in memory, in this process only,
and the log says so: more than one worker or replica needs Redis.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from service.store.base import DEFAULT_IDEMPOTENCY_TTL_SECONDS, DEFAULT_TTL_SECONDS, Store
from service.store.memory import MemoryStore
from service.store.redis_store import RedisOptions, RedisStore

log = logging.getLogger("service.store")

_T = TypeVar("_T", int, float)

MEMORY_WARNING = (
    "state store: memory; matches live in this process only and are lost when it stops; "
    "set REDIS_URL (or REDIS_SENTINELS) to run more than one worker or replica"
)


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


def _sentinels(text: str) -> list[tuple[str, int]]:
    nodes = []
    for item in text.split(","):
        host, sep, port = item.strip().rpartition(":")
        if not sep or not host or not port.isdigit():
            raise ValueError(f"REDIS_SENTINELS entry {item.strip()!r} is not host:port")
        nodes.append((host, int(port)))
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
    )


def make_store(settings: Any = None) -> Store:
    """The store the settings call for: a mapping (``os.environ``, a Flask config) or an object with
    those attributes; ``None`` reads the environment. Logs which store it built."""
    settings = os.environ if settings is None else settings
    ttl = _number(settings, "MATCH_TTL_SECONDS", int, DEFAULT_TTL_SECONDS, minimum=1)
    idempotency_ttl = _number(settings, "IDEMPOTENCY_TTL_SECONDS", int, DEFAULT_IDEMPOTENCY_TTL_SECONDS, minimum=1)
    url = _text(settings, "REDIS_URL")
    sentinels = _text(settings, "REDIS_SENTINELS")
    if url is not None and sentinels is not None:
        raise ValueError("set REDIS_URL or REDIS_SENTINELS, not both")
    store: Store
    if url is not None:
        store = RedisStore.from_url(
            url, ttl_seconds=ttl, idempotency_ttl_seconds=idempotency_ttl, options=redis_options(settings)
        )
    elif sentinels is not None:
        store = RedisStore.from_sentinels(
            _sentinels(sentinels),
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
    log.info("state store: %s; matches expire after %d idle seconds", store.description, ttl)
    return store
