"""Settings from environment variables, read once into a typed, immutable object.

``Settings.from_env()`` reads:

=======================  ==========================================================  ==========
variable                 meaning                                                     default
=======================  ==========================================================  ==========
``PORT``                 TCP port gunicorn binds                                     ``8000``
``HOST``                 address gunicorn binds                                      ``0.0.0.0``
``WEB_CONCURRENCY``      gunicorn worker processes                                   see below
``REDIS_URL``            Redis for matches (unset: in memory, one process)           unset
``REDIS_SENTINELS``      ``host:port,host:port`` of Redis Sentinels (instead of URL) unset
``REDIS_SENTINEL_MASTER``  the Sentinel master name                                  ``referee``
``MATCH_TTL_SECONDS``    idle time after which a match expires                       ``604800``
``LOG_LEVEL``            ``debug`` / ``info`` / ``warning`` / ``error``              ``info``
``LOG_FORMAT``           ``json`` (one JSON object a line) or ``text`` (readable)    ``text``
``MAX_BODY_BYTES``       largest request body accepted (413 beyond)                  ``65536``
``RATELIMIT_ENABLED``    ``false`` turns the rate limits off                          see below
``RATELIMIT_CREATE``     match creations per client address                           ``20/minute;200/day``
``RATELIMIT_MATCH_WRITE``  actions, undos, deletes per token                          ``10/second;300/minute``
``RATELIMIT_MATCH_READ``   reads of a match per token                                 ``30/second``
``RATELIMIT_RULES``      rules endpoints per client address                           ``50/second``
``RATELIMIT_ADDRESS``    every match endpoint together, per client address            ``100/second``
``RATELIMIT_STREAMS``    live streams one token holds open at once, per worker process  ``5``
``RATELIMIT_STORAGE_URI``  where the counts live (``memory://``, ``redis://...``)     the store's Redis, else memory
``METRICS_PORT``         ``/metrics`` on its own port (``9100``), or ``off``            on the app's port
``TRUSTED_PROXIES``      proxies in front whose ``X-Forwarded-For`` is believed       ``0``
``STREAM_HEARTBEAT_SECONDS``  a comment on an idle event stream every this many seconds  ``15``
``STREAM_MAX_SECONDS``   an event stream ends after this long (the client reconnects)  ``600``
``WORKER_CLASS``         gunicorn worker class: ``gevent``, ``gthread`` or ``sync``       ``gevent``
``WORKER_CONNECTIONS``   connections (open streams too) one gevent worker holds       ``2000``
``WORKER_THREADS``       threads of a ``gthread`` worker                              ``1``
``CORS_ORIGINS``         browser origins allowed cross-origin (comma-separated, or   unset: none
                         ``*``); unset: no cross-origin access
``IDEMPOTENCY_SECRET``   the server secret sealing idempotent create answers (16+    a random
                         characters; the same on every worker and replica)         one per process
=======================  ==========================================================  ==========

``WEB_CONCURRENCY`` defaults to 1 when matches are kept in memory and to ``2 × cores + 1`` when a
Redis store is configured. More than one worker on the memory store is refused: each worker would
hold matches of its own, so most requests would find no match.

Rate limits are written as the ``limits`` library reads them (``10/second;300/minute``: every one
applies); ``service/api/limits.py`` says what each one covers. They are on wherever the service
runs, since ``gunicorn.conf.py`` (the server's configuration: ``scripts/serve.sh``, the image, k8s)
sets ``RATELIMIT_ENABLED=true`` unless it is set already; ``RATELIMIT_ENABLED=false`` turns them
off. Read without it, as in tests and tools (``Settings()``), they are off.

A value that cannot be read stops the start with a ``ConfigError`` naming the variable.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

LOG_LEVELS = ("debug", "info", "warning", "error", "critical")
LOG_FORMATS = ("json", "text")
#: the rate limits when the environment sets none (service/api/limits.py says what each covers)
DEFAULT_LIMITS = {
    "create": "20/minute;200/day",
    "match_write": "10/second;300/minute",
    "match_read": "30/second",
    "rules": "50/second",
    "address": "100/second",
}
#: the gunicorn worker classes the service runs under (gevent: streams and slow clients; see gunicorn.conf.py)
WORKER_CLASSES = ("gevent", "gthread", "sync")


class ConfigError(ValueError):
    """An environment variable holds a value the service cannot use."""


@dataclass(frozen=True, slots=True)
class Settings:
    port: int = 8000
    host: str = "0.0.0.0"
    web_concurrency: int = 1
    redis_url: str | None = None
    redis_sentinels: tuple[tuple[str, int], ...] = ()
    redis_sentinel_master: str = "referee"
    redis_cluster: bool = False
    match_ttl_seconds: int = 604800
    log_level: str = "info"
    log_format: str = "text"
    max_body_bytes: int = 65536
    idempotency_secret: bytes | None = field(default=None, repr=False)
    ratelimit_enabled: bool = False
    ratelimit_create: str = DEFAULT_LIMITS["create"]
    ratelimit_match_write: str = DEFAULT_LIMITS["match_write"]
    ratelimit_match_read: str = DEFAULT_LIMITS["match_read"]
    ratelimit_rules: str = DEFAULT_LIMITS["rules"]
    ratelimit_address: str = DEFAULT_LIMITS["address"]
    ratelimit_streams: int = 5
    ratelimit_storage_uri: str | None = field(default=None, repr=False)
    trusted_proxies: int = 0
    metrics_port: int | None = None
    metrics_enabled: bool = True
    stream_heartbeat_seconds: float = 15.0
    stream_max_seconds: float = 600.0
    cors_origins: tuple[str, ...] = ()
    worker_class: str = "gevent"
    worker_connections: int = 2000
    worker_threads: int = 1

    @property
    def bind(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def uses_redis(self) -> bool:
        return bool(self.redis_url or self.redis_sentinels or self.redis_cluster)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        sentinels = _sentinels(env.get("REDIS_SENTINELS", ""))
        redis_url = env.get("REDIS_URL") or None
        cluster = bool((env.get("REDIS_CLUSTER_NODES") or "").strip())
        uses_redis = bool(redis_url or sentinels or cluster)
        default_workers = 2 * (os.cpu_count() or 1) + 1 if uses_redis else 1
        log_level = env.get("LOG_LEVEL", "info").strip().lower() or "info"
        if log_level not in LOG_LEVELS:
            raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}; got {log_level!r}")
        log_format = env.get("LOG_FORMAT", "text").strip().lower() or "text"
        if log_format not in LOG_FORMATS:
            raise ConfigError(f"LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}; got {log_format!r}")
        metrics_off = (env.get("METRICS_PORT") or "").strip().lower() == "off"
        workers = _int(env, "WEB_CONCURRENCY", default_workers, 1, 512)
        if workers > 1 and not uses_redis:
            raise ConfigError(
                f"WEB_CONCURRENCY={workers} without REDIS_URL: each worker would keep its own matches in "
                "memory and most requests would find no match. Set REDIS_URL (or REDIS_SENTINELS, or "
                "REDIS_CLUSTER_NODES) to run several workers, or WEB_CONCURRENCY=1."
            )
        worker_class = env.get("WORKER_CLASS", "gevent").strip().lower() or "gevent"
        if worker_class not in WORKER_CLASSES:
            raise ConfigError(f"WORKER_CLASS must be one of {', '.join(WORKER_CLASSES)}; got {worker_class!r}")
        secret = env.get("IDEMPOTENCY_SECRET") or None
        if secret is not None and len(secret.encode()) < 16:
            raise ConfigError("IDEMPOTENCY_SECRET must be at least 16 characters (use a long random string)")
        return cls(
            port=_int(env, "PORT", 8000, 1, 65535),
            host=env.get("HOST", "0.0.0.0").strip() or "0.0.0.0",
            web_concurrency=workers,
            redis_url=redis_url,
            redis_sentinels=sentinels,
            redis_sentinel_master=env.get("REDIS_SENTINEL_MASTER", "referee").strip() or "referee",
            redis_cluster=cluster,
            match_ttl_seconds=_int(env, "MATCH_TTL_SECONDS", 604800, 1, 10 * 365 * 86400),
            log_level=log_level,
            log_format=log_format,
            max_body_bytes=_int(env, "MAX_BODY_BYTES", 65536, 1024, 64 * 1024 * 1024),
            idempotency_secret=secret.encode() if secret is not None else None,
            ratelimit_enabled=_bool(env, "RATELIMIT_ENABLED", False),
            ratelimit_create=_limit(env, "RATELIMIT_CREATE", DEFAULT_LIMITS["create"]),
            ratelimit_match_write=_limit(env, "RATELIMIT_MATCH_WRITE", DEFAULT_LIMITS["match_write"]),
            ratelimit_match_read=_limit(env, "RATELIMIT_MATCH_READ", DEFAULT_LIMITS["match_read"]),
            ratelimit_rules=_limit(env, "RATELIMIT_RULES", DEFAULT_LIMITS["rules"]),
            ratelimit_address=_limit(env, "RATELIMIT_ADDRESS", DEFAULT_LIMITS["address"]),
            ratelimit_streams=_int(env, "RATELIMIT_STREAMS", 5, 1, 10_000),
            ratelimit_storage_uri=env.get("RATELIMIT_STORAGE_URI") or None,
            trusted_proxies=_int(env, "TRUSTED_PROXIES", 0, 0, 10),
            metrics_port=None if metrics_off else _int(env, "METRICS_PORT", 0, 1, 65535) or None,
            metrics_enabled=not metrics_off,
            stream_heartbeat_seconds=_float(env, "STREAM_HEARTBEAT_SECONDS", 15.0, 0.05, 3600.0),
            stream_max_seconds=_float(env, "STREAM_MAX_SECONDS", 600.0, 0.1, 86400.0),
            worker_class=worker_class,
            worker_connections=_int(env, "WORKER_CONNECTIONS", 2000, 1, 100_000),
            worker_threads=_int(env, "WORKER_THREADS", 1, 1, 10_000),
            cors_origins=tuple(o.strip() for o in env.get("CORS_ORIGINS", "").split(",") if o.strip()),
        )


def _int(env: Mapping[str, str], name: str, default: int, lo: int, hi: int) -> int:
    raw = env.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ConfigError(f"{name} must be an integer; got {raw!r}") from None
    if not lo <= value <= hi:
        raise ConfigError(f"{name} must be from {lo} to {hi}; got {value}")
    return value


def _bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = (env.get(name) or "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{name} must be true or false; got {raw!r}")


def _limit(env: Mapping[str, str], name: str, default: str) -> str:
    """A rate limit as the ``limits`` library reads it (``10/second;300/minute``)."""
    from limits import parse_many

    raw = (env.get(name) or "").strip() or default
    try:
        parse_many(raw)
    except ValueError:
        raise ConfigError(f"{name} must be limits such as '10/second;300/minute'; got {raw!r}") from None
    return raw
def _float(env: Mapping[str, str], name: str, default: float, lo: float, hi: float) -> float:
    raw = env.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = float(raw.strip())
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds; got {raw!r}") from None
    if not lo <= value <= hi:
        raise ConfigError(f"{name} must be from {lo:g} to {hi:g}; got {value:g}")
    return value


def _sentinels(raw: str) -> tuple[tuple[str, int], ...]:
    out: list[tuple[str, int]] = []
    for item in (part.strip() for part in raw.split(",")):
        if not item:
            continue
        host, sep, port = item.rpartition(":")
        if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ConfigError(f"REDIS_SENTINELS must be host:port entries separated by commas; got {item!r}")
        out.append((host.strip("[]"), int(port)))
    return tuple(out)
