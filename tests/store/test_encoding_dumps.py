"""``encoding.dumps`` writes exactly the bytes it wrote when it checked every text by reading it back
(``_old_dumps`` below, the function as it was), and refuses exactly what it refused then: only the
way it decides that orjson's text may be kept changed (``encoding._plain``)."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import json
import math
import uuid
from collections import OrderedDict
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.store import encoding
from service.store.encoding import dumps

_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _old_dumps(value: Any) -> bytes:
    """``encoding.dumps`` before: orjson's text when reading it back gives a value equal to the one
    written, else the standard library's text or refusal."""
    try:
        text = orjson.dumps(value)
        if orjson.loads(text) == value:
            return text
    except TypeError:
        pass
    return _ENCODER.encode(value).encode("utf-8")


def outcome(dump: Any, value: Any) -> bytes | type[BaseException]:
    """The bytes ``dump`` writes for ``value``, or the type of its refusal."""
    try:
        text: bytes = dump(value)
    except (TypeError, ValueError) as error:
        return type(error)
    return text


class Suit(enum.Enum):
    HEARTS = "H"


class Seats(enum.IntEnum):
    NORTH = 1


class Rank(str, enum.Enum):
    ACE = "A"


class Weight(float, enum.Enum):
    HALF = 0.5


@dataclasses.dataclass
class Point:
    x: int


class Name(str):
    pass


class Count(int):
    pass


class Score(float):
    pass


class Table(dict[str, int]):
    pass


class Row(list[int]):
    pass


#: each value with what ``dumps`` made of it before this change (bytes, or the error's type)
PINNED: list[tuple[str, Any, bytes | type[BaseException]]] = [
    ("nan", math.nan, ValueError),
    ("inf", math.inf, ValueError),
    ("-inf", -math.inf, ValueError),
    ("enum", Suit.HEARTS, TypeError),
    ("int enum", Seats.NORTH, b"1"),
    ("str enum", Rank.ACE, b'"A"'),
    ("float enum", Weight.HALF, b"0.5"),
    ("uuid", uuid.UUID(int=5), TypeError),
    ("datetime", datetime.datetime(2026, 11, 30, 12, 0), TypeError),
    ("date", datetime.date(2026, 11, 30), TypeError),
    ("time", datetime.time(12, 0), TypeError),
    ("dataclass", Point(1), TypeError),
    ("bytes", b"bytes", TypeError),
    ("bytearray", bytearray(b"x"), TypeError),
    ("set", {"AH"}, TypeError),
    ("object", object(), TypeError),
    ("orjson fragment", orjson.Fragment(b"[1]"), TypeError),
    ("tuple", (1, "a", None), b'[1,"a",null]'),
    ("tuple of floats", (1e-7, 1e16, 0.1), b"[1e-07,1e+16,0.1]"),  # the standard library's figures
    ("empty tuple", (), b"[]"),
    ("int keys", {1: 2, -3: "x"}, b'{"1":2,"-3":"x"}'),
    ("bool keys", {True: 1, False: 2}, b'{"true":1,"false":2}'),
    ("none key", {None: 1}, b'{"null":1}'),
    ("float keys", {1.5: 1, 1e-7: 2}, b'{"1.5":1,"1e-07":2}'),
    ("nan key", {math.nan: 1}, ValueError),
    ("mixed keys", {"a": 1, 2: 3}, b'{"a":1,"2":3}'),
    ("2**64-1", 2**64 - 1, b"18446744073709551615"),
    ("-2**63", -(2**63), b"-9223372036854775808"),
    ("2**64", 2**64, b"18446744073709551616"),
    ("-2**63-1", -(2**63) - 1, b"-9223372036854775809"),
    ("10**40", 10**40, b"1" + b"0" * 40),
    ("str subclass", Name("Zoë"), '"Zoë"'.encode()),
    ("int subclass", Count(7), b"7"),
    ("float subclass", Score(0.25), b"0.25"),
    ("dict subclass", Table(a=1), b'{"a":1}'),
    ("ordered dict", OrderedDict(b=1, a=2), b'{"b":1,"a":2}'),
    ("list subclass", Row([1, 2]), b"[1,2]"),
    ("str subclass key", {Name("k"): 1}, b'{"k":1}'),
    ("non-ascii", {"players": ["Zoë", "李", "\u2665", "😀"]}, '{"players":["Zoë","李","♥","😀"]}'.encode()),
    ("escapes", '\x00\n"\\\x1f\x7f\u2028', b'"\\u0000\\n\\"\\\\\\u001f\x7f\xe2\x80\xa8"'),
    ("lone surrogate", "\ud800", UnicodeEncodeError),
    (
        "floats",
        [0.1, -0.0, 1e16, 1e-7, 5e-324, 1.7976931348623157e308],
        b"[0.1,-0.0,1e+16,1e-7,5e-324,1.7976931348623157e+308]",
    ),  # orjson's figures: they read back equal
    ("plain", {"a": [1, True, None, "x", {"b": []}], "c": {}}, b'{"a":[1,true,null,"x",{"b":[]}],"c":{}}'),
]


def padded(value: Any) -> Any:
    """``value`` in a text long enough to be walked (``encoding._WALK_FROM``), not read back."""
    return {"pad": "p" * encoding._WALK_FROM, "value": value}


def nestings(value: Any) -> list[Any]:
    """``value`` where the walk must reach it: in a list, in a dict, deep in both, after plain
    values; each in a short text (read back) and a long one (walked)."""
    shapes = [
        value,
        [value],
        {"k": value},
        [1, "x", None, {"a": [{"b": value}]}],
        {"a": 1.5, "b": [None, [True, {"c": value}]], "z": "last"},
        [[[[[[[[[[value]]]]]]]]]],
        ({"t": value},),
        [["p" * encoding._WALK_FROM, 2.5, {"x": None}], [[value]]],
    ]
    return shapes + [padded(shape) for shape in shapes]


@pytest.mark.parametrize(("name", "value", "pinned"), PINNED, ids=[case[0] for case in PINNED])
def test_each_kind_of_value_is_written_or_refused_as_before(name: str, value: Any, pinned: Any) -> None:
    assert outcome(_old_dumps, value) == pinned  # what was pinned is what the old function did
    assert outcome(dumps, value) == pinned


@pytest.mark.parametrize(("name", "value", "pinned"), PINNED, ids=[case[0] for case in PINNED])
def test_each_kind_of_value_nested_anywhere_is_written_or_refused_as_before(name: str, value: Any, pinned: Any) -> None:
    for nested in nestings(value):
        assert outcome(dumps, nested) == outcome(_old_dumps, nested), nested


def test_one_value_of_every_kind_in_one_document_is_refused_as_before() -> None:
    kinds = {name: value for name, value, _ in PINNED}
    assert outcome(dumps, kinds) is outcome(_old_dumps, kinds) is ValueError  # the standard library meets NaN first
    writable = {name: value for name, value, pinned in PINNED if isinstance(pinned, bytes)}
    assert len(_old_dumps(writable)) >= encoding._WALK_FROM
    assert outcome(dumps, writable) == outcome(_old_dumps, writable)
    assert isinstance(outcome(dumps, writable), bytes)


def test_a_value_shared_by_two_places_and_a_deep_one_are_written_as_before() -> None:
    shared = {"cards": ["AH", "KH"]}
    assert dumps([shared, {"again": shared}]) == _old_dumps([shared, {"again": shared}])
    deep: Any = "bottom"
    for _ in range(300):  # past orjson's depth limit: the standard library writes it, as before
        deep = [deep]
    assert dumps(deep) == _old_dumps(deep)


def test_a_value_that_refers_to_itself_is_refused_as_before() -> None:
    loop: list[Any] = [1]
    loop.append(loop)
    with pytest.raises(ValueError):  # the standard library: "Circular reference detected"
        _old_dumps(loop)
    with pytest.raises(ValueError):
        dumps(loop)


json_keys = st.text(max_size=6)
plain_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(json_keys, inner, max_size=6),
    max_leaves=40,
)
any_value = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text()
    | st.sampled_from([value for _, value, _ in PINNED]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.tuples(inner, inner)
        | st.dictionaries(json_keys | st.integers(-3, 3) | st.booleans() | st.none(), inner, max_size=5)
    ),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(plain_json)
def test_plain_json_without_floats_is_the_standard_librarys_text(value: Any) -> None:
    for written in (value, padded(value)):
        stdlib = json.dumps(written, separators=(",", ":"), ensure_ascii=False).encode()
        assert dumps(written) == _old_dumps(written) == stdlib


json_with_floats = st.recursive(
    st.floats(allow_nan=False, allow_infinity=False) | plain_json,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(json_keys, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(json_with_floats)
def test_plain_json_with_floats_is_written_as_before(value: Any) -> None:
    for written in (value, padded(value)):
        assert dumps(written) == _old_dumps(written)
        assert json.loads(dumps(written)) == written


@settings(max_examples=600, deadline=None)
@given(any_value)
def test_any_value_is_written_or_refused_as_before(value: Any) -> None:
    for written in (value, padded(value)):
        assert outcome(dumps, written) == outcome(_old_dumps, written)


def test_a_long_plain_document_is_walked_not_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of the change: a long text of JSON's own types is checked by ``_plain``, not read
    back; a short one, or one holding anything else, is still read back."""
    reads: list[bytes] = []
    real_loads = orjson.loads

    def counted(text: bytes) -> Any:
        reads.append(text)
        return real_loads(text)

    monkeypatch.setattr(encoding.orjson, "loads", counted)
    state = {"hands": [["AH", "KH"], []], "scores": [0, 5], "trump": None, "seats": ["Zoë"] * 40}
    document = {"state": state, "saved_at": 1.5}
    assert len(dumps(document)) >= encoding._WALK_FROM
    assert dumps(document) == orjson.dumps(document)
    assert reads == []
    assert dumps({"short": True}) == b'{"short":true}'
    assert reads == [b'{"short":true}']
    reads.clear()
    assert dumps({**document, "pair": (1, 2)}) == orjson.dumps({**document, "pair": [1, 2]})  # read back, unequal
    assert len(reads) == 1


# ------------------------------------------------------------------------------------------------
# A value written already (``written``: a match's state, which the codec makes of JSON's own types)
# ------------------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(json_with_floats)
def test_a_value_written_already_is_written_as_the_value_itself(value: Any) -> None:
    """Where the value stood, its text: the document's bytes are the ones ``dumps`` writes for the
    value, short (read back) or long (walked), and so when something else in the document sends it
    to the standard library (a tuple)."""
    text = encoding.written(value)
    assert isinstance(text, encoding.Written)
    for place in (lambda v: {"state": v}, lambda v: padded({"state": v}), lambda v: {"state": v, "pair": (1, 2)}):
        assert dumps(place(text)) == dumps(place(value))


def test_a_value_written_already_is_copied_not_walked_or_written_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dumps`` copies the text as it is (its spaces stay), the walk does not enter it and nothing
    is read back; a value orjson does not write (an integer past 64 bits) is given back as it is,
    for ``dumps`` to check."""
    reads: list[bytes] = []
    real_loads = orjson.loads
    monkeypatch.setattr(encoding.orjson, "loads", lambda text: reads.append(text) or real_loads(text))
    document = {"pad": "p" * encoding._WALK_FROM, "state": encoding.Written(b"[1, 2]")}
    assert dumps(document) == b'{"pad":"' + b"p" * encoding._WALK_FROM + b'","state":[1, 2]}'
    assert reads == []
    monkeypatch.undo()
    assert encoding._plain(document)
    assert encoding.written(2**70) == 2**70
    assert dumps({"state": encoding.written(2**70)}) == b'{"state":1180591620717411303424}'
    # orjson's own stand-in is not one: a document holding it is refused, as before ("orjson fragment")
    with pytest.raises(TypeError):
        dumps({"state": orjson.Fragment(b"[1]")})
