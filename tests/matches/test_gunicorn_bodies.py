"""Request bodies through a real gunicorn (issue 33): a body cut short by its client is refused, not
read as whole."""

from __future__ import annotations

import contextlib
import json
import socket
import time

import pytest

from tests.matches.gunicorn_server import Gunicorn

pytestmark = [pytest.mark.slow]

CREATE = json.dumps({"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C"]}).encode()


def _answer(sock: socket.socket, timeout: float = 10.0) -> tuple[int, dict[str, str], bytes]:
    """The status, headers and body of one answer read from ``sock`` until the server closes it or
    the body it declared is in."""
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


def test_a_body_shorter_than_its_content_length_is_a_400_problem() -> None:
    """The client declares 50 bytes more than it sends, then closes its side: the JSON that came is a
    whole create, yet it is not a whole body (before: 201, a match made from it)."""
    with Gunicorn(workers=1) as server, socket.create_connection(("127.0.0.1", server.port)) as sock:
        head = (f"POST /v1/matches HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(CREATE) + 50}\r\n\r\n").encode()
        sock.sendall(head + CREATE)
        sock.shutdown(socket.SHUT_WR)
        status, headers, body = _answer(sock)
    assert status == 400, body
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["code"] == "malformed_body" and "declared" in problem["detail"]


def _slow_body(port: int) -> socket.socket:
    """A connection that sends a create's head declaring 100 bytes of body, and one byte of it."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(b"POST /v1/matches HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 100\r\n\r\n{")
    return sock


def _healthz_from(address: str, port: int) -> int:
    """GET /healthz from another client address (a loopback address of its own), within 5 s."""
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(address, 0)) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        return _answer(sock, timeout=5)[0]


def test_slow_bodies_get_a_deadline_and_one_address_cannot_take_every_connection() -> None:
    """150 slow bodies (a byte every 0.5 s) from one address to a worker of 100 connections: 20 are
    held (MAX_CONNECTIONS_PER_ADDRESS), the others answered 429 at once; another client address is
    answered meanwhile; each held body ends at its deadline (REQUEST_TIMEOUT_SECONDS) with a 408
    problem however it trickles. Before: every connection held, none ever answered, and the other
    client not answered at all."""
    import selectors

    env = {"REQUEST_TIMEOUT_SECONDS": "2", "MAX_CONNECTIONS_PER_ADDRESS": "20", "WORKER_CONNECTIONS": "100"}
    with Gunicorn(workers=1, env=env) as server:
        slow = [_slow_body(server.port) for _ in range(150)]
        try:
            started = time.monotonic()
            answers: dict[socket.socket, bytes] = {}
            selector = selectors.DefaultSelector()
            for sock in slow:
                sock.setblocking(False)
                selector.register(sock, selectors.EVENT_READ)
            others = [_healthz_from("127.0.0.2", server.port) for _ in range(3)]
            last_drip = 0.0
            while len(answers) < len(slow) and time.monotonic() - started < 15:
                if time.monotonic() - last_drip >= 0.5:  # trickle on the bodies not answered yet
                    last_drip = time.monotonic()
                    for sock in slow:
                        if sock not in answers:
                            with contextlib.suppress(OSError):
                                sock.send(b" ")
                for key, _ in selector.select(timeout=0.1):
                    sock = key.fileobj  # type: ignore[assignment]
                    try:
                        data = sock.recv(65536)
                    except OSError:
                        data = b""
                    answers[sock] = answers.get(sock, b"") + data
                    if not data or b"\r\n\r\n" in answers[sock]:
                        selector.unregister(sock)
                        answers.setdefault(sock, b"")
            statuses = sorted(int(a.split(b" ", 2)[1]) if a.startswith(b"HTTP/1.1 ") else 0 for a in answers.values())
        finally:
            for sock in slow:
                sock.close()
    assert others == [200, 200, 200]
    assert len(answers) == 150, f"{150 - len(answers)} slow bodies never answered"
    assert statuses.count(429) == 130 and statuses.count(408) == 20, statuses
    timed_out = next(a for a in answers.values() if b" 408 " in a[:20])
    assert b"application/problem+json" in timed_out and b'"code":"request_timeout"' in timed_out
