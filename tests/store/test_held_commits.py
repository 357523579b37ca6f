"""A play posted to a worker that holds the match's last state is worked out on that state without
loading it, and committed only if the store still holds exactly that commit (issue 36); anything
else is decided again on a fresh load, as if the attempt had never run.

Two apps on one private ``redis-server`` stand for two workers: ``one`` holds the match, ``other``
moves it on behind its back (or Redis itself does: a delete, an expiry, a failover that lost a
write). A table-mode Forty-Fives match, where the referee reports each card, so any seat's play is
the referee's to post."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.store.keys import doc_key, events_key, log_key
from service.store.redis_store import RedisStore
from tests.redis_server import RedisServer

pytestmark = pytest.mark.redis

#: two workers' test clients and a store to look at what Redis keeps
Workers = tuple[FlaskClient, FlaskClient, RedisStore]


def worker(server: RedisServer) -> Flask:
    app = create_app(Settings(redis_url=server.url, ratelimit_enabled=False))
    app.config["TESTING"] = True
    return app


@pytest.fixture
def workers(redis_server: RedisServer) -> Iterator[Workers]:
    """Two workers' clients on one Redis, and a store to look at what is kept there."""
    redis_server.flush()
    apps = [worker(redis_server), worker(redis_server)]
    look = RedisStore.from_url(redis_server.url)
    try:
        yield apps[0].test_client(), apps[1].test_client(), look
    finally:
        look.close()
        for app in apps:
            app.extensions[MATCHES_KEY].store.close()


class Match:
    """A match made through ``client``: its id, the referee's headers and the last answer's view."""

    def __init__(self, client: FlaskClient) -> None:
        body = {"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C", "D"],
                "options": {"target_score": 100_000}}
        created = client.post("/v1/matches", json=body).get_json()
        self.id = created["id"]
        self.headers = {"Authorization": f"Bearer {created['referee_token']}"}
        self.view: dict[str, Any] = created["view"]

    @property
    def path(self) -> str:
        return f"/v1/matches/{self.id}"

    def post(self, client: FlaskClient, action: Any, **headers: str) -> Any:
        answer = client.post(f"{self.path}/actions", json=action, headers={**self.headers, **headers})
        if answer.status_code == 200:
            self.view = answer.get_json()
        return answer

    def play(self, client: FlaskClient) -> Any:
        """The first legal play, posted through ``client`` (which must accept it)."""
        answer = self.post(client, self.view["legal_actions"][0])
        assert answer.status_code == 200, answer.get_data(as_text=True)
        return answer


def actions_logged(look: RedisStore, match: Match) -> list[Any]:
    return [e.data["action"] for e in look.events(match.id) if e.data.get("kind") == "action"]


def illegal(view: dict[str, Any]) -> dict[str, Any]:
    """A play of a seat that is not to act (refused by the rules whatever the state)."""
    legal = view["legal_actions"][0]
    return {**legal, "seat": (legal["seat"] + 2) % 4}


def test_a_worker_holding_the_match_answers_as_a_fresh_load_does(workers: Workers) -> None:
    one, other, look = workers
    match = Match(one)
    for _ in range(3):
        answer = match.play(one)
        # what a worker that loads the match now sees: the same bytes, and the same version tag
        again = other.get(match.path, headers=match.headers)
        assert again.get_data() == answer.get_data()
        assert again.headers["ETag"] == answer.headers["ETag"]
    assert len(actions_logged(look, match)) == 3


def test_a_stale_worker_acts_on_what_the_store_holds(workers: Workers) -> None:
    one, other, look = workers
    match = Match(one)
    match.play(one)  # one holds version 2
    played = [match.play(other).get_json()["version"] for _ in range(2)]  # other moves it to version 4
    assert played == [3, 4]
    # the next legal play, at version 4, is one seat's turn: on one's stale state it is another's
    answer = match.play(one)
    assert answer.get_json()["version"] == 5
    again = other.get(match.path, headers=match.headers)
    assert again.get_data() == answer.get_data()
    logged = actions_logged(look, match)
    assert len(logged) == 4 and len({(a["seat"], a["card"]) for a in logged}) == 4  # each play once
    assert look.refusals(match.id) == []  # refused on the stale state only: nothing logged


def test_a_refusal_is_decided_and_logged_once_on_a_fresh_load(workers: Workers) -> None:
    one, other, look = workers
    match = Match(one)
    match.play(one)
    refused = match.post(one, illegal(match.view))
    assert refused.status_code in (409, 422), refused.get_data(as_text=True)
    assert len(look.refusals(match.id)) == 1
    match.play(other)  # one's state is stale now
    again = match.post(one, illegal(match.view))
    assert again.status_code == refused.status_code
    assert len(look.refusals(match.id)) == 2  # once each
    assert look.load(match.id).version == 3  # nothing saved by either refusal


def test_if_match_is_decided_on_the_stored_version(workers: Workers) -> None:
    one, other, look = workers
    match = Match(one)
    match.play(one)  # one holds version 2
    match.play(other)  # the store is at version 3
    stale = match.post(one, match.view["legal_actions"][0], **{"If-Match": '"2"'})
    assert stale.status_code == 412, stale.get_data(as_text=True)
    assert stale.get_json()["version"] == 3  # the stored version, not the held one
    fresh = match.post(one, match.view["legal_actions"][0], **{"If-Match": '"3"'})
    assert fresh.status_code == 200 and fresh.get_json()["version"] == 4
    assert look.refusals(match.id) == []


@pytest.mark.parametrize("gone", ["deleted", "expired"])
def test_a_match_gone_from_redis_is_not_found(
    workers: Workers, redis_server: RedisServer, gone: str
) -> None:
    one, _, _ = workers
    match = Match(one)
    match.play(one)  # one holds it
    client = redis_server.client()
    try:
        keys = [doc_key(match.id), events_key(match.id), log_key(match.id)]
        if gone == "deleted":
            client.delete(*keys)
        else:
            for key in keys:
                client.pexpire(key, 1)
            while client.exists(*keys):
                pass
        answer = match.post(one, match.view["legal_actions"][0])
        assert answer.status_code == 404, answer.get_data(as_text=True)
        assert client.exists(*keys) == 0  # nothing written for a match that is gone
    finally:
        client.close()


def test_a_failover_that_lost_a_write_is_caught_by_the_commit_id(
    workers: Workers, redis_server: RedisServer
) -> None:
    """One commits version 3 and holds it; the store loses that write (a failover to a replica that
    had not got it) and another worker commits a different version 3. One's next play must be
    worked out on the stored version 3, not on the one it holds."""
    one, other, look = workers
    match = Match(one)
    match.play(one)
    client = redis_server.client()
    try:
        keys = [doc_key(match.id), events_key(match.id), log_key(match.id)]
        before = {key: client.dump(key) for key in keys}
        legal = match.view["legal_actions"]
        assert len(legal) >= 2
        assert match.post(one, legal[0]).status_code == 200  # one holds this version 3
        for key, dumped in before.items():  # the write is lost
            client.delete(key)
            if dumped is not None:
                client.restore(key, 0, dumped)
        theirs = match.post(other, legal[1])  # another version 3, by another commit
        assert theirs.status_code == 200 and theirs.get_json()["version"] == 3
        # a play both version 3s allow (on the lost one too): only the commit id tells them apart
        answer = match.post(one, match.view["legal_actions"][-1])
        assert answer.status_code == 200 and answer.get_json()["version"] == 4
        assert other.get(match.path, headers=match.headers).get_data() == answer.get_data()
        first = answer.get_json()["trick"]["plays"][0]  # the stored version 3's play, not the lost one
        theirs_played, lost = [(a["seat"], a["card"]) for a in legal[1::-1]]
        assert (first["seat"], first["card"]) == theirs_played != lost
        logged = actions_logged(look, match)
        assert len(logged) == 3 and (logged[1]["seat"], logged[1]["card"]) == (first["seat"], first["card"])
    finally:
        client.close()


def test_a_seat_claimed_through_another_worker_acts_at_once(workers: Workers) -> None:
    """A claim is a commit: a worker holding the match from before it does not know the seat's
    token, nor that the match started; the seat's play is decided on the stored state."""
    one, other, look = workers
    body = {"ruleset": "forty_fives", "mode": "dealt", "players": ["P0", "P1", "P2"], "seats": "claim"}
    created = one.post("/v1/matches", json=body).get_json()
    path = f"/v1/matches/{created['id']}"
    invites = [s["invite"] for s in created["seats"]]
    tokens = [one.post(f"{path}/seats/{seat}/claim", json={"invite": invites[seat]}).get_json()["token"]
              for seat in (0, 1)]
    held = one.get(path, headers={"Authorization": f"Bearer {created['referee_token']}"}).get_json()
    assert held["waiting_for_seats"] is True  # what one holds
    last = other.post(f"{path}/seats/2/claim", json={"invite": invites[2]}).get_json()
    tokens.append(last["token"])
    started = last["view"]
    assert started["waiting_for_seats"] is False
    seat = started["to_act"][0]
    mine = {"Authorization": f"Bearer {tokens[seat]}"}
    legal = other.get(path, headers=mine).get_json()["legal_actions"]
    answer = one.post(f"{path}/actions", json=legal[0], headers=mine)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json()["version"] == started["version"] + 1
    assert other.get(path, headers=mine).get_data() == answer.get_data()
    assert look.refusals(created["id"]) == []
