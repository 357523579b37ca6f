"""The hard computer's samples (``service.computer.sample``): late in a hand most samples are kept,
and a kept sample shows the seat exactly what it saw (issue 37)."""

from __future__ import annotations

import random

import pytest

from service.computer import situation_of
from service.computer.sample import Sampler, same_view
from service.rules.actions import Action
from service.rules.playout import shuffled_deck
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED

#: rulesets with the players their default options need
PLAYERS = {"avinas": 4, "boerenbridge": 4}


@pytest.mark.parametrize("ruleset_id", sorted(PLAYERS))
def test_late_in_a_hand_most_samples_are_kept_and_each_looks_like_the_match(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    n = PLAYERS[ruleset_id]
    rng = random.Random(ruleset_id)
    kept = tried = 0
    for _ in range(3):
        state = ruleset.new_match(ruleset.validate_options({}, n), n, rng.randrange(n), "dealt")
        state = ruleset.deal(state, shuffled_deck(ruleset, rng))
        dealt, actions = state, list[Action]()
        while ruleset.status(state) != FINISHED and not ruleset.needs_deal(state):
            seat = ruleset.to_act(state)[0]
            legal = ruleset.legal_actions(state, seat)
            plays = sum(1 for a in actions if a.type == "play")
            if len(legal) > 1 and plays >= 3 * n:  # from the fourth trick on
                situation = situation_of(ruleset, seat, dealt, actions)
                sampler = Sampler(situation)
                for k in range(10):
                    sample = sampler.sample(random.Random(k))
                    tried += 1
                    if sample is not None:
                        kept += 1
                        assert same_view(ruleset.view(sample, seat), situation.view)
            action = rng.choice(legal)
            state = ruleset.apply(state, action)
            actions.append(action)
    assert tried > 0
    assert kept >= tried / 2, (kept, tried)


def test_a_view_is_the_same_whatever_the_order_of_its_legal_actions_and_only_that() -> None:
    seen = {"hand": ["AS", "KS"], "legal_actions": [{"type": "play", "card": "AS"}, {"type": "play", "card": "KS"}]}
    assert same_view({"hand": ["AS", "KS"], "legal_actions": list(reversed(seen["legal_actions"]))}, seen)
    assert not same_view({"hand": ["KS", "AS"], "legal_actions": seen["legal_actions"]}, seen)
    assert not same_view({"hand": ["AS", "KS"], "legal_actions": seen["legal_actions"][:1]}, seen)
    assert not same_view({"hand": ["AS", "KS"]}, seen)


def test_the_sampler_walks_only_the_parts_of_a_view_the_deal_changed() -> None:
    from service.computer.sample import _dealt_part

    settled = {"history": [{"tricks": [["KH", "AH"]]}], "scores": [3, 1], "hand": None}
    dealt = {"history": [{"tricks": [["KH", "AH"]]}], "scores": [3, 1], "hand": ["7S", "8S"], "turn_up": "9D"}
    assert _dealt_part(dealt, settled) == {"hand": ["7S", "8S"], "turn_up": "9D"}
    assert _dealt_part({**dealt, "scores": [4, 1]}, settled)["scores"] == [4, 1]
