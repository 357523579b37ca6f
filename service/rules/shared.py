"""View parts shared by every view that shows them: read-only JSON, made once per immutable value.

A view is built at every post (DESIGN.md §5, step 7), and most of it shows values that stay the same
from one state to the next: a prebuilt action (``actions.made_once``), the finished rounds' records
and tricks (immutable tuples the next state shares), a match's options. Their JSON is made once
(``Once``) and the same objects go into each view that shows them, instead of a fresh writing or a
copy per view. A shared part is read-only (``ReadOnlyDict``, ``ReadOnlyList``): a caller that
changes a view's part in place fails at once instead of changing every later view. orjson and the
``json`` module write them as the dicts and lists they are; a copy of one (``dict(part)``,
``copy.copy``, ``copy.deepcopy``, pickle) is a plain, changeable dict or list. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NoReturn, SupportsIndex, TypeVar

from service.rules.bounded import Bounded

V = TypeVar("V")
#: the entries each kind of part keeps (``Once``): about one a match for the matches a worker holds
#: (``service.matches.steps.RECENT_MATCHES``), each holding its value (a round's records) alive
PARTS_KEPT = 1024


def _refuse(*_: Any, **__: Any) -> NoReturn:
    raise TypeError("a view part shared by several views is read-only: copy it to change it")


class ReadOnlyDict(dict[str, Any]):
    """A dict no one changes in place (see the module docstring); its copies are plain dicts."""

    __slots__ = ()

    def __setitem__(self, key: str, value: Any) -> NoReturn:
        _refuse()

    def __delitem__(self, key: str) -> NoReturn:
        _refuse()

    def __ior__(self, other: Any) -> NoReturn:  # type: ignore[misc]
        _refuse()

    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type, tuple[dict[str, Any]]]:
        return dict, (dict(self),)


class ReadOnlyList(list[Any]):
    """A list no one changes in place (see the module docstring); its copies are plain lists."""

    __slots__ = ()

    def __setitem__(self, index: SupportsIndex | slice, value: Any) -> NoReturn:
        _refuse()

    def __delitem__(self, index: SupportsIndex | slice) -> NoReturn:
        _refuse()

    def __iadd__(self, other: Iterable[Any]) -> NoReturn:  # type: ignore[misc]
        _refuse()

    def __imul__(self, other: SupportsIndex) -> NoReturn:
        _refuse()

    append = clear = extend = insert = pop = remove = reverse = sort = _refuse

    def __reduce__(self) -> tuple[type, tuple[list[Any]]]:
        return list, (list(self),)


#: what ``read_only`` enters (anything else it gives back as it is)
_CONTAINERS = frozenset({dict, ReadOnlyDict, list, ReadOnlyList})


def read_only(value: Any) -> Any:
    """``value`` (JSON-ready data) with every dict and list in it made read-only. Called only for
    a container: most values in a part are strings and numbers, kept with no call."""
    kind = type(value)
    if kind is dict or kind is ReadOnlyDict:
        return ReadOnlyDict({k: read_only(v) if type(v) in _CONTAINERS else v for k, v in value.items()})
    if kind is list or kind is ReadOnlyList:
        return ReadOnlyList([read_only(v) if type(v) in _CONTAINERS else v for v in value])
    return value


#: every ``Once`` made (``forget``)
_EVERY: list[Once] = []


def forget() -> None:
    """Let go of every part made so far (each is made again when next asked for)."""
    for once in _EVERY:
        once.clear()


class Once:
    """Read-only JSON made once per immutable object (a tuple of records, a state's options) and
    handed to every view that shows it. Kept by the object's identity, the object itself held with
    its JSON (so that its id is no other object's while the entry lasts), at most ``size`` entries
    (a ``Bounded``); ``also``, values the JSON depends on besides the object, must be equal too."""

    def __init__(self, size: int) -> None:
        self._made: Bounded[int, tuple[object, tuple[Any, ...], Any]] = Bounded(size)
        _EVERY.append(self)

    def clear(self) -> None:
        self._made.clear()

    def get(self, of: object, make: Callable[[], V], *also: Any) -> V:
        """``make()``, read-only, as made for ``of`` (and ``also``) before, else made now."""
        kept = self._made.get(id(of))
        if kept is not None and kept[0] is of and kept[1] == also:
            made: V = kept[2]
            return made
        made = read_only(make())
        self._made.put(id(of), (of, also, made))
        return made
