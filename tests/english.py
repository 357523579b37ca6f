"""The English text of errors and messages, as the API writes them, for tests that read the words."""

from __future__ import annotations

from typing import Any

from service.api.i18n import load_for, render
from service.rules.errors import RuleError
from service.rules.messages import Msg
from service.rules.registry import RULESETS

load_for(RULESETS.values())


def english(thing: RuleError | Msg | str) -> str:
    """An error's detail, or a message, in English."""
    if isinstance(thing, RuleError):
        return render(thing.message, "en")
    return render(thing, "en")


def english_json(value: Any) -> Any:
    """``value`` with every message in it written in English (as an answer would carry it)."""
    if isinstance(value, Msg):
        return english(value)
    if isinstance(value, dict):
        return {k: english_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [english_json(v) for v in value]
    return value
