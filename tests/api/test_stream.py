"""The live stream (``GET /v1/matches/{id}/stream``, issue 17) through the app, on the memory store
and on a real Redis: delivery, redaction, resumption, the heartbeat, the bounded lifetime, the end
of a deleted or expired match, the refusals before a stream opens, and CORS."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.store.base import FEED_BATCH
from tests.api.match_driver import FlaskHttp, Match, cards_in, create, step
from tests.api.sse import Sse, SseReader
from tests.redis_server import RedisServer, redis_server

__all__ = ["redis_server"]


def make_app(store: str, request: pytest.FixtureRequest, **settings: Any) -> Flask:
    redis_url = None
    if store == "redis":
        server: RedisServer = request.getfixturevalue("redis_server")
        redis_url = server.url
    app = create_app(Settings(redis_url=redis_url, **settings))
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(17)
    request.addfinalizer(lambda: app.extensions[MATCHES_KEY].store.close())
    return app


@pytest.fixture(params=["memory", "redis"])
def store_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def app(store_kind: str, request: pytest.FixtureRequest) -> Flask:
    return make_app(store_kind, request, stream_heartbeat_seconds=0.3, stream_max_seconds=8)


@pytest.fixture
def http(app: Flask) -> FlaskHttp:
    return FlaskHttp(app.test_client())


class Stream:
    """One client's open stream through the test client."""

    def __init__(self, app: Flask, path: str, token: str, *, url: str | None = None, **headers: str) -> None:
        self.response: TestResponse = app.test_client().get(
            url or path + "/stream", headers={"Authorization": f"Bearer {token}", **headers}, buffered=False
        )
        assert self.response.status_code == 200, self.response.get_json()
        assert self.response.mimetype == "text/event-stream"
        self.reader = SseReader(self.response.iter_encoded())

    @classmethod
    def at(cls, app: Flask, url: str, token: str) -> Stream:
        return cls(app, "", token, url=url)

    def close(self) -> None:
        """Close the stream; one still being read on the reader's thread ends by its own lifetime."""
        with contextlib.suppress(ValueError):  # "generator already executing" on the reader's thread
            self.response.close()


@pytest.fixture
def streams() -> Iterator[list[Stream]]:
    opened: list[Stream] = []
    yield opened
    for stream in opened:
        stream.close()


def open_stream(app: Flask, streams: list[Stream], match: Match, token: str, **headers: str) -> Stream:
    stream = Stream(app, match.path, token, **headers)
    streams.append(stream)
    return stream


def is_view(item: Sse) -> bool:
    return item.event == "view"


def test_a_second_device_sees_a_play_within_a_second(app: Flask, http: FlaskHttp, streams: list[Stream]) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    watcher = open_stream(app, streams, match, match.seats[2])
    first = watcher.reader.until(is_view)
    assert first[0].retry == 1000
    assert not [i for i in first if i.event == "action"]  # no Last-Event-ID: no history, the view holds it
    assert first[-1].data["viewer"] == {"role": "seat", "seat": 2}
    posted_at = time.monotonic()
    answer = step(http, match, random.Random(1))
    assert answer is not None and answer.status == 200
    got = watcher.reader.until(is_view, timeout=5)
    actions = [i for i in got if i.event == "action"]
    assert actions and actions[0].data["kind"] == "action"
    assert actions[0].at - posted_at < 1.0
    assert got[-1].data["version"] == answer.body["version"]
    # exactly what /events gives this seat for it, with the SSE id its seq
    seq = int(actions[0].id or 0)
    listed = http.get(f"{match.path}/events?after={seq - 1}&limit=1", match.seats[2]).body["events"]
    assert actions[0].data == listed[0]


def test_resumption_replays_what_the_client_missed(app: Flask, http: FlaskHttp, streams: list[Stream]) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    rng = random.Random(2)
    for _ in range(4):
        step(http, match, rng)
    everything = http.get(f"{match.path}/events", match.seats[0]).body["events"]
    resumed = open_stream(app, streams, match, match.seats[0], **{"Last-Event-ID": "2"})
    replayed = [i for i in resumed.reader.until(is_view) if i.event == "action"]
    assert [int(i.id or 0) for i in replayed] == [e["seq"] for e in everything[2:]]
    assert [i.data for i in replayed] == everything[2:]
    # ?after= does the same on a first connect; Last-Event-ID wins over it
    both = open_stream(app, streams, match, match.seats[0], **{"Last-Event-ID": "4"})
    assert [i.data for i in both.reader.until(is_view) if i.event == "action"] == everything[4:]
    stream = Stream(app, match.path + "", match.seats[0])  # then live: the next play arrives
    streams.append(stream)
    stream.reader.until(is_view)
    step(http, match, rng)
    assert [i for i in stream.reader.until(is_view) if i.event == "action"]


def test_a_replay_longer_than_a_batch_marks_what_a_later_undo_took_back(
    app: Flask, http: FlaskHttp, streams: list[Stream]
) -> None:
    """The events replayed come in batches (FEED_BATCH); an event of the first batch that an undo
    in a later one took back is shown undone, as /events shows it, not as it was when committed."""
    match, _ = create(http, "boerenbridge", "dealt", 4)  # (a long match: it lasts past the batch)
    rng = random.Random(8)

    def last_seq() -> int:
        return int(http.get(f"{match.path}/events?after=0", match.referee).body["events"][-1]["seq"])

    while last_seq() < FEED_BATCH - 4:
        assert step(http, match, rng) is not None
    while last_seq() <= FEED_BATCH + 1:
        assert http.post(f"{match.path}/undo", None, match.referee).status == 200
    everything = http.get(f"{match.path}/events", match.seats[1]).body["events"]
    undone = [e["seq"] for e in everything if e.get("undone")]
    assert undone and min(undone) <= FEED_BATCH  # (the case this test is about)
    replay = open_stream(app, streams, match, match.seats[1], **{"Last-Event-ID": "0"})
    replayed = [i.data for i in replay.reader.until(is_view, timeout=10) if i.event == "action"]
    assert replayed == everything


def test_a_last_event_id_beyond_the_last_event_starts_from_the_last_event(
    app: Flask, http: FlaskHttp, streams: list[Stream]
) -> None:
    """An id the match never reached (another match's, or one deleted and created again) would wait
    for events that never come: the stream starts from the last event instead, and goes live."""
    match, _ = create(http, "forty_fives", "dealt", 3)
    stream = open_stream(app, streams, match, match.seats[0], **{"Last-Event-ID": "50"})
    assert not [i for i in stream.reader.until(is_view) if i.event == "action"]
    answer = step(http, match, random.Random(9))
    assert answer is not None
    got = stream.reader.until(lambda i: is_view(i) and i.data["version"] == answer.body["version"])
    assert [int(i.id or 0) for i in got if i.event == "action"] == [3]
    # the last event itself is a valid id: nothing replayed, then live
    again = open_stream(app, streams, match, match.seats[0], **{"Last-Event-ID": "3"})
    assert not [i for i in again.reader.until(is_view) if i.event == "action"]


def test_after_in_the_query(app: Flask, http: FlaskHttp, streams: list[Stream]) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    step(http, match, random.Random(3))
    everything = http.get(f"{match.path}/events", match.referee).body["events"]
    queried = Stream.at(app, f"{match.path}/stream?after=1", match.referee)
    streams.append(queried)
    assert [i.data for i in queried.reader.until(is_view) if i.event == "action"] == everything[1:]


def test_a_seat_never_receives_another_seats_hidden_card(
    app: Flask, http: FlaskHttp, streams: list[Stream]
) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    hands = [set(http.get(match.path, token).body["hand"]) for token in match.seats]
    stream = open_stream(app, streams, match, match.seats[0], **{"Last-Event-ID": "0"})
    seen = stream.reader.until(is_view)
    assert [i.data["kind"] for i in seen if i.event == "action"] == ["create", "deal"]
    assert set(seen[-1].data["hand"]) == hands[0]
    shown = {card for item in seen for card in cards_in(item.data)}
    assert not shown & (hands[1] | hands[2])
    # and each event item is the one /events gives this seat (the same redaction), after plays too
    rng = random.Random(4)
    for _ in range(3):
        step(http, match, rng)
    live = [i for i in stream.reader.until(lambda i: is_view(i) and i.data["version"] == 4) if i.event == "action"]
    listed = http.get(f"{match.path}/events?after=2", match.seats[0]).body["events"]
    assert [i.data for i in live] == listed


def test_a_view_never_comes_before_the_events_that_led_to_it(
    app: Flask, http: FlaskHttp, streams: list[Stream], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A play committed after the stream read the events and before it read the view (a race a busy
    match hits): the stream sends that play's event first, then the view after it."""
    from service.matches.follow import Following

    match, _ = create(http, "forty_fives", "dealt", 3)
    rng = random.Random(7)
    real = Following._snapshot
    calls: list[int] = []

    def racing(self: Following) -> Any:
        calls.append(1)
        if len(calls) == 2:  # the view owed after the first live play: a second play lands first
            step(http, match, rng)
        return real(self)

    monkeypatch.setattr(Following, "_snapshot", racing)
    stream = open_stream(app, streams, match, match.referee)
    start = stream.reader.until(is_view)[-1].data["version"]
    step(http, match, rng)
    items = stream.reader.until(lambda i: is_view(i) and i.data["version"] == start + 2)
    assert [i.data["version"] for i in items if i.event == "action"] == [start + 1, start + 2]
    last = start
    for item in items:  # each view is at the version of the last event sent before it
        if item.event == "action":
            last = item.data["version"]
        elif is_view(item):
            assert item.data["version"] == last
    assert len(calls) >= 3


def test_the_heartbeat_keeps_an_idle_stream_open(app: Flask, http: FlaskHttp, streams: list[Stream]) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    stream = open_stream(app, streams, match, match.referee)
    stream.reader.until(is_view)
    beats = stream.reader.until(lambda i: i.comment == "heartbeat", timeout=3)
    beat = beats[-1]
    again = stream.reader.until(lambda i: i.comment == "heartbeat", timeout=3)[-1]
    assert 0.2 <= again.at - beat.at < 1.5  # STREAM_HEARTBEAT_SECONDS=0.3


@pytest.mark.parametrize("kind", ["memory", "redis"])
def test_a_stream_ends_after_its_lifetime(kind: str, request: pytest.FixtureRequest) -> None:
    app = make_app(kind, request, stream_heartbeat_seconds=0.2, stream_max_seconds=1.0)
    http = FlaskHttp(app.test_client())
    match, _ = create(http, "forty_fives", "dealt", 3)
    opened_at = time.monotonic()
    stream = Stream(app, match.path, match.seats[1])
    try:
        items = stream.reader.rest(timeout=5)
    finally:
        stream.close()
    assert items[-1].event == "end" and items[-1].data == {"reason": "timeout"}
    assert 0.9 <= items[-1].at - opened_at < 3.0
    assert stream.reader.closed.is_set()


def test_a_deleted_match_ends_its_streams(app: Flask, http: FlaskHttp, streams: list[Stream]) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    stream = open_stream(app, streams, match, match.seats[0])
    stream.reader.until(is_view)
    assert app.test_client().delete(match.path, headers={"Authorization": f"Bearer {match.referee}"}).status_code == 204
    end = stream.reader.until(lambda i: i.event == "end", timeout=5)[-1]
    assert end.data == {"reason": "deleted"}
    assert stream.reader.rest(timeout=5) == []


@pytest.mark.parametrize("kind", ["memory", "redis"])
def test_a_delete_ends_the_streams_long_before_the_next_heartbeat(kind: str, request: pytest.FixtureRequest) -> None:
    app = make_app(kind, request, stream_heartbeat_seconds=30, stream_max_seconds=60)
    http = FlaskHttp(app.test_client())
    match, _ = create(http, "forty_fives", "dealt", 3)
    stream = Stream(app, match.path, match.seats[0])
    try:
        stream.reader.until(is_view)
        deleted_at = time.monotonic()
        assert http.request("DELETE", match.path, match.referee).status == 204
        end = stream.reader.until(lambda i: i.event == "end", timeout=5)[-1]
    finally:
        stream.close()
    assert end.data == {"reason": "deleted"}
    assert end.at - deleted_at < 2.5


@pytest.mark.parametrize("kind", ["memory", "redis"])
def test_an_expired_match_ends_its_streams(kind: str, request: pytest.FixtureRequest) -> None:
    # a heartbeat far off: the expiry itself ends the stream, not the next wait that times out
    app = make_app(kind, request, stream_heartbeat_seconds=30, stream_max_seconds=60, match_ttl_seconds=1)
    http = FlaskHttp(app.test_client())
    match, _ = create(http, "forty_fives", "dealt", 3)
    created_at = time.monotonic()
    stream = Stream(app, match.path, match.seats[0])
    try:
        end = stream.reader.until(lambda i: i.event == "end", timeout=5)[-1]
    finally:
        stream.close()
    assert end.data == {"reason": "expired"}
    assert end.at - created_at < 1 + 2.5


def test_refusals_come_before_the_stream(app: Flask, http: FlaskHttp) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    client = app.test_client()
    unknown = client.get("/v1/matches/no-such-match/stream", headers={"Authorization": f"Bearer {match.referee}"})
    assert unknown.status_code == 404 and unknown.mimetype == "application/problem+json"
    assert unknown.get_json()["code"] == "match_not_found"
    for headers in ({}, {"Authorization": "Bearer not-a-token"}, {"Authorization": match.referee}):
        refused = client.get(f"{match.path}/stream", headers=headers)
        assert refused.status_code == 401 and refused.mimetype == "application/problem+json"
        assert refused.headers["WWW-Authenticate"].startswith("Bearer")
    for bad in ("x", "-1", "1.5", "9" * 17, " "):
        answer = client.get(
            f"{match.path}/stream", headers={"Authorization": f"Bearer {match.referee}", "Last-Event-ID": bad}
        )
        assert answer.status_code == 400, bad
        assert answer.get_json()["code"] == "invalid_last_event_id"
        assert "Last-Event-ID" in answer.get_json()["detail"]
    bad_after = client.get(f"{match.path}/stream?after=abc", headers={"Authorization": f"Bearer {match.referee}"})
    assert bad_after.status_code == 400 and bad_after.get_json()["code"] == "invalid_last_event_id"


def test_cors_preflight_and_exposed_headers(request: pytest.FixtureRequest) -> None:
    app = make_app("memory", request, cors_origins=("https://table.example",))
    client = app.test_client()
    preflight = client.options(
        "/v1/matches/abc/stream",
        headers={
            "Origin": "https://table.example",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "Authorization, Last-Event-ID",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["Access-Control-Allow-Origin"] == "https://table.example"
    allowed = {h.strip().lower() for h in preflight.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "last-event-id"} <= allowed
    post = client.options(
        "/v1/matches/abc/actions",
        headers={
            "Origin": "https://table.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Authorization, If-Match, If-None-Match, Idempotency-Key, Content-Type, "
            "X-Request-ID",
        },
    )
    allowed = {h.strip().lower() for h in post.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "if-match", "if-none-match", "idempotency-key", "content-type", "x-request-id"} <= allowed
    assert "POST" in post.headers["Access-Control-Allow-Methods"]
    created = client.post(
        "/v1/matches",
        json={"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B", "C"]},
        headers={"Origin": "https://table.example"},
    )
    assert created.headers["Access-Control-Allow-Origin"] == "https://table.example"
    exposed = {h.strip().lower() for h in created.headers["Access-Control-Expose-Headers"].split(",")}
    # X-Request-ID too: the docs tell a client to quote it when it reports a problem
    assert {"etag", "idempotent-replayed", "location", "retry-after", "content-language", "x-request-id"} <= exposed
    other = client.get("/v1/rulesets", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers
    # whether an answer carries the header depends on the Origin: a shared cache is told so
    for answer in (preflight, post, created, other, client.get("/v1/rulesets")):
        assert "origin" in _vary(answer), answer.headers


def _vary(answer: TestResponse) -> list[str]:
    """The names in an answer's Vary headers, lower case, in order (one name may not repeat)."""
    names = [n.strip().lower() for value in answer.headers.getlist("Vary") for n in value.split(",")]
    assert len(names) == len(set(names)), names
    return names


@pytest.mark.parametrize("kind", ["memory", "redis"])
def test_cors_on_the_stream_with_several_origins(kind: str, request: pytest.FixtureRequest) -> None:
    app = make_app(kind, request, cors_origins=("https://a.example", "https://b.example"), stream_max_seconds=1.0)
    http = FlaskHttp(app.test_client())
    match, _ = create(http, "forty_fives", "dealt", 3)
    stream = Stream(app, match.path, match.seats[0], Origin="https://b.example")
    try:
        assert stream.response.headers["Access-Control-Allow-Origin"] == "https://b.example"
        assert {"authorization", "origin"} <= set(_vary(stream.response))
        assert stream.reader.until(is_view)[-1].data["version"] == 1
    finally:
        stream.close()
    refused = app.test_client().get("/v1/rulesets", headers={"Origin": "https://c.example"})
    assert "Access-Control-Allow-Origin" not in refused.headers and "origin" in _vary(refused)


def test_no_cors_without_cors_origins(request: pytest.FixtureRequest) -> None:
    client = make_app("memory", request).test_client()
    answer = client.options(
        "/v1/rulesets", headers={"Origin": "https://table.example", "Access-Control-Request-Method": "GET"}
    )
    assert "Access-Control-Allow-Origin" not in answer.headers
    assert "Access-Control-Allow-Origin" not in client.get("/v1/rulesets", headers={"Origin": "https://x"}).headers


def test_the_computers_plays_reach_the_stream_by_computer(app: Flask, http: FlaskHttp, streams: list[Stream]) -> None:
    """Issue 37: a person's play sets the computers going; each of their plays reaches the person's
    stream as an action event ``by: "computer"``, exactly as /events lists it."""
    body = {"ruleset": "forty_fives", "mode": "dealt",
            "players": ["Ann", {"name": "Bot", "computer": "easy"}, {"name": "Cog", "computer": "easy"}]}
    created = http.post("/v1/matches", body).body
    path, token = f"/v1/matches/{created['id']}", created["seats"][0]["token"]
    watcher = Stream(app, path, token)
    streams.append(watcher)
    watcher.reader.until(is_view)
    got: list[Any] = []
    for _ in range(5):  # the person's posts, until the computers have played after one
        view = http.get(path, token).body
        http.post(f"{path}/actions", view["legal_actions"][0], token)
        got += [i for i in watcher.reader.until(is_view, timeout=5) if i.event == "action"]
        if {("computer", 1), ("computer", 2)} <= {(i.data["by"], i.data["action"]["seat"]) for i in got}:
            break
    by = {(i.data["by"], i.data["action"]["seat"]) for i in got}
    assert {("seat", 0), ("computer", 1), ("computer", 2)} <= by, by
    listed = http.get(f"{path}/events?after={int(got[0].id or 0) - 1}", token).body
    assert [i.data for i in got] == [e for e in listed["events"] if e["kind"] == "action"][: len(got)]
