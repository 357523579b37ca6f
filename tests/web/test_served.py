"""The page's files as the service serves them (Flask's test client, no browser): the page at
``/``, its modules as JavaScript, the manifest; no inline script or style in the HTML, and no
address outside the service in the page's own files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings

STATIC = Path(__file__).resolve().parents[2] / "service" / "web" / "static"
OWN_FILES = [p for p in STATIC.rglob("*") if p.is_file() and "vendor" not in p.parts]


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    app = create_app(Settings())
    app.config["TESTING"] = True
    return app.test_client()


def test_page_and_its_modules(client: FlaskClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    for src in re.findall(r'(?:src|href)="(/[^"]+)"', html):
        answer = client.get(src)
        assert answer.status_code == 200, src
    for module in [*STATIC.glob("js/*.js"), STATIC / "vendor" / "qrcode" / "qrcode.mjs"]:
        answer = client.get("/web/" + module.relative_to(STATIC).as_posix())
        assert answer.status_code == 200 and answer.mimetype == "text/javascript", module
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json" and manifest.get_json()["start_url"] == "/"
    for icon in manifest.get_json()["icons"]:
        assert client.get(icon["src"]).status_code == 200
    assert client.get("/web/../__init__.py").status_code == 404


def test_vendored_files_have_their_licence() -> None:
    assert (STATIC / "vendor" / "qrcode" / "LICENSE").exists()
    assert (Path(__file__).parent / "vendor" / "LICENSE").exists()  # axe-core, for these tests


def test_no_inline_script_or_style() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert "<style" not in html and "style=" not in html and not re.search(r"\bon[a-z]+=", html)


def test_own_files_name_no_outside_address() -> None:
    for path in OWN_FILES:
        if path.suffix in (".png",):
            continue
        text = path.read_text(encoding="utf-8")
        text = text.replace("http://www.w3.org/2000/svg", "")  # the SVG namespace, not a request
        assert not re.search(r"https?://", text), path
        assert "style=" not in text and ".innerHTML" not in text, path
