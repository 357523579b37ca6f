"""What the service adds to gunicorn's workers (``gunicorn.conf.py`` chooses them; issue 33).

* **Problems from the server itself.** gunicorn answers a request it cannot parse (a malformed
  request line or header, a request line over ``limit_request_line``, too many or too long header
  fields) before the app sees it, with an HTML page. Here those answers are RFC 9457 problems like
  every other (``write_problem``, put in place of gunicorn's ``util.write_error`` in each worker
  process by ``use_problem_errors``), in English: the request's ``Accept-Language`` is among what
  could not be read. They never quote the request back.
* **Headers checked once.** gunicorn checks every header of every answer (its name a token, its
  value free of control characters, hop-by-hop names dropped) as the app starts the answer. The
  headers most answers carry with the same value (the security headers, ``Content-Language``,
  ``Vary: Accept-Language``, the JSON content types: ``service.api.edge.COMMON_HEADERS``) are
  checked once, when the worker starts (``use_checked_headers``), and passed on as they are after
  that; any other header is checked as before, in the same order, with the same result.
* **The gevent worker** (``GeventWorker``, the default class) with three bounds:

  - *idle connections*: a kept-alive connection waits ``KEEPALIVE_SECONDS`` (gunicorn's
    ``keepalive``) for the first byte of its next request, then the server closes it gently:
    it checks once more that nothing has arrived (a request that came as the time ran out is
    answered, not reset), sends its FIN and reads what the client still sends for a moment before
    closing, so that the client sees the connection end rather than a reset;
  - *a request's deadline*: from its first byte, a request's head must arrive within
    ``REQUEST_TIMEOUT_SECONDS`` (else gunicorn drops it with its connection), and its body within
    as long again from there, read whole by the worker before the app sees the request (as a proxy
    buffers it): a body that misses it is answered 408 ``request_timeout`` by the worker, and the
    connection closed;
  - *connections per client address*: one address holds at most ``MAX_CONNECTIONS_PER_ADDRESS``
    connections to one worker process; one more is answered 429 ``too_many_connections`` and closed
    at once, before anything of it is read. Counted by TCP peer, hence only when ``TRUSTED_PROXIES``
    is 0: behind proxies every connection comes from a proxy, which limits its clients itself.

* **The heap settled once loaded** (``settle_heap``, every worker class): what the worker holds
  once it has loaded the app (the app, its routes, the rules' tables, the catalogues of every
  language: about 100,000 objects that live as long as the worker) is moved out of the cyclic
  garbage collector's sight, so that a full collection, which a busy worker makes every few
  thousand requests, walks only what requests made since, not everything the worker loaded.

gunicorn's own classes ``gthread`` and ``sync`` (``WORKER_CLASS``) get the problems, the headers
checked once and the settled heap only.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import socket
import time
from collections.abc import Callable, Iterable
from typing import Any

import gevent
import gevent.monkey
import gevent.socket
from gunicorn import util as gunicorn_util
from gunicorn.http import wsgi as gunicorn_wsgi
from gunicorn.workers import ggevent

from service.api.config import Settings

#: how long a closing connection is read (and what comes discarded) after the server's FIN
LINGER_SECONDS = 1.0
#: the most bytes read and discarded while lingering
LINGER_BYTES = 64 * 1024

#: gunicorn's status for a request it cannot parse -> the problem's code and English detail
_SERVER_PROBLEMS: dict[int, tuple[str, str]] = {
    400: ("malformed_request", "the request could not be read as HTTP/1.1: its request line, a header or a "
                               "chunk of its body is malformed"),
    403: ("forbidden", "the request was refused before it reached the service"),
    408: ("request_timeout", "the request did not arrive whole in time"),
    414: ("request_line_too_long", "the request line is too long (8190 bytes at most)"),
    417: ("expectation_failed", "the request's Expect header asks for something this server does not do"),
    429: ("too_many_connections", "this address holds as many connections to the server as it may; "
                                  "close one or try again later"),
    431: ("header_fields_too_large", "the request has too many header fields, or one too long "
                                     "(100 fields, 8190 bytes each, at most)"),
    501: ("unsupported_transfer_coding", "the request's Transfer-Encoding is not one this server reads "
                                         "(chunked is)"),
}
_TITLES = {400: "Bad Request", 403: "Forbidden", 408: "Request Timeout", 414: "URI Too Long",
           417: "Expectation Failed", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
           500: "Internal Server Error", 501: "Not Implemented"}


def problem_bytes(status: int, reason: str = "", extra_headers: tuple[tuple[str, str], ...] = ()) -> bytes:
    """A whole HTTP/1.1 answer (``Connection: close``) carrying the problem of ``status``."""
    code, detail = _SERVER_PROBLEMS.get(status, ("internal_error", "the server could not answer the request"))
    title = _TITLES.get(status, reason or f"HTTP error {status}")
    body = json.dumps({"type": f"urn:trick-referee:problem:{code}", "title": title, "status": status,
                       "detail": detail, "code": code}, separators=(",", ":")).encode()
    head = [f"HTTP/1.1 {status} {reason or title}", "Connection: close",
            "Content-Type: application/problem+json", f"Content-Length: {len(body)}",
            "Cache-Control: no-store", "X-Content-Type-Options: nosniff", *(f"{k}: {v}" for k, v in extra_headers)]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``util.write_error`` (same arguments), answering with a problem instead of HTML;
    ``mesg`` (gunicorn's text, which may quote the request) is left out."""
    gunicorn_util.write_nonblock(sock, problem_bytes(int(status_int), reason))


def use_problem_errors() -> None:
    """Make this (worker) process's gunicorn answer its own errors with ``write_problem``."""
    gunicorn_util.write_error = write_problem


#: gunicorn's own ``Response.process_headers``, before ``use_checked_headers`` put its own in place
_PROCESS_HEADERS: Callable[[Any, Any], None] = gunicorn_wsgi.Response.process_headers


def passed_unchanged(pair: tuple[str, str]) -> bool:
    """Whether gunicorn's check passes the header ``pair`` on as it is, with no other effect (not a
    Content-Length, which it reads, nor a hop-by-hop header, which it drops or edits)."""

    class Probe:
        headers: list[tuple[str, str]]
        response_length = None
        upgrade = False

    probe = Probe()
    probe.headers = []
    try:
        _PROCESS_HEADERS(probe, [pair])
    except Exception:  # a header gunicorn refuses is never passed without its check
        return False
    return probe.headers == [pair] and probe.response_length is None and not probe.upgrade


def process_headers_with(checked: frozenset[tuple[str, str]]) -> Callable[[Any, Any], None]:
    """gunicorn's ``Response.process_headers``, passing each header of ``checked`` (each passed
    unchanged by gunicorn's own check) straight on, and checking every other as gunicorn does."""

    def process_headers(self: Any, headers: Any) -> None:
        append = self.headers.append
        for pair in headers:
            if (pair.__class__ is tuple and len(pair) == 2 and pair[0].__class__ is str
                    and pair[1].__class__ is str and pair in checked):
                append(pair)
            else:
                _PROCESS_HEADERS(self, (pair,))

    return process_headers


def use_checked_headers(common: Iterable[tuple[str, str]]) -> None:
    """Make this (worker) process's gunicorn pass the headers of ``common`` that its check passes
    unchanged (``passed_unchanged``) without checking them again on each answer."""
    checked = frozenset(pair for pair in common if passed_unchanged(pair))
    gunicorn_wsgi.Response.process_headers = process_headers_with(checked)


def settle_heap() -> None:
    """Collect what loading the app left behind, then freeze what is left (``gc.freeze``): the
    objects a worker holds once loaded are never freed before it stops, and a frozen object is
    never walked by a collection again. Called once per worker, after it has loaded the app
    (gunicorn's ``post_worker_init``)."""
    gc.collect()
    gc.freeze()


def close_gently(sock: socket.socket) -> None:
    """Close ``sock`` without resetting it: FIN first, then read and discard what the client still
    sends, up to ``LINGER_SECONDS`` and ``LINGER_BYTES``, so that its own last bytes (a request sent
    as the server closed) do not turn the close into a reset that would wipe an answer in flight."""
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_WR)
        deadline = time.monotonic() + LINGER_SECONDS
        drained = 0
        while drained < LINGER_BYTES and (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            chunk = sock.recv(8192)
            if not chunk:
                break
            drained += len(chunk)
    with contextlib.suppress(OSError):
        sock.close()


#: the standard library's select, which never yields to another greenlet (gevent patches the module's)
_SELECT = gevent.monkey.get_original("select", "select")


def _arrived(sock: socket.socket) -> bool:
    """Whether bytes (or the client's close) wait on ``sock`` now; never yields to another greenlet."""
    try:
        readable, _, _ = _SELECT([sock], [], [], 0)
    except (OSError, ValueError):
        return True  # let gunicorn's read find out what is wrong
    return bool(readable)


class WorkerStopping(Exception):
    """Thrown into a greenlet idle between two requests when its worker stops."""


class BodyTimeout(TimeoutError):
    """The request's body did not arrive within its deadline (``REQUEST_TIMEOUT_SECONDS``)."""


class _NextRequest:
    """gunicorn's ``timeout_ctx`` around reading a connection's next request: waits ``idle`` seconds
    for its first byte (then closes the connection gently and stops), then gives the head
    ``deadline`` seconds (then gunicorn drops the request with its connection)."""

    def __init__(self, sock: socket.socket | None, idle: float, deadline: float, worker: GeventWorker) -> None:
        self.sock = sock
        self.idle = idle
        self.deadline = deadline
        self.worker = worker
        self.timer: gevent.Timeout | None = None

    def __enter__(self) -> _NextRequest:
        if self.sock is not None:
            waiting = self.worker.idle_greenlets
            here = gevent.getcurrent()
            waiting.add(here)  # idle: a stopping worker wakes it (``GeventWorker.handle_exit``)
            try:
                arrived = self._first_byte() if self.worker.alive else _arrived(self.sock)
            finally:
                waiting.discard(here)
            if not arrived:
                close_gently(self.sock)
                raise StopIteration("idle for KEEPALIVE_SECONDS")  # gunicorn: "Closing connection"
        self.timer = gevent.Timeout(self.deadline, False)  # silent: gunicorn then closes the connection
        self.timer.__enter__()
        return self

    def _first_byte(self) -> bool:
        assert self.sock is not None
        try:
            gevent.socket.wait_read(self.sock.fileno(), timeout=self.idle)
        except (TimeoutError, WorkerStopping):
            # a request that came just as the time ran out, or as the worker began to stop, is read
            # (and answered, with Connection: close while stopping); none: the connection closes
            return _arrived(self.sock)
        except (OSError, ValueError):
            return True
        return True

    def __exit__(self, *exc: Any) -> bool:
        assert self.timer is not None
        return bool(self.timer.__exit__(*exc))


class _Buffered(io.BytesIO):
    """A request body read whole by the worker (``GeventWorker.handle_request``), handed to the app
    from memory; ``failed`` tells gunicorn that the connection holds unread bytes of it (a body over
    the limit), so that it closes the connection after the answer rather than read them."""

    def __init__(self, data: bytes, failed: bool) -> None:
        super().__init__(data)
        self.failed = failed


def read_body(body: Any, most: int, deadline: float) -> tuple[bytes, bool]:
    """Up to ``most`` bytes of ``body`` (gunicorn's ``Body``) and whether it ended there, read before
    ``deadline`` (``time.monotonic()``), else ``BodyTimeout``."""
    chunks: list[bytes] = []
    size = 0
    while size <= most:
        left = deadline - time.monotonic()
        if left <= 0:
            raise BodyTimeout("the request body did not arrive in time")
        with gevent.Timeout(left, BodyTimeout("the request body did not arrive in time")):
            chunk = body.read(min(65536, most + 1 - size))
        if not chunk:
            return b"".join(chunks), True
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks), False


class GeventWorker(ggevent.GeventWorker):
    """gunicorn's gevent worker with the service's bounds (see the module's docstring)."""

    settings: Settings

    def init_process(self) -> None:
        self.settings = Settings.from_env()
        self._held: dict[str, int] = {}
        #: the greenlets of the connections waiting for their next request's first byte
        self.idle_greenlets: set[Any] = set()
        use_problem_errors()
        super().init_process()

    def timeout_ctx(self) -> _NextRequest:
        sock = getattr(gevent.getcurrent(), "referee_client", None)
        return _NextRequest(sock, float(self.cfg.keepalive), self.settings.request_timeout_seconds, self)

    def handle_exit(self, sig: int, frame: Any) -> None:
        """Stopping: the kept-alive connections idle between requests end now (their clients see the
        connection close and open another, to a server that is not stopping), so that they do not
        hold the worker through the whole graceful timeout; requests in progress finish."""
        super().handle_exit(sig, frame)
        gevent.get_hub().loop.run_callback(self._wake_idle)

    def _wake_idle(self) -> None:
        """In the hub: each greenlet still idle (so waiting in ``_NextRequest._first_byte``, the only
        place it is in the set) reads what already came, or closes its connection. Checked and thrown
        in one go, so that none is thrown at once it has gone on to a request."""
        for idle in list(self.idle_greenlets):
            if idle in self.idle_greenlets:
                idle.throw(WorkerStopping)

    @property
    def _cap(self) -> int:
        settings = self.settings
        return settings.max_connections_per_address if settings.trusted_proxies == 0 else 0

    def handle(self, listener: Any, client: socket.socket, addr: Any) -> None:
        peer = addr[0] if isinstance(addr, tuple) and addr else ""
        cap = self._cap
        if cap and peer:
            held = self._held.get(peer, 0)
            if held >= cap:
                self._refuse(client)
                return
            self._held[peer] = held + 1
        gevent.getcurrent().referee_client = client
        try:
            super().handle(listener, client, addr)
        finally:
            if cap and peer:
                left = self._held.get(peer, 1) - 1
                if left > 0:
                    self._held[peer] = left
                else:
                    self._held.pop(peer, None)

    def _refuse(self, client: socket.socket) -> None:
        """429 ``too_many_connections`` and a gentle close, without reading the request."""
        with contextlib.suppress(OSError):
            client.settimeout(1.0)
            client.sendall(problem_bytes(429, "Too Many Requests", (("Retry-After", "1"),)))
        close_gently(client)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        """The request's body is read here, whole, within ``REQUEST_TIMEOUT_SECONDS``, before the app
        sees the request (as a proxy buffers it): a slow body costs a greenlet and its bytes, never
        the app's time, and one that misses its deadline is answered 408 here, cheaply, and its
        connection closed. A body over ``MAX_BODY_BYTES`` is read to one byte past it (the app
        answers 413) and its connection closed after the answer."""
        body = getattr(req, "body", None)
        if body is not None:
            most = self.settings.max_body_bytes
            declared = getattr(req, "content_length", None)
            try:
                if declared is not None and int(declared) > most:
                    data, whole = b"", False  # the app's 413, without reading what would be refused
                else:
                    data, whole = read_body(body, most, time.monotonic() + self.settings.request_timeout_seconds)
            except BodyTimeout:
                with contextlib.suppress(OSError):
                    sock.settimeout(1.0)
                    sock.sendall(problem_bytes(408, "Request Timeout"))
                close_gently(sock)
                raise StopIteration("the request body did not arrive in time") from None
            req.body = _Buffered(data, failed=not whole)
        return super().handle_request(listener_name, req, sock, addr)
