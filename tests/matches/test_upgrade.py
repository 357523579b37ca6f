"""Older stored shapes read as the current one (``service.matches.upgrade``): each old shape is stored
as it was, read through the upgrade (the current shape) and through the use cases or HTTP (the same
answers as before)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from service.api.app import create_app
from service.api.config import Settings
from service.matches import errors, upgrade
from service.matches import idempotency as idem
from service.matches.usecases import Matches
from service.rules.errors import RuleError
from service.rules.registry import RULESETS
from service.store.base import IdempotencyRecord
from service.store.encoding import dumps, loads
from service.store.memory import MemoryStore
from tests.api.match_driver import FlaskHttp

#: the fields a document had before each of them was added (the first stored documents' fields)
FIRST_FIELDS = ("ruleset", "mode", "players", "referee_hash", "seat_hashes", "state")


def _store_as_before(store: MemoryStore, match_id: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Replace the match's stored document with ``change`` of it, as a version before this one
    stored it (no commit id: no worker holds it)."""
    match = store._matches[match_id]
    match.document = dumps(change(loads(match.document)))
    match.commit = ""


def _uncounted(data: dict[str, Any]) -> dict[str, Any]:
    """A document saved before its events were counted (and so before checkpoints)."""
    return {k: v for k, v in data.items() if k not in ("logged", "round_start", "recent", "commit")}


def _play(uses: Matches, match_id: str, tokens: dict[int, str], referee: str, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        to_act = uses.view(match_id, referee).view["to_act"]
        if not to_act:
            return
        seat = rng.choice(to_act)
        uses.act(match_id, tokens[seat], rng.choice(uses.view(match_id, tokens[seat]).view["legal_actions"]))


def test_a_document_saved_before_its_events_were_counted_counts_them_when_read() -> None:
    store = MemoryStore()
    uses = Matches(store, RULESETS, rng=random.Random(2))
    twin_store = MemoryStore()
    twin = Matches(twin_store, RULESETS, rng=random.Random(2))
    body = {"ruleset": "forty_fives", "mode": "dealt", "players": ["a", "b", "c", "d"]}
    played = []
    for matches in (uses, twin):
        created = matches.create(body)
        tokens = {s.seat: s.token or "" for s in created.seats}
        _play(matches, created.match_id, tokens, created.referee_token, 9, seed=4)
        played.append((created.match_id, created.referee_token, tokens))
    (match_id, referee, tokens), (twin_id, twin_referee, _) = played
    _store_as_before(store, match_id, _uncounted)
    stored = loads(store._matches[match_id].document)
    last = store.events(match_id)[-1].seq
    assert upgrade.uncounted(stored) and not upgrade.is_current(stored)
    current = upgrade.document(stored, last)
    assert current["logged"] == last and upgrade.is_current(current)
    with pytest.raises(ValueError):
        upgrade.document(stored)
    # an undo of the old document leaves what an undo of the same match stored now leaves
    undone = uses.undo(match_id, referee)
    again = twin.undo(twin_id, twin_referee)
    assert undone.view["version"] == again.view["version"]
    assert {k: v for k, v in undone.view.items() if k not in ("id", "expires_at")} == {
        k: v for k, v in again.view.items() if k not in ("id", "expires_at")
    }
    assert [e.data for e in store.events(match_id)] == [e.data for e in twin_store.events(twin_id)]
    # a refusal of an old document is logged after the match's last event
    _store_as_before(store, match_id, _uncounted)
    seat = uses.view(match_id, referee).view["to_act"][0]
    with pytest.raises(RuleError):
        uses.act(match_id, tokens[seat], {"type": "play", "seat": seat, "card": "2C", "face_down": True})
    assert store.refusals(match_id)[-1]["seq_after"] == store.events(match_id)[-1].seq


def test_a_document_saved_before_its_later_fields_reads_as_it_did() -> None:
    """The first documents had six fields: the others read as what their absence meant (format 1, the
    referee saw every hand, no spectator, no expiry known, no checkpoint, no commitment ...)."""
    app = create_app(Settings(idempotency_secret=b"s" * 32))
    app.config["TESTING"] = True
    http = FlaskHttp(app.test_client())
    store = app.extensions["trick_referee.matches"].store
    created = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "table", "players": ["Ann", "Bob", "Cy"]})
    match_id, referee, spectator = created.body["id"], created.body["referee_token"], created.body["spectator_token"]
    _store_as_before(store, match_id, lambda data: {k: data[k] for k in FIRST_FIELDS})
    stored = loads(store._matches[match_id].document)
    current = upgrade.document(stored, 1)
    assert current == {**stored, **upgrade.DOCUMENT_DEFAULTS, "logged": 1}
    assert current["format"] == 1 and current["referee_sees_hands"] is True and current["spectator_hash"] is None
    view = http.get(f"/v1/matches/{match_id}", referee)
    assert view.status == 200 and view.body["expires_at"] is None and view.body["referee_sees_hands"] is True
    assert view.body["seed_commitment"] is None and view.body["claimed"] is None
    assert view.body["waiting_for_seats"] is False and view.body["preset"] is None
    assert view.body["computers"] == [None, None, None] and "deal_commitment" not in view.body
    assert http.get(f"/v1/matches/{match_id}", spectator).status == 401  # a match made before spectators
    assert http.get(f"/v1/matches/{match_id}/links", referee).status == 409  # tokens not derived then
    move = view.body["legal_actions"][0]
    acted = http.post(f"/v1/matches/{match_id}/actions", move, referee, If_Match=view.etag)
    assert acted.status == 200 and acted.body["version"] == 2
    saved = loads(store._matches[match_id].document)
    assert saved["format"] == 1 and saved["logged"] == len(store.events(match_id))  # saved in the current shape


def test_a_record_whose_fingerprint_is_kept_in_hex_answers_its_retry() -> None:
    """Records kept the fingerprint's 64 hex digits before they kept its bytes in base64."""
    store = MemoryStore()
    uses = Matches(store, RULESETS, rng=random.Random(3))
    created = uses.create({"ruleset": "forty_fives", "mode": "table", "players": ["a", "b", "c"]})
    match_id, referee = created.match_id, created.referee_token
    body = uses.view(match_id, referee).view["legal_actions"][0]
    first = uses.act(match_id, referee, body)
    fp = idem.fingerprint("act", match_id, "referee", body)
    kept = {"viewed": {"v": first.version, "x": first.view["expires_at"]}}
    old = IdempotencyRecord(fp, kept)
    assert len(fp) == 64 and upgrade.record(old) == IdempotencyRecord(idem.stored_fingerprint(fp), kept)
    assert upgrade.record(upgrade.record(old)) == upgrade.record(old)
    assert store.put_idempotency(uses.idempotency.action_scope(match_id, "referee", "k-hex"), old)
    replayed = uses.act(match_id, referee, body, idempotency_key="k-hex")
    assert replayed.replayed and replayed.version == first.version and replayed.view == first.view
    with pytest.raises(errors.IdempotencyKeyReused):
        uses.act(match_id, referee, {"type": "play", "seat": 0, "card": "XX"}, idempotency_key="k-hex")
