"""The one JSON form both stores write: compact, strict (no NaN), UTF-8.

Both stores keep documents, events and idempotency records as JSON text, so what a caller gets
back is always a fresh copy with JSON's types (tuples come back as lists, keys as strings),
whichever store is in use.

orjson writes and reads them where it gives exactly what the standard library would, and the
standard library does the rest:

* writing, orjson writes NaN and infinities as ``null`` and takes values the standard library
  refuses (dataclasses, dates, enums, UUIDs ...). So its text is kept only when the value is made
  of JSON's own types alone (``_plain``: a walk of a long text's value, two thirds of the cost of
  the check it replaced on a match document), or else when reading the text back gives a value
  equal to the one written; otherwise the standard library writes the value, or refuses it (ValueError for NaN,
  TypeError for a type JSON does not have), as it always did. A tuple or an integer key is also
  written by the standard library (same text, just slower). No option of orjson's makes it refuse
  a tuple, a UUID, an enum or NaN, hence the walk.
* a value whose caller knows it to be of JSON's own types may be given as its text, written
  already (``written``: a match's state, which the codec makes of nothing else): copied as it is,
  not walked again.
* reading, orjson reads an integer past 64 bits as a float, silently, and an option such as a
  target score may be any integer a client sends. A text holding a run of 19 digits or more is
  therefore read by the standard library; every other number fits orjson exactly.

Each way this takes far fewer instructions than the standard library on a match document
(``bench/HISTORY.md``, Matches).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from gc import get_referents
from math import isfinite
from typing import Any, Generic, TypeVar

import orjson
import zstandard

from service.store.base import JSON, IdempotencyRecord


class Written:
    """A value's JSON text, written already (``written``): ``dumps`` copies it where the value was.
    Equal to that value (so a document holding it reads back equal to itself). Not a dataclass:
    orjson would write one as an object of its fields."""

    __slots__ = ("text",)
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, text: bytes) -> None:
        self.text = text

    def __eq__(self, other: object) -> bool:
        if type(other) is Written:
            return self.text == other.text
        return bool(orjson.loads(self.text) == other)

    def __repr__(self) -> str:
        return f"Written({self.text!r})"


def _copied(value: Any) -> Any:
    """What orjson writes for a value of a type it does not know: a ``Written``'s text, as it is."""
    if type(value) is Written:
        return orjson.Fragment(value.text)
    raise TypeError(f"Type is not JSON serializable: {type(value).__name__}")


def _standard_default(value: Any) -> Any:
    """What the standard library writes for a value of a type it does not know: a ``Written``'s value."""
    if type(value) is Written:
        return orjson.loads(value.text)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


_ENCODER = json.JSONEncoder(
    separators=(",", ":"), ensure_ascii=False, allow_nan=False, default=_standard_default
)
#: every digit to "0", every other byte to " ": a text's digit runs become runs of "0"
_DIGITS_ONLY = bytes(0x30 if 0x30 <= i <= 0x39 else 0x20 for i in range(256))
#: the shortest digit run that may be an integer orjson cannot read exactly (2**63 has 19 digits)
_LONG_RUN = b"0" * 19


#: the types whose values orjson writes as the standard library reads them back, exactly (and the
#: text of a value written already, which both write as that value)
_JSON_TYPES = frozenset({dict, list, str, int, bool, type(None), float, Written})
#: the shortest text whose value is walked (``_plain``) rather than read back: the walk costs more
#: per depth, the read-back more per byte, and on match documents and events they cost the same
#: at about 250 bytes (an action's event, ~90 bytes: 9,000 instructions read back, 13,500 walked)
_WALK_FROM = 256


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON of ``value``; ValueError/TypeError if it is not plain JSON."""
    try:
        text = orjson.dumps(value, default=_copied)
        if (len(text) >= _WALK_FROM and _plain(value)) or orjson.loads(text) == value:
            return text
    except TypeError:  # orjson.JSONEncodeError: a type it does not write, an integer past 64 bits
        pass
    return _ENCODER.encode(value).encode("utf-8")


def written(value: Any) -> Any:
    """``value``'s JSON text, written now (``Written``), to stand for it in a document that ``dumps``
    then writes without walking it again: only for a value known to hold nothing but dicts with
    string keys, lists, strings, integers, booleans, None and finite floats, which orjson writes as
    the standard library would (``codec.encode``'s output, and what ``loads`` read). A value orjson
    does not write (an integer past 64 bits) is answered as it is, for ``dumps`` to check and write
    as before. A match's state is most of its document, and was most of the walk (``bench/README.md``,
    Matches)."""
    try:
        return Written(orjson.dumps(value))
    except TypeError:  # orjson.JSONEncodeError
        return value


def _plain(value: Any) -> bool:
    """Whether ``value``, which orjson has just written, holds nothing but dicts, lists, strings,
    integers, booleans, None and finite floats, each of exactly that type, and values written
    already (``Written``, not entered: the caller vouches for them): then reading orjson's
    text back gives an equal value (orjson has refused a key that is not a str, an integer past 64
    bits and a reference cycle, so the walk ends), so the text is kept without reading it back.

    The walk goes one depth at a time: ``gc.get_referents`` of the dicts and lists at one depth is
    every value and item they hold, in one C call (a str, a number or None has none), and the
    types at each depth are checked as one set. On a match document (4 KB) this costs about 96,000
    instructions where reading the text back and comparing cost 137,000."""
    level = [value]
    while level:
        kinds = set(map(type, level))
        if not kinds <= _JSON_TYPES:
            return False
        if float in kinds and not all(map(isfinite, [item for item in level if type(item) is float])):
            return False
        if Written in kinds:  # its text stands for a value of JSON's own types: not entered
            level = [item for item in level if type(item) is not Written]
        level = get_referents(*level)
    return True


def loads(text: bytes | str) -> Any:
    """The value of a JSON text written by ``dumps``."""
    if isinstance(text, str):
        text = text.encode("utf-8")
    if _LONG_RUN in text.translate(_DIGITS_ONLY):
        return json.loads(text)
    return orjson.loads(text)


def dump_record(record: IdempotencyRecord) -> bytes:
    """An idempotency record as one JSON text."""
    return dumps({"f": record.fingerprint, "a": record.answer})


def load_record(text: bytes | str) -> IdempotencyRecord:
    """The record ``dump_record`` wrote."""
    data: JSON = loads(text)
    return IdempotencyRecord(fingerprint=data["f"], answer=data["a"])


#: how documents are packed: a Zstandard frame at level 1 (which holds the text's size, so it
#: inflates in one allocation). Every post saves its match's document, and Zstandard packs it as
#: small as deflate (as documents were stored before) in less time (``bench/HISTORY.md``, "Posting
#: plays: the worker's own commit, and Zstandard").
DOCUMENT_LEVEL = 1
#: how every Zstandard frame begins (a JSON object begins with ``{``, a zlib stream with 0x78 or
#: another header byte: neither with this)
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"

_Coder = TypeVar("_Coder")


class _Pool(Generic[_Coder]):
    """Zstandard (de)compressors kept for the next call: making one costs about as much as packing
    a document with it (``bench/HISTORY.md``, "Pooled (de)compressors"). One is not safe to use from
    two threads at once, so a call takes one out (``list.pop`` and ``append`` are atomic) and puts it back: a pool holds
    as many as were ever in use at the same moment, one per thread at most (a greenlet does not
    switch inside the C call)."""

    def __init__(self, make: Callable[[], _Coder], use: Callable[[_Coder, bytes], bytes]) -> None:
        self._make = make
        self._use = use
        self._idle: list[_Coder] = []

    def run(self, data: bytes) -> bytes:
        """``use(coder, data)`` with a coder of the pool's."""
        try:
            coder = self._idle.pop()
        except IndexError:
            coder = self._make()
        try:
            return self._use(coder, data)
        finally:
            self._idle.append(coder)


_COMPRESSORS = _Pool(lambda: zstandard.ZstdCompressor(level=DOCUMENT_LEVEL), zstandard.ZstdCompressor.compress)
_DECOMPRESSORS = _Pool(zstandard.ZstdDecompressor, zstandard.ZstdDecompressor.decompress)


def pack_document(document: JSON) -> bytes:
    """A document as the Redis stores keep it: its JSON text in a Zstandard frame."""
    return _COMPRESSORS.run(dumps(document))


def unpack_document(stored: bytes | str) -> JSON:
    """The document ``pack_document`` stored, or one stored before in a form it wrote then: deflated
    (a zlib stream), or plain JSON text (from before documents were packed at all)."""
    if isinstance(stored, str):
        stored = stored.encode("utf-8")
    if stored[:1] == b"{":
        document: JSON = loads(stored)
    elif stored[:4] == ZSTD_MAGIC:
        document = loads(_DECOMPRESSORS.run(stored))
    else:
        document = loads(zlib.decompress(stored))
    return document
