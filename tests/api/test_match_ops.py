"""/readyz (the store answers, quickly) and /metrics (Prometheus text)."""

from __future__ import annotations

import time

from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings
from tests.ports import free_port


def test_ready_on_the_memory_store_and_metrics_count_requests() -> None:
    client = create_app(Settings()).test_client()
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.get_json() == {"status": "ready", "store": "memory"}
    client.get("/v1/matches/nope")
    text = client.get("/metrics").get_data(as_text=True)
    assert 'referee_http_requests_total{endpoint="/readyz",method="GET",status="200"}' in text
    assert 'endpoint="/v1/matches/<match_id>",method="GET",status="404"' in text
    assert "referee_http_request_duration_seconds_bucket" in text
    assert "\nreferee_store_up 1.0\n" in text


def test_ready_when_redis_does_not_answer_and_the_metric_says_it() -> None:
    """Readiness is the process's, not the store's (issue 33 item 9): the store's health is
    ``referee_store_up``, and the match endpoints answer 503 on their own."""
    client = create_app(Settings(redis_url=f"redis://127.0.0.1:{free_port()}/0")).test_client()
    started = time.perf_counter()
    ready = client.get("/readyz")
    metrics = client.get("/metrics").get_data(as_text=True)
    assert time.perf_counter() - started < 2.0
    assert ready.status_code == 200 and ready.get_json() == {"status": "ready", "store": "redis"}
    assert "\nreferee_store_up 0.0\n" in metrics
    assert client.get("/healthz").status_code == 200
    down = client.get("/v1/matches/some-match", headers={"Authorization": "Bearer x"})
    assert down.status_code == 503 and down.get_json()["code"] == "store_unavailable"
    assert down.headers["Retry-After"] == "1"


def _samples(client: FlaskClient) -> dict[str, float]:
    """Every sample of /metrics by its name and labels (the registry is the process's, so tests
    compare before and after)."""
    text = client.get("/metrics").get_data(as_text=True)
    out: dict[str, float] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            out[name] = float(value)
    return out


def _grew(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {k: v - before.get(k, 0.0) for k, v in after.items() if v != before.get(k, 0.0) and "_created" not in k}


def test_every_answer_is_counted_once_under_its_route_method_and_status() -> None:
    client = create_app(Settings()).test_client()
    body = {"trump": "H", "plays": ["KH", "7H", "QD", "AH"]}
    before = _samples(client)
    for _ in range(3):
        assert client.post("/v1/rulesets/forty_fives/trick", json=body).status_code == 200
    assert client.post("/v1/rulesets/forty_fives/trick", json={"plays": []}).status_code == 400
    assert client.get("/v1/rulesets/forty_fives/trick").status_code == 405
    assert client.get("/no/such/path").status_code == 404
    assert client.open("/healthz", method="BREW").status_code == 405
    grew = _grew(before, _samples(client))
    counts = {k: v for k, v in grew.items() if k.startswith("referee_http_requests_total")}
    trick = 'endpoint="/v1/rulesets/<id>/trick"'
    assert counts == {
        f'referee_http_requests_total{{{trick},method="POST",status="200"}}': 3,
        f'referee_http_requests_total{{{trick},method="POST",status="400"}}': 1,
        # no rule matched: a path nothing serves, or a method none of its rules take
        'referee_http_requests_total{endpoint="unmatched",method="GET",status="405"}': 1,
        'referee_http_requests_total{endpoint="unmatched",method="GET",status="404"}': 1,
        'referee_http_requests_total{endpoint="unmatched",method="OTHER",status="405"}': 1,
        # the /metrics request taken before: answered (and counted) after its text was written
        'referee_http_requests_total{endpoint="/metrics",method="GET",status="200"}': 1,
    }
    timed = f'referee_http_request_duration_seconds_count{{{trick},method="POST"}}'
    assert grew[timed] == 4
    assert 0 < grew[f'referee_http_request_duration_seconds_sum{{{trick},method="POST"}}'] < 4.0
    buckets = [k for k in grew if k.startswith("referee_http_request_duration_seconds_bucket") and trick in k]
    assert buckets and all(grew[k] <= 4 for k in buckets)
