"""A play is judged by the decision its seat's legal actions were listed from (``tricks.decided``),
when it follows them on the same state, and decided afresh otherwise: the two give the same state
for every legal play and the same refusal (class, code, message, legal cards) for every other card,
under every profile of the property tests (the demoted ace of trumps, the bid-30 lead and the
house rules of following included)."""

from __future__ import annotations

import random
from typing import cast

import pytest

from service.rules.actions import Action
from service.rules.cards import DECK_52
from service.rules.errors import RuleError
from service.rules.games.forty_fives import tricks
from service.rules.games.forty_fives.ruleset import FortyFivesFamily
from service.rules.games.forty_fives.state import PLAY, FortyFivesState
from service.rules.playout import random_step, shuffled_deck
from service.rules.ruleset import FINISHED
from tests.rules.games.forty_fives.test_forty_fives_helpers import RULESETS
from tests.rules.games.forty_fives.test_forty_fives_properties import PROFILES

FORGET = cast(tricks.Decision, (None, None, None, None, None, 0, 0))  # as before any decision


def outcome(ruleset: FortyFivesFamily, state: FortyFivesState, action: Action, listed: bool) -> object:
    """``apply``'s answer (the state, or the refusal as data), after listing the seat's legal
    actions on this state (``listed``) or with no decision kept."""
    if listed:
        ruleset.legal_actions(state, state.turn)
        assert tricks.decided[0] is state
    else:
        tricks.decided = FORGET  # as a process that never listed this state's actions
    try:
        return ruleset.apply(state, action)
    except RuleError as e:
        return type(e), e.code, e.message, e.legal


def play_states(profile: str, seed: int, wanted: int) -> list[FortyFivesState]:
    """Dealt-mode states with a card to play, from random matches under ``profile``."""
    ruleset_id, raw = PROFILES[profile]
    ruleset = RULESETS[ruleset_id]
    options = ruleset.validate_options(raw)
    n = options["players"]
    rng = random.Random(seed)
    out: list[FortyFivesState] = []
    state = ruleset.new_match(options, n, 0, "dealt")
    while len(out) < wanted:
        if ruleset.status(state) == FINISHED:
            state = ruleset.new_match(options, n, rng.randrange(n), "dealt")
        if ruleset.needs_deal(state):
            state = ruleset.deal(state, shuffled_deck(ruleset, rng))
            continue
        if state.phase == PLAY:
            out.append(state)
        state, _ = random_step(ruleset, state, rng)
    return out


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_play_after_its_listing_is_judged_as_one_decided_afresh(profile: str) -> None:
    ruleset = RULESETS[PROFILES[profile][0]]
    for state in play_states(profile, 7, 150):
        seat = state.turn
        for card in DECK_52:  # the legal cards, the illegal ones held and those not held
            action = Action("play", seat=seat, card=card)
            assert outcome(ruleset, state, action, True) == outcome(ruleset, state, action, False)


def test_only_a_decision_for_the_same_state_and_ruleset_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision kept for ``later`` (a play to a trick) that allows nothing refuses its play, so the
    entry is read; kept for another state, or for the same state under another ruleset, it is not."""
    ruleset = RULESETS["forty_fives"]
    states = play_states("ff_default", 3, 40)
    at = next(i for i, s in enumerate(states) if i and s.current)
    first, later = states[at - 1], states[at]
    action = ruleset.legal_actions(later, later.turn)[0]
    expected = outcome(ruleset, later, action, False)
    assert isinstance(expected, FortyFivesState)
    ruleset.legal_actions(later, later.turn)
    allows_nothing = (*tricks.decided[:5], 0, tricks.decided[6])
    monkeypatch.setattr(tricks, "decided", allows_nothing)
    with pytest.raises(RuleError):
        ruleset.apply(later, action)
    monkeypatch.setattr(tricks, "decided", (first, *allows_nothing[1:]))
    assert ruleset.apply(later, action) == expected
    monkeypatch.setattr(tricks, "decided", (later, RULESETS["auction_forty_fives"], *allows_nothing[2:]))
    assert ruleset.apply(later, action) == expected
