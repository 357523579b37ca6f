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

Each way this takes about half the instructions the standard library takes on a match document.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import orjson

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


#: how documents are deflated: level 3 with an 8 KB window (``wbits`` 13) and ``memLevel`` 7. A
#: Forty-Fives document after 30 actions (5.7 KB of JSON, its two checkpoints' states included)
#: deflates to 1,585 B in 24 us; ``zlib.compress(text, 1)`` (the default 32 KB window and
#: ``memLevel`` 8, as before) gave 1,672 B in 78 us, most of it spent setting up the ~256 KB of
#: compressor state it allocates (and the kernel maps) for every call. Documents stay under 8 KB
#: (6.5 KB after 1,000 actions); a larger one still deflates, against the last 8 KB only. The zlib
#: header names the window, so ``zlib.decompress`` reads documents packed either way.
DOCUMENT_LEVEL = 3
DOCUMENT_WBITS = 13
DOCUMENT_MEMLEVEL = 7


def pack_document(document: JSON) -> bytes:
    """A document as the Redis stores keep it: its JSON text, deflated (a zlib stream)."""
    packer = zlib.compressobj(DOCUMENT_LEVEL, zlib.DEFLATED, DOCUMENT_WBITS, DOCUMENT_MEMLEVEL)
    return packer.compress(dumps(document)) + packer.flush()


def unpack_document(stored: bytes | str) -> JSON:
    """The document ``pack_document`` stored, or one stored as plain JSON text before documents
    were deflated (a JSON object starts with ``{``; a zlib stream never does)."""
    if isinstance(stored, str):
        stored = stored.encode("utf-8")
    if stored[:1] == b"{":
        document: JSON = loads(stored)
    else:
        document = loads(zlib.decompress(stored))
    return document
