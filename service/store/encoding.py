"""The one JSON form both stores write: compact, strict (no NaN), UTF-8.

Both stores keep documents, events and idempotency records as JSON text, so what a caller gets
back is always a fresh copy with JSON's types (tuples come back as lists, keys as strings),
whichever store is in use.

orjson writes and reads them where it gives exactly what the standard library would, and the
standard library does the rest:

* writing, orjson writes NaN and infinities as ``null`` and takes values the standard library
  refuses (dataclasses, dates, enums ...). So its text is kept only when reading it back gives a
  value equal to the one written; otherwise the standard library writes the value, or refuses it
  (ValueError for NaN, TypeError for a type JSON does not have), as it always did. A tuple or an
  integer key is also written by the standard library (same text, just slower).
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
from typing import Any, Generic, TypeVar

import orjson
import zstandard

from service.store.base import JSON, IdempotencyRecord

_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)
#: every digit to "0", every other byte to " ": a text's digit runs become runs of "0"
_DIGITS_ONLY = bytes(0x30 if 0x30 <= i <= 0x39 else 0x20 for i in range(256))
#: the shortest digit run that may be an integer orjson cannot read exactly (2**63 has 19 digits)
_LONG_RUN = b"0" * 19


def dumps(value: Any) -> bytes:
    """Compact UTF-8 JSON of ``value``; ValueError/TypeError if it is not plain JSON."""
    try:
        text = orjson.dumps(value)
        if orjson.loads(text) == value:
            return text
    except TypeError:  # orjson.JSONEncodeError: a type it does not write, an integer past 64 bits
        pass
    return _ENCODER.encode(value).encode("utf-8")


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
