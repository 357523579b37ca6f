"""Logs: one line per request, and every line the service writes (gunicorn's too) in one format.

* The request line, written by the edge (``service/api/edge.py``, the one WSGI middleware around
  the app). It gives each request an id (``request_id``: the client's ``X-Request-ID`` when it is
  well formed, ``REQUEST_ID_PATTERN``: 1 to 128 characters of ``A-Z a-z 0-9 - _ . : / + =``;
  otherwise a new random one), echoes it in the answer's ``X-Request-ID``, binds it for every log
  line written while the request runs, and when the answer has been sent writes one line on the
  logger ``service.request``: ``method``, ``route`` (the URL rule, ``/v1/matches/<match_id>``,
  never the path with its query), ``status``, ``duration_ms`` (until the last byte), ``bytes`` (of
  the body) and ``match_id`` where the route has one. It logs no header, query or body: no token,
  no hand, no Idempotency-Key can reach a log line from here. The line goes through ``log_line``:
  straight to the service's own handler when that is the only one, else through ``logging``.
* ``formatter(log_format)``: the ``logging.Formatter`` every handler uses: ``json``, one JSON
  object per line (``JsonLines``: ``event``, the request id, ``level``, ``logger``, the line's
  fields, ``timestamp``), or ``text``, the same fields readable by a person (structlog's
  ``ProcessorFormatter`` and ``ConsoleRenderer``).
* ``dict_config(log_format, level)``: the ``logging.config.dictConfig`` document that
  ``gunicorn.conf.py`` gives gunicorn (``logconfig_dict``): the root logger (the app's loggers
  propagate to it), ``gunicorn.error`` and ``gunicorn.access``, all on stderr through ``formatter``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from datetime import UTC, datetime
from typing import Any

import orjson
import structlog

LOG_FORMATS = ("json", "text")
REQUEST_ID_HEADER = "X-Request-ID"
REQUEST_ID_PATTERN = re.compile(r"[A-Za-z0-9._:/+=-]{1,128}")
REQUEST_LOGGER = logging.getLogger("service.request")


def request_id(offered: str | None) -> str:
    """The client's request id when it is well formed, else a new one (32 hex digits)."""
    if offered is not None and REQUEST_ID_PATTERN.fullmatch(offered):
        return offered
    return os.urandom(16).hex()  # secrets.token_hex(16), without its three calls in Python


#: the timestamp with ``Z``; a dataclass through ``default`` (its ``repr``), not field by field
_ORJSON_OPTIONS = orjson.OPT_UTC_Z | orjson.OPT_PASSTHROUGH_DATACLASS
#: the attributes every record has (and the two ``logging.Formatter.format`` adds); any other
#: attribute is a field its caller passed in ``extra``
_RECORD_ATTRIBUTES = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonLines(logging.Formatter):
    """``LOG_FORMAT=json``: a record as one JSON object on one line (``json_line``), with the fields,
    in the order, that structlog's ``ProcessorFormatter`` gives it (``processor_formatter("json")``;
    a test holds the two equal): ``event`` (the message), ``stack_info`` where the record has one,
    the context's variables (``request_id``), ``level`` (lower case), ``logger``, the record's
    ``extra`` fields, ``timestamp`` (ISO 8601 in UTC, ``Z``, when the record was made), and
    ``exception`` (the traceback) where the record has one. A dataclass, and any other value JSON
    has no form for, is written as its ``repr``, as structlog writes it (a field left out of its
    ``repr``, a password, stays out of the line); but a date, time, UUID or enum in orjson's form,
    and NaN and the infinities as ``null`` (structlog writes ``NaN``, which is not JSON). The
    ``message`` and ``asctime`` another formatter may have set on the record are not fields.

    Written here, not by ``ProcessorFormatter``, because every request writes one such line: the
    formatter copies each record, runs seven processors and the standard library's encoder, 23 us
    a line against 4.5 here, in process (bench/README.md, the request log line)."""

    def format(self, record: logging.LogRecord) -> str:
        extra = {key: value for key, value in vars(record).items() if key not in _RECORD_ATTRIBUTES}
        exc_info = record.exc_info  # (None, None, None) from exception() outside an except: none
        return json_line(record.getMessage(), record.levelname, record.name, extra, record.created,
                         record.stack_info, self.formatException(exc_info) if exc_info and exc_info[0] else None)


def json_line(event: str, level_name: str, logger_name: str, extra: dict[str, Any], created: float,
              stack_info: str | None = None, exception: str | None = None) -> str:
    """One line of ``LOG_FORMAT=json`` (``JsonLines``), without its newline."""
    line: dict[str, Any] = {"event": event}
    if stack_info:
        line["stack_info"] = stack_info
    for key, value in structlog.contextvars.get_contextvars().items():
        line.setdefault(key, value)
    line["level"] = level_name.lower()
    line["logger"] = logger_name
    line.update(extra)
    line["timestamp"] = made = datetime.fromtimestamp(created, UTC)
    if exception is not None:
        line["exception"] = exception
    try:
        return orjson.dumps(line, default=repr, option=_ORJSON_OPTIONS).decode()
    except TypeError:  # a key that is not a string, an integer beyond 64 bits
        line["timestamp"] = made.isoformat().replace("+00:00", "Z")
        return json.dumps(line, default=repr)


def log_line(logger: logging.Logger, level: int, event: str, fields: dict[str, Any]) -> None:
    """``logger.log(level, event, extra=fields)``, written straight to the handler's stream (one
    line, ``json_line``, under the handler's lock as its ``emit`` writes) when the one handler the
    record would reach is the service's own, a ``StreamHandler`` writing ``JsonLines``, with no
    filter on the way and the standard records (``_sole_json_handler``): as ``logging`` would write
    it, without making the record, looking for its caller, or passing it through the logger's and
    the handler's calls. Any other handling (a test's capture, ``text``, a filter, a record
    factory of one's own) gets the record through ``logging``. A line that cannot be made or
    written is reported as the handler reports it, never raised. The request line is written so
    (``edge.Edge``): through ``logging`` it took 9% of a gunicorn worker's CPU serving the trick
    endpoint, 4.6% so (bench/README.md, the request log line)."""
    if not logger.isEnabledFor(level):
        return
    handler = _sole_json_handler(logger, level)
    if handler is None:
        logger.log(level, event, extra=fields)
        return
    try:
        text = json_line(event, logging.getLevelName(level), logger.name, fields, time.time())
        handler.acquire()
        try:
            handler.stream.write(text + handler.terminator)
            handler.flush()
        finally:
            handler.release()
    except Exception:  # as the handler does: a line not made or not written is reported, never raised
        handler.handleError(logging.makeLogRecord({"name": logger.name, "levelno": level, "msg": event}))


def _sole_json_handler(logger: logging.Logger, level: int) -> logging.StreamHandler[Any] | None:
    """The one handler a record of ``level`` from ``logger`` would reach, when it is a plain
    ``StreamHandler`` writing ``JsonLines``, no logger or handler on the way has a filter, and the
    records are ``logging``'s own (no record factory adds to them)."""
    found: logging.StreamHandler[Any] | None = None
    current: logging.Logger | None = logger
    if logger.disabled or logging.getLogRecordFactory() is not logging.LogRecord:
        return None
    while current is not None:
        if current.filters:
            return None
        for handler in current.handlers:
            if level < handler.level:
                continue
            if (found is not None or type(handler) is not logging.StreamHandler or handler.filters
                    or type(handler.formatter) is not JsonLines):
                return None
            found = handler
        current = current.parent if current.propagate else None
    return found


def processor_formatter(log_format: str) -> logging.Formatter:
    """structlog's ``ProcessorFormatter`` writing ``log_format``: for ``text``, the formatter of
    every handler; for ``json``, the reference that ``JsonLines`` is held equal to."""
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


def formatter(log_format: str = "text") -> logging.Formatter:
    """The formatter of every handler: JSON lines for ``json`` (``JsonLines``), readable lines
    for ``text``."""
    if log_format not in LOG_FORMATS:
        raise ValueError(f"log format must be one of {LOG_FORMATS}; got {log_format!r}")
    return JsonLines() if log_format == "json" else processor_formatter(log_format)


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
