"""Permits counted in the limiter's Redis ahead of the requests that use them (issue 36, "fast at
the defaults"): a process that has to ask the Redis for one request of an identity-set (the
windows one script call counts) may be given several permits at once, counted there in every
window as requests; it keeps the ones left over here and spends them on that identity-set's next
requests without a call.

Why this never lets more through than the limit, across any number of processes: a permit is a
request the Redis has counted already, so that every process together spends at most what the
Redis took; and a permit is spent only within the windows it was counted in (a lease ends with
the first of its windows to end, and a tenth of the smallest window after it was taken at the
latest), so that the sliding-window count the Redis keeps is never below the requests that went
through, in any window. A permit left over when its lease ends is lost: it refuses a request
early, never lets one through.

How many permits the Redis gives (``COUNT_SCRIPT``): at most what the process asks for, and at
most ``1 / LEASE_SHARE`` of the smallest room left over the windows, so that near a limit (less
than ``2 × LEASE_SHARE`` left in some window: every window of the default write limit, 10 a
second) it gives one, and counts exactly as without leases. How many a process asks for: one at
first, twice as many as the last lease held once that lease was spent before it ended, the number
it used when it ended with permits left (``LEASE_MOST`` at most): the lease follows the requests
the identity-set makes in a lease's time, so that a client posting a play every few seconds takes
one permit a request, as without leases, and one posting as fast as it can takes ``LEASE_MOST``.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass
from itertools import repeat

from service.rules.bounded import Bounded
from service.rules.per_process import renew_after_fork

#: the most permits one call takes for an identity-set
LEASE_MOST = 128
#: a call takes at most this share (one in ``LEASE_SHARE``) of the room left in its fullest window
LEASE_SHARE = 16
#: a lease ends a ``LEASE_PARTS``-th of its smallest window after it was taken, at the latest
LEASE_PARTS = 10
#: identity-sets whose leases a process keeps, the least recently used let go first (a lease let go
#: with permits left refuses requests early, never lets one through)
HELD = 4096


@dataclass
class _Lease:
    permits: deque[None]  # one entry per permit not yet spent (``Leases.spend`` takes one by ``pop``)
    size: int  # permits the Redis gave this lease, spent or not
    taken_ms: int  # when it was taken
    ends_ms: int  # when it ends

    def holds(self, now_ms: int) -> bool:
        return self.taken_ms <= now_ms < self.ends_ms  # a clock gone back ends it too


class Leases:
    """The permits this process holds, per identity-set (any hashable naming one): taken and kept
    under one lock (threads of a gthread worker, greenlets of a gevent one); spent without it, each
    permit an entry of its lease's deque that one ``pop`` takes (atomic: two requests never spend the
    same permit), so that a request spending one takes no lock beyond the cache's. A process forked
    from this one starts with none (else both would spend the same permits)."""

    def __init__(self) -> None:
        self._held: Bounded[Hashable, _Lease] = Bounded(HELD)
        self._lock = threading.Lock()
        renew_after_fork(self, Leases._forget)

    def _forget(self) -> None:
        self._held = Bounded(HELD)
        self._lock = threading.Lock()  # a lock held by another thread at the fork stays held in the child

    def spend(self, key: Hashable, now_ms: int) -> int:
        """One permit of ``key``'s lease, spent: 0. With none to spend: how many permits to ask the
        Redis for."""
        lease = self._held.get(key)
        if lease is None:
            return 1
        if lease.holds(now_ms):
            try:
                lease.permits.pop()
                return 0
            except IndexError:  # none left (another request took the last one)
                pass
        left = len(lease.permits)
        if left > 0:  # it ended with permits left: ask for as many as were used
            return max(1, lease.size - left)
        return min(LEASE_MOST, 2 * lease.size)

    def keep(self, key: Hashable, given: int, now_ms: int, ends_ms: int) -> None:
        """``given`` permits the Redis just counted for ``key``, one of them spent by the request
        that asked: the others held until ``ends_ms``. Added to a lease with permits left (another
        request's, taken at the same time), that lease then ending at the sooner of the two ends."""
        with self._lock:
            lease = self._held.get(key)
            if lease is not None and lease.permits and lease.holds(now_ms):
                lease.ends_ms = min(lease.ends_ms, ends_ms)  # before the permits: none is spent after it
                lease.size += given
                lease.permits.extend(repeat(None, given - 1))
                return
            self._held.put(key, _Lease(deque(repeat(None, given - 1)), given, now_ms, ends_ms))

    def give_back(self, key: Hashable, now_ms: int) -> None:
        """A permit of ``key``'s spent by a request that another slot's limits then refused (a
        Redis Cluster): back in its lease while that lease holds (it is counted in its windows)."""
        with self._lock:
            lease = self._held.get(key)
            if lease is not None and lease.holds(now_ms):
                lease.permits.append(None)

    def held(self, key: Hashable, now_ms: int) -> int:
        """The permits ``key`` holds now."""
        lease = self._held.get(key)
        return len(lease.permits) if lease is not None and lease.holds(now_ms) else 0

