"""Operations endpoints: ``GET /readyz`` (the store answers) and ``GET /metrics`` (Prometheus).

* ``/readyz``: 200 when the state store answers a ping now (the store's own short, no-retry
  check), else a 503 problem ``store_unavailable``. Liveness (``/healthz``) never touches the store.
* ``/metrics``: requests by endpoint, method and status, and their latency, in the Prometheus text
  format. Under gunicorn with several workers set ``PROMETHEUS_MULTIPROC_DIR`` to a writable
  directory (the Dockerfile does): each worker then writes its samples there and any worker answers
  for all of them. ``gunicorn.conf.py`` creates it and empties it of an earlier run's samples when
  the server starts, and marks each exiting worker dead.
"""

from __future__ import annotations

import os
import time

from flask import Flask, g, request
from flask.wrappers import Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client import multiprocess as prometheus_multiprocess

from service.api.body import Blueprint, json_response
from service.api.config import Settings
from service.api.matches import match_store
from service.matches.errors import StoreUnavailable

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


def init_app(app: Flask, settings: Settings) -> None:
    app.before_request(_start_timer)
    app.after_request(_count)


def _start_timer() -> None:
    g.ops_started = time.perf_counter()


def _count(response: Response) -> Response:
    started = g.get("ops_started")
    endpoint = request.url_rule.rule if request.url_rule is not None else "unmatched"
    if started is not None:
        LATENCY.labels(request.method, endpoint).observe(time.perf_counter() - started)
    REQUESTS.labels(request.method, endpoint, str(response.status_code)).inc()
    return response


@blp.route("/readyz", methods=["GET"])
@blp.response(200, description="The store answers")
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
def readyz() -> Response:
    """Ready when the state store answers a quick ping (no retries)."""
    from flask import current_app

    store = match_store(current_app)
    try:
        ok = store.ping()
    except Exception:  # any failure of the check means "not ready", never a 500
        ok = False
    if not ok:
        raise StoreUnavailable(f"the {store.kind} store does not answer")
    return json_response({"status": "ready", "store": store.kind})


@blp.route("/metrics", methods=["GET"])
@blp.response(200, description="Prometheus text format", content_type=CONTENT_TYPE_LATEST)
def metrics() -> Response:
    """Request counts and latencies in the Prometheus text format (all workers when multiprocess)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        prometheus_multiprocess.MultiProcessCollector(registry)
        data = generate_latest(registry)
    else:
        data = generate_latest()
    return Response(data, mimetype=CONTENT_TYPE_LATEST)
