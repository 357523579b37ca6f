"""``decode(tp, data)``: a value of type ``tp`` rebuilt from ``encode``'s output, reading dataclass
field types; one decoder built per type, with a generated fast path per dataclass for the canonical
form (see ``_dataclass_decoder``)."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any, Union, get_args, get_origin

from service.matches.codec.generated import compile_function, fields_of, hints_of, identity
from service.rules.bounded import Bounded
from service.rules.cards import BY_TEXT, Card, Rank, Suit
from service.rules.messages import Msg
from service.rules.messages import from_json as _msg_from_json
from service.rules.options import Options
from service.rules.slots import slot_maker, slots_set_by_init

_PARSE = Card.parse


def decode(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from ``encode``'s output."""
    return _decoder(tp)(data)


def _built_once(table: dict[Any, Any], tp: Any, build: Any, unhashable: Any) -> Any:
    """``build(tp)``, kept in ``table``; ``unhashable(tp)`` for a type expression that cannot be a key."""
    try:
        found = table.get(tp)
    except TypeError:
        return unhashable(tp)
    if found is None:
        found = table[tp] = build(tp)
    return found


def _decoder(tp: Any) -> Any:
    """The function that decodes data of type ``tp``, built once per type (see ``_build``; an
    unhashable type expression is built each time)."""
    return _built_once(_DECODERS, tp, _build, _build)


_DECODERS: dict[Any, Any] = {}


def _build(tp: Any) -> Any:
    if tp is Any:
        return _freeze
    if tp is Card:
        return _PARSE
    if tp is Options:
        return _decode_options
    if tp is Msg:
        return _decode_msg
    if tp in (Suit, Rank):
        return tp
    if tp in (int, str, bool, float):
        return identity
    if tp is type(None):
        return _none
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        return _union_decoder(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            if item is identity:
                return tuple
            if item is _PARSE:
                return _decode_card_tuple
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
        if value is _freeze:  # options and the like: _freeze inlined for the values that are no list
            return _decode_plain_mapping
        return lambda data: {k: value(v) for k, v in data.items()}
    if origin is typing.Literal:
        return identity
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp
    raise TypeError(f"cannot decode type {tp!r}")


def _none(data: Any) -> None:
    return None


def _decode_card_tuple(data: Any) -> tuple[Card, ...]:
    """``tuple[Card, ...]``: canonical texts by one dict lookup each, anything else through ``Card.parse``."""
    try:
        return tuple(map(_CARD_BY_TEXT, data))
    except Exception:  # not all canonical: Card.parse reads them or raises its own error
        pass
    return tuple([_PARSE(v) for v in data])


def _union_decoder(tp: Any) -> Any:
    members = [a for a in get_args(tp) if a is not type(None)]
    if len(members) == 1:
        only = _decoder(members[0])
        if only is identity:  # ``int | None`` and the like: the data is the value
            return identity
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
    """Decode a dataclass from a dict holding some or all of its fields.

    The usual data, a dict holding every field in canonical form (what ``encode`` writes), takes a
    fast path: one function generated for ``cls`` that reads each field by its key and passes the
    decoded values to ``cls`` positionally. A plain field (int, str, bool, float, a Literal, or one
    of those or None) is passed as it is, a card is one dict lookup (a tuple of cards, one lookup a
    card), any other field goes through its ``_fast_decoder``. Anything that path does not take (a
    missing field, a card written ``"10h"``, data that is not a dict ...) raises inside it and goes
    to ``_generic_dataclass_decoder``, the general reading, which gives exactly what it always gave
    (a value or an error). The fast path returns only what the general one would return for the
    same data, so the output never depends on the path taken.

    The function is registered before the field decoders are looked up, so a dataclass may refer to
    itself; it takes the general path until they are all in place (for good, if a field's type
    cannot be decoded: the general path then raises as it always did)."""
    generic = _generic_dataclass_decoder(cls)
    fields = fields_of(cls)
    if not fields or any(not f.init or f.kw_only for f in fields):
        return generic
    try:
        hints = hints_of(cls)
        shapes = [_shape(hints[f.name]) for f in fields]
    except Exception:  # hints not resolvable now: the general path resolves them on use
        return generic
    args = []
    for i, (f, shape) in enumerate(zip(fields, shapes, strict=True)):
        read = f"data[{f.name!r}]"
        if shape == _PLAIN_FIELD:
            args.append(read)
        elif shape == _CARD_FIELD:
            args.append(f"cards[{read}]")
        elif shape == _CARD_TUPLE_FIELD:
            args.append(f"tuple(map(card_of, {read}))")
        elif shape == _OPTIONAL_CARD_FIELD:
            args.append(f"(None if (v{i} := {read}) is None else cards[v{i}])")
        elif shape == _OPTIONAL_FIELD:
            args.append(f"(None if (v{i} := {read}) is None else f{i}(v{i}))")
        else:
            args.append(f"f{i}({read})")
    # ``make``: the class itself, or the same object built by setting its slots (``slots``)
    make = slot_maker(cls) if slots_set_by_init(cls) else cls
    source = (
        "def decode_dataclass(data):\n"
        "    if data.__class__ is fast_type:\n"
        "        try:\n"
        f"            return make({', '.join(args)})\n"
        "        except Exception:\n"
        "            pass\n"
        "    return generic(data)\n"
    )
    # ``fast_type``: the fast path is off (no data is a _Closed) until every field decoder is in place
    namespace: dict[str, Any] = {
        "make": make,
        "generic": generic,
        "fast_type": _Closed,
        "cards": _CARDS,
        "card_of": _CARD_BY_TEXT,
    }
    function = compile_function(source, "decode_dataclass", cls, namespace)
    _DECODERS[cls] = function
    try:
        for i, (f, shape) in enumerate(zip(fields, shapes, strict=True)):
            if shape == _OPTIONAL_FIELD:
                namespace[f"f{i}"] = _fast_decoder(_optional_member(hints[f.name]))
            elif shape == _OTHER_FIELD:
                namespace[f"f{i}"] = _fast_decoder(hints[f.name])
    except Exception:  # a field type codec cannot decode: the general path, which raises as it always did
        return function
    namespace["fast_type"] = dict
    return function


class _Closed:
    """The type no data has: a generated decoder whose ``fast_type`` is this takes the general path."""


_PLAIN_FIELD, _CARD_FIELD, _CARD_TUPLE_FIELD, _OPTIONAL_CARD_FIELD, _OPTIONAL_FIELD, _OTHER_FIELD = range(6)


def _shape(tp: Any) -> int:
    """How the fast path reads a field of type ``tp`` (from the type alone, building no decoder)."""
    if tp in (int, str, bool, float) or get_origin(tp) is typing.Literal:
        return _PLAIN_FIELD  # _build: identity
    if tp is Card:
        return _CARD_FIELD
    if get_origin(tp) is tuple and get_args(tp) == (Card, Ellipsis):
        return _CARD_TUPLE_FIELD  # _fast_card_tuple
    member = _optional_member(tp)
    if member is not None:
        inner = _shape(member)
        if inner == _PLAIN_FIELD:
            return _PLAIN_FIELD  # _union_decoder: identity
        return _OPTIONAL_CARD_FIELD if inner == _CARD_FIELD else _OPTIONAL_FIELD
    return _OTHER_FIELD


def _optional_member(tp: Any) -> Any:
    """``X`` for ``X | None`` (``Optional[X]``), else None."""
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        args = get_args(tp)
        if len(args) == 2 and type(None) in args:
            return args[0] if args[1] is type(None) else args[1]
    return None


def _fast_decoder(tp: Any) -> Any:
    """A decoder of ``tp`` for the fast path: it may raise on data ``_decoder(tp)`` would take (it
    reads the canonical form only), but whatever it returns is what ``_decoder(tp)`` returns for the
    same data. Built once per type."""
    return _built_once(_FAST, tp, _build_fast, _decoder)  # unhashable: the general decoder


_FAST: dict[Any, Any] = {}


def _build_fast(tp: Any) -> Any:
    general = _decoder(tp)
    if general is _PARSE:
        return _CARD_BY_TEXT
    if general is _decode_card_tuple:
        return _fast_card_tuple
    if isinstance(tp, type) and issubclass(tp, Enum) and general is tp:
        try:  # Enum(value) looks the value up in this same mapping first
            return {m.value: m for m in tp.__members__.values()}.__getitem__
        except TypeError:  # unhashable values
            return general
    member = _optional_member(tp)
    if member is not None:
        inner = _fast_decoder(member)
        if inner is identity:
            return identity
        return lambda data: None if data is None else inner(data)
    origin = get_origin(tp)
    args = get_args(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _fast_decoder(args[0])
        if item is identity:
            return tuple
        return lambda data: tuple(map(item, data))
    # plain types, dataclasses (their own fast path inside), mappings, Any, fixed tuples, unions ...
    return general


#: canonical card text -> Card; indexing raises KeyError (or TypeError) for anything else
_CARDS: dict[str, Card] = dict(BY_TEXT)
_CARD_BY_TEXT = _CARDS.__getitem__


def _fast_card_tuple(data: Any) -> tuple[Card, ...]:
    return tuple(map(_CARD_BY_TEXT, data))


def _generic_dataclass_decoder(cls: type) -> Any:
    """Decode a dataclass from a dict holding some or all of its fields, field by field (the general
    path). Field decoders are looked up on first use, so a dataclass may refer to itself."""
    built: list[tuple[tuple[str, Any], ...] | None] = [None]

    def decode_dataclass(data: Any) -> Any:
        plan = built[0]
        if plan is None:
            hints = hints_of(cls)
            plan = tuple((f.name, _decoder(hints[f.name])) for f in fields_of(cls))
            built[0] = plan  # one assignment: another thread sees no plan or the whole plan
        kwargs = {}
        for name, field_decoder in plan:
            if name in data:
                kwargs[name] = field_decoder(data[name])
        return cls(**kwargs)

    return decode_dataclass


#: plain mappings decoded so far (a match's options), by content: a state decoded again holds the
#: very same options object, so whatever a ruleset derives from its options once (digested rules,
#: rank tables, cached by the options object) serves every request of the match in this process.
#: Decoded states are never changed, so sharing the object is safe; bounded.
_MAPPINGS: Bounded[tuple[Any, ...], dict[str, Any]] = Bounded(256)


def _decode_plain_mapping(data: Mapping[str, Any]) -> dict[str, Any]:
    decoded = {k: _freeze(v) if isinstance(v, list) else v for k, v in data.items()}
    try:
        key = tuple(decoded.items())
        hash(key)
    except TypeError:  # a value that cannot be a key (a nested object): not shared
        return decoded
    return _MAPPINGS.get_or_make(key, lambda: decoded)


def _decode_msg(data: Any) -> Msg:
    if type(data) is not dict:
        raise TypeError(f"a message is encoded as an object, not {type(data).__name__}")
    return _msg_from_json(data)


def _decode_options(data: Mapping[str, Any]) -> Options:
    """Options are one object per content (``Options.of``): a match decoded again holds the very same
    object, so what a ruleset derives from it once serves every request of the match. Options stored
    as seen before (the same items, each value of the same type) are found without ``Options.of``'s
    sorted, frozen content key, which costs much of decoding a state with many options
    (``bench/HISTORY.md``, Avinas)."""
    def made() -> Options:
        return Options.of({k: _freeze(v) if isinstance(v, list) else v for k, v in data.items()})

    try:
        seen = tuple([(k, _typed(v)) for k, v in data.items()])
        hash(seen)
    except TypeError:  # an object among the values: not kept here
        return made()
    return _OPTIONS_SEEN.get_or_make(seen, made)


def _typed(value: Any) -> Any:
    """A JSON value as a hashable key that tells ``True``, ``1`` and ``1.0`` apart."""
    if value.__class__ is list:
        return (list, *map(_typed, value))
    return (value.__class__, value)


_OPTIONS_SEEN: Bounded[tuple[Any, ...], Options] = Bounded(1024)


def _freeze(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(_freeze(v) for v in data)
    return data
