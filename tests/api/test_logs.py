"""The request log and X-Request-ID (issue 19 item 3), through the app's test client; the log of a
real gunicorn run is read in tests/matches/test_gunicorn_logs.py."""

from __future__ import annotations

import io
import json
import logging
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
import structlog
from flask import Flask
from flask.testing import FlaskClient

from service.api.edge import CountedBody, Edge
from service.api.logs import JsonLines, dict_config, formatter, log_line, processor_formatter, request_id


def _lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "service.request"]


def test_a_well_formed_request_id_is_kept_and_echoed(client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "service.request")
    answer = client.get("/v1/rulesets", headers={"X-Request-ID": "trace-1:a/b+c=d.e_f"}, buffered=True)
    assert answer.headers["X-Request-ID"] == "trace-1:a/b+c=d.e_f"
    (line,) = _lines(caplog)
    fields = vars(line)
    assert (fields["method"], fields["route"], fields["status"]) == ("GET", "/v1/rulesets", 200)
    assert fields["bytes"] == len(answer.get_data())
    assert fields["duration_ms"] >= 0


@pytest.mark.parametrize("offered", [None, "", "has space", "x" * 129, "semi;colon", "é"])
def test_an_id_that_is_missing_or_malformed_is_replaced(client: FlaskClient, offered: str | None) -> None:
    headers = {} if offered is None else {"X-Request-ID": offered}
    got = client.get("/healthz", headers=headers).headers["X-Request-ID"]
    assert got != offered
    assert len(got) == 32 and int(got, 16) >= 0


def test_request_id_rule() -> None:
    assert request_id("A" * 128) == "A" * 128
    assert request_id("A" * 129) != "A" * 129
    assert request_id("a\nb") != "a\nb"
    assert request_id(None) != request_id(None)


def test_a_match_request_names_its_match_and_no_secret(client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "service.request")
    created = client.post("/v1/matches", json={"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B"]},
                          headers={"Idempotency-Key": "secret-key-123"}, buffered=True)
    body = created.get_json()
    token = body["seats"][0]["token"]
    client.get(f"/v1/matches/{body['id']}", headers={"Authorization": f"Bearer {token}"}, buffered=True)
    create_line, view_line = _lines(caplog)
    assert vars(create_line)["route"] == "/v1/matches" and "match_id" not in vars(create_line)
    assert vars(view_line)["match_id"] == body["id"]
    assert vars(view_line)["route"] == "/v1/matches/<match_id>"
    rendered = [formatter("json").format(r) for r in (create_line, view_line)]
    for text in rendered:
        assert token not in text and body["referee_token"] not in text and "secret-key-123" not in text


def test_the_json_formatter_writes_one_object_per_line() -> None:
    record = logging.LogRecord("service.request", logging.INFO, __file__, 1, "request", None, None)
    record.status = 200
    line = formatter("json").format(record)
    assert "\n" not in line
    parsed = json.loads(line)
    assert parsed["event"] == "request" and parsed["status"] == 200 and parsed["level"] == "info"
    assert parsed["logger"] == "service.request" and parsed["timestamp"].endswith("Z")
    text = formatter("text").format(record)
    assert "request" in text and "status=200" in text
    with pytest.raises(ValueError):
        formatter("xml")


@dataclass(frozen=True)
class _Secretive:
    url: str
    password: str = field(repr=False)


class _Opaque:
    def __repr__(self) -> str:
        return "<opaque>"


def _record(level: int, msg: str, args: tuple[Any, ...] = (), **extra: Any) -> logging.LogRecord:
    return logging.getLogger("tests.lines").makeRecord("tests.lines", level, __file__, 7, msg, args, None, extra=extra)


def _failed() -> Any:
    try:
        raise ValueError("the hand was empty")
    except ValueError:
        return sys.exc_info()


@pytest.mark.parametrize("record", [
    _record(logging.INFO, "request", method="POST", route="/v1/matches/<match_id>/actions", status=200,
            match_id="abcdefghijklmnopqrstuv", bytes=3200, duration_ms=1.234),
    _record(logging.INFO, "request", route=None, status=404, bytes=0, duration_ms=0.5),
    _record(logging.WARNING, "match %s not read: %d tries", ("m-1", 3)),
    _record(logging.ERROR, "nested", fields={"a": [1, 2.5, None, True], "b": {"c": "é ✓"}}, n=2**40),
    _record(logging.CRITICAL, "odd values", thing=_Opaque(), things={3, 4} - {3}),
    _record(logging.DEBUG, "quote \" and newline\n in the message"),
    _record(logging.INFO, "a dataclass", settings=_Secretive("redis://db", "hunter2")),
    _record(5, "a level of its own"),
], ids=["request", "no route", "args", "nested", "repr", "escapes", "dataclass", "custom level"])
@pytest.mark.parametrize("bound", [{}, {"request_id": "trace-1"}, {"request_id": "r", "seat": 2}])
def test_json_lines_are_structlogs_json_lines(record: logging.LogRecord, bound: dict[str, Any]) -> None:
    """The ``json`` formatter (``JsonLines``, written for speed) writes every record as structlog's
    ``ProcessorFormatter`` does: the same fields with the same values in the same order, the
    context's variables included; the timestamp is when the record was made (structlog's is when
    it is written)."""
    structlog.contextvars.clear_contextvars()
    structlog.contextvars.bind_contextvars(**bound)
    try:
        ours = json.loads(JsonLines().format(record))
        reference = json.loads(processor_formatter("json").format(record))
    finally:
        structlog.contextvars.clear_contextvars()
    assert list(ours) == list(reference)
    made = datetime.fromtimestamp(record.created, UTC).isoformat().replace("+00:00", "Z")
    assert ours.pop("timestamp") == made and reference.pop("timestamp").endswith("Z")
    assert ours == reference


def test_json_lines_carry_the_exception_and_the_stack_as_structlog_does() -> None:
    failed = _record(logging.ERROR, "failed", status=500)
    failed.exc_info = _failed()
    stacked = _record(logging.INFO, "where", status=200)
    stacked.stack_info = "Stack (most recent call last):\n  File x"
    nothing_raised = _record(logging.ERROR, "exception() outside an except")
    nothing_raised.exc_info = (None, None, None)
    for record in (failed, stacked, nothing_raised):
        ours, reference = (json.loads(f.format(record)) for f in (JsonLines(), processor_formatter("json")))
        assert list(ours) == list(reference)
        del ours["timestamp"], reference["timestamp"]
        assert ours == reference
    assert "ValueError: the hand was empty" in json.loads(JsonLines().format(failed))["exception"]
    assert "exception" not in json.loads(JsonLines().format(nothing_raised))


def test_a_dataclass_is_written_as_its_repr_so_a_field_kept_out_of_it_stays_out() -> None:
    line = JsonLines().format(_record(logging.INFO, "settings", settings=_Secretive("redis://db", "hunter2")))
    assert "hunter2" not in line and json.loads(line)["settings"] == "_Secretive(url='redis://db')"


def test_json_lines_write_what_orjson_cannot_as_the_standard_library_does() -> None:
    """A key that is not a string or an integer beyond 64 bits: orjson refuses it, and the line is
    written by the standard library's encoder instead, with the same timestamp form."""
    record = _record(logging.INFO, "big", n=2**70, by_seat={0: "a"})
    line = JsonLines().format(record)
    parsed = json.loads(line)
    assert parsed["n"] == 2**70 and parsed["by_seat"] == {"0": "a"} and parsed["timestamp"].endswith("Z")
    assert "\n" not in line


def _direct_logger(name: str, *handlers: logging.Handler) -> logging.Logger:
    logger = logging.getLogger(name)
    logger.handlers[:] = list(handlers)
    logger.filters[:] = []
    logger.propagate = False
    logger.setLevel(logging.INFO)
    return logger


def _json_handler(stream: io.StringIO) -> logging.StreamHandler[Any]:
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonLines())
    return handler


def test_a_line_written_straight_is_the_line_logging_writes() -> None:
    """``log_line`` writes to the one ``JsonLines`` handler without a record what ``logging`` writes
    through it: the same fields and values in the same order, the context's variables included."""
    stream = io.StringIO()
    handler = _json_handler(stream)
    logger = _direct_logger("tests.lines.straight", handler)
    fields = {"method": "POST", "route": "/v1/matches/<match_id>/actions", "status": 200,
              "match_id": "abcdefghijklmnopqrstuv", "bytes": 3200, "duration_ms": 1.25}
    records: list[logging.LogRecord] = []
    structlog.contextvars.bind_contextvars(request_id="trace-9")
    try:
        for level in (logging.INFO, logging.ERROR):
            log_line(logger, level, "request", dict(fields))
            handler.addFilter(lambda record: records.append(record) or True)  # through logging now
            log_line(logger, level, "request", dict(fields))
            handler.filters.clear()
    finally:
        structlog.contextvars.clear_contextvars()
    assert [r.levelno for r in records] == [logging.INFO, logging.ERROR]  # only the filtered went through it
    lines = [json.loads(text) for text in stream.getvalue().splitlines()]
    assert len(lines) == 4
    for straight, logged in (lines[0:2], lines[2:4]):
        assert list(straight.items())[:-1] == list(logged.items())[:-1]
        assert list(straight)[-1] == "timestamp" and straight["timestamp"].endswith("Z")
    assert lines[0]["request_id"] == "trace-9" and lines[2]["level"] == "error"


@pytest.mark.parametrize("arrange", ["second handler", "logger filter", "handler filter", "text", "subclass",
                                     "no handler", "record factory", "disabled", "logging.disable"])
def test_any_other_handling_gets_the_record_through_logging(arrange: str) -> None:
    """A test's capture, a second handler, a filter, the text format: ``log_line`` leaves the line
    to ``logging``, which makes the record and gives it to each of them."""
    stream = io.StringIO()
    handler = _json_handler(stream)
    seen: list[logging.LogRecord] = []

    class Capture(logging.StreamHandler):  # type: ignore[type-arg]
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    logger = _direct_logger(f"tests.lines.{arrange.replace(' ', '_')}", handler)
    if arrange == "second handler":
        logger.addHandler(Capture(io.StringIO()))
    elif arrange == "logger filter":
        logger.addFilter(lambda record: seen.append(record) or True)
    elif arrange == "handler filter":
        handler.addFilter(lambda record: seen.append(record) or True)
    elif arrange == "text":
        handler.setFormatter(formatter("text"))
    elif arrange == "subclass":
        logger.handlers[:] = [Capture(stream)]
    elif arrange == "no handler":
        logger.handlers[:] = []
        logger.addFilter(lambda record: seen.append(record) or False)  # no last-resort line on stderr
    elif arrange == "disabled":
        logger.disabled = True
    elif arrange == "logging.disable":
        logging.disable(logging.INFO)
    factory = logging.getLogRecordFactory()
    if arrange == "record factory":  # a tracer's, adding its ids to every record
        logging.setLogRecordFactory(lambda *args, **kwargs: seen.append(factory(*args, **kwargs)) or seen[-1])
    try:
        log_line(logger, logging.INFO, "request", {"status": 200})
    finally:
        logging.setLogRecordFactory(factory)
        logging.disable(logging.NOTSET)
    if arrange in ("disabled", "logging.disable"):
        assert stream.getvalue() == "" and seen == []
    elif arrange == "record factory":
        assert [vars(r)["status"] for r in seen] == [200] and '"status":200' in stream.getvalue()
    elif arrange == "text":
        assert "status=200" in stream.getvalue()
    else:
        assert [vars(r)["status"] for r in seen] == [200]


def test_a_line_that_cannot_be_written_is_reported_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    stream = io.StringIO()
    logger = _direct_logger("tests.lines.closed", _json_handler(stream))
    stream.close()
    log_line(logger, logging.INFO, "request", {"status": 200})  # no exception reaches the request
    assert "Logging error" in capsys.readouterr().err


def test_a_line_that_cannot_be_made_is_reported_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    class Unwritable:
        def __repr__(self) -> str:
            raise RuntimeError("no form")

    stream = io.StringIO()
    log_line(_direct_logger("tests.lines.unmade", _json_handler(stream)), logging.INFO, "request",
             {"odd": Unwritable()})
    assert stream.getvalue() == "" and "Logging error" in capsys.readouterr().err


class _Slow(io.StringIO):
    """A stream whose writes land in pieces, letting another thread in between (a full pipe)."""

    def write(self, text: str) -> int:
        for at in range(0, len(text), 7):
            super().write(text[at:at + 7])
            time.sleep(0)
        return len(text)


def test_lines_of_two_threads_are_never_cut_into_each_other() -> None:
    """A gthread worker's threads: the line written straight takes the handler's lock, as a line
    through ``logging`` does, so the two never mix (without it, they did)."""
    stream = _Slow()
    handler = _json_handler(stream)
    straight = _direct_logger("tests.lines.threads", handler)
    other = _direct_logger("tests.lines.threads_other", handler)
    other.addFilter(lambda record: True)  # through logging

    def write(log: Callable[[], None]) -> None:
        for _ in range(200):
            log()

    threads = [threading.Thread(target=write, args=(lambda: log_line(straight, logging.INFO, "request",
                                                                        {"status": 200}),)),
               threading.Thread(target=write, args=(lambda: other.info("long", extra={"text": "x" * 300}),))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 400
    assert sorted(json.loads(line)["event"] for line in lines) == ["long"] * 200 + ["request"] * 200


def test_the_gunicorn_log_config_covers_its_loggers() -> None:
    config = dict_config("json", "info")
    assert set(config["loggers"]) == {"gunicorn.error", "gunicorn.access"}
    assert config["root"]["handlers"] == ["stderr"]
    assert config["formatters"]["service"]["log_format"] == "json"


def test_log_format_setting() -> None:
    from service.api.config import ConfigError, Settings

    assert Settings.from_env({}).log_format == "text"
    assert Settings.from_env({"LOG_FORMAT": "JSON"}).log_format == "json"
    with pytest.raises(ConfigError, match="LOG_FORMAT"):
        Settings.from_env({"LOG_FORMAT": "xml"})


def test_the_answer_is_counted_only_for_a_line_to_write() -> None:
    """The edge counts the answer's bytes through its own iterator only when the answer's line will be
    written (the logger's level as the answer starts); else the server iterates the app's own
    iterator, and ``close`` still reaches the app's iterable and ends the request."""

    class Body:
        closed = False

        def __init__(self) -> None:
            self.chunks = iter([b"ab", b"cde"])

        def __iter__(self) -> Iterator[bytes]:
            return self.chunks

        def close(self) -> None:
            self.closed = True

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Body:
        start_response("200 OK", [("Content-Type", "application/json")])
        return Body()

    logger = logging.getLogger("tests.edge.counted")
    edge = Edge(app, Flask(__name__), logger)
    for level, counted in [(logging.WARNING, False), (logging.INFO, True)]:
        logger.setLevel(level)
        answer = edge({"REQUEST_METHOD": "GET", "PATH_INFO": "/x"}, lambda *args: None)
        assert isinstance(answer, CountedBody) and isinstance(answer.body, Body)
        assert (iter(answer) is answer.body.chunks) is not counted
        assert b"".join(answer) == b"abcde"
        answer.close()
        assert answer.body.closed and answer.sent == (5 if counted else 0)
