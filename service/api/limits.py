"""Rate limits (counted here, on the ``limits`` library's parsing and strategies), and who the
client is behind proxies (werkzeug's ``ProxyFix``).

What is counted, each limit configurable by environment (``service/api/config.py``; defaults in
``DEFAULT_LIMITS`` there), ``RATELIMIT_ENABLED=false`` turning all of them off:

=========================  ====================================================  ======================
limit                      covers, counted per                                   default
=========================  ====================================================  ======================
``RATELIMIT_CREATE``       ``POST /v1/matches``, per client address              ``20/minute;200/day``
``RATELIMIT_MATCH_WRITE``  actions, undo, delete, per bearer token               ``10/second;300/minute``
``RATELIMIT_MATCH_READ``   view, events, rounds, record, opening a stream,       ``30/second``
                           per bearer token
``RATELIMIT_ADDRESS``      every match endpoint together, per client address     ``100/second``
``RATELIMIT_RULES``        the ``/v1/rulesets`` endpoints, per client address    ``50/second``
=========================  ====================================================  ======================

**Open streams.** A stream is a connection held for up to ``STREAM_MAX_SECONDS``, so besides the
rate at which they open (``RATELIMIT_MATCH_READ``) a token may hold at most ``RATELIMIT_STREAMS``
(default 5: a device or two with a tab or two each) open at once in one worker process; one more is
refused with the same 429 problem, ``Retry-After`` one heartbeat (the time a worker takes to notice
a client that went away). Counted in the process (the streams are its connections), not in Redis:
across ``W`` workers and ``R`` replicas a token holds at most ``W × R × RATELIMIT_STREAMS``.

Not limited: ``/healthz``, ``/readyz``, ``/metrics``, ``/docs``, ``/openapi.json`` and pages.
Each limit is one count over the endpoints it covers (a seat's view and its events together).
A token is counted under a hash of it (the storage never holds a token); a request without one
is counted under its address. The per-address limit over all match endpoints keeps a client that
sprays invented tokens (each a fresh per-token count) within bounds.

**Live matches per address.** No count of live matches is kept per address (an address is often a
whole club or school behind one NAT, and counting would need the store to track every expiry and
deletion per address). The creation limit bounds them instead: at most 200 creations a day per
address and a 7-day idle expiry (``MATCH_TTL_SECONDS``) cap one address at 1,400 live matches, about
3 MB of Redis at the measured ~2 KB a match (docs/scaling.md); lower ``RATELIMIT_CREATE``'s daily
figure to lower that cap.

The counts live in the store's Redis when the service has one (``REDIS_URL``, the Sentinels, the
cluster), else in the process's memory; ``RATELIMIT_STORAGE_URI`` names another place.

**One round trip, and most requests none.** Every limit a request is counted under is checked and
counted at once, by one script (``COUNT_SCRIPT``, sent once and then called by ``EVALSHA``): one key
per counted identity (a token's hash, an address) holds that identity's windows of every limit, so
that the script reads them with one ``MGET`` and writes each back with one ``SET``. A request is
counted under all its limits or, when one refuses it, under none (the refused request does not use
up the others). Far from every limit the call counts several requests at once, permits that the
process spends on that identity-set's next requests with no call (``service/api/leases.py``): at most
``LEASE_MOST`` (128) a call and a sixteenth of the smallest room left in any window; as many as the
identity-set used of its last lease, twice that when it used them all; each spent within the
windows it was counted in and a tenth of the smallest window at the latest. So a client posting
as fast as it can asks the Redis once in many requests (posting plays in the benchmark, where the
limits are far above the load, about once in ten), while near a limit (under 32 left in some window:
every write of the default 10 a second) each request is one call and the count exact. Across
processes the limits are never exceeded (every permit spent is a request the Redis counted, in its
window); a permit a process held unused when its lease ended refuses a request early, by at most a
sixteenth of the room there was, and only far from the limit. In a Redis Cluster a token's key
and an address's key are on different slots, so the script runs once per slot (two calls for a
match request with a token, each slot with its own lease), each slot's limits all or none, and a
slot that refuses gives the permits of the others back to their leases; the other storages (memory,
``RATELIMIT_STORAGE_URI`` naming memcached, say) count through ``limits``' own strategy, a call per
window, with no leases. The cost per request is in bench/README.md (Matches).

**When the counts cannot be kept** the limits fail open, never with a 500: the limiter's Redis
connections are at most ``RATELIMIT_POOL_SIZE`` per process (50), each call bounded by a 0.5 s
timeout; a call that fails (Redis down or stalled, the pool exhausted) makes the process count in
its own memory until that Redis answers again (tried again after 1 s, then 2, 4 ... up to 32 s),
and a failure even there lets the request through. A refusal names its retry time from the same
call that refused it.
Sliding-window counters, as ``limits``' ``sliding-window-counter`` keeps them in memory: windows
aligned on the clock (the worker's, sent with the call: replicas' clocks are kept in step by the
hosts), the previous window's count weighed by the share of it still inside the sliding window; no
burst of twice the limit at a window's edge.

A refusal is a 429 problem, code ``rate_limited``, naming the limit, with ``Retry-After``.

**Client address.** ``request.remote_addr`` is the peer's address unless ``TRUSTED_PROXIES`` is N > 0:
then the N-th address from the right of ``X-Forwarded-For`` (what the last N proxies, ours, saw) is
the client's. A deployment with one ingress in front sets 1; with none, 0, so that no client can
name its own address.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import operator
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

from flask import Flask, current_app, request
from flask.wrappers import Response
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, RedisClusterStorage, RedisSentinelStorage, RedisStorage, storage_from_string
from limits.strategies import SlidingWindowCounterRateLimiter
from redis.exceptions import NoScriptError
from werkzeug.middleware.proxy_fix import ProxyFix

from service.api.config import Settings
from service.api.i18n import render
from service.api.leases import LEASE_PARTS, LEASE_SHARE, Leases
from service.api.problems import problem_response, problem_title
from service.rules.messages import Msg
from service.store.redis_wire import Attempts, OwnConnections

#: the logger of the limiter's storage going and coming back (the name its log lines always had)
log = logging.getLogger("flask-limiter")

LIMITER_KEY = "trick_referee.limiter"
STREAM_SLOTS_KEY = "trick_referee.stream_slots"
#: view endpoint -> which limit it takes
_ENDPOINTS: dict[str, tuple[str, ...]] = {
    "matches.create_match": ("create", "address"),
    "matches.post_action": ("match_write", "address"),
    "matches.undo": ("match_write", "address"),
    # a claim carries no token: limited by address, so that invitations cannot be tried in bulk
    "matches.claim_seat": ("match_write", "address"),
    "matches.start_match": ("match_write", "address"),
    "matches.delete_match": ("match_write", "address"),
    "matches.get_match": ("match_read", "address"),
    "matches.get_events": ("match_read", "address"),
    "matches.get_rounds": ("match_read", "address"),
    "matches.get_record": ("match_read", "address"),
    # opening a live stream (counted once, when it opens): a client reopening streams in a loop
    # holds connections and feeds, not just requests
    "stream.stream_match": ("match_read", "address"),
    "rulesets.list_rulesets": ("rules",),
    "rulesets.get_ruleset_detail": ("rules",),
    "rulesets.trick": ("rules",),
    "rulesets.legal_plays": ("rules",),
    "rulesets.score": ("rules",),
}
#: the endpoints some limit covers
LIMITED_ENDPOINTS = frozenset(_ENDPOINTS)
_SOCKET_TIMEOUT = 0.5
#: the schemes whose storage is a Redis, counted by ``COUNT_SCRIPT``
_REDIS_SCHEMES = frozenset([*RedisStorage.STORAGE_SCHEME, *RedisSentinelStorage.STORAGE_SCHEME,
                            *RedisClusterStorage.STORAGE_SCHEME])
#: the longest wait, in seconds, before a Redis that failed is tried again
_LONGEST_RETRY = 32.0

#: Checks and counts every window of a request's limits in one call, as one request or as several
#: (permits of a lease, ``service/api/leases.py``). KEYS: one per counted identity, each a JSON object
#: (limit -> [window number, previous window's count, this window's count, window in ms]). ARGV: the
#: time in ms, the permits asked for, then per limit: its key's place in KEYS, its name, its amount,
#: its window in ms. Returns the permits counted in every window (at least one, at most those asked
#: for and the ``LEASE_SHARE``-th part of the smallest room left) when every limit takes one request,
#: else the refusing limit's place and the ms until its count drops (nothing counted).
COUNT_SCRIPT = f"\nlocal share = {LEASE_SHARE}" + """
local now, asked = tonumber(ARGV[1]), tonumber(ARGV[2])
local stored = redis.call('MGET', unpack(KEYS))
local counts = {}
for i = 1, #KEYS do
  if stored[i] then counts[i] = cjson.decode(stored[i]) else counts[i] = {} end
end
local taken = {}
local room = asked * share  -- the least room left over the windows (the share of it that is given)
for j = 3, #ARGV, 4 do
  local key, name = tonumber(ARGV[j]), ARGV[j + 1]
  local amount, expiry = tonumber(ARGV[j + 2]), tonumber(ARGV[j + 3])
  local window = math.floor(now / expiry)
  local previous, current = 0, 0
  local entry = counts[key][name]
  if entry then
    if entry[1] >= window then  -- this window (or a later one, by a clock a little ahead)
      window, previous, current = entry[1], entry[2], entry[3]
    elseif entry[1] == window - 1 then
      previous = entry[3]
    end
  end
  local left = math.min(expiry, expiry - (now - window * expiry))  -- the previous window's weight, in ms
  local counted = math.floor(previous * left / expiry) + current
  if counted + 1 > amount then
    local wait = -1
    if previous > 0 then wait = left % (expiry / previous) end
    if current > 0 and (wait < 0 or left % expiry < wait) then wait = left % expiry end
    return {(j - 3) / 4 + 1, math.ceil(math.max(wait, 0))}
  end
  room = math.min(room, amount - counted)
  taken[#taken + 1] = {key, name, window, previous, current, expiry}
end
local given = math.max(1, math.floor(room / share))
for _, t in ipairs(taken) do
  counts[t[1]][t[2]] = {t[3], t[4], t[5] + given, t[6]}
end
for i = 1, #KEYS do
  local ttl = 0
  for name, entry in pairs(counts[i]) do
    local ends = (entry[1] + 2) * entry[4] - now  -- after this, the window weighs nothing
    if ends > 0 then ttl = math.max(ttl, ends) else counts[i][name] = nil end
  end
  redis.call('SET', KEYS[i], cjson.encode(counts[i]), 'PX', ttl)
end
return given
"""


def address_key() -> str:
    """The client's address (after ``ProxyFix``)."""
    return request.remote_addr or "unknown"


def token_key() -> str:
    """A hash of the request's bearer token, or its address when it has none."""
    scheme, _, value = request.headers.get("Authorization", "").strip().partition(" ")
    token = value.strip()
    if scheme.lower() == "bearer" and token:
        return "t:" + hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return "a:" + address_key()


def storage(settings: Settings) -> tuple[str, dict[str, Any]]:
    """Where the limiter keeps its counts (URI and connection options): ``RATELIMIT_STORAGE_URI``,
    else the store's Redis, else this process's memory. Its Redis connections are at most
    ``RATELIMIT_POOL_SIZE`` per process (``max_connections``), each call bounded by a short timeout."""
    if settings.ratelimit_storage_uri:
        uri = settings.ratelimit_storage_uri
        return uri, {} if uri.startswith("memory") else {"max_connections": settings.ratelimit_pool_size}
    options: dict[str, Any] = {"socket_timeout": _SOCKET_TIMEOUT, "socket_connect_timeout": _SOCKET_TIMEOUT,
                               "max_connections": settings.ratelimit_pool_size}
    tls = settings.redis_options.tls_kwargs()
    if settings.redis_url:
        return settings.redis_url, {**options, **tls}
    if settings.redis_password:
        options["password"] = settings.redis_password
    if tls:  # a client from host and port (the Sentinels, their master, the cluster's nodes)
        options.update(ssl=True, **tls)
    if settings.redis_sentinels:
        nodes = ",".join(f"{host}:{port}" for host, port in settings.redis_sentinels)
        # the password is the master's (as for the store); the Sentinels' own is REDIS_SENTINEL_PASSWORD
        sentinels = {"password": settings.redis_sentinel_password, "socket_timeout": _SOCKET_TIMEOUT,
                     "socket_connect_timeout": _SOCKET_TIMEOUT, **({"ssl": True, **tls} if tls else {})}
        return f"redis+sentinel://{nodes}/{settings.redis_sentinel_master}", {**options, "sentinel_kwargs": sentinels}
    if settings.redis_cluster_nodes:
        nodes = ",".join(f"{host}:{port}" for host, port in settings.redis_cluster_nodes)
        return f"redis+cluster://{nodes}", options
    return "memory://", {}


class Check(NamedTuple):
    """One window a request is counted in: the limit's kind, whose count (a token's hash, an
    address), the limit, and its name among the identity's counts."""

    kind: str
    identity: str
    item: RateLimitItem
    name: str


#: a ``Check`` from its four fields in one tuple, made directly (not through the named tuple's own
#: constructor, a Python function: a call a window on every limited request)
_new_check: Callable[[tuple[str, str, RateLimitItem, str]], Check] = functools.partial(tuple.__new__, Check)
#: what names a check in its lease (``service/api/leases.py``): whose count, and the limit's name
_LEASED = operator.itemgetter(1, 3)

#: a refusal: the limit that refused, and the whole seconds until it would take the request
Refusal = tuple[RateLimitItem, int]


class Counts(Protocol):
    """Where the windows are counted."""

    def take(self, checks: Sequence[Check]) -> Refusal | None:
        """Count the request in every window of ``checks`` when all of them take it, else in none:
        the first that refuses it."""


class LibraryCounts:
    """The windows counted by ``limits``' sliding-window-counter strategy on one of its storages
    (this process's memory, say): a call per window, each test and hit under one lock so that the
    request is counted in all or none."""

    def __init__(self, storage: Any) -> None:
        self._strategy = SlidingWindowCounterRateLimiter(storage)
        self._lock = threading.Lock()

    def take(self, checks: Sequence[Check]) -> Refusal | None:
        with self._lock:
            for check in checks:
                if not self._strategy.test(check.item, check.kind, check.identity):
                    return check.item, self._retry_after(check)
            for check in checks:
                if not self._strategy.hit(check.item, check.kind, check.identity):
                    return check.item, self._retry_after(check)  # another process's count came first
        return None

    def _retry_after(self, check: Check) -> int:
        reset = self._strategy.get_window_stats(check.item, check.kind, check.identity).reset_time
        return max(1, math.ceil(reset - time.time()))


def redis_key(identity: str) -> str:
    """The Redis key of one identity's windows (in braces: its own cluster slot)."""
    return f"referee-limits/{{{identity}}}"


class RedisCounts:
    """The windows counted in a Redis by ``COUNT_SCRIPT``: one call a request (one per slot in a
    cluster). Connects at the first count, so that a Redis away when the app starts is one more
    failure to fall back from.

    On one Redis (or the Sentinels' master) the call goes to a pooled connection directly, as the
    store's commands do (``service.store.redis_wire.exchange``): no redis-py bookkeeping per
    command, no check-out and check-in of a connection per call (bench/README.md, Matches). The
    connections stay this object's once taken, at most ``RATELIMIT_POOL_SIZE`` of them (the pool's
    bound). A cluster's calls go through redis-py's script object, which routes each by its slot."""

    def __init__(self, uri: str, options: dict[str, Any]) -> None:
        self._uri = uri
        self._options = options
        self._lock = threading.Lock()
        self._script: Any = None
        self._keyslot: Callable[[str], int] | None = None
        self._pool: Any = None
        self._connections = OwnConnections(lambda: self._pool.get_connection())
        self._leases = Leases()

    def _connect(self) -> Any:
        with self._lock:
            if self._script is None:
                redis_storage: Any = storage_from_string(self._uri, **self._options)  # a RedisStorage
                client = redis_storage.get_connection()
                self._keyslot = getattr(client, "keyslot", None)  # a cluster's client
                self._pool = None if self._keyslot is not None else client.connection_pool
                self._script = client.register_script(COUNT_SCRIPT)
            return self._script

    def take(self, checks: Sequence[Check], now: float | None = None) -> Refusal | None:
        """As ``Counts.take``, at ``now`` (seconds since the epoch; the clock when None): each group's
        windows (one per slot) from a permit of its lease when this process holds one, else by a
        call that may give it more (``service/api/leases.py``). A group refused gives the earlier
        groups' permits back to their leases (a cluster's slots: the request counted in none)."""
        script = self._script or self._connect()  # connected first: a cluster's slots group the checks
        ms = int((time.time() if now is None else now) * 1000)
        spent: list[tuple[tuple[str, str], ...]] = []
        for group in (checks,) if self._keyslot is None else self._groups(checks):
            lease = tuple(map(_LEASED, group))
            asked = self._leases.spend(lease, ms)
            if asked == 0:
                spent.append(lease)
                continue
            keys: list[str] = []
            args: list[Any] = [ms, asked]
            smallest = ends = 0
            for check in group:
                key = redis_key(check.identity)
                if key not in keys:
                    keys.append(key)
                expiry = check.item.get_expiry() * 1000
                args += [keys.index(key) + 1, check.name, check.item.amount, expiry]
                window_ends = (ms // expiry + 1) * expiry  # a permit is spent in the windows it was counted in
                smallest, ends = min(smallest or expiry, expiry), min(ends or window_ends, window_ends)
            reply = script(keys=keys, args=args) if self._pool is None else self._call(script.sha, keys, args)
            if isinstance(reply, list):
                for earlier in spent:
                    self._leases.give_back(earlier, ms)
                return group[int(reply[0]) - 1].item, max(1, math.ceil(int(reply[1]) / 1000))
            self._leases.keep(lease, int(reply), ms, min(ends, ms + smallest // LEASE_PARTS))
            spent.append(lease)
        return None

    def _call(self, sha: str, keys: list[str], args: list[Any]) -> Any:
        """``EVALSHA`` on a connection of this object's; the script sent first when Redis lacks it."""
        evalsha = ("EVALSHA", sha, len(keys), *keys, *args)
        [reply] = self._connections.exchange([evalsha], Attempts(), write=True)
        if isinstance(reply, NoScriptError):  # a Redis restarted or flushed since it was sent
            _, reply = self._connections.exchange([("SCRIPT", "LOAD", COUNT_SCRIPT), evalsha], Attempts(), write=True)
        if isinstance(reply, Exception):
            raise reply
        return reply

    def _groups(self, checks: Sequence[Check]) -> list[Sequence[Check]]:
        """A cluster's ``checks``, one group per slot (in the order they come)."""
        assert self._keyslot is not None
        slots: dict[int, list[Check]] = {}
        for check in checks:
            slots.setdefault(self._keyslot(redis_key(check.identity)), []).append(check)
        return list(slots.values())


class Counter:
    """The counts with their fallback: when the Redis fails, this process's memory counts until the
    Redis answers again (tried after 1 s, then twice as long each time up to ``_LONGEST_RETRY``); a
    failure even there lets the request through."""

    def __init__(self, counts: Counts, fallback: Counts | None) -> None:
        self._counts = counts
        self._fallback = fallback
        self._down = False
        self._wait = 1.0
        self._retry_at = 0.0

    def take(self, checks: Sequence[Check]) -> Refusal | None:
        if self._down and time.monotonic() < self._retry_at:
            return self._take_in_fallback(checks)
        try:
            refusal = self._counts.take(checks)
        except Exception:  # the storage failed: a limiter that cannot count lets the request through
            if not self._down:
                log.warning("rate limit storage unreachable: counting in this process's memory")
                self._down, self._wait = True, 1.0
            else:
                self._wait = min(self._wait * 2, _LONGEST_RETRY)
            self._retry_at = time.monotonic() + self._wait
            return self._take_in_fallback(checks)
        if self._down:
            log.info("rate limit storage recovered")
            self._down = False
        return refusal

    def _take_in_fallback(self, checks: Sequence[Check]) -> Refusal | None:
        if self._fallback is None:
            return None
        try:
            return self._fallback.take(checks)
        except Exception:
            return None


def counter(settings: Settings) -> Counter:
    """The counts where ``storage`` says, with this process's memory to fall back on when that is
    another place (a Redis, say)."""
    uri, options = storage(settings)
    scheme = uri.partition("://")[0]
    counts: Counts = (RedisCounts(uri, options) if scheme in _REDIS_SCHEMES
                      else LibraryCounts(storage_from_string(uri, **options)))
    return Counter(counts, None if scheme == "memory" else LibraryCounts(MemoryStorage()))


class RateLimited(Exception):
    """A limit refused the request; it would take it in ``retry_after`` seconds."""

    def __init__(self, item: RateLimitItem, retry_after: int) -> None:
        super().__init__(str(item))
        self.item = item
        self.retry_after = retry_after


#: what a view counts: per kind, who is counted (a function of the request) and the limits by name
Plan = tuple[tuple[str, Callable[[], str], tuple[tuple[RateLimitItem, str], ...]], ...]


def _limited(view: Callable[..., Any], plan: Plan, counts: Counter) -> Callable[..., Any]:
    """``view``, run once ``counts`` took the request in every window of ``plan``."""

    @functools.wraps(view)
    def limited(*args: Any, **kwargs: Any) -> Any:
        checks = [_new_check((kind, identity, item, name))
                  for kind, whose, items in plan for identity in (whose(),) for item, name in items]
        refusal = counts.take(checks)
        if refusal is not None:
            raise RateLimited(*refusal)
        return view(*args, **kwargs)

    return limited


def _address_identity() -> str:
    return "a:" + address_key()


def init_app(app: Flask, settings: Settings) -> None:
    """``ProxyFix`` for ``TRUSTED_PROXIES``, and the limits above on the app's views: each view
    wrapped once, its wrapper counting the request in every window that applies."""
    if settings.trusted_proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.trusted_proxies)  # type: ignore[method-assign]
    app.register_error_handler(RateLimited, refused)
    app.register_error_handler(TooManyStreams, refused_stream)
    if not settings.ratelimit_enabled:
        # no wrapper per view: a disabled limiter's wrappers would still run on every match request
        # (bench/HISTORY.md, "Where a post's time goes now")
        return
    counts = counter(settings)
    app.extensions[LIMITER_KEY] = counts
    heartbeat = max(1, math.ceil(settings.stream_heartbeat_seconds))
    app.extensions[STREAM_SLOTS_KEY] = StreamSlots(settings.ratelimit_streams, heartbeat)
    values = _values(settings)
    items = {kind: tuple((item, f"{kind}/{item.amount}/{item.multiples}/{item.GRANULARITY.name}")
                         for item in parse_many(value)) for kind, value in values.items()}
    for endpoint, kinds in _ENDPOINTS.items():
        view: Any = app.view_functions.get(endpoint)
        if view is None:
            continue
        plan: Plan = tuple((kind, token_key if kind.startswith("match_") else _address_identity, items[kind])
                           for kind in kinds)
        app.view_functions[endpoint] = _limited(view, plan, counts)


def _values(settings: Settings) -> dict[str, str]:
    return {
        "create": settings.ratelimit_create,
        "match_write": settings.ratelimit_match_write,
        "match_read": settings.ratelimit_match_read,
        "rules": settings.ratelimit_rules,
        "address": settings.ratelimit_address,
    }


class TooManyStreams(Exception):
    """The caller's token holds ``RATELIMIT_STREAMS`` open streams in this process already."""

    def __init__(self, most: int, retry_after: int) -> None:
        super().__init__(most)
        self.most = most
        self.retry_after = retry_after


class StreamSlots:
    """How many streams each token (``token_key``) holds open in this process; a refusal says to
    retry after ``retry_after`` seconds."""

    def __init__(self, most: int, retry_after: int = 1) -> None:
        self.most = most
        self.retry_after = retry_after
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> Callable[[], None]:
        """One slot of ``key``: a function that gives it back (once, however often it is called);
        ``TooManyStreams`` when ``key`` holds ``most`` already."""
        with self._lock:
            held = self._open.get(key, 0)
            if held >= self.most:
                raise TooManyStreams(self.most, self.retry_after)
            self._open[key] = held + 1
        returned = False

        def give_back() -> None:
            nonlocal returned
            with self._lock:
                if returned:
                    return
                returned = True
                left = self._open.get(key, 1) - 1
                if left > 0:
                    self._open[key] = left
                else:
                    self._open.pop(key, None)

        return give_back

    def held(self, key: str) -> int:
        with self._lock:
            return self._open.get(key, 0)


def stream_slot() -> Callable[[], None] | None:
    """Take one of the caller's open-stream slots (``RATELIMIT_STREAMS``) for the stream about to
    open: the function that gives it back when the stream's answer is closed, or None when the rate
    limits are off. ``TooManyStreams`` (a 429 problem) when the token holds all its slots."""
    slots: StreamSlots | None = current_app.extensions.get(STREAM_SLOTS_KEY)
    return None if slots is None else slots.take(token_key())


def refused_stream(error: TooManyStreams) -> Response:
    """The 429 problem of ``refused`` for one stream too many; Retry-After: one heartbeat."""
    words = Msg("api.limit.streams", amount=error.most)
    return _refusal(f"{error.most} open streams per token", words, error.retry_after)


#: a limit's time unit (``limits``' granularity names) as one unit and as several, in words
_UNITS = {
    "second": (Msg("api.unit.second"), Msg("api.units.second")),
    "minute": (Msg("api.unit.minute"), Msg("api.units.minute")),
    "hour": (Msg("api.unit.hour"), Msg("api.units.hour")),
    "day": (Msg("api.unit.day"), Msg("api.units.day")),
    "month": (Msg("api.unit.month"), Msg("api.units.month")),
    "year": (Msg("api.unit.year"), Msg("api.units.year")),
}


def limit_words(item: Any) -> Msg | str:
    """A limit (``limits.RateLimitItem``) in words of the caller's language: "50 per second", "300 every
    5 minutes"; one of a unit the table does not know as ``limits`` writes it."""
    units = _UNITS.get(item.GRANULARITY.name)
    if units is None:
        return str(item)
    if item.multiples == 1:
        return Msg("api.limit.per", amount=item.amount, unit=units[0])
    return Msg("api.limit.per_many", amount=item.amount, multiples=item.multiples, units=units[1])


def refused(error: RateLimited) -> Response:
    """A 429 problem ``rate_limited`` naming the limit, with ``Retry-After`` (whole seconds, at least 1)."""
    return _refusal(str(error.item), limit_words(error.item), error.retry_after)


def _refusal(limit: str, words: Msg | str, retry_after: int) -> Response:
    """The 429 problem: ``limit`` as the machine field, ``words`` (the same limit in words) in the detail."""
    body = {
        "title": problem_title("rate_limited", 429),
        "status": 429,
        "detail": render(Msg("api.rate_limited", limit=words, retry_after=retry_after)),
        "code": "rate_limited",
        "limit": limit,
        "retry_after": retry_after,
    }
    return problem_response(body, {"Retry-After": str(retry_after), "Cache-Control": "no-store"})

