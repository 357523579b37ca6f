"""A match of a game this release does not offer, as a rolling update meets it: a pod of the new
release made it (a game the old release lacks), or a rollback left a match of the newer release.
The pod that cannot read it answers 503 ``ruleset_unavailable`` with ``Retry-After`` (the clients
retry, and a pod that knows the game answers), in the caller's language, and changes nothing.

Two apps on one real Redis stand for the two pods; the test ruleset (``toy_tricks``) is the game the
old pod lacks (taken out of the registry while it reads)."""

from __future__ import annotations

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


@pytest.mark.parametrize("language", ["en", "id", "tl"])
def test_a_pod_without_the_game_answers_503_and_changes_nothing(
    pods: tuple[FlaskHttp, FlaskHttp], toy: str, monkeypatch: pytest.MonkeyPatch, language: str
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
    for method, path, body in [
        ("GET", match.path, None),
        ("GET", f"{match.path}/events", None),
        ("GET", f"{match.path}/rounds", None),
        ("GET", f"{match.path}/stream", None),
        ("POST", f"{match.path}/actions", action),
        ("POST", f"{match.path}/undo", None),
    ]:
        answer = old.request(method, path, match.referee, body, asked)
        assert answer.status == 503, (path, answer.body)
        assert answer.headers["Content-Type"] == "application/problem+json"
        assert int(answer.headers["Retry-After"]) >= 1
        assert answer.headers["Content-Language"] == language
        assert answer.body["code"] == "ruleset_unavailable"
        assert answer.body["ruleset"] == toy  # for an integrator; the words below name no id
        assert toy not in answer.body["detail"] and toy not in answer.body["title"]
        said.add((answer.body["title"], answer.body["detail"]))
    assert len(said) == 1  # one answer, wherever the match was read
    if language != "en":  # in the caller's language, not English
        english = old.request("GET", match.path, match.referee, None, {"Accept-Language": "en"}).body
        assert (english["title"], english["detail"]) not in said

    monkeypatch.setitem(RULESETS, toy, TOY)  # the new pod: the match as it was, nothing changed
    seen = new.get(match.path, match.referee)
    assert seen.status == 200 and seen.body["version"] == version
    assert new.get(f"{match.path}/events", match.referee).body == logged
    assert new.post(f"{match.path}/actions", action, match.referee).status == 200
