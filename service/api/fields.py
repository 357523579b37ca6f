"""Marshmallow fields for the contract's value types: a strict JSON integer, cards, suits, plays.

* integers are marshmallow's ``Integer(strict=True, error_messages=INTEGER_MESSAGES)``: only a JSON
  integer (``2.5``, ``3.0``, ``"3"`` and ``true`` are refused; the non-strict field would turn ``2.5``
  into 2 and ``"3"`` into 3).
* ``QueryInteger``: a whole number in a query string, written in ASCII digits only (``int()`` alone
  would also read `` 9``, ``٣`` or ``1_000``).
* ``CardField``: a card text, read leniently (``10h``, ``TH``, ``10♥``), loaded as a ``Card``;
  anything unreadable fails with code ``invalid_card``.
* ``SuitField``: a suit letter (or name, or symbol), loaded as a ``Suit``; code ``invalid_suit``.
* ``PlayField``: a card text, or ``{"card": "10C", "face_down": true}``, loaded as a ``Play``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

import marshmallow as ma

from service.api.problems import INTEGER_TEXT, coded_error
from service.rules.cards import CARD_FILLERS, RANK_WORDS, SUIT_SYMBOLS, Card, Suit, suit_names
from service.rules.errors import InvalidCard
from service.rules.messages import Msg
from service.rules.tricks import Play

CARD_DESCRIPTION = (
    "A card, rank then suit: ranks 2-10, J, Q, K, A; suits C, D, H, S. Input is lenient "
    "(10h, TH, th, 10♥ and 10♥️ are the ten of hearts; a rank and a suit may be written in words, "
    "either order, in Indonesian, Tagalog, Dutch or English: As Hati, 10 wajik, Raja sekop, "
    "alas ng puso, harten aas, queen of spades); output is canonical (10H)."
)
_CARD_HINT = Msg("core.hint.card")


def _any_case(word: str) -> str:
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() and c.lower() != c.upper() else re.escape(c)
                   for c in word)


def _alternatives(words: Iterable[str]) -> str:
    return "|".join(_any_case(w) for w in sorted(words, key=lambda w: (-len(w), w)))


_SYMBOL = f"[{SUIT_SYMBOLS}]\ufe0f?"
_RANK_SIGN = "10|[2-9TtJjQqKkAa1]"
_RANK_ANY = f"{_RANK_SIGN}|{_alternatives(RANK_WORDS)}"
_SUIT_ANY = f"{_SYMBOL}|{_alternatives(name for name in suit_names() if len(name) > 1)}|[CcDdHhSs]"
_FILLER = f"(?:(?:{_alternatives(CARD_FILLERS)}) +)?"
#: The card texts the API reads (as ``Card.parse`` reads them): a rank (2-10, J, Q, K, A; T for ten,
#: 1 for ace) and a suit letter or symbol, either case, spaces allowed around them; or a rank and a
#: suit apart, either order, in signs or words (``RANK_WORDS``, suit names), ``of``/``ng`` between.
CARD_PATTERN = (
    f"^(?: *(?:{_RANK_SIGN}) *(?:[CcDdHhSs]|{_SYMBOL}) *"
    f"| *(?:{_RANK_ANY}) +{_FILLER}(?:{_SUIT_ANY}) *"
    f"| *(?:{_SUIT_ANY}) +{_FILLER}(?:{_RANK_ANY}) *)$"
)
_CARD_RE = re.compile(CARD_PATTERN)


#: marshmallow's strict ``Integer`` refuses ``2.5``, ``3.0``, ``"3"`` and ``true`` (only a JSON integer is one);
#: its message, said so that a client sees what to send
INTEGER_MESSAGES: dict[str, str | list[Any] | dict[Any, Any]] = {"invalid": INTEGER_TEXT}


class CardField(ma.fields.String):
    """A card, loaded as an interned ``Card`` and dumped as its canonical text."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": CARD_DESCRIPTION, "example": "10H", "pattern": CARD_PATTERN,
                    **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def make_error(self, key: str, **kwargs: Any) -> ma.ValidationError:
        if key == "null":
            return coded_error("invalid_card", Msg("api.null_card", hint=_CARD_HINT))
        return super().make_error(key, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        return parse_card(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else Card.parse(value).text


def parse_card(value: Any) -> Card:
    """A card from a JSON value; a marshmallow error with code ``invalid_card`` when unreadable."""
    if isinstance(value, str) and _CARD_RE.fullmatch(value) is not None:
        return Card.parse(value)
    raise coded_error("invalid_card", Msg("api.not_a_card", value=_json_text(value), hint=_CARD_HINT))


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
        raise coded_error("invalid_suit", Msg("api.not_a_suit", value=_json_text(value)))

    def make_error(self, key: str, **kwargs: Any) -> ma.ValidationError:
        if key == "null":
            return coded_error("invalid_suit", Msg("api.null_suit"))
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
            return coded_error("invalid_card", Msg("api.null_play", hint=_CARD_HINT))
        return super().make_error(key, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Play:
        if isinstance(value, str):
            return Play(parse_card(value))
        if isinstance(value, Mapping):
            unknown = sorted(str(k) for k in value if k not in ("card", "face_down"))
            if unknown:
                raise coded_error("invalid_input", Msg("api.play_unknown_fields", fields=", ".join(map(repr, unknown))))
            if "card" not in value:
                raise coded_error("invalid_input", Msg("api.play_needs_card"))
            face_down = value.get("face_down", False)
            if not isinstance(face_down, bool):
                raise coded_error("invalid_input", Msg("core.action_bad_face_down"))
            return Play(parse_card(value["card"]), face_down)
        raise coded_error("invalid_card", Msg("api.not_a_play", value=_json_text(value)))

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else value.to_json()


def _json_text(value: Any) -> Msg | str:
    if isinstance(value, Mapping):
        return Msg("api.an_object")
    if isinstance(value, list):
        return Msg("api.a_list")
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class QueryInteger(ma.fields.Integer):
    """A query parameter's whole number: ASCII digits, at most 16 of them (a JSON client's largest
    exact integer has 16), else marshmallow's "Not a valid integer." (written in the caller's
    language); ranges are the field's validators'."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if not (isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 16):
            raise self.make_error("invalid")
        return int(value)
