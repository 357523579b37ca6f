"""Table mode, every game: every view, in every phase, lists ``revokes``.

During a round they are the revokes proven so far; between rounds and once the match is over,
those of the last round played (the same list its history entry holds); before the first round,
none. Random referee reports (every one a listed legal action) drive short table matches to their
end, and every seat's view and the referee's are checked at every step.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from service.rules.games.boerenbridge import BOERENBRIDGE
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, Ruleset
from tests.profiles import setups

# (ruleset, players, options, whether the match must end within the step budget), by setup name
TABLE_GAMES: dict[str, tuple[Ruleset, int, Mapping[str, Any], bool]] = {
    setup.name: (RULESETS[rid], setup.players, setup.options, setup.ends) for rid, setup in setups("table_views")
}
STEPS = 400


def check_revokes(ruleset: Ruleset, state: Any, n: int) -> None:
    views = [ruleset.view(state, seat) for seat in (None, *range(n))]
    for view in views:
        assert "revokes" in view, (view["phase"], view["status"])
        assert isinstance(view["revokes"], list)
    referee = views[0]
    between = ruleset.needs_deal(state) or ruleset.status(state) == FINISHED
    if between:
        last = referee["history"][-1]["revokes"] if referee["history"] else []
        assert all(view["revokes"] == last for view in views)


@pytest.mark.parametrize("game", sorted(TABLE_GAMES))
@pytest.mark.parametrize("seed", [3, 11])
def test_every_table_view_lists_revokes(game: str, seed: int) -> None:
    ruleset, n, options, must_end = TABLE_GAMES[game]
    rng = random.Random(seed)
    state = ruleset.new_match(options, n, rng.randrange(n), "table")
    check_revokes(ruleset, state, n)
    rounds = 0
    for _ in range(STEPS):
        if ruleset.status(state) == FINISHED:
            break
        if ruleset.needs_deal(state):
            state = ruleset.deal(state, None)
            rounds += 1
        else:
            seat = rng.choice(ruleset.to_act(state))
            state = ruleset.apply(state, rng.choice(ruleset.legal_actions(state, seat)))
        check_revokes(ruleset, state, n)
    assert rounds >= 1
    if must_end:
        assert ruleset.status(state) == FINISHED
        check_revokes(ruleset, state, n)


def test_revokes_of_the_last_round_stay_listed_when_the_match_ends() -> None:
    """A Boerenbridge table match whose last round had a revoke still shows it once finished."""
    rng = random.Random(5)
    for _ in range(200):
        state = BOERENBRIDGE.new_match({"hand_size_schedule": [3], "max_rounds": 1}, 4, 0, "table")
        state = BOERENBRIDGE.deal(state, None)
        while BOERENBRIDGE.status(state) != FINISHED:
            seat = rng.choice(BOERENBRIDGE.to_act(state))
            state = BOERENBRIDGE.apply(state, rng.choice(BOERENBRIDGE.legal_actions(state, seat)))
        if state.match.history[-1].revokes:
            break
    else:
        pytest.fail("no random table round had a revoke")
    expected = [r.to_json() for r in state.match.history[-1].revokes]
    for seat in (None, 0, 1, 2, 3):
        assert BOERENBRIDGE.view(state, seat)["revokes"] == expected
