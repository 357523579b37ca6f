"""``service.matches.codec`` against a reference: the codec as it was before its generated decoders and
encoders (field by field, by type hints), kept here in a few lines.

The generated fast paths must give exactly what the reference gives, value for value and type for
type (a tuple stays a tuple, a card is the interned card), on every state of every ruleset, on data
the fast path does not take (cards written leniently, missing or extra fields, wrong shapes) and
with the same errors."""

from __future__ import annotations

import dataclasses
import json
import math
import random
import types
import typing
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

import pytest

from service.matches import codec
from service.rules import messages
from service.rules.actions import Action
from service.rules.cards import BY_TEXT, Card, Rank, Suit, card, cards
from service.rules.errors import InvalidCard
from service.rules.messages import Msg
from service.rules.options import Options
from service.rules.playout import shuffled_deck
from service.rules.registry import RULESETS
from service.rules.revokes import Revoke
from service.rules.ruleset import FINISHED
from service.rules.slots import evolve, slots_set_by_init
from service.rules.tricks import Play, TrickContext
from tests.profiles import profile, ruleset_ids

# ------------------------------------------------------------------------------------------------
# The reference
# ------------------------------------------------------------------------------------------------


def ref_encode(value: Any) -> Any:
    if isinstance(value, Msg):
        return messages.to_json(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, Card):
        return value.text
    if isinstance(value, (tuple, list)):
        return [ref_encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((ref_encode(v) for v in value), key=repr)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: ref_encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): ref_encode(v) for k, v in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__}")


def ref_decode(tp: Any, data: Any) -> Any:
    if tp is Any:
        return ref_freeze(data)
    if tp is Msg:
        if not isinstance(data, dict):
            raise TypeError("a message is an object")
        return messages.from_json(data)
    if tp is Options:
        return Options.of({k: ref_freeze(v) for k, v in data.items()})
    if tp is Card:
        return Card.parse(data)
    if tp in (int, str, bool, float) or get_origin(tp) is Literal:
        return data
    if tp is type(None):
        return None
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        members = [a for a in get_args(tp) if a is not type(None)]
        if data is None:
            return None
        if len(members) == 1:
            return ref_decode(members[0], data)
        for m in members:
            try:
                return ref_decode(m, data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"cannot decode {data!r} as {tp}")
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple([ref_decode(args[0], v) for v in data])
        return tuple(ref_decode(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        return frozenset(ref_decode(get_args(tp)[0], v) for v in data)
    if origin is list:
        return [ref_decode(get_args(tp)[0], v) for v in data]
    if origin in (dict, Mapping) or origin is typing.Mapping or tp is dict:
        kv = get_args(tp)
        return {k: ref_decode(kv[1] if kv else Any, v) for k, v in data.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        for f in dataclasses.fields(tp):  # every field's type is checked, whether the data holds it or not
            ref_check(hints[f.name])
        kwargs = {f.name: ref_decode(hints[f.name], data[f.name]) for f in dataclasses.fields(tp) if f.name in data}
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    raise TypeError(f"cannot decode type {tp!r}")


def ref_check(tp: Any) -> None:
    """Raise TypeError for a type ``ref_decode`` cannot read (not looking into dataclasses)."""
    if tp is Any or tp in (Card, Msg, Options, int, str, bool, float, type(None)) or get_origin(tp) is Literal:
        return
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or issubclass(tp, Enum)):
        return
    origin = get_origin(tp)
    if origin in (Union, types.UnionType, tuple, frozenset, list, dict, Mapping, typing.Mapping):
        for arg in get_args(tp):
            if arg is not Ellipsis:
                ref_check(arg)
        return
    if tp is dict:
        return
    raise TypeError(f"cannot decode type {tp!r}")


def ref_freeze(data: Any) -> Any:
    return tuple(ref_freeze(v) for v in data) if isinstance(data, list) else data


def same(a: Any, b: Any, where: str = "") -> None:
    """``a`` and ``b`` are equal and of the same types all the way down (cards: the same object)."""
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if isinstance(a, Card):
        assert a is b, where
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), where
        for k in a:
            same(a[k], b[k], f"{where}[{k!r}]")
    else:
        assert a == b, where


def outcome(fn: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "value", fn()
    except Exception as err:  # the error is what is compared
        return "error", (type(err), str(err))


def same_outcome(tp: Any, data: Any) -> None:
    """``codec.decode`` does what the reference does with ``data``: the same value or the same error."""
    reference = outcome(lambda: ref_decode(tp, data))
    got = outcome(lambda: codec.decode(tp, data))
    assert got[0] == reference[0], (got, reference)
    if got[0] == "value":
        same(got[1], reference[1])
    else:
        assert got[1] == reference[1]


# ------------------------------------------------------------------------------------------------
# States of every ruleset
# ------------------------------------------------------------------------------------------------

CONFIGS = [(rid, profile(rid).usual_players, mode) for rid in ruleset_ids() for mode in profile(rid).modes]


def states(rid: str, n: int, mode: str, seed: int, steps: int, count: int = 60) -> Iterator[Any]:
    """``count`` states spread over ``steps`` of random legal play (whole matches, one after the other)."""
    ruleset = RULESETS[rid]
    rng = random.Random(seed)
    options = ruleset.validate_options({}, n)
    every = max(1, steps // count)
    state = ruleset.new_match(options, n, 0, mode)  # type: ignore[arg-type]
    for step in range(steps):
        if ruleset.status(state) == FINISHED:
            state = ruleset.new_match(options, n, rng.randrange(n), mode)  # type: ignore[arg-type]
        while ruleset.needs_deal(state):
            state = ruleset.deal(state, None if mode == "table" else shuffled_deck(ruleset, rng))
        state, _ = ruleset.archive(state)
        if step % every == 0:
            yield state
        seats = ruleset.to_act(state) or tuple(range(n))
        state = ruleset.apply(state, rng.choice([a for s in seats for a in ruleset.legal_actions(state, s)]))


@pytest.mark.parametrize(("rid", "n", "mode"), CONFIGS)
def test_states_encode_and_decode_as_the_reference(rid: str, n: int, mode: str) -> None:
    state_type = RULESETS[rid].state_type
    for state in states(rid, n, mode, seed=7, steps=600):
        data = codec.encode(state)
        same(data, ref_encode(state))
        data = json.loads(json.dumps(data))
        decoded = codec.decode(state_type, data)
        same(decoded, ref_decode(state_type, data))
        assert decoded == state


def lenient(data: Any) -> Any:
    """The same data with every canonical card text written as ``Card.parse`` also reads it."""
    if isinstance(data, str) and data in BY_TEXT:
        return {"10": "t"}.get(data[:-1], data[:-1]).lower() + data[-1].lower() if len(data) == 3 else data.lower()
    if isinstance(data, list):
        return [lenient(v) for v in data]
    if isinstance(data, dict):
        return {k: lenient(v) for k, v in data.items()}
    return data


def dicts(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    if isinstance(data, dict):
        yield path, data
        for k, v in data.items():
            yield from dicts(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from dicts(v, (*path, i))


def changed(data: Any, path: tuple[Any, ...], change: Callable[[dict[str, Any]], None]) -> Any:
    copy = json.loads(json.dumps(data))
    target = copy
    for step in path:
        target = target[step]
    change(target)
    return copy


@pytest.mark.slow
@pytest.mark.parametrize(("rid", "n", "mode"), CONFIGS)
def test_data_off_the_fast_path_decodes_as_the_reference(rid: str, n: int, mode: str) -> None:
    """Lenient card texts, a field missing (with or without a default), an extra field, a card that
    is no card, a list where an object belongs: the same value or the same error as the reference."""
    state_type = RULESETS[rid].state_type
    rng = random.Random(3)
    for state in states(rid, n, mode, seed=11, steps=240, count=16):
        data = json.loads(json.dumps(codec.encode(state)))
        same_outcome(state_type, lenient(data))
        places = list(dicts(data))
        for path, obj in rng.sample(places, min(4, len(places))):
            if not obj:
                continue
            key = rng.choice(sorted(obj))
            same_outcome(state_type, changed(data, path, lambda d, key=key: d.pop(key)))
            same_outcome(state_type, changed(data, path, lambda d: d.update(unknown_field=[1, "2C"])))
            same_outcome(state_type, changed(data, path, lambda d, key=key: d.update({key: "ZZ"})))
            same_outcome(state_type, changed(data, path, lambda d, key=key: d.update({key: ["QS", "JS"]})))
            same_outcome(state_type, changed(data, path, lambda d, key=key: d.update({key: {"0": 1}})))


# ------------------------------------------------------------------------------------------------
# Small types, one case at a time
# ------------------------------------------------------------------------------------------------


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True)
class Leaf:
    card: Card
    maybe: Card | None = None
    suit: Suit | None = None
    rank: Rank = Rank.TWO
    colour: Colour = Colour.RED
    hand: tuple[Card, ...] = ()
    hands: tuple[tuple[Card, ...], ...] | None = None
    pair: tuple[int, int] = (0, 0)
    counts: tuple[int | None, ...] = ()
    kind: Literal["a", "b"] = "a"
    ratio: float = 0.5
    flag: bool = False
    extra: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    either: int | str | None = None
    anything: Any = None
    seen: frozenset[Card] = frozenset()
    items: list[int] = dataclasses.field(default_factory=list)
    nothing: None = None


@dataclass(frozen=True)
class Node:
    """Refers to itself."""

    value: int
    children: tuple[Node, ...] = ()
    leaf: Leaf | None = None


@dataclass(frozen=True)
class Computed:
    base: int
    twice: int = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "twice", self.base * 2)


LEAF = Leaf(
    card("10H"), card("AS"), Suit.CLUBS, Rank.KING, Colour.BLUE, cards("2C 10D KS"), (cards("QH JH"), ()), (3, 4),
    (1, None, 2), "b", 1.5, True, {"k": (1, (2, 3)), "s": "x"}, "word", (1, 2), frozenset(cards("3C 4C")), [5, 6],
)


def test_every_kind_of_field_round_trips_as_the_reference() -> None:
    for value in (LEAF, Leaf(card("2C")), Node(1, (Node(2, (), LEAF), Node(3)), Leaf(card("KD")))):
        data = json.loads(json.dumps(codec.encode(value)))
        same(data, ref_encode(value))
        same_outcome(type(value), data)
        assert codec.decode(type(value), data) == value


@pytest.mark.parametrize(
    "change",
    [
        {"card": "10h"}, {"card": "th"}, {"card": " 10 ♥ "}, {"card": "XX"}, {"card": 10}, {"card": None},
        {"maybe": "as"}, {"maybe": None}, {"maybe": "1S"}, {"suit": "H"}, {"suit": "h"}, {"suit": "HEARTS"},
        {"rank": 14}, {"rank": 14.0}, {"rank": 15}, {"colour": "green"}, {"hand": ["2c", "10D"]},
        {"hand": "2C"}, {"hand": ["2C", 3]}, {"hand": None}, {"hands": [["qh"], []]}, {"hands": [None]},
        {"pair": [1]}, {"pair": [1, 2, 3]}, {"pair": 7}, {"counts": [None, 1]}, {"counts": 5},
        {"either": 3}, {"either": [1]}, {"anything": [[1], {"a": [2]}]}, {"seen": ["3c", "3C"]},
        {"extra": [1]}, {"items": "ab"}, {"nothing": 5}, {"ratio": "x"}, {"unknown": 1},
    ],
)
def test_off_the_fast_path_one_field_at_a_time(change: dict[str, Any]) -> None:
    data = json.loads(json.dumps(codec.encode(LEAF)))
    data.update(change)
    same_outcome(Leaf, data)
    same_outcome(Node, {"value": 1, "leaf": data, "children": [{"value": 2, "leaf": data}]})


def test_missing_fields_and_wrong_shapes() -> None:
    data = json.loads(json.dumps(codec.encode(LEAF)))
    for key in list(data):
        without = {k: v for k, v in data.items() if k != key}
        same_outcome(Leaf, without)
    for shape in ([], [["card", "2C"]], "2C", None, 3, {}):
        same_outcome(Leaf, shape)
    same_outcome(Computed, {"base": 2})
    same_outcome(Computed, codec.encode(Computed(2)))  # twice is no __init__ argument: an error both ways
    same_outcome(Node, {"value": 1, "children": [{"value": 2, "children": [{"value": "x", "leaf": {}}]}]})


def test_errors_are_the_reference_errors() -> None:
    with pytest.raises(InvalidCard) as err:
        codec.decode(Leaf, {**codec.encode(LEAF), "hand": ["2C", "1X"]})
    assert "1X" in str(err.value)
    with pytest.raises(InvalidCard):
        codec.decode(tuple[Card, ...], ["QS", "QQ"])


@pytest.mark.parametrize(
    ("tp", "data"),
    [
        (tuple[Card, ...], ["10H", "th", "QS"]), (tuple[Card, ...], ["10H", "QS"]), (tuple[Card, ...], "QS"),
        (tuple[Card, ...], ["QS", 1]), (Card | None, None), (Card | None, "qs"), (int | None, 3),
        (tuple[int | None, ...], [1, None]), (Mapping[str, Any], {"a": [1, 2]}), (Suit, "S"), (Action, {"type": "x"}),
        (Play, {"card": "9c"}), (Revoke, {"seat": 1, "trick": 2, "card": "9C", "code": "c", "rule": "r"}),
        (TrickContext, {"trump": "H", "trick_number": 2, "demoted": "AH", "extra": {"x": [1]}}),
    ],
)
def test_top_level_types(tp: Any, data: Any) -> None:
    same_outcome(tp, data)


def test_encode_mappings_sequences_and_sets_as_the_reference() -> None:
    odd = {Suit.HEARTS: card("QH"), 2: [Rank.ACE, None, 1.5], "s": frozenset(cards("2C 3D")), Colour.RED: LEAF,
           "nested": {"t": (card("10S"), (True, "x"))}}
    for value in (odd, [odd, card("2C"), Suit.SPADES], (1, "a", None, card("AS")), frozenset({3, 1, 2}), {}):
        same(codec.encode(value), ref_encode(value))
    with pytest.raises(TypeError, match="cannot encode object"):
        codec.encode({"k": object()})


@dataclass(frozen=True)
class Unsupported:
    """A field type codec cannot decode: an error only when a value of it is met, as before."""

    n: int
    odd: complex | None = None


@dataclass(frozen=True)
class HoldsUnsupported:
    inner: Unsupported | None = None
    n: int = 0


def test_a_field_type_that_cannot_be_decoded_fails_only_when_met() -> None:
    same_outcome(HoldsUnsupported, {"inner": None, "n": 2})
    same_outcome(HoldsUnsupported, {"n": 2})
    same_outcome(HoldsUnsupported, {"inner": {"n": 1}, "n": 2})
    same_outcome(HoldsUnsupported, {"inner": {"n": 1, "odd": None}, "n": 2})
    with pytest.raises(TypeError, match="cannot decode type"):
        codec.decode(HoldsUnsupported, {"inner": {"n": 1, "odd": 1}, "n": 2})


def test_a_decoded_plain_mapping_is_shared_by_content() -> None:
    """Options decoded twice are the very same object (what a ruleset derived from them, cached by
    the object, serves again); other content gives another object; a nested object is not shared."""
    tp = Mapping[str, Any]
    first = codec.decode(tp, {"target": 100, "bids": [1, 2], "rule": "x"})
    again = codec.decode(tp, {"target": 100, "bids": [1, 2], "rule": "x"})
    other = codec.decode(tp, {"target": 120, "bids": [1, 2], "rule": "x"})
    assert first is again and first == {"target": 100, "bids": (1, 2), "rule": "x"}
    assert other is not first and other["target"] == 120
    nested = {"facts": {"a": 1}}
    assert codec.decode(tp, nested) is not codec.decode(tp, nested)


def test_decoded_options_are_options_of_their_content() -> None:
    """Options decoded again are ``Options.of``'s one object for their content, also when found by
    the decoder's own table (stored alike: the same items, each value of the same type)."""
    stored = {"target": 100, "strict": True, "bids": [1, 2], "rule": "x"}
    first = codec.decode(Options, stored)
    assert first is codec.decode(Options, dict(stored)) is Options.of({**stored, "bids": (1, 2)})
    for changed in ({"strict": 1}, {"target": 100.0}, {"bids": [True, 2]}, {"target": 120}):
        variant = {**stored, **changed}
        frozen = {k: tuple(v) if isinstance(v, list) else v for k, v in variant.items()}
        assert codec.decode(Options, variant) is Options.of(frozen)
        assert codec.decode(Options, variant) is codec.decode(Options, json.loads(json.dumps(variant)))
    assert codec.decode(Options, {**stored, "target": 120}) is not first
    assert dict(first.items()) == {**stored, "bids": (1, 2)} and list(first.keys()) == list(stored)
    assert list(first.values()) == [100, True, (1, 2), "x"]


def test_decoded_messages_are_shared_and_keep_their_parameter_types() -> None:
    """A message whose parameters are all strings or integers decodes to one shared object; a bool
    or a float parameter is never taken for the equal integer; nested messages decode as before."""
    plain = {"$msg": "core.x", "params": {"n": 1, "word": "w"}}
    first = messages.from_json(plain)
    assert first is messages.from_json(json.loads(json.dumps(plain))) and first == Msg("core.x", n=1, word="w")
    flag = messages.from_json({"$msg": "core.x", "params": {"n": True, "word": "w"}})
    ratio = messages.from_json({"$msg": "core.x", "params": {"n": 1.0, "word": "w"}})
    assert type(flag.params["n"]) is bool and type(ratio.params["n"]) is float
    assert type(messages.from_json(plain).params["n"]) is int
    nested = {"$msg": "core.y", "params": {"inner": plain, "card": {"$card": "10H"}, "few": [1, 2]}}
    assert messages.from_json(nested) == Msg("core.y", inner=first, card=card("10H"), few=(1, 2))
    assert messages.from_json({"$msg": "core.z"}) is messages.from_json({"$msg": "core.z", "params": {}})


@dataclass(frozen=True, slots=True)
class Checked:
    """Slotted, with a check of its own after ``__init__``."""

    n: int

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("n must not be negative")


@dataclass(frozen=True, slots=True)
class Normalised:
    """Slotted, with an ``__init__`` of its own."""

    word: str

    def __init__(self, word: str) -> None:
        object.__setattr__(self, "word", word.lower())


def test_slots_are_set_directly_only_where_init_would_do_no_more() -> None:
    assert codec.decode(Leaf, json.loads(json.dumps(codec.encode(LEAF)))) == LEAF
    with pytest.raises(ValueError, match="negative"):
        codec.decode(Checked, {"n": -1})
    assert codec.decode(Checked, {"n": 2}) == Checked(2)
    assert codec.decode(Normalised, {"word": "LOUD"}).word == "loud"
    for rid in RULESETS:
        assert slots_set_by_init(RULESETS[rid].state_type), rid  # the states take the direct way
    assert not slots_set_by_init(Checked)
    assert not slots_set_by_init(Normalised)
    assert not slots_set_by_init(Node)  # no slots


def test_evolve_is_replace_and_checks_where_init_would() -> None:
    changed = evolve(LEAF, **{f.name: getattr(LEAF, f.name) for f in dataclasses.fields(LEAF)})
    assert changed == LEAF and changed is not LEAF
    with pytest.raises(TypeError, match="no field 'shade'"):
        evolve(LEAF, shade="red")
    with pytest.raises(ValueError, match="negative"):  # __post_init__ runs: evolve is replace here
        evolve(Checked(1), n=-1)
    assert evolve(Checked(1), n=3) == Checked(3)
    assert evolve(Normalised("a"), word="LOUD").word == "loud"  # its own __init__ runs too


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_a_float_json_has_no_form_for_is_refused_wherever_it_stands(bad: float) -> None:
    """NaN and the infinities: in a field, a sequence, a mapping, an ``Any`` field, or alone
    (ValueError), so that what ``encode`` gives is JSON's own types only and the store may take it
    as written (``service.store.encoding.written``); a finite float stays as it is."""
    for value in (Leaf(card=card("2C"), ratio=bad), Leaf(card=card("2C"), anything=[1, bad]),
                  Leaf(card=card("2C"), extra={"x": bad}), (1, bad), {"x": (bad,)}, bad,
                  Leaf(card=card("2C"), anything=Msg("k", n=bad)), (Msg("k", inner=Msg("j", n=[bad])),)):
        with pytest.raises(ValueError):
            codec.encode(value)
    assert codec.encode(Leaf(card=card("2C"), ratio=0.25, anything=[1.5]))["ratio"] == 0.25


class _Ratio(float):
    pass


def test_a_message_parameter_json_lacks_is_refused_as_the_stores_refused_it() -> None:
    """``messages.to_json`` passes a parameter it does not know as it is; in a state the codec
    refuses it (TypeError), as the stores refused such a document; cards, suits, strings, integers,
    finite floats and lists of them pass, and a float of a subclass stays as it is."""
    for odd in (uuid.UUID(int=7), Colour.RED, {1: "a"}, {"x"}, Leaf(card=card("2C"))):
        with pytest.raises(TypeError):
            codec.encode((Msg("k", v=odd),))
    fine = Msg("k", card=card("2C"), suit=Suit.HEARTS, text="x", n=3, r=0.5, cards=(card("3D"),), inner=Msg("j"))
    assert codec.encode(fine) == messages.to_json(fine)
    ratio = codec.encode(Leaf(card=card("2C"), ratio=_Ratio(0.25)))["ratio"]
    assert type(ratio) is _Ratio
