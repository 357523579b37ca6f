"""``Action.from_json`` builds its action by setting the slots directly: the action the keyword
constructor makes, field for field; and a stray field is still refused, naming every one."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from service.rules.actions import Action
from service.rules.cards import Card, Suit
from service.rules.errors import InvalidAction

BODIES: list[dict[str, Any]] = [
    {"type": "play", "seat": 1, "card": "5H"},
    {"type": "play", "card": "10♥"},
    {"type": "discard", "seat": 0, "cards": ["AS", "kd"]},
    {"type": "bid", "seat": 2, "amount": 25, "suit": "s"},
    {"type": "turn_up", "card": "JC", "face_down": True},
    {"type": "round_result", "result": {"tricks": [1, 2]}},
    {"type": "settle_revoke", "seat": 1, "trick": 3, "ruling": "waive"},
]


@pytest.mark.parametrize("body", BODIES)
def test_the_action_read_is_the_one_its_constructor_makes(body: dict[str, Any]) -> None:
    read = Action.from_json(body)
    made = Action(
        type=body["type"], seat=body.get("seat"),
        card=Card.parse(body["card"]) if "card" in body else None,
        cards=tuple(Card.parse(c) for c in body["cards"]) if "cards" in body else None,
        amount=body.get("amount"), suit=Suit.parse(body["suit"]) if "suit" in body else None,
        face_down=body.get("face_down", False), result=body.get("result"), trick=body.get("trick"),
        ruling=body.get("ruling"),
    )
    assert type(read) is Action
    assert read == made and hash(read) == hash(made)
    for f in dataclasses.fields(Action):
        assert getattr(read, f.name) == getattr(made, f.name), f.name
    with pytest.raises(dataclasses.FrozenInstanceError):
        read.seat = 3  # type: ignore[misc]


def test_a_subclass_reads_its_own_class() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Tagged(Action):
        pass

    assert type(Tagged.from_json({"type": "pass", "seat": 0})) is Tagged


def test_stray_fields_are_refused_all_named() -> None:
    with pytest.raises(InvalidAction) as caught:
        Action.from_json({"type": "play", "zz": 1, "card": "5H", "aa": 2})
    assert caught.value.code == "unknown_field"
    assert caught.value.extra == {"fields": ["aa", "zz"]}
