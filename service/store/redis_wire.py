"""How the Redis stores talk to Redis: connection options, what an error means, and the exchange.

Every call of a Redis store is one **exchange** on one connection: its commands (a script, and a
``WAIT`` after it when replicas must acknowledge it) are written in one send, and every reply is
read back, error replies included, so the connection stays in step. A failed exchange is retried
on a fresh connection (``RedisOptions.retries``), after a broken connection or a timeout only.

What a failure tells about a write depends on how far it got:

* **before the send completed** (connection refused, connect timeout, a send cut short): Redis
  executes only whole commands, so it never ran it. Nothing changed: ``StoreUnavailable``.
* **an error reply** (LOADING, READONLY, OOM, MISCONF, NOREPLICAS, BUSY, CLUSTERDOWN ...): Redis
  refused the command before running it; the scripts declare themselves with a ``#!lua`` shebang,
  so Redis makes that check up front, never half-way through. Nothing changed.
* **sent, and no reply** (a read timeout, a connection reset or closed after the send): the
  command may have run, or may still run when a stalled Redis resumes and reads it. The outcome
  is unknown: ``Attempts.lost`` records it, and the store raises ``StoreOutcomeUnknown`` unless a
  later attempt's reply settles it.
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from redis import exceptions as rx
from redis.backoff import ExponentialBackoff, NoBackoff
from redis.retry import Retry
from redis.sentinel import SentinelManagedConnection

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


def is_reply(error: BaseException) -> bool:
    """True when ``error`` is Redis's own answer (an error reply), not a lost one. redis-py raises
    LOADING as a ``ConnectionError`` subclass, and a Sentinel-managed connection turns READONLY
    from a demoted master into a ``ConnectionError`` whose context is the reply."""
    return isinstance(error, (rx.ResponseError, rx.BusyLoadingError)) or isinstance(
        error.__context__, rx.ResponseError
    )


@dataclass(frozen=True)
class RedisOptions:
    """Connection behaviour, explicit because redis-py's defaults (5 s timeouts, 10 retries) let one
    command hang for most of a minute. Worst case for one call against a hung Redis:
    ``(retries + 1) * socket_timeout`` plus the backoff (plus ``wait_timeout`` per attempt when
    replicas must acknowledge a write)."""

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
    #: replicas that must acknowledge a commit (``WAIT``) before it is reported done; ``None``: the
    #: deployment's default (1 through Sentinels, where a replica exists; 0 otherwise)
    min_replicas_ack: int | None = None
    #: how long a commit waits for those acknowledgements (``WAIT``'s timeout), in seconds
    wait_timeout: float = 0.1
    #: store calls one process has in flight at once, each on a connection of its own: so at most as
    #: many connections to each Redis node (plus the live feed's reader). A call past them waits up to
    #: ``socket_timeout`` for one to finish, then fails (``StoreUnavailable``, nothing sent)
    pool_size: int = 50
    #: Stream entries at which a save moves them into the compacted log (``event_log``); 0: never.
    #: 16 entries stay inside the memory a Stream node preallocates (``bench/README.md``, "Small matches").
    compact_every: int = 16
    #: TLS to Redis (a ``rediss://`` URL turns it on by itself; Sentinels and a cluster need it
    #: set): the server's certificate is checked against ``tls_ca_file`` (None: the system's CAs)
    #: and its host name; ``tls_cert_file`` and ``tls_key_file`` are this client's certificate and
    #: key when the server asks for one (``tls-auth-clients``)
    tls: bool = False
    tls_ca_file: str | None = None
    tls_cert_file: str | None = None
    tls_key_file: str | None = None

    def replicas_to_wait_for(self, default: int) -> int:
        """``min_replicas_ack``, or ``default`` when it is not set."""
        return default if self.min_replicas_ack is None else self.min_replicas_ack

    def retry(self) -> Retry:
        """The retry policy of a call: ``retries`` more attempts after a broken connection or a timeout."""
        return Retry(ExponentialBackoff(cap=self.retry_backoff_cap, base=self.retry_backoff_base), self.retries)

    def tls_kwargs(self) -> dict[str, Any]:
        """redis-py's certificate arguments of a TLS connection (none when TLS is off). A client
        built from host and port also needs ``ssl=True``; one from a ``rediss://`` URL must not get it."""
        if not self.tls:
            return {}
        files = {"ssl_ca_certs": self.tls_ca_file, "ssl_certfile": self.tls_cert_file, "ssl_keyfile": self.tls_key_file}
        return {"ssl_cert_reqs": "required", **{key: value for key, value in files.items() if value}}

    def connection_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for the working connections, without the retry policy (the cluster
        client sets its nodes' retries itself)."""
        return {
            "socket_timeout": self.socket_timeout,
            "socket_connect_timeout": self.connect_timeout,
            "health_check_interval": self.health_check_interval,
            "protocol": self.protocol,
            "client_name": self.client_name,
            **self.tls_kwargs(),
        }

    def client_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for the working client."""
        return {**self.connection_kwargs(), "retry": self.retry()}

    def ping_connection_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for the readiness connections: short timeouts, no health check."""
        return {
            "socket_timeout": self.ping_timeout,
            "socket_connect_timeout": self.ping_timeout,
            "health_check_interval": 0,
            "protocol": self.protocol,
            "client_name": f"{self.client_name}-ping",
            **self.tls_kwargs(),
        }

    def ping_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for the readiness client: short timeout, no retries."""
        return {**self.ping_connection_kwargs(), "retry": Retry(NoBackoff(), 0)}


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


@dataclass
class Attempts:
    """What the attempts of one call left behind."""

    #: some attempt sent its commands and never read their replies: they may have run
    lost: bool = False


Command = Sequence[Any]


def exchange(
    conn: Any,
    commands: Sequence[Command],
    attempts: Attempts,
    *,
    write: bool = False,
    last_timeout: float | None = None,
) -> list[Any]:
    """Send ``commands`` on ``conn`` in one write and read every reply. An error reply takes its
    command's place in the list (an exception object, not raised), so that every reply is read.
    ``last_timeout``: the read timeout of the last reply (a ``WAIT``, which takes its own time).

    Anything else that interrupts the exchange drops the connection, so that no late reply is
    ever read as the answer to a later command, and marks ``attempts.lost`` when the commands had
    been sent and their replies did not come.

    ``write``: first make sure the server has not closed the connection meanwhile (a restarted or
    killed Redis): a send into a closed socket still succeeds, and its lost reply would make the
    write's outcome look unknown when Redis never saw it. Such a connection is opened afresh.

    A closed Sentinel-managed connection is opened with its own ``connect``, which asks the
    Sentinels where the master is now; the send would reconnect to the address it had: after a
    failover, the old master, back as a replica. (Any other is left to the send, which connects
    once; ``connect`` would retry the handshake itself, inside the call's own retries.)"""
    try:
        if write and _closed_by_server(conn):
            conn.disconnect()
        if not conn.is_connected and isinstance(conn, SentinelManagedConnection):
            conn.connect()
        conn.send_packed_command(conn.pack_commands(commands))
    except BaseException:
        conn.disconnect()
        raise
    replies: list[Any] = []
    last = len(commands) - 1
    try:
        for index in range(len(commands)):
            try:
                if index == last and last_timeout is not None:
                    replies.append(conn.read_response(timeout=last_timeout))
                else:
                    replies.append(conn.read_response())
            except rx.ResponseError as error:
                replies.append(error)
    except BaseException as error:
        conn.disconnect()
        if not is_reply(error):
            attempts.lost = True
        raise
    return replies


class OwnConnections:
    """Connections an owner takes from a pool once and keeps (``exchange`` on them, not through
    ``Redis.execute_command``): no check-out and check-in of a connection per call, no redis-py
    bookkeeping per command (bench/README.md, Matches). ``fresh`` gives a new one from the pool
    (which refuses one past its bound) when none is idle. ``list.pop`` and ``append`` are atomic,
    so threads never share one; a forked child starts afresh."""

    def __init__(self, fresh: Callable[[], Any]) -> None:
        self.idle: list[Any] = []
        self._pid = os.getpid()
        self._fresh = fresh

    def exchange(
        self, commands: Sequence[Command], attempts: Attempts, *, write: bool, last_timeout: float | None = None
    ) -> list[Any]:
        """``exchange`` on a connection no other call is using, kept idle for the next call after."""
        if self._pid != os.getpid():
            self.idle, self._pid = [], os.getpid()
        try:
            conn = self.idle.pop()
        except IndexError:
            conn = self._fresh()
        try:
            return exchange(conn, commands, attempts, write=write, last_timeout=last_timeout)
        finally:
            self.idle.append(conn)


def _closed_by_server(conn: Any) -> bool:
    """True when an open connection has something to read before anything was asked: the server
    closed it (or sent what nobody asked for). A poll of the socket, no wait.

    The usual answer (nothing to read) comes from one ``poll`` of the socket with no timeout, made
    with the operating system's own ``poll`` even where gevent has patched the ``select`` module:
    gevent's version runs through its hub, many times slower a call in a gevent worker, and a poll
    that never waits needs no hub. Only a socket with something to read (rare)
    goes on to redis-py's own check, which tells a closed connection from a pending reply."""
    if not conn.is_connected:
        return False
    sock = getattr(conn, "_sock", None)
    # an SSL socket may hold bytes itself, and a parser may hold what it read: redis-py's check then
    if sock is not None and not getattr(sock, "pending", None) and not _parser_holds_data(conn):
        try:
            poller = _os_poll()
            poller.register(sock.fileno(), select.POLLIN)
            if not poller.poll(0):
                return False
        except (OSError, ValueError):  # a socket closed meanwhile: redis-py's check says what it is
            pass
    try:
        return bool(conn.can_read())
    except (rx.ConnectionError, OSError):  # the parser read the end of the stream
        return True


def _parser_holds_data(conn: Any) -> bool:
    """True unless the connection's parser is hiredis's and holds nothing it read (its ``has_data``);
    a parser this does not know is taken to hold something, so that redis-py's check decides."""
    reader = getattr(getattr(conn, "_parser", None), "_reader", None)
    has_data = getattr(reader, "has_data", None)
    return True if has_data is None else bool(has_data())


def _os_poll() -> Any:
    """A ``select.poll`` object of the operating system's (not gevent's, where it patched ``select``)."""
    return _unpatched_poll()()


@cache  # looked up on first use: gevent patches ``select`` before the app is loaded
def _unpatched_poll() -> Callable[[], Any]:
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("select"):
        original: Callable[[], Any] = monkey.get_original("select", "poll")
        return original
    return select.poll
