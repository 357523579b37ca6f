"""``settle_revoke`` in an Avinas table-mode match (avinas.md §16.7): the table hand of
``test_avinas_match`` (declarer seat 2, team A, wins with 61 as played; seat 1, a defender, revoked
in trick 3 and seat 2, the declarer, in trick 7) settled under each ``revoke_penalty``."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.errors import RuleError, WrongPhase
from service.rules.games.avinas import AVINAS
from service.rules.games.avinas.state import AvinasState
from service.rules.ruleset import FINISHED, IN_PROGRESS
from tests.english import english
from tests.rules.games.avinas.test_avinas_match import TABLE_EXPOSURES, TABLE_TRICKS
from tests.rules.games.avinas.test_avinas_support import act


def played_hand(**options: Any) -> AvinasState:
    """The table hand played to its end, and the next hand opened (as a match deals it)."""
    state = AVINAS.new_match(AVINAS.validate_options(options), 4, 0, "table")
    state = AVINAS.deal(state, None)
    for seat, shown in TABLE_EXPOSURES:
        state = act(state, "expose", seat, cards=shown)
    state = act(act(state, "pass", 2), "pass", 0)
    for leader, cards in TABLE_TRICKS:
        for i, text in enumerate(cards.split()):
            state = act(state, "play", (leader + i) % 4, card=text)
    assert state.rams == (0, 1) and state.history[-1].declarer_won is True
    return state if AVINAS.status(state) == FINISHED else AVINAS.deal(state, None)


def settle(state: AvinasState, seat: int, trick: int, ruling: str) -> AvinasState:
    settled = act(state, "settle_revoke", seat, trick=trick, ruling=ruling)
    return settled if AVINAS.status(settled) == FINISHED else AVINAS.deal(settled, None)


def test_the_declaring_sides_revoke_loses_the_hand() -> None:
    state = settle(played_hand(revoke_penalty="hand_lost"), 2, 7, "apply")
    record = state.history[-1]
    assert record.declarer_won is False and record.loser == 0 and record.due == 1 and state.rams == (1, 0)
    assert [r.ruling for r in record.revokes] == [None, "applied"]
    explanation = [english(m) for m in AVINAS.view(state, None)["last_hand_explanation"]]
    assert any("declaring side is applied" in line for line in explanation), explanation
    assert state.dealer == 1 and state.hand is not None and state.hand.number == 2


def test_a_defenders_revoke_makes_the_declaring_side_win_and_a_waiver_changes_nothing() -> None:
    start = played_hand(revoke_penalty="hand_lost")
    state = settle(start, 1, 3, "apply")
    assert state.rams == (0, 1) and state.history[-1].declarer_won is True
    state = settle(state, 2, 7, "waive")
    assert state.rams == (0, 1) and [r.ruling for r in state.history[-1].revokes] == ["applied", "waived"]
    with pytest.raises(RuleError) as err:
        settle(state, 2, 7, "apply")
    assert err.value.code == "already_settled"


def test_offenders_on_both_sides_make_the_hand_void() -> None:
    state = settle(settle(played_hand(revoke_penalty="hand_lost"), 1, 3, "apply"), 2, 7, "apply")
    record = state.history[-1]
    assert record.void is True and record.due == 0 and state.rams == (0, 0) and state.pips == (0, 0)
    assert state.dealer == 0 and state.hand is not None and state.hand.dealer == 0  # the same dealer again
    assert AVINAS.view(state, None)["history"][-1]["void"] is True


def test_a_void_hand_does_not_count_for_max_hands() -> None:
    finished = played_hand(revoke_penalty="hand_void", max_hands=1)
    assert finished.status == FINISHED
    state = settle(finished, 1, 3, "apply")
    assert state.status == IN_PROGRESS and state.voided == 1 and state.hand is not None
    assert state.hand.number == 2 and state.hand.dealer == 0


def test_flag_only_and_the_phase() -> None:
    state = played_hand()
    with pytest.raises(RuleError) as err:
        settle(state, 1, 3, "apply")
    assert err.value.code == "revoke_penalty_off"
    assert settle(state, 1, 3, "waive").rams == (0, 1)
    started = act(state, "expose", 2, cards=["AS"])
    with pytest.raises(WrongPhase):
        settle(started, 1, 3, "waive")
