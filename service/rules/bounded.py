"""``Bounded``: the one cache type of the service, a mapping of at most ``size`` entries, the least
recently used let go first, safe across threads. Standard library only, so the rules core uses it
too (validated options, decoded options) as well as the matches layer (a worker's recent
documents)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Bounded(Generic[K, V]):
    """At most ``size`` entries; ``get`` and ``get_or_make`` make an entry the most recently used."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._table: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The entry under ``key``, or None."""
        with self._lock:
            found = self._table.get(key)
            if found is not None:
                self._table.move_to_end(key)
            return found

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` under ``key``, replacing what was there."""
        with self._lock:
            self._table[key] = value
            self._table.move_to_end(key)
            self._trim()

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """The entry under ``key``; else ``make()``, kept (made outside the lock: when two threads
        make the same entry at once, the first one kept is the answer to both)."""
        found = self.get(key)
        if found is not None:
            return found
        made = make()
        with self._lock:
            found = self._table.setdefault(key, made)
            self._table.move_to_end(key)
            self._trim()
        return found

    def pop(self, key: K) -> V | None:
        """Drop the entry under ``key``: its value, or None when there was none."""
        with self._lock:
            return self._table.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._table.clear()

    def __len__(self) -> int:
        return len(self._table)

    def __iter__(self) -> Iterator[K]:
        """The keys, least recently used first (a copy: the cache may change meanwhile)."""
        with self._lock:
            return iter(list(self._table))

    def _trim(self) -> None:
        while len(self._table) > self.size:
            self._table.popitem(last=False)
