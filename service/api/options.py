"""Ruleset options for the HTTP layer: validated through the rules core's one options cache, and
described as JSON Schema.

``validated_options(ruleset, raw, preset)`` is the ruleset's ``validate_options(raw, preset=preset)``
(defaults filled in, a preset's values combined, errors raised as ``UnknownOption``/``InvalidOption``/
``UnknownPreset``): an immutable ``Options``, kept by ``service.rules.options`` for a value seen before.
A body that gives no options and no preset (most rules questions) takes the ruleset's defaults,
made once per ruleset (``_DEFAULTS``) without building the options cache's key each time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.errors import InvalidInput
from service.rules.messages import Msg
from service.rules.options import NULLABLE_TYPES, Options, OptionSpec
from service.rules.ruleset import Ruleset

#: each ruleset's options for a body that gives none, by id (with the ruleset they were made for)
_DEFAULTS: dict[str, tuple[Ruleset[Any], Options]] = {}


def validated_options(ruleset: Ruleset[Any], raw: Any, preset: Any = None) -> Options:
    """The ruleset's options with defaults, from the body's ``options`` (absent or ``{}``: defaults)
    and ``preset`` (absent or null: none; ``service.rules.presets``)."""
    if preset is None and (raw is None or (type(raw) is dict and not raw)):
        kept = _DEFAULTS.get(ruleset.id)
        if kept is None or kept[0] is not ruleset:
            kept = _DEFAULTS[ruleset.id] = (ruleset, ruleset.validate_options(None))
        return kept[1]
    if raw is not None and not isinstance(raw, Mapping):
        raise InvalidInput(Msg("core.options_not_object"))
    return ruleset.validate_options(raw, preset=preset)


#: the options schema's description, in the caller's language
_SCHEMA_DESCRIPTION = Msg("api.options.description")


def option_json_schema(spec: OptionSpec) -> dict[str, Any]:
    """One option as a JSON Schema (draft 2020-12) property: its ``title`` (a short name) and
    ``description`` in the caller's language; an enum option also lists its values with their titles
    in ``oneOf`` (``{"const": value, "title": ...}``, in the order of ``enum``, which stays)."""
    prop: dict[str, Any]
    nullable = spec.type in NULLABLE_TYPES
    if spec.type in ("enum", "nullable_enum"):
        prop = {"type": "string", "enum": list(spec.allowed or ())}
        if nullable:
            prop["enum"].append(None)
        prop["oneOf"] = [{"const": value, "title": spec.value_title(value)} for value in prop["enum"]]
    elif spec.type == "bool":
        prop = {"type": "boolean"}
    elif spec.type in ("int", "nullable_int"):
        prop = {"type": "integer", **_bounds(spec)}
    else:  # int_list, nullable_int_list
        prop = {"type": "array", "minItems": 1, "items": {"type": "integer", **_bounds(spec)}}
    if nullable:
        prop["type"] = [prop["type"], "null"]
    prop["default"] = list(spec.default) if isinstance(spec.default, tuple) else spec.default
    prop["title"] = spec.title()
    prop["description"] = spec.description
    return prop


def _bounds(spec: OptionSpec) -> dict[str, int]:
    out: dict[str, int] = {}
    if spec.minimum is not None:
        out["minimum"] = spec.minimum
    if spec.maximum is not None:
        out["maximum"] = spec.maximum
    return out


def options_json_schema(ruleset: Ruleset[Any]) -> dict[str, Any]:
    """The ``options`` object of a ruleset as a JSON Schema; cross-option checks are the ruleset's."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": Msg("api.options.title", ruleset=ruleset.name),
        "description": _SCHEMA_DESCRIPTION,
        "type": "object",
        "properties": {spec.name: option_json_schema(spec) for spec in ruleset.option_specs},
        "additionalProperties": False,
    }
