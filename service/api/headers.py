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

from flask import Flask
from flask.wrappers import Response

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
EVERY_ANSWER = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
HTML_ANSWER = {"Content-Security-Policy": CSP, "X-Frame-Options": "DENY"}


def init_app(app: Flask) -> None:
    app.after_request(add_headers)


def add_headers(response: Response) -> Response:
    headers = response.headers
    for name, value in EVERY_ANSWER.items():
        headers.setdefault(name, value)
    if response.mimetype == "text/html":
        for name, value in HTML_ANSWER.items():
            headers.setdefault(name, value)
    return response
