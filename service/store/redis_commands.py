"""How the Redis store talks to Redis (``RedisCommands``, the base of ``RedisStore``): scripts and
single commands sent on a connection of the store's own, retried after a broken connection or a
timeout, followed by ``WAIT`` where replicas must acknowledge a write, and the one rule every
contract method's outcome follows: a write some attempt sent without a reply is
``StoreOutcomeUnknown``, never a refusal or ``StoreUnavailable`` (``redis_wire.Attempts``).
``RedisClusterStore`` routes the same calls to the master of each key's slot (``_routed``)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import redis
from redis import exceptions as rx
from redis.commands.core import Script
from redis.retry import Retry

from service.store.base import StoreError, StoreOutcomeUnknown, StoreUnavailable
from service.store.redis_wire import Attempts, Command, exchange, is_unavailable


class RedisCommands:
    """The command layer of a Redis store; ``RedisStore.__init__`` sets these attributes."""

    #: where the store points, without secrets (for logs)
    description: str
    #: replicas that must acknowledge a commit before it is reported done (``WAIT``)
    min_replicas_ack: int
    wait_timeout: float
    _client: redis.Redis | None
    _retry: Retry
    _wait_ms: int
    _wait_read_timeout: float | None
    _idle: list[Any]
    _idle_pid: int

    def _settled(self, attempts: Attempts, refusal: StoreError) -> StoreError:
        """A refusal as the caller may hear it: after an attempt whose reply was lost it may be the
        first attempt's own doing (applied, then built on), so the outcome is unknown."""
        return self._unknown("it", refusal) if attempts.lost else refusal

    def _require_acks(self, acks: int | None, what: str) -> None:
        """StoreOutcomeUnknown when fewer replicas than required acknowledged a write."""
        if acks is not None and acks < self.min_replicas_ack:
            raise StoreOutcomeUnknown(
                f"{self.description}: {what} was written on the master but {acks} of the "
                f"{self.min_replicas_ack} replicas required acknowledged it within {self.wait_timeout} s; "
                "a failover may lose it"
            )

    def _unknown(self, what: str, then: BaseException | None = None) -> StoreOutcomeUnknown:
        """The outcome of a write some attempt sent without a reply; ``then``: how the call ended."""
        ended = "" if then is None else f"; then {type(then).__name__}: {then}"
        return StoreOutcomeUnknown(
            f"{self.description}: a write was sent and its reply never came{ended}; "
            f"{what} may or may not have been applied"
        )

    def _script(
        self, script: Script, keys: list[str], args: list[Any], attempts: Attempts, *, wait: bool = True
    ) -> tuple[Any, int | None]:
        """Run a script that writes: its reply, and how many replicas acknowledged it (None when
        none need to). Where Redis has not got the script (a restarted Redis, another cluster
        master), it is sent whole once (EVAL caches it), to whichever node answered NOSCRIPT."""
        reply, acks = self._write(keys[0], ("EVALSHA", script.sha, len(keys), *keys, *args), attempts, wait=wait)
        if isinstance(reply, rx.NoScriptError):
            reply, acks = self._write(keys[0], ("EVAL", script.script, len(keys), *keys, *args), attempts, wait=wait)
        if isinstance(reply, rx.ResponseError):
            raise self._unknown("it", reply) if attempts.lost else reply
        return reply, acks

    def _write(self, key: str, command: Command, attempts: Attempts, *, wait: bool = True) -> tuple[Any, int | None]:
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
            raise self._unknown("it", reply) if attempts.lost else reply
        if not waiting:
            return reply, None
        return reply, replies[1] if isinstance(replies[1], int) else 0

    def _read(self, key: str, command: Command) -> Any:
        """One command that writes nothing; error replies raised."""
        reply = self._call(key, [command], Attempts(), write=False)[0]
        if isinstance(reply, rx.ResponseError):
            raise reply
        return reply

    def _read_script(self, script: Script, keys: list[str], args: list[Any]) -> Any:
        """A read-only script (``flags=no-writes``), sent whole where Redis has not got it."""
        reply = self._call(keys[0], [("EVALSHA", script.sha, len(keys), *keys, *args)], Attempts(), write=False)[0]
        if isinstance(reply, rx.NoScriptError):
            reply = self._read(keys[0], ("EVAL", script.script, len(keys), *keys, *args))
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

        try:
            return self._retry.call_with_retry(attempt, self._after_failure)
        except (rx.RedisError, OSError) as error:
            if write and attempts.lost:
                raise self._unknown("it", error) from error
            raise

    def _routed(
        self, key: str, commands: Sequence[Command], attempts: Attempts, write: bool, last_timeout: float | None
    ) -> list[Any]:
        """One attempt, on a connection of this store's own (see ``_idle_connection``).

        The commands go to a pooled connection directly, not through ``Redis.execute_command``:
        that skips redis-py's per-command observability bookkeeping (timers, callbacks and labels,
        even with no metrics configured) and checking a connection out of the pool and back in for
        every command (a lock, a fork check and a poll of the socket each way); the two commands of
        every action (the load and the save) go this way (bench/HISTORY.md, Matches). Same
        connection settings, same health check when idle, same errors."""
        conn = self._idle_connection()
        try:
            return exchange(conn, commands, attempts, write=write, last_timeout=last_timeout)
        finally:
            self._idle.append(conn)

    def _after_failure(self, error: Exception) -> None:
        """Between a failed attempt and the next (the exchange dropped its connection already)."""

    def _idle_connection(self) -> Any:
        """A connection no other call is using: one that ``_routed`` used before, else a new one
        from the pool (kept from then on; ``close`` disconnects them with the pool's). ``list.pop``
        and ``append`` are atomic, so threads never share one; a forked child starts afresh."""
        pid = os.getpid()
        if self._idle_pid != pid:
            self._idle, self._idle_pid = [], pid
        try:
            return self._idle.pop()
        except IndexError:
            assert self._client is not None
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
