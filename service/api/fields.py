"""Marshmallow fields for the contract's value types: a strict JSON integer, cards, suits, plays.

* integers are marshmallow's ``Integer(strict=True, error_messages=INTEGER_MESSAGES)``: only a JSON
  integer (``2.5``, ``3.0``, ``"3"`` and ``true`` are refused; the non-strict field would turn ``2.5``
  into 2 and ``"3"`` into 3).
* ``CardField``: a card text, read leniently (``10h``, ``TH``, ``10♥``), loaded as a ``Card``;
  anything unreadable fails with code ``invalid_card``.
* ``SuitField``: a suit letter (or name, or symbol), loaded as a ``Suit``; code ``invalid_suit``.
* ``PlayField``: a card text, or ``{"card": "10C", "face_down": true}``, loaded as a ``Play``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import marshmallow as ma

from service.api.problems import coded_error
from service.rules.cards import Card, Suit
from service.rules.errors import InvalidCard
from service.rules.tricks import Play

CARD_DESCRIPTION = (
    "A card, rank then suit: ranks 2-10, J, Q, K, A; suits C, D, H, S. Input is lenient "
    "(10h, TH, th, 10♥ are the ten of hearts); output is canonical (10H)."
)
_CARD_HINT = "a card is a rank (2-10, J, Q, K, A) then a suit (C, D, H, S), such as '10H' or 'QS'"
#: The card texts the API reads: a rank (2-10, J, Q, K, A; T for ten, 1 for ace) and a suit letter or
#: symbol, either case, spaces allowed around them. Every text it matches is a card to ``Card.parse``.
CARD_PATTERN = "^ *(10|[2-9TtJjQqKkAa1]) *[CcDdHhSs\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664] *$"
_CARD_RE = re.compile(CARD_PATTERN)


#: marshmallow's strict ``Integer`` refuses ``2.5``, ``3.0``, ``"3"`` and ``true`` (only a JSON integer is one);
#: its message, said so that a client sees what to send
INTEGER_MESSAGES: dict[str, str | list[Any] | dict[Any, Any]] = {
    "invalid": "Must be a whole number written as a JSON integer, such as 3 (not 2.5, 3.0, \"3\" or true)."
}


class CardField(ma.fields.String):
    """A card, loaded as an interned ``Card`` and dumped as its canonical text."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": CARD_DESCRIPTION, "example": "10H", "pattern": CARD_PATTERN,
                    **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def make_error(self, key: str, **kwargs: Any) -> ma.ValidationError:
        if key == "null":
            return coded_error("invalid_card", f"null is not a card: {_CARD_HINT}")
        return super().make_error(key, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        return parse_card(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else Card.parse(value).text


def parse_card(value: Any) -> Card:
    """A card from a JSON value; a marshmallow error with code ``invalid_card`` when unreadable."""
    if isinstance(value, str):
        if _CARD_RE.fullmatch(value) is None:
            raise coded_error("invalid_card", f"{_json_text(value)} is not a card: {_CARD_HINT}")
        return Card.parse(value)
    raise coded_error("invalid_card", f"{_json_text(value)} is not a card: {_CARD_HINT}")


class SuitField(ma.fields.String):
    """A suit (``H``, ``hearts``, ``♥`` ...), loaded as a ``Suit`` and dumped as its letter."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": "A suit: C, D, H or S (names and symbols are read too)", "example": "H"}
        metadata.update(kwargs.pop("metadata", {}))
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if isinstance(value, str):
            try:
                return Suit.parse(value)
            except InvalidCard:
                pass
        raise coded_error("invalid_suit", f"{_json_text(value)} is not a suit: write C, D, H or S")

    def make_error(self, key: str, **kwargs: Any) -> ma.ValidationError:
        if key == "null":
            return coded_error("invalid_suit", "null is not a suit: write C, D, H or S")
        return super().make_error(key, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else Suit.parse(value).value


_PLAY_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "string", "description": CARD_DESCRIPTION, "example": "KH", "pattern": CARD_PATTERN},
        {
            "type": "object",
            "description": "A card played face down, where the ruleset has face-down plays",
            "properties": {
                "card": {"type": "string", "description": CARD_DESCRIPTION, "example": "10C", "pattern": CARD_PATTERN},
                "face_down": {"type": "boolean", "default": False},
            },
            "required": ["card"],
            "additionalProperties": False,
        },
    ]
}


class PlayField(ma.fields.Field):
    """One card put to a trick: a card text, or ``{"card": "10C", "face_down": true}``."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {**_PLAY_SCHEMA, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def make_error(self, key: str, **kwargs: Any) -> ma.ValidationError:
        if key == "null":
            return coded_error("invalid_card", f"null is not a play: {_CARD_HINT}")
        return super().make_error(key, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Play:
        if isinstance(value, str):
            return Play(parse_card(value))
        if isinstance(value, Mapping):
            unknown = sorted(str(k) for k in value if k not in ("card", "face_down"))
            if unknown:
                raise ma.ValidationError(
                    f"a play object has only 'card' and 'face_down'; unknown: {', '.join(map(repr, unknown))}"
                )
            if "card" not in value:
                raise ma.ValidationError("a play object needs a 'card'")
            face_down = value.get("face_down", False)
            if not isinstance(face_down, bool):
                raise ma.ValidationError("'face_down' must be true or false")
            return Play(parse_card(value["card"]), face_down)
        raise coded_error("invalid_card", f"{_json_text(value)} is not a play: write a card such as 'KH'")

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else value.to_json()


def _json_text(value: Any) -> str:
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
