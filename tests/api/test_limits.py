"""Rate limits (issue 19 item 4), in process on memory storage with low limits: a 429 problem
``rate_limited`` with ``Retry-After``; creations counted per address, match calls per token and per
address, rules per address; X-Forwarded-For believed only from TRUSTED_PROXIES; off with
RATELIMIT_ENABLED=false. Shared counts across gunicorn workers on Redis:
tests/matches/test_gunicorn_limits.py."""

from __future__ import annotations

import dataclasses
import os
from typing import Any

import pytest
from flask.testing import FlaskClient
from limits import parse

from service.api.apidoc import problem_example
from service.api.app import create_app
from service.api.config import ConfigError, Settings
from service.api.limits import limit_words, storage
from service.api.openapi import spec_dict
from tests.english import english

CREATE = {"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B"]}


def _client(**changes: Any) -> FlaskClient:
    settings = dataclasses.replace(Settings(), **{"ratelimit_enabled": True, "ratelimit_storage_uri": "memory://",
                                                  **changes})
    return create_app(settings).test_client()


def _assert_refused(answer: Any, words: str | None = None) -> dict[str, Any]:
    """A 429 problem; its detail names the limit in words (``words``, else the rate limit's own)."""
    assert answer.status_code == 429
    assert answer.mimetype == "application/problem+json"
    body: dict[str, Any] = answer.get_json()
    assert body["code"] == "rate_limited" and body["status"] == 429
    assert body["title"] == "Too many requests"
    assert int(answer.headers["Retry-After"]) == body["retry_after"] >= 1
    if words is None:
        words = english(limit_words(parse(body["limit"])))
    assert body["detail"] == f"too many requests: the limit here is {words}; try again in {body['retry_after']} s"
    example = problem_example(429)
    assert example is not None and set(body) == set(example)
    return body


def test_creations_are_limited_per_address() -> None:
    client = _client(ratelimit_create="3/minute")
    assert [client.post("/v1/matches", json=CREATE).status_code for _ in range(3)] == [201] * 3
    body = _assert_refused(client.post("/v1/matches", json=CREATE))
    assert body["limit"] == "3 per 1 minute" and body["retry_after"] <= 2 * 60
    other = client.post("/v1/matches", json=CREATE, environ_base={"REMOTE_ADDR": "10.1.2.3"})
    assert other.status_code == 201
    assert client.get("/healthz").status_code == 200  # never limited
    assert client.get("/openapi.json").status_code == 200


def test_match_calls_are_limited_per_token_and_per_address() -> None:
    client = _client(ratelimit_match_read="2/minute", ratelimit_address="5/minute")
    created = client.post("/v1/matches", json=CREATE).get_json()
    path = f"/v1/matches/{created['id']}"
    seat, referee = created["seats"][0]["token"], created["referee_token"]
    for _ in range(2):
        assert client.get(path, headers={"Authorization": f"Bearer {seat}"}).status_code == 200
    _assert_refused(client.get(path, headers={"Authorization": f"Bearer {seat}"}))
    assert client.get(path, headers={"Authorization": f"Bearer {referee}"}).status_code == 200
    # invented tokens each count afresh per token, but all of them against the address
    answers = [client.get(path, headers={"Authorization": f"Bearer made-up-{i}"}).status_code for i in range(3)]
    assert answers[:1] == [401] and answers[-1] == 429


def test_writes_have_their_own_limit() -> None:
    client = _client(ratelimit_match_write="1/minute")
    created = client.post("/v1/matches", json=CREATE).get_json()
    token = created["seats"][created["view"]["to_act"][0]]["token"]
    path = f"/v1/matches/{created['id']}"
    view = client.get(path, headers={"Authorization": f"Bearer {token}"}).get_json()
    action = view["legal_actions"][0]
    assert client.post(f"{path}/actions", json=action, headers={"Authorization": f"Bearer {token}"}).status_code == 200
    _assert_refused(client.post(f"{path}/actions", json=action, headers={"Authorization": f"Bearer {token}"}))
    assert client.get(path, headers={"Authorization": f"Bearer {token}"}).status_code == 200  # reads go on


def test_opening_a_stream_counts_as_a_read_of_its_token() -> None:
    client = _client(ratelimit_match_read="3/minute")
    created = client.post("/v1/matches", json=CREATE).get_json()
    path = f"/v1/matches/{created['id']}"
    seat = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    assert client.get(path, headers=seat).status_code == 200
    for _ in range(2):
        stream = client.get(f"{path}/stream", headers=seat, buffered=False)
        assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
        stream.close()
    _assert_refused(client.get(f"{path}/stream", headers=seat))  # refused before it opens
    _assert_refused(client.get(path, headers=seat))  # one count over the view and the stream
    referee = {"Authorization": f"Bearer {created['referee_token']}"}
    stream = client.get(f"{path}/stream", headers=referee, buffered=False)
    assert stream.status_code == 200
    stream.close()


def test_a_token_holds_a_bounded_number_of_open_streams() -> None:
    client = _client(ratelimit_streams=2, stream_heartbeat_seconds=3.0)
    created = client.post("/v1/matches", json=CREATE).get_json()
    path = f"/v1/matches/{created['id']}/stream"
    seat = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    for _ in range(3):  # refused before the stream opens: no slot kept
        assert client.get("/v1/matches/nosuchmatch00000000000/stream", headers=seat).status_code == 404
    held = [client.get(path, headers=seat, buffered=False) for _ in range(2)]
    assert [s.status_code for s in held] == [200, 200]
    body = _assert_refused(client.get(path, headers=seat), words="2 open streams per token")
    assert body["limit"] == "2 open streams per token" and body["retry_after"] == 3  # one heartbeat
    other = client.get(path, headers={"Authorization": f"Bearer {created['referee_token']}"}, buffered=False)
    assert other.status_code == 200  # another token's slots
    held.pop().close()  # never read: closing the answer gives the slot back
    again = client.get(path, headers=seat, buffered=False)
    assert again.status_code == 200
    for stream in (*held, other, again):
        stream.close()
    last = client.get(path, headers=seat, buffered=False)
    assert last.status_code == 200
    last.close()


def test_rules_endpoints_per_address() -> None:
    client = _client(ratelimit_rules="2/minute")
    assert [client.get("/v1/rulesets").status_code for _ in range(2)] == [200, 200]
    _assert_refused(client.get("/v1/rulesets/forty_fives"))


def test_forwarded_for_is_believed_only_from_trusted_proxies() -> None:
    untrusted = _client(ratelimit_create="1/minute")
    assert untrusted.post("/v1/matches", json=CREATE, headers={"X-Forwarded-For": "1.1.1.1"}).status_code == 201
    _assert_refused(untrusted.post("/v1/matches", json=CREATE, headers={"X-Forwarded-For": "2.2.2.2"}))
    proxied = _client(ratelimit_create="1/minute", trusted_proxies=1)
    assert proxied.post("/v1/matches", json=CREATE, headers={"X-Forwarded-For": "1.1.1.1"}).status_code == 201
    assert proxied.post("/v1/matches", json=CREATE, headers={"X-Forwarded-For": "2.2.2.2"}).status_code == 201
    # a client's own X-Forwarded-For entry, left of the one our proxy added, changes nothing
    spoofed = {"X-Forwarded-For": "9.9.9.9, 2.2.2.2"}
    _assert_refused(proxied.post("/v1/matches", json=CREATE, headers=spoofed))


def test_off_when_disabled() -> None:
    client = _client(ratelimit_enabled=False, ratelimit_create="1/minute")
    assert [client.post("/v1/matches", json=CREATE).status_code for _ in range(3)] == [201] * 3


def test_the_document_names_the_429_where_a_limit_applies() -> None:
    spec = spec_dict()
    too_many_ref = {"$ref": "#/components/responses/TOO_MANY_REQUESTS"}
    assert spec["paths"]["/v1/matches"]["post"]["responses"]["429"] == too_many_ref
    assert "429" in spec["paths"]["/v1/rulesets/{id}/trick"]["post"]["responses"]
    assert "429" in spec["paths"]["/v1/matches/{match_id}/stream"]["get"]["responses"]
    assert "429" not in spec["paths"]["/healthz"]["get"]["responses"]
    too_many = spec["components"]["responses"]["TOO_MANY_REQUESTS"]
    assert "Retry-After" in too_many["headers"]
    assert too_many["content"]["application/problem+json"]["example"]["code"] == "rate_limited"


def test_settings_from_the_environment() -> None:
    settings = Settings.from_env({})
    assert not settings.ratelimit_enabled and settings.ratelimit_create == "20/minute;200/day"
    assert Settings.from_env({"RATELIMIT_ENABLED": "true"}).ratelimit_enabled
    assert not Settings.from_env({"RATELIMIT_ENABLED": "false"}).ratelimit_enabled
    assert Settings.from_env({"RATELIMIT_MATCH_WRITE": "5/second"}).ratelimit_match_write == "5/second"
    assert Settings.from_env({"TRUSTED_PROXIES": "2"}).trusted_proxies == 2
    assert (settings.ratelimit_streams, Settings.from_env({"RATELIMIT_STREAMS": "9"}).ratelimit_streams) == (5, 9)
    for bad in ({"RATELIMIT_ENABLED": "maybe"}, {"RATELIMIT_RULES": "fast"}, {"TRUSTED_PROXIES": "-1"},
                {"RATELIMIT_STREAMS": "0"}, {"RATELIMIT_STREAMS": "many"}):
        with pytest.raises(ConfigError, match=next(iter(bad))):
            Settings.from_env(bad)


def test_storage_follows_the_store() -> None:
    assert storage(Settings()) == ("memory://", {})
    uri, options = storage(Settings(redis_url="redis://r:6379/0"))
    assert uri == "redis://r:6379/0" and options["socket_timeout"] == 0.5
    assert options["max_connections"] == 50  # bounded (RATELIMIT_POOL_SIZE)
    uri, options = storage(Settings(redis_sentinels=(("s1", 26379), ("s2", 26379)), redis_password="pw"))
    assert uri == "redis+sentinel://s1:26379,s2:26379/referee" and options["password"] == "pw"
    assert options["sentinel_kwargs"]["password"] is None  # the master's password, not sent to the Sentinels
    _, options = storage(Settings(redis_sentinels=(("s1", 26379),), redis_password="pw", redis_sentinel_password="sp"))
    assert options["password"] == "pw" and options["sentinel_kwargs"]["password"] == "sp"  # each its own
    uri, _ = storage(Settings(redis_cluster_nodes=(("n1", 7000), ("n2", 7000))))
    assert uri == "redis+cluster://n1:7000,n2:7000"
    assert storage(Settings(redis_url="redis://r", ratelimit_storage_uri="memory://"))[0] == "memory://"


def test_gunicorn_turns_them_on_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    import runpy

    from tests.matches.gunicorn_server import ROOT

    monkeypatch.setattr(os, "environ", {k: v for k, v in os.environ.items() if k != "RATELIMIT_ENABLED"})
    runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert Settings.from_env().ratelimit_enabled
    os.environ["RATELIMIT_ENABLED"] = "false"
    runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert not Settings.from_env().ratelimit_enabled
