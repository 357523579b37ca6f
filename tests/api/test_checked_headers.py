"""Headers checked once (``service.server.use_checked_headers``): gunicorn passes the common header
pairs of ``service.api.edge.COMMON_HEADERS`` on without checking them on each answer, and treats
every other header exactly as its own ``Response.process_headers`` does."""

from __future__ import annotations

import os
import re
import runpy
from typing import Any

import pytest
from gunicorn.http import wsgi as gunicorn_wsgi

from service import server
from service.api.edge import COMMON_HEADERS
from tests.matches.gunicorn_server import ROOT


class Answer:
    """What ``process_headers`` reads and writes of gunicorn's ``Response``."""

    def __init__(self) -> None:
        self.headers: list[tuple[str, str]] = []
        self.response_length: int | None = None
        self.upgrade = False


def outcome(process: Any, headers: list[Any]) -> tuple[Any, ...]:
    answer = Answer()
    try:
        process(answer, headers)
    except Exception as err:  # the same refusal, by type and text
        return ("refused", type(err), str(err), answer.headers)
    return (answer.headers, answer.response_length, answer.upgrade)


HEADER_LISTS: list[list[Any]] = [
    [("Content-Type", "application/json"), ("Content-Length", "103"), ("Content-Language", "en"),
     ("Vary", "Accept-Language"), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
     ("X-Request-ID", "0123456789abcdef0123456789abcdef")],
    [("Content-Type", "application/problem+json"), ("Vary", "Authorization, Accept-Language"),
     ("Content-Language", "tl"), ("Connection", "close"), ("Keep-Alive", "timeout=5")],
    [("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Vary", " Accept-Language\t")],
    [["Content-Type", "application/json"], ("Content-Language", "id")],  # a list, not a tuple
    [("Content-Language", "en"), ("Bad Name", "x")],
    [("Vary", "Accept-Language"), ("X-Evil", "a\r\nSet-Cookie: b")],
    [("Content-Type", "application/json"), (b"Content-Length", "3")],
    [("Referrer-Policy", "no-referrer"), ("Content-Length", 3)],
    [("Content-Type", "text/html; charset=utf-8"), *sorted(COMMON_HEADERS)],
]


@pytest.mark.parametrize("headers", HEADER_LISTS)
def test_every_header_list_is_processed_as_gunicorn_does(headers: list[Any]) -> None:
    own = server.process_headers_with(frozenset(COMMON_HEADERS))
    assert outcome(own, headers) == outcome(server._PROCESS_HEADERS, headers)


def test_the_common_headers_are_passed_unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    """With gunicorn's name check made to refuse every name, the common pairs still pass (no check
    on each answer) and any other header is still refused (checked)."""
    own = server.process_headers_with(frozenset(COMMON_HEADERS))
    monkeypatch.setattr(gunicorn_wsgi, "TOKEN_RE", re.compile(r"(?!)"))
    answer = Answer()
    own(answer, [("Content-Type", "application/json"), ("Content-Language", "id"), ("Vary", "Accept-Language")])
    assert answer.headers == [("Content-Type", "application/json"), ("Content-Language", "id"),
                              ("Vary", "Accept-Language")]
    with pytest.raises(gunicorn_wsgi.InvalidResponseHeaderName):
        own(Answer(), [("Content-Type", "application/json"), ("X-Request-ID", "abc")])


def test_only_pairs_gunicorn_passes_unchanged_are_taken() -> None:
    assert all(server.passed_unchanged(pair) for pair in COMMON_HEADERS)
    for pair in (("Content-Length", "3"), ("Connection", "close"), ("Upgrade", "h2c"),
                 ("Vary", " Accept-Language"), ("X-Evil", "a\nb"), ("Bad Name", "x")):
        assert not server.passed_unchanged(pair), pair


def test_each_worker_checks_the_common_headers_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``post_fork`` (every worker class) puts the checked headers in place."""
    monkeypatch.setattr(gunicorn_wsgi.Response, "process_headers", server._PROCESS_HEADERS)
    monkeypatch.setattr(server.gunicorn_util, "write_error", server.gunicorn_util.write_error)
    # the settings gunicorn.conf.py sets in the environment are put back after the test
    monkeypatch.setenv("RATELIMIT_ENABLED", os.environ.get("RATELIMIT_ENABLED", "true"))
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    conf["post_fork"](object(), object())
    assert gunicorn_wsgi.Response.process_headers is not server._PROCESS_HEADERS
    monkeypatch.setattr(gunicorn_wsgi, "TOKEN_RE", re.compile(r"(?!)"))
    answer = Answer()
    gunicorn_wsgi.Response.process_headers(answer, [("Referrer-Policy", "no-referrer")])
    assert answer.headers == [("Referrer-Policy", "no-referrer")]
