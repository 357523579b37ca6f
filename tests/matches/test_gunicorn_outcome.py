"""A 503 must not say "nothing was changed" when that is not known (through gunicorn, real HTTP).

Redis is frozen (SIGSTOP) right after the service sent the save of an action: a relay in front of
a private redis-server (``StallingProxy``) stops it the moment the save's ``EVALSHA`` passes, then
hands the command on. The client gets 503 ``store_outcome_unknown`` (with Retry-After, and a detail
telling it to read the match or retry with the same Idempotency-Key), not ``store_unavailable``.
When Redis resumes (SIGCONT) the save runs: the match shows the action, and the client's retry
with the same key is answered from the first outcome, not applied a second time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tests.api.match_driver import WireHttp, create, step
from tests.matches.gunicorn_server import Gunicorn
from tests.redis_server import RedisServer, StallingProxy

pytestmark = [pytest.mark.redis, pytest.mark.slow]


@pytest.fixture
def served(restartable_redis_server: RedisServer) -> Iterator[tuple[Gunicorn, StallingProxy, RedisServer]]:
    with StallingProxy(restartable_redis_server) as proxy:
        try:
            with Gunicorn("service.wsgi:app", workers=1, env={"REDIS_URL": proxy.url}) as server:
                yield server, proxy, restartable_redis_server
        finally:
            restartable_redis_server.resume()


def test_a_save_sent_just_before_redis_stalls_is_outcome_unknown_and_runs_when_it_resumes(
    served: tuple[Gunicorn, StallingProxy, RedisServer],
) -> None:
    server, proxy, redis = served
    http = WireHttp("127.0.0.1", server.port)
    try:
        match, _ = create(http, "forty_fives", "dealt", 3, options={"target_score": 1000}, referee_sees_hands=True)
        rng = random.Random(3)
        for _ in range(4):
            assert step(http, match, rng) is not None
        referee = http.get(match.path, match.referee).body
        seat = referee["to_act"][0]
        view = http.get(match.path, match.seats[seat])
        action = view.body["legal_actions"][0]
        headers = {"Idempotency-Key": "stalled-1", "If-Match": view.etag or ""}

        proxy.stall_on(b"EVALSHA")
        answer = http.request("POST", f"{match.path}/actions", match.seats[seat], action, headers)
        assert proxy.triggered.is_set()
        assert answer.status == 503, answer.body
        assert answer.body["code"] == "store_outcome_unknown"  # not "store_unavailable: nothing was changed"
        assert answer.headers.get("Retry-After") == "1"
        assert "Idempotency-Key" in answer.body["detail"] and "Read the match" in answer.body["detail"]

        redis.resume()
        after = http.get(match.path, match.referee).body
        assert after["version"] == referee["version"] + 1  # the save ran once Redis woke up
        events = http.get(f"{match.path}/events", match.referee).body["events"]
        last = [e for e in events if e["kind"] == "action"][-1]
        assert last["version"] == after["version"]
        assert {k: v for k, v in last["action"].items() if k in action} == action

        again = http.request("POST", f"{match.path}/actions", match.seats[seat], action, headers)
        assert again.status == 200 and again.headers.get("Idempotent-Replayed") == "true", again.body
        assert again.body["version"] == after["version"]
        assert http.get(match.path, match.referee).body["version"] == after["version"]  # not applied twice
    finally:
        http.close()


def test_a_save_that_never_left_says_nothing_changed(served: tuple[Gunicorn, StallingProxy, RedisServer]) -> None:
    server, _proxy, redis = served
    http = WireHttp("127.0.0.1", server.port)
    try:
        match, _ = create(http, "forty_fives", "dealt", 3)
        before = http.get(match.path, match.referee).body["version"]
        redis.stop()  # connection refused: neither the load nor the save reaches Redis
        down = http.post(f"{match.path}/actions", {"type": "play", "card": "2C"}, match.seats[0])
        assert down.status == 503 and down.body["code"] == "store_unavailable"
        assert "nothing was changed" in down.body["detail"]
        redis.start()
        assert http.get(match.path, match.referee).body["version"] == before
    finally:
        http.close()
