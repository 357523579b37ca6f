"""Rate limits (flask-limiter), and who the client is behind proxies (werkzeug's ``ProxyFix``).

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

**When the counts cannot be kept** the limits fail open, never with a 500: the limiter's Redis
connections are at most ``RATELIMIT_POOL_SIZE`` per process (50), each call bounded by a 0.5 s
timeout; a call that fails (Redis down or stalled, the pool exhausted) makes the process count in
its own memory until that Redis answers again (flask-limiter's in-memory fallback, checked again
every few requests), and a failure even there lets the request through (``swallow_errors``). A
request refused before such a failure stays a 429, its ``Retry-After`` then the limit's whole window.
Sliding-window counters (``limits``' ``sliding-window-counter``): no burst of twice the limit at a
window's edge, two keys per limit.

A refusal is a 429 problem, code ``rate_limited``, naming the limit, with ``Retry-After``.

**Client address.** ``request.remote_addr`` is the peer's address unless ``TRUSTED_PROXIES`` is N > 0:
then the N-th address from the right of ``X-Forwarded-For`` (what the last N proxies, ours, saw) is
the client's. A deployment with one ingress in front sets 1; with none, 0, so that no client can
name its own address.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, request
from flask.wrappers import Response
from flask_limiter import Limiter, RateLimitExceeded
from werkzeug.middleware.proxy_fix import ProxyFix

from service.api.config import Settings
from service.api.i18n import render
from service.api.problems import problem_response, problem_title
from service.rules.messages import Msg

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


def init_app(app: Flask, settings: Settings) -> None:
    """``ProxyFix`` for ``TRUSTED_PROXIES``, and the limiter with the limits above on the app's views."""
    if settings.trusted_proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.trusted_proxies)  # type: ignore[method-assign]
    uri, options = storage(settings)
    limiter = Limiter(
        key_func=address_key,
        app=app,
        storage_uri=uri,
        storage_options=options,
        strategy="sliding-window-counter",
        enabled=settings.ratelimit_enabled,
        in_memory_fallback_enabled=uri != "memory://",
        swallow_errors=True,  # fail open: a limiter that cannot count lets the request through
        headers_enabled=False,
        key_prefix="referee-limits",
    )
    app.extensions[LIMITER_KEY] = limiter
    app.register_error_handler(RateLimitExceeded, refused)
    app.register_error_handler(TooManyStreams, refused_stream)
    if not settings.ratelimit_enabled:
        # no wrapper per view: a disabled limiter's wrappers still ran its per-request bookkeeping
        # (exemption scopes, the limit evaluation) on every match request
        # (bench/HISTORY.md, "Where a post's time goes now")
        return
    heartbeat = max(1, math.ceil(settings.stream_heartbeat_seconds))
    app.extensions[STREAM_SLOTS_KEY] = StreamSlots(settings.ratelimit_streams, heartbeat)
    values = _values(settings)
    for endpoint, kinds in _ENDPOINTS.items():
        view: Any = app.view_functions.get(endpoint)
        if view is None:
            continue
        for kind in kinds:  # one count per kind over its endpoints, checked in the view's wrapper
            key = token_key if kind.startswith("match_") else address_key
            view = limiter.shared_limit(values[kind], scope=kind, key_func=key)(view)
        app.view_functions[endpoint] = view


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


def refused(error: RateLimitExceeded) -> Response:
    """A 429 problem ``rate_limited`` naming the limit, with ``Retry-After`` (whole seconds, at least 1)."""
    limiter: Limiter = current_app.extensions[LIMITER_KEY]
    try:
        current = limiter.current_limit
        wait = math.ceil(current.reset_at - time.time()) if current is not None else 1
    except Exception:  # the counts' storage failed after the refusal (a pool exhausted, a timeout)
        wait = error.limit.limit.get_expiry()  # the limit's whole window: a retry before it is refused anyway
    return _refusal(str(error.limit.limit), limit_words(error.limit.limit), max(1, wait))


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

