"""Following matches on Redis: one reader per process fans each match's new events out to its feeds.

A match's events are the Stream ``{match:<id>}:events`` (entry ``<seq>-0``). Every feed of this
process registers its match with the process's ``FeedHub``; the hub's one reader thread (a greenlet
under gevent) reads every followed Stream from the last entry it has seen and wakes that match's
feeds, which take the new events from the hub's short buffer. So a process holds one Redis
connection for all of its streams, however many clients follow:

* **one Redis** (a URL, or the master Sentinels name): one blocking ``XREAD BLOCK`` over all the
  followed Streams on the hub's own connection. A Stream followed for the first time joins at the
  next read, within ``block_seconds``; events committed meanwhile are not lost, since the read
  starts from the last entry seen.
* **a Redis Cluster**: a multi-key ``XREAD`` must stay in one slot, and a blocking read holds its
  connection, so the reader polls instead: every ``poll_seconds`` one exchange per master, a
  non-blocking ``XREAD`` per slot followed there (on the store's pooled connection of that node).

A feed whose wait times out reads the Stream itself once (``RedisStore.events``): that call tells a
deleted or expired match (MatchNotFound) and catches up on anything the hub missed while Redis was
unreachable. A reader that fails (Redis down) waits ``RETRY_SECONDS`` and reads again.

A deleted or expired match adds nothing to its Stream, so on one Redis the reader also asks, every
``GONE_CHECK_SECONDS``, whether each followed match's document still exists (one ``EXISTS`` per
match, in one exchange on the same connection): the feeds of a match that is gone read the Stream
at once, which tells them so, and their streams end within about a second of the delete, whichever
process deleted it. On a cluster the feeds learn it when their wait times out (the heartbeat).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from redis import exceptions as rx

from service.store.base import FEED_BATCH, Event, StoreError
from service.store.encoding import loads
from service.store.keys import doc_key, events_key
from service.store.redis_wire import Attempts, exchange

log = logging.getLogger("service.store")

#: events the hub keeps per followed match for its feeds (a feed further behind reads the Stream)
RECENT_EVENTS = 64
#: seconds a failed read waits before the next
RETRY_SECONDS = 0.5
#: how long one blocking read waits on one Redis, and how often a cluster is polled
BLOCK_SECONDS = 0.2
POLL_SECONDS = 0.1
#: how often the reader on one Redis checks that the followed matches still exist
GONE_CHECK_SECONDS = 1.0

#: what a reader does: the new events of each followed match, from the seq each was last seen at;
#: None for a match whose document it found gone (deleted or expired)
Reader = Callable[[dict[str, int]], dict[str, list[Event] | None]]


@dataclass
class _Topic:
    """One followed match: the last seq the reader saw (-1 until a feed first read the Stream), the
    latest events, and the condition its feeds wait on."""

    condition: threading.Condition
    seen: int = -1
    #: the last read of the Stream filled a whole batch: more may follow that the reader has not read
    behind: bool = False
    followers: int = 0
    recent: deque[Event] = field(default_factory=lambda: deque(maxlen=RECENT_EVENTS))
    #: the reader found the match's document gone: its feeds read the Stream, which tells them
    gone: bool = False


class FeedHub:
    """The followed matches of one process and the reader thread that serves them."""

    def __init__(self, reader: Reader, catch_up: Callable[[str, int], list[Event]]) -> None:
        self._reader = reader
        self._catch_up = catch_up
        self._lock = threading.Lock()
        self._work = threading.Condition(self._lock)
        self._topics: dict[str, _Topic] = {}
        self._thread: threading.Thread | None = None
        self._pid = os.getpid()
        self._closed = False

    def follow(self, match_id: str) -> RedisFeed:
        with self._lock:
            if self._pid != os.getpid():  # a forked child starts with no topics and no reader
                self._topics, self._thread, self._pid = {}, None, os.getpid()
            topic = self._topics.get(match_id)
            if topic is None:
                topic = self._topics[match_id] = _Topic(threading.Condition(self._lock))
            topic.followers += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="feed-reader", daemon=True)
                self._thread.start()
        return RedisFeed(self, match_id, topic)

    def close(self, wait: float = 0.0) -> None:
        """Stop the reader (the store is closing); with ``wait``, wait that long at most for it to
        end, so that it reads nothing on connections about to be closed under it."""
        with self._lock:
            self._closed = True
            self._work.notify_all()
            thread = self._thread
        if wait > 0 and thread is not None and thread is not threading.current_thread():
            thread.join(wait)

    def unfollow(self, match_id: str, topic: _Topic) -> None:
        with self._lock:
            topic.followers -= 1
            if topic.followers <= 0 and self._topics.get(match_id) is topic:
                del self._topics[match_id]

    def wait(self, match_id: str, topic: _Topic, after: int, timeout: float) -> list[Event]:
        """``Feed.wait``: from the hub's buffer when it holds what follows ``after``; from the Stream
        itself the first time, when further behind than the buffer, and when a wait timed out (a
        look with ``timeout`` 0 reads the Stream only when the hub cannot tell)."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                buffered = _buffered(topic, after)
                while buffered == [] and not topic.gone and (remaining := deadline - time.monotonic()) > 0:
                    topic.condition.wait(remaining)
                    buffered = _buffered(topic, after)
                if buffered or (buffered == [] and timeout <= 0 and not topic.behind and not topic.gone):
                    return buffered  # (a look without waiting: what the reader has seen is enough)
            events = self._catch_up(match_id, after)  # MatchNotFound for a match that is gone
            with self._lock:
                topic.gone = False  # (it is there after all: created again, or the check raced)
                last = events[-1].seq if events else after
                topic.behind = len(events) >= FEED_BATCH
                if last > topic.seen:
                    topic.seen = last
                    self._work.notify_all()
            if events or time.monotonic() >= deadline:
                return events

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._closed or self._pid != os.getpid():
                    return
                wanted = {mid: t.seen for mid, t in self._topics.items() if t.seen >= 0}
                if not wanted:
                    self._work.wait(1.0)
                    continue
            try:
                found = self._reader(wanted)
            except (rx.RedisError, OSError, StoreError) as error:
                log.warning("feed reader: %s: %s; reading again in %.1f s", type(error).__name__, error, RETRY_SECONDS)
                time.sleep(RETRY_SECONDS)
                continue
            except Exception:  # a reader's bug must not end every stream of the process for good
                if self._closed:
                    return
                log.exception("feed reader: an unexpected error; reading again in %.1f s", RETRY_SECONDS)
                time.sleep(RETRY_SECONDS)
                continue
            self._deliver(found)

    def _deliver(self, found: dict[str, list[Event] | None]) -> None:
        with self._lock:
            for match_id, events in found.items():
                topic = self._topics.get(match_id)
                if topic is None:
                    continue
                if events is None:
                    topic.gone = True
                    topic.condition.notify_all()
                    continue
                topic.behind = len(events) >= FEED_BATCH
                for event in events:
                    if event.seq > topic.seen:
                        if event.seq > topic.seen + 1:  # a gap: compacted out of the Stream unread
                            topic.recent.clear()  # (so a feed before it catches up from the log)
                        topic.recent.append(event)
                        topic.seen = event.seq
                topic.condition.notify_all()


def _buffered(topic: _Topic, after: int) -> list[Event] | None:
    """What the hub holds after ``after``: the events, ``[]`` for nothing yet, None when it cannot
    tell (the Stream was never read for this match, or ``after`` is older than the buffer)."""
    if topic.seen < 0:
        return None
    if topic.seen <= after:
        return []
    newer = [e for e in topic.recent if e.seq > after]
    return newer[:FEED_BATCH] if newer and newer[0].seq == after + 1 else None


class RedisFeed:
    """``Store.follow`` on Redis (``Feed``): a registration with the process's hub."""

    def __init__(self, hub: FeedHub, match_id: str, topic: _Topic) -> None:
        self._hub = hub
        self._match_id = match_id
        self._topic = topic
        self._open = True

    def wait(self, after: int, timeout: float) -> list[Event]:
        return self._hub.wait(self._match_id, self._topic, after, timeout)

    def close(self) -> None:
        if self._open:
            self._open = False
            self._hub.unfollow(self._match_id, self._topic)


def xread_command(wanted: dict[str, int], block_ms: int | None) -> list[Any]:
    """``XREAD [BLOCK ms] COUNT n STREAMS key... id...`` for the matches and their last seen seqs."""
    block = [] if block_ms is None else ["BLOCK", block_ms]
    ids = list(wanted.values())
    return ["XREAD", "COUNT", FEED_BATCH, *block, "STREAMS", *(events_key(m) for m in wanted), *(f"{s}-0" for s in ids)]


def parse_xread(reply: Any, by_key: dict[str, str]) -> dict[str, list[Event]]:
    """The events of an ``XREAD`` reply (RESP2: ``[[key, [[id, [field, value ...]] ...]] ...]`` or nil),
    by match id (``by_key``: events key -> match id)."""
    out: dict[str, list[Event]] = {}
    for key, entries in reply or ():
        match_id = by_key[key.decode() if isinstance(key, bytes) else key]
        out[match_id] = [
            Event(seq=int(entry_id.split(b"-", 1)[0]), data=loads(fields[fields.index(b"d") + 1]))
            for entry_id, fields in entries
        ]
    return out


class BlockingReader:
    """The reader on one Redis: one blocking ``XREAD`` at a time on a connection of its own, and
    every ``GONE_CHECK_SECONDS`` an ``EXISTS`` of each followed match's document on it."""

    def __init__(
        self,
        make_connection: Callable[[], Any],
        socket_timeout: float | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._make_connection = make_connection
        self._conn: Any = None
        self._read_timeout = BLOCK_SECONDS + (socket_timeout or 1.0)
        self._clock = clock
        self._checked_at = clock()

    def __call__(self, wanted: dict[str, int]) -> dict[str, list[Event] | None]:
        if self._conn is None:
            self._conn = self._make_connection()
        by_key = {events_key(m): m for m in wanted}
        command = xread_command(wanted, round(BLOCK_SECONDS * 1000))
        reply = exchange(self._conn, [command], Attempts(), last_timeout=self._read_timeout)[0]
        if isinstance(reply, rx.ResponseError):
            raise reply
        found: dict[str, list[Event] | None] = dict(parse_xread(reply, by_key))
        if self._clock() - self._checked_at >= GONE_CHECK_SECONDS:
            self._checked_at = self._clock()
            for match_id in self.gone(list(wanted)):
                found[match_id] = None
        return found

    def gone(self, match_ids: list[str]) -> list[str]:
        """The matches among ``match_ids`` whose document does not exist (deleted or expired)."""
        replies = exchange(self._conn, [["EXISTS", doc_key(m)] for m in match_ids], Attempts())
        for reply in replies:
            if isinstance(reply, rx.ResponseError):
                raise reply
        return [m for m, reply in zip(match_ids, replies, strict=True) if not int(reply)]


class ClusterPollReader:
    """The reader on a Redis Cluster: every ``POLL_SECONDS``, one exchange per master holding a
    followed match, a non-blocking ``XREAD`` per slot there. A slot that moved (``MOVED``) is
    noted in the cluster client's map and read from its new master at the next poll."""

    def __init__(self, cluster: Callable[[], Any], on_node: Callable[[Any, Any, list[Any]], list[Any]]) -> None:
        self._cluster = cluster
        self._on_node = on_node

    def __call__(self, wanted: dict[str, int]) -> dict[str, list[Event] | None]:
        from redis.crc import key_slot

        cluster = self._cluster()
        by_node: dict[str, tuple[Any, dict[int, dict[str, int]]]] = {}
        for match_id, seen in wanted.items():
            slot = key_slot(events_key(match_id).encode())
            try:
                node = cluster.nodes_manager.get_node_from_slot(slot)
            except rx.SlotNotCoveredError:
                continue  # no master holds it now: the feeds' own reads will tell
            slots = by_node.setdefault(node.name, (node, {}))[1]
            slots.setdefault(slot, {})[match_id] = seen
        found: dict[str, list[Event] | None] = {}
        for node, slots in by_node.values():
            groups = list(slots.values())
            replies = self._on_node(cluster, node, [xread_command(group, None) for group in groups])
            for group, reply in zip(groups, replies, strict=True):
                if isinstance(reply, rx.MovedError):
                    cluster.nodes_manager.move_slot(reply)
                elif not isinstance(reply, rx.ResponseError):
                    found.update(parse_xread(reply, {events_key(m): m for m in group}))
        if not any(found.values()):
            time.sleep(POLL_SECONDS)
        return found
