"""The JSON the API answers in: compact UTF-8, keys in the order written, by orjson.

An answer is encoded on every request (a match view is 3-20 KB); orjson does it about ten times
faster than the standard library. Messages (``Msg``) in an answer are written in the current
request's language as orjson meets them (``i18n.json_default``), so an answer without any costs
nothing more. A value orjson will not write (an integer beyond 64 bits, a key that is not a string)
is written by the standard library instead (the same JSON, with non-ASCII characters escaped). No
answer has such keys today; orjson's option to take them would cost every answer about half again
of its writing time, for none.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from service.api.i18n import json_default


def dumps(value: Any) -> bytes:
    """The answer body for ``value``."""
    try:
        return orjson.dumps(value, default=json_default)
    except TypeError:  # orjson.JSONEncodeError: an integer past 64 bits, a lone surrogate, a key not a str
        # ASCII, so that it always gives bytes (a lone surrogate in a string is written as its escape)
        fallback = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"), default=json_default)
        return fallback.encode(value).encode("ascii")
