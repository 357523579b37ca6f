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
    encoder = _ENCODERS.get(type(value))
    if encoder is not None:
        return encoder(value)
    return _encode_other(value)


def _identity(value: Any) -> Any:
    return value


def _encode_seq(value: Any) -> list[Any]:
    return [encode(v) for v in value]


def _encode_frozenset(value: frozenset[Any]) -> list[Any]:
    return sorted((encode(v) for v in value), key=_sort_key)


def _encode_mapping(value: Mapping[Any, Any]) -> dict[str, Any]:
    return {str(k): encode(v) for k, v in value.items()}


def _encode_enum(value: Enum) -> Any:
    return value.value


def _encode_card(value: Card) -> str:
    return value.text


#: exact type -> encoder; filled for dataclasses, enums and mappings as they are first met, so the
#: type tests run once per type rather than once per value (states are encoded on every request).
_ENCODERS: dict[type, Any] = {
    type(None): _identity,
    bool: _identity,
    int: _identity,
    float: _identity,
    str: _identity,
    Card: _encode_card,
    tuple: _encode_seq,
    list: _encode_seq,
    frozenset: _encode_frozenset,
    dict: _encode_mapping,
}


def _encode_other(value: Any) -> Any:
    """Encode a value whose exact type has no encoder yet, registering one where the type decides."""
    kind = type(value)
    encoder: Any
    if isinstance(value, Enum):
        encoder = _encode_enum
    elif isinstance(value, (bool, int, float, str)):
        return value
    elif isinstance(value, (tuple, list)):
        encoder = _encode_seq
    elif isinstance(value, frozenset):
        encoder = _encode_frozenset
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        encoder = _dataclass_encoder(kind)
    elif isinstance(value, Mapping):
        encoder = _encode_mapping
    else:
        raise TypeError(f"cannot encode {kind.__name__}")
    _ENCODERS[kind] = encoder
    return encoder(value)


def _dataclass_encoder(cls: type) -> Any:
    names = tuple(f.name for f in _fields(cls))

    def encode_dataclass(value: Any) -> dict[str, Any]:
        return {name: encode(getattr(value, name)) for name in names}

    return encode_dataclass


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
    return _decoder(tp)(data)


def _decoder(tp: Any) -> Any:
    """The function that decodes data of type ``tp``, built once per type (see ``_build``)."""
    try:
        found = _DECODERS.get(tp)
    except TypeError:  # an unhashable type expression: build it each time
        return _build(tp)
    if found is None:
        found = _build(tp)
        _DECODERS[tp] = found
    return found


_DECODERS: dict[Any, Any] = {}


def _build(tp: Any) -> Any:
    if tp is Any:
        return _freeze
    if tp is Card:
        return _PARSE
    if tp in (Suit, Rank):
        return tp
    if tp in (int, str, bool, float):
        return _identity
    if tp is type(None):
        return _none
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _union_decoder(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            if item is _identity:
                return tuple
            return lambda data: tuple([item(v) for v in data])
        items = [_decoder(a) for a in args]
        return lambda data: tuple(f(v) for f, v in zip(items, data, strict=True))
    if origin is frozenset:
        (arg,) = get_args(tp)
        member = _decoder(arg)
        return lambda data: frozenset(member(v) for v in data)
    if origin is list:
        (arg,) = get_args(tp)
        element = _decoder(arg)
        return lambda data: [element(v) for v in data]
    if origin in (dict, Mapping) or origin is typing.Mapping or tp is dict:
        kv = get_args(tp)
        value = _decoder(kv[1] if kv else Any)
        return lambda data: {k: value(v) for k, v in data.items()}
    if origin is typing.Literal:
        return _identity
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp
    raise TypeError(f"cannot decode type {tp!r}")


def _none(data: Any) -> None:
    return None


def _union_decoder(tp: Any) -> Any:
    members = [a for a in get_args(tp) if a is not type(None)]
    if len(members) == 1:
        only = _decoder(members[0])
        return lambda data: None if data is None else only(data)
    options = [_decoder(a) for a in members]

    def decode_union(data: Any) -> Any:
        if data is None:
            return None
        for option in options:  # first type that takes it
            try:
                return option(data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"cannot decode {data!r} as {tp}")

    return decode_union


def _dataclass_decoder(cls: type) -> Any:
    """Decode a dataclass from a dict holding some or all of its fields. Field decoders are looked
    up on first use, so a dataclass may refer to itself."""
    built: list[tuple[tuple[str, Any], ...] | None] = [None]

    def decode_dataclass(data: Any) -> Any:
        plan = built[0]
        if plan is None:
            hints = _hints(cls)
            plan = tuple((f.name, _decoder(hints[f.name])) for f in _fields(cls))
            built[0] = plan  # one assignment: another thread sees no plan or the whole plan
        kwargs = {}
        for name, field_decoder in plan:
            if name in data:
                kwargs[name] = field_decoder(data[name])
        return cls(**kwargs)

    return decode_dataclass


def _freeze(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(_freeze(v) for v in data)
    return data
