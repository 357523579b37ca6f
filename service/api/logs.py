"""Logs: one line per request, and every line the service writes (gunicorn's too) in one format.

* ``RequestLog``: WSGI middleware, the outermost layer of the app. It gives each request an id (the
  client's ``X-Request-ID`` when it is well formed, ``REQUEST_ID_PATTERN``: 1 to 128 characters of
  ``A-Z a-z 0-9 - _ . : / + =``; otherwise a new random one), echoes it in the answer's
  ``X-Request-ID``, binds it for every log line written while the request runs, and when the answer
  has been sent writes one line on the logger ``service.request``: ``method``, ``route`` (the URL
  rule, ``/v1/matches/<match_id>``, never the path with its query), ``status``, ``duration_ms``
  (until the last byte), ``bytes`` (of the body) and ``match_id`` where the route has one. It logs
  no header, query or body: no token, no hand, no Idempotency-Key can reach a log line from here.
* ``formatter(log_format)``: the ``logging.Formatter`` every handler uses (structlog's
  ``ProcessorFormatter``): ``json``, one JSON object per line (``timestamp``, ``level``, ``logger``,
  ``event``, the request id and the line's fields), or ``text``, the same fields readable by a person.
* ``dict_config(log_format, level)``: the ``logging.config.dictConfig`` document that
  ``gunicorn.conf.py`` gives gunicorn (``logconfig_dict``): the root logger (the app's loggers
  propagate to it), ``gunicorn.error`` and ``gunicorn.access``, all on stderr through ``formatter``.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import structlog

from service.store.base import MATCH_ID_PATTERN

LOG_FORMATS = ("json", "text")
REQUEST_ID_HEADER = "X-Request-ID"
REQUEST_ID_PATTERN = re.compile(r"[A-Za-z0-9._:/+=-]{1,128}")
REQUEST_LOGGER = logging.getLogger("service.request")
_ENV_REQUEST = "werkzeug.request"


def request_id(offered: str | None) -> str:
    """The client's request id when it is well formed, else a new one (32 hex digits)."""
    if offered is not None and REQUEST_ID_PATTERN.fullmatch(offered):
        return offered
    return secrets.token_hex(16)


def formatter(log_format: str = "text") -> logging.Formatter:
    """The formatter of every handler: JSON lines for ``json``, readable lines for ``text``."""
    if log_format not in LOG_FORMATS:
        raise ValueError(f"log format must be one of {LOG_FORMATS}; got {log_format!r}")
    pre_chain: list[Any] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.stdlib.ExtraAdder(),
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    renderer: list[Any] = (
        [structlog.processors.format_exc_info, structlog.processors.JSONRenderer()]
        if log_format == "json"
        else [structlog.dev.ConsoleRenderer(colors=False)]
    )
    return structlog.stdlib.ProcessorFormatter(
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, *renderer],
        foreign_pre_chain=pre_chain,
    )


def dict_config(log_format: str, level: str) -> dict[str, Any]:
    """gunicorn's ``logconfig_dict``: the root, ``gunicorn.error`` and ``gunicorn.access`` loggers on
    stderr, every line through ``formatter(log_format)``."""
    upper = level.upper()
    handler = {"class": "logging.StreamHandler", "formatter": "service", "stream": "ext://sys.stderr"}
    own = {"level": upper, "handlers": ["stderr"], "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"service": {"()": "service.api.logs.formatter", "log_format": log_format}},
        "handlers": {"stderr": handler},
        "root": {"level": upper, "handlers": ["stderr"]},
        "loggers": {"gunicorn.error": own, "gunicorn.access": dict(own)},
    }


class RequestLog:
    """WSGI middleware writing the request line and handling ``X-Request-ID`` (module docstring)."""

    def __init__(self, app: Callable[..., Iterable[bytes]], logger: logging.Logger = REQUEST_LOGGER) -> None:
        self.app = app
        self.logger = logger

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        started = time.perf_counter()
        rid = request_id(environ.get("HTTP_X_REQUEST_ID"))
        bound = structlog.contextvars.bind_contextvars(request_id=rid)
        line: dict[str, Any] = {"method": _method(environ), "route": None, "status": 500}

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            line["status"] = int(status[:3])
            line.update(_route_of(environ))
            kept = [(k, v) for k, v in headers if k.lower() != "x-request-id"]
            return start_response(status, [*kept, (REQUEST_ID_HEADER, rid)], exc_info)

        def finish(sent: int) -> None:
            line["bytes"] = sent
            line["duration_ms"] = round((time.perf_counter() - started) * 1000, 3)
            level = logging.ERROR if line["status"] >= 500 else logging.INFO
            try:
                self.logger.log(level, "request", extra=line)
            finally:
                structlog.contextvars.reset_contextvars(**bound)

        try:
            body = self.app(environ, start)
        except BaseException:
            finish(0)
            raise
        return _CountedBody(body, finish)


class _CountedBody:
    """The app's answer as sent, counting its bytes; ``close`` (which every WSGI server calls when
    the answer is done) closes the app's iterable and then reports the count."""

    def __init__(self, body: Iterable[bytes], on_close: Callable[[int], None]) -> None:
        self.body = body
        self.on_close = on_close
        self.sent = 0

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.body:
            self.sent += len(chunk)
            yield chunk

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.on_close(self.sent)


_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def _method(environ: dict[str, Any]) -> str:
    method = str(environ.get("REQUEST_METHOD", "GET"))
    return method if method in _METHODS else "OTHER"


def _route_of(environ: dict[str, Any]) -> dict[str, Any]:
    """The matched URL rule and the match id of the request, when Flask found them."""
    request = environ.get(_ENV_REQUEST)
    rule = getattr(request, "url_rule", None)
    if rule is None:
        return {}
    out: dict[str, Any] = {"route": rule.rule}
    match_id = (getattr(request, "view_args", None) or {}).get("match_id")
    if isinstance(match_id, str) and MATCH_ID_PATTERN.fullmatch(match_id):
        out["match_id"] = match_id
    return out
