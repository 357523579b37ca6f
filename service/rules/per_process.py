"""``renew_after_fork``: state a process forked from this one must make afresh rather than share
with its parent (the limiter's permits, the store's call slots, a lock another thread held at the
fork). Standard library only, as ``bounded`` is, so that every layer may use it."""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

#: each owner still alive in this process, and what renews it in a forked child
_RENEW: weakref.WeakKeyDictionary[Any, Callable[[Any], None]] = weakref.WeakKeyDictionary()


def renew_after_fork(owner: T, renew: Callable[[T], None]) -> None:
    """Call ``renew(owner)`` in every process forked from this one, for as long as ``owner`` lives
    (held weakly: registering it keeps nothing alive)."""
    _RENEW[owner] = renew


def _renew_every() -> None:
    for owner, renew in list(_RENEW.items()):
        renew(owner)


os.register_at_fork(after_in_child=_renew_every)
