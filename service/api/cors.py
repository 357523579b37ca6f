"""Cross-origin access for browser clients (flask-cors), from ``CORS_ORIGINS``.

Unset: no answer carries CORS headers, so a browser page on another origin is refused. Set (a
comma-separated list of origins, or ``*``): those origins may call every endpoint; a preflight
(``OPTIONS`` with ``Access-Control-Request-Method``) is answered by flask-cors before any view.
Answers expose the headers a client reads (``ETag``, ``Idempotent-Replayed``, ``Location``,
``Retry-After``, ``Content-Language``, ``X-Request-ID``, which a client quotes when it reports a
problem); requests may send ``Authorization``, ``Content-Type``, ``If-Match``, ``If-None-Match``,
``Idempotency-Key``, ``Last-Event-ID``, ``Accept-Language`` and ``X-Request-ID``.
No cookies are used (tokens travel in ``Authorization``), so credentials are not allowed.

Every answer then says ``Vary: Origin``: whether it carries ``Access-Control-Allow-Origin`` (and
which origin it names) depends on the request's ``Origin``, so a shared cache must not hand one
origin's answer to another. flask-cors adds it only when more than one origin is configured (with
one, an answer to any other origin lacks the header all the same), so it is added here instead.
"""

from __future__ import annotations

from flask import Flask
from flask.wrappers import Response
from flask_cors import CORS

from service.api.config import Settings

EXPOSED = ("ETag", "Idempotent-Replayed", "Location", "Retry-After", "Content-Language", "X-Request-ID")
ALLOWED = (
    "Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key", "Last-Event-ID",
    "Accept-Language", "X-Request-ID",
)
METHODS = ("GET", "POST", "DELETE", "OPTIONS")
#: how long a browser may keep a preflight's answer (seconds)
PREFLIGHT_MAX_AGE = 600


def init_app(app: Flask, settings: Settings) -> None:
    """Answer cross-origin requests from the settings' origins (nothing when there are none)."""
    if not settings.cors_origins:
        return
    origins: str | list[str] = "*" if "*" in settings.cors_origins else list(settings.cors_origins)
    CORS(
        app,
        origins=origins,
        methods=list(METHODS),
        allow_headers=list(ALLOWED),
        expose_headers=list(EXPOSED),
        supports_credentials=False,
        max_age=PREFLIGHT_MAX_AGE,
        vary_header=False,  # Vary: Origin on every answer instead (the module docstring)
    )

    @app.after_request
    def vary_by_origin(response: Response) -> Response:
        response.vary.add("Origin")
        return response
