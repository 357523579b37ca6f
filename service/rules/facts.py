"""Reading round facts (the ``/score`` body, a table-mode ``round_result``): fields, JSON integers and lists.

One reader per shape, used by every ruleset, so the same broken rule gets the same code and
message in every game: facts that are not an object, or hold a field the game does not read
(``unknown_field``), or lack one it needs, are ``invalid_input``; a value that is not an integer is
``invalid_input``; every integer has its range (at most ``LARGEST`` either side where the game sets
no tighter one), and one out of it is ``invalid_facts`` (or the ruleset's own code).

Two readers here serve every JSON object a client sends, not round facts only: ``is_json_int`` (what
counts as a JSON integer) and ``refuse_unknown_fields`` (a field that is not one of the known ones,
refused as ``unknown_field``: round facts, actions, the create body).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, TypeGuard

from service.rules.errors import InvalidFacts, InvalidInput, RuleError
from service.rules.messages import Msg

#: the bound of a round fact where the game sets none tighter (a score, a round's number): no score
#: sheet of these games comes near it, and every integer a client sends then has a range
LARGEST = 1_000_000


def is_json_int(value: Any) -> TypeGuard[int]:
    """True for a JSON integer: an int that is not a bool (``2.5``, ``"3"``, ``3.0`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_fields(
    facts: Any, game: Msg | str, known: Collection[str], required: Collection[str] = ()
) -> Mapping[str, Any]:
    """``facts`` as a mapping holding only ``known`` fields and every ``required`` one; ``game`` names
    the game in the refusal. A field the game does not read is ``unknown_field`` (``legal``: the
    known fields); a missing one, or facts that are no object, ``invalid_input``."""
    if not isinstance(facts, Mapping):
        raise InvalidInput(Msg("core.facts_not_object", game=game))
    refuse_unknown_fields(facts, known, InvalidInput, "core.facts_unknown", game=game)
    missing = [k for k in required if k not in facts]
    if missing:
        raise InvalidInput(Msg("core.facts_missing", fields=", ".join(map(repr, missing)), game=game))
    return facts


def refuse_unknown_fields(
    data: Mapping[str, Any], known: Collection[str], error: type[RuleError], key: str, *,
    listed: bool = True, **params: Any,
) -> None:
    """Raise ``error`` (code ``unknown_field``, ``legal`` the ``known`` fields) when ``data`` holds a
    field not in ``known``: message ``key`` with ``fields`` (those fields, sorted, quoted), ``known``
    and ``params``; ``listed``: the problem also lists them (``fields``). The one check of stray
    fields for round facts, actions and the create body."""
    for name in data:
        if name not in known:
            break
    else:  # the usual body: nothing to sort or say
        return
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise error(
            Msg(key, fields=", ".join(map(repr, unknown)), known=", ".join(known), **params),
            code="unknown_field",
            legal=list(known),
            extra={"fields": unknown} if listed else None,
        )


def int_fact(
    facts: Mapping[str, Any], key: str, lo: int, hi: int | None, what: Msg | str, *, code: str | None = None
) -> int:
    """``facts[key]`` as a JSON integer from ``lo`` to ``hi`` (None: ``LARGEST``); ``what`` says what
    it counts. Not an integer: InvalidInput; out of range: InvalidFacts (with ``code``, if given)."""
    what = _message(what)
    value = facts[key]
    if not is_json_int(value):
        raise InvalidInput(Msg("core.fact_not_integer", key=key, what=what, value=value))
    top = LARGEST if hi is None else hi
    if not lo <= value <= top:
        raise InvalidFacts(Msg("core.fact_from_to", key=key, lo=lo, hi=top, what=what, value=value), code=code,
                           extra={"fact": key})
    return value


def int_list_fact(
    facts: Mapping[str, Any],
    key: str,
    what: Msg | str,
    *,
    nullable: bool = False,
    lo: int = -LARGEST,
    hi: int = LARGEST,
    code: str | None = None,
) -> tuple[Any, ...]:
    """``facts[key]`` as a tuple of JSON integers from ``lo`` to ``hi`` (and nulls, when ``nullable``);
    ``what`` says what the list holds ("one per seat, the tricks each took"). Not a list of them:
    InvalidInput naming the entry; an entry out of range: InvalidFacts naming it (``code``, if given)."""
    what = _message(what)
    value = facts[key]
    each = Msg("core.each_int_or_null" if nullable else "core.each_int")
    if not isinstance(value, (list, tuple)):
        raise InvalidInput(Msg("core.fact_not_list", key=key, what=what, each=each, value=value))
    for i, v in enumerate(value):
        if not (is_json_int(v) or (nullable and v is None)):
            raise InvalidInput(Msg("core.fact_entry", key=key, index=i, each=each, what=what, value=v))
        if v is not None and not lo <= v <= hi:
            raise InvalidFacts(
                Msg("core.fact_entry_from_to", key=key, index=i, lo=lo, hi=hi, what=what, value=v), code=code,
                extra={"fact": key},
            )
    return tuple(value)


def bool_fact(facts: Mapping[str, Any], key: str) -> bool:
    """``facts[key]`` as a JSON boolean; anything else InvalidInput."""
    value = facts[key]
    if not isinstance(value, bool):
        raise InvalidInput(Msg("core.fact_not_bool", key=key, value=value))
    return value


def _message(what: Msg | str) -> Msg:
    return Msg("core.text", text=what) if isinstance(what, str) else what  # transitional: str from games
