"""The log of a real gunicorn run (issue 19 item 3): with ``LOG_FORMAT=json`` every line gunicorn
and the app write is one JSON object; each request has one line naming its method, route, status,
duration, bytes, request id and match; the request id the client sent comes back and is in its
line; and no token, Idempotency-Key or card of a hand is anywhere in the log."""

from __future__ import annotations

import json
import random
import uuid

import pytest

from tests.api.match_driver import CARD, WireHttp, create, step
from tests.matches.gunicorn_server import Gunicorn
from tests.ports import free_port

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("store", ["memory", "redis"])
def test_every_line_is_json_and_no_secret_is_logged(store: str, request: pytest.FixtureRequest) -> None:
    key = f"idem-{uuid.uuid4()}"
    env = {"LOG_FORMAT": "json", "LOG_LEVEL": "info"}
    workers = 1
    if store == "redis":  # the store's lines too, from several workers
        redis_server = request.getfixturevalue("redis_server")
        redis_server.flush()
        env["REDIS_URL"] = redis_server.url
        workers = 2
    with Gunicorn(workers=workers, env=env) as server:
        http = WireHttp("127.0.0.1", server.port)
        match, created = create(http, "forty_fives", "dealt", 3)
        rng = random.Random(19)
        for _ in range(6):
            step(http, match, rng)
        view = http.get(match.path, match.seats[0], X_Request_ID="client-trace-42")
        assert view.headers["X-Request-ID"] == "client-trace-42"
        seat = view.body["to_act"][0]
        acting = http.get(match.path, match.seats[seat])
        hands = [c for s in range(3) for c in http.get(match.path, match.seats[s]).body["hand"]]
        action = acting.body["legal_actions"][0]
        first = http.post(f"{match.path}/actions", action, match.seats[seat], Idempotency_Key=key)
        again = http.post(f"{match.path}/actions", action, match.seats[seat], Idempotency_Key=key)
        assert (first.status, again.status, again.headers.get("Idempotent-Replayed")) == (200, 200, "true")
        assert first.headers["X-Request-ID"] != again.headers["X-Request-ID"]
        http.close()
        server.stop()
        text = server.log_path.read_text(encoding="utf-8")
    lines = [json.loads(line) for line in text.splitlines()]  # every line is JSON, or this fails
    assert any(line["logger"] == "gunicorn.error" for line in lines)
    requests = [line for line in lines if line["logger"] == "service.request"]
    assert len(requests) >= 6 * 3 + 8
    for line in requests:
        assert {"method", "route", "status", "duration_ms", "bytes", "request_id", "timestamp"} <= set(line)
    traced = [line for line in requests if line["request_id"] == "client-trace-42"]
    assert len(traced) == 1
    assert traced[0] | {"duration_ms": 0} == traced[0] | {
        "method": "GET", "route": "/v1/matches/<match_id>", "status": 200, "match_id": match.id,
        "bytes": int(view.headers["Content-Length"]), "duration_ms": 0,
    }
    replayed = [line for line in requests if line["request_id"] == again.headers["X-Request-ID"]]
    assert replayed[0]["route"] == "/v1/matches/<match_id>/actions" and replayed[0]["match_id"] == match.id
    for secret in (key, match.referee, *match.seats, created.body["referee_token"]):
        assert secret not in text
    for line in lines:
        shown = {k: v for k, v in line.items() if k not in ("request_id", "match_id", "timestamp")}
        assert not set(CARD.findall(json.dumps(shown))) & set(hands), line


def test_every_line_written_during_a_request_carries_its_id() -> None:
    """Another logger's line (here flask-limiter's, when its storage cannot be reached) written while
    a request runs has that request's id, in a gevent worker serving several requests."""
    env = {"LOG_FORMAT": "json", "LOG_LEVEL": "info", "RATELIMIT_ENABLED": "true",
           "RATELIMIT_STORAGE_URI": f"redis://127.0.0.1:{free_port()}/0"}  # nothing listens there
    with Gunicorn(workers=1, env=env) as server:
        http = WireHttp("127.0.0.1", server.port)
        assert [http.get("/v1/rulesets", X_Request_ID=f"rid-{i}").status for i in range(3)] == [200] * 3
        http.close()
        server.stop()
        text = server.log_path.read_text(encoding="utf-8")
    lines = [json.loads(line) for line in text.splitlines()]
    [fallback] = [line for line in lines if line["logger"] == "flask-limiter"]
    assert "unreachable" in fallback["event"] and fallback["request_id"] == "rid-0"
    assert [line["request_id"] for line in lines if line["logger"] == "service.request"][-3:] == [
        "rid-0", "rid-1", "rid-2"]


def test_a_python_warning_is_a_json_line_too() -> None:
    with Gunicorn("tests.matches.warning_app:app", workers=1, env={"LOG_FORMAT": "json"}) as server:
        server.stop()
        text = server.log_path.read_text(encoding="utf-8")
    lines = [json.loads(line) for line in text.splitlines()]  # every line is JSON, or this fails
    [warned] = [line for line in lines if line["logger"] == "py.warnings"]
    assert "a warning issued while the app loads" in warned["event"] and warned["level"] == "warning"
