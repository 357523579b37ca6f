"""How a Redis store talks to Redis: ``RedisCommands``, the command channel a ``RedisStore`` holds.

A channel sends scripts and single commands on a connection of its own, retries them after a
broken connection or a timeout, follows a write with ``WAIT`` where replicas must acknowledge it,
and applies the one rule every contract method's outcome follows: a write some attempt sent
without a reply is ``StoreOutcomeUnknown``, never a refusal or ``StoreUnavailable``
(``redis_wire.Attempts``). This channel speaks to one node (a URL, or the master Sentinels name);
``redis_cluster.ClusterCommands`` is the same channel routed to the master of each key's slot
(``_routed``). The store decides what to send and what a reply means; the channel how it goes."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import redis
from redis import exceptions as rx
from redis.backoff import NoBackoff
from redis.commands.core import Script
from redis.retry import Retry

from service.rules.per_process import renew_after_fork
from service.store.base import StoreError, StoreOutcomeUnknown, StoreUnavailable
from service.store.redis_follow import BlockingReader, Reader
from service.store.redis_wire import Attempts, Command, OwnConnections, RedisOptions, is_unavailable


class RedisCommands:
    """The command channel to one Redis node: ``client`` (its pool gives the connections), and a
    no-retry ``ping_client`` for ``ping`` (the client itself when none is given)."""

    def __init__(
        self,
        client: redis.Redis | None,
        *,
        ping_client: redis.Redis | None = None,
        description: str = "redis",
        min_replicas_ack: int = 0,
        wait_timeout: float = RedisOptions.wait_timeout,
        retry: Retry | None = None,
        socket_timeout: float | None = None,
        pool_size: int = RedisOptions.pool_size,
    ) -> None:
        if min_replicas_ack < 0 or wait_timeout <= 0:
            raise ValueError("min_replicas_ack must not be negative and wait_timeout must be positive")
        if pool_size < 1:
            raise ValueError("pool_size must be at least 1")
        #: where the channel points, without secrets (for logs)
        self.description = description
        #: replicas that must acknowledge a commit before it is reported done (``WAIT``)
        self.min_replicas_ack = min_replicas_ack
        self.wait_timeout = wait_timeout
        self.client = client
        self._ping_client = ping_client if ping_client is not None else client
        self._wait_ms = max(1, round(wait_timeout * 1000))  # WAIT 0 would wait for ever
        kwargs: dict[str, Any] = {} if client is None else client.connection_pool.connection_kwargs
        if socket_timeout is None:
            socket_timeout = kwargs.get("socket_timeout")
        #: the read timeout of a WAIT's reply, which takes up to ``wait_timeout`` itself: the socket's
        #: own when that leaves as much again for the round trip (no resetting it per commit)
        self._wait_read_timeout = (
            None if socket_timeout is None or socket_timeout >= 2 * wait_timeout else socket_timeout + wait_timeout
        )
        self._retry: Retry = retry or kwargs.get("retry") or Retry(NoBackoff(), 0)
        #: calls in flight at once (``RedisOptions.pool_size``), so connections to a node: a call past
        #: them waits for one to finish, at most as long as a command may take
        self.pool_size = pool_size
        self._slots = _bounded(pool_size)
        self._slot_wait = socket_timeout if socket_timeout is not None else RedisOptions.socket_timeout
        renew_after_fork(self, RedisCommands._forget_slots)
        #: how long closing the store waits for its feed reader to stop (one node: not at all, the
        #: reader's blocking read is on a connection of its own)
        self.feed_stop_seconds = 0.0
        #: connections of ``_routed``, taken from the pool once and reused
        self.connections = OwnConnections(self._pooled_connection)

    def _forget_slots(self) -> None:
        """A process forked from this one starts with every slot free (one taken at the fork stays
        taken in the child otherwise)."""
        self._slots = _bounded(self.pool_size)

    def loaded(self, source: str) -> Script:
        """A script of the store's (``redis_scripts``), run through this channel by its SHA1."""
        return Script(self.client, source.encode())  # type: ignore[arg-type]

    # -- outcomes -----------------------------------------------------------------------------

    def settled(self, attempts: Attempts, refusal: StoreError) -> StoreError:
        """A refusal as the caller may hear it: after an attempt whose reply was lost it may be the
        first attempt's own doing (applied, then built on), so the outcome is unknown."""
        return self.unknown("it", refusal) if attempts.lost else refusal

    def require_acks(self, acks: int | None, what: str) -> None:
        """StoreOutcomeUnknown when fewer replicas than required acknowledged a write."""
        if acks is not None and acks < self.min_replicas_ack:
            raise StoreOutcomeUnknown(
                f"{self.description}: {what} was written on the master but {acks} of the "
                f"{self.min_replicas_ack} replicas required acknowledged it within {self.wait_timeout} s; "
                "a failover may lose it"
            )

    def unknown(self, what: str, then: BaseException | None = None) -> StoreOutcomeUnknown:
        """The outcome of a write some attempt sent without a reply; ``then``: how the call ended."""
        ended = "" if then is None else f"; then {type(then).__name__}: {then}"
        return StoreOutcomeUnknown(
            f"{self.description}: a write was sent and its reply never came{ended}; "
            f"{what} may or may not have been applied"
        )

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Turn "Redis cannot serve this now" into StoreUnavailable; let real bugs through."""
        try:
            yield
        except rx.RedisError as error:
            if is_unavailable(error):
                raise StoreUnavailable(f"{self.description}: {type(error).__name__}: {error}") from error
            raise
        except OSError as error:
            raise StoreUnavailable(f"{self.description}: {type(error).__name__}: {error}") from error

    # -- calls --------------------------------------------------------------------------------

    def script(
        self, script: Script, keys: list[str], args: list[Any], attempts: Attempts, *, wait: bool = True
    ) -> tuple[Any, int | None]:
        """Run a script that writes: its reply, and how many replicas acknowledged it (None when
        none need to). Where Redis has not got the script (a restarted Redis, another cluster
        master), it is sent whole once (EVAL caches it), to whichever node answered NOSCRIPT."""
        reply, acks = self.write(keys[0], ("EVALSHA", script.sha, len(keys), *keys, *args), attempts, wait=wait)
        if isinstance(reply, rx.NoScriptError):
            reply, acks = self.write(keys[0], ("EVAL", script.script, len(keys), *keys, *args), attempts, wait=wait)
        if isinstance(reply, rx.ResponseError):
            raise self.unknown("it", reply) if attempts.lost else reply
        return reply, acks

    def write(self, key: str, command: Command, attempts: Attempts, *, wait: bool = True) -> tuple[Any, int | None]:
        """One write (followed by ``WAIT`` on the same connection when replicas must acknowledge
        it): its reply (``NOSCRIPT`` returned, other error replies raised) and the number of
        replicas that acknowledged it (None without a WAIT)."""
        commands: list[Command] = [command]
        waiting = wait and self.min_replicas_ack > 0
        if waiting:
            commands.append(("WAIT", self.min_replicas_ack, self._wait_ms))
        last_timeout = self._wait_read_timeout if waiting else None
        replies = self._call(key, commands, attempts, write=True, last_timeout=last_timeout)
        reply = replies[0]
        if isinstance(reply, rx.ResponseError) and not isinstance(reply, rx.NoScriptError):
            raise self.unknown("it", reply) if attempts.lost else reply
        if not waiting:
            return reply, None
        return reply, replies[1] if isinstance(replies[1], int) else 0

    def read(self, key: str, command: Command) -> Any:
        """One command that writes nothing; error replies raised."""
        reply = self._call(key, [command], Attempts(), write=False)[0]
        if isinstance(reply, rx.ResponseError):
            raise reply
        return reply

    def read_script(self, script: Script, keys: list[str], args: list[Any]) -> Any:
        """A read-only script (``flags=no-writes``), sent whole where Redis has not got it."""
        reply = self._call(keys[0], [("EVALSHA", script.sha, len(keys), *keys, *args)], Attempts(), write=False)[0]
        if isinstance(reply, rx.NoScriptError):
            reply = self.read(keys[0], ("EVAL", script.script, len(keys), *keys, *args))
        if isinstance(reply, rx.ResponseError):
            raise reply
        return reply

    def _call(
        self,
        key: str,
        commands: Sequence[Command],
        attempts: Attempts,
        *,
        write: bool,
        last_timeout: float | None = None,
    ) -> list[Any]:
        """One exchange of ``commands`` with the node that holds ``key``, retried after a broken
        connection or a timeout (the client's ``Retry``). A write that failed after some attempt
        had sent it raises StoreOutcomeUnknown; any other failure is raised as it came."""

        def attempt() -> list[Any]:
            return self._routed(key, commands, attempts, write, last_timeout)

        if not self._slots.acquire(timeout=self._slot_wait):  # nothing sent: StoreUnavailable
            busy = f"all {self.pool_size} connections of this process were busy for {self._slot_wait} s"
            raise rx.ConnectionError(busy)
        try:
            return self._retry.call_with_retry(attempt, self._after_failure)
        except (rx.RedisError, OSError) as error:
            if write and attempts.lost:
                raise self.unknown("it", error) from error
            raise
        finally:
            self._slots.release()

    # -- where the calls go: one node (``ClusterCommands`` routes them by slot) ----------------

    def _routed(
        self, key: str, commands: Sequence[Command], attempts: Attempts, write: bool, last_timeout: float | None
    ) -> list[Any]:
        """One attempt, on a connection of this channel's own (``OwnConnections``: same connection
        settings, same health check when idle, same errors), on every load and save."""
        return self.connections.exchange(commands, attempts, write=write, last_timeout=last_timeout)

    def _after_failure(self, error: Exception) -> None:
        """Between a failed attempt and the next (the exchange dropped its connection already)."""

    def _pooled_connection(self) -> Any:
        """A new connection from the pool (kept from then on; ``close`` disconnects them with the pool's)."""
        assert self.client is not None
        return self.client.connection_pool.get_connection()

    def ping(self) -> bool:
        """True when Redis answers now (the no-retry client): for /readyz."""
        assert self._ping_client is not None
        try:
            return bool(self._ping_client.ping())
        except (rx.RedisError, OSError):
            return False

    def feed_reader(self) -> Reader:
        """The reader of a process's live feeds: blocking reads on a connection of its own."""
        assert self.client is not None
        pool = self.client.connection_pool
        return BlockingReader(pool.make_connection, pool.connection_kwargs.get("socket_timeout"))

    def close(self) -> None:
        """Close the pooled connections (both clients; the pool closes those ``_routed`` keeps too)."""
        if self.client is not None:
            self.client.close()
        if self._ping_client is not None and self._ping_client is not self.client:
            self._ping_client.close()


def _bounded(size: int) -> Any:
    """A semaphore of ``size`` slots: gevent's own where gevent has patched ``threading`` (a gevent
    worker: 0.2 us a call taken and given back, against 3.6 us for the standard library's on top of
    gevent's locks), the standard library's elsewhere (threads: 1.2 us)."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("threading"):
        from gevent.lock import BoundedSemaphore

        return BoundedSemaphore(size)
    return threading.BoundedSemaphore(size)

