"""The random play-out (``service.rules.playout``): its shuffle is ``random.Random.shuffle``'s, so a
seed reproduces the same deals as before it drew the bits itself."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.rules.playout import chosen, shuffled_deck
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


def test_chosen_is_random_choice() -> None:
    """``chosen`` takes the item ``rng.choice`` takes and draws the same bits, at every length."""
    for length in range(1, 70):
        items = list(range(100, 100 + length))
        for seed in range(40):
            ours, theirs = random.Random(seed), random.Random(seed)
            for _ in range(5):
                assert chosen(ours, items) == theirs.choice(items)
            assert ours.getstate() == theirs.getstate()


def test_another_generator_chooses_by_its_own_choice() -> None:
    class Last(random.Random):
        def choice(self, seq: Any) -> Any:
            return seq[-1]

    assert chosen(Last(1), [1, 2, 3]) == 3
    with pytest.raises(IndexError):
        chosen(random.Random(1), [])
