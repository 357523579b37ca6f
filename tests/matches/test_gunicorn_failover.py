"""Sentinel failover without loss, through gunicorn and real HTTP requests.

A master (AOF), one replica and three Sentinels (quorum 2, a master is down after 1 s of silence).
The service finds the master through the Sentinels, and a commit waits for the replica's
acknowledgement (``WAIT 1``, the default with Sentinels) before it is answered 2xx. Several clients
post actions to their matches while the master is killed (SIGKILL): the Sentinels promote the
replica, the service follows it, the old master comes back as the new one's replica, and the
clients carry on. A client that gets 503 retries its post with the same Idempotency-Key (as the
503's detail tells it to) until it gets an answer that settles it.

Checked on every match's event log afterwards: every action that got a 2xx answer (fresh or
replayed) is there, at the version the answer named; versions are contiguous; nothing was applied
twice. The seconds of 503s are printed.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.api.match_driver import Match, WireHttp, create
from tests.matches.gunicorn_server import Gunicorn
from tests.redis_server import SentinelGroup

pytestmark = [pytest.mark.redis, pytest.mark.slow]

CLIENTS = 6


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Gunicorn, SentinelGroup]]:
    with SentinelGroup(tmp_path / "redis", service_name="referee") as group:
        env = {"REDIS_SENTINELS": group.setting, "REDIS_SENTINEL_MASTER": "referee"}
        with Gunicorn("service.wsgi:app", workers=3, env=env) as server:
            yield server, group


@dataclass
class Answered:
    at: float
    status: int
    code: str | None
    version: int | None = None
    action: dict[str, Any] | None = None
    replayed: bool = False


@dataclass
class Client:
    n: int
    match: Match
    answers: list[Answered] = field(default_factory=list)

    def run(self, port: int, stop: threading.Event) -> None:
        http = WireHttp("127.0.0.1", port, timeout=20)
        rng = random.Random(self.n)
        try:
            posted = 0
            while not stop.is_set():
                referee = self.read(http, self.match.path, self.match.referee)
                if referee is None:
                    continue
                seat = rng.choice(referee["to_act"])
                view = self.read(http, self.match.path, self.match.seats[seat])
                if view is None or not view["legal_actions"]:
                    continue
                action = rng.choice(view["legal_actions"])
                headers = {"Idempotency-Key": f"client-{self.n}-{posted}", "If-Match": f'"{view["version"]}"'}
                posted += 1
                while True:  # the same post, with the same key, until an answer settles it
                    answer = http.request("POST", f"{self.match.path}/actions", self.match.seats[seat], action, headers)
                    self.answers.append(Answered(
                        time.monotonic(), answer.status, answer.body.get("code") if answer.status >= 400 else None,
                        answer.body.get("version") if answer.status == 200 else None, action,
                        answer.headers.get("Idempotent-Replayed") == "true",
                    ))
                    if answer.status != 503:
                        break
                    time.sleep(0.05)
        finally:
            http.close()

    def read(self, http: WireHttp, path: str, token: str) -> dict[str, Any] | None:
        answer = http.get(path, token)
        if answer.status == 200:
            return dict(answer.body)
        self.answers.append(Answered(time.monotonic(), answer.status, answer.body.get("code")))
        assert answer.status == 503, answer.body
        time.sleep(0.05)
        return None


def accepted_after(clients: list[Client], since: float) -> int:
    return min(sum(1 for a in c.answers if a.status == 200 and a.at > since) for c in clients)


def test_a_master_killed_mid_match_loses_no_action_that_got_a_2xx(served: tuple[Gunicorn, SentinelGroup]) -> None:
    server, group = served
    setup = WireHttp("127.0.0.1", server.port)
    clients = [
        Client(n, create(setup, "forty_fives", "dealt", 3, options={"target_score": 1000},
                         referee_sees_hands=True)[0])  # the audit reads every action as the referee
        for n in range(CLIENTS)
    ]
    stop = threading.Event()
    threads = [threading.Thread(target=c.run, args=(server.port, stop)) for c in clients]
    for thread in threads:
        thread.start()
    try:
        deadline = time.monotonic() + 60
        while accepted_after(clients, 0) < 5:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        killed_at = time.monotonic()
        old = group.kill_master()
        new = group.wait_for_failover(old)
        failed_over_at = time.monotonic()
        group.restart_old_master(old)  # as a supervisor restarts a crashed pod
        back_at = time.monotonic()
        while accepted_after(clients, back_at) < 5:
            assert time.monotonic() < deadline + 60, "the clients did not carry on after the failover"
            time.sleep(0.05)
    finally:
        stop.set()
        for thread in threads:
            thread.join(60)
    assert not any(thread.is_alive() for thread in threads)
    assert group.current_master() is new

    answers = [a for c in clients for a in c.answers]
    unavailable = [a for a in answers if a.status == 503]
    assert unavailable, "the clients never noticed the master go"
    assert {a.code for a in unavailable} <= {"store_unavailable", "store_outcome_unknown"}
    assert all(a.status in (200, 503) for a in answers), sorted({(a.status, a.code) for a in answers}, key=str)
    first, last = min(a.at for a in unavailable), max(a.at for a in unavailable)
    print(f"\n{len(answers)} answers, {sum(a.status == 200 for a in answers)} 2xx; 503s from "
          f"{first - killed_at:+.2f} s to {last - killed_at:+.2f} s after the kill ({last - first:.2f} s; "
          f"{sum(a.code == 'store_outcome_unknown' for a in unavailable)} store_outcome_unknown, "
          f"{sum(a.code == 'store_unavailable' for a in unavailable)} store_unavailable); "
          f"failover {failed_over_at - killed_at:.2f} s, old master back as replica {back_at - killed_at:.2f} s")

    for client in clients:
        events = setup.get(f"{client.match.path}/events", client.match.referee).body["events"]
        versions = [e["version"] for e in events]
        assert versions == sorted(versions)
        saves = sorted(set(versions))
        assert saves == list(range(1, len(saves) + 1))  # contiguous: one version per save
        actions = {e["version"]: e["action"] for e in events if e["kind"] == "action"}
        assert len(actions) == sum(1 for e in events if e["kind"] == "action")  # none applied twice
        for answer in client.answers:
            if answer.status == 200:
                assert answer.version in actions, f"a 2xx action is missing: {answer}"
                posted = answer.action or {}
                assert {k: v for k, v in actions[answer.version].items() if k in posted} == posted
        final = setup.get(client.match.path, client.match.referee).body
        assert final["version"] == saves[-1]
    setup.close()
