"""Several gunicorn workers on a real Redis with nothing but ``REDIS_URL`` set (issue 33): an
idempotent create is idempotent across the workers, and every scrape of ``/metrics`` counts every
worker, with the server's process metrics."""

from __future__ import annotations

import http.client
import re
from typing import Any

import pytest

from service.api.config import Settings
from service.api.metrics import stream_capacity
from tests.api.match_driver import WireHttp
from tests.matches.gunicorn_server import Gunicorn
from tests.redis_server import RedisServer

pytestmark = [pytest.mark.slow, pytest.mark.redis]

CREATE = {"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B", "C"]}
#: what the suite's helper sets and a newcomer would not: back to unset (an empty value is unset)
DEFAULTS = {"IDEMPOTENCY_SECRET": "", "PROMETHEUS_MULTIPROC_DIR": ""}


def test_a_keyed_create_sent_to_every_worker_makes_one_match(restartable_redis_server: RedisServer) -> None:
    """25 sends of one keyed create, each on a new connection (the workers take turns): one match,
    the same answer each time (before: one match per worker that took one, 3 on 3 workers)."""
    env = {**DEFAULTS, "REDIS_URL": restartable_redis_server.url}
    with Gunicorn(workers=3, env=env) as server:
        answers = []
        for _ in range(25):
            http = WireHttp("127.0.0.1", server.port)
            answers.append(http.post("/v1/matches", CREATE, **{"Idempotency-Key": "offline-create-1"}))
            http.close()
    assert {a.status for a in answers} <= {200, 201}, [a.body for a in answers]
    assert len({a.body["id"] for a in answers}) == 1
    assert len({a.body["referee_token"] for a in answers}) == 1
    client = restartable_redis_server.client()
    try:
        assert len(client.keys("{match:*}:doc")) == 1
        assert client.exists("referee:secret:idempotency") == 1  # made once, kept for every worker
    finally:
        client.close()


def _scrape(port: int) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", "/metrics")
        answer = conn.getresponse()
        assert answer.status == 200
        return answer.read().decode()
    finally:
        conn.close()


def test_every_scrape_counts_every_worker(restartable_redis_server: RedisServer) -> None:
    """30 requests over new connections, then three scrapes (each may land on any worker): each
    counts the 30 (before: the one worker that answered it, 7, 16 and 7), and shows the processes
    of the whole server."""
    env = {**DEFAULTS, "REDIS_URL": restartable_redis_server.url}
    with Gunicorn(workers=3, env=env) as server:
        for _ in range(30):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            conn.request("GET", "/v1/rulesets")
            assert conn.getresponse().status == 200
            conn.close()
        scrapes = [_scrape(server.port) for _ in range(3)]
    pattern = re.compile(r'referee_http_requests_total\{endpoint="/v1/rulesets",method="GET",status="200"\} (\S+)')
    counted = [float(m.group(1)) if (m := pattern.search(text)) else 0.0 for text in scrapes]
    assert counted == [30.0, 30.0, 30.0]
    for text in scrapes:
        processes = re.search(r"^referee_pod_processes (\S+)$", text, re.M)
        assert processes is not None and float(processes.group(1)) == 4.0  # the master and 3 workers
        memory = re.search(r"^referee_pod_resident_memory_bytes (\S+)$", text, re.M)
        assert memory is not None and float(memory.group(1)) > 4 * 10_000_000
        assert re.search(r"^referee_pod_cpu_seconds_total \S+$", text, re.M)
        # the bound the streams alert compares referee_open_streams with (k8s/alerts.yaml)
        capacity = re.search(r"^referee_stream_capacity (\S+)$", text, re.M)
        settings = Settings.from_env({**env, "WEB_CONCURRENCY": "3"})
        assert capacity is not None and float(capacity.group(1)) == stream_capacity(settings) >= 3


def test_a_stalled_redis_leaves_the_process_ready(restartable_redis_server: RedisServer) -> None:
    """Redis stalled (SIGSTOP): /readyz still 200 (before: 503, so every pod left the service at
    once), the rules endpoints answer, a match answers 503 store_unavailable, and the store's health
    is the metric referee_store_up (0, then 1 once Redis answers again)."""
    env = {**DEFAULTS, "REDIS_URL": restartable_redis_server.url}
    with Gunicorn(workers=2, env=env) as server:
        http = WireHttp("127.0.0.1", server.port)
        created = http.post("/v1/matches", CREATE).body
        assert "up 1.0" in _store_up(server.port)
        restartable_redis_server.pause()
        try:
            ready = http.get("/readyz")
            assert ready.status == 200 and ready.body == {"status": "ready", "store": "redis"}
            trick = http.post("/v1/rulesets/forty_fives/trick", {"trump": "H", "plays": ["KH", "7H", "QD", "AH"]})
            assert trick.status == 200 and trick.body["winner"] == 3
            down = http.get(f"/v1/matches/{created['id']}", created["referee_token"])
            assert down.status == 503 and down.body["code"] == "store_unavailable"
            assert "up 0.0" in _store_up(server.port)
        finally:
            restartable_redis_server.resume()
        assert "up 1.0" in _store_up(server.port)
        http.close()


def _store_up(port: int) -> str:
    found = re.search(r"^referee_store_up (\S+)$", _scrape(port), re.M)
    assert found is not None
    return f"up {found.group(1)}"


def test_keyed_refusals_cost_redis_next_to_nothing(restartable_redis_server: RedisServer) -> None:
    """1,000 refused actions of one seat, each under a fresh Idempotency-Key: Redis grows by at most
    100 KB (before: ~560 bytes a refusal, every one kept a day; now only the match's refusal log,
    capped at its last 200 entries). A retry is judged again: the same refusal."""
    env = {**DEFAULTS, "REDIS_URL": restartable_redis_server.url}
    client = restartable_redis_server.client()
    with Gunicorn(workers=1, env=env) as server:
        http = WireHttp("127.0.0.1", server.port)
        created = http.post("/v1/matches", CREATE).body
        view = http.get(f"/v1/matches/{created['id']}", created["referee_token"]).body
        idle = next(s for s in range(3) if s not in view["to_act"])
        token = created["seats"][idle]["token"]
        path = f"/v1/matches/{created['id']}/actions"
        before = int(client.info("memory")["used_memory"])
        stored_before = _stored_bytes(client)
        codes = set()
        for i in range(1000):
            answer = http.post(path, {"type": "play", "card": "2C"}, token, **{"Idempotency-Key": f"fresh-{i}"})
            codes.add((answer.status, answer.body["code"]))
        after = int(client.info("memory")["used_memory"])
        stored = _stored_bytes(client) - stored_before
        again = http.post(path, {"type": "play", "card": "2C"}, token, **{"Idempotency-Key": "fresh-7"})
        http.close()
    keys = len(client.keys("*"))
    client.close()
    print(f"\nRedis grew {after - before} bytes (used_memory) for 1,000 keyed refusals; its keys {stored} "
          f"bytes (MEMORY USAGE); {keys} keys")
    assert stored <= 100_000
    assert len(codes) == 1 and next(iter(codes))[0] == 409, codes  # out of turn (or phase)
    assert (again.status, again.body["code"]) == next(iter(codes)) and "Idempotent-Replayed" not in again.headers


def _stored_bytes(client: Any) -> int:
    """What every key of the server takes (``MEMORY USAGE``, all samples), summed."""
    return sum(int(client.memory_usage(key, samples=0) or 0) for key in client.scan_iter(count=1000))
