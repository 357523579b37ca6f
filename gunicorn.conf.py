"""gunicorn settings, from the same environment variables as the app (``service/api/config.py``).

    gunicorn -c gunicorn.conf.py service.wsgi:app

``PORT`` (default 8000) and ``HOST`` (default 0.0.0.0) give the bind address, ``WEB_CONCURRENCY``
the number of workers: 1 by default when matches are kept in memory (no ``REDIS_URL``), since
each worker would hold its own matches; ``2 × cores + 1`` by default with Redis.

Workers are gevent workers (``WORKER_CLASS``, default ``gevent``): each holds up to
``WORKER_CONNECTIONS`` (default 2000) connections at once, so the live streams
(``/v1/matches/{id}/stream``) are served on the same port as every other request, and a client
that sends its request a byte at a time holds one cheap greenlet, not a worker. Measured against a
thread worker and the sync worker in ``bench/README.md`` (Live streams): sync workers hold as many
streams as there are workers and stall on as many slow clients. ``sync`` remains selectable for a
deployment without streams.

Stopping: on SIGTERM gunicorn stops listening and lets each worker finish what it holds, for up to
``graceful_timeout`` (20 s); the worker's open live streams end within ``STREAM_HEARTBEAT_SECONDS``
(which must be below it) with ``end: timeout``, and their clients reconnect elsewhere.

Metrics: ``/metrics`` on the app's port, or with ``METRICS_PORT`` on that port only, served by the
master (``when_ready``); ``METRICS_PORT=off`` turns them off. Each worker writes its samples to
``PROMETHEUS_MULTIPROC_DIR`` (a new temporary directory when none is named), so that every scrape
counts every worker. The master creates it when missing and removes the sample files a previous
run left there before any worker starts (counts start from zero with the server, not from the last
run's), and tells the metrics library when a worker exits (``child_exit``), so a dead worker's live
gauges stop counting.

Connections (issue 33): an idle kept-alive connection is kept ``KEEPALIVE_SECONDS`` (75); with the
default gevent workers a request's head, then its body, must arrive within
``REQUEST_TIMEOUT_SECONDS`` (10), and one client address holds at most
``MAX_CONNECTIONS_PER_ADDRESS`` (100) connections to a worker (``service/server.py``). gunicorn's
own error answers are problems (``post_fork``).
"""

import logging
import os
import signal
import sys
from pathlib import Path

from gunicorn import glogging

from service.api.config import ConfigError, Settings
from service.api.logs import dict_config

# Rate limits are on wherever the service runs (service/api/limits.py); RATELIMIT_ENABLED=false turns
# them off. Set here, before the workers import the app, which reads the same environment.
os.environ.setdefault("RATELIMIT_ENABLED", "true")

try:
    _settings = Settings.from_env()
except ConfigError as err:  # a setting the service cannot run with: say which, and stop
    sys.exit(f"trick-referee: {err}")

bind = [_settings.bind]
workers = _settings.web_concurrency
#: gevent: the service's gevent worker (service/server.py: idle, request and per-address bounds)
worker_class = "service.server.GeventWorker" if _settings.worker_class == "gevent" else _settings.worker_class
#: connections one gevent worker serves at once (open streams included); beyond it they wait in the backlog
worker_connections = _settings.worker_connections
#: threads of a ``gthread`` worker, where that class is chosen (one per open connection)
threads = _settings.worker_threads
timeout = 30
graceful_timeout = 20
#: how long an idle kept-alive connection waits for its next request (a phone between two plays);
#: above the 60 s an nginx in front keeps its upstream connections idle, so that the proxy, not this
#: server, closes them (issue 33 item 3; gunicorn's default of 2 s reset connections reused after 2 s)
keepalive = _settings.keepalive_seconds
# A SIGTERM ends each open live stream after its next item, a heartbeat at the latest
# (``post_worker_init``): heartbeats must come sooner than the graceful timeout runs out.
if _settings.stream_heartbeat_seconds >= graceful_timeout:
    sys.exit(f"trick-referee: STREAM_HEARTBEAT_SECONDS must be below gunicorn's graceful_timeout ({graceful_timeout})")
backlog = 2048
loglevel = _settings.log_level
# No access log of gunicorn's: the app writes one line per request (service/api/logs.py), with its
# route, match and request id. Every line, gunicorn's own included, goes to stderr in LOG_FORMAT.
accesslog = None
errorlog = "-"
logconfig_dict = dict_config(_settings.log_format, _settings.log_level)
# Python's warnings too (a library's deprecation, a resource left open) go through the logging
# handler, as lines of logger ``py.warnings`` in LOG_FORMAT, rather than as raw text on stderr.
# Set here, in the master, before any worker is forked.
logging.captureWarnings(True)


class _Logger(glogging.Logger):
    """gunicorn's logger without its access log, which any ``logconfig_dict`` would turn on."""

    def access(self, resp: object, req: object, environ: object, request_time: object) -> None:
        return None


logger_class = _Logger
# A request line or header this large is an attack or a bug, not a client of this API.
limit_request_line = 8190
limit_request_fields = 100
# No runtime control socket: it defaults to one path per user, shared by every gunicorn on the host,
# and the image's home directory is not writable.
control_socket_disable = True
# Each worker's heartbeat (a change to a temporary file) on a memory file system: on a disk-backed or
# overlay file system it can block, and the master then kills a healthy worker. Systems without
# /dev/shm (macOS) keep gunicorn's default.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None


if _settings.metrics_port is not None and _settings.metrics_port == _settings.port:
    sys.exit(f"trick-referee: METRICS_PORT must differ from PORT ({_settings.port})")


def _metrics_dir() -> Path | None:
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")  # set above when the settings named none
    return Path(path) if path else None


def _clear_metrics_dir() -> None:
    """An empty metrics directory: created when missing, the sample files (``*.db``, the only files
    the metrics library writes there) of an earlier run removed."""
    path = _metrics_dir()
    if path is None:
        return
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("*.db"):
        stale.unlink(missing_ok=True)


def on_starting(server: object) -> None:
    """Every worker writes its samples to one directory and any scrape counts them all (issue 33
    item 2: without it a scrape of the app's port counted the one worker that answered it). A new
    directory is made when none is named; the workers, forked after this, read it from the
    environment."""
    if not _settings.prometheus_multiproc_dir:
        import tempfile

        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="referee-metrics-")
    _clear_metrics_dir()


def when_ready(server: object) -> None:
    """The address a phone on the same network opens is logged (``service.api.lan``: none where
    the service listens on loopback only). With METRICS_PORT, the master serves /metrics there
    (every worker's samples), apart from the app's port, which then answers /metrics with 404."""
    from service.lan import lan_url

    url = lan_url(_settings.host, _settings.port)
    if url is not None:
        server.log.info("Open %s on a phone on the same network", url)  # type: ignore[attr-defined]
    if _settings.metrics_port is None:
        return
    from prometheus_client import CollectorRegistry, start_http_server

    from service.api.metrics import PodCollector, StoreHealthCollector, StreamCapacityCollector, WrittenFilesCollector
    from service.store.factory import make_store

    registry = CollectorRegistry()
    WrittenFilesCollector(registry)
    registry.register(PodCollector(os.getpid()))  # this master, and every worker
    registry.register(StoreHealthCollector(make_store(_settings.store).ping))  # its own quick, no-retry ping
    registry.register(StreamCapacityCollector(_settings))
    start_http_server(_settings.metrics_port, addr=_settings.host, registry=registry)


def post_fork(server: object, worker: object) -> None:
    """gunicorn's own answers (a request it cannot parse) are problems in every worker class, and
    the headers most answers carry are checked once (``service.server``)."""
    from service.api.edge import COMMON_HEADERS
    from service.server import use_checked_headers, use_problem_errors

    use_problem_errors()
    use_checked_headers(COMMON_HEADERS)


def post_worker_init(worker: object) -> None:
    """A worker's SIGTERM also ends its open live streams (``service.api.stream.stop_streams``), so
    that they do not hold the worker through the whole graceful timeout and get cut mid-answer;
    then gunicorn's own handler stops the worker as usual. And what the worker loaded is frozen out
    of the garbage collector's walks (``service.server.settle_heap``)."""
    from service.api.stream import stop_streams
    from service.server import settle_heap

    stop = worker.handle_exit  # type: ignore[attr-defined]

    def on_sigterm(sig: int, frame: object) -> None:
        stop_streams()
        stop(sig, frame)

    signal.signal(signal.SIGTERM, on_sigterm)
    signal.siginterrupt(signal.SIGTERM, False)  # as gunicorn has it: no system call cut short
    settle_heap()  # last: the app is loaded (gunicorn calls this after loading it)


def child_exit(server: object, worker: object) -> None:
    if _metrics_dir() is not None:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[attr-defined]
