"""Idempotent replays answered from small records (``service.matches.replays``): every request of a
match, actions and undos of every ruleset, retried with its key after the match moved on (and, on
Redis, after its events were compacted), gets exactly its first answer; each record stays under
300 bytes."""

from __future__ import annotations

import base64
import hashlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from service.matches import errors
from service.matches.results import Viewed
from service.matches.usecases import Matches
from service.rules.registry import RULESETS
from service.store.base import Store
from service.store.encoding import dump_record
from service.store.memory import MemoryStore
from service.store.redis_store import RedisStore
from tests.profiles import PROFILES
from tests.redis_server import RedisServer, redis_server

__all__ = ["redis_server"]

RECORD_MOST_BYTES = 300


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[Store]:
    if request.param == "memory":
        yield MemoryStore()
        return
    server: RedisServer = request.getfixturevalue("redis_server")
    server.flush()
    redis_store = RedisStore.from_url(server.url, ttl_seconds=3600)
    try:
        yield redis_store
    finally:
        redis_store.close()


def answer(viewed: Viewed) -> tuple[int, Any]:
    return viewed.version, viewed.view


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_request_replays_its_first_answer_after_the_match_moved_on(store: Store, ruleset: str) -> None:
    uses = Matches(store, RULESETS, rng=random.Random(7))
    players = [f"P{i}" for i in range(PROFILES[ruleset].players[0])]
    created = uses.create({"ruleset": ruleset, "mode": "dealt", "players": players})
    match_id, referee = created.match_id, created.referee_token
    tokens = {seat.seat: seat.token for seat in created.seats}
    rng = random.Random(ruleset)
    sent: list[tuple[str, str, Any, tuple[int, Any]]] = []  # (key, token, body or None for undo, answer)
    for n in range(70):
        view = uses.view(match_id, referee).view
        if view["status"] != "in_progress" or not view["to_act"]:
            break
        key = f"k{n}"
        if n % 11 == 10:
            sent.append((key, referee, None, answer(uses.undo(match_id, referee, idempotency_key=key))))
            continue
        seat = rng.choice(view["to_act"])
        body = rng.choice(uses.view(match_id, tokens[seat]).view["legal_actions"])
        sent.append((key, tokens[seat], body, answer(uses.act(match_id, tokens[seat], body, idempotency_key=key))))
    assert len(sent) > 20
    again = Matches(store, RULESETS)  # another process: nothing remembered but the store
    for key, token, body, first in sent:
        if body is None:
            replayed = again.undo(match_id, referee, idempotency_key=key)
        else:
            replayed = again.act(match_id, token, body, idempotency_key=key)
        assert replayed.replayed and answer(replayed) == first, key
    sizes = [len(dump_record(r)) for r in _records(store, match_id)]
    assert sizes and max(sizes) <= RECORD_MOST_BYTES, max(sizes)


def _records(store: Store, match_id: str) -> Iterator[Any]:
    """Every idempotency record of the match, read from the store itself."""
    if isinstance(store, MemoryStore):
        yield from (store.get_idempotency(k) for k in list(store._records) if match_id in k)
        return
    assert isinstance(store, RedisStore) and store.commands.client is not None
    for key in store.commands.client.scan_iter(match=f"{{match:{match_id}}}:idem:*", count=1000):
        yield store.get_idempotency(key.decode())


def test_a_record_filed_under_the_earlier_hex_scope_still_answers_its_retry(store: Store) -> None:
    """Records were filed under the whole SHA-256 in hex; now under 22 base64 characters of its first
    16 bytes (a smaller key). A retry of a request answered before the change finds its record under
    the old key; new records go under the new one, and callers stay apart."""
    from service.matches import idempotency as idem
    from service.store.base import IdempotencyRecord

    uses = Matches(store, RULESETS, rng=random.Random(5))
    created = uses.create({"ruleset": "forty_fives", "mode": "table", "players": ["a", "b", "c"]})
    match_id, referee = created.match_id, created.referee_token
    body = uses.view(match_id, referee).view["legal_actions"][0]
    new = uses.idempotency.action_scope(match_id, "referee", "k-old")
    legacy = uses.idempotency.legacy_action_scope(match_id, "referee", "k-old")
    assert legacy.endswith(hashlib.sha256(b"referee\x00k-old").hexdigest()) and len(legacy) == len(new) + 42
    short = base64.urlsafe_b64encode(hashlib.sha256(b"referee\x00k-old").digest()[:16]).decode().rstrip("=")
    assert new.rsplit(":", 1)[1] == short and len(short) == 22
    first = uses.act(match_id, referee, body)  # answered, and filed the way records were filed before
    fp = idem.stored_fingerprint(idem.fingerprint("act", match_id, "referee", body))
    kept = {"viewed": {"v": first.version, "x": first.view["expires_at"]}}
    assert store.put_idempotency(legacy, IdempotencyRecord(fp, kept))
    replayed = Matches(store, RULESETS).act(match_id, referee, body, idempotency_key="k-old")
    assert replayed.replayed and answer(replayed) == answer(first)
    assert store.get_idempotency(new) is None  # nothing filed again
    seat = created.seats[uses.view(match_id, referee).view["to_act"][0]]
    mine = uses.view(match_id, seat.token).view["legal_actions"][0]
    fresh = uses.act(match_id, seat.token, mine, idempotency_key="k-old")  # another caller, the same key
    assert not fresh.replayed
    assert store.get_idempotency(uses.idempotency.action_scope(match_id, f"seat:{seat.seat}", "k-old")) is not None


def test_a_record_written_before_keeps_answering_with_its_own_copy(store: Store) -> None:
    """A record of the earlier form (the fingerprint in hex, the whole view) is answered from it."""
    from service.matches import idempotency as idem
    from service.rules.messages import encode_messages
    from service.store.base import IdempotencyRecord

    uses = Matches(store, RULESETS, rng=random.Random(3))
    created = uses.create({"ruleset": "forty_fives", "mode": "dealt", "players": ["a", "b", "c", "d"]})
    match_id, referee = created.match_id, created.referee_token
    seat = uses.view(match_id, referee).view["to_act"][0]
    token = created.seats[seat].token
    body = uses.view(match_id, token).view["legal_actions"][0]
    first = uses.act(match_id, token, body)
    scope = uses.idempotency.action_scope(match_id, f"seat:{seat}", "old-key")
    fp = idem.fingerprint("act", match_id, f"seat:{seat}", body)
    old = {"viewed": {"version": first.version, "view": encode_messages(first.view)}}
    assert store.put_idempotency(scope, IdempotencyRecord(fp, old))
    replayed = uses.act(match_id, token, body, idempotency_key="old-key")
    assert replayed.replayed and answer(replayed) == answer(first)
    with pytest.raises(errors.IdempotencyKeyReused):  # the same key with another body
        uses.act(match_id, token, {"type": "play", "seat": seat, "card": "XX"}, idempotency_key="old-key")


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_create_replays_its_first_answer_after_the_match_moved_on(store: Store, ruleset: str) -> None:
    secret = b"s" * 32  # a create's scope is keyed by the server's secret: the same in both processes
    uses = Matches(store, RULESETS, rng=random.Random(5), idempotency_secret=secret)
    body = {"ruleset": ruleset, "mode": "dealt", "players": [f"P{i}" for i in range(PROFILES[ruleset].players[0])]}
    first = uses.create(body, idempotency_key="create-1")
    tokens = {seat.seat: seat.token for seat in first.seats}
    rng = random.Random(1)
    for _ in range(25):
        view = uses.view(first.match_id, first.referee_token).view
        if not view["to_act"]:
            break
        seat = rng.choice(view["to_act"])
        legal = uses.view(first.match_id, tokens[seat]).view["legal_actions"]
        uses.act(first.match_id, tokens[seat], rng.choice(legal))
    again = Matches(store, RULESETS, idempotency_secret=secret).create(body, idempotency_key="create-1")
    assert again.replayed and again.match_id == first.match_id and again.version == 1
    assert (again.referee_token, again.seats) == (first.referee_token, first.seats)
    assert again.view == first.view
