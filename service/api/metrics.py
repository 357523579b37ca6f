"""Metrics that show the domain (Prometheus; served at ``/metrics`` with the request metrics of
``service/api/ops.py``, or on ``METRICS_PORT``):

=========================================  ==================================================
``referee_matches_created_total``          matches created, by ``ruleset`` and ``mode``
``referee_actions_total``                  actions by ``ruleset``, ``result`` (``accepted``,
                                           ``refused``) and ``code`` (the refusal's, ``ok``)
``referee_idempotent_replays_total``       answers given again for an Idempotency-Key, by
                                           ``operation`` (``create``, ``act``, ``undo``)
``referee_version_conflicts_total``        writes that lost to another (409) or named a stale
                                           version (412), by ``operation`` and ``status``
``referee_store_call_duration_seconds``    each call to the match store, by ``call`` (``load``,
                                           ``save`` ...), failed calls too
``referee_open_streams``                   live event streams open now (``stream_opened`` /
                                           ``stream_closed``, or ``open_stream()``), all workers
``referee_build_info``                     1, labelled ``version``, ``revision`` (``BUILD_REVISION``)
                                           and ``python``
=========================================  ==================================================

The use cases stay unaware of metrics: the app is built (``app.create_app``) with ``ObservedMatches``
(which counts what passes through ``create``, ``act`` and ``undo``) in front of its use cases and
``TimedStore`` in front of their store. A refused action's ruleset is the one this process last saw the match
with (no store call is spent on it); ``unknown`` when it has not seen the match. Every label takes
values from a bounded set (rulesets, modes, codes, method names), never from a request's text.
"""

from __future__ import annotations

import glob
import os
import platform
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from prometheus_client import Counter, Gauge, Histogram
from prometheus_client import multiprocess as prometheus_multiprocess

from service.api.config import Settings
from service.matches import errors as match_errors
from service.matches.results import Created, Viewed
from service.matches.usecases import Matches
from service.rules.errors import RuleError

VERSION = "0.1.0"  # pyproject.toml's version

MATCHES_CREATED = Counter("referee_matches_created_total", "Matches created", ["ruleset", "mode"])
ACTIONS = Counter("referee_actions_total", "Actions accepted or refused", ["ruleset", "result", "code"])
REPLAYS = Counter("referee_idempotent_replays_total", "Answers given again for an Idempotency-Key", ["operation"])
CONFLICTS = Counter(
    "referee_version_conflicts_total", "Writes that lost a race (409) or named a stale version (412)",
    ["operation", "status"],
)
STORE_CALLS = Histogram(
    "referee_store_call_duration_seconds", "Time of one call to the match store", ["call"],
    buckets=(0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
OPEN_STREAMS = Gauge("referee_open_streams", "Live event streams open now", multiprocess_mode="livesum")
BUILD_INFO = Gauge("referee_build_info", "The running build", ["version", "revision", "python"],
                   multiprocess_mode="max")

_NOT_REFUSALS = (match_errors.VersionConflict, match_errors.PreconditionFailed, match_errors.StoreUnavailable)


def stream_opened() -> None:
    """Count a live stream as open (call ``stream_closed`` when it ends)."""
    OPEN_STREAMS.inc()


def stream_closed() -> None:
    OPEN_STREAMS.dec()


@contextmanager
def open_stream() -> Iterator[None]:
    """Counts a live stream as open while the block runs."""
    stream_opened()
    try:
        yield
    finally:
        stream_closed()


def init_app(app: Flask, settings: Settings) -> None:
    """Set the build info."""
    revision = settings.build_revision[:40] or "unknown"
    BUILD_INFO.labels(VERSION, revision, platform.python_version()).set(1)


class TimedStore:
    """A store whose every call is timed into ``referee_store_call_duration_seconds``."""

    def __init__(self, store: Any) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if name.startswith("_") or not callable(value):
            return value
        timed = _timed(value, STORE_CALLS.labels(name))
        # kept on the instance, so that later look-ups find it without coming here (a store's
        # methods do not change)
        self.__dict__[name] = timed
        return timed


def _timed(call: Callable[..., Any], histogram: Any) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return call(*args, **kwargs)
        finally:
            histogram.observe(time.perf_counter() - started)

    return timed


class ObservedMatches:
    """The app's use cases, counting creations, actions, replays and conflicts; anything else is
    the use cases' own."""

    def __init__(self, inner: Matches) -> None:
        self._inner = inner
        self._accepted: dict[str, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def __setattr__(self, name: str, value: Any) -> None:
        """A setting of the use cases (``rng``, ``clock``, ``store``) is theirs, not the wrapper's."""
        if name.startswith("_"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._inner, name, value)

    def create(self, body: Any, **kwargs: Any) -> Created:
        try:
            created = self._inner.create(body, **kwargs)
        except RuleError as err:
            _count_refusal("create", err)
            raise
        if created.replayed:
            REPLAYS.labels("create").inc()
        else:
            MATCHES_CREATED.labels(str(created.view.get("ruleset")), str(created.view.get("mode"))).inc()
        return created

    def act(self, match_id: str, token: str | None, body: Any, **kwargs: Any) -> Viewed:
        try:
            viewed = self._inner.act(match_id, token, body, **kwargs)
        except RuleError as err:
            if _count_refusal("act", err) and not isinstance(err, _NOT_REFUSALS):
                ACTIONS.labels(self._ruleset(match_id), "refused", err.code).inc()
            raise
        if viewed.replayed:
            REPLAYS.labels("act").inc()
        else:
            ruleset = self._ruleset(match_id, viewed)
            accepted = self._accepted.get(ruleset)
            if accepted is None:  # one labelled child per ruleset, looked up once (labels() locks)
                accepted = self._accepted[ruleset] = ACTIONS.labels(ruleset, "accepted", "ok")
            accepted.inc()
        return viewed

    def undo(self, match_id: str, token: str | None, **kwargs: Any) -> Viewed:
        try:
            viewed = self._inner.undo(match_id, token, **kwargs)
        except RuleError as err:
            _count_refusal("undo", err)
            raise
        if viewed.replayed:
            REPLAYS.labels("undo").inc()
        return viewed

    def _ruleset(self, match_id: str, viewed: Viewed | None = None) -> str:
        if viewed is not None and viewed.view is not None and "ruleset" in viewed.view:
            return str(viewed.view["ruleset"])
        return self._inner.ruleset_seen(match_id) or "unknown"


def _count_refusal(operation: str, err: RuleError) -> bool:
    """Count a replayed refusal or a conflict; True when it is neither (a refusal to count)."""
    if err.replayed:
        REPLAYS.labels(operation).inc()
        return False
    if isinstance(err, match_errors.PreconditionFailed):
        CONFLICTS.labels(operation, "412").inc()
    elif isinstance(err, match_errors.VersionConflict):
        CONFLICTS.labels(operation, "409").inc()
    return True


class WrittenFilesCollector(prometheus_multiprocess.MultiProcessCollector):
    """Every worker's samples (the library's multiprocess collector), leaving out a sample file a
    process is creating at this instant. A process makes its file when it first counts something (a
    worker's first request): the file exists empty, for a moment, before it is sized and its header
    written, and the library, reading it then, fails the whole scrape (``struct.error``: a 500 from
    ``/metrics``). A file's size only grows, from 0 to its preallocated size, and an empty one holds no
    sample yet: leaving it out loses nothing."""

    def collect(self) -> Iterable[Any]:
        return self.merge([path for path in glob.glob(os.path.join(self._path, "*.db")) if _written(path)],
                          accumulate=True)


def _written(path: str) -> bool:
    """Whether a sample file has been sized (a live gauge's file may also be gone already: left out)."""
    try:
        return os.path.getsize(path) > 0
    except OSError:
        return False


class PodCollector:
    """The process metrics of the whole server (``referee_pod_*``): gunicorn's master ``root`` and
    every process it started, summed, read from ``/proc`` at each scrape (the multiprocess mode of
    the metrics library has no process metrics of its own). Nothing where ``/proc`` is missing."""

    def __init__(self, root: int) -> None:
        self.root = root

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

        pids = [self.root, *_children(self.root)]
        cpu = rss = 0.0
        counted = 0
        ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
        page = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
        for pid in pids:
            try:
                with open(f"/proc/{pid}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            cpu += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
            rss += int(fields[21]) * page
            counted += 1
        if not counted:
            return
        yield CounterMetricFamily("referee_pod_cpu_seconds", "CPU time of the server's processes (master and "
                                  "workers), user and system", value=cpu)
        yield GaugeMetricFamily("referee_pod_resident_memory_bytes", "Resident memory of the server's processes",
                                value=rss)
        yield GaugeMetricFamily("referee_pod_processes", "The server's processes (master and workers)",
                                value=counted)


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as listed:
            return [int(child) for child in listed.read().split()]
    except OSError:
        return []


class StoreHealthCollector:
    """``referee_store_up``: 1 when the match store answers a quick ping now (no retries), else 0;
    read at each scrape. The store's health is a metric to alert on, not the process's readiness
    (``/readyz``): a stalled Redis must not take every pod out of the service at once."""

    def __init__(self, ping: Callable[[], bool]) -> None:
        self.ping = ping

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import GaugeMetricFamily

        try:
            up = bool(self.ping())
        except Exception:  # any failure of the check means "down", never a failed scrape
            up = False
        yield GaugeMetricFamily("referee_store_up", "1 when the match store answers a quick ping, else 0",
                                value=1.0 if up else 0.0)


def stream_capacity(settings: Settings) -> int:
    """Connections, open streams among them, that the server's workers hold at once: each gevent
    worker ``WORKER_CONNECTIONS``, each gthread worker ``WORKER_THREADS``, each sync worker one."""
    per_worker = {"gevent": settings.worker_connections, "gthread": settings.worker_threads}.get(
        settings.worker_class, 1
    )
    return settings.web_concurrency * per_worker


class StreamCapacityCollector:
    """``referee_stream_capacity``: ``stream_capacity`` of the settings, the bound that
    ``referee_open_streams`` of the same server is compared with (an alert near it)."""

    def __init__(self, settings: Settings) -> None:
        self.value = float(stream_capacity(settings))

    def collect(self) -> Iterator[Any]:
        from prometheus_client.core import GaugeMetricFamily

        yield GaugeMetricFamily("referee_stream_capacity", "Connections (open streams among them) the server's "
                                "workers hold at once", value=self.value)
