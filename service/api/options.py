"""Ruleset options for the HTTP layer: validated once per distinct value, and described as JSON Schema.

``validated_options(ruleset, raw)`` returns the ruleset's ``validate_options(raw)`` (defaults filled
in, errors raised as ``UnknownOption``/``InvalidOption``), cached: the empty options of each
ruleset once, other values in a bounded cache keyed by their canonical JSON. The result is read-only,
because it is shared between requests.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from service.rules.base import OptionSpec, Ruleset
from service.rules.errors import InvalidInput

CACHE_SIZE = 512
MAX_KEY_CHARS = 2048
# (id(ruleset), canonical JSON of the raw options) -> validated options; "" stands for no options.
_CACHE: OrderedDict[tuple[int, str], Mapping[str, Any]] = OrderedDict()


def validated_options(ruleset: Ruleset, raw: Any) -> Mapping[str, Any]:
    """The ruleset's options with defaults, from the body's ``options`` (absent or ``{}``: defaults)."""
    if raw is None or (not raw and isinstance(raw, Mapping)):
        key = (id(ruleset), "")
    elif isinstance(raw, Mapping):
        key = (id(ruleset), json.dumps(raw, sort_keys=True, ensure_ascii=False))
    else:
        raise InvalidInput("'options' must be an object of option names to values")
    found = _CACHE.get(key)
    if found is None:
        found = MappingProxyType(ruleset.validate_options(raw or {}))
        if len(key[1]) > MAX_KEY_CHARS:  # a rare, bulky value: not worth holding
            return found
        _CACHE[key] = found
        while len(_CACHE) > CACHE_SIZE:
            try:
                _CACHE.popitem(last=False)
            except KeyError:  # emptied by another thread meanwhile
                break
    return found


def option_json_schema(spec: OptionSpec) -> dict[str, Any]:
    """One option as a JSON Schema (draft 2020-12) property."""
    prop: dict[str, Any]
    nullable = spec.type in ("nullable_enum", "nullable_int")
    if spec.type in ("enum", "nullable_enum"):
        prop = {"type": "string", "enum": list(spec.allowed or ())}
        if nullable:
            prop["enum"].append(None)
    elif spec.type == "bool":
        prop = {"type": "boolean"}
    elif spec.type in ("int", "nullable_int"):
        prop = {"type": "integer", **_bounds(spec)}
    else:  # int_list
        prop = {"type": "array", "minItems": 1, "items": {"type": "integer", **_bounds(spec)}}
    if nullable:
        prop["type"] = [prop["type"], "null"]
    prop["default"] = list(spec.default) if isinstance(spec.default, tuple) else spec.default
    prop["description"] = spec.description
    return prop


def _bounds(spec: OptionSpec) -> dict[str, int]:
    out: dict[str, int] = {}
    if spec.minimum is not None:
        out["minimum"] = spec.minimum
    if spec.maximum is not None:
        out["maximum"] = spec.maximum
    return out


def options_json_schema(ruleset: Ruleset) -> dict[str, Any]:
    """The ``options`` object of a ruleset as a JSON Schema; cross-option checks are the ruleset's."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{ruleset.name} options",
        "description": (
            "Every option is optional; an absent option takes its default. Some defaults and checks "
            "depend on other options (the ruleset applies them and names the option at fault)."
        ),
        "type": "object",
        "properties": {spec.name: option_json_schema(spec) for spec in ruleset.option_specs},
        "additionalProperties": False,
    }
