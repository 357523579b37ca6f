"""The request log and X-Request-ID (issue 19 item 3), through the app's test client; the log of a
real gunicorn run is read in tests/matches/test_gunicorn_logs.py."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.edge import CountedBody, Edge
from service.api.logs import dict_config, formatter, request_id


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
