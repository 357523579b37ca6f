"""``encode_text``: a rules-core value straight to compact JSON text, by msgspec (in C).

A checkpoint keeps its state as JSON text (``documents.Checkpoint``): one pass of msgspec writes the
same bytes as ``encode`` followed by the stores' JSON writer, in less time (``bench/README.md``,
"Codec"). msgspec's ``to_builtins`` leaves tuples as tuples, and going through text and back costs
more than ``encode``, so JSON-ready data stays ``encode``'s."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from service.rules.cards import Card
from service.rules.messages import Msg
from service.rules.messages import to_json as _msg_to_json


def _other(value: Any) -> Any:
    """A value of a type msgspec does not know, in a form it does."""
    if type(value) is Card:
        return value.text
    if type(value) is Msg:
        return _msg_to_json(value)
    if isinstance(value, Mapping):
        return dict(value.items())
    raise TypeError(f"cannot encode {type(value).__name__}")


_ENCODER = msgspec.json.Encoder(enc_hook=_other)


def encode_text(value: Any) -> str:
    """The compact JSON text of ``encode(value)``."""
    return _ENCODER.encode(value).decode("utf-8")
