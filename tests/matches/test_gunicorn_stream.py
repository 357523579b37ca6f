"""The live stream through a real gunicorn with the configured worker class (``gunicorn.conf.py``:
gevent), the way ``scripts/serve.sh`` runs it: on the memory store (one worker) and on a private
redis-server (two workers). Forty streams from other devices stay open at once, more than the
workers could hold one per worker, and each shows a play within a second of its POST; an ordinary
request is still answered at once; the spectator's token opens a stream or is refused with 501
``spectator_unsupported`` (a game whose view does not know the spectator yet), never a hand."""

from __future__ import annotations

import contextlib
import http.client
import random
import socket
import threading
import time

import pytest

from tests.api.match_driver import WireHttp, create, step
from tests.api.sse import SseReader, close_wire_stream, open_wire_stream
from tests.matches.gunicorn_server import Gunicorn
from tests.redis_server import RedisServer

pytestmark = [pytest.mark.slow]

STREAMS = 40


@pytest.fixture(params=["memory", "redis"])
def server(request: pytest.FixtureRequest) -> Gunicorn:
    if request.param == "memory":
        gunicorn = Gunicorn(workers=1, env={"STREAM_HEARTBEAT_SECONDS": "1"})
    else:
        redis_server: RedisServer = request.getfixturevalue("redis_server")
        redis_server.flush()
        gunicorn = Gunicorn(workers=2, env={"REDIS_URL": redis_server.url, "STREAM_HEARTBEAT_SECONDS": "1"})
    gunicorn.start()
    request.addfinalizer(gunicorn.__exit__)
    return gunicorn


def test_every_device_sees_a_play_within_a_second(server: Gunicorn) -> None:
    http = WireHttp("127.0.0.1", server.port)
    match, created = create(http, "forty_fives", "dealt", 3)
    tokens = [*match.seats, match.referee]
    opened: list[tuple[http.client.HTTPConnection, SseReader]] = []
    try:
        for i in range(STREAMS):
            conn, response, reader = open_wire_stream("127.0.0.1", server.port, match.path + "/stream", tokens[i % 4])
            assert response.status == 200 and reader is not None, response.read()
            assert response.getheader("Content-Type", "").startswith("text/event-stream")
            opened.append((conn, reader))
        # the spectator's stream: open, or (a game whose view does not know the spectator yet) refused
        conn, response, reader = open_wire_stream(
            "127.0.0.1", server.port, match.path + "/stream", created.body["spectator_token"]
        )
        if reader is None:
            assert response.status == 501
            assert b"spectator_unsupported" in response.read()
            conn.close()
        else:
            opened.append((conn, reader))
        for _, reader in opened:
            first = reader.until(lambda i: i.event == "view", timeout=10)
            assert first[-1].data["version"] == 1
        started = time.monotonic()
        probe = WireHttp("127.0.0.1", server.port)
        assert probe.get("/healthz").status == 200  # the streams hold no worker
        assert time.monotonic() - started < 1.0
        probe.close()

        posted_at = time.monotonic()
        answer = step(http, match, random.Random(3))
        assert answer is not None and answer.status == 200
        for _, reader in opened:
            got = reader.until(lambda i: i.event == "view" and i.data["version"] == 2, timeout=5)
            play = [i for i in got if i.event == "action"][-1]
            assert play.data["kind"] == "action" and play.data["version"] == 2
            assert play.at - posted_at < 1.0, f"{play.at - posted_at:.3f} s"
    finally:
        for conn, _ in opened:
            close_wire_stream(conn)
        http.close()




def _trickle(port: int, stop: threading.Event) -> None:
    """A client sending its request's header a byte every 0.2 s, never finishing it."""
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        for byte in b"GET /healthz HTTP/1.1\r\nHost: slow\r\nX-Padding: " + b"a" * 1000:
            if stop.wait(0.2):
                return
            sock.sendall(bytes([byte]))


def test_slow_clients_do_not_stall_other_requests() -> None:
    """Issue 14 item 3: with 50 connections sending headers a byte at a time (more than any number
    of sync workers), the one worker of the memory store still answers at once."""
    with Gunicorn(workers=1) as server:
        stop = threading.Event()
        slow = [threading.Thread(target=_trickle, args=(server.port, stop), daemon=True) for _ in range(50)]
        for thread in slow:
            thread.start()
        try:
            time.sleep(1.0)  # every slow connection is open and trickling
            took = []
            for _ in range(40):
                started = time.monotonic()
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
                conn.request("GET", "/healthz")
                assert conn.getresponse().status == 200
                conn.close()
                took.append(time.monotonic() - started)
            assert max(took) < 1.0, took
            assert sorted(took)[len(took) // 2] < 0.1, took
        finally:
            stop.set()
            for thread in slow:
                thread.join(5)
