"""Reading round facts (the ``/score`` body, a table-mode ``round_result``): JSON integers and lists.

One reader per shape, used by every ruleset, so the same broken rule gets the same code and
message in every game: a value that is not an integer is ``invalid_input``; an integer out of its
range is ``invalid_facts`` (or the ruleset's own code).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.errors import InvalidFacts, InvalidInput
from service.rules.messages import Msg


def is_json_int(value: Any) -> bool:
    """True for a JSON integer: an int that is not a bool (``2.5``, ``"3"``, ``3.0`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_fact(
    facts: Mapping[str, Any], key: str, lo: int, hi: int | None, what: Msg | str, *, code: str | None = None
) -> int:
    """``facts[key]`` as a JSON integer from ``lo`` to ``hi`` (None: no upper bound); ``what`` says what
    it counts. Not an integer: InvalidInput; out of range: InvalidFacts (with ``code``, if given)."""
    what = _message(what)
    value = facts[key]
    if not is_json_int(value):
        raise InvalidInput(Msg("core.fact_not_integer", key=key, what=what, value=value))
    if value < lo or (hi is not None and value > hi):
        if hi is not None:
            raise InvalidFacts(Msg("core.fact_from_to", key=key, lo=lo, hi=hi, what=what, value=value), code=code)
        raise InvalidFacts(Msg("core.fact_at_least", key=key, lo=lo, what=what, value=value), code=code)
    return value


def int_list_fact(facts: Mapping[str, Any], key: str, what: Msg | str, *, nullable: bool = False) -> tuple[Any, ...]:
    """``facts[key]`` as a tuple of JSON integers (and nulls, when ``nullable``); ``what`` says what the
    list holds ("one per seat, the tricks each took"). Anything else: InvalidInput naming the entry."""
    what = _message(what)
    value = facts[key]
    each = Msg("core.each_int_or_null" if nullable else "core.each_int")
    if not isinstance(value, (list, tuple)):
        raise InvalidInput(Msg("core.fact_not_list", key=key, what=what, each=each, value=value))
    for i, v in enumerate(value):
        if not (is_json_int(v) or (nullable and v is None)):
            raise InvalidInput(Msg("core.fact_entry", key=key, index=i, each=each, what=what, value=v))
    return tuple(value)


def _message(what: Msg | str) -> Msg:
    return Msg("core.text", text=what) if isinstance(what, str) else what  # transitional: str from games
