"""``service.rules.slots``: the generated constructors and copiers give the objects the dataclass's own
``__init__`` and ``dataclasses.replace`` give, through a twin class where the layout allows one and
through the slot descriptors where it does not."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from service.rules.games.forty_fives.state import FortyFivesState, MatchInfo, Round, make_match, make_round, make_state
from service.rules.options import Options
from service.rules.slots import evolve, slot_maker


@dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    c: list[int] = field(default_factory=list)
    d: str = field(default="fixed", init=False)


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Referenced:  # a slot that is no field: no twin, the slot descriptors set the fields
    a: int
    b: int = 2


@pytest.mark.parametrize("cls", [Plain, Referenced])
def test_made_and_copied_as_the_dataclass_does(cls: type) -> None:
    make = slot_maker(cls)
    made, own = make(1), cls(1)
    assert type(made) is cls and made == own and repr(made) == repr(own)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.a = 5
    copied = evolve(made, a=7)
    assert type(copied) is cls and copied == dataclasses.replace(own, a=7) and made.a == 1
    with pytest.raises(TypeError):
        evolve(made, nope=1)


def test_a_default_factory_is_new_per_object() -> None:
    make = slot_maker(Plain)
    first, second = make(1), make(1)
    assert first.c == [] and first.c is not second.c and first.d == "fixed"


def test_the_game_states_through_their_makers() -> None:
    info = make_match(Options.of({}), 3, "dealt", 0, (0, 0, 0), (), "in_progress", (), 0, 0)
    assert info == MatchInfo(Options.of({}), 3, "dealt", 0, (0, 0, 0))
    rnd = make_round(1, 0, None, None, (), (), (), None, None, None, "", None, None, None, (), 0, (), (), "")
    assert rnd == Round(1, 0)
    state = make_state(info, "deal", -1, rnd, None, -1, (), ())
    assert type(state) is FortyFivesState and state == FortyFivesState(info, "deal", round=rnd)
    assert hash(evolve(state, turn=2)) == hash(FortyFivesState(info, "deal", 2, rnd))
