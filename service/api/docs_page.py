"""The interactive API docs at ``/docs``: Swagger UI served from the service itself.

The Swagger UI files come from the ``flask-swagger-ui`` package (its ``dist`` folder, locked like
every dependency); no CDN is asked, so the page works where none is reachable and its
Content-Security-Policy (``service/api/headers.py``) can allow ``'self'`` only: the page has no
inline script, its start-up code is ``static/docs-init.js``. Only the files the page names are
served, under ``/docs/assets/``.
"""

from __future__ import annotations

import html
from pathlib import Path

import flask_swagger_ui
from flask import Blueprint, Flask, abort, current_app, send_from_directory
from flask.wrappers import Response

SWAGGER_DIST = Path(flask_swagger_ui.__file__).with_name("dist")
OWN_STATIC = Path(__file__).with_name("static")
#: name under /docs/assets/ -> the folder holding it
ASSETS: dict[str, Path] = {
    "swagger-ui.css": SWAGGER_DIST,
    "index.css": SWAGGER_DIST,
    "swagger-ui-bundle.js": SWAGGER_DIST,
    "favicon-32x32.png": SWAGGER_DIST,
    "docs-init.js": OWN_STATIC,
}
ASSET_MAX_AGE = 3600

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title}: API docs</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="stylesheet" href="/docs/assets/index.css">
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/docs-init.js"></script>
</body>
</html>
"""

blp = Blueprint("docs", __name__)


def init_app(app: Flask) -> None:
    app.register_blueprint(blp)


@blp.route("/docs", methods=["GET"])
def docs() -> Response:
    """The page: Swagger UI reading ``/openapi.json``."""
    title = html.escape(str(current_app.config.get("API_TITLE", "API")))
    return Response(PAGE.format(title=title), mimetype="text/html")


@blp.route("/docs/assets/<name>", methods=["GET"])
def asset(name: str) -> Response:
    folder = ASSETS.get(name)
    if folder is None:
        abort(404)
    return send_from_directory(folder, name, max_age=ASSET_MAX_AGE)
