"""The domain's metrics (issue 19 item 6), counted through the HTTP API: matches created, actions
accepted and refused by ruleset and code, idempotent replays, version conflicts, store call
latency, open streams and the build info, all in /metrics."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from prometheus_client import REGISTRY

from service.api import metrics, stream
from service.api.app import create_app
from service.api.config import Settings


def _value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def _client() -> FlaskClient:
    return create_app(Settings()).test_client()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _started(client: FlaskClient) -> tuple[str, str, dict[str, Any]]:
    """A dealt Forty-Fives match in its play phase: its path, the acting seat's token, its view."""
    for _ in range(100):
        body = client.post("/v1/matches", json={"ruleset": "forty_fives", "mode": "dealt",
                                                "players": ["A", "B", "C"]}).get_json()
        if body["view"]["phase"] == "play":
            token = body["seats"][body["view"]["to_act"][0]]["token"]
            path = f"/v1/matches/{body['id']}"
            return path, token, client.get(path, headers=_bearer(token)).get_json()
    raise AssertionError("no deal went straight to play")


def test_creations_actions_refusals_replays_and_conflicts_are_counted() -> None:
    client = _client()
    created = _value("referee_matches_created_total", ruleset="forty_fives", mode="dealt")
    accepted = _value("referee_actions_total", ruleset="forty_fives", result="accepted", code="ok")
    refused = _value("referee_actions_total", ruleset="forty_fives", result="refused", code="card_not_in_hand")
    replays = _value("referee_idempotent_replays_total", operation="act")
    stale = _value("referee_version_conflicts_total", operation="act", status="412")
    loads = _value("referee_store_call_duration_seconds_count", call="load")

    path, token, view = _started(client)
    assert _value("referee_matches_created_total", ruleset="forty_fives", mode="dealt") > created
    not_held = next(f"{r}{s}" for s in "CDHS" for r in "AKQJ" if f"{r}{s}" not in view["hand"])
    assert client.post(f"{path}/actions", json={"type": "play", "card": not_held},
                       headers=_bearer(token)).status_code == 422
    assert client.post(f"{path}/actions", json=view["legal_actions"][0],
                       headers={**_bearer(token), "If-Match": '"99"'}).status_code == 412
    for _ in range(2):
        assert client.post(f"{path}/actions", json=view["legal_actions"][0],
                           headers={**_bearer(token), "Idempotency-Key": "k-1"}).status_code == 200

    assert _value("referee_actions_total", ruleset="forty_fives", result="refused",
                  code="card_not_in_hand") == refused + 1
    assert _value("referee_actions_total", ruleset="forty_fives", result="accepted", code="ok") == accepted + 1
    assert _value("referee_idempotent_replays_total", operation="act") == replays + 1
    assert _value("referee_version_conflicts_total", operation="act", status="412") == stale + 1
    assert _value("referee_store_call_duration_seconds_count", call="load") >= loads + 4
    text = client.get("/metrics").get_data(as_text=True)
    for name in ("referee_matches_created_total", "referee_actions_total", "referee_idempotent_replays_total",
                 "referee_version_conflicts_total", "referee_store_call_duration_seconds_bucket",
                 "referee_open_streams", "referee_build_info"):
        assert name in text, name


def test_open_streams_gauge_and_build_info() -> None:
    _client()
    before = _value("referee_open_streams")
    metrics.stream_opened()
    with metrics.open_stream():
        assert _value("referee_open_streams") == before + 2
    metrics.stream_closed()
    assert _value("referee_open_streams") == before
    info = [s for m in REGISTRY.collect() if m.name == "referee_build_info" for s in m.samples]
    assert info and info[0].value == 1 and info[0].labels["version"] == metrics.VERSION


def test_an_open_stream_is_counted_until_it_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stream endpoint holds ``open_stream()`` (which moves the gauge, above) for as long as a
    stream is open. Counted here by a stand-in: the process-wide gauge also moves with other tests'
    streams, which end on their own threads (the real gauge across workers: test_gunicorn_metrics)."""
    live = [0]

    @contextmanager
    def counted() -> Iterator[None]:
        live[0] += 1
        try:
            yield
        finally:
            live[0] -= 1

    monkeypatch.setattr(stream, "open_stream", counted)
    client = create_app(Settings(stream_heartbeat_seconds=0.2, stream_max_seconds=5)).test_client()
    body = client.post("/v1/matches", json={"ruleset": "forty_fives", "mode": "dealt",
                                            "players": ["A", "B"]}).get_json()
    streams = []
    for token in (body["referee_token"], body["seats"][0]["token"]):
        answer = client.get(f"/v1/matches/{body['id']}/stream", headers=_bearer(token), buffered=False)
        assert answer.status_code == 200
        chunks = answer.iter_encoded()
        assert next(chunks).startswith(b"retry:")  # the stream has begun
        streams.append((answer, chunks))
    assert live == [2]
    streams.pop()[0].close()  # the client hung up
    assert live == [1]
    answer, chunks = streams.pop()
    assert b"event: end" in b"".join(chunks)  # ended by its lifetime
    answer.close()
    assert live == [0]


def test_the_version_is_pyprojects() -> None:
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())["project"]
    assert project["version"] == metrics.VERSION


def test_the_store_still_answers_everything_through_the_timer() -> None:
    app = create_app(Settings())
    client = app.test_client()
    assert client.get("/readyz").get_json() == {"status": "ready", "store": "memory"}


def test_a_scrape_leaves_out_a_sample_file_a_worker_is_creating(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Under gunicorn a worker makes its sample file at its first count: empty for a moment, before
    the library sizes it. A scrape by another worker at that instant answered 500 (the library read
    the empty file: ``struct.error``, seen once in CI); it now leaves that file out and counts the
    others."""
    from prometheus_client.mmap_dict import MmapedDict

    written = MmapedDict(str(tmp_path / "counter_101.db"))
    key = '["referee_http_requests", "referee_http_requests_total", {"endpoint": "/x"}, "Requests."]'
    written.write_value(key, 30.0, 0.0)
    written.close()
    (tmp_path / "counter_102.db").touch()  # a worker creating its file this instant
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    answer = _client().get("/metrics")
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert 'referee_http_requests_total{endpoint="/x"} 30.0' in answer.get_data(as_text=True)
