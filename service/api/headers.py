"""Security headers on every answer, and a Content-Security-Policy on every HTML one.

* every answer: ``X-Content-Type-Options: nosniff`` (a browser takes the declared type at its word)
  and ``Referrer-Policy: no-referrer`` (no match URL leaks to another site through a link);
* every ``text/html`` answer (the ``/docs`` page, any page the service serves): ``CSP`` below, which
  lets a page load scripts, styles, fonts, images and connections from the service itself only
  (``'self'``; images also as ``data:`` URIs, which Swagger UI's stylesheet uses for its icons), no
  inline script, no plugin, no framing by another site, forms posting to the service only; and
  ``X-Frame-Options: DENY`` for browsers that do not read ``frame-ancestors``.

Added by the edge (``service/api/edge.py``) as each answer starts. A header an endpoint set itself
is kept. gunicorn's ``Server`` header names no version (gunicorn
27 sends ``Server: gunicorn``; tests/api/test_headers.py checks a real server's answer).
"""

from __future__ import annotations

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


def is_html(content_type: str) -> bool:
    """Whether a ``Content-Type`` value declares an HTML answer."""
    return content_type.split(";", 1)[0].strip().lower() == "text/html"


def add_headers(headers: list[tuple[str, str]]) -> None:
    """Add to WSGI ``headers`` each header of ``EVERY_ANSWER`` (and, for a ``text/html`` answer, of
    ``HTML_ANSWER``) that the answer does not carry already (the edge, ``service/api/edge.py``,
    gives most answers the same headers without calling this)."""
    present = set()
    html = False
    for name, value in headers:
        lowered = name.lower()
        present.add(lowered)
        if lowered == "content-type":
            html = is_html(value)
    for wanted in (EVERY_ANSWER, HTML_ANSWER) if html else (EVERY_ANSWER,):
        headers.extend((name, value) for name, value in wanted if name.lower() not in present)
