"""Operations endpoints: ``GET /readyz`` (this process serves) and ``GET /metrics`` (Prometheus).

* ``/readyz``: 200 when this process serves requests (issue 33 item 9): it never asks the store,
  whose health is the metric ``referee_store_up`` (a ping at each scrape) and an alert on it; a
  stalled Redis must not take every pod out of the service, and the rules endpoints still work
  without it (the match endpoints answer 503 ``store_unavailable`` on their own). Liveness
  (``/healthz``) never touches the store either.
* ``/metrics``: requests by endpoint, method and status, and their latency, in the Prometheus text
  format. Under gunicorn with several workers set ``PROMETHEUS_MULTIPROC_DIR`` to a writable
  directory (the Dockerfile does): each worker then writes its samples there and any worker answers
  for all of them. ``gunicorn.conf.py`` creates it and empties it of an earlier run's samples when
  the server starts, and marks each exiting worker dead.
"""

from __future__ import annotations

import os
from bisect import bisect_left
from typing import Any

import marshmallow as ma
from flask import abort, current_app
from flask.wrappers import Response
from marshmallow.validate import OneOf
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest

from service.api.body import Blueprint, json_response
from service.api.config import Settings
from service.api.matches import match_store
from service.api.metrics import PodCollector, StoreHealthCollector, StreamCapacityCollector, WrittenFilesCollector

blp = Blueprint("ops", __name__, description="Readiness and metrics, for the platform.")

REQUESTS = Counter(
    "referee_http_requests_total", "HTTP requests answered", ["method", "endpoint", "status"]
)
LATENCY = Histogram(
    "referee_http_request_duration_seconds",
    "Time to answer an HTTP request",
    ["method", "endpoint"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)


#: Methods counted under their own name; any other (a client's invention) is counted as "OTHER",
#: so that no client can grow the label sets without bound.
KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


class RequestMetrics:
    """The request metrics above, as the edge (``service/api/edge.py``) counts each answer: by
    method, route (the URL rule, ``unmatched`` when none) and status, timed from the call until the
    answer's status line. The labelled metric children are made once per (method, route, status)
    and kept, so a request costs one dictionary lookup and the three value updates.

    Those updates are the ones ``Histogram.observe`` and ``Counter.inc`` make (the sum, the one
    bucket of the duration, the count: each written at once, in a worker's file when
    multiprocess), made on the children's values directly: without the labelled metric's checks,
    its walk over the buckets and its exemplar (none here), which cost as much as the writes
    (tests/api/test_request_metrics.py holds them to the library's own counting)."""

    def __init__(self) -> None:
        self._children: dict[tuple[str, str, str], tuple[Any, list[Any], Any]] = {}

    def observe(self, method: str, rule: Any, status: str, seconds: float) -> None:
        """Count one answer: ``rule`` is the request's matched URL rule (None: unmatched), ``status``
        the status code's three digits."""
        key = (method, "unmatched" if rule is None else rule.rule, status)
        total, buckets, count = self._children.get(key) or self._labelled(key)
        total.inc(seconds)
        buckets[bisect_left(_BOUNDS, seconds)].inc(1)  # the first bucket at or above it, as observe
        count.inc(1)

    def _labelled(self, key: tuple[str, str, str]) -> tuple[Any, list[Any], Any]:
        method, endpoint, status = key
        known = method in KNOWN_METHODS
        shown = method if known else "OTHER"
        latency = LATENCY.labels(shown, endpoint)
        children = (latency._sum, latency._buckets, REQUESTS.labels(shown, endpoint, status)._value)
        if known:
            self._children[key] = children
        return children


#: the latency histogram's bucket bounds, +Inf last (as the library keeps them)
_BOUNDS = tuple(LATENCY._upper_bounds)


class ReadySchema(ma.Schema):
    status = ma.fields.String(required=True, validate=OneOf(["ready"]))
    store = ma.fields.String(
        required=True, validate=OneOf(["memory", "redis"]),
        metadata={"description": "The match store this process uses (redis: a Redis server, Sentinels or a Cluster)"},
    )


@blp.route("/readyz", methods=["GET"])
@blp.response(200, ReadySchema, description="This process serves requests")
def readyz() -> Response:
    """Ready when this process can serve requests (it never asks the match store).

    The store's health is ``referee_store_up`` in ``/metrics``: with the store down, the rules
    endpoints still work, and the match endpoints answer 503 ``store_unavailable`` on their own.
    """
    return json_response({"status": "ready", "store": match_store(current_app).kind})


@blp.route("/metrics", methods=["GET"])
@blp.response(200, description="Prometheus text format", content_type=CONTENT_TYPE_LATEST)
def metrics() -> Response:
    """Request counts and latencies in the Prometheus text format (all workers when multiprocess).
    Not here (404) when ``METRICS_PORT`` serves them on a port of their own, or turns them off."""
    settings: Settings = current_app.extensions["trick_referee.settings"]
    if settings.metrics_port is not None or not settings.metrics_enabled:
        abort(404)
    store = CollectorRegistry()
    store.register(StoreHealthCollector(match_store(current_app).ping))
    store.register(StreamCapacityCollector(settings))
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):  # under gunicorn (gunicorn.conf.py sets it)
        registry = CollectorRegistry()
        WrittenFilesCollector(registry)
        registry.register(PodCollector(os.getppid()))  # the master, and every worker
        data = generate_latest(registry)
    else:
        data = generate_latest()
    data += generate_latest(store)
    return Response(data, mimetype=CONTENT_TYPE_LATEST)
