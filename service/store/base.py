"""The state-store contract (DESIGN.md §5): one contract, two implementations (memory, redis).

Per match the store holds:

* the current **document** (a JSON-ready dict: the encoded rules state plus whatever the matches
  layer keeps beside it, such as token hashes) with its **version** (1 after create, +1 per save);
* the append-only list of **events** that produced it; event sequence numbers start at 1 and
  are assigned by the store, in order, with no gaps;
* **idempotency records**: a stored response under a client's ``Idempotency-Key``;
* the **refusal log**: the last ``REFUSAL_LOG_LIMIT`` actions the rules refused, oldest first (JSON
  entries the matches layer writes, ``append_refusal``), beside the events, never among them:
  appending one changes neither the version nor the events, it expires with the match and is
  deleted with it, and it is never created for a match that does not exist.

Writes are compare-and-set on the version: ``save`` succeeds only when the stored version is
still ``expected_version``, and then, atomically, replaces the document, appends the events,
stores the idempotency record (if any) and refreshes the expiry. Two writers racing from the same
version: exactly one wins, the other gets ``VersionConflict``. The store never looks inside a
document or an event.

Every key of one match lives under one Redis hash tag so a cluster keeps them in one slot.
Matches expire after ``ttl_seconds`` without activity (any create or save refreshes it).
An idempotency record lives ``idempotency_ttl_seconds`` from when it was written (never longer
than the match's own expiry). A scope key holds at most one record: a create or save whose scope
key is already taken raises ``IdempotencyConflict`` and changes nothing, so a retried request can
never be applied twice, even when two copies race past the ``get_idempotency`` check.
Any failure to reach the backing store raises ``StoreUnavailable`` (the API answers 503): raised as
itself it means the call was not carried out, nothing changed. A write whose outcome cannot be known
(it was sent and its reply never came, or a required replica did not acknowledge it) raises the
subclass ``StoreOutcomeUnknown`` instead: it may have been applied, and reading the match tells.

Match ids are 1 to 128 characters from ``A-Z a-z 0-9 _ - . ~`` (``MATCH_ID_PATTERN``): ``create``
rejects another id with ``ValueError``; the reading calls treat one as ``MatchNotFound``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

JSON = dict[str, Any]

#: A match's idle lifetime when the deployment sets none (MATCH_TTL_SECONDS): seven days.
DEFAULT_TTL_SECONDS = 7 * 24 * 3600
#: How long a stored answer to an Idempotency-Key is kept (IDEMPOTENCY_TTL_SECONDS): one day.
DEFAULT_IDEMPOTENCY_TTL_SECONDS = 24 * 3600
#: How many refused actions a match's refusal log keeps (the oldest are dropped).
REFUSAL_LOG_LIMIT = 200
#: What a match id may look like (URL-safe; no braces, so the Redis hash tag stays intact).
MATCH_ID_PATTERN = re.compile(r"[A-Za-z0-9_.~-]{1,128}")


class StoreError(Exception):
    """Base of the store's errors."""


class StoreUnavailable(StoreError):
    """The backing store cannot be reached, or refused to serve the call now: nothing changed (a
    write that was refused, or failed before it was sent). The subclass ``StoreOutcomeUnknown`` is
    the exception to this: catch it first wherever the difference matters."""


class StoreOutcomeUnknown(StoreUnavailable):
    """A write was sent and its outcome is not known: its reply never came (a read timeout, a
    connection reset after the send), or it was applied on the master but fewer replicas than
    required acknowledged it, so a failover may still lose it. It may or may not have been
    applied; reading the match tells, and a retry of the same request under the same idempotency
    scope key is answered from its record if it was applied (the record is part of the commit).

    A subclass of ``StoreUnavailable`` so that a caller that does not tell the two apart still
    answers 503, never a 500; only a plain ``StoreUnavailable`` may be reported as "nothing was
    changed"."""


class VersionConflict(StoreError):
    """The stored version is not the expected one: another writer got there first."""

    def __init__(self, expected: int, actual: int | None) -> None:
        super().__init__(f"expected version {expected}, found {actual}")
        self.expected = expected
        self.actual = actual


class MatchExists(StoreError):
    """``create`` with an id that is already taken."""


class MatchNotFound(StoreError):
    """No match with that id (never created, deleted, or expired)."""


class IdempotencyConflict(StoreError):
    """``create``/``save`` with an idempotency scope key that already holds a record: that request
    (or another under the same key) was already answered. Nothing changed; read the stored record
    with ``get_idempotency`` and answer with it."""

    def __init__(self, scope_key: str) -> None:
        super().__init__(f"an idempotency record already exists under {scope_key!r}")
        self.scope_key = scope_key


@dataclass(frozen=True)
class Loaded:
    """A match as loaded: its document and the version it carries, and the id of the commit that
    wrote it (``Store.save``'s ``commit``). ``document`` is None when that commit is the one the caller said it
    holds (``Store.load``'s ``known_commit``): the stored text was neither inflated nor parsed."""

    match_id: str
    version: int
    document: JSON | None
    commit: str = ""


@dataclass(frozen=True)
class Event:
    """One stored event: ``seq`` from 1, in commit order."""

    seq: int
    data: JSON


@dataclass(frozen=True)
class IdempotencyRecord:
    """What a request under an Idempotency-Key was answered (as the matches layer keeps it: the
    store never looks inside), and a fingerprint of the request."""

    fingerprint: str
    answer: JSON


@runtime_checkable
class Store(Protocol):
    """The contract both stores implement; ``tests/store`` runs the same tests against each."""

    #: "memory" or "redis", for logs and /readyz
    kind: str
    ttl_seconds: int

    def create(
        self,
        match_id: str,
        document: JSON,
        events: list[JSON],
        idempotency: tuple[str, IdempotencyRecord] | None = None,
        *,
        commit: str = "",
    ) -> int:
        """Store a new match at version 1 with its first events; raise MatchExists if taken.
        ``idempotency`` is ``(scope_key, record)`` stored in the same atomic step, where the
        scope key was built by ``idempotency_scope`` for this match (ValueError otherwise);
        IdempotencyConflict if that key is taken. ``commit``: a random id of this write, which
        ``load`` names (see ``save``)."""
        ...

    def load(self, match_id: str, known_commit: str = "") -> Loaded:
        """The current document, version and commit id; raise MatchNotFound. When the stored
        document was written by the commit ``known_commit`` (not ""), ``document`` is None: the
        caller holds that document already (a worker's cache of the states it saved or read)."""
        ...

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
        """Compare-and-set: if the version is ``expected_version``, write the document, append
        the events, store the idempotency record, refresh the TTL, and return the new version
        (``expected_version + 1``). Raise VersionConflict otherwise, MatchNotFound if gone,
        IdempotencyConflict if the idempotency scope key already holds a record. ``commit``: a
        random id the caller gives this write, which ``load`` names so that a caller holding what it
        wrote may skip reading it again; "" when it gives none (the store then makes one of its own
        where it needs one, and such a document always loads whole). ``expected_commit`` (not ""):
        the stored version must also have been written by that commit, else VersionConflict (a
        caller that commits on a state it holds without loading it: a failover that lost a write
        may have moved on to the same version with another document)."""
        ...

    def events(self, match_id: str, after: int = 0, limit: int | None = None) -> list[Event]:
        """Events with ``seq > after``, oldest first; raise MatchNotFound."""
        ...

    def append_refusal(self, match_id: str, entry: JSON) -> bool:
        """Append ``entry`` to the match's refusal log, dropping the oldest beyond
        ``REFUSAL_LOG_LIMIT``; no version change, no event, the expiry left as it is (the match's).
        False (and nothing written) when the match does not exist. One round trip."""
        ...

    def refusals(self, match_id: str) -> list[JSON]:
        """The match's refusal log, oldest first (at most ``REFUSAL_LOG_LIMIT``); raise MatchNotFound."""
        ...

    def get_idempotency(self, scope_key: str, *older: str) -> IdempotencyRecord | None:
        """The record stored under ``scope_key``, if any; else the one under the first of ``older``
        (where the same record was filed before, in the same slot) that holds one: one read."""
        ...

    def put_idempotency(self, scope_key: str, record: IdempotencyRecord) -> bool:
        """Store a record outside a save (e.g. a rejected request's answer); False if one exists."""
        ...

    def shared_secret(self, name: str, candidate: bytes) -> bytes:
        """The secret every process sharing this store uses under ``name``: the first ``candidate``
        any of them offered (kept without expiry, set only when none is there: ``SET NX``)."""
        ...

    def delete(self, match_id: str) -> bool:
        """Remove the match, its events and its refusal log; True if it existed. Its idempotency records are left
        to expire on their own (within ``idempotency_ttl_seconds``), so deleting costs the same
        however many matches the store holds."""
        ...

    def ping(self) -> bool:
        """True when the backing store answers now (quickly, no retries): for /readyz."""
        ...

    def follow(self, match_id: str) -> Feed:
        """A feed of the match's new events (a live stream's source); close it when done. Following
        a match that does not exist is allowed: the feed's first ``wait`` raises MatchNotFound."""
        ...


@runtime_checkable
class Feed(Protocol):
    """One follower's view of a match's events as they are committed (``Store.follow``).

    A feed is registered before its first ``wait``, so an event committed after ``follow`` returned
    is never missed, whatever ``after`` the follower then reads from."""

    def wait(self, after: int, timeout: float) -> list[Event]:
        """The events with ``seq > after``, oldest first, at most ``FEED_BATCH`` of them; when there
        are none yet, wait up to ``timeout`` seconds for some and return ``[]`` if none came.
        MatchNotFound once the match is gone (deleted or expired): checked whenever a wait with a
        ``timeout`` ends with nothing (a look with ``timeout`` 0 may answer from what the feed knows)."""
        ...

    def close(self) -> None:
        """Stop following (idempotent)."""
        ...


#: the most events one ``Feed.wait`` returns (a follower far behind reads its backlog in batches)
FEED_BATCH = 100


def idempotency_scope(match_id: str, key: str) -> str:
    """The key an idempotency record of ``match_id`` (a create's record included) is stored under.

    It carries the match's hash tag (``{match:<id>}``), so the record sits in the match's slot and
    a create or a save writes it atomically with the match."""
    return f"{{match:{match_id}}}:idem:{key}"


def require_record_of(match_id: str, idempotency: tuple[str, IdempotencyRecord] | None) -> None:
    """ValueError unless an idempotency record written with ``match_id`` is filed under that
    match's hash tag (``idempotency_scope``), so it shares the match's slot."""
    if idempotency is not None and not idempotency[0].startswith(f"{{match:{match_id}}}:"):
        raise ValueError(f"an idempotency record of match {match_id!r} must be filed under its hash tag")
