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

Metrics (``/metrics``) with several workers: ``PROMETHEUS_MULTIPROC_DIR`` names a directory where
each worker writes its samples. The master creates it when missing and removes the sample files a
previous run left there before any worker starts (counts start from zero with the server, not
from the last run's), and tells the metrics library when a worker exits (``child_exit``), so a
dead worker's live gauges stop counting.
"""

import os
import sys
from pathlib import Path

from service.api.config import ConfigError, Settings

try:
    _settings = Settings.from_env()
except ConfigError as err:  # a setting the service cannot run with: say which, and stop
    sys.exit(f"trick-referee: {err}")

bind = [_settings.bind]
workers = _settings.web_concurrency
worker_class = _settings.worker_class
#: connections one gevent worker serves at once (open streams included); beyond it they wait in the backlog
worker_connections = _settings.worker_connections
#: threads of a ``gthread`` worker, where that class is chosen (one per open connection)
threads = _settings.worker_threads
timeout = 30
graceful_timeout = 20
backlog = 2048
loglevel = _settings.log_level
accesslog = None
errorlog = "-"
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


def _metrics_dir() -> Path | None:
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
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
    _clear_metrics_dir()


def child_exit(server: object, worker: object) -> None:
    if _metrics_dir() is not None:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)  # type: ignore[attr-defined]
