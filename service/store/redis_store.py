"""The Redis store: every worker and replica shares the state (DESIGN.md §5).

Layout, all under the match's hash tag ``{match:<id>}`` (one Cluster slot per match):

* ``{match:<id>}:doc``: a hash; ``v`` the version, ``d`` the document JSON, ``s`` the last event
  sequence number, ``c`` the id of the commit that wrote it;
* ``{match:<id>}:events``: a Stream whose entry ``<seq>-0`` holds field ``d``, the event JSON
  (so a live feed can later tail it with ``XREAD`` from a ``Last-Event-ID``);
* ``{match:<id>}:idem:<key>``: one string per idempotency record, with its own expiry (``delete``
  leaves these to it, so deleting never scans the keyspace).

Creating a match and each compare-and-set save are one Lua script each, so one round trip: check
the version, write the document, append the events, store the idempotency record and refresh the
expiry of the document and the stream, atomically. Scripts run by ``EVALSHA`` and are reloaded
after ``NOSCRIPT`` (a restarted Redis has an empty script cache). They declare themselves with a
``#!lua`` shebang, so Redis 7 or later is required.

Every commit carries a random id stored with the document. redis-py retries a command whose
connection broke, and a broken connection can lose the reply of a script that did run; the retried
script then recognises its own commit and reports success instead of a version conflict, so an
accepted action is neither lost nor applied twice.

Timeouts and retries are explicit and short (``RedisOptions``); any failure to reach Redis, or a
Redis that cannot take writes right now (loading, read-only replica, out of memory, failed disk),
raises ``StoreUnavailable``. The connection pool reconnects by itself, so the same store object
works again as soon as Redis answers. ``ping`` uses a separate client that never retries.

The idempotency record written with ``create`` (scope ``create:<key>``) is global, not in the new
match's slot; the create script therefore needs a single Redis node (standalone, or the master a
Sentinel points to), which is how the service deploys.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import redis
from redis import exceptions as rx
from redis.backoff import ExponentialBackoff, NoBackoff
from redis.commands.core import Script
from redis.retry import Retry
from redis.sentinel import Sentinel

from service.store.base import (
    DEFAULT_IDEMPOTENCY_TTL_SECONDS,
    DEFAULT_TTL_SECONDS,
    JSON,
    Event,
    IdempotencyConflict,
    IdempotencyRecord,
    Loaded,
    MatchExists,
    MatchNotFound,
    StoreUnavailable,
    VersionConflict,
)
from service.store.encoding import dump_record, dumps, load_record, loads
from service.store.keys import doc_key, events_key, is_valid_match_id, require_valid_match_id

# KEYS: doc, events[, record]. ARGV: document, ttl ms, commit id, record ttl ms, record, events...
# Returns 1 (created), -1 (exists), -3 (idempotency key taken).
# The shebang (Redis 7) makes Redis refuse the whole script up front, before any write, when it is
# out of memory or a read-only replica, instead of failing or passing half-way through it.
CREATE_SCRIPT = """#!lua
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('HGET', KEYS[1], 'c') == ARGV[3] then return 1 end
  return -1
end
if KEYS[3] and redis.call('EXISTS', KEYS[3]) == 1 then return -3 end
redis.call('DEL', KEYS[2])
local seq = 0
for i = 6, #ARGV do
  seq = seq + 1
  redis.call('XADD', KEYS[2], seq .. '-0', 'd', ARGV[i])
end
redis.call('HSET', KEYS[1], 'v', 1, 'd', ARGV[1], 's', seq, 'c', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[5], 'PX', ARGV[4]) end
return 1
"""

# KEYS: doc, events[, record]. ARGV: expected version, document, ttl ms, commit id, record ttl ms,
# record, events... Returns {new version}, {-1} (no match), {-2, version} (conflict), {-3} (key taken).
SAVE_SCRIPT = """#!lua
local cur = redis.call('HMGET', KEYS[1], 'v', 's', 'c')
if not cur[1] then return {-1} end
local version = tonumber(cur[1])
local expected = tonumber(ARGV[1])
if version ~= expected then
  if version == expected + 1 and cur[3] == ARGV[4] then return {version} end
  return {-2, version}
end
if KEYS[3] and redis.call('EXISTS', KEYS[3]) == 1 then return {-3} end
local seq = tonumber(cur[2])
for i = 7, #ARGV do
  seq = seq + 1
  redis.call('XADD', KEYS[2], seq .. '-0', 'd', ARGV[i])
end
version = version + 1
redis.call('HSET', KEYS[1], 'v', version, 'd', ARGV[2], 's', seq, 'c', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if KEYS[3] then redis.call('SET', KEYS[3], ARGV[6], 'PX', ARGV[5]) end
return {version}
"""

#: Error replies meaning "Redis cannot serve this now", not "the request is wrong".
_UNAVAILABLE_REPLIES = frozenset(
    {"LOADING", "MISCONF", "OOM", "READONLY", "MASTERDOWN", "NOREPLICAS", "BUSY", "TRYAGAIN", "CLUSTERDOWN"}
)
_UNAVAILABLE_ERRORS: tuple[type[Exception], ...] = (
    rx.ConnectionError,  # refused, reset, LOADING (BusyLoadingError), too many clients, auth lost
    rx.TimeoutError,
    rx.ReadOnlyError,
    rx.ClusterDownError,  # and MasterDownError
    rx.TryAgainError,
    OSError,
)


def is_unavailable(error: BaseException) -> bool:
    """True when ``error`` means Redis cannot be reached or cannot serve writes right now."""
    if isinstance(error, _UNAVAILABLE_ERRORS):
        return True
    if isinstance(error, rx.ResponseError):
        # redis-py strips the error code of the replies it knows (OOM -> OutOfMemoryError) into
        # ``status_code``; the others keep it at the head of the message (MISCONF, BUSY, ...)
        code = getattr(error, "status_code", None) or str(error).split(" ", 1)[0]
        return code.upper() in _UNAVAILABLE_REPLIES
    return False


@dataclass(frozen=True)
class RedisOptions:
    """Connection behaviour, explicit because redis-py's defaults (5 s timeouts, 10 retries) let one
    command hang for most of a minute. Worst case for one call against a hung Redis:
    ``(retries + 1) * socket_timeout`` plus the backoff."""

    socket_timeout: float = 0.5
    connect_timeout: float = 0.5
    #: retries after the first attempt, on a broken connection or a timeout only
    retries: int = 1
    retry_backoff_base: float = 0.02
    retry_backoff_cap: float = 0.1
    #: seconds a pooled connection may sit idle before it is checked with a PING before use
    health_check_interval: int = 10
    #: the readiness check's own timeout (that client never retries)
    ping_timeout: float = 0.25
    #: RESP2: every reply used here is a plain array or string, and any Redis or proxy speaks it
    protocol: int = 2
    client_name: str = "trick-referee"

    def client_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for the working client."""
        return {
            "socket_timeout": self.socket_timeout,
            "socket_connect_timeout": self.connect_timeout,
            "retry": Retry(ExponentialBackoff(cap=self.retry_backoff_cap, base=self.retry_backoff_base), self.retries),
            "health_check_interval": self.health_check_interval,
            "protocol": self.protocol,
            "client_name": self.client_name,
        }

    def ping_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for the readiness client: short timeout, no retries."""
        return {
            "socket_timeout": self.ping_timeout,
            "socket_connect_timeout": self.ping_timeout,
            "retry": Retry(NoBackoff(), 0),
            "health_check_interval": 0,
            "protocol": self.protocol,
            "client_name": f"{self.client_name}-ping",
        }


def redact_url(url: str) -> str:
    """The URL without its password, for logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


class RedisStore:
    """The store contract (``service.store.base.Store``) on Redis.

    Build it with ``RedisStore.from_url`` or ``RedisStore.from_sentinels``; the constructor takes
    ready clients (the working one, and a no-retry one for ``ping``)."""

    kind = "redis"

    def __init__(
        self,
        client: redis.Redis,
        *,
        ping_client: redis.Redis | None = None,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS,
        description: str = "redis",
    ) -> None:
        if ttl_seconds <= 0 or idempotency_ttl_seconds <= 0:
            raise ValueError("ttl_seconds and idempotency_ttl_seconds must be positive")
        self.ttl_seconds = ttl_seconds
        self.idempotency_ttl_seconds = min(idempotency_ttl_seconds, ttl_seconds)
        #: where the store points, without secrets (for logs)
        self.description = description
        self._client = client
        self._ping_client = ping_client if ping_client is not None else client
        self._ttl_ms = ttl_seconds * 1000
        self._record_ttl_ms = self.idempotency_ttl_seconds * 1000
        self._create_script = client.register_script(CREATE_SCRIPT)
        self._save_script = client.register_script(SAVE_SCRIPT)
        #: connections of ``_command``, taken from the pool once and reused (``_idle_connection``)
        self._idle: list[Any] = []
        self._idle_pid = os.getpid()

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS,
        options: RedisOptions | None = None,
    ) -> RedisStore:
        """A store on the Redis at ``url`` (``redis://``, ``rediss://`` or ``unix://``). Nothing
        connects yet: a Redis that is down at start only makes calls raise StoreUnavailable."""
        options = options or RedisOptions()
        return cls(
            redis.Redis.from_url(url, **options.client_kwargs()),
            ping_client=redis.Redis.from_url(url, **options.ping_kwargs()),
            ttl_seconds=ttl_seconds,
            idempotency_ttl_seconds=idempotency_ttl_seconds,
            description=f"redis at {redact_url(url)}",
        )

    @classmethod
    def from_sentinels(
        cls,
        sentinels: Sequence[tuple[str, int]],
        service_name: str,
        *,
        password: str | None = None,
        db: int = 0,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS,
        options: RedisOptions | None = None,
    ) -> RedisStore:
        """A store on the master that the Sentinels name ``service_name``; after a failover the
        pool finds the new master by itself."""
        options = options or RedisOptions()
        sentinel_kwargs = {"socket_timeout": options.ping_timeout, "socket_connect_timeout": options.ping_timeout}
        sentinel = Sentinel(list(sentinels), sentinel_kwargs=sentinel_kwargs)
        client = sentinel.master_for(service_name, password=password, db=db, **options.client_kwargs())
        ping_client = sentinel.master_for(service_name, password=password, db=db, **options.ping_kwargs())
        where = ",".join(f"{host}:{port}" for host, port in sentinels)
        return cls(
            client,
            ping_client=ping_client,
            ttl_seconds=ttl_seconds,
            idempotency_ttl_seconds=idempotency_ttl_seconds,
            description=f"redis master {service_name!r} via sentinels {where}",
        )

    # -- the contract -------------------------------------------------------------------------

    def create(
        self,
        match_id: str,
        document: JSON,
        events: list[JSON],
        idempotency: tuple[str, IdempotencyRecord] | None = None,
    ) -> int:
        require_valid_match_id(match_id)
        keys, record_args = self._keys_and_record(match_id, idempotency)
        args = [dumps(document), self._ttl_ms, secrets.token_hex(8), *record_args]
        args.extend(dumps(event) for event in events)
        with self._guard():
            result = int(self._run(self._create_script, keys, args))
        if result == -1:
            raise MatchExists(match_id)
        if result == -3:
            assert idempotency is not None
            raise IdempotencyConflict(idempotency[0])
        return 1

    def load(self, match_id: str) -> Loaded:
        if not is_valid_match_id(match_id):
            raise MatchNotFound(match_id)
        with self._guard():
            version, text = self._command("HMGET", doc_key(match_id), "v", "d")
        if version is None or text is None:
            raise MatchNotFound(match_id)
        return Loaded(match_id=match_id, version=int(version), document=loads(text))

    def save(
        self,
        match_id: str,
        expected_version: int,
        document: JSON,
        events: list[JSON],
        idempotency: tuple[str, IdempotencyRecord] | None = None,
    ) -> int:
        if not is_valid_match_id(match_id):
            raise MatchNotFound(match_id)
        keys, record_args = self._keys_and_record(match_id, idempotency)
        args = [int(expected_version), dumps(document), self._ttl_ms, secrets.token_hex(8), *record_args]
        args.extend(dumps(event) for event in events)
        return self._commit(match_id, expected_version, keys, args, idempotency)

    def events(self, match_id: str, after: int = 0, limit: int | None = None) -> list[Event]:
        if limit is not None and limit < 0:
            raise ValueError("limit must not be negative")
        if not is_valid_match_id(match_id):
            raise MatchNotFound(match_id)
        with self._guard():
            pipe = self._client.pipeline(transaction=True)
            pipe.exists(doc_key(match_id))
            if limit != 0:
                pipe.xrange(events_key(match_id), min=f"{max(after, 0) + 1}-0", max="+", count=limit)
            replies = pipe.execute()
        if not replies[0]:
            raise MatchNotFound(match_id)
        entries = replies[1] if limit != 0 else []
        return [Event(seq=int(entry_id.split(b"-", 1)[0]), data=loads(fields[b"d"])) for entry_id, fields in entries]

    def get_idempotency(self, scope_key: str) -> IdempotencyRecord | None:
        with self._guard():
            text = self._client.get(scope_key)
        return None if text is None else load_record(text)

    def put_idempotency(self, scope_key: str, record: IdempotencyRecord) -> bool:
        text = dump_record(record)
        with self._guard():
            return bool(self._client.set(scope_key, text, nx=True, px=self._record_ttl_ms))

    def delete(self, match_id: str) -> bool:
        if not is_valid_match_id(match_id):
            return False
        with self._guard():
            pipe = self._client.pipeline(transaction=True)
            pipe.exists(doc_key(match_id))
            pipe.unlink(doc_key(match_id), events_key(match_id))
            return bool(pipe.execute()[0])

    def ping(self) -> bool:
        try:
            return bool(self._ping_client.ping())
        except (rx.RedisError, OSError):
            return False

    def close(self) -> None:
        """Close the pooled connections (both clients; the pool closes those ``_command`` keeps too)."""
        self._client.close()
        if self._ping_client is not self._client:
            self._ping_client.close()

    # -- internals ----------------------------------------------------------------------------

    def _keys_and_record(
        self, match_id: str, idempotency: tuple[str, IdempotencyRecord] | None
    ) -> tuple[list[str], list[Any]]:
        keys = [doc_key(match_id), events_key(match_id)]
        if idempotency is None:
            return keys, [self._record_ttl_ms, ""]
        keys.append(idempotency[0])
        return keys, [self._record_ttl_ms, dump_record(idempotency[1])]

    def _commit(
        self,
        match_id: str,
        expected_version: int,
        keys: list[str],
        args: list[Any],
        idempotency: tuple[str, IdempotencyRecord] | None,
    ) -> int:
        """Run the save script with ready arguments (the commit id is ``args[3]``)."""
        with self._guard():
            result = [int(x) for x in self._run(self._save_script, keys, args)]
        if result[0] == -1:
            raise MatchNotFound(match_id)
        if result[0] == -2:
            raise VersionConflict(expected_version, result[1])
        if result[0] == -3:
            assert idempotency is not None
            raise IdempotencyConflict(idempotency[0])
        return result[0]

    def _run(self, script: Script, keys: list[str], args: list[Any]) -> Any:
        """``EVALSHA`` of a registered script, loading it first where the server has not got it
        (as redis-py's ``Script.__call__`` does, without its per-call pipeline check, which costs a
        typing-Protocol ``isinstance``)."""
        try:
            return self._command("EVALSHA", script.sha, len(keys), *keys, *args)
        except rx.NoScriptError:
            script.sha = self._client.script_load(script.script)
            return self._command("EVALSHA", script.sha, len(keys), *keys, *args)

    def _command(self, *args: Any) -> Any:
        """One command, retried as the client retries it (the connection's own ``Retry``: on a
        broken connection or a timeout, after dropping the connection).

        This is what ``Redis.execute_command`` does, without its per-command observability
        bookkeeping (timers, callbacks and labels, even with no metrics configured) and without
        checking a connection out of the pool and back in for every command (a lock, a fork check
        and a poll of the socket each way); the two commands of every action (the load and the
        save) go this way (bench/README.md, Matches). Same connection settings, same health check
        when idle, same errors. A command interrupted by anything but an error reply from Redis
        drops its connection, so that no late reply is ever read as the answer to a later command."""
        conn = self._idle_connection()

        def round_trip() -> Any:
            conn.send_command(*args)
            return conn.read_response()

        try:
            return conn.retry.call_with_retry(round_trip, lambda _error: conn.disconnect())
        except rx.ResponseError:  # Redis answered (NOSCRIPT, a script error): the connection is fine
            raise
        except BaseException:
            conn.disconnect()
            raise
        finally:
            self._idle.append(conn)

    def _idle_connection(self) -> Any:
        """A connection no other call is using: one that ``_command`` used before, else a new one
        from the pool (kept from then on; ``close`` disconnects them with the pool's). ``list.pop``
        and ``append`` are atomic, so threads never share one; a forked child starts afresh."""
        pid = os.getpid()
        if self._idle_pid != pid:
            self._idle, self._idle_pid = [], pid
        try:
            return self._idle.pop()
        except IndexError:
            return self._client.connection_pool.get_connection()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn "Redis cannot serve this now" into StoreUnavailable; let real bugs through."""
        try:
            yield
        except rx.RedisError as error:
            if is_unavailable(error):
                raise StoreUnavailable(f"{self.description}: {type(error).__name__}: {error}") from error
            raise
        except OSError as error:
            raise StoreUnavailable(f"{self.description}: {type(error).__name__}: {error}") from error
