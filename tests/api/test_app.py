"""The app factory, /healthz, and the service under gunicorn as the README starts it (issue 4, items 1, 5)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.sessions import NullSession
from flask.testing import FlaskClient

from service.api import app as app_module
from service.api.app import create_app, current_settings
from service.api.body import Blueprint, json_response
from service.api.config import Settings
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_healthz(client: FlaskClient) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.get_json() == {"status": "ok"}
    assert client.head("/healthz").status_code == 200


def test_settings_reach_the_app() -> None:
    settings = Settings(max_body_bytes=4096, log_level="warning")
    app = create_app(settings)
    assert app.config["MAX_CONTENT_LENGTH"] == 4096
    with app.app_context():
        assert current_settings() is settings


def test_one_line_registers_a_blueprint(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module named in BLUEPRINTS is registered, after its init_app(app, settings)."""
    module = type(sys)("tests_api_extra_blueprint")
    blp = Blueprint("extra", "tests_api_extra_blueprint", url_prefix="/v1/extra")
    seen: list[Any] = []

    @blp.route("", methods=["GET"])
    @blp.response(200)
    def extra() -> Any:
        return json_response({"ttl": current_settings().match_ttl_seconds})

    module.blp = blp  # type: ignore[attr-defined]
    module.init_app = lambda app, settings: seen.append((app, settings))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tests_api_extra_blueprint", module)
    monkeypatch.setattr(app_module, "BLUEPRINTS", (*app_module.BLUEPRINTS, "tests_api_extra_blueprint"))
    settings = Settings(match_ttl_seconds=60)
    app = create_app(settings)
    assert seen == [(app, settings)]
    assert app.test_client().get("/v1/extra").get_json() == {"ttl": 60}
    assert "/v1/extra" in app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()["paths"]


@pytest.mark.slow
def test_gunicorn_serves_the_rulesets(app: Flask) -> None:
    """What the README's run command does (gunicorn -c gunicorn.conf.py service.wsgi:app), on PORT."""
    port = free_port()
    env = {**os.environ, "PORT": str(port), "HOST": "127.0.0.1", "LOG_LEVEL": "warning"}
    env.pop("REDIS_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "service.wsgi:app"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        body = None
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/rulesets", timeout=2) as answer:
                    body = json.loads(answer.read())
                    break
            except OSError:
                time.sleep(0.1)
        assert body is not None, proc.stderr.read1().decode() if proc.stderr else ""  # type: ignore[attr-defined]
        assert body == app.test_client().get("/v1/rulesets").get_json()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
            assert json.loads(answer.read()) == {"status": "ok"}
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)


def test_response_decorator_keeps_smorest_handling_for_other_results(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view's own Response passes as is; a dict, or a (body, status, headers) tuple, is dumped
    with the schema and answered as flask-smorest does, and the documentation is smorest's."""
    import marshmallow as ma

    class Out(ma.Schema):
        n = ma.fields.Integer()

    module = type(sys)("tests_api_results_blueprint")
    blp = Blueprint("results", "tests_api_results_blueprint", url_prefix="/v1/results")

    @blp.route("/own", methods=["GET"])
    @blp.response(200, Out)
    def own() -> Any:
        """Own response."""
        return json_response({"n": 1, "kept": True}, status=203)

    @blp.route("/dict", methods=["GET"])
    @blp.response(200, Out)
    def as_dict() -> Any:
        return {"n": 2, "dropped": True}

    @blp.route("/tuple", methods=["GET"])
    @blp.response(200, Out)
    def as_tuple() -> Any:
        return {"n": 3}, 201, {"X-Extra": "yes"}

    module.blp = blp  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tests_api_results_blueprint", module)
    monkeypatch.setattr(app_module, "BLUEPRINTS", (*app_module.BLUEPRINTS, "tests_api_results_blueprint"))
    app = create_app(Settings())
    client = app.test_client()
    own_answer = client.get("/v1/results/own")
    assert (own_answer.status_code, own_answer.get_json()) == (203, {"n": 1, "kept": True})
    dict_answer = client.get("/v1/results/dict")
    assert (dict_answer.status_code, dict_answer.get_json()) == (200, {"n": 2})
    tuple_answer = client.get("/v1/results/tuple")
    assert (tuple_answer.status_code, tuple_answer.get_json()) == (201, {"n": 3})
    assert tuple_answer.headers["X-Extra"] == "yes"
    paths = app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()["paths"]
    assert paths["/v1/results/own"]["get"]["summary"] == "Own response."
    assert "200" in paths["/v1/results/dict"]["get"]["responses"]


def test_async_views_and_hooks_are_told_apart_as_flask_tells_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ServiceFlask.ensure_sync`` answers as Flask's: a plain function as it is, a coroutine
    function through ``async_to_sync``, for a callable seen before (kept) and an unhashable one."""
    app = create_app(Settings())
    assert isinstance(app, app_module.ServiceFlask)
    wrapped: list[Any] = []
    monkeypatch.setattr(app, "async_to_sync", lambda func: wrapped.append(func) or "made synchronous")

    def plain() -> None:
        return None

    async def coroutine() -> None:
        return None

    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        async def __call__(self) -> None:
            return None

    for _ in range(2):
        assert app.ensure_sync(plain) is plain
        assert app.ensure_sync(coroutine) == "made synchronous"
    assert wrapped == [coroutine, coroutine]
    odd = Unhashable()
    assert app.ensure_sync(odd) is Flask.ensure_sync(app, odd)


def test_no_session_is_made_per_request_and_none_can_be_written() -> None:
    """Without a secret key every request has the one null session (empty; a write refused as Flask
    refuses it); with one, Flask's cookie sessions as before."""
    app = create_app(Settings())
    seen = []
    for _ in range(2):
        with app.test_request_context("/healthz") as ctx:
            assert dict(ctx.session) == {} and isinstance(ctx.session, NullSession)
            seen.append(ctx.session)
            with pytest.raises(RuntimeError, match="no secret key was set"):
                ctx.session["seat"] = 1
    assert seen[0] is seen[1]
    app.config["SECRET_KEY"] = "a test's key"
    with app.test_request_context("/healthz") as ctx:
        ctx.session["seat"] = 1
        assert not isinstance(ctx.session, NullSession) and ctx.session["seat"] == 1
