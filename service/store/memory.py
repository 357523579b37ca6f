"""The in-memory store: the default when no Redis is configured (DESIGN.md §5).

State lives in this one process: fine for trying the service out and for a single-worker
deployment, lost on restart and invisible to other workers or replicas. One lock makes every
operation atomic, so the compare-and-set has the same meaning as in Redis. Expiry is lazy (checked
on access, plus an occasional sweep on writes) against an injectable monotonic clock, so tests can
move time instead of sleeping. Values are kept as JSON text, exactly as Redis keeps them.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from service.store.base import (
    DEFAULT_IDEMPOTENCY_TTL_SECONDS,
    DEFAULT_TTL_SECONDS,
    FEED_BATCH,
    JSON,
    REFUSAL_LOG_LIMIT,
    Event,
    IdempotencyConflict,
    IdempotencyRecord,
    Loaded,
    MatchExists,
    MatchNotFound,
    VersionConflict,
    require_record_of,
)
from service.store.encoding import dump_record, dumps, load_record, loads
from service.store.keys import is_valid_match_id, require_valid_match_id

#: Shortest wait of a feed for its match's expiry (seconds; the store's clock may be a test's own).
EXPIRY_WAKE_SECONDS = 0.05
#: Longest gap between two sweeps of expired entries (seconds of the store's clock).
SWEEP_INTERVAL_SECONDS = 60.0


@dataclass
class _Match:
    version: int
    document: bytes
    events: list[bytes]
    expires_at: float
    #: the id of the commit that wrote ``document`` (``Store.save``'s ``commit``)
    commit: str
    #: the refusal log (``Store.append_refusal``): JSON texts, the oldest dropped beyond the limit
    refusals: deque[bytes] = field(default_factory=lambda: deque(maxlen=REFUSAL_LOG_LIMIT))


@dataclass
class _Record:
    text: bytes
    expires_at: float


class MemoryStore:
    """The store contract (``service.store.base.Store``) held in this process's memory."""

    kind = "memory"
    #: a load costs no round trip here: the use cases load before they commit (``MatchSteps.held``)
    remote = False

    def __init__(
        self,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        *,
        idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if ttl_seconds <= 0 or idempotency_ttl_seconds <= 0:
            raise ValueError("ttl_seconds and idempotency_ttl_seconds must be positive")
        self.ttl_seconds = ttl_seconds
        self.idempotency_ttl_seconds = min(idempotency_ttl_seconds, ttl_seconds)
        self._clock = clock
        self._lock = threading.Lock()
        self._secrets: dict[str, bytes] = {}
        self._matches: dict[str, _Match] = {}
        self._records: dict[str, _Record] = {}
        #: match id -> (the condition its followers wait on, how many follow it); a save or a delete
        #: of that match wakes them (``follow``)
        self._followed: dict[str, tuple[threading.Condition, int]] = {}
        self._next_sweep = clock() + min(SWEEP_INTERVAL_SECONDS, ttl_seconds)

    # -- the contract -------------------------------------------------------------------------

    def create(
        self,
        match_id: str,
        document: JSON,
        events: list[JSON],
        idempotency: tuple[str, IdempotencyRecord] | None = None,
        *,
        commit: str = "",
    ) -> int:
        require_valid_match_id(match_id)
        require_record_of(match_id, idempotency)
        doc_text, event_texts, record = self._encode(document, events, idempotency)
        with self._lock:
            now = self._clock()
            self._maybe_sweep(now)
            if self._live_match(match_id, now) is not None:
                raise MatchExists(match_id)
            self._check_record_free(record, now)
            match = _Match(1, doc_text, event_texts, now + self.ttl_seconds, commit)
            self._matches[match_id] = match
            self._put_record(record, now)
            return 1

    def load(self, match_id: str, known_commit: str = "") -> Loaded:
        with self._lock:
            match = self._require(match_id)
            version, text, commit = match.version, match.document, match.commit
        if known_commit and commit == known_commit:
            return Loaded(match_id=match_id, version=version, document=None, commit=commit)
        return Loaded(match_id=match_id, version=version, document=loads(text), commit=commit)

    def save(
        self,
        match_id: str,
        expected_version: int,
        document: JSON,
        events: list[JSON],
        idempotency: tuple[str, IdempotencyRecord] | None = None,
        *,
        commit: str = "",
        expected_commit: str = "",
    ) -> int:
        require_record_of(match_id, idempotency)
        doc_text, event_texts, record = self._encode(document, events, idempotency)
        with self._lock:
            now = self._clock()
            match = self._require(match_id, now)
            if match.version != expected_version or (expected_commit and match.commit != expected_commit):
                raise VersionConflict(expected_version, match.version)
            self._check_record_free(record, now)
            match.version += 1
            match.document = doc_text
            match.commit = commit
            match.events.extend(event_texts)
            match.expires_at = now + self.ttl_seconds
            self._put_record(record, now)
            self._wake(match_id)
            return match.version

    def events(self, match_id: str, after: int = 0, limit: int | None = None) -> list[Event]:
        if limit is not None and limit < 0:
            raise ValueError("limit must not be negative")
        start = max(after, 0)
        with self._lock:
            match = self._require(match_id)
            stop = len(match.events) if limit is None else min(len(match.events), start + limit)
            texts = match.events[start:stop]
        return [Event(seq=start + i + 1, data=loads(text)) for i, text in enumerate(texts)]

    def append_refusal(self, match_id: str, entry: JSON) -> bool:
        text = dumps(entry)
        with self._lock:
            match = self._live_match(match_id, self._clock())
            if match is None:
                return False
            match.refusals.append(text)
            return True

    def refusals(self, match_id: str) -> list[JSON]:
        with self._lock:
            texts = list(self._require(match_id).refusals)
        return [loads(text) for text in texts]

    def get_idempotency(self, scope_key: str, *older: str) -> IdempotencyRecord | None:
        with self._lock:
            now = self._clock()
            for key in (scope_key, *older):
                record = self._live_record(key, now)
                if record is not None:
                    return load_record(record.text)
        return None

    def put_idempotency(self, scope_key: str, record: IdempotencyRecord) -> bool:
        text = dump_record(record)
        with self._lock:
            now = self._clock()
            self._maybe_sweep(now)
            if self._live_record(scope_key, now) is not None:
                return False
            self._put_record((scope_key, text), now)
            return True

    def shared_secret(self, name: str, candidate: bytes) -> bytes:
        with self._lock:
            return self._secrets.setdefault(name, candidate)

    def delete(self, match_id: str) -> bool:
        with self._lock:
            if self._live_match(match_id, self._clock()) is None:
                return False
            del self._matches[match_id]
            self._wake(match_id)
            return True

    def ping(self) -> bool:
        return True

    def close(self) -> None:
        """Nothing to release; here so both stores can be closed alike."""

    def follow(self, match_id: str) -> MemoryFeed:
        """A feed woken by each save or delete of the match, inside this process."""
        with self._lock:
            condition, count = self._followed.get(match_id) or (threading.Condition(self._lock), 0)
            self._followed[match_id] = (condition, count + 1)
        return MemoryFeed(self, match_id, condition)

    def _unfollow(self, match_id: str) -> None:
        with self._lock:
            condition, count = self._followed[match_id]
            if count <= 1:
                del self._followed[match_id]
            else:
                self._followed[match_id] = (condition, count - 1)

    def _wait_events(self, match_id: str, condition: threading.Condition, after: int, timeout: float) -> list[Event]:
        """``MemoryFeed.wait``: under the store's lock, which the condition shares."""
        start = max(after, 0)
        deadline = time.monotonic() + timeout  # real time: the store's clock only dates expiry
        with self._lock:
            while True:
                match = self._require(match_id)
                if len(match.events) > start:
                    texts = match.events[start : start + FEED_BATCH]
                    break
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return []
                # woken at its expiry too (nothing else wakes a feed then), to tell it is gone
                condition.wait(min(remaining, max(match.expires_at - self._clock(), EXPIRY_WAKE_SECONDS)))
        return [Event(seq=start + i + 1, data=loads(text)) for i, text in enumerate(texts)]

    def _wake(self, match_id: str) -> None:
        """Wake the match's followers (lock held)."""
        followed = self._followed.get(match_id)
        if followed is not None:
            followed[0].notify_all()

    # -- internals (the lock is held by the caller where noted) -------------------------------

    def _encode(
        self, document: JSON, events: list[JSON], idempotency: tuple[str, IdempotencyRecord] | None
    ) -> tuple[bytes, list[bytes], tuple[str, bytes] | None]:
        record = None if idempotency is None else (idempotency[0], dump_record(idempotency[1]))
        return dumps(document), [dumps(event) for event in events], record

    def _require(self, match_id: str, now: float | None = None) -> _Match:
        """The live match or MatchNotFound (lock held)."""
        match = self._live_match(match_id, self._clock() if now is None else now)
        if match is None:
            raise MatchNotFound(match_id)
        return match

    def _live_match(self, match_id: str, now: float) -> _Match | None:
        """The match unless absent or expired; an expired one is dropped (lock held)."""
        if not is_valid_match_id(match_id):
            return None
        match = self._matches.get(match_id)
        if match is not None and match.expires_at <= now:
            del self._matches[match_id]
            return None
        return match

    def _live_record(self, scope_key: str, now: float) -> _Record | None:
        """The record unless absent or expired; an expired one is dropped (lock held)."""
        record = self._records.get(scope_key)
        if record is not None and record.expires_at <= now:
            del self._records[scope_key]
            return None
        return record

    def _check_record_free(self, record: tuple[str, bytes] | None, now: float) -> None:
        if record is not None and self._live_record(record[0], now) is not None:
            raise IdempotencyConflict(record[0])

    def _put_record(self, record: tuple[str, bytes] | None, now: float) -> None:
        """Store a record with its own expiry (lock held)."""
        if record is not None:
            scope_key, text = record
            self._records[scope_key] = _Record(text, now + self.idempotency_ttl_seconds)

    def _maybe_sweep(self, now: float) -> None:
        """Drop everything expired, at most once per sweep interval (lock held)."""
        if now < self._next_sweep:
            return
        self._next_sweep = now + min(SWEEP_INTERVAL_SECONDS, self.ttl_seconds)
        for match_id in [k for k, m in self._matches.items() if m.expires_at <= now]:
            del self._matches[match_id]
        for scope_key in [k for k, r in self._records.items() if r.expires_at <= now]:
            del self._records[scope_key]


class MemoryFeed:
    """``Store.follow`` on the memory store: waits on the match's condition (``Feed``)."""

    def __init__(self, store: MemoryStore, match_id: str, condition: threading.Condition) -> None:
        self._store = store
        self._match_id = match_id
        self._condition = condition
        self._open = True

    def wait(self, after: int, timeout: float) -> list[Event]:
        return self._store._wait_events(self._match_id, self._condition, after, timeout)

    def close(self) -> None:
        if self._open:
            self._open = False
            self._store._unfollow(self._match_id)
