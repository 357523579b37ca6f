"""A private ``redis-server`` for tests: its own free port and directory, stopped by its own pid.

Tests that stop, restart, pause or flood a Redis must never touch a shared one, so they start
their own here. ``RedisServer`` runs one ``redis-server`` process (by default with an append-only
file, ``appendfsync always``, so every acknowledged write survives a crash) and can ``stop`` it
cleanly, ``kill`` it (SIGKILL, a crash), ``pause``/``resume`` it (SIGSTOP/SIGCONT, a hung server)
and ``start``/``restart`` it on the same port and directory, waiting each time until it answers.
Every server is stopped when its fixture ends, at interpreter exit, and (on Linux) by the kernel
when the thread that started it dies.

Fixtures (import them into a ``conftest.py`` to use them in another test package)::

    from tests.redis_server import redis_server, redis_server_factory, restartable_redis_server

* ``redis_server`` (session): one shared server with AOF; do not stop it; flush what you write.
* ``restartable_redis_server`` (function): a fresh server with AOF for one test; stop, kill,
  pause, restart it freely.
* ``redis_server_factory`` (function): ``make(appendonly=True, extra_args=()) -> RedisServer``;
  every server it made is stopped when the test ends.

``RedisSentinel(directory, master, service_name="mymaster")`` runs a Sentinel watching a server.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

REDIS_SERVER_BINARY = "redis-server"
_PR_SET_PDEATHSIG = 1
_LIVE: set[RedisServer] = set()
_LIVE_LOCK = threading.Lock()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Ask the kernel to SIGTERM the server if the test process dies without cleaning up."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


class RedisServerError(RuntimeError):
    """The server would not start or answer."""


class RedisServer:
    """One private ``redis-server`` process."""

    def __init__(
        self,
        directory: Path,
        *,
        port: int | None = None,
        appendonly: bool = True,
        extra_args: Sequence[str] = (),
    ) -> None:
        binary = shutil.which(REDIS_SERVER_BINARY)
        if binary is None:
            raise RedisServerError("redis-server is not on the PATH (Debian: apt-get install redis-server)")
        self.binary = binary
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.appendonly = appendonly
        self.extra_args = tuple(extra_args)
        self._fixed_port = port is not None
        self.port = port if port is not None else free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = self.directory / "redis.log"

    # -- what it is ---------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def command(self) -> list[str]:
        """The command line the server runs with."""
        args = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.directory),
            "--daemonize", "no",
            "--logfile", str(self.log_path),
            "--save", "",
        ]
        if self.appendonly:
            args += ["--appendonly", "yes", "--appendfsync", "always"]
        else:
            args += ["--appendonly", "no"]
        return args + list(self.extra_args)

    def client(self, **kwargs: object) -> redis.Redis:
        """A plain client with short timeouts, for inspecting the server in a test."""
        options: dict[str, object] = {"socket_timeout": 2.0, "socket_connect_timeout": 2.0, "protocol": 2}
        options.update(kwargs)
        return redis.Redis(host="127.0.0.1", port=self.port, **options)  # type: ignore[call-overload]

    # -- life cycle ---------------------------------------------------------------------------

    def start(self, timeout: float = 15.0) -> None:
        """Start the server (same port and directory as before) and wait until it answers PING."""
        if self.running:
            raise RedisServerError(f"redis-server on port {self.port} is already running")
        for attempt in range(3):
            self.process = subprocess.Popen(
                self.command(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                preexec_fn=_die_with_parent,  # the server must die with the tests
            )
            with _LIVE_LOCK:
                _LIVE.add(self)
            try:
                self._wait_until_answering(timeout)
                return
            except RedisServerError:
                port_taken = "Address already in use" in self._log_tail()
                self._reap()
                if port_taken and not self._fixed_port and attempt < 2:
                    self.port = free_port()
                    continue
                raise

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server cleanly (SIGTERM: it flushes its AOF and exits); no-op when stopped."""
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGCONT)  # a paused server cannot act on SIGTERM
                os.kill(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout)
        self._reap()

    def kill(self) -> None:
        """Crash the server (SIGKILL): only what reached the AOF survives."""
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGKILL)
            process.wait(10)
        self._reap()

    def restart(self, timeout: float = 15.0) -> None:
        """Stop cleanly, then start again on the same port; data comes back from the AOF."""
        self.stop()
        self.start(timeout)

    def pause(self) -> None:
        """Freeze the server (SIGSTOP): connections stay open but nothing answers."""
        if not self.running or self.process is None:
            raise RedisServerError("pause: the server is not running")
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        """Let a paused server run again (SIGCONT)."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGCONT)

    def flush(self) -> None:
        """Remove every key (FLUSHALL)."""
        with contextlib.closing(self.client()) as client:
            client.flushall()

    def __enter__(self) -> RedisServer:
        if not self.running:
            self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- internals ----------------------------------------------------------------------------

    def _reap(self) -> None:
        with _LIVE_LOCK:
            _LIVE.discard(self)
        self.process = None

    def _log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def _wait_until_answering(self, timeout: float) -> None:
        assert self.process is not None
        deadline = time.monotonic() + timeout
        client = self.client(socket_timeout=0.5, socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 0))
        try:
            while True:
                if self.process.poll() is not None:
                    raise RedisServerError(
                        f"redis-server on port {self.port} exited with {self.process.returncode}:\n{self._log_tail()}"
                    )
                try:
                    if client.ping():
                        return
                except redis.RedisError:
                    pass  # not listening yet, or still loading its AOF
                if time.monotonic() > deadline:
                    self.process.kill()
                    self.process.wait(10)
                    raise RedisServerError(f"redis-server on port {self.port} did not answer:\n{self._log_tail()}")
                time.sleep(0.02)
        finally:
            client.close()


class RedisSentinel(RedisServer):
    """A ``redis-server --sentinel`` watching ``master`` under ``service_name`` (quorum 1)."""

    def __init__(self, directory: Path, master: RedisServer, *, service_name: str = "mymaster") -> None:
        super().__init__(directory, appendonly=False)
        self.master = master
        self.service_name = service_name

    def command(self) -> list[str]:
        config = self.directory / "sentinel.conf"  # a Sentinel rewrites its own config file
        config.write_text(
            f"port {self.port}\nbind 127.0.0.1\ndir {self.directory}\n"
            f"sentinel monitor {self.service_name} 127.0.0.1 {self.master.port} 1\n"
            f"sentinel down-after-milliseconds {self.service_name} 5000\n"
        )
        return [self.binary, str(config), "--sentinel", "--daemonize", "no", "--logfile", str(self.log_path)]


def _stop_all() -> None:
    with _LIVE_LOCK:
        servers = list(_LIVE)
    for server in servers:
        with contextlib.suppress(Exception):
            server.stop(timeout=5)


atexit.register(_stop_all)


# -- fixtures ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One private server with AOF for the whole session; do not stop it; flush what you write."""
    server = RedisServer(tmp_path_factory.mktemp("redis-shared"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis_server_factory(tmp_path: Path) -> Iterator[Callable[..., RedisServer]]:
    """``make(appendonly=True, extra_args=()) -> RedisServer`` (started); all stopped at the end."""
    made: list[RedisServer] = []

    def make(*, appendonly: bool = True, extra_args: Sequence[str] = ()) -> RedisServer:
        server = RedisServer(tmp_path / f"redis-{len(made)}", appendonly=appendonly, extra_args=extra_args)
        made.append(server)
        server.start()
        return server

    try:
        yield make
    finally:
        for server in made:
            server.stop()


@pytest.fixture
def restartable_redis_server(redis_server_factory: Callable[..., RedisServer]) -> RedisServer:
    """A fresh server with AOF (``appendfsync always``) for this test alone."""
    return redis_server_factory()
