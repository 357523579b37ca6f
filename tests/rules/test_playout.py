"""The random play-out (``service.rules.playout``): its shuffle is ``random.Random.shuffle``'s, so a
seed reproduces the same deals as before it drew the bits itself."""

from __future__ import annotations

import random

import pytest

from service.rules.playout import shuffled_deck
from service.rules.registry import RULESETS


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_shuffled_deck_is_random_shuffle(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        expected = list(ruleset.deck())
        theirs.shuffle(expected)
        assert shuffled_deck(ruleset, ours) == expected
        assert ours.getstate() == theirs.getstate()  # the same bits drawn: what follows is the same too


def test_another_generator_shuffles_by_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list) -> None:  # type: ignore[override]
            x.reverse()

    ruleset = RULESETS["forty_fives"]
    assert shuffled_deck(ruleset, Reversing(1)) == list(reversed(list(ruleset.deck())))
