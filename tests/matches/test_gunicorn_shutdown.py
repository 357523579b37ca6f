"""Graceful shutdown (issue 19 item 9): a SIGTERM to gunicorn while clients post actions.

Six clients each play their own Forty-Fives match as fast as they can, through a real gunicorn
(three workers of the configured class, gevent) on a private redis-server; a SIGTERM goes to the
master mid-way. gunicorn
stops taking connections and lets each worker finish the request it holds. Checked afterwards:

* the server exits by itself, with status 0, within its graceful timeout;
* every request the app took (a line in its JSON log, named by the client's X-Request-ID) was
  answered, and the client got that answer (same status);
* no accepted action is lost: a server started again on the same Redis shows each match at
  version 1 + the actions its client saw accepted (200), no more and no fewer;
* a client saw nothing but whole answers and refused or reset connections (those the server had
  not taken).

And open live streams end at a SIGTERM with ``end: timeout`` (their clients reconnect to another
server), within a heartbeat, rather than holding their worker for the whole graceful timeout and
being cut mid-answer; each is a line of the log.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import uuid
from dataclasses import dataclass, field

import pytest

from tests.api.match_driver import Match, WireHttp, create
from tests.api.sse import close_wire_stream, open_wire_stream
from tests.matches.gunicorn_server import Gunicorn
from tests.redis_server import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]

CLIENTS = 6
LONG_MATCH = {"options": {"target_score": 1000}}
GRACEFUL_TIMEOUT = 20  # gunicorn.conf.py's graceful_timeout


@dataclass
class Client:
    match: Match
    answers: dict[str, int] = field(default_factory=dict)  # request id -> status it got
    accepted: int = 0
    last_version: int = 1
    failures: list[str] = field(default_factory=list)  # connection errors, before any answer
    errors: list[str] = field(default_factory=list)  # anything else: a failure of the test


def _play(port: int, client: Client, stop: threading.Event, seed: int) -> None:
    try:
        _actions(port, client, stop, random.Random(seed))
    except BaseException as err:  # reported by the test, not lost in the thread
        client.errors.append(repr(err))


def _actions(port: int, client: Client, stop: threading.Event, rng: random.Random) -> None:
    match = client.match
    while not stop.is_set():
        wire = WireHttp("127.0.0.1", port, timeout=30)
        try:
            referee = wire.get(match.path, match.referee)
            seat = rng.choice(referee.body["to_act"])
            view = wire.get(match.path, match.seats[seat])
            rid = uuid.uuid4().hex
            action = rng.choice(view.body["legal_actions"])
            answer = wire.post(f"{match.path}/actions", action, match.seats[seat], X_Request_ID=rid)
        except (ConnectionError, http.client.HTTPException, OSError) as err:
            client.failures.append(type(err).__name__)
            if isinstance(err, ConnectionRefusedError):
                return  # the server no longer listens
            continue
        finally:
            wire.close()
        client.answers[rid] = answer.status
        assert answer.headers["X-Request-ID"] == rid
        if answer.status == 200:
            client.accepted += 1
            client.last_version = answer.body["version"]


def test_sigterm_loses_no_accepted_action(restartable_redis_server: RedisServer) -> None:
    env = {"REDIS_URL": restartable_redis_server.url, "LOG_FORMAT": "json", "LOG_LEVEL": "info"}
    server = Gunicorn(workers=3, env=env)
    server.start()
    try:
        setup = WireHttp("127.0.0.1", server.port)
        clients = [Client(create(setup, "forty_fives", "dealt", 3, **LONG_MATCH, referee_sees_hands=True)[0])
                   for _ in range(CLIENTS)]  # the audit reads every action as the referee
        setup.close()
        stop = threading.Event()
        threads = [threading.Thread(target=_play, args=(server.port, c, stop, i)) for i, c in enumerate(clients)]
        for thread in threads:
            thread.start()
        time.sleep(2.0)
        assert server.process is not None
        in_play = sum(c.accepted for c in clients)
        terminated = time.monotonic()
        server.process.send_signal(15)
        status = server.process.wait(GRACEFUL_TIMEOUT + 5)
        took = time.monotonic() - terminated
        stop.set()
        for thread in threads:
            thread.join(30)
        log = server.log_path.read_text(encoding="utf-8")
    finally:
        server.stop()
    assert [c.errors for c in clients] == [[]] * CLIENTS
    assert status == 0 and took < GRACEFUL_TIMEOUT, (status, took)
    assert in_play > 0 and all(c.accepted for c in clients), [c.accepted for c in clients]

    handled = {}
    for line in map(json.loads, log.splitlines()):
        if line.get("logger") == "service.request" and line["route"] == "/v1/matches/<match_id>/actions":
            handled[line["request_id"]] = line["status"]
    answered = {rid: s for c in clients for rid, s in c.answers.items()}
    assert handled == answered  # every request the app took was answered, and only those
    assert any("Handling signal: term" in line for line in log.splitlines())

    with Gunicorn(workers=1, env={"REDIS_URL": restartable_redis_server.url}) as again:
        http = WireHttp("127.0.0.1", again.port)
        for client in clients:
            version = http.get(client.match.path, client.match.referee).body["version"]
            assert version == 1 + client.accepted == client.last_version, (version, client.accepted)
        http.close()
    for client in clients:
        assert set(client.failures) <= {"ConnectionRefusedError", "ConnectionResetError", "RemoteDisconnected",
                                        "BrokenPipeError"}, client.failures


@pytest.mark.parametrize("store", ["memory", "redis"])
def test_sigterm_ends_open_streams_within_a_heartbeat(store: str, request: pytest.FixtureRequest) -> None:
    env = {"LOG_FORMAT": "json", "LOG_LEVEL": "info", "STREAM_HEARTBEAT_SECONDS": "1"}
    if store == "redis":
        env["REDIS_URL"] = request.getfixturevalue("restartable_redis_server").url
    server = Gunicorn(workers=1, env=env)
    server.start()
    opened = []
    try:
        setup = WireHttp("127.0.0.1", server.port)
        match = create(setup, "forty_fives", "dealt", 3)[0]
        setup.close()
        for i, token in enumerate([match.referee, *match.seats]):
            conn, response, reader = open_wire_stream(
                "127.0.0.1", server.port, f"{match.path}/stream", token, {"X-Request-ID": f"stream-{i}"}
            )
            assert reader is not None, response.read()
            reader.until(lambda item: item.event == "view", timeout=10)
            opened.append((conn, reader))
        assert server.process is not None
        terminated = time.monotonic()
        server.process.send_signal(15)
        ends = [reader.until(lambda item: item.event == "end", timeout=10)[-1] for _, reader in opened]
        ended = time.monotonic() - terminated
        for _, reader in opened:
            assert reader.closed.wait(5)  # the answer is whole: nothing after the end
        status = server.process.wait(GRACEFUL_TIMEOUT + 5)
        took = time.monotonic() - terminated
        log = server.log_path.read_text(encoding="utf-8")
    finally:
        for conn, _ in opened:
            close_wire_stream(conn)
        server.stop()
    assert [end.data for end in ends] == [{"reason": "timeout"}] * 4
    assert ended < 5 and took < GRACEFUL_TIMEOUT / 2, (ended, took)  # not the graceful timeout
    assert status == 0
    lines = [json.loads(line) for line in log.splitlines()]
    streamed = {line["request_id"]: line for line in lines if line.get("logger") == "service.request"
                and line["route"] == "/v1/matches/<match_id>/stream"}
    assert set(streamed) == {f"stream-{i}" for i in range(4)}
    assert all(line["status"] == 200 and line["match_id"] == match.id for line in streamed.values())
    assert not any("graceful timeout" in line.get("event", "") for line in lines)
