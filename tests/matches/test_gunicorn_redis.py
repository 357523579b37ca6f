"""The service under gunicorn (several sync workers) on a private redis-server.

* **Concurrency**: 32 clients post to one match at once, each the action it just read as legal,
  half with ``If-Match`` and half without, some retrying with an ``Idempotency-Key``. Checked on
  the event log afterwards: every accepted action is there exactly once (none lost, none applied
  twice), versions strictly increase, and every loser of a race got 409 or 412. A request
  *without* ``If-Match`` cannot lose a race it did not name: arriving after another action it is
  judged on the new state, so the rules may refuse it (409 ``not_your_turn``, or 422 when the card
  it names was played meanwhile); the test checks the match had moved on when that happened.
* **Restart**: Redis (AOF, ``appendfsync always``) is killed mid-match: the service answers 503
  ``store_unavailable`` at once while it is down, and when it is back on the same port the match
  carries on from the last accepted action.

Both play a real game, Forty-Fives (three players, dealt by the service), through the service's
own WSGI app (``service.wsgi:app``), to a target far enough away that the match lasts the test.
"""

from __future__ import annotations

import http.client
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from service.rules.registry import RULESETS
from tests.api.match_driver import Match, WireHttp, create
from tests.matches.gunicorn_server import Gunicorn
from tests.redis_server import RedisServer

pytestmark = [pytest.mark.redis, pytest.mark.slow]

CLIENTS = 32
ROUNDS_PER_CLIENT = 12
RULESET = "forty_fives"
LONG_MATCH: dict[str, Any] = {"options": {"target_score": 1000}}


@pytest.fixture
def served(restartable_redis_server: RedisServer) -> Iterator[tuple[Gunicorn, RedisServer]]:
    server = Gunicorn("service.wsgi:app", workers=4, env={"REDIS_URL": restartable_redis_server.url})
    with server:
        yield server, restartable_redis_server


@dataclass
class Attempt:
    client: int
    read_version: int
    action: dict[str, Any]
    conditional: bool
    status: int
    code: str | None
    version: int | None  # the version in a 2xx answer
    replayed: bool = False


def _contend(port: int, match: Match, client: int, attempts: list[Attempt], lock: threading.Lock) -> None:
    http = WireHttp("127.0.0.1", port)
    rng = random.Random(client)
    conditional = client % 2 == 0
    retries = client % 4 == 1
    try:
        for n in range(ROUNDS_PER_CLIENT):
            referee = http.get(match.path, match.referee)
            if referee.body["status"] == "finished":
                return
            seat = rng.choice(referee.body["to_act"])
            view = http.get(match.path, match.seats[seat])
            if not view.body["legal_actions"]:
                continue
            action = rng.choice(view.body["legal_actions"])
            headers: dict[str, str] = {}
            if conditional:
                headers["If-Match"] = view.etag or ""
            if retries:
                headers["Idempotency-Key"] = f"client-{client}-{n}"
            first = http.request("POST", f"{match.path}/actions", match.seats[seat], action, headers)
            answers = [first]
            if retries:
                again = http.request("POST", f"{match.path}/actions", match.seats[seat], action, headers)
                if first.status == 200:  # a refusal is not kept under its key: its retry is judged again (issue 33)
                    assert again.status == first.status and again.body == first.body, (first.body, again.body)
                    assert again.headers.get("Idempotent-Replayed") == "true"
                answers.append(again)
            with lock:
                for answer in answers:
                    attempts.append(
                        Attempt(
                            client,
                            view.body["version"],
                            action,
                            conditional,
                            answer.status,
                            None if answer.status == 200 else answer.body.get("code"),
                            answer.body["version"] if answer.status == 200 else None,
                            answer.headers.get("Idempotent-Replayed") == "true",
                        )
                    )
    finally:
        http.close()


def test_32_clients_on_one_match(served: tuple[Gunicorn, RedisServer]) -> None:
    server, _redis = served
    setup = WireHttp("127.0.0.1", server.port)
    match, _ = create(setup, RULESET, "dealt", RULESETS[RULESET].default_players, **LONG_MATCH, referee_sees_hands=True)
    attempts: list[Attempt] = []
    lock = threading.Lock()
    threads = [
        threading.Thread(target=_contend, args=(server.port, match, c, attempts, lock)) for c in range(CLIENTS)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads)

    events = setup.get(f"{match.path}/events", match.referee).body["events"]
    actions = [e for e in events if e["kind"] == "action"]
    action_versions = [e["version"] for e in actions]
    all_versions = [e["version"] for e in events]
    assert all_versions == sorted(all_versions) and len(set(action_versions)) == len(action_versions)
    saves = sorted(set(all_versions))
    assert saves == list(range(1, len(saves) + 1))  # one version per save, no gaps

    won = {a.version: a for a in attempts if a.status == 200}
    assert sorted(won) == sorted(action_versions), "an accepted action is missing from the log, or one is extra"
    for event in actions:
        posted = won[event["version"]].action
        assert {k: v for k, v in event["action"].items() if k in posted} == posted
    fresh = [a for a in attempts if a.status == 200 and not a.replayed]
    assert len(fresh) == len(actions), "an action was applied twice"

    losers = [a for a in attempts if a.status != 200]
    assert losers, "32 clients never collided"
    for a in losers:
        if a.conditional:
            assert a.status in (409, 412), a
        elif a.status not in (409, 412):
            assert a.status == 422 and any(v > a.read_version for v in action_versions), a
    final = setup.get(match.path, match.referee).body
    assert final["version"] == saves[-1]
    setup.close()
    assert _counted_posts(server.port) >= len(attempts)  # /metrics adds up every worker's counts
    print(f"\n{len(attempts)} posts, {len(actions)} applied, {len(losers)} refused: "
          f"{sorted({(a.status, a.code) for a in losers}, key=str)}")


def _counted_posts(port: int) -> float:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/metrics")
    text = conn.getresponse().read().decode()
    conn.close()
    prefix = 'referee_http_requests_total{endpoint="/v1/matches/<match_id>/actions",method="POST",'
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(prefix))


def test_redis_restart_mid_match(served: tuple[Gunicorn, RedisServer]) -> None:
    server, redis = served
    http = WireHttp("127.0.0.1", server.port)
    match, _ = create(http, RULESET, "dealt", RULESETS[RULESET].default_players, **LONG_MATCH, referee_sees_hands=True)
    rng = random.Random(5)
    accepted: list[tuple[int, dict[str, Any]]] = []

    def play(count: int) -> None:
        for _ in range(count):
            referee = http.get(match.path, match.referee).body
            if referee["status"] == "finished":
                return
            seat = rng.choice(referee["to_act"])
            view = http.get(match.path, match.seats[seat])
            action = rng.choice(view.body["legal_actions"])
            answer = http.post(f"{match.path}/actions", action, match.seats[seat], If_Match=view.etag or "")
            assert answer.status == 200, answer.body
            accepted.append((answer.body["version"], action))

    play(6)
    redis.kill()
    for method, path, body in [
        ("GET", match.path, None),
        ("POST", f"{match.path}/actions", {"type": "play", "card": "2C"}),
    ]:
        started = time.perf_counter()
        down = http.request(method, path, match.seats[0], body)
        assert down.status == 503 and down.body["code"] == "store_unavailable", down.body
        assert time.perf_counter() - started < 3.0
    assert http.get("/healthz").status == 200
    assert http.get("/readyz").status == 200  # the process serves: readiness is not the store's (issue 33)
    redis.start()
    play(6)
    events = http.get(f"{match.path}/events", match.referee).body["events"]
    logged = [(e["version"], e["action"]) for e in events if e["kind"] == "action"]
    assert [v for v, _ in logged] == [v for v, _ in accepted]
    for (_, posted), (_, stored) in zip(accepted, logged, strict=True):
        assert {k: v for k, v in stored.items() if k in posted} == posted
    http.close()
