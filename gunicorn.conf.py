"""gunicorn settings, from the same environment variables as the app (``service/api/config.py``).

    gunicorn -c gunicorn.conf.py service.wsgi:app

``PORT`` (default 8000) and ``HOST`` (default 0.0.0.0) give the bind address, ``WEB_CONCURRENCY``
the number of workers: 1 by default when matches are kept in memory (no ``REDIS_URL``), since
each worker would hold its own matches; ``2 × cores + 1`` by default with Redis. Workers are
sync: request/response only, measured the steadiest here (see STACK.md).
"""

import logging

from service.api.config import Settings

_settings = Settings.from_env()

bind = [_settings.bind]
workers = _settings.web_concurrency
worker_class = "sync"
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


def on_starting(server: object) -> None:
    if _settings.web_concurrency > 1 and not _settings.uses_redis:
        logging.getLogger("gunicorn.error").warning(
            "%d workers without REDIS_URL: each worker keeps its own matches in memory, so a match "
            "is only found by the worker that created it. Set REDIS_URL, or WEB_CONCURRENCY=1.",
            _settings.web_concurrency,
        )
