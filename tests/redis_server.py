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

Topologies, each started and stopped as one (every process by its own pid):

* ``SentinelGroup(directory)``: a master, one replica and three Sentinels (quorum 2) on free
  ports; ``kill_master`` crashes the master, ``wait_for_failover`` waits until the Sentinels name
  the replica, ``restart_old_master`` brings the old one back as a replica of the new master.
* ``LocalRedisCluster(directory, masters=3)``: cluster-enabled servers (``--cluster-enabled yes``,
  AOF) joined by ``redis-cli --cluster create ... --cluster-replicas 0``, on ports below 55536 whose
  bus ports (port + 10000) are free too; ``node_for(key)`` is the master holding a key's slot.
* ``StallingProxy(server)``: a TCP relay in front of a server that freezes it (SIGSTOP) the moment
  a chosen command passes through, just before handing it on (``stall_on``), or hands the command
  on and cuts the client's connection instead of passing its reply back (``cut_on``).

Fixtures: ``redis_cluster`` (session, shared: flush what you write), ``redis_cluster_factory``
(function: a cluster of the test's own to stop and restart), ``sentinel_group`` (function).
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

from tests.ports import free_port

REDIS_SERVER_BINARY = "redis-server"
_PR_SET_PDEATHSIG = 1
_LIVE: set[RedisServer] = set()
_LIVE_LOCK = threading.Lock()


def free_cluster_port() -> int:
    """A free port for a Redis Cluster node whose bus port (+10000) is free too
    (``tests/ports.py``)."""
    return free_port(bus=True)


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
        self.port = port if port is not None else self._pick_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log_path = self.directory / "redis.log"

    def _pick_port(self) -> int:
        return free_port()

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
                self._fixed_port = True  # a restart comes back on the same port
                return
            except RedisServerError as error:
                port_taken = "Address already in use" in f"{error}\n{self._log_tail()}"
                self.kill()  # it cannot serve that port; make sure it is gone
                self._reap()
                if port_taken and not self._fixed_port and attempt < 2:
                    self.port = self._pick_port()
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

    def _check_it_is_ours(self, client: redis.Redis) -> None:
        """The server answering on the port is this process, not another test's that took the port
        first (this one then cannot bind it and exits)."""
        assert self.process is not None
        answering = int(client.info("server")["process_id"])
        if answering != self.process.pid:
            raise RedisServerError(
                f"Address already in use: port {self.port} is another redis-server's (pid {answering})"
            )

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
                        self._check_it_is_ours(client)
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


def replica_args(master: RedisServer) -> list[str]:
    """Arguments that make a server a replica of ``master``."""
    return ["--replicaof", "127.0.0.1", str(master.port)]


#: A master starts a full sync at once (the default waits 5 s for more replicas to join it).
PROMPT_SYNC_ARGS = ("--repl-diskless-sync-delay", "0")


def wait_for_replicas(master: RedisServer, count: int, timeout: float = 20.0) -> None:
    """Wait until ``master`` has ``count`` replicas that acknowledge its writes. Online is not
    enough: a replica just through a full sync may take a second more before it acknowledges one
    (measured here), so a write (a PUBLISH, which leaves no key) must be acknowledged by ``WAIT``."""
    deadline = time.monotonic() + timeout
    while not replicas_in_sync(master, count):
        if time.monotonic() > deadline:
            raise RedisServerError(f"redis-server on port {master.port} has fewer than {count} replicas in sync")
        time.sleep(0.02)


def replicas_in_sync(master: RedisServer, count: int) -> bool:
    """True when ``master`` is a master and ``count`` of its replicas acknowledge a write within
    0.1 s (``wait_for_replicas``' one look); False when it is not, or does not answer."""
    with contextlib.suppress(redis.RedisError, OSError), contextlib.closing(master.client()) as client:
        if client.info("replication").get("role") == "master":
            client.publish("__tests__:replicas", "in sync?")
            return bool(client.wait(count, 100) >= count)
    return False


class RedisSentinel(RedisServer):
    """A ``redis-server --sentinel`` watching ``master`` under ``service_name`` (by default quorum 1,
    a master is down after 5 s without an answer)."""

    def __init__(
        self,
        directory: Path,
        master: RedisServer,
        *,
        service_name: str = "mymaster",
        quorum: int = 1,
        down_after_ms: int = 5000,
        failover_timeout_ms: int | None = None,
    ) -> None:
        super().__init__(directory, appendonly=False)
        self.master = master
        self.service_name = service_name
        self.quorum = quorum
        self.down_after_ms = down_after_ms
        self.failover_timeout_ms = failover_timeout_ms

    def command(self) -> list[str]:
        config = self.directory / "sentinel.conf"  # a Sentinel rewrites its own config file
        text = (
            f"port {self.port}\nbind 127.0.0.1\ndir {self.directory}\n"
            f"sentinel monitor {self.service_name} 127.0.0.1 {self.master.port} {self.quorum}\n"
            f"sentinel down-after-milliseconds {self.service_name} {self.down_after_ms}\n"
        )
        if self.failover_timeout_ms is not None:
            text += f"sentinel failover-timeout {self.service_name} {self.failover_timeout_ms}\n"
        config.write_text(text)
        return [self.binary, str(config), "--sentinel", "--daemonize", "no", "--logfile", str(self.log_path)]

    def master_port(self) -> int | None:
        """The port of the master this Sentinel names now (None when it names none)."""
        with contextlib.closing(self.client()) as client:
            address = client.sentinel_get_master_addr_by_name(self.service_name)
        return None if not address else int(address[1])


class SentinelGroup:
    """A master (AOF, ``appendfsync always``), one replica and three Sentinels (quorum 2) watching
    it as ``service_name``, on free local ports. ``down_after_ms``: how long the Sentinels wait for
    a silent master before they fail it over."""

    def __init__(self, directory: Path, *, service_name: str = "referee", down_after_ms: int = 1000) -> None:
        self.directory = Path(directory)
        self.service_name = service_name
        self.master = RedisServer(self.directory / "a", extra_args=PROMPT_SYNC_ARGS)
        self.replica = RedisServer(self.directory / "b", extra_args=(*PROMPT_SYNC_ARGS, *replica_args(self.master)))
        self.sentinels = [
            RedisSentinel(self.directory / f"sentinel-{i}", self.master, service_name=service_name, quorum=2,
                          down_after_ms=down_after_ms, failover_timeout_ms=4 * down_after_ms)
            for i in range(3)
        ]
        #: the two data servers, whichever is master now
        self.servers = [self.master, self.replica]

    @property
    def setting(self) -> str:
        """``REDIS_SENTINELS`` for the service."""
        return ",".join(f"127.0.0.1:{s.port}" for s in self.sentinels)

    def start(self) -> SentinelGroup:
        self.master.start()
        self.replica.start()
        wait_for_replicas(self.master, 1)
        for sentinel in self.sentinels:
            sentinel.start()
        self._wait(lambda: all(self._sees_replica(s) for s in self.sentinels), "the Sentinels to find the replica")
        return self

    def stop(self) -> None:
        for process in (*self.sentinels, *self.servers):
            with contextlib.suppress(Exception):
                process.stop()

    def current_master(self) -> RedisServer:
        """The data server a majority of the Sentinels name as master now."""
        ports = [s.master_port() for s in self.sentinels if s.running]
        port = max(set(ports), key=ports.count)
        return next(s for s in self.servers if s.port == port)

    def kill_master(self) -> RedisServer:
        """Crash the current master (SIGKILL); returns it."""
        master = self.current_master()
        master.kill()
        return master

    def wait_for_failover(self, old: RedisServer, timeout: float = 30.0) -> RedisServer:
        """Wait until every Sentinel names a master other than ``old``, and it takes writes."""
        self._wait(lambda: all(s.master_port() not in (None, old.port) for s in self.sentinels),
                   "the Sentinels to fail over", timeout)
        new = self.current_master()
        self._wait(lambda: _role(new) == "master", "the new master", timeout)
        return new

    def restart_old_master(self, old: RedisServer, timeout: float = 30.0) -> None:
        """Start ``old`` again as a replica of the master the Sentinels name now, as a supervisor
        that asks them at start does (left to themselves the Sentinels would turn it into one too,
        at their next look, within 10 s); wait until it is in sync (a full resync: what it had and
        the new master has not is dropped)."""
        new = self.current_master()
        old.extra_args = (*PROMPT_SYNC_ARGS, *replica_args(new))
        old.start()
        # whichever server the Sentinels name as master by then (on a loaded machine they may have
        # failed over once more meanwhile); a timeout says what each server was doing
        try:
            self._wait(self._master_has_a_replica_in_sync, "the old master in sync", timeout)
        except RedisServerError as error:
            states = "\n".join(_described(s) for s in self.servers)
            raise RedisServerError(f"{error}\n{states}") from None

    def _master_has_a_replica_in_sync(self) -> bool:
        """Whether the server the Sentinels name as master has a replica in sync (False while they
        name none, or one that is not among the data servers)."""
        try:
            master = self.current_master()
        except (StopIteration, ValueError):
            return False
        return replicas_in_sync(master, 1)

    def _sees_replica(self, sentinel: RedisSentinel) -> bool:
        with contextlib.closing(sentinel.client()) as client:
            return len(client.sentinel_slaves(self.service_name)) >= 1

    @staticmethod
    def _wait(done: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            with contextlib.suppress(redis.RedisError, OSError):
                if done():
                    return
            if time.monotonic() > deadline:
                raise RedisServerError(f"timed out waiting for {what}")
            time.sleep(0.05)

    def __enter__(self) -> SentinelGroup:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class RedisClusterNode(RedisServer):
    """A cluster-enabled ``redis-server`` (AOF, ``appendfsync always``; its cluster state in
    ``nodes.conf`` in its directory, so a restart on the same port and directory rejoins)."""

    def __init__(self, directory: Path, *, node_timeout_ms: int = 2000) -> None:
        super().__init__(
            directory,
            extra_args=["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                        "--cluster-node-timeout", str(node_timeout_ms)],
        )

    def _pick_port(self) -> int:
        return free_cluster_port()

    def cluster_state(self) -> str:
        with contextlib.closing(self.client()) as client:
            return str(client.cluster("INFO").get("cluster_state", "?"))


class LocalRedisCluster:
    """``masters`` cluster nodes joined into one Redis Cluster with no replicas."""

    def __init__(self, directory: Path, *, masters: int = 3, node_timeout_ms: int = 2000) -> None:
        self.directory = Path(directory)
        self.nodes = [RedisClusterNode(self.directory / f"node-{i}", node_timeout_ms=node_timeout_ms)
                      for i in range(masters)]

    @property
    def setting(self) -> str:
        """``REDIS_CLUSTER_NODES`` for the service: every node."""
        return ",".join(f"127.0.0.1:{node.port}" for node in self.nodes)

    def start(self, timeout: float = 60.0) -> LocalRedisCluster:
        for node in self.nodes:
            node.start()
        cli = shutil.which("redis-cli")
        if cli is None:
            raise RedisServerError("redis-cli is not on the PATH (Debian: apt-get install redis-tools)")
        created = subprocess.run(
            [cli, "--cluster", "create", *(f"127.0.0.1:{node.port}" for node in self.nodes),
             "--cluster-replicas", "0", "--cluster-yes"],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout, check=False,
        )
        if created.returncode != 0:
            raise RedisServerError(f"redis-cli --cluster create failed:\n{created.stdout}\n{created.stderr}")
        self.wait_until_ok(timeout)
        return self

    def wait_until_ok(self, timeout: float = 60.0) -> None:
        """Wait until every running node reports ``cluster_state:ok``."""
        deadline = time.monotonic() + timeout
        while True:
            with contextlib.suppress(redis.RedisError, OSError):
                if all(node.cluster_state() == "ok" for node in self.nodes if node.running):
                    return
            if time.monotonic() > deadline:
                states = {node.port: node.cluster_state() if node.running else "stopped" for node in self.nodes}
                raise RedisServerError(f"the cluster is not ok: {states}")
            time.sleep(0.05)

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def flush(self) -> None:
        """Remove every key on every master."""
        for node in self.nodes:
            node.flush()

    def node_for(self, key: str) -> RedisClusterNode:
        """The node that holds ``key``'s slot now."""
        with contextlib.closing(self.nodes[0].client()) as client:
            slot = int(client.cluster("KEYSLOT", key))
            for start, end, owner, *_ in client.execute_command("CLUSTER SLOTS"):
                if start <= slot <= end:
                    port = int(owner[1])
                    return next(node for node in self.nodes if node.port == port)
        raise RedisServerError(f"no node holds slot {slot}")

    def __enter__(self) -> LocalRedisCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class StallingProxy:
    """A TCP relay to ``server`` on a free port of its own, for the moments a test needs a command
    to reach Redis at an exact point: ``stall_on(marker)`` freezes the server (SIGSTOP) the moment
    the next client chunk holding ``marker`` (e.g. ``b"EVALSHA"``) arrives, then hands the chunk on:
    the command was sent and Redis runs it once it is resumed. ``cut_on(marker)`` hands the next
    such chunk on, waits for Redis's reply, and closes the client's connection instead of passing
    the reply back: the command ran and its reply was lost. ``triggered`` is set when either happened.
    Stop it with ``close`` (or use it as a context manager)."""

    def __init__(self, server: RedisServer) -> None:
        self.server = server
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(64)
        self.port = int(self._listener.getsockname()[1])
        self._lock = threading.Lock()
        self._marker: bytes | None = None
        self._mode = ""
        self._sockets: list[socket.socket] = []
        self.triggered = threading.Event()
        self._closed = False
        threading.Thread(target=self._accept, name="stalling-proxy", daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stall_on(self, marker: bytes) -> None:
        self._arm(marker, "stall")

    def cut_on(self, marker: bytes) -> None:
        self._arm(marker, "cut")

    def _arm(self, marker: bytes, mode: str) -> None:
        with self._lock:
            self._marker, self._mode = marker, mode
            self.triggered.clear()

    def _take(self, chunk: bytes) -> str:
        """The mode to apply to ``chunk`` (and disarm), or "" to pass it on as it is."""
        with self._lock:
            if self._marker is None or self._marker not in chunk:
                return ""
            mode, self._marker = self._mode, None
            return mode

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(("127.0.0.1", self.server.port), timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._sockets += [client, upstream]
            cut = threading.Event()
            threading.Thread(target=self._up, args=(client, upstream, cut), daemon=True).start()
            threading.Thread(target=self._down, args=(upstream, client, cut), daemon=True).start()

    def _up(self, client: socket.socket, upstream: socket.socket, cut: threading.Event) -> None:
        try:
            while chunk := client.recv(65536):
                mode = self._take(chunk)
                if mode == "stall":
                    self.server.pause()
                    self.triggered.set()
                elif mode == "cut":
                    cut.set()
                upstream.sendall(chunk)
        except OSError:
            pass
        finally:
            _close(upstream)

    def _down(self, upstream: socket.socket, client: socket.socket, cut: threading.Event) -> None:
        try:
            while chunk := upstream.recv(65536):
                if cut.is_set():  # the reply to the command cut_on let through: lose it
                    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                    self.triggered.set()
                    return
                client.sendall(chunk)
        except OSError:
            pass
        finally:
            _close(client)

    def close(self) -> None:
        self._closed = True
        _close(self._listener)
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for sock in sockets:
            _close(sock)

    def __enter__(self) -> StallingProxy:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _role(server: RedisServer) -> str:
    with contextlib.closing(server.client()) as client:
        return str(client.info("replication").get("role"))


def _described(server: RedisServer) -> str:
    """A server's role and the last lines of its log, for an error that has to say what went wrong."""
    role = "stopped"
    if server.running:
        try:
            role = _role(server)
        except (redis.RedisError, OSError):
            role = "not answering"
    return f"redis-server on port {server.port} ({role}):\n{server._log_tail()}"


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    with contextlib.suppress(OSError):
        sock.close()


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


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalRedisCluster]:
    """One 3-master cluster for the whole session; do not stop its nodes; flush what you write."""
    cluster = LocalRedisCluster(tmp_path_factory.mktemp("redis-cluster"))
    try:
        yield cluster.start()
    finally:
        cluster.stop()


@pytest.fixture
def redis_cluster_factory(tmp_path: Path) -> Iterator[Callable[..., LocalRedisCluster]]:
    """``make(masters=3, node_timeout_ms=2000) -> LocalRedisCluster`` (started); stopped at the end."""
    made: list[LocalRedisCluster] = []

    def make(*, masters: int = 3, node_timeout_ms: int = 2000) -> LocalRedisCluster:
        cluster = LocalRedisCluster(tmp_path / f"cluster-{len(made)}", masters=masters, node_timeout_ms=node_timeout_ms)
        made.append(cluster)
        return cluster.start()

    try:
        yield make
    finally:
        for cluster in made:
            cluster.stop()


@pytest.fixture
def sentinel_group(tmp_path: Path) -> Iterator[SentinelGroup]:
    """A master, a replica and three Sentinels (service name ``referee``), for this test alone."""
    group = SentinelGroup(tmp_path / "sentinel-group")
    try:
        yield group.start()
    finally:
        group.stop()
