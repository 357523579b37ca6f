"""How many Redis commands one posted play costs the store (issue 36: at most 8 a post with the rate
limiter active, which takes one of them; so at most 7 for the store, reads included).

The service's app on a private ``redis-server`` (the limiter off: only the store talks to Redis),
driven by Flask's test client; ``MONITOR`` lists every command of each post, those a script ran
(``lua``) apart from those the service sent. A table-mode Forty-Fives match takes plays past
several compactions of its event log, with and without an Idempotency-Key, from a worker that
holds the match's last state and from one that does not. A worker that holds it sends the commit
alone: it works the play out on what it holds and commits expecting that very commit."""

from __future__ import annotations

import collections
import functools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from tests.redis_server import RedisServer

#: the store's share of the commands of one posted play (issue 36's 8, less the limiter's one)
STORE_COMMANDS_PER_POST = 7
#: plays per case: past three compactions of the event log (every 16 events by default)
POSTS = 50
END = "end-of-post"


@pytest.fixture
def app(redis_server: RedisServer) -> Iterator[Flask]:
    redis_server.flush()
    app = create_app(Settings(redis_url=redis_server.url, ratelimit_enabled=False))
    app.config["TESTING"] = True
    yield app
    app.extensions[MATCHES_KEY].store.close()


def commands_of(server: RedisServer, post: Callable[[], Any]) -> tuple[Any, list[str], list[str]]:
    """What ``post`` returned, the commands the service sent to Redis meanwhile, and those its
    scripts ran."""
    watcher, marker = server.client(), server.client()
    try:
        with watcher.monitor() as monitor:
            answer = post()
            marker.echo(END)
            sent: list[str] = []
            scripted: list[str] = []
            while True:
                seen: dict[str, Any] = monitor.next_command()
                name = seen["command"].split(" ", 1)[0].upper()
                if name == "ECHO" and seen["command"].endswith(END):
                    return answer, sent, scripted
                (scripted if seen["client_type"] == "lua" else sent).append(name)
    finally:
        watcher.close()
        marker.close()


def long_table_match(client: Any) -> tuple[str, dict[str, str], list[Any]]:
    """A table-mode Forty-Fives match that will not end within the posts: its actions path, the
    referee's headers and the legal actions of its first view."""
    body = {"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C", "D"],
            "options": {"target_score": 100_000}}
    created = client.post("/v1/matches", json=body).get_json()
    headers = {"Authorization": f"Bearer {created['referee_token']}"}
    return f"/v1/matches/{created['id']}/actions", headers, created["view"]["legal_actions"]


@pytest.mark.parametrize("keyed", [False, True], ids=["plain", "idempotency-key"])
@pytest.mark.parametrize("cached", [True, False], ids=["worker-holds-it", "worker-reads-it"])
def test_a_posted_play_costs_the_store_at_most_seven_commands(
    app: Flask, redis_server: RedisServer, keyed: bool, cached: bool
) -> None:
    client = app.test_client()
    path, headers, legal = long_table_match(client)
    steps = app.extensions[MATCHES_KEY].steps
    per_post: list[tuple[list[str], list[str]]] = []
    for n in range(POSTS):
        if not cached:
            steps._recent.clear()  # as on a worker that did not serve the match's last post
        sent_headers = {**headers, "Idempotency-Key": f"play-{n}"} if keyed else headers
        post = functools.partial(client.post, path, json=legal[0], headers=sent_headers)
        answer, sent, scripted = commands_of(redis_server, post)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        legal = answer.get_json()["legal_actions"]
        per_post.append((sent, scripted))
    compactions = sum(1 for sent, _ in per_post if sent.count("EVALSHA") >= 2)
    assert compactions >= 2, "the plays should have compacted the event log"
    worst = max(per_post, key=lambda sent_scripted: len(sent_scripted[0]))
    assert len(worst[0]) <= STORE_COMMANDS_PER_POST, collections.Counter(worst[0])
    # what a commit runs in Redis besides an XADD per event: the compare-and-set read, the document,
    # the two expiries (the document, the compacted log in it, and the Stream each refreshed) and,
    # under a key, the record (SET NX: its own check)
    commits = [scripted for sent, scripted in per_post if sent.count("EVALSHA") + sent.count("EVAL") == 1]
    assert commits
    odd = [scripted for scripted in commits if len(scripted) - scripted.count("XADD") != (5 if keyed else 4)]
    assert not odd, odd
    assert all(scripted.count("PEXPIRE") == 2 for scripted in commits), commits


def test_a_post_from_a_worker_holding_the_match_sends_only_its_commit(app: Flask, redis_server: RedisServer) -> None:
    client = app.test_client()
    path, headers, legal = long_table_match(client)
    first = client.post(path, json=legal[0], headers=headers)  # the create is not kept: this loads it
    legal = first.get_json()["legal_actions"]
    compacting = 0
    for _ in range(POSTS):
        post = functools.partial(client.post, path, json=legal[0], headers=headers)
        answer, sent, _ = commands_of(redis_server, post)
        assert answer.status_code == 200, answer.get_data(as_text=True)
        legal = answer.get_json()["legal_actions"]
        assert sent[:1] == ["EVALSHA"], sent  # the commit, with no load before it
        if len(sent) > 1:  # after it, a compaction of the event log: its script, after a read of
            # the log the first time only (the first post loaded the match: from then on this
            # worker wrote every event and frame, and knows the log: OpenSegments)
            assert sent == (["EVALSHA", "EVALSHA", "EVALSHA"] if compacting == 0 else ["EVALSHA", "EVALSHA"]), sent
            compacting += 1
    assert 2 <= compacting < POSTS // 4
