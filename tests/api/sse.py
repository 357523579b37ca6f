"""A Server-Sent Events reader for tests: the app's test client or a real server's socket.

``SseReader(chunks)`` parses the stream's text on a thread of its own into ``Sse`` items (an event
with its name, id and JSON data; a comment; a ``retry``), which a test takes in order with
``next(timeout)`` or ``until(predicate, timeout)``.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Sse:
    event: str | None = None
    id: str | None = None
    data: Any = None
    comment: str | None = None
    retry: int | None = None
    at: float = 0.0  # time.monotonic() when it was read


def parse_block(block: str, at: float) -> Sse:
    fields: dict[str, str] = {}
    comment = None
    for line in block.split("\n"):
        if line.startswith(":"):
            comment = line[1:].strip()
            continue
        name, _, value = line.partition(":")
        fields[name] = value[1:] if value.startswith(" ") else value
    data = json.loads(fields["data"]) if "data" in fields else None
    retry = int(fields["retry"]) if "retry" in fields else None
    return Sse(fields.get("event"), fields.get("id"), data, comment, retry, at)


class SseReader:
    """Reads an event stream on a thread; ``closed`` once the stream ended."""

    def __init__(self, chunks: Iterable[bytes]) -> None:
        self._items: queue.Queue[Sse | None] = queue.Queue()
        self.text = ""
        self.closed = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(iter(chunks),), daemon=True)
        self._thread.start()

    def _read(self, chunks: Iterator[bytes]) -> None:
        buffer = ""
        try:
            for chunk in chunks:
                text = chunk.decode()
                self.text += text
                buffer += text
                while "\n\n" in buffer:
                    block, buffer = buffer.split("\n\n", 1)
                    self._items.put(parse_block(block, time.monotonic()))
        except (OSError, ValueError, AttributeError, http.client.HTTPException):  # hung up under the reader
            pass
        finally:
            self.closed.set()
            self._items.put(None)

    def next(self, timeout: float = 5.0) -> Sse:
        item = self._items.get(timeout=timeout)
        if item is None:
            self._items.put(None)
            raise EOFError("the stream ended")
        return item

    def until(self, wanted: Callable[[Sse], bool], timeout: float = 5.0) -> list[Sse]:
        """Every item up to and including the first that ``wanted`` accepts."""
        deadline = time.monotonic() + timeout
        seen: list[Sse] = []
        while True:
            item = self.next(max(0.01, deadline - time.monotonic()))
            seen.append(item)
            if wanted(item):
                return seen

    def rest(self, timeout: float = 5.0) -> list[Sse]:
        """Every item until the stream ends."""
        out: list[Sse] = []
        while True:
            try:
                out.append(self.next(timeout))
            except EOFError:
                return out


def open_wire_stream(
    host: str, port: int, path: str, token: str, headers: dict[str, str] | None = None, timeout: float = 10.0
) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse, SseReader | None]:
    """A stream from a real server: the connection, the response, and a reader when it is 200."""
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    conn.request("GET", path, headers={"Authorization": f"Bearer {token}", **(headers or {})})
    response = conn.getresponse()
    if response.status != 200:
        return conn, response, None

    def chunks() -> Iterator[bytes]:
        while True:
            chunk = response.read1(65536)
            if not chunk:
                return
            yield chunk

    return conn, response, SseReader(chunks())


def close_wire_stream(conn: http.client.HTTPConnection) -> None:
    """Hang up: the socket is shut first, so the reader's blocked read ends (a plain ``close`` waits
    for it, for the next chunk the server sends)."""
    if conn.sock is not None:
        with contextlib.suppress(OSError):
            conn.sock.shutdown(socket.SHUT_RDWR)
    conn.close()
