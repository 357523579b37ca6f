"""/metrics under a real gunicorn (issue 19 items 5 and 6): on a port of its own with METRICS_PORT
(served by the master from every worker's samples; the app's port answers 404), or off."""

from __future__ import annotations

import http.client
import time

import pytest

from tests.api.match_driver import WireHttp, create
from tests.api.sse import close_wire_stream, open_wire_stream
from tests.matches.gunicorn_server import Gunicorn
from tests.ports import free_port
from tests.redis_server import RedisServer

pytestmark = [pytest.mark.slow, pytest.mark.redis]


def _get(port: int, path: str) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def test_metrics_on_their_own_port(redis_server: RedisServer) -> None:
    metrics_port = free_port()
    env = {"METRICS_PORT": str(metrics_port), "REDIS_URL": redis_server.url, "STREAM_HEARTBEAT_SECONDS": "0.5"}
    with Gunicorn(workers=2, env=env) as server:
        for _ in range(3):
            assert _get(server.port, "/healthz")[0] == 200
        http = WireHttp("127.0.0.1", server.port)
        for _ in range(4):  # new connections: both workers create some
            create(http, "forty_fives", "dealt", 3)
            http.close()
        assert _get(server.port, "/metrics")[0] == 404
        match = create(http, "forty_fives", "dealt", 3)[0]
        http.close()
        streams = []
        for token in match.seats:  # a new connection each: both workers hold some
            conn, _, reader = open_wire_stream("127.0.0.1", server.port, f"{match.path}/stream", token)
            assert reader is not None
            reader.until(lambda item: item.event == "view", timeout=10)
            streams.append(conn)
        status, text = _get(metrics_port, "/metrics")
        assert "referee_open_streams 3.0" in text  # every worker's, live
        for conn in streams:
            close_wire_stream(conn)
        deadline = time.monotonic() + 10  # a worker notices a gone client at its next write (heartbeat)
        while "referee_open_streams 0.0" not in (text := _get(metrics_port, "/metrics")[1]):
            assert time.monotonic() < deadline, text
            time.sleep(0.2)
    assert status == 200
    assert 'referee_http_requests_total{endpoint="/healthz",method="GET",status="200"}' in text
    assert 'referee_matches_created_total{mode="dealt",ruleset="forty_fives"} 5.0' in text  # every worker's
    assert 'referee_store_call_duration_seconds_count{call="create"} 5.0' in text
    assert "referee_build_info{" in text and "referee_open_streams 0.0" in text


def test_metrics_off() -> None:
    with Gunicorn(workers=1, env={"METRICS_PORT": "off"}) as server:
        assert _get(server.port, "/metrics")[0] == 404
