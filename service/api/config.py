"""Settings from environment variables, read once into a typed, immutable object: the one place the
service reads its configuration (gunicorn's settings, the app, the store, the limiter and the
metrics all take theirs from ``Settings``), with environs (marshmallow's fields and validators).

``Settings.from_env()`` reads every variable of ``VARIABLES`` (name, meaning, default); the README's
table lists the same ones, and a test fails when the two differ. A value that cannot be used stops
the start with a ``ConfigError`` naming every variable that is wrong, at once. A variable set to an
empty string counts as unset.

``WEB_CONCURRENCY`` defaults to 1 when matches are kept in memory and to ``2 × cores + 1`` when a
Redis store is configured. More than one worker on the memory store is refused: each worker would
hold matches of its own, so most requests would find no match.

Rate limits are written as the ``limits`` library reads them (``10/second;300/minute``: every one
applies); ``service/api/limits.py`` says what each one covers. They are on wherever the service
runs, since ``gunicorn.conf.py`` (the server's configuration: ``scripts/serve.sh``, the image, k8s)
sets ``RATELIMIT_ENABLED=true`` unless it is set already; ``RATELIMIT_ENABLED=false`` turns them
off. Read without it, as in tests and tools (``Settings()``), they are off.

``IDEMPOTENCY_SECRET`` unset: with Redis, a secret is made once and kept in the store (``SET NX``),
so every worker and replica shares it; in memory, one per process (there is one process).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import marshmallow as ma
from environs import Env, EnvError
from marshmallow.validate import Length, OneOf, Range

from service.store.base import DEFAULT_IDEMPOTENCY_TTL_SECONDS, DEFAULT_TTL_SECONDS

if TYPE_CHECKING:  # imported when used: redis must not be imported before gevent patches a worker
    from service.store.factory import StoreSettings
    from service.store.redis_wire import RedisOptions

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
#: the shortest IDEMPOTENCY_SECRET accepted (bytes)
MIN_SECRET_BYTES = 16
#: the Sentinels' name for the master when none is given (``service.store.factory`` has the same)
DEFAULT_SENTINEL_MASTER = "referee"
#: the store's connection settings when none are given: ``RedisOptions``' own defaults (a test
#: checks that they are the same), written here so that reading the settings imports no Redis client
REDIS_DEFAULTS: dict[str, float | int] = {"socket_timeout": 0.5, "connect_timeout": 0.5, "retries": 1, "pool_size": 50,
                                          "health_check_interval": 10, "ping_timeout": 0.25, "wait_timeout": 0.1}

#: every variable the service reads: name -> (meaning, default as the README writes it)
VARIABLES: dict[str, tuple[str, str]] = {
    "PORT": ("TCP port gunicorn binds", "8000"),
    "HOST": ("address gunicorn binds", "0.0.0.0"),
    "WEB_CONCURRENCY": ("gunicorn worker processes", "1 without Redis, 2 × cores + 1 with it"),
    "WORKER_CLASS": ("gunicorn worker class: gevent, gthread or sync", "gevent"),
    "WORKER_CONNECTIONS": ("connections (open streams too) one gevent worker holds at once", "2000"),
    "WORKER_THREADS": ("threads of a gthread worker", "1"),
    "KEEPALIVE_SECONDS": ("an idle kept-alive connection waits this long for its next request", "75"),
    "REQUEST_TIMEOUT_SECONDS": ("a request's head, then its body, must arrive within this (gevent workers)", "10"),
    "MAX_CONNECTIONS_PER_ADDRESS": ("connections one client address holds to one worker process (gevent "
                                    "workers, with TRUSTED_PROXIES=0); 0: no cap", "100"),
    "REDIS_URL": ("the Redis of the match store (redis://[:password@]host:port/db, rediss://, unix://)", "unset"),
    "REDIS_SENTINELS": ("host:port,... of Redis Sentinels, instead of REDIS_URL", "unset"),
    "REDIS_SENTINEL_MASTER": ("the Sentinels' name for the master", DEFAULT_SENTINEL_MASTER),
    "REDIS_CLUSTER_NODES": ("host:port,... of a Redis Cluster's nodes, instead of REDIS_URL", "unset"),
    "REDIS_PASSWORD": ("password of the master found through Sentinels, or of the cluster's nodes", "none"),
    "REDIS_SENTINEL_PASSWORD": ("password the Sentinels ask for (their requirepass)", "none"),
    "REDIS_DB": ("database number with Sentinels", "0"),
    "REDIS_TLS": ("TLS to Redis (Sentinels and cluster nodes too); a rediss:// REDIS_URL needs it on",
                  "true with a rediss:// REDIS_URL, else false"),
    "REDIS_TLS_CA_FILE": ("CA certificate file that signed Redis's certificate", "the system's CAs"),
    "REDIS_TLS_CERT_FILE": ("client certificate file, when Redis asks for one (tls-auth-clients)", "none"),
    "REDIS_TLS_KEY_FILE": ("the client certificate's key file", "none"),
    "REDIS_SOCKET_TIMEOUT": ("seconds one Redis command may take", "0.5"),
    "REDIS_CONNECT_TIMEOUT": ("seconds a Redis connection may take", "0.5"),
    "REDIS_RETRIES": ("retries of a command after a broken connection or a timeout", "1"),
    "REDIS_HEALTH_CHECK_INTERVAL": ("idle seconds after which a pooled connection is pinged before use",
                                    "10"),
    "REDIS_PING_TIMEOUT": ("timeout of the store's health check (no retries)", "0.25"),
    "REDIS_MIN_REPLICAS_ACK": ("replicas that must acknowledge a commit (WAIT)", "1 with Sentinels, else 0"),
    "REDIS_WAIT_TIMEOUT": ("seconds a commit waits for those acknowledgements", "0.1"),
    "REDIS_POOL_SIZE": ("store calls (so connections to each Redis node) one worker process has at once; "
                        "one more waits up to REDIS_SOCKET_TIMEOUT, then answers 503", "50"),
    "MATCH_TTL_SECONDS": ("idle time after which a match expires", str(DEFAULT_TTL_SECONDS)),
    "IDEMPOTENCY_TTL_SECONDS": ("how long the answer to an Idempotency-Key is kept",
                                str(DEFAULT_IDEMPOTENCY_TTL_SECONDS)),
    "IDEMPOTENCY_SECRET": ("the server secret sealing idempotent create answers (16+ characters; the same "
                           "on every worker and replica)", "made once and kept in Redis; per process in memory"),
    "MAX_BODY_BYTES": ("largest request body (413 beyond)", "65536"),
    "LOG_LEVEL": ("debug, info, warning, error", "info"),
    "LOG_FORMAT": ("json (one JSON object a line) or text", "text"),
    "RATELIMIT_ENABLED": ("false turns every rate limit off", "true (set by gunicorn.conf.py)"),
    "RATELIMIT_CREATE": ("match creations per client address", DEFAULT_LIMITS["create"]),
    "RATELIMIT_MATCH_WRITE": ("actions, undos, deletes per bearer token", DEFAULT_LIMITS["match_write"]),
    "RATELIMIT_MATCH_READ": ("view, events, rounds, record, opening a stream, per bearer token",
                             DEFAULT_LIMITS["match_read"]),
    "RATELIMIT_ADDRESS": ("every match endpoint together, per client address", DEFAULT_LIMITS["address"]),
    "RATELIMIT_RULES": ("the /v1/rulesets endpoints per client address", DEFAULT_LIMITS["rules"]),
    "RATELIMIT_STREAMS": ("live streams one bearer token holds open at once, per worker process", "5"),
    "RATELIMIT_STORAGE_URI": ("where the counts live", "the store's Redis, else memory"),
    "RATELIMIT_POOL_SIZE": ("Redis connections the limiter opens per worker process", "50"),
    "TRUSTED_PROXIES": ("proxies in front whose X-Forwarded-For is believed (0: the peer is the client)", "0"),
    "METRICS_PORT": ("serve /metrics on this port only (by gunicorn's master), or off", "unset: the app's port"),
    "PROMETHEUS_MULTIPROC_DIR": ("where each worker writes its metric samples (made and emptied at start)",
                                 "a new temporary directory"),
    "BUILD_REVISION": ("the build's revision, shown by referee_build_info", "unknown"),
    "STREAM_HEARTBEAT_SECONDS": ("a comment line on an idle event stream every this often (below 20)", "15"),
    "STREAM_MAX_SECONDS": ("an event stream ends after this long (the client reconnects)", "600"),
    "CORS_ORIGINS": ("browser origins allowed cross-origin (comma-separated, or *)", "unset: none"),
}

Nodes = tuple[tuple[str, int], ...]


class ConfigError(ValueError):
    """An environment variable holds a value the service cannot use."""


@dataclass(frozen=True, slots=True)
class Settings:
    port: int = 8000
    host: str = "0.0.0.0"
    web_concurrency: int = 1
    redis_url: str | None = field(default=None, repr=False)
    redis_sentinels: Nodes = ()
    redis_sentinel_master: str = DEFAULT_SENTINEL_MASTER
    redis_cluster_nodes: Nodes = ()
    redis_password: str | None = field(default=None, repr=False)
    redis_sentinel_password: str | None = field(default=None, repr=False)
    redis_db: int = 0
    redis_tls: bool = False
    redis_tls_ca_file: str | None = None
    redis_tls_cert_file: str | None = None
    redis_tls_key_file: str | None = None
    redis_socket_timeout: float = float(REDIS_DEFAULTS["socket_timeout"])
    redis_connect_timeout: float = float(REDIS_DEFAULTS["connect_timeout"])
    redis_retries: int = int(REDIS_DEFAULTS["retries"])
    redis_health_check_interval: int = int(REDIS_DEFAULTS["health_check_interval"])
    redis_ping_timeout: float = float(REDIS_DEFAULTS["ping_timeout"])
    redis_min_replicas_ack: int | None = None
    redis_wait_timeout: float = float(REDIS_DEFAULTS["wait_timeout"])
    redis_pool_size: int = int(REDIS_DEFAULTS["pool_size"])
    match_ttl_seconds: int = DEFAULT_TTL_SECONDS
    idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS
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
    ratelimit_pool_size: int = 50
    trusted_proxies: int = 0
    metrics_port: int | None = None
    metrics_enabled: bool = True
    prometheus_multiproc_dir: str | None = None
    build_revision: str = "unknown"
    stream_heartbeat_seconds: float = 15.0
    stream_max_seconds: float = 600.0
    cors_origins: tuple[str, ...] = ()
    worker_class: str = "gevent"
    worker_connections: int = 2000
    worker_threads: int = 1
    keepalive_seconds: int = 75
    request_timeout_seconds: float = 10.0
    max_connections_per_address: int = 100

    @property
    def bind(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def uses_redis(self) -> bool:
        return bool(self.redis_url or self.redis_sentinels or self.redis_cluster_nodes)

    @property
    def redis_options(self) -> RedisOptions:
        """The store's connection behaviour (``service.store.redis_wire.RedisOptions``)."""
        from service.store.redis_wire import RedisOptions

        return RedisOptions(
            socket_timeout=self.redis_socket_timeout, connect_timeout=self.redis_connect_timeout,
            retries=self.redis_retries, health_check_interval=self.redis_health_check_interval,
            ping_timeout=self.redis_ping_timeout, min_replicas_ack=self.redis_min_replicas_ack,
            wait_timeout=self.redis_wait_timeout, tls=self.redis_tls, tls_ca_file=self.redis_tls_ca_file,
            tls_cert_file=self.redis_tls_cert_file, tls_key_file=self.redis_tls_key_file,
            pool_size=self.redis_pool_size,
        )

    @property
    def store(self) -> StoreSettings:
        """What the store factory needs (``service.store.factory.make_store``)."""
        from service.store.factory import StoreSettings

        return StoreSettings(
            redis_url=self.redis_url, redis_sentinels=self.redis_sentinels,
            redis_sentinel_master=self.redis_sentinel_master, redis_cluster_nodes=self.redis_cluster_nodes,
            redis_password=self.redis_password, redis_sentinel_password=self.redis_sentinel_password,
            redis_db=self.redis_db, ttl_seconds=self.match_ttl_seconds,
            idempotency_ttl_seconds=self.idempotency_ttl_seconds, options=self.redis_options,
        )

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """The settings ``env`` (default: ``os.environ``) gives; ``ConfigError`` naming every variable
        that cannot be used."""
        reader = _Reader(os.environ if env is None else env)
        values = _read(reader)
        try:
            reader.seal()
        except EnvError as err:
            raise ConfigError(_errors_text(getattr(err, "error_messages", {}) or {"settings": [str(err)]})) from None
        return _checked(values)


class _Reader(Env):
    """environs' reader over a mapping given (the environment by default); blank values are unset."""

    def __init__(self, source: Mapping[str, str]) -> None:
        super().__init__(eager=False)
        self._source = source

    def _get_value(self, env_key: str, default: Any) -> Any:
        raw = self._source.get(env_key)
        return default if raw is None or not str(raw).strip() else str(raw).strip()


class _Nodes(ma.fields.Field):
    """``host:port,host:port,...`` as a tuple of pairs."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Nodes:
        out: list[tuple[str, int]] = []
        for item in (part.strip() for part in str(value).split(",")):
            if not item:
                continue
            host, sep, port = item.rpartition(":")
            if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
                raise ma.ValidationError(f"must be host:port entries separated by commas; got {item!r}")
            out.append((host.strip("[]"), int(port)))
        return tuple(out)


class _Limits(ma.fields.String):
    """A rate limit as the ``limits`` library reads it (``10/second;300/minute``)."""

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        from limits import parse_many

        text = str(super()._deserialize(value, attr, data, **kwargs))
        try:
            parse_many(text)
        except ValueError:
            raise ma.ValidationError(f"must be limits such as '10/second;300/minute'; got {text!r}") from None
        return text


class _Lower(ma.fields.String):
    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> str:
        return str(super()._deserialize(value, attr, data, **kwargs)).lower()




def _read(env: _Reader) -> dict[str, Any]:
    env.add_parser_from_field("nodes", _Nodes)
    env.add_parser_from_field("limits", _Limits)
    env.add_parser_from_field("lower", _Lower)
    seconds = {"validate": Range(min=0.001, max=86400.0)}
    v: dict[str, Any] = {
        "port": env.int("PORT", 8000, validate=Range(min=1, max=65535)),
        "host": env.str("HOST", "0.0.0.0"),
        "redis_url": env.str("REDIS_URL", None),
        "redis_sentinels": env.nodes("REDIS_SENTINELS", ()),
        "redis_sentinel_master": env.str("REDIS_SENTINEL_MASTER", DEFAULT_SENTINEL_MASTER),
        "redis_cluster_nodes": env.nodes("REDIS_CLUSTER_NODES", ()),
        "redis_password": env.str("REDIS_PASSWORD", None),
        "redis_sentinel_password": env.str("REDIS_SENTINEL_PASSWORD", None),
        "redis_db": env.int("REDIS_DB", 0, validate=Range(min=0, max=65535)),
        "redis_tls": env.bool("REDIS_TLS", None),
        "redis_tls_ca_file": env.str("REDIS_TLS_CA_FILE", None),
        "redis_tls_cert_file": env.str("REDIS_TLS_CERT_FILE", None),
        "redis_tls_key_file": env.str("REDIS_TLS_KEY_FILE", None),
        "match_ttl_seconds": env.int("MATCH_TTL_SECONDS", DEFAULT_TTL_SECONDS,
                                     validate=Range(min=1, max=10 * 365 * 86400)),
        "idempotency_ttl_seconds": env.int("IDEMPOTENCY_TTL_SECONDS", DEFAULT_IDEMPOTENCY_TTL_SECONDS,
                                           validate=Range(min=1, max=365 * 86400)),
        "log_level": env.lower("LOG_LEVEL", "info", validate=OneOf(LOG_LEVELS)),
        "log_format": env.lower("LOG_FORMAT", "text", validate=OneOf(LOG_FORMATS)),
        "max_body_bytes": env.int("MAX_BODY_BYTES", 65536, validate=Range(min=1024, max=64 * 1024 * 1024)),
        "idempotency_secret": env.str("IDEMPOTENCY_SECRET", None, validate=Length(min=MIN_SECRET_BYTES)),
        "ratelimit_enabled": env.bool("RATELIMIT_ENABLED", False),
        "ratelimit_create": env.limits("RATELIMIT_CREATE", DEFAULT_LIMITS["create"]),
        "ratelimit_match_write": env.limits("RATELIMIT_MATCH_WRITE", DEFAULT_LIMITS["match_write"]),
        "ratelimit_match_read": env.limits("RATELIMIT_MATCH_READ", DEFAULT_LIMITS["match_read"]),
        "ratelimit_rules": env.limits("RATELIMIT_RULES", DEFAULT_LIMITS["rules"]),
        "ratelimit_address": env.limits("RATELIMIT_ADDRESS", DEFAULT_LIMITS["address"]),
        "ratelimit_streams": env.int("RATELIMIT_STREAMS", 5, validate=Range(min=1, max=10_000)),
        "ratelimit_storage_uri": env.str("RATELIMIT_STORAGE_URI", None),
        "ratelimit_pool_size": env.int("RATELIMIT_POOL_SIZE", 50, validate=Range(min=1, max=10_000)),
        "trusted_proxies": env.int("TRUSTED_PROXIES", 0, validate=Range(min=0, max=10)),
        "metrics_port": env.str("METRICS_PORT", None),
        "prometheus_multiproc_dir": env.str("PROMETHEUS_MULTIPROC_DIR", None),
        "build_revision": env.str("BUILD_REVISION", "unknown"),
        "stream_heartbeat_seconds": env.float("STREAM_HEARTBEAT_SECONDS", 15.0, validate=Range(min=0.05, max=3600.0)),
        "stream_max_seconds": env.float("STREAM_MAX_SECONDS", 600.0, validate=Range(min=0.1, max=86400.0)),
        "cors_origins": env.list("CORS_ORIGINS", []),
        "worker_class": env.lower("WORKER_CLASS", "gevent", validate=OneOf(WORKER_CLASSES)),
        "worker_connections": env.int("WORKER_CONNECTIONS", 2000, validate=Range(min=1, max=100_000)),
        "worker_threads": env.int("WORKER_THREADS", 1, validate=Range(min=1, max=10_000)),
        "keepalive_seconds": env.int("KEEPALIVE_SECONDS", 75, validate=Range(min=0, max=3600)),
        "request_timeout_seconds": env.float("REQUEST_TIMEOUT_SECONDS", 10.0, **seconds),
        "max_connections_per_address": env.int("MAX_CONNECTIONS_PER_ADDRESS", 100, validate=Range(min=0, max=100_000)),
        "web_concurrency": env.int("WEB_CONCURRENCY", None, validate=Range(min=1, max=512)),
        "redis_socket_timeout": env.float("REDIS_SOCKET_TIMEOUT", REDIS_DEFAULTS["socket_timeout"], **seconds),
        "redis_connect_timeout": env.float("REDIS_CONNECT_TIMEOUT", REDIS_DEFAULTS["connect_timeout"], **seconds),
        "redis_retries": env.int("REDIS_RETRIES", int(REDIS_DEFAULTS["retries"]), validate=Range(min=0, max=100)),
        "redis_health_check_interval": env.int(
            "REDIS_HEALTH_CHECK_INTERVAL", int(REDIS_DEFAULTS["health_check_interval"]), validate=Range(min=0)
        ),
        "redis_ping_timeout": env.float("REDIS_PING_TIMEOUT", REDIS_DEFAULTS["ping_timeout"], **seconds),
        "redis_min_replicas_ack": env.int("REDIS_MIN_REPLICAS_ACK", None, validate=Range(min=0, max=100)),
        "redis_wait_timeout": env.float("REDIS_WAIT_TIMEOUT", REDIS_DEFAULTS["wait_timeout"], **seconds),
        "redis_pool_size": env.int(
            "REDIS_POOL_SIZE", int(REDIS_DEFAULTS["pool_size"]), validate=Range(min=1, max=10_000)
        ),
    }
    return v


def _checked(v: dict[str, Any]) -> Settings:
    """The settings from values read, with what depends on several of them checked and derived."""
    uses_redis = bool(v["redis_url"] or v["redis_sentinels"] or v["redis_cluster_nodes"])
    chosen = [name for name, key in (("REDIS_URL", "redis_url"), ("REDIS_SENTINELS", "redis_sentinels"),
                                     ("REDIS_CLUSTER_NODES", "redis_cluster_nodes")) if v[key]]
    if len(chosen) > 1:
        which = f"both {chosen[0]} and {chosen[1]}" if len(chosen) == 2 else "all three"
        raise ConfigError(f"set one of REDIS_URL, REDIS_SENTINELS and REDIS_CLUSTER_NODES, not {which}")
    rediss = bool(v["redis_url"]) and v["redis_url"].startswith("rediss://")
    if v["redis_tls"] is None:
        v["redis_tls"] = rediss
    elif v["redis_url"] and v["redis_tls"] != rediss:
        raise ConfigError("REDIS_TLS must agree with REDIS_URL: a rediss:// URL for TLS, redis:// or unix:// without")
    for name in ("REDIS_TLS_CA_FILE", "REDIS_TLS_CERT_FILE", "REDIS_TLS_KEY_FILE"):
        path = v[name.lower()]
        if path is not None and not v["redis_tls"]:
            raise ConfigError(f"{name} is set but TLS to Redis is off (REDIS_TLS, or a rediss:// REDIS_URL)")
        if path is not None and not os.path.isfile(path):
            raise ConfigError(f"{name}: no file at {path}")
    if (v["redis_tls_cert_file"] is None) != (v["redis_tls_key_file"] is None):
        raise ConfigError("set REDIS_TLS_CERT_FILE and REDIS_TLS_KEY_FILE together (a client certificate and its key)")
    workers = v.pop("web_concurrency")
    if workers is None:
        workers = 2 * (os.cpu_count() or 1) + 1 if uses_redis else 1
    if workers > 1 and not uses_redis:
        raise ConfigError(
            f"WEB_CONCURRENCY={workers} without REDIS_URL: each worker would keep its own matches in "
            "memory and most requests would find no match. Set REDIS_URL (or REDIS_SENTINELS, or "
            "REDIS_CLUSTER_NODES) to run several workers, or WEB_CONCURRENCY=1."
        )
    metrics = v.pop("metrics_port")
    metrics_off = metrics is not None and metrics.lower() == "off"
    metrics_port = None
    if metrics is not None and not metrics_off:
        if not metrics.isdigit() or not 1 <= int(metrics) <= 65535:
            raise ConfigError(f"METRICS_PORT must be a port from 1 to 65535, or off; got {metrics!r}")
        metrics_port = int(metrics)
    secret = v.pop("idempotency_secret")
    return Settings(
        web_concurrency=workers,
        metrics_port=metrics_port,
        metrics_enabled=not metrics_off,
        idempotency_secret=secret.encode() if secret is not None else None,
        cors_origins=tuple(o.strip() for o in v.pop("cors_origins") if o.strip()),
        **v,
    )


def _errors_text(errors: Mapping[str, Any]) -> str:
    """Every refused variable with environs' reasons, the secret's value never shown."""
    parts = []
    for name, reasons in errors.items():
        listed = reasons if isinstance(reasons, list) else [reasons]
        parts.append(f"{name}: {'; '.join(str(r) for r in listed)}")
    return "; ".join(parts)
