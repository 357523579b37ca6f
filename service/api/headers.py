"""Security headers on every answer, and a Content-Security-Policy on every HTML one.

* every answer: ``X-Content-Type-Options: nosniff`` (a browser takes the declared type at its word)
  and ``Referrer-Policy: no-referrer`` (no match URL leaks to another site through a link);
* every ``text/html`` answer (the ``/docs`` page, any page the service serves): ``CSP`` below, which
  lets a page load scripts, styles, fonts, images and connections from the service itself only
  (``'self'``; images also as ``data:`` URIs, which Swagger UI's stylesheet uses for its icons), no
  inline script, no plugin, no framing by another site, forms posting to the service only; and
  ``X-Frame-Options: DENY`` for browsers that do not read ``frame-ancestors``.

A header an endpoint set itself is kept. gunicorn's ``Server`` header names no version (gunicorn
27 sends ``Server: gunicorn``; tests/api/test_headers.py checks a real server's answer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
EVERY_ANSWER = (("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"))
HTML_ANSWER = (("Content-Security-Policy", CSP), ("X-Frame-Options", "DENY"))


def init_app(app: Flask) -> None:
    app.wsgi_app = SecureAnswers(app.wsgi_app)  # type: ignore[method-assign]


class SecureAnswers:
    """WSGI middleware adding the headers above to every answer's header list, in one pass over
    it, as the answer starts (a Flask ``after_request`` hook did it through werkzeug's ``Headers``,
    whose ``setdefault`` scans every header once per name: about a tenth of the framework's work
    on a posted play, ``bench/matches/worker_profile.py``)."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        def secured(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            add_headers(headers)
            return start_response(status, headers, exc_info)

        return self.app(environ, secured)


def add_headers(headers: list[tuple[str, str]]) -> None:
    """Add to WSGI ``headers`` each header of ``EVERY_ANSWER`` (and, for a ``text/html`` answer, of
    ``HTML_ANSWER``) that the answer does not carry already."""
    present = set()
    html = False
    for name, value in headers:
        lowered = name.lower()
        present.add(lowered)
        if lowered == "content-type":
            html = value.split(";", 1)[0].strip().lower() == "text/html"
    for wanted in (EVERY_ANSWER, HTML_ANSWER) if html else (EVERY_ANSWER,):
        headers.extend((name, value) for name, value in wanted if name.lower() not in present)
