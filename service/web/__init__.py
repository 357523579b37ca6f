"""The referee's web page, served by the service itself.

``/`` is the page (``static/index.html``: plain ES modules and CSS, no build step), built on the
public API only; ``/web/<file>`` its static files; ``/manifest.webmanifest`` makes it installable.
Nothing in it is inline (script or style), so the Content-Security-Policy of ``'self'`` that
``service.api.headers`` sends with HTML allows all of it; the API docs at ``/docs`` are
``service.api.docs_page``'s. ``/sw.js`` is the page's service worker (``static/sw.js``, with the
list of the static files it keeps and their digest filled in). ``init_app(app)`` registers the
blueprint (a plain Flask one: none of it belongs in the OpenAPI document).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Flask, send_from_directory
from flask.wrappers import Response

STATIC = Path(__file__).resolve().parent / "static"

#: How long a browser may keep the static files before asking again (they are revalidated by ETag).
STATIC_MAX_AGE_SECONDS = 300

bp = Blueprint("web", __name__, static_folder=None)


#: Types by suffix where the system's table may lack one (an ES module must come as JavaScript).
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".json": "application/json",
         ".svg": "image/svg+xml", ".png": "image/png"}


def _send(name: str, mimetype: str | None = None) -> Response:
    mimetype = mimetype or TYPES.get(Path(name).suffix)
    response = send_from_directory(STATIC, name, mimetype=mimetype, max_age=STATIC_MAX_AGE_SECONDS)
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@bp.get("/")
def index() -> Response:
    """The page: every screen (start, table, seat, spectator) is drawn by ``js/main.js``."""
    response = _send("index.html", "text/html")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/web/<path:name>")
def static_file(name: str) -> Response:
    return _send(name)


def _shell() -> tuple[list[str], str]:
    """The addresses of the page's shell (every static file but the worker itself) and their digest."""
    files = sorted(p for p in STATIC.rglob("*") if p.is_file() and p.name not in ("sw.js", "LICENSE", "index.html"))
    digest = hashlib.sha256()
    for path in [STATIC / "index.html", *files]:
        digest.update(path.relative_to(STATIC).as_posix().encode() + b"\0" + path.read_bytes())
    addresses = ["/", *("/manifest.webmanifest" if p.name == "manifest.webmanifest" else
                        f"/web/{p.relative_to(STATIC).as_posix()}" for p in files)]
    return addresses, digest.hexdigest()[:16]


@bp.get("/sw.js")
def service_worker() -> Response:
    """The page's service worker: it keeps the shell for a reload with no network (static/sw.js)."""
    addresses, digest = _shell()
    text = (STATIC / "sw.js").read_text(encoding="utf-8")
    text = text.replace("/*SHELL*/[]", json.dumps(addresses)).replace("/*DIGEST*/", digest)
    response = Response(text, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    return _send("manifest.webmanifest", "application/manifest+json")


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
