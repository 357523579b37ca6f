"""/readyz (the store answers, quickly) and /metrics (Prometheus text)."""

from __future__ import annotations

import time

from service.api.app import create_app
from service.api.config import Settings
from tests.redis_server import free_port


def test_ready_on_the_memory_store_and_metrics_count_requests() -> None:
    client = create_app(Settings()).test_client()
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.get_json() == {"status": "ready", "store": "memory"}
    client.get("/v1/matches/nope")
    text = client.get("/metrics").get_data(as_text=True)
    assert 'referee_http_requests_total{endpoint="/readyz",method="GET",status="200"}' in text
    assert 'endpoint="/v1/matches/<match_id>",method="GET",status="404"' in text
    assert "referee_http_request_duration_seconds_bucket" in text


def test_not_ready_when_redis_does_not_answer_and_liveness_does_not_care() -> None:
    client = create_app(Settings(redis_url=f"redis://127.0.0.1:{free_port()}/0")).test_client()
    started = time.perf_counter()
    ready = client.get("/readyz")
    assert time.perf_counter() - started < 2.0
    assert ready.status_code == 503 and ready.get_json()["code"] == "store_unavailable"
    assert client.get("/healthz").status_code == 200
    down = client.get("/v1/matches/some-match", headers={"Authorization": "Bearer x"})
    assert down.status_code == 503 and down.get_json()["code"] == "store_unavailable"
    assert down.headers["Retry-After"] == "1"
