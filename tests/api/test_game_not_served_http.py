"""A match of a game this release does not offer, as a rolling update meets it: a pod of the new
release made it (a game the old release lacks), or a rollback left a match of the newer release.
The pod that cannot read it answers 503 ``ruleset_unavailable`` with ``Retry-After`` (the clients
retry, and a pod that knows the game answers), in the caller's language, and changes nothing.

Two apps on one real Redis stand for the two pods; the test ruleset (``toy_tricks``) is the game the
old pod lacks (taken out of the registry while it reads)."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.rules.registry import RULESETS
from tests.api.match_driver import FlaskHttp, create
from tests.redis_server import RedisServer, redis_server
from tests.toy_ruleset import TOY

__all__ = ["redis_server"]

pytestmark = pytest.mark.redis


def _pod(server: RedisServer) -> Flask:
    app = create_app(Settings(redis_url=server.url, stream_heartbeat_seconds=0.3, stream_max_seconds=5))
    app.config["TESTING"] = True
    return app


@pytest.fixture
def pods(redis_server: RedisServer) -> Iterator[tuple[FlaskHttp, FlaskHttp]]:
    """The new pod and the old one, on the same Redis."""
    apps = [_pod(redis_server), _pod(redis_server)]
    yield FlaskHttp(apps[0].test_client()), FlaskHttp(apps[1].test_client())
    for app in apps:
        app.extensions[MATCHES_KEY].store.close()
    redis_server.flush()


@pytest.mark.parametrize("language", ["en", "id", "tl"])
def test_a_pod_without_the_game_answers_503_and_changes_nothing(
    pods: tuple[FlaskHttp, FlaskHttp], toy: str, monkeypatch: pytest.MonkeyPatch, language: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    new, old = pods
    match, created = create(new, toy, "table", 3)
    version = created.body["version"]
    seat = created.body["view"]["to_act"][0]
    action = next(a for a in created.body["view"]["legal_actions"] if a.get("seat", seat) == seat)
    logged = new.get(f"{match.path}/events", match.referee).body
    monkeypatch.delitem(RULESETS, toy)  # the old pod's release: no such game

    said = set()
    asked = {"Accept-Language": language}
    keyed = {**asked, "Idempotency-Key": f"k-{language}"}
    for method, path, token, body, headers in [
        ("GET", match.path, match.referee, None, asked),
        ("GET", f"{match.path}/events", match.referee, None, asked),
        ("GET", f"{match.path}/rounds", match.referee, None, asked),
        ("GET", f"{match.path}/record", match.referee, None, asked),
        ("GET", f"{match.path}/stream", match.referee, None, asked),
        ("POST", f"{match.path}/actions", match.referee, action, asked),
        ("POST", f"{match.path}/actions", match.referee, action, keyed),
        ("POST", f"{match.path}/undo", match.referee, None, asked),
        ("DELETE", match.path, match.referee, None, asked),
        ("GET", match.path, match.seats[0], None, asked),
        ("GET", match.path, "not-a-token-of-this-match", None, asked),
    ]:
        with caplog.at_level(logging.WARNING, "service.matches"):
            answer = old.request(method, path, token, body, headers)
        assert answer.status == 503, (method, path, answer.body)
        assert answer.headers["Content-Type"] == "application/problem+json"
        assert int(answer.headers["Retry-After"]) >= 1
        assert answer.headers["Content-Language"] == language
        assert answer.body["code"] == "ruleset_unavailable"
        # the match is read before the token is checked: the answer names no game, to anyone
        assert toy not in json.dumps(answer.body)
        said.add((answer.body["title"], answer.body["detail"]))
    # the operator's log says which game this release lacks
    assert any(toy in r.getMessage() and match.id in r.getMessage() for r in caplog.records)
    assert len(said) == 1  # one answer, wherever the match was read
    if language != "en":  # in the caller's language, not English
        english = old.request("GET", match.path, match.referee, None, {"Accept-Language": "en"}).body
        assert (english["title"], english["detail"]) not in said

    monkeypatch.setitem(RULESETS, toy, TOY)  # the new pod: the match as it was, nothing changed
    seen = new.get(match.path, match.referee)
    assert seen.status == 200 and seen.body["version"] == version
    assert new.get(f"{match.path}/events", match.referee).body == logged
    # the keyed action refused by the old pod was not kept as its answer: applied now, not replayed
    applied = new.request("POST", f"{match.path}/actions", match.referee, action, keyed)
    assert applied.status == 200 and "Idempotent-Replayed" not in applied.headers
    assert applied.body["version"] == version + 1
