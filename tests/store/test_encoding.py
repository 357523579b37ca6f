"""The stores' JSON (``service.store.encoding``): orjson where it gives what the standard library
gives, the standard library everywhere else, so that both stores write and read exactly what they
wrote with the standard library alone."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import datetime
import enum
import json
import math
import zlib
from typing import Any

import pytest
import zstandard
from hypothesis import given, settings
from hypothesis import strategies as st

from service.store.encoding import dumps, loads, pack_document, unpack_document

STDLIB = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def stdlib_outcome(value: Any) -> Any:
    """What the standard library alone makes of ``value``: the value read back, or the error type."""
    try:
        return json.loads(STDLIB.encode(value))
    except (TypeError, ValueError) as error:
        return type(error)


def our_outcome(value: Any) -> Any:
    try:
        return loads(dumps(value))
    except (TypeError, ValueError) as error:
        return type(error)


def same(a: Any, b: Any) -> bool:
    """Equal, with the types of numbers too (1 and 1.0 and True are not the same JSON)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


scalars = (
    st.none()
    | st.booleans()
    | st.integers()  # any size: past 64 bits the standard library must write and read them
    | st.integers(min_value=-(2**64), max_value=2**64)
    | st.floats()  # NaN and infinities included: refused
    | st.text()
    | st.sampled_from(["10H", "9" * 19, "1" * 40, "-" + "9" * 20, "\u2665", "\x00\n\"\\"])
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5)
    | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=5) | st.integers(-3, 3), inner, max_size=5),
    max_leaves=30,
)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(values)
def test_every_value_is_written_and_read_as_the_standard_library_alone_would(value: Any) -> None:
    expected = stdlib_outcome(value)
    got = our_outcome(value)
    assert same(got, expected) if not isinstance(expected, type) else got is expected


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, [1, {"x": math.nan}]])
def test_nan_and_infinities_are_refused(value: Any) -> None:
    with pytest.raises(ValueError):
        dumps(value)


class Suit(enum.Enum):
    HEARTS = "H"


@dataclasses.dataclass
class Point:
    x: int


@pytest.mark.parametrize(
    "value", [{"cards": {"AH"}}, Point(1), Suit.HEARTS, datetime.date(2026, 11, 30), object(), b"bytes"]
)
def test_what_json_does_not_have_is_refused_though_orjson_would_write_some_of_it(value: Any) -> None:
    with pytest.raises(TypeError):
        dumps({"v": value})


@pytest.mark.parametrize(
    "text",
    [
        b'{"target_score":100000000000000000000}',  # 10**20: a float to orjson
        b'{"n":-9223372036854775809}',  # one past the smallest 64-bit integer
        b'{"n":18446744073709551616}',  # one past the largest unsigned 64-bit integer
        b'[9223372036854775808,"1234567890123456789012",0.1234567890123456789]',
    ],
)
def test_a_text_with_a_long_digit_run_is_read_exactly(text: bytes) -> None:
    assert same(loads(text), json.loads(text))


def test_texts_the_standard_library_wrote_before_read_the_same() -> None:
    document = {"players": ["Zoë", "李"], "n": 2**70, "f": 0.1, "none": None, "deep": [[{"a": []}]]}
    legacy = STDLIB.encode(document)
    assert same(loads(legacy), document)
    assert same(loads(legacy.encode()), document)


def test_a_document_packed_now_or_before_unpacks_the_same() -> None:
    """Documents are packed in a Zstandard frame now (``pack_document``); one deflated before (with
    the 8 KB window documents had last, or ``zlib.compress`` at level 1 with the default one) or
    stored as plain JSON reads the same, and a large document packs and unpacks whole."""
    small = {"players": ["Zoë", "李"], "state": {"hands": [[f"{r}{s}" for r in "AKQJ"] for s in "SHDC"]}}
    large = {**small, "big": [f"{i:05d}-{i * 7919 % 10007}" for i in range(3000)]}  # ~40 KB of JSON
    for document in (small, large):
        packed = pack_document(document)
        assert packed[:1] != b"{" and len(packed) < len(dumps(document))
        assert same(json.loads(zstandard.ZstdDecompressor().decompress(packed)), document)
        assert same(unpack_document(packed), document)
        deflater = zlib.compressobj(3, zlib.DEFLATED, 13, 7)  # how documents were deflated last
        assert same(unpack_document(deflater.compress(dumps(document)) + deflater.flush()), document)
        assert same(unpack_document(zlib.compress(dumps(document), 1)), document)
        assert same(unpack_document(dumps(document)), document)
        assert same(unpack_document(dumps(document).decode("utf-8")), document)


def test_documents_packed_and_unpacked_from_many_threads_at_once_come_back_whole() -> None:
    """``pack_document`` and ``unpack_document`` reuse their (de)compressors, which are not safe to
    share between threads at once: each call takes its own from a pool."""
    documents = [{"n": n, "state": {"hands": [f"{n}-{i}" * (n % 7 + 1) for i in range(200)]}} for n in range(24)]
    failures: list[int] = []

    def round_trips(document: dict[str, Any]) -> None:
        for _ in range(200):
            packed = pack_document(document)
            if not same(json.loads(zstandard.ZstdDecompressor().decompress(packed)), document):
                failures.append(document["n"])
            if not same(unpack_document(packed), document):
                failures.append(document["n"])

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(round_trips, documents))
    assert failures == []
