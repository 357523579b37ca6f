"""The small helpers of ``service.rules.base`` the games share: reading round facts, the acting seat,
clockwise tricks (revoke records and views), and the ``legal`` of the 409 refusals."""

from __future__ import annotations

import pytest

from service.rules.base import (
    Action,
    Play,
    TrickContext,
    TrickRecord,
    acting_seat,
    int_fact,
    int_list_fact,
    not_your_turn,
    plays_json,
    wrong_phase,
)
from service.rules.cards import cards
from service.rules.errors import InvalidAction, InvalidFacts, InvalidInput, NotYourTurn, WrongPhase


def test_int_fact_reads_json_integers_in_range() -> None:
    facts = {"seat": 2, "half": 2.5, "text": "3", "flag": True, "big": 9}
    assert int_fact(facts, "seat", 0, 3, "a seat") == 2
    for key in ("half", "text", "flag"):
        with pytest.raises(InvalidInput) as bad:
            int_fact(facts, key, 0, 3, "a seat")
        assert bad.value.status == 400 and key in bad.value.detail
    with pytest.raises(InvalidFacts) as out:
        int_fact(facts, "big", 0, 3, "a seat", code="invalid_seat")
    assert out.value.status == 422 and out.value.code == "invalid_seat" and "from 0 to 3" in out.value.detail
    assert int_fact(facts, "big", 1, None, "a round") == 9
    with pytest.raises(InvalidFacts, match="at least 10"):
        int_fact(facts, "big", 10, None, "a round")


def test_int_list_fact() -> None:
    assert int_list_fact({"t": [1, 0, 2]}, "t", "tricks") == (1, 0, 2)
    assert int_list_fact({"b": [1, None]}, "b", "bids", nullable=True) == (1, None)
    for bad in ({"t": [1, None]}, {"t": [1, 2.0]}, {"t": "12"}, {"t": [True]}):
        with pytest.raises(InvalidInput):
            int_list_fact(bad, "t", "tricks")


def test_acting_seat() -> None:
    assert acting_seat(Action("play", seat=3), 4) == 3
    for seat in (None, 4):
        with pytest.raises(InvalidAction, match="from 0 to 3"):
            acting_seat(Action("play", seat=seat), 4)


def test_clockwise_tricks() -> None:
    played = cards(["KH", "2C", "AH"])
    ctx = TrickContext()
    record = TrickRecord.clockwise(2, played, 3, ctx)
    assert record == TrickRecord((2, 0, 1), tuple(Play(c) for c in played), ctx)
    assert plays_json(2, played, 3) == [{"seat": 2, "card": "KH"}, {"seat": 0, "card": "2C"}, {"seat": 1, "card": "AH"}]


def test_order_refusals_name_seats_and_types_only() -> None:
    turn = not_your_turn("seat 1 is to play", (1, 3))
    assert isinstance(turn, NotYourTurn) and turn.to_problem()["legal"] == [{"seat": 1}, {"seat": 3}]
    phase = wrong_phase("no bid now", ("play",), code="bids_closed")
    assert isinstance(phase, WrongPhase) and phase.code == "bids_closed" and phase.legal == ["play"]
