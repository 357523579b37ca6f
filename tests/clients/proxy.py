"""A TCP proxy in front of a live server that drops connections as a real network does: the first
``resets`` connections whose request line matches ``pattern`` carry their request to the server, and
then, instead of the server's answer, the client's connection is reset (TCP RST). The server has
acted on the request; the client only knows the connection went away."""

from __future__ import annotations

import re
import socket
import struct
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from urllib.parse import urlsplit

#: how long a relay waits on a quiet socket before it looks again whether the proxy stopped (seconds)
POLL_SECONDS = 0.2


class ResettingProxy:
    """See the module docstring. ``url`` is the proxy's base URL; ``reset`` counts the resets done."""

    def __init__(self, upstream: str, pattern: bytes, resets: int = 1) -> None:
        parts = urlsplit(upstream)
        self.upstream = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.pattern = re.compile(pattern)
        self.left = resets
        self.reset = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(POLL_SECONDS)
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        self._spawn(self._accept)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=5)
        self._listener.close()

    def _spawn(self, target: object, *args: object) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)  # type: ignore[arg-type]
        self._threads.append(thread)
        thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            server = socket.create_connection(self.upstream, timeout=10)
            doomed = threading.Event()
            self._spawn(self._to_server, client, server, doomed)
            self._spawn(self._to_client, server, client, doomed)

    def _to_server(self, client: socket.socket, server: socket.socket, doomed: threading.Event) -> None:
        def request(data: bytes) -> bool:
            if self.pattern.search(data):
                with self._lock:
                    if self.left > 0:
                        self.left -= 1
                        doomed.set()
            return True

        self._relay(client, server, request)
        _close(server)

    def _to_client(self, server: socket.socket, client: socket.socket, doomed: threading.Event) -> None:
        def answer(data: bytes) -> bool:
            if not doomed.is_set():
                return True
            # the server answered a doomed request: the client gets a reset instead
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            with self._lock:
                self.reset += 1
            return False

        self._relay(server, client, answer)
        _close(client)
        _close(server)

    def _relay(self, source: socket.socket, target: socket.socket, passes: Callable[[bytes], bool]) -> None:
        """Copy what ``source`` sends to ``target`` until either closes, the proxy stops, or ``passes``
        says no to a chunk."""
        source.settimeout(POLL_SECONDS)
        while not self._stop.is_set():
            try:
                data = source.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            if not data or not passes(data):
                return
            try:
                target.sendall(data)
            except OSError:
                return


def _close(sock: socket.socket) -> None:
    with suppress(OSError):
        sock.close()


@contextmanager
def resetting_proxy(upstream: str, pattern: bytes, resets: int = 1) -> Iterator[ResettingProxy]:
    """A started ``ResettingProxy`` for the block."""
    proxy = ResettingProxy(upstream, pattern, resets)
    proxy.start()
    try:
        yield proxy
    finally:
        proxy.stop()
