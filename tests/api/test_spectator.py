"""The spectator token (issue 17 item 4): ``POST /v1/matches`` answers a ``spectator_token`` that
reads the public view (no hand, no legal actions), the events and the stream, and can change nothing,
on the memory store and on a real Redis.
Tested through the toy ruleset, whose view knows the spectator; every real game either shows a
spectator nothing hidden or is refused as ``spectator_unsupported`` (a game whose view does not know
the spectator yet), never a hand."""

from __future__ import annotations

import contextlib
import random

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.rules.registry import RULESETS
from tests.api.match_driver import FlaskHttp, cards_in, create, step
from tests.api.sse import SseReader
from tests.redis_server import RedisServer, redis_server

__all__ = ["redis_server"]


@pytest.fixture(params=["memory", "redis"])
def app(request: pytest.FixtureRequest) -> Flask:
    """The app on the memory store and on a real Redis (the spectator's token is checked on both)."""
    redis_url = None
    if request.param == "redis":
        server: RedisServer = request.getfixturevalue("redis_server")
        redis_url = server.url
    app = create_app(Settings(redis_url=redis_url, stream_heartbeat_seconds=0.3, stream_max_seconds=5))
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(5)
    request.addfinalizer(lambda: app.extensions[MATCHES_KEY].store.close())
    return app


@pytest.fixture
def http(app: Flask) -> FlaskHttp:
    return FlaskHttp(app.test_client())


def test_the_spectator_sees_the_public_facts_only(app: Flask, http: FlaskHttp, toy: str) -> None:
    match, created = create(http, toy, "dealt", 3)
    spectator = created.body["spectator_token"]
    assert isinstance(spectator, str) and len(spectator) >= 40
    assert spectator not in {match.referee, *match.seats}
    hands = [http.get(match.path, token).body["hand"] for token in match.seats]
    view = http.get(match.path, spectator)
    assert view.status == 200
    assert view.body["viewer"] == {"role": "spectator", "seat": None}
    assert view.body["hand"] is None and "hands" not in view.body
    assert view.body["legal_actions"] == []
    assert view.body["scores"] == [0, 0, 0] and view.body["to_act"]
    assert not set(cards_in(view.body)) & {c for hand in hands for c in hand}
    events = http.get(f"{match.path}/events", spectator)
    assert events.status == 200 and [e["kind"] for e in events.body["events"]][:2] == ["create", "deal"]


def test_the_spectator_token_changes_nothing(app: Flask, http: FlaskHttp, toy: str) -> None:
    match, created = create(http, toy, "dealt", 2)
    spectator = created.body["spectator_token"]
    legal = http.get(match.path, match.seats[http.get(match.path, match.referee).body["to_act"][0]]).body[
        "legal_actions"
    ]
    client = app.test_client()
    auth = {"Authorization": f"Bearer {spectator}"}
    answers = [
        client.post(f"{match.path}/actions", json=legal[0], headers=auth),
        client.post(f"{match.path}/actions", json={**legal[0], "seat": 0}, headers=auth),
        client.post(f"{match.path}/undo", headers=auth),
        client.delete(match.path, headers=auth),
    ]
    for answer in answers:
        assert answer.status_code == 403
        assert answer.mimetype == "application/problem+json"
        problem = answer.get_json()
        assert problem["code"] == "spectator_read_only"
        assert "read-only" in problem["detail"]
    assert http.get(match.path, match.referee).body["version"] == 1  # nothing changed


def test_the_spectator_follows_the_stream(app: Flask, http: FlaskHttp, toy: str) -> None:
    match, created = create(http, toy, "dealt", 3)
    spectator = created.body["spectator_token"]
    response = app.test_client().get(
        f"{match.path}/stream", headers={"Authorization": f"Bearer {spectator}", "Last-Event-ID": "0"}, buffered=False
    )
    assert response.status_code == 200
    reader = SseReader(response.iter_encoded())
    try:
        reader.until(lambda i: i.event == "view")
        step(http, match, random.Random(6))
        got = reader.until(lambda i: i.event == "view" and i.data["version"] == 2)
        assert got[-1].data["hand"] is None and got[-1].data["legal_actions"] == []
        listed = http.get(f"{match.path}/events", spectator).body["events"]
        actions = [i.data for i in got if i.event == "action"]
        assert actions == [e for e in listed if e["version"] == 2]
    finally:
        with contextlib.suppress(ValueError):
            response.close()


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_game_shows_a_spectator_nothing_hidden_or_refuses(http: FlaskHttp, ruleset: str) -> None:
    match, created = create(http, ruleset, "dealt", RULESETS[ruleset].default_players)
    spectator = created.body["spectator_token"]
    hands = [http.get(match.path, token).body.get("hand") or [] for token in match.seats]
    rng = random.Random(7)
    for _ in range(3):
        view = http.get(match.path, spectator)
        if view.status == 501:  # the game's view does not know the spectator yet
            assert view.body["code"] == "spectator_unsupported"
            assert ruleset in view.body["detail"]
            return
        assert view.status == 200, view.body
        assert view.body["hand"] is None and "hands" not in view.body and view.body["legal_actions"] == []
        # a held card the spectator sees must be one every other seat sees too (played, or exposed
        # by the rules), never one only its holder sees
        seen = set(cards_in(view.body))
        for seat, hand in enumerate(hands):
            others = [http.get(match.path, token).body for other, token in enumerate(match.seats) if other != seat]
            public = set.intersection(*({c for c in cards_in(v) if c not in (v.get("hand") or [])} for v in others))
            assert not seen & set(hand) - public - _played(http, match.path, match.referee)
        step(http, match, rng)
        hands = [http.get(match.path, token).body.get("hand") or [] for token in match.seats]


def _played(http: FlaskHttp, path: str, referee: str) -> set[str]:
    """Cards that became public by being played (the events' actions)."""
    events = http.get(f"{path}/events", referee).body["events"]
    return {c for e in events if e["kind"] == "action" for c in cards_in(e.get("action", {}))}
