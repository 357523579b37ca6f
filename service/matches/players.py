"""Player names: read, checked and normalised once, when a match is created.

A name is shown on every device at the table and in the match record, so it must be text a person
can read and tell apart from the others:

* stored in Unicode NFC, without surrounding white space, at most ``MAX_NAME_LENGTH`` characters;
* no control characters (``\\n``, ``\\x00`` ...) and no bidirectional controls (U+202A-U+202E,
  U+2066-U+2069, U+200E, U+200F, U+061C), which can make a name display as another;
* something visible: a name of only spaces, zero-width characters or combining marks looks empty;
* no two names the same after NFC and case folding (``Ann`` and ``ANN``, ``é`` and ``e`` + U+0301).

A broken rule is an ``InvalidPlayerName`` naming the player (seat) and the reason (``reason``:
``control_character``, ``bidirectional_control``, ``looks_empty``, ``too_long``, ``duplicate``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from service.computer.levels import LEVELS
from service.matches.errors import InvalidPlayerName, InvalidRequest
from service.rules.messages import Msg

MAX_NAME_LENGTH = 100
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
_MESSAGES = {
    "bidirectional_control": "matches.name_bidirectional_control",
    "control_character": "matches.name_control_character",
    "looks_empty": "matches.name_looks_empty",
    "too_long": "matches.name_too_long",
}
#: categories that show nothing by themselves: spaces, format characters (zero-width ...), marks
_INVISIBLE = frozenset({"Zs", "Zl", "Zp", "Cf", "Mn", "Me", "Cc"})


def read_seats(value: Any) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The players' names and each seat's computer level (None: a person). A player is a name, or
    ``{"name": ..., "computer": LEVEL}`` for a seat the service plays (``service.computer``)."""
    if not isinstance(value, list):
        raise InvalidRequest(Msg("matches.bad_players", most=MAX_NAME_LENGTH))
    names: list[Any] = []
    computers: list[str | None] = []
    for item in value:
        if isinstance(item, Mapping):
            if set(item) - {"name", "computer"} or "name" not in item:
                raise InvalidRequest(Msg("matches.bad_players", most=MAX_NAME_LENGTH))
            level = item.get("computer")
            if level is not None and level not in LEVELS:
                raise InvalidRequest(
                    Msg("matches.unknown_computer_level", level=str(level)[:40], allowed=", ".join(LEVELS)),
                    code="unknown_computer_level",
                    legal=list(LEVELS),
                )
            names.append(item["name"])
            computers.append(level)
        else:
            names.append(item)
            computers.append(None)
    return read_players(names), tuple(computers)


def read_players(value: Any) -> tuple[str, ...]:
    """The players' names, normalised; InvalidRequest for a body that is not a list of strings,
    InvalidPlayerName for a name that breaks a rule above."""
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise InvalidRequest(Msg("matches.bad_players", most=MAX_NAME_LENGTH))
    names = tuple(_checked(seat, name) for seat, name in enumerate(value))
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        key = unicodedata.normalize("NFC", name.casefold())
        first = seen.setdefault(key, seat)
        if first != seat:
            raise InvalidPlayerName(
                Msg("matches.name_duplicate", seat=seat, name=name, first=first),
                extra={"player": seat, "reason": "duplicate", "same_as": first},
            )
    return names


def _checked(seat: int, raw: str) -> str:
    name = unicodedata.normalize("NFC", raw).strip()
    reason: str | None = None
    if any(ch in BIDI_CONTROLS for ch in name):
        reason = "bidirectional_control"
    elif any(unicodedata.category(ch) == "Cc" for ch in name):
        reason = "control_character"
    elif all(unicodedata.category(ch) in _INVISIBLE for ch in name):
        reason = "looks_empty"
    elif len(name) > MAX_NAME_LENGTH:
        reason = "too_long"
    if reason is not None:
        raise InvalidPlayerName(
            Msg(_MESSAGES[reason], seat=seat, name=_shown(raw), most=MAX_NAME_LENGTH),
            extra={"player": seat, "reason": reason},
        )
    return name


def _shown(raw: str) -> str:
    """A refused name as a message may quote it: its invisible characters escaped, at most 40 long."""
    text = "".join(ch if unicodedata.category(ch) not in ("Cc", "Cf") else f"\\u{ord(ch):04x}" for ch in raw)
    return text if len(text) <= 40 else text[:37] + "..."
