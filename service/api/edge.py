"""The edge: the one WSGI middleware every request passes through, around the Flask app.

It does in one call and one ``start_response`` what used to be five nested middlewares, each with
its own call, closure and pass over the answer's headers (bench/README.md, the trick endpoint):

* the request id and the request's log line (``logs``: ``request_id``, ``REQUEST_LOGGER``): the id
  is bound for every log line written while the request runs, echoed in ``X-Request-ID``, and the
  line is written when the answer has been sent (a 413 of the body limit and a server error too);
* the request metrics (``ops.RequestMetrics``): counted by method, route and status, timed until
  the answer's status line;
* the answer's language (``languages.RequestLanguage``): chosen before the app runs
  (``i18n.set_language``), announced in ``Content-Language`` and ``Vary: Accept-Language``;
* the security headers (``headers``).

Answers get exactly the headers, in the same order, that the five layers gave them: the app's own
(a ``Vary`` extended with ``Accept-Language``), ``Content-Language``, ``Vary`` when the app set
none, the security headers the answer lacks (``headers.add_headers``), and ``X-Request-ID`` last
(any the app set is dropped). For the usual answer, which carries none of those names and is not
HTML, the headers after the app's own are one tuple per language, made when the app is built (a
``Vary`` of the app's, such as a match's ``Vary: Authorization``, extended in place).

``COMMON_HEADERS`` names those headers and the JSON content types: the header pairs most answers
carry, which gunicorn's workers check once rather than on each answer (``service.server``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import structlog
from flask import Flask

from service.api.body import JSON_MIME
from service.api.headers import EVERY_ANSWER, HTML_ANSWER, add_headers, is_html
from service.api.i18n import LANGUAGES, reset_language, set_language
from service.api.languages import RequestLanguage, announce
from service.api.logs import REQUEST_ID_HEADER, REQUEST_LOGGER, log_line, request_id
from service.api.ops import RequestMetrics
from service.api.problems import PROBLEM_MIME
from service.store.base import MATCH_ID_PATTERN

StartResponse = Callable[..., Any]

_ENV_REQUEST = "werkzeug.request"
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
#: header names (lower case) whose presence in the app's answer takes the general path
_EDITED = frozenset({REQUEST_ID_HEADER.lower(), *(name.lower() for name, _ in (*EVERY_ANSWER, *HTML_ANSWER))})
#: the header pairs most answers carry, each with this very value (the module docstring)
COMMON_HEADERS = frozenset({
    ("Content-Type", JSON_MIME), ("Content-Type", PROBLEM_MIME), ("Vary", "Accept-Language"),
    *(("Content-Language", lang) for lang in LANGUAGES), *EVERY_ANSWER, *HTML_ANSWER,
})


class Edge:
    """WSGI middleware around the Flask app ``app`` (the module docstring); ``flask_app`` names the
    routes whose answers are English whatever is asked (``languages.RequestLanguage``)."""

    def __init__(self, app: Callable[..., Iterable[bytes]], flask_app: Flask,
                 logger: logging.Logger = REQUEST_LOGGER) -> None:
        self.app = app
        self.logger = logger
        self.language_of = RequestLanguage(flask_app)
        self.metrics = RequestMetrics()
        #: the headers that follow the app's own on the usual answer, per language
        self.tails = {lang: (("Content-Language", lang), ("Vary", "Accept-Language"), *EVERY_ANSWER)
                      for lang in LANGUAGES}

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        rid = request_id(environ.get("HTTP_X_REQUEST_ID"))
        bound = structlog.contextvars.bind_contextvars(request_id=rid)
        lang = self.language_of(environ)
        #: the answer's status and Flask's request, seen as the answer starts (Flask takes the
        #: request out of the environ when it is done with it)
        seen: list[Any] = [500, None]

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            request = seen[1] = environ.get(_ENV_REQUEST)
            seen[0] = int(status[:3])
            if exc_info is None:
                rule = request.url_rule if request is not None else None
                self.metrics.observe(environ.get("REQUEST_METHOD", "GET"), rule, status[:3],
                                     time.perf_counter() - started)
            self.finish_headers(headers, lang, rid)
            return start_response(status, headers, exc_info)

        def finish(sent: int) -> None:
            try:
                level = logging.ERROR if seen[0] >= 500 else logging.INFO
                if self.logger.isEnabledFor(level):
                    line: dict[str, Any] = {"method": _method(environ), "route": None, "status": seen[0]}
                    line.update(_route_of(seen[1]))
                    line["bytes"] = sent
                    line["duration_ms"] = round((time.perf_counter() - started) * 1000, 3)
                    log_line(self.logger, level, "request", line)
            finally:
                structlog.contextvars.reset_contextvars(**bound)

        token = set_language(lang)
        try:
            body = self.app(environ, start)
        except BaseException:
            finish(0)
            raise
        finally:
            reset_language(token)
        # the bytes are counted for the log line only, when the answer's status makes one
        return CountedBody(body, finish, self.logger.isEnabledFor(logging.ERROR if seen[0] >= 500 else logging.INFO))

    def finish_headers(self, headers: list[tuple[str, str]], lang: str, rid: str) -> None:
        """The app's WSGI ``headers`` as the answer carries them (the module docstring)."""
        usual = True
        vary_at = -1
        for at, (name, value) in enumerate(headers):
            lowered = name.lower()
            if lowered == "vary":
                if vary_at < 0:
                    vary_at = at
            elif lowered in _EDITED or (lowered == "content-type" and is_html(value)):
                usual = False
                break
        tail = self.tails.get(lang)
        if not usual or tail is None:
            announce(headers, lang)
            add_headers(headers)
            headers[:] = [(k, v) for k, v in headers if k.lower() != "x-request-id"]
        elif vary_at < 0:
            headers.extend(tail)
        else:  # as announce does it: the app's Vary (the first) names Accept-Language too
            name, value = headers[vary_at]
            if "accept-language" not in value.lower():
                headers[vary_at] = (name, f"{value}, Accept-Language" if value.strip() else "Accept-Language")
            headers.append(tail[0])
            headers.extend(EVERY_ANSWER)
        headers.append((REQUEST_ID_HEADER, rid))


class CountedBody:
    """The app's answer as sent, counting its bytes when ``counted`` (else passed on as the app's own
    iterator, the count left at 0); ``close`` (which every WSGI server calls when the answer is done)
    closes the app's iterable and then reports the count."""

    def __init__(self, body: Iterable[bytes], on_close: Callable[[int], None], counted: bool = True) -> None:
        self.body = body
        self.on_close = on_close
        self.counted = counted
        self.sent = 0

    def __iter__(self) -> Iterator[bytes]:
        return self._counting() if self.counted else iter(self.body)

    def _counting(self) -> Iterator[bytes]:
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


def _method(environ: dict[str, Any]) -> str:
    method = str(environ.get("REQUEST_METHOD", "GET"))
    return method if method in _METHODS else "OTHER"


def _route_of(request: Any) -> dict[str, Any]:
    """The matched URL rule and the match id of Flask's ``request`` (None: none), when Flask found them."""
    rule = getattr(request, "url_rule", None)
    if rule is None:
        return {}
    out: dict[str, Any] = {"route": rule.rule}
    match_id = (getattr(request, "view_args", None) or {}).get("match_id")
    if isinstance(match_id, str) and MATCH_ID_PATTERN.fullmatch(match_id):
        out["match_id"] = match_id
    return out
