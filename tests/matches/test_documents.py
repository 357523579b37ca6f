"""The stored document: encoding a new state by reusing the old one's encoding gives exactly what
encoding it afresh gives, along random games of every ruleset (dealt and table)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import orjson
import pytest

from service.matches import codec
from service.matches.codec import encode_like
from service.matches.documents import MatchDocument
from service.matches.usecases import Matches
from service.rules.playout import random_step, shuffled_deck
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, Ruleset
from service.store import encoding
from service.store.memory import MemoryStore


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_encode_like_equals_a_fresh_encoding(ruleset_id: str, mode: str) -> None:
    ruleset: Ruleset = RULESETS[ruleset_id]
    rng = random.Random(11)
    state = ruleset.new_match(ruleset.validate_options({}), ruleset.default_players, 0, mode)
    old_json = codec.encode(state)
    for _ in range(400):
        if ruleset.status(state) == FINISHED:
            break
        if ruleset.needs_deal(state):
            new = ruleset.deal(state, shuffled_deck(ruleset, rng) if mode == "dealt" else None)
        else:
            new, _action = random_step(ruleset, state, rng)
        reused = encode_like(new, state, old_json)
        assert json.dumps(reused) == json.dumps(codec.encode(new))  # the same text: keys in the same order
        assert codec.decode(ruleset.state_type, reused) == new
        state, old_json = new, reused


def test_encode_like_encodes_a_field_the_old_encoding_lacks() -> None:
    """An encoding saved before a field existed lacks it: the field is encoded afresh, the others
    reused, in the fields' order."""
    ruleset: Ruleset = RULESETS["forty_fives"]
    state = ruleset.new_match(ruleset.validate_options({}), 3, 0, "table")
    new = ruleset.deal(state, None)
    old_json = codec.encode(state)
    field = next(iter(old_json))
    del old_json[field]
    reused = encode_like(new, state, old_json)
    assert list(reused) == list(codec.encode(new)) and reused == codec.encode(new)


def test_a_new_state_or_encoding_keeps_every_other_field_of_the_document() -> None:
    """``with_state`` and ``with_encoded`` build the document field by field (faster than
    ``dataclasses.replace``): each field they do not set is the old document's, so a field added
    to ``MatchDocument`` later cannot be dropped silently."""
    ruleset = RULESETS["forty_fives"]
    state = ruleset.new_match(ruleset.validate_options({}), 3, 0, "table")
    doc = MatchDocument(ruleset=ruleset, mode="table", players=("a", "b", "c"), referee_hash="r",
                        seat_hashes=("s0", "s1", "s2"), state=state, seed=b"s" * 32, deals=1, saved_at=5.0)
    later = ruleset.deal(state, None)
    for new, changed in ((doc.with_state(later, 2, 9.0), {"state", "state_json", "basis", "deals", "saved_at"}),
                         (doc.with_encoded({"x": 1}), {"state_json", "basis"})):
        for f in dataclasses.fields(MatchDocument):
            if f.name not in changed:
                assert getattr(new, f.name) is getattr(doc, f.name), f.name
    moved = doc.with_state(later, 2, 9.0)
    assert moved.state is later and moved.basis == (state, doc.encoded_state())
    assert (moved.deals, moved.saved_at) == (2, 9.0)
    assert doc.with_encoded({"x": 1}).state_json == {"x": 1}


def test_a_changed_document_is_the_one_its_constructor_makes() -> None:
    """``with_state``, ``committed`` and ``with_encoded`` copy the fields rather than call ``__init__``:
    the document is the one ``__init__`` makes from the same fields (every field, in field order,
    and nothing else), and the old document is left as it was."""
    ruleset = RULESETS["forty_fives"]
    state = ruleset.new_match(ruleset.validate_options({}), 3, 0, "table")
    doc = MatchDocument(ruleset=ruleset, mode="table", players=("a", "b", "c"), referee_hash="r",
                        seat_hashes=("s0", "s1", "s2"), state=state, seed=b"s" * 32, deals=1, saved_at=5.0,
                        computers=(None, "easy", None), preset="p")
    before = dict(doc.__dict__)
    later = ruleset.deal(state, None)
    made = (doc.with_state(later, 2, 9.0), doc.committed(later, 2, 9.0, [{"kind": "deal"}]),
            doc.with_encoded({"x": 1}))
    for new in made:
        assert type(new) is MatchDocument
        built = MatchDocument(**{f.name: getattr(new, f.name) for f in dataclasses.fields(MatchDocument)})
        assert list(new.__dict__.items()) == list(built.__dict__.items())
        assert new == built and new is not doc
        with pytest.raises(dataclasses.FrozenInstanceError):
            new.deals = 7  # type: ignore[misc]
    assert doc.__dict__ == before
    assert made[1].logged == doc.logged + 1 and made[1].round_start is not None


class _KeptDocuments(MemoryStore):
    """The memory store, keeping each document given to ``save``."""

    def __init__(self) -> None:
        super().__init__()
        self.saved: list[dict[str, Any]] = []

    def save(self, match_id: str, expected_version: int, document: Any, *args: Any, **kwargs: Any) -> int:
        self.saved.append(document)
        return super().save(match_id, expected_version, document, *args, **kwargs)


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_commit_gives_the_store_its_state_written_once_and_the_same_bytes(ruleset: str, mode: str) -> None:
    """The state a commit saves is given as its text (``encoding.written``: the store does not walk
    it again), and the document's bytes are the ones the store wrote for the state itself."""
    store = _KeptDocuments()
    matches = Matches(store, rng=random.Random(3))
    rng = random.Random(f"{ruleset}-{mode}")
    players = [f"P{i}" for i in range(RULESETS[ruleset].default_players)]
    created = matches.create({"ruleset": ruleset, "mode": mode, "players": players})
    tokens = {"referee": created.referee_token, "seats": [s.token for s in created.seats]}
    for number in range(80):
        view = matches.view(created.match_id, tokens["referee"]).view
        if view["status"] == "finished":
            break
        if number % 9 == 8:
            matches.undo(created.match_id, tokens["referee"])
            continue
        token = tokens["referee"] if mode == "table" else tokens["seats"][rng.choice(view["to_act"])]
        legal = [a for a in matches.view(created.match_id, token).view["legal_actions"]
                 if a["type"] != "round_result" or "result" in a]
        matches.act(created.match_id, token, rng.choice(legal))
    assert len(store.saved) >= 40
    for document in store.saved:
        state = document["state"]
        assert isinstance(state, encoding.Written)
        assert encoding.dumps(document) == encoding.dumps({**document, "state": orjson.loads(state.text)})


def test_a_checkpoint_takes_the_text_the_store_would_write_for_the_state() -> None:
    """A document that reached a checkpoint gives its state's text to the next (``_state_text``,
    written without the store's walk): the text ``encoding.dumps`` writes, a value orjson does not
    write (an integer past 64 bits) included."""
    ruleset: Ruleset = RULESETS["forty_fives"]
    state = ruleset.new_match(ruleset.validate_options({}), 3, 0, "table")
    doc = MatchDocument(ruleset=ruleset, mode="table", players=("a", "b", "c"), referee_hash="r",
                        seat_hashes=("s0", "s1", "s2"), state=state)
    rng = random.Random(2)
    for _ in range(60):
        state = ruleset.deal(state, None) if ruleset.needs_deal(state) else random_step(ruleset, state, rng)[0]
        known = doc.with_state(state, 1, 0.0).with_encoded(codec.encode(state))
        assert known._state_text() == encoding.dumps(known.state_json).decode("utf-8")
    wide = doc.with_encoded({**codec.encode(state), "wide": 2**70})
    assert wide._state_text() == encoding.dumps(wide.state_json).decode("utf-8")
