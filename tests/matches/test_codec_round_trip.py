"""Every value the matches layer stores comes back equal: each state and each action of random
games of every registered ruleset (dealt and table mode), and each game's prebuilt actions, through
the codec and the stores' JSON text; and ``encode_text`` writes what ``encode`` and the stores'
JSON writer write."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.matches import codec
from service.rules.actions import Action
from service.rules.games.avinas.actions import PLAY_CARD
from service.rules.games.boerenbridge.play import _PLAY_ACTIONS
from service.rules.games.forty_fives.actions import NAME_ACTS, PLAY_ACTS
from service.rules.playout import random_step, shuffled_deck
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, Ruleset
from service.store import encoding

STEPS = 300


def round_trip(tp: Any, value: Any) -> Any:
    """``value`` encoded, written as the stores write JSON, read back and decoded as ``tp``."""
    return codec.decode(tp, encoding.loads(encoding.dumps(codec.encode(value))))


def check_action(action: Action) -> None:
    back = round_trip(Action, action)
    assert back == action and back.to_json() == action.to_json()
    assert codec.decode(Action, codec.encode(action)) == action


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_state_and_action_of_a_random_game_round_trips(ruleset_id: str, mode: str) -> None:
    ruleset: Ruleset[Any] = RULESETS[ruleset_id]
    rng = random.Random(f"{ruleset_id}/{mode}")
    state = ruleset.new_match(ruleset.validate_options({}), ruleset.default_players, 0, mode)
    for _ in range(STEPS):
        assert round_trip(ruleset.state_type, state) == state
        assert codec.encode_text(state) == encoding.dumps(codec.encode(state)).decode("utf-8")
        if ruleset.status(state) == FINISHED:
            break
        if ruleset.needs_deal(state):
            state = ruleset.deal(state, shuffled_deck(ruleset, rng) if mode == "dealt" else None)
            continue
        for seat in ruleset.to_act(state):
            for action in ruleset.legal_actions(state, seat):
                check_action(action)
        state, action = random_step(ruleset, state, rng)
        check_action(action)


def test_every_prebuilt_action_round_trips() -> None:
    prebuilt = [a for table in (PLAY_ACTS, NAME_ACTS, _PLAY_ACTIONS) for row in table for a in row]
    prebuilt += [a for row in PLAY_CARD for a in row.values()]
    assert len(prebuilt) > 500
    for action in prebuilt:
        check_action(action)
