"""The English text of errors and messages, as the API writes them, for tests that read the words."""

from __future__ import annotations

import json
from typing import Any

import orjson

from service.api.i18n import load_for, render
from service.rules.errors import RuleError
from service.rules.messages import Msg
from service.rules.registry import RULESETS

load_for(RULESETS.values())


#: messages already written, by key and parameters (views repeat a match's history at every step)
_WRITTEN: dict[tuple[str, tuple[tuple[str, Any, type], ...]], str] = {}


def english(thing: RuleError | Msg | str) -> str:
    """An error's detail, or a message, in English."""
    if isinstance(thing, RuleError):
        return render(thing.message, "en")
    if type(thing) is not Msg:
        return render(thing, "en")
    try:
        key = (thing.key, tuple(sorted((k, v, type(v)) for k, v in thing.params.items())))
        written = _WRITTEN.get(key)
    except TypeError:  # a parameter that is no key (a list): written each time
        return render(thing, "en")
    if written is None:
        written = _WRITTEN[key] = render(thing, "en")
    return written


def _in_english(value: Any) -> Any:
    """orjson's ``default``, as the API's (``i18n.json_default``) with the language English."""
    if type(value) is Msg:
        return english(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def english_text(value: Any) -> str:
    """``value`` as the JSON text of an answer, with every message in it written in English."""
    try:
        return orjson.dumps(value, default=_in_english).decode()
    except TypeError:  # a value no answer carries (a key that is not a string, an object): as it is
        return json.dumps(_walk(value), default=repr)


def english_json(value: Any) -> Any:
    """``value`` with every message in it written in English (as an answer would carry it: written by
    orjson, as the API writes it, and read back; a value no answer carries is walked instead)."""
    try:
        return orjson.loads(orjson.dumps(value, default=_in_english))
    except TypeError:
        return _walk(value)


def _walk(value: Any) -> Any:
    if isinstance(value, Msg):
        return english(value)
    if isinstance(value, dict):
        return {k: _walk(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_walk(v) for v in value]
    return value


def option_title(ruleset_id: str, name: str, lang: str = "en") -> str:
    """The title of a ruleset's option as a person reads it (what a refusal names the option by)."""
    spec = next(s for s in RULESETS[ruleset_id].option_specs if s.name == name)
    return render(spec.title(), lang)
