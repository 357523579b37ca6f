"""Human text as data: a ``Msg`` is a message key and its parameters, never a sentence.

The rules core and the use cases say *what* happened (``Msg("core.card_not_in_hand", card=c)``);
the API layer writes it in the caller's language from the message catalogs (``service/api/i18n.py``,
the ``.po`` files under each package's ``locale/``). So nothing here knows English, Indonesian or
Tagalog, and the same refusal reads correctly in each.

Parameters are plain values the catalogs format: ``int``, ``str`` (machine text such as an option
name or a code, written as is), ``bool``, ``None``, a ``Card`` (written canonically, ``10H``), a
``Suit`` (written as the suit's name in the caller's language), another ``Msg`` (written in the same
language, then inserted), or a tuple of those (written as a list).

``to_json``/``from_json`` give a ``Msg`` a JSON form (for the store: round records and idempotent
refusals keep their messages, not their English), and ``revive`` turns that form back into ``Msg``
objects throughout a JSON value read from the store.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: the JSON key marking an encoded message (no JSON this service writes has it otherwise)
TAG = "$msg"
_CARD = "$card"
_SUIT = "$suit"


class Msg:
    """A message key (``"core.unknown_ruleset"``) and its parameters. Immutable, comparable.

    Not a dataclass on purpose: the API's JSON writer (orjson) hands objects of unknown types to the
    API's hook, which writes a ``Msg`` in the caller's language (a dataclass it would write as a dict).
    """

    __slots__ = ("key", "params")

    key: str
    params: Mapping[str, Any]

    def __init__(self, key: str, /, **params: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "params", params)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Msg is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and other.key == self.key and other.params == self.params

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.params))))

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Msg({self.key!r}{args})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.key, dict(self.params)))

    def __str__(self) -> str:
        """The message in English where a writer is installed (the API installs its own, so logs and
        test failures read as sentences), else its key and parameters."""
        if _WRITER is not None:
            return _WRITER(self)
        return repr(self)


#: writes a message in English for ``str()`` (``set_writer``); None: ``repr``
_WRITER: Callable[[Msg], str] | None = None


def set_writer(writer: Callable[[Msg], str] | None) -> None:
    """Install what ``str(msg)`` uses (the API layer's English writer)."""
    global _WRITER  # one process-wide setting, made once at start
    _WRITER = writer


def _rebuild(key: str, params: dict[str, Any]) -> Msg:
    return Msg(key, **params)


def to_json(msg: Msg) -> dict[str, Any]:
    """The JSON form of a message: ``{"$msg": key, "params": {...}}`` with cards and suits tagged."""
    return {TAG: msg.key, "params": {k: _value_json(v) for k, v in msg.params.items()}}


def _value_json(value: Any) -> Any:
    from service.rules.cards import Card, Suit  # cards' errors carry messages: imported when used

    if isinstance(value, Msg):
        return to_json(value)
    if isinstance(value, Card):
        return {_CARD: value.text}
    if isinstance(value, Suit):
        return {_SUIT: value.value}
    if isinstance(value, (tuple, list)):
        return [_value_json(v) for v in value]
    return value


def from_json(data: Mapping[str, Any]) -> Msg:
    """The message ``to_json`` wrote."""
    params = data.get("params") or {}
    key = str(data[TAG])
    for value in params.values():
        if type(value) not in _SHAREABLE:
            return Msg(key, **{str(k): _value_from_json(v) for k, v in params.items()})
    # every parameter a str or an int (or none): one shared object per content, since a message is
    # immutable. A stored state repeats the same few (its revokes' rules, "trick 2"): decoding an
    # Avinas table-mode state with its revokes took twice as long before (bench/HISTORY.md, Avinas)
    shared = (key, *params.items())
    found = _SHARED.get(shared)
    if found is None:
        if len(_SHARED) >= _SHARED_KEPT:
            _SHARED.clear()
        found = _SHARED[shared] = Msg(key, **{str(k): v for k, v in params.items()})
    return found


#: parameter types whose values tell their type by equality (``True == 1``: bool is not one of them)
_SHAREABLE = frozenset({str, int})
_SHARED: dict[tuple[Any, ...], Msg] = {}
_SHARED_KEPT = 4096


def _value_from_json(value: Any) -> Any:
    from service.rules.cards import Card, Suit

    if isinstance(value, dict):
        if TAG in value:
            return from_json(value)
        if _CARD in value:
            return Card.parse(value[_CARD])
        if _SUIT in value:
            return Suit.parse(value[_SUIT])
    if isinstance(value, list):
        return tuple(_value_from_json(v) for v in value)
    return value


def encode_messages(value: Any) -> Any:
    """``value`` (JSON-ready but for ``Msg`` objects) with every ``Msg`` in its JSON form."""
    if isinstance(value, Msg):
        return to_json(value)
    if isinstance(value, dict):
        return {k: encode_messages(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [encode_messages(v) for v in value]
    return value


def revive(value: Any) -> Any:
    """A JSON value with every encoded message (``to_json``'s form) turned back into a ``Msg``."""
    if isinstance(value, dict):
        if TAG in value:
            return from_json(value)
        return {k: revive(v) for k, v in value.items()}
    if isinstance(value, list):
        return [revive(v) for v in value]
    return value
