"""Request bodies through a real gunicorn (issue 33): a body cut short by its client is refused, not
read as whole."""

from __future__ import annotations

import json
import socket

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
