"""JSON encoding of rules-core values (match states, actions) and their decoding by type hints.

``encode`` turns frozen dataclasses, tuples, frozensets, Cards, Suits and plain JSON values into
JSON-ready data; ``decode(cls, data)`` rebuilds an instance of ``cls`` from it, reading the
dataclass field types. One codec for every ruleset's state, so a game module only declares its
state as frozen dataclasses. Cards encode as their canonical text (``"10H"``).
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any, Union, get_args, get_origin

from service.rules.cards import Card, Rank, Suit

_PARSE = Card.parse


def encode(value: Any) -> Any:
    """JSON-ready form of ``value``."""
    if value is None or (isinstance(value, (bool, int, float, str)) and not isinstance(value, Enum)):
        return value
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((encode(v) for v in value), key=_sort_key)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in _fields(type(value))}
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__}")


def _sort_key(v: Any) -> str:
    return repr(v)


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(dataclasses.fields(cls))


@cache
def _hints(cls: type) -> dict[str, Any]:
    module = sys.modules.get(cls.__module__)
    return typing.get_type_hints(cls, globalns=vars(module) if module else None)


def decode(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from ``encode``'s output."""
    if tp is Any:
        return _freeze(data)
    if tp is Card:
        return _PARSE(data)
    if tp in (Suit, Rank):
        return tp(data)
    if tp in (int, str, bool, float):
        return data
    if tp is type(None):
        return None
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        if data is None:
            return None
        members = [a for a in get_args(tp) if a is not type(None)]
        if len(members) == 1:
            return decode(members[0], data)
        for arg in members:  # first type that takes it
            try:
                return decode(arg, data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"cannot decode {data!r} as {tp}")
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v) for v in data)
        return tuple(decode(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        (arg,) = get_args(tp)
        return frozenset(decode(arg, v) for v in data)
    if origin is list:
        (arg,) = get_args(tp)
        return [decode(arg, v) for v in data]
    if origin in (dict, Mapping) or origin is typing.Mapping or tp is dict:
        kv = get_args(tp)
        vt = kv[1] if kv else Any
        return {k: decode(vt, v) for k, v in data.items()}
    if origin is typing.Literal:
        return data
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {}
        for f in _fields(tp):
            if f.name in data:
                kwargs[f.name] = decode(hints[f.name], data[f.name])
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    raise TypeError(f"cannot decode type {tp!r}")


def _freeze(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(_freeze(v) for v in data)
    return data
