"""The stored document: encoding a new state by reusing the old one's encoding gives exactly what
encoding it afresh gives, along random games of every ruleset (dealt and table)."""

from __future__ import annotations

import json
import random

import pytest

from service.matches.documents import encode_like
from service.rules import codec
from service.rules.base import FINISHED, Ruleset
from service.rules.playout import random_step, shuffled_deck
from service.rules.registry import RULESETS


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
        assert json.dumps(reused, sort_keys=True) == json.dumps(codec.encode(new), sort_keys=True)
        assert codec.decode(ruleset.state_type, reused) == new
        state, old_json = new, reused
