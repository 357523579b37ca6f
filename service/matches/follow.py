"""Following a match live: the use case behind the event stream (domain values, no HTTP).

``open_follow`` checks everything a client can get wrong before anything is sent (the match exists,
the token is one of its tokens; a spectator's view can be shown; the API has read ``after``)
and registers a feed with the store (``Store.follow``), so that nothing committed from then on is
missed. Iterating the ``Following`` it returns gives, in order:

* ``Change``: each event after ``after`` (the client's last one) as ``events`` shows it to this
  caller, with the same redaction (``public_event``: a seat never sees another seat's hidden card;
  an event that a later undo took back is shown undone, however many batches the replay takes);
  a client with no ``after``, or one beyond the match's last event, starts from the match's last
  event and gets no history;
* ``Snapshot``: the caller's view after them (first once the backlog is sent, then after each
  batch of changes), at the version it was read at; a view read after a commit whose events were not
  sent yet waits for them: they go first, then a view read again;
* ``Heartbeat``: when ``heartbeat`` seconds passed with nothing to send;
* ``End``: last of all, with its reason: ``timeout`` once ``lifetime`` seconds have passed since
  the stream opened (the client reconnects from its last event), ``deleted`` or ``expired`` when the
  match is gone (expired: its idle time was up), ``unavailable`` when the store cannot be read.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from service.matches.documents import MatchDocument
from service.matches.errors import MatchNotFound, StoreUnavailable
from service.matches.events import public_event, undone_seqs
from service.matches.spectators import sight
from service.matches.tokens import Caller
from service.store import base as store_base
from service.store.base import FEED_BATCH, Event, Feed

if TYPE_CHECKING:
    from service.matches.usecases import Matches

@dataclass(frozen=True, slots=True)
class Change:
    """One event as the caller may see it (``seq`` is the stream's event id)."""

    seq: int
    item: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The caller's view at ``version``."""

    version: int
    view: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """Nothing happened for a while: something to send so that the connection stays open."""


@dataclass(frozen=True, slots=True)
class End:
    """The stream is over: ``timeout``, ``deleted``, ``expired`` or ``unavailable``."""

    reason: str


Item = Change | Snapshot | Heartbeat | End


def open_follow(
    matches: Matches,
    match_id: str,
    token: str | None,
    after: int | None,
    *,
    heartbeat: float,
    lifetime: float,
) -> Following:
    """Check the request and start following (see the module docstring); raises as ``view`` does."""
    doc, version = matches.current(match_id)
    caller = matches.caller(token, doc)
    view = matches.view_of(doc, match_id, version, caller)  # a spectator's view that cannot be shown: here
    feed = matches.store.follow(match_id)
    try:
        start = after if after is not None and _has_event(feed, after) else _last_seq(feed)
    except BaseException:
        feed.close()
        raise
    return Following(matches, match_id, caller, feed, start, Snapshot(version, view), doc, heartbeat, lifetime)


def _has_event(feed: Feed, seq: int) -> bool:
    """Whether the match has an event ``seq`` (0: its start). A client's ``after`` beyond the last
    event (another match's id, or one of a match deleted and created again) would wait for events
    that never come: such a client starts from the last event instead, as one that gave none."""
    return seq == 0 or bool(feed.wait(seq - 1, 0))


def _last_seq(feed: Feed) -> int:
    """The seq of the match's last event now (the follower starts after it)."""
    last = 0
    while True:
        batch = feed.wait(last, 0)
        if not batch:
            return last
        last = batch[-1].seq


class Following:
    """One client's stream of a match (iterate it; ``close`` when the client is gone)."""

    def __init__(
        self,
        matches: Matches,
        match_id: str,
        caller: Caller,
        feed: Feed,
        after: int,
        first: Snapshot,
        doc: MatchDocument,
        heartbeat: float,
        lifetime: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._matches = matches
        self._match_id = match_id
        self._caller = caller
        self._feed = feed
        self._after = after
        self._first: Snapshot | None = first
        self._doc = doc
        #: the version the last change delivered produced (its view is owed)
        self._version = first.version
        self._heartbeat = heartbeat
        self._clock = clock
        self._ends_at = clock() + lifetime
        #: the seqs undone by events after the first full batch of a long backlog (``_changes``)
        self._later_undone: set[int] | None = None

    def __iter__(self) -> Iterator[Item]:
        try:
            yield from self._items()
        finally:
            self.close()

    def close(self) -> None:
        self._feed.close()

    def _items(self) -> Iterator[Item]:
        pending = True  # the view is owed: after the backlog, then after each batch of changes
        while True:
            remaining = self._ends_at - self._clock()
            if remaining <= 0:
                yield End("timeout")
                return
            try:
                events = self._feed.wait(self._after, 0 if pending else min(self._heartbeat, remaining))
                if events:
                    yield from self._changes(events)
                    pending = True
                    if len(events) == FEED_BATCH:
                        continue  # more to come at once: the view after the last of them
                elif pending:
                    snapshot = self._snapshot()
                    # read after a commit whose events were not sent yet: those first, then a view
                    # again (a view never comes before the events that led to it); read from the
                    # store, which has them, where the feed may not have heard of them yet
                    late = (self._matches.store.events(self._match_id, after=self._after, limit=FEED_BATCH)
                            if snapshot.version > self._version else None)
                    if late:
                        yield from self._changes(late)
                        continue
                    yield snapshot
                    pending = False
                else:
                    yield Heartbeat()
            except (store_base.MatchNotFound, MatchNotFound):
                yield End(self._gone())
                return
            except (store_base.StoreUnavailable, StoreUnavailable):
                yield End("unavailable")
                return

    def _changes(self, events: list[Event]) -> Iterator[Change]:
        self._first = None  # the view read at the start may be older than these
        if len(events) == FEED_BATCH and self._later_undone is None:
            # a backlog of more than one batch: an undo in a later batch may take back an event of
            # this one, and /events shows such an event undone (a taken-back play's card hidden
            # again): read the undos of the whole backlog once, as /events reads them
            self._later_undone = undone_seqs(self._matches.store.events(self._match_id, after=events[-1].seq))
        undone = undone_seqs(events) | (self._later_undone or set())
        for event in events:
            yield Change(event.seq, public_event(self._doc.ruleset, event, sight(self._doc, self._caller), undone))
        self._after = events[-1].seq
        version = events[-1].data.get("version")
        if isinstance(version, int):
            self._version = max(self._version, version)

    def _snapshot(self) -> Snapshot:
        first, self._first = self._first, None
        if first is not None:
            return first
        cached = self._matches.cached(self._match_id, self._version)  # followers of one match share it
        doc, version = (cached, self._version) if cached is not None else self._matches.current(self._match_id)
        self._doc = doc
        return Snapshot(version, self._matches.view_of(doc, self._match_id, version, self._caller))

    def _gone(self) -> str:
        """Why the match is not found: its idle time was up (``expired``), else ``deleted``."""
        saved_at = self._doc.saved_at
        idle_end = saved_at + self._matches.store.ttl_seconds
        return "expired" if saved_at and self._matches.clock() >= idle_end else "deleted"
