"""Building frozen, slotted dataclass instances by setting their slots directly.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``; where that is all
it does (the ``__init__`` that ``dataclasses`` wrote, no ``__post_init__``), setting the slots
directly gives the same object in about half the time. States are rebuilt for every card played and
decoded on every request, so the game modules and the codec build them this way:

* ``slot_maker(cls)``: a constructor taking the fields in order;
* ``evolve(obj, **changes)``: ``dataclasses.replace``, copying the slots.

Where the class allows it (its only base ``object``, its slots its fields), the slots are set on an
instance of a plain twin class with the same slots, by ordinary attribute stores (which Python
specializes for slots), and the instance then takes the class (``__class__`` assignment, which
Python allows between types of the same layout): the same object again, without a method call per
field (bench/README.md, the engine). Other classes get their slots set through the slot descriptors.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, TypeVar, cast

_T = TypeVar("_T")


def slots_set_by_init(cls: type) -> bool:
    """True when ``cls(*values)`` does nothing but set one slot per field, in field order: a slotted
    dataclass with the ``__init__`` that ``dataclasses`` wrote (compiled from a string), no
    ``__post_init__``, and every field an ``__init__`` parameter taken by position, or one left out
    of ``__init__`` (``init=False``) that it sets to a plain default."""
    init = getattr(vars(cls).get("__init__"), "__code__", None)
    return (
        "__slots__" in vars(cls)
        and not hasattr(cls, "__post_init__")
        and init is not None
        and init.co_filename == "<string>"
        and all((not f.kw_only if f.init else f.default is not MISSING)
                and isinstance(vars(cls).get(f.name), types.MemberDescriptorType)
                for f in fields(cls))
    )


def slot_maker(cls: type[_T]) -> Callable[..., _T]:
    """A constructor taking every field positionally (in field order) and setting the slots directly,
    generated the way ``dataclasses`` generates ``__init__``: the same object as ``cls(...)``. A field
    with a default (or a default factory) may be left out where the class's own ``__init__`` allows
    it. ``cls`` must pass ``slots_set_by_init``."""
    if not slots_set_by_init(cls):
        raise TypeError(f"{cls.__name__}: its __init__ does more than set its slots")
    namespace: dict[str, Any] = {"_MISSING": MISSING}
    params: list[str] = []
    prelude: list[str] = []
    lines: list[tuple[int, str, str]] = []
    for i, f in enumerate(fields(cast(Any, cls))):
        if not f.init:  # not a parameter: set to its default, as the class's __init__ does
            namespace[f"_default{i}"] = f.default
            lines.append((i, f.name, f"_default{i}"))
            continue
        if f.default is not MISSING:
            namespace[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        elif f.default_factory is not MISSING:  # as dataclasses' __init__: a new default per call
            namespace[f"_factory{i}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            prelude.append(f"    if {f.name} is _MISSING: {f.name} = _factory{i}()")
        else:
            params.append(f.name)
        lines.append((i, f.name, f.name))
    made: Callable[..., _T] = _generate(cls, f"make_{cls.__name__}", f"({', '.join(params)})", prelude, lines, [],
                                        namespace)
    return made


_COPIERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def evolve(obj: _T, **changes: Any) -> _T:
    """``dataclasses.replace(obj, **changes)``, several times faster where ``type(obj)`` passes
    ``slots_set_by_init``: a function generated once per class copies every slot and sets the
    changed ones (TypeError for a name that is no field). Other dataclasses go to ``replace``."""
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    return cast(_T, copier(obj, changes))


def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    if not slots_set_by_init(cls):
        return lambda obj, changes: dataclasses.replace(obj, **changes)
    # a field left out of __init__ is not copied but set to its default, and may not be changed:
    # as dataclasses.replace, which makes the copy through __init__
    kept = [f for f in fields(cls) if f.init]
    namespace: dict[str, Any] = {"_setters": {f.name: vars(cls)[f.name].__set__ for f in kept}}
    namespace.update((f"_default{i}", f.default) for i, f in enumerate(fields(cls)) if not f.init)
    lines = [(i, f.name, f"obj.{f.name}" if f.init else f"_default{i}") for i, f in enumerate(fields(cls))]
    after = [  # the changes once ``o`` is a ``cls``: its own slot descriptors set them
        "    for name, value in changes.items():",
        "        put = _setters.get(name)",
        "        if put is None:",
        f"            raise TypeError(f'{cls.__name__} has no field {{name!r}}')",
        "        put(o, value)",
    ]
    copier: Callable[[Any, dict[str, Any]], Any] = _generate(
        cls, f"copy_{cls.__name__}", "(obj, changes)", [], lines, after, namespace
    )
    return copier


def _twin(cls: type) -> type | None:
    """A plain class with the slots of ``cls`` whose instances may take ``cls`` as their class
    (``__class__`` assignment: the same layout), or None where ``cls`` has another base or slots
    that are not its fields (then the slot descriptors set the slots)."""
    slots = vars(cls).get("__slots__")
    if cls.__bases__ != (object,) or not isinstance(slots, tuple) or slots != tuple(f.name for f in fields(cls)):
        return None
    twin = type(f"{cls.__name__}Slots", (), {"__slots__": slots, "__module__": cls.__module__})
    probe: Any = object.__new__(twin)
    try:
        probe.__class__ = cls
    except TypeError:
        return None
    return twin


def _generate(
    cls: type, name: str, params: str, prelude: list[str], sets: list[tuple[int, str, str]], after: list[str],
    namespace: dict[str, Any],
) -> Any:
    """The function ``name`` with ``params`` that runs ``prelude``, makes ``o``, a new ``cls`` whose
    slots ``sets`` sets (field ``i`` named ``field`` to the expression ``value``, each triple), then
    runs ``after`` and returns ``o``. The source is generated here from the class's own field names
    (its globals: ``namespace`` and the setters)."""
    twin = _twin(cls)
    namespace.update({"_new": object.__new__, "_cls": cls, "_twin": twin})
    if twin is not None:
        body = ["    o = _new(_twin)", *(f"    o.{field} = {value}" for _, field, value in sets),
                "    o.__class__ = _cls"]
    else:
        namespace.update((f"_set{i}", vars(cls)[f.name].__set__) for i, f in enumerate(fields(cls)))
        body = ["    o = _new(_cls)", *(f"    _set{i}(o, {value})" for i, _, value in sets)]
    source = "\n".join([f"def {name}{params}:", *prelude, *body, *after, "    return o"])
    exec(compile(source, f"<slots {name} {cls.__module__}.{cls.__qualname__}>", "exec"), namespace)
    return namespace[name]
