"""``encode``: rules-core values (frozen dataclasses, tuples, frozensets, Cards, Suits, messages,
options and plain JSON values) as JSON-ready data, through one encoder per exact type."""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Mapping
from enum import Enum
from math import isfinite
from typing import Any

from service.matches.codec.generated import PLAIN, compile_function, fields_of, identity
from service.rules.cards import Card
from service.rules.messages import Msg
from service.rules.messages import to_json as _msg_to_json
from service.rules.options import Options


def encode(value: Any) -> Any:
    """JSON-ready form of ``value``: dicts with string keys, lists, strings, integers, booleans, None
    and finite floats (ValueError for NaN or an infinity, in a message's parameters too; TypeError
    for a type it has no form for), which orjson writes as the standard library does
    (``service.store.encoding.written``)."""
    encoder = _ENCODERS.get(type(value))
    if encoder is not None:
        return encoder(value)
    return _encode_other(value)


def _encode_seq(value: Any) -> list[Any]:
    # encode(v), with the plain values and the cards (most items) done here
    return [v if (t := type(v)) in PLAIN else v.text if t is Card else encode(v) for v in value]


def _encode_frozenset(value: frozenset[Any]) -> list[Any]:
    return sorted((encode(v) for v in value), key=_sort_key)


def _encode_mapping(value: Mapping[Any, Any]) -> dict[str, Any]:
    # {str(k): encode(v)}, with str keys (str(k) is k) and plain values (options, in every view) done here
    return {k if type(k) is str else str(k): v if type(v) in PLAIN else encode(v) for k, v in value.items()}


def _encode_float(value: float) -> float:
    if not isfinite(value):
        raise ValueError(f"{value!r} has no JSON form")
    return value


def _encode_msg(value: Msg) -> dict[str, Any]:
    """A message as ``messages.to_json`` writes it, its parameters checked as everything ``encode``
    gives: JSON's own types only (``messages.to_json`` passes a parameter it does not know as it is)."""
    data = _msg_to_json(value)
    _require_json(data["params"])
    return data


def _require_json(value: Any) -> None:
    """ValueError for NaN or an infinity, TypeError for a value of a type JSON lacks (a string or an
    integer of a subclass passes, as the stores write it), anywhere in ``value``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"a key {key!r} that is not a string")
            _require_json(item)
    elif isinstance(value, list):
        for item in value:
            _require_json(item)
    elif isinstance(value, float):
        _encode_float(value)
    elif value is not None and not isinstance(value, (str, int)):
        raise TypeError(f"cannot encode {type(value).__name__} in a message")


def _encode_enum(value: Enum) -> Any:
    return value.value


def _encode_card(value: Card) -> str:
    return value.text


#: exact type -> encoder; filled for dataclasses, enums and mappings as they are first met, so the
#: type tests run once per type rather than once per value (states are encoded on every request).
_ENCODERS: dict[type, Any] = {
    type(None): identity,
    bool: identity,
    int: identity,
    float: _encode_float,
    str: identity,
    Card: _encode_card,
    tuple: _encode_seq,
    list: _encode_seq,
    frozenset: _encode_frozenset,
    dict: _encode_mapping,
    Options: _encode_mapping,
    Msg: _encode_msg,
}


def _encode_other(value: Any) -> Any:
    """Encode a value whose exact type has no encoder yet, registering one where the type decides."""
    kind = type(value)
    encoder: Any
    if isinstance(value, Enum):
        encoder = _encode_enum
    elif isinstance(value, float):
        return _encode_float(value)
    elif isinstance(value, (bool, int, str)):
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
    """``{name: encode(value.name), ...}`` for the fields of ``cls``, as one generated function: a field
    holding an int, str, bool, float or None (most of them) is copied and a card written as its text
    without a call to ``encode``."""
    names = tuple(f.name for f in fields_of(cls))
    items = ", ".join(
        f"{name!r}: (v if (t := type(v := value.{name})) in plain else v.text if t is Card else encode(v))"
        for name in names
    )
    source = f"def encode_dataclass(value):\n    return {{{items}}}\n"
    namespace = {"plain": PLAIN, "encode": encode, "type": type, "Card": Card}
    return compile_function(source, "encode_dataclass", cls, namespace)


def _sort_key(v: Any) -> str:
    return repr(v)


def encode_like(new: Any, old: Any, old_json: Any) -> Any:
    """``encode(new)``, reusing ``old_json`` (``old`` encoded) for every part ``new`` shares.

    States are immutable and an action rebuilds only what it changes, so the new state holds the
    old one's unchanged parts as the very same objects: an unchanged part's encoding is the old
    one's. A tuple that only grew (a round history) reuses its old items' encodings. Saving a state
    then costs about the size of what changed, not of the whole match so far (``bench/HISTORY.md``,
    "Codec")."""
    if new is old:
        return old_json
    kind = type(new)
    if kind is not type(old):
        return encode(new)
    if kind is tuple and isinstance(old_json, list) and len(old_json) == len(old) <= len(new):
        if all(map(operator.is_, new, old)):
            return old_json + [encode(item) for item in new[len(old):]]
        return encode(new)
    like = _LIKE.get(kind, _UNSEEN)
    if like is _UNSEEN:
        like = _LIKE[kind] = _like_function(kind) if dataclasses.is_dataclass(kind) else None
    if like is None or not isinstance(old_json, dict):
        return encode(new)
    return like(new, old, old_json)


def _like_function(cls: type) -> Any:
    """``encode_like`` of two values of the dataclass ``cls``, as one generated function: for each
    field, in order, the old encoding when the new value is the old one, else ``encode_like`` of
    the two (``encode`` of the new one when the old encoding lacks the field: saved before it
    existed). The same through ``getattr`` in a loop cost a fifth more per post (callgrind:
    ``encoded_state`` 89,445 instructions a Forty-Fives post, 74,452 generated)."""
    lines = ["def encode_like_dataclass(new, old, old_json):", "    get = old_json.get"]
    for i, name in enumerate(f.name for f in fields_of(cls)):
        lines += [
            f"    v, j = new.{name}, get({name!r}, missing)",
            f"    f{i} = encode(v) if j is missing else j if v is (b := old.{name}) else encode_like(v, b, j)",
        ]
    items = ", ".join(f"{f.name!r}: f{i}" for i, f in enumerate(fields_of(cls)))
    lines.append(f"    return {{{items}}}")
    namespace = {"encode": encode, "encode_like": encode_like, "missing": _UNSEEN}
    return compile_function("\n".join(lines) + "\n", "encode_like_dataclass", cls, namespace)


#: each type ``encode_like`` met: its generated function (``_like_function``), None for a type that
#: is not a dataclass
_LIKE: dict[type, Any] = {}
_UNSEEN: Any = object()
