"""The Redis store: every worker and replica shares the state (DESIGN.md §5).

Layout, all under the match's hash tag ``{match:<id>}`` (one Cluster slot per match):

* ``{match:<id>}:doc``: a hash; ``v`` the version, ``d`` the document JSON (in a Zstandard
  frame: ``encoding.pack_document``; one stored deflated or as plain JSON before still loads), ``s`` the
  last event sequence number, ``c`` the id of the commit that wrote it (``Store.save``'s ``commit``
  when the caller gives one; ``load`` skips a document its caller says it holds);
* ``{match:<id>}:events``: a Stream whose entry ``<seq>-0`` holds field ``d``, the event JSON
  (so a live feed can later tail it with ``XREAD`` from a ``Last-Event-ID``): where every new
  event arrives; the hash holds the refusal log too (``rn``, ``r<n>``, ``ri``: ``keys.doc_key``),
  so it expires and is deleted with the document;
* the hash's ``l``: the compacted events (``event_log``): once the Stream holds ``compact_every``
  events, they move to the log in one script and the hash's ``k`` says up to which seq the log
  goes (a match's first events go straight to the log at create). In the hash, the log expires and
  is deleted with the document, and a save refreshes two expiries, not three. ``events`` reads both
  in one script, so it answers the same whatever has been compacted. The worker that saved every
  event since the last compaction compacts from what it kept (``open_segments``), else it reads
  the log's open segment first (``redis_scripts.TAIL``);
* ``{match:<id>}:log``: where a match stored before kept its log (its hash has no ``lh``): its
  saves refresh that key's expiry, its reads read it, and its next compaction moves the log into
  the hash (``redis_scripts``). A match stored before the log existed has no ``k`` and only a
  Stream, and compacts on its next saves;
* ``{match:<id>}:idem:<key>``: one string per idempotency record, with its own expiry (``delete``
  leaves these to it, so deleting never scans the keyspace).

Creating a match and each compare-and-set save are one Lua script each (``redis_scripts``), so one
round trip: check the version, write the document, append the events, store the idempotency
record and refresh the expiry of the document and the stream, atomically. Scripts run by
``EVALSHA``, and are sent whole (``EVAL``, which caches them) to a node that answers ``NOSCRIPT``
(a restarted Redis has an empty script cache; so has a cluster master that never ran them).

Every call is one exchange on one connection (``redis_wire``), retried on a fresh connection after
a broken connection or a timeout (``RedisOptions.retries``, once by default). A retried commit
cannot apply twice: its commit id makes the script recognise a first attempt that did run.
Failures are told apart by how far they got:

* ``StoreUnavailable``: Redis could not be reached, or refused the call (loading, read-only
  replica, out of memory, failed disk ...); nothing changed.
* ``StoreOutcomeUnknown``: a write was sent and no attempt's reply settles what happened (a
  stalled Redis may still run it when it resumes), or it was applied on the master but fewer than
  ``min_replicas_ack`` replicas acknowledged it within ``wait_timeout`` (``WAIT``, sent with the
  commit on the same connection): a failover may still lose it.

A retry whose reply is a version conflict after an attempt that lost its reply is reported as
``StoreOutcomeUnknown`` too, never as a conflict: the first attempt may have been applied and then
built on by another writer. When replicas must acknowledge commits, a stored idempotency record is
confirmed the same way before it is returned (``CONFIRM``, then ``WAIT``), so that a retried
request is never answered from a record a failover could still lose.

The store holds its **command channel** (``commands``): ``redis_commands.RedisCommands`` to one
node (a URL, or the master Sentinels name), ``redis_cluster.ClusterCommands`` to a cluster, routing
each call to the master of its key's slot. The store decides what each call sends and what its
reply means; the channel how it gets there (connections, retries, ``WAIT``, what a lost reply
means). The connection pool reconnects by itself, so the same store object works again as soon as
Redis answers. ``ping`` uses a separate client that never retries. ``RedisClusterStore``
(``redis_cluster``) is this store over a cluster's channel.

Every idempotency record, a create's included, is filed under its match's hash tag, so the create
script writes the match and its record in one atomic step on every topology, a cluster included.

Why one module of about 490 lines (over the project's ~400): some 65 of them are this description,
and the rest is one class, the store contract on Redis, whose methods are each one script or
command and the reading of its outcome (the scripts are in ``redis_scripts``, the channel and its
retries in ``redis_commands`` and ``redis_wire``, the live feed in ``redis_follow``); split further,
a method and the outcome rules it shares with the others would sit in different files.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from contextlib import suppress
from typing import Any

import redis
from redis.commands.core import Script
from redis.sentinel import Sentinel

from service.store import event_log, redis_scripts
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
    StoreError,
    StoreUnavailable,
    VersionConflict,
    require_record_of,
)
from service.store.encoding import dump_record, dumps, load_record, loads, pack_document, unpack_document
from service.store.keys import doc_key, events_key, is_valid_match_id, log_key, require_valid_match_id, secret_key
from service.store.open_segments import Known, OpenSegments
from service.store.redis_commands import RedisCommands
from service.store.redis_follow import FeedHub, Reader, RedisFeed
from service.store.redis_wire import (
    Attempts,
    RedisOptions,
    is_unavailable,
    redact_url,
)

__all__ = ["RedisOptions", "RedisStore", "is_unavailable", "redact_url"]


class RedisStore:
    """The store contract (``service.store.base.Store``) on Redis, over a command channel.

    Build it with ``RedisStore.from_url`` or ``RedisStore.from_sentinels`` (``RedisClusterStore``
    on a cluster). The constructor takes the channel (``RedisCommands``: one node, or a cluster's
    ``ClusterCommands``), or a ready client, which it wraps in a channel to that one node."""

    kind = "redis"
    #: every call is a round trip to Redis: the use cases commit on a state the worker holds without
    #: loading it first (``Store.save``'s ``expected_commit``; ``MatchSteps.held``)
    remote = True

    def __init__(
        self,
        commands: RedisCommands | redis.Redis,
        *,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS,
        compact_every: int = RedisOptions.compact_every,
    ) -> None:
        if compact_every < 0:
            raise ValueError("compact_every must not be negative (0: never compact)")
        #: Stream entries that make a save compact them into the log (0: never; reads still read a log)
        self.compact_every = compact_every
        if ttl_seconds <= 0 or idempotency_ttl_seconds <= 0:
            raise ValueError("ttl_seconds and idempotency_ttl_seconds must be positive")
        self.ttl_seconds = ttl_seconds
        self.idempotency_ttl_seconds = min(idempotency_ttl_seconds, ttl_seconds)
        #: how the store talks to Redis: every call goes through it
        self.commands = commands if isinstance(commands, RedisCommands) else RedisCommands(commands)
        self._ttl_ms = ttl_seconds * 1000
        self._record_ttl_ms = self.idempotency_ttl_seconds * 1000
        loaded = self.commands.loaded
        self._create_script = loaded(redis_scripts.CREATE)
        self._save_script = loaded(redis_scripts.SAVE)
        self._delete_script = loaded(redis_scripts.DELETE)
        self._events_script = loaded(redis_scripts.EVENTS)
        self._confirm_script = loaded(redis_scripts.CONFIRM)
        self._compact_script = loaded(redis_scripts.COMPACT)
        self._tail_script = loaded(redis_scripts.TAIL)
        self._append_refusal_script = loaded(redis_scripts.APPEND_REFUSAL)
        self._refusals_script = loaded(redis_scripts.REFUSALS)
        self._hub: FeedHub | None = None
        #: each match's log as this process last wrote it, so that a compaction need not read it
        self._segments = OpenSegments()

    @property
    def description(self) -> str:
        """Where the store points, without secrets (for logs)."""
        return self.commands.description

    @property
    def min_replicas_ack(self) -> int:
        """Replicas that must acknowledge a commit before it is reported done (``WAIT``)."""
        return self.commands.min_replicas_ack

    @property
    def wait_timeout(self) -> float:
        """How long a commit waits for those acknowledgements, in seconds."""
        return self.commands.wait_timeout

    @classmethod
    def from_url(
        cls,
        url: str,
        *,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS,
        options: RedisOptions | None = None,
    ) -> RedisStore:
        """A store on the Redis at ``url`` (``redis://``, ``rediss://`` or ``unix://``). Nothing
        connects yet: a Redis that is down at start only makes calls raise StoreUnavailable.
        Commits wait for no replica unless ``options.min_replicas_ack`` asks for some."""
        options = options or RedisOptions()
        if options.tls != url.startswith("rediss://"):
            raise ValueError("TLS to Redis is asked for with a rediss:// URL (and only then)")
        commands = RedisCommands(
            redis.Redis.from_url(url, **options.client_kwargs()),
            ping_client=redis.Redis.from_url(url, **options.ping_kwargs()),
            description=f"redis at {redact_url(url)}",
            min_replicas_ack=options.replicas_to_wait_for(0),
            wait_timeout=options.wait_timeout,
            pool_size=options.pool_size,
        )
        return cls(
            commands,
            ttl_seconds=ttl_seconds,
            idempotency_ttl_seconds=idempotency_ttl_seconds,
            compact_every=options.compact_every,
        )

    @classmethod
    def from_sentinels(
        cls,
        sentinels: Sequence[tuple[str, int]],
        service_name: str,
        *,
        password: str | None = None,
        sentinel_password: str | None = None,
        db: int = 0,
        ttl_seconds: int = DEFAULT_TTL_SECONDS,
        idempotency_ttl_seconds: int = DEFAULT_IDEMPOTENCY_TTL_SECONDS,
        options: RedisOptions | None = None,
    ) -> RedisStore:
        """A store on the master that the Sentinels name ``service_name``; after a failover the
        pool finds the new master by itself. Sentinels watch a master with a replica, so a commit
        waits for one replica's acknowledgement unless ``options.min_replicas_ack`` says otherwise.
        ``password`` is the master's, ``sentinel_password`` the Sentinels' own (their requirepass)."""
        options = options or RedisOptions()
        sentinel_kwargs: dict[str, Any] = {
            "socket_timeout": options.ping_timeout, "socket_connect_timeout": options.ping_timeout,
        }
        if sentinel_password is not None:
            sentinel_kwargs["password"] = sentinel_password
        tls = {"ssl": True} if options.tls else {}
        sentinel = Sentinel(list(sentinels), sentinel_kwargs={**sentinel_kwargs, **tls, **options.tls_kwargs()})
        client = sentinel.master_for(service_name, password=password, db=db, **tls, **options.client_kwargs())
        ping_client = sentinel.master_for(service_name, password=password, db=db, **tls, **options.ping_kwargs())
        where = ",".join(f"{host}:{port}" for host, port in sentinels)
        commands = RedisCommands(
            client,
            ping_client=ping_client,
            description=f"redis master {service_name!r} via sentinels {where}",
            min_replicas_ack=options.replicas_to_wait_for(1),
            wait_timeout=options.wait_timeout,
            pool_size=options.pool_size,
        )
        return cls(
            commands,
            ttl_seconds=ttl_seconds,
            idempotency_ttl_seconds=idempotency_ttl_seconds,
            compact_every=options.compact_every,
        )

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
        keys, record_args = self._keys_and_record(match_id, idempotency)
        commit = commit or secrets.token_hex(8)
        args = [pack_document(document), self._ttl_ms, commit, *record_args]
        texts = [dumps(event) for event in events]
        compact = self.compact_every and texts
        args.extend([event_log.frame(texts, b"") if compact else "", len(texts) if compact else 0, *texts])
        attempts = Attempts()
        with self.commands.guard():  # a new match keeps its log in its hash: no log key to name
            reply, acks = self.commands.script(self._create_script, keys, args, attempts)
        result = int(reply)
        if result == -1:
            raise self.commands.settled(attempts, MatchExists(match_id))
        if result == -3:
            assert idempotency is not None
            raise IdempotencyConflict(idempotency[0])
        self.commands.require_acks(acks, "the new match")
        if self.compact_every:
            logged = Known(0, 0, b"", tuple(texts), commit)
            self._segments.put(match_id, logged.compacted_into(True) if compact else logged)
        return 1

    def load(self, match_id: str, known_commit: str = "") -> Loaded:
        if not is_valid_match_id(match_id):
            raise MatchNotFound(match_id)
        key = doc_key(match_id)
        with self.commands.guard():
            version, text, stored = self.commands.read(key, ("HMGET", key, "v", "d", "c"))
        if version is None or text is None:
            raise MatchNotFound(match_id)
        commit = "" if stored is None else stored.decode("ascii", "replace")
        # the document the caller holds (the text still comes: a second round trip to ask first
        # would cost more than the text; inflating and parsing it is what this saves)
        document = None if known_commit and commit == known_commit else unpack_document(text)
        return Loaded(match_id=match_id, version=int(version), document=document, commit=commit)

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
        if not is_valid_match_id(match_id):
            raise MatchNotFound(match_id)
        require_record_of(match_id, idempotency)
        keys, record_args = self._keys_and_record(match_id, idempotency)
        commit = commit or secrets.token_hex(8)
        expected = f"{int(expected_version)}/{expected_commit}" if expected_commit else int(expected_version)
        args = [expected, pack_document(document), self._ttl_ms, commit, *record_args]
        args.extend(dumps(event) for event in events)
        return self._commit(match_id, expected_version, keys, args, idempotency)

    def _after_save(self, match_id: str, args: list[Any], result: list[int]) -> None:
        """Record the save (the save script's ``args`` and ``result``) in what this process knows of
        the match's log, and compact the Stream into the log once it holds ``compact_every`` events."""
        texts, based_on, commit = args[6:], str(args[0]).partition("/")[2], args[3]
        if len(result) != 3:  # a retry's reply (the first attempt had written it): the Stream unknown
            self._segments.forget(match_id)
            return
        _, seq, compacted = result
        known = self._segments.saved(match_id, texts, based_on=based_on, commit=commit, seq=seq, compacted=compacted)
        if seq - compacted >= self.compact_every:
            self._compact(match_id, known, commit, seq)

    def events(self, match_id: str, after: int = 0, limit: int | None = None) -> list[Event]:
        if limit is not None and limit < 0:
            raise ValueError("limit must not be negative")
        if not is_valid_match_id(match_id):
            raise MatchNotFound(match_id)
        after = max(after, 0)
        with self.commands.guard():
            reply = self._read_events(match_id, after, limit)
        if reply is None:
            raise MatchNotFound(match_id)
        _, log, entries = reply
        found: list[Event] = []
        if log:
            texts, _ = event_log.read_log(log)
            first = after + 1
            wanted = texts[after:] if limit is None else texts[after : after + limit]
            found = [Event(seq=seq, data=loads(text)) for seq, text in enumerate(wanted, start=first)]
        found.extend(_event(entry_id, fields) for entry_id, fields in entries)
        return found if limit is None else found[:limit]

    def _read_events(self, match_id: str, after: int, limit: int | None) -> Any:
        """The EVENTS script's reply: None, or [compacted seq, log or b"", stream entries]."""
        return self._read_log_script(self._events_script, match_id, [after, "" if limit is None else limit])

    def _read_log_script(self, script: Script, match_id: str, args: list[Any]) -> Any:
        """A script that reads the match's document hash, Stream and log (EVENTS, TAIL): run again
        naming the log key when it answers that the log is at that key (a match stored before)."""
        keys = [doc_key(match_id), events_key(match_id)]
        reply = self.commands.read_script(script, keys, args)
        if reply == redis_scripts.LOG_KEY_NEEDED:
            reply = self.commands.read_script(script, with_log_key(match_id, keys), args)
        return reply

    def _compact(self, match_id: str, known: Known | None = None, commit: str = "", seq: int = 0) -> None:
        """Move the Stream's events into the log (one frame), unless another save did it first.
        A failure leaves Stream and log as they were (one script), for the next save to retry.
        The new frame is made from what this process ``known``s of the log when it wrote the match
        last (``OpenSegments``), else from the log's open segment, read and inflated (``TAIL``):
        the same work at the 50th event and the 5,000th. Only the new frame is sent. ``commit`` and
        ``seq``: the save that asked for it (what the log is known to be after it, when the
        Stream read ends there)."""
        with suppress(StoreError), self.commands.guard():
            if known is None:
                reply = self._read_log_script(self._tail_script, match_id, [])
                if reply is None or not reply[2]:
                    return
                start, segment, entries, stored = reply
                texts = tuple(fields[fields.index(b"d") + 1] for _, fields in entries)
                frames, text = event_log.open_segment(segment)
                last = int(entries[-1][0].split(b"-", 1)[0])
                read = Known(int(start), frames, text[-event_log.WINDOW :], texts, stored.decode("ascii", "replace"))
                # known after it when the Stream ran from the log to this very save, seq for seq
                known = read if read.commit == commit and last == seq == read.compacted + len(texts) else None
            else:
                read, last = known, known.compacted + len(known.after)
            appended, starts = read.next_frame()
            keys = [doc_key(match_id), events_key(match_id)]
            # refused unless the document is still at the commit the frame's events end with
            args = [read.compacted, last, appended, int(starts), read.commit]
            reply, _ = self._script(self._compact_script, match_id, keys, args, Attempts(), wait=False)
            if reply == 1 and known is not None:
                self._segments.put(match_id, known.compacted_into(starts))
                return
        self._segments.forget(match_id)

    def append_refusal(self, match_id: str, entry: JSON) -> bool:
        if not is_valid_match_id(match_id):
            return False
        args = [dumps(entry), REFUSAL_LOG_LIMIT, secrets.token_hex(8)]
        with self.commands.guard():  # no WAIT: the log is kept as well as it can be, never waited for
            script = self._append_refusal_script
            reply, _ = self.commands.script(script, [doc_key(match_id)], args, Attempts(), wait=False)
        return int(reply) > 0

    def refusals(self, match_id: str) -> list[JSON]:
        if not is_valid_match_id(match_id):
            raise MatchNotFound(match_id)
        with self.commands.guard():
            reply = self.commands.read_script(self._refusals_script, [doc_key(match_id)], [REFUSAL_LOG_LIMIT])
        if reply is None:
            raise MatchNotFound(match_id)
        return [loads(text) for text in reply if text is not None]

    def get_idempotency(self, scope_key: str, *older: str) -> IdempotencyRecord | None:
        keys = (scope_key, *older)
        with self.commands.guard():  # the older keys share the slot's hash tag: one MGET, on a cluster too
            reply = self.commands.read(scope_key, ("MGET", *keys) if older else ("GET", scope_key))
        texts = reply if older else [reply]
        found = next(((key, text) for key, text in zip(keys, texts, strict=True) if text is not None), None)
        if found is None:
            return None
        if self.min_replicas_ack:  # answer from it only once a failover cannot lose it
            with self.commands.guard():
                _, acks = self.commands.script(self._confirm_script, [found[0]], [], Attempts())
            self.commands.require_acks(acks, "the stored answer")
        return load_record(found[1])

    def put_idempotency(self, scope_key: str, record: IdempotencyRecord) -> bool:
        text = dump_record(record)
        attempts = Attempts()
        with self.commands.guard():
            command = ("SET", scope_key, text, "NX", "PX", self._record_ttl_ms)
            reply, _ = self.commands.write(scope_key, command, attempts, wait=False)
        if reply is None and attempts.lost:  # perhaps taken by this very call's first attempt
            raise self.commands.unknown("the record")
        return reply is not None

    def shared_secret(self, name: str, candidate: bytes) -> bytes:
        key = secret_key(name)
        with self.commands.guard():
            self.commands.write(key, ("SET", key, candidate, "NX"), Attempts())  # a lost reply: the GET tells
            kept = self.commands.read(key, ("GET", key))
        if not isinstance(kept, bytes) or not kept:
            raise StoreUnavailable(f"{self.commands.description}: the shared secret {name!r} could not be read back")
        return kept

    def delete(self, match_id: str) -> bool:
        if not is_valid_match_id(match_id):
            return False
        self._segments.forget(match_id)
        attempts = Attempts()
        with self.commands.guard():
            keys = [doc_key(match_id), events_key(match_id)]
            reply, acks = self._script(self._delete_script, match_id, keys, [], attempts)
        existed = bool(int(reply))
        if not existed:
            if attempts.lost:  # perhaps deleted by this very call's first attempt
                raise self.commands.unknown("the delete")
            return False
        self.commands.require_acks(acks, "the delete")
        return True

    def ping(self) -> bool:
        return self.commands.ping()

    def follow(self, match_id: str) -> RedisFeed:
        """A feed served by this process's one reader of the followed Streams (``redis_follow``)."""
        if self._hub is None:
            self._hub = FeedHub(self._feed_reader(), lambda mid, after: self.events(mid, after, FEED_BATCH))
        return self._hub.follow(match_id)

    def _feed_reader(self) -> Reader:
        """The hub's reader: the channel's (one node: blocking reads; a cluster: polls)."""
        return self.commands.feed_reader()

    def close(self) -> None:
        """Stop the feed reader, then close the channel's connections."""
        if self._hub is not None:
            self._hub.close(wait=self.commands.feed_stop_seconds)
        self.commands.close()

    # -- commits ------------------------------------------------------------------------------

    def _keys_and_record(
        self, match_id: str, idempotency: tuple[str, IdempotencyRecord] | None
    ) -> tuple[list[str], list[Any]]:
        keys = [doc_key(match_id), events_key(match_id)]
        if idempotency is None:
            return keys, [self._record_ttl_ms, ""]
        keys.append(idempotency[0])
        return keys, [self._record_ttl_ms, dump_record(idempotency[1])]

    def _commit(
        self,
        match_id: str,
        expected_version: int,
        keys: list[str],
        args: list[Any],
        idempotency: tuple[str, IdempotencyRecord] | None,
    ) -> int:
        """Run the save script with ready arguments (the commit id is ``args[3]``)."""
        attempts = Attempts()
        with self.commands.guard():
            reply, acks = self._script(self._save_script, match_id, keys, args, attempts)
        result = [int(x) for x in reply]
        if result[0] == -1:
            raise MatchNotFound(match_id)
        if result[0] == -2:
            raise self.commands.settled(attempts, VersionConflict(expected_version, result[1]))
        if result[0] == -3:  # the version was still the expected one: this commit never ran
            assert idempotency is not None
            raise IdempotencyConflict(idempotency[0])
        self.commands.require_acks(acks, f"version {result[0]}")
        if self.compact_every:
            self._after_save(match_id, args, result)
        return result[0]

    def _script(
        self, script: Script, match_id: str, keys: list[str], args: list[Any], attempts: Attempts, *, wait: bool = True
    ) -> tuple[Any, int | None]:
        """Run a script that writes on the match's ``keys`` (the document's, the Stream's[, a
        record's]), and once more naming the match's log key as well when it answers that the log
        is at that key (a match stored before the log moved into its hash; ``redis_scripts``). The
        two runs share ``attempts``: the first wrote nothing, but a lost reply of it still counts."""
        reply, acks = self.commands.script(script, keys, args, attempts, wait=wait)
        if reply == redis_scripts.LOG_KEY_NEEDED:
            reply, acks = self.commands.script(script, with_log_key(match_id, keys), args, attempts, wait=wait)
        return reply, acks


def with_log_key(match_id: str, keys: list[str]) -> list[str]:
    """A script's ``keys`` (the document's, the Stream's[, a record's]) with the match's log key
    third, as the scripts take it for a match whose log is at its own key."""
    return [*keys[:2], log_key(match_id), *keys[2:]]


def _event(entry_id: bytes, fields: list[bytes]) -> Event:
    """The event a stream entry (``<seq>-0``, fields ``[b"d", <event JSON>]``) holds."""
    return Event(seq=int(entry_id.split(b"-", 1)[0]), data=loads(fields[fields.index(b"d") + 1]))
