"""Security headers (issue 19 item 5): nosniff and Referrer-Policy on every answer, the
Content-Security-Policy on every HTML answer, the docs page served from the service itself (its
Swagger UI files and start-up script; nothing from a CDN) and working in a real browser under that
policy, and no version in a real gunicorn's Server header."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from flask import Flask, Response
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings
from service.api.headers import CSP
from tests.api.match_driver import WireHttp, create
from tests.matches.gunicorn_server import Gunicorn
from tests.redis_server import RedisServer, redis_server

__all__ = ["redis_server"]


def test_every_answer_has_nosniff_and_a_referrer_policy(client: FlaskClient) -> None:
    for answer in (client.get("/healthz"), client.get("/v1/rulesets"), client.get("/v1/matches/none"),
                   client.get("/nowhere"), client.get("/openapi.json")):
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert "Content-Security-Policy" not in answer.headers  # JSON: no page to protect


def test_the_docs_page_has_the_policy_and_no_inline_script_or_cdn(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["Content-Security-Policy"] == CSP
    assert page.headers["X-Frame-Options"] == "DENY"
    text = page.get_data(as_text=True)
    assert "http" not in text  # every asset from the service itself
    assert re.findall(r"<script[^>]*>\s*</script>", text) == re.findall(r"<script[^>]*>[^<]*</script>", text)
    for src in re.findall(r'(?:src|href)="([^"]+)"', text):
        assert client.get(src).status_code == 200, src
    assert client.get("/docs/assets/../app.py").status_code == 404
    assert client.get("/docs/assets/oauth2-redirect.html").status_code == 404  # only what the page names


def test_the_policy_is_on_every_html_answer() -> None:
    app: Flask = create_app(Settings())
    app.add_url_rule("/page", "page", lambda: Response("<!DOCTYPE html><p>hi</p>", mimetype="text/html"))
    answer = app.test_client().get("/page")
    assert answer.headers["Content-Security-Policy"] == CSP
    assert "default-src 'self'" in CSP and "script-src 'self'" in CSP and "frame-ancestors 'none'" in CSP
    assert "unsafe-inline" not in CSP and "unsafe-eval" not in CSP


@pytest.mark.slow
def test_a_real_server_names_no_version_and_the_docs_work_in_a_browser() -> None:
    chromium = shutil.which("chromium")
    with Gunicorn(workers=1) as server:
        import http.client

        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        conn.request("GET", "/healthz")
        answer = conn.getresponse()
        answer.read()
        conn.close()
        assert not re.search(r"\d", answer.getheader("Server") or ""), answer.getheader("Server")
        assert chromium is not None, "chromium is needed (.ci/run installs Debian's package)"
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000",
             "--dump-dom", f"http://127.0.0.1:{server.port}/docs"],
            capture_output=True, text=True, timeout=60, check=True,
        ).stdout
    assert 'data-path="/v1/matches/{match_id}/actions"' in dom  # Swagger UI ran and read the document


def _wire_get(port: int, path: str, token: str | None = None) -> tuple[int, dict[str, str]]:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers={"Authorization": f"Bearer {token}"} if token else {})
        answer = conn.getresponse()
        answer.read()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}
    finally:
        conn.close()


@pytest.mark.slow
@pytest.mark.redis
def test_a_real_server_on_redis_sends_the_headers_on_every_kind_of_answer(redis_server: RedisServer) -> None:
    redis_server.flush()
    with Gunicorn(workers=2, env={"REDIS_URL": redis_server.url}) as server:
        http = WireHttp("127.0.0.1", server.port)
        match = create(http, "forty_fives", "dealt", 3)[0]
        http.close()
        answers = {
            "health": _wire_get(server.port, "/healthz"),
            "rules": _wire_get(server.port, "/v1/rulesets"),
            "match": _wire_get(server.port, match.path, match.seats[0]),
            "problem": _wire_get(server.port, match.path, "not-a-token"),
            "docs": _wire_get(server.port, "/docs"),
            "page": _wire_get(server.port, "/"),
        }
    assert {name: status for name, (status, _) in answers.items()} == {
        "health": 200, "rules": 200, "match": 200, "problem": 401, "docs": 200, "page": 200}
    for name, (_, headers) in answers.items():
        assert headers["x-content-type-options"] == "nosniff", name
        assert headers["referrer-policy"] == "no-referrer", name
        assert re.fullmatch(r"[0-9a-f]{32}", headers["x-request-id"]), name
        assert not re.search(r"\d", headers.get("server", "")), name
        html = headers.get("content-type", "").startswith("text/html")
        assert html == (name in ("docs", "page")), name
        assert (headers.get("content-security-policy") == CSP) == html, name
