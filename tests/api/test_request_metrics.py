"""``ops.RequestMetrics`` writes the request metrics' values directly: what it counts must be what
the library's own ``Histogram.observe`` and ``Counter.inc`` count, sample for sample."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram

from service.api.ops import LATENCY, REQUESTS, RequestMetrics

#: durations on, just below and just above every bound, zero, and past the last bound
DURATIONS = [0.0, 0.0004, 0.001, 0.0010001, 0.0025, 0.003, 0.005, 0.0099999, 0.01, 0.02, 0.025, 0.05, 0.07,
             0.1, 0.25, 0.4, 0.5, 0.9, 1.0, 1.5, 2.5, 2.5000001, 7.0, 120.0]


def samples(*metrics: Any, endpoint: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for metric in metrics:
        for family in metric.collect():
            for sample in family.samples:
                if sample.labels.get("endpoint") == endpoint and not sample.name.endswith("_created"):
                    out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def test_counted_as_the_library_counts() -> None:
    endpoint = "/test/request-metrics/<id>"
    rule = SimpleNamespace(rule=endpoint)
    reference = CollectorRegistry()
    latency = Histogram(LATENCY._name, "reference", ["method", "endpoint"], buckets=LATENCY._upper_bounds[:-1],
                        registry=reference)
    requests = Counter(REQUESTS._name, "reference", ["method", "endpoint", "status"], registry=reference)
    metrics = RequestMetrics()
    for method, status in (("POST", "200"), ("POST", "400"), ("GET", "200"), ("BREW", "405")):
        for seconds in DURATIONS:
            metrics.observe(method, rule, status, seconds)
            shown = method if method != "BREW" else "OTHER"
            latency.labels(shown, endpoint).observe(seconds)
            requests.labels(shown, endpoint, status).inc()
    counted = samples(LATENCY, REQUESTS, endpoint=endpoint)
    expected = samples(latency, requests, endpoint=endpoint)
    assert counted == expected
    assert counted[("referee_http_requests_total", (("endpoint", endpoint), ("method", "OTHER"),
                                                     ("status", "405")))] == len(DURATIONS)
    # one bucket per duration: the +Inf bucket counts every one
    count = ("referee_http_request_duration_seconds_bucket", (("endpoint", endpoint), ("le", "+Inf"),
                                                              ("method", "POST")))
    assert counted[count] == 2 * len(DURATIONS)


def test_an_unmatched_request_is_counted_as_unmatched() -> None:
    metrics = RequestMetrics()
    before = samples(REQUESTS, endpoint="unmatched")
    metrics.observe("GET", None, "404", 0.002)
    after = samples(REQUESTS, endpoint="unmatched")
    key = ("referee_http_requests_total", (("endpoint", "unmatched"), ("method", "GET"), ("status", "404")))
    assert after[key] == before.get(key, 0.0) + 1
