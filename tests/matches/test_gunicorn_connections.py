"""Connections through a real gunicorn at its defaults (issue 33): an idle kept-alive connection is
kept for a phone's pause between plays and, when it does end, ends with a FIN, not a reset; the
server's own refusals (a request it cannot parse) are problems, not HTML pages."""

from __future__ import annotations

import http.client
import json
import socket
import time

import pytest

from tests.matches.gunicorn_server import Gunicorn
from tests.matches.test_gunicorn_bodies import _answer

pytestmark = [pytest.mark.slow]


def test_an_idle_connection_is_kept_between_plays() -> None:
    """Reused after 3 s idle (gunicorn's default keep-alive of 2 s closed it, and a request sent as it
    closed was reset), and again after 6 s."""
    with Gunicorn(workers=1) as server:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/healthz")
        first = conn.getresponse()
        first.read()
        assert first.status == 200 and first.getheader("Connection") != "close"
        sock = conn.sock
        for idle in (3.0, 6.0):
            time.sleep(idle)
            conn.request("GET", "/v1/rulesets")
            answer = conn.getresponse()
            answer.read()
            assert answer.status == 200
            assert conn.sock is sock  # the same connection, not a new one
        conn.close()


def test_an_idle_connection_past_its_time_ends_with_a_fin() -> None:
    """With KEEPALIVE_SECONDS=1, the idle connection is closed by the server, gently: the client reads
    the end of the stream (a FIN), not a reset."""
    with Gunicorn(workers=1, env={"KEEPALIVE_SECONDS": "1"}) as server, \
            socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        status, _, _ = _answer(sock)
        assert status == 200
        sock.settimeout(10)
        started = time.monotonic()
        assert sock.recv(100) == b""  # the server's FIN (a reset would raise ConnectionResetError)
        assert time.monotonic() - started >= 0.5


@pytest.mark.parametrize(
    ("request_bytes", "status", "code"),
    [
        (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: t\r\n\r\n", 414, "request_line_too_long"),
        (b"GET / HTTP/1.1\r\nHost: t\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(120)) + b"\r\n", 431,
         "header_fields_too_large"),
        (b"NOT AN HTTP REQUEST LINE\r\n\r\n", 400, "malformed_request"),
        (b"POST /v1/matches HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n", 400, "malformed_request"),
    ],
    ids=["long-line", "many-headers", "bad-line", "gzip-coding"],
)
def test_the_servers_own_refusals_are_problems(request_bytes: bytes, status: int, code: str) -> None:
    """gunicorn refuses these before the app sees them; its answer is a problem like the app's (an
    HTML page before), and it does not quote the request back."""
    with Gunicorn(workers=1) as server, socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(request_bytes)
        got, headers, body = _answer(sock)
    assert got == status, body
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert (problem["status"], problem["code"]) == (status, code)
    assert problem["type"] == f"urn:trick-referee:problem:{code}" and problem["detail"]
    assert b"aaaa" not in body and b"NOT AN" not in body
