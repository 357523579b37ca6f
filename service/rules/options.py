"""House rules: each option's spec, and the validated ``Options`` of a ruleset.

An ``OptionSpec`` is one row of a spec's options table (name, type, allowed values, default,
description). ``Options`` is what validation gives: the options with every default filled in,
immutable, and **one object per distinct content in a process** (``Options.of``). That is the one
options cache of the service: whatever a game derives from its options (a typed config, rank
tables) is made once per distinct options with ``options.derive(make)``, and serves every request and every match
that plays by the same rules. The same table also keeps each ruleset's answer to
``validate_options`` for a raw value seen before (``validated``), so the rules endpoints do not
validate the same body twice, and for options already validated (a new match of a series).
"""

from __future__ import annotations

import json
from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from service.rules.bounded import Bounded
from service.rules.errors import InvalidOption
from service.rules.facts import is_json_int
from service.rules.messages import Msg

OptionType = Literal["enum", "int", "bool", "int_list", "nullable_int", "nullable_enum", "nullable_int_list"]
#: the option types whose value may also be null
NULLABLE_TYPES = ("nullable_enum", "nullable_int", "nullable_int_list")
_T = TypeVar("_T")


@dataclass(frozen=True)
class OptionSpec:
    """One house rule: its name, type, allowed values and default (the spec's options table).

    ``type``:
      * ``"enum"``: one of ``allowed`` (strings);
      * ``"nullable_enum"``: one of ``allowed`` or null;
      * ``"int"``: an integer in ``[minimum, maximum]`` (either bound may be None);
      * ``"nullable_int"``: as ``"int"``, or null;
      * ``"bool"``: true or false;
      * ``"int_list"``: a list of integers, each in ``[minimum, maximum]``; ``check`` may add rules;
      * ``"nullable_int_list"``: as ``"int_list"``, or null.
    ``check``: an extra validation returning what is wrong (a message), or None when the value is fine.
    ``description``: the message describing the option in the catalogue.
    """

    name: str
    type: OptionType
    default: Any
    description: Msg | str
    allowed: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    check: Callable[[Any], Msg | str | None] | None = field(default=None, compare=False, repr=False)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "default": list(self.default) if isinstance(self.default, tuple) else self.default,
            "description": self.description,
        }
        if self.allowed is not None:
            out["allowed"] = list(self.allowed)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    @property
    def namespace(self) -> str:
        """The catalog namespace of the option's messages: the first part of its description's key
        (the game's, so that the rulesets of one game share their options' titles; ``core`` for an
        option of the service's own, such as ``revoke_penalty``)."""
        if isinstance(self.description, Msg):
            return self.description.key.split(".", 1)[0]
        return "core"

    def title(self) -> Msg:
        """The option's short human name (``<namespace>.option.<name>.title``: "Deal pattern")."""
        return Msg(f"{self.namespace}.option.{self.name}.title")

    def value_title(self, value: Any) -> Msg:
        """The short human name of one allowed value of an enum option
        (``<namespace>.option.<name>.value.<value>``; null: ``core.option.value_null``)."""
        if value is None:
            return Msg("core.option.value_null")
        return Msg(f"{self.namespace}.option.{self.name}.value.{value}")

    def allowed_text(self) -> Msg | str:
        """What a value of this option may be, as a message ("one of 'a', 'b'", "an integer from 1 to 9")."""
        nullable = self.type in NULLABLE_TYPES
        if self.type in ("enum", "nullable_enum"):
            titles = tuple(self.value_title(a) for a in (self.allowed or ()))
            return Msg("core.allowed.one_of_or_null" if nullable else "core.allowed.one_of", values=titles)
        if self.type == "bool":
            return Msg("core.allowed.bool")
        if self.type in ("int", "nullable_int") and self.allowed is not None:
            values = ", ".join(str(a) for a in self.allowed)
            return Msg("core.allowed.one_of_or_null" if nullable else "core.allowed.one_of", values=values)
        kind = {"int": "int", "nullable_int": "int_or_null", "nullable_int_list": "int_list_or_null"}.get(
            self.type, "int_list"
        )
        lo, hi = self.minimum, self.maximum
        if lo is not None and hi is not None:
            return Msg(f"core.allowed.{kind}_from_to", lo=lo, hi=hi)
        if lo is not None:
            return Msg(f"core.allowed.{kind}_at_least", lo=lo)
        if hi is not None:
            return Msg(f"core.allowed.{kind}_at_most", hi=hi)
        return Msg(f"core.allowed.{kind}")

    def validate(self, value: Any) -> Any:
        """Return the value in its canonical form, or raise InvalidOption naming the option."""
        t = self.type
        if value is None and t in NULLABLE_TYPES:
            return None
        if t in ("enum", "nullable_enum"):
            if not isinstance(value, str) or value not in (self.allowed or ()):
                raise self.refusal(value)
        elif t == "bool":
            if not isinstance(value, bool):
                raise self.refusal(value)
        elif t in ("int", "nullable_int"):
            if not is_json_int(value) or not _in_bounds(value, self.minimum, self.maximum):
                raise self.refusal(value)
            if self.allowed is not None and value not in self.allowed:
                raise self.refusal(value)
        elif t in ("int_list", "nullable_int_list"):
            if not isinstance(value, (list, tuple)) or not value:
                raise self.refusal(value)
            if not all(is_json_int(v) and _in_bounds(v, self.minimum, self.maximum) for v in value):
                raise self.refusal(value)
            value = tuple(value)
        if self.check is not None:
            why = self.check(value)
            if why:
                raise self.refusal(value, why)
        return value

    def refusal(self, value: Any, why: Msg | str | None = None) -> InvalidOption:
        """The InvalidOption for ``value``: what the option must be, or ``why`` it may not be this."""
        if why is None:
            message = Msg("core.option_must_be", option=self.title(), allowed=self.allowed_text(), value=value)
        else:
            if isinstance(why, str):  # transitional: games not yet moved to message keys
                why = Msg("core.text", text=why)
            message = Msg("core.option_refused", option=self.title(), why=why)
        return InvalidOption(message, option=self.name, allowed=self.allowed_json())

    def allowed_json(self) -> Any:
        """The ``allowed`` of a refusal: the values, or (for a range) what a value may be."""
        if self.allowed is not None:
            return list(self.allowed) + ([None] if self.type in NULLABLE_TYPES else [])
        return self.allowed_text()


def _in_bounds(v: int, lo: int | None, hi: int | None) -> bool:
    return (lo is None or v >= lo) and (hi is None or v <= hi)


class Options(Mapping[str, Any]):
    """A ruleset's validated options: immutable, equal to the plain mapping of the same content, and
    one object per distinct content (``Options.of``), so ``derive`` makes each derived value once."""

    __slots__ = ("_derived", "_key", "_values")

    _values: dict[str, Any]
    _key: tuple[tuple[str, Any], ...]
    #: what ``derive`` made from these options, by the function that made it
    _derived: dict[Callable[[Options], Any], Any]

    def __init__(self, values: Mapping[str, Any], _key: tuple[tuple[str, Any], ...] | None = None) -> None:
        """Prefer ``Options.of``, which returns the one object of that content."""
        self._values = dict(values)
        self._key = _key if _key is not None else _content_key(self._values)
        self._derived = {}

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> Options:
        """The options object holding ``values`` (the same object for the same content)."""
        if type(values) is Options:
            return values
        key = _content_key(values)
        return _CACHE.get_or_make(("content", key), lambda: cls(values, key))

    @classmethod
    def derived(cls, values: Mapping[str, Any], make: Callable[[Options], _T]) -> _T:
        """``make``'s value for ``values`` (an options object, or a mapping taken as given), made once
        per options object: what each game's config accessor returns."""
        options = values if type(values) is Options else cls.of(values)
        return options.derive(make)

    def derive(self, make: Callable[[Options], _T]) -> _T:
        """``make(self)``, made once for these options (``make`` must be a pure function of them)."""
        try:
            found: _T = self._derived[make]
        except KeyError:
            found = self._derived[make] = make(self)
        return found

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def get(self, key: str, default: Any = None) -> Any:
        return self._values.get(key, default)

    # the dict's own views, not Mapping's (a ``__getitem__`` call per key): every view encodes its
    # match's options (``options_json``), and Mapping's ``items`` made that a large part of a view
    # (``bench/HISTORY.md``, Avinas)
    def keys(self) -> KeysView[str]:
        return self._values.keys()

    def items(self) -> ItemsView[str, Any]:
        return self._values.items()

    def values(self) -> ValuesView[Any]:
        return self._values.values()

    def __eq__(self, other: object) -> bool:
        if type(other) is Options:
            return self._key == other._key
        return isinstance(other, Mapping) and self._values == dict(other.items())

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Options.of, (self._values,))


def options_json(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options as JSON-ready data (a list value as a list), as every view shows them."""
    return {k: _thawed(v) if type(v) is tuple else v for k, v in options.items()}


def _thawed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


def _content_key(values: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, _frozen(v)) for k, v in values.items()))


def _frozen(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return _content_key(value)
    return value


class _OptionsCache:
    """The one options table: validated options by content, and each ruleset's answer for a raw
    value seen before (a ``Bounded`` cache)."""

    SIZE = 1024
    #: raw option values whose JSON is longer are validated each time, not kept
    MAX_RAW_CHARS = 2048

    def __init__(self) -> None:
        self._table: Bounded[tuple[Any, ...], Options] = Bounded(self.SIZE)

    def get_or_make(self, key: tuple[Any, ...], make: Callable[[], Options]) -> Options:
        return self._table.get_or_make(key, make)

    def validated(self, ruleset_id: str, raw: Mapping[str, Any], n_players: int | None,
                  validate: Callable[[], Mapping[str, Any]]) -> Options:
        """``Options.of(validate())``, kept under (ruleset, raw value, seats) when the value is small.
        Options already validated (a new match of a series, the playouts) are kept under their own
        content, which ``Options`` holds hashed."""
        if type(raw) is Options:
            found = self.get_or_make(("options", ruleset_id, n_players, raw), lambda: Options.of(validate()))
            # the entry may hold an equal object made before the content's own entry was let go
            # (least recently used out): the caller's object, which has its derived values, is the answer
            return raw if found == raw else found
        try:
            raw_key = json.dumps(raw, sort_keys=True, ensure_ascii=False) if raw else ""
        except (TypeError, ValueError):  # not JSON (a value no body holds): validated, not kept
            raw_key = None
        if raw_key is None or len(raw_key) > self.MAX_RAW_CHARS:
            return Options.of(validate())
        return self.get_or_make(("raw", ruleset_id, n_players, raw_key), lambda: Options.of(validate()))

    def clear(self) -> None:
        self._table.clear()


_CACHE = _OptionsCache()
#: the service's one options cache (``validated`` and ``Options.of`` use it)
OPTIONS_CACHE = _CACHE
