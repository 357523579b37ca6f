"""The one JSON form both stores write: compact, strict (no NaN), UTF-8.

Both stores keep documents, events and idempotency records as JSON text, so what a caller gets
back is always a fresh copy with JSON's types (tuples come back as lists, keys as strings),
whichever store is in use.

The standard library writes and reads them: it refuses NaN (orjson would write null) and reads an
integer of any size back exactly (orjson reads one past 64 bits as a float, silently), and an
option such as a target score may be any integer a client sends.
"""

from __future__ import annotations

import json
from typing import Any

from service.store.base import JSON, IdempotencyRecord

_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def dumps(value: Any) -> str:
    """Compact JSON text of ``value``; ValueError/TypeError if it is not plain JSON."""
    return _ENCODER.encode(value)


def loads(text: str | bytes) -> Any:
    """The value of a JSON text written by ``dumps``."""
    return json.loads(text)


def dump_record(record: IdempotencyRecord) -> str:
    """An idempotency record as one JSON text."""
    return dumps({"f": record.fingerprint, "s": record.status, "b": record.body, "h": record.headers})


def load_record(text: str | bytes) -> IdempotencyRecord:
    """The record ``dump_record`` wrote."""
    data: JSON = loads(text)
    return IdempotencyRecord(fingerprint=data["f"], status=data["s"], body=data["b"], headers=data["h"])
