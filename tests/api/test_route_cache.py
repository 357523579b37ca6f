"""The URL rules matched recently, kept (``service.api.route_cache``): every path and method match as
werkzeug's own walk matches them, kept matches are used, and a rule added later is seen."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask, url_for
from werkzeug.exceptions import HTTPException
from werkzeug.routing import Map, MapAdapter, RequestRedirect, Rule
from werkzeug.routing.matcher import State
from werkzeug.test import EnvironBuilder

from service.api.app import create_app
from service.api.config import Settings
from service.api.route_cache import KeptAdapter, RoutedFlask, cache_matches

PATHS = [
    "/", "/healthz", "/readyz", "/metrics", "/openapi.json", "/docs", "/v1/rulesets", "/v1/rulesets/",
    "/v1/rulesets/forty_fives", "/v1/rulesets/forty_fives/", "/v1/rulesets/forty_fives/trick",
    "/v1/rulesets/no_such_game/trick", "/v1/rulesets/forty_fives/legal-plays", "/v1/rulesets/forty_fives/score",
    "/v1/rulesets/forty_fives/rules", "/v1//rulesets//forty_fives/trick", "/v1/matches",
    "/v1/matches/abc/actions", "/v1/matches/abc", "/v1/matches/abc/stream", "/v1/matches/abc/undo",
    "/no/such/path", "/static/app.js", "/v1/rulesets/forty_fives/trick/extra",
]
METHODS = ["GET", "POST", "HEAD", "OPTIONS", "DELETE", "BREW"]


def outcome(url_map: Map, path: str, method: str) -> Any:
    try:
        rule, values = url_map.bind("localhost").match(path, method, return_rule=True)
    except RequestRedirect as moved:
        return ("redirect", moved.new_url)
    except HTTPException as refused:
        return ("refused", refused.code, sorted(getattr(refused, "valid_methods", None) or []))
    return (rule.rule, rule.endpoint, sorted(rule.methods or []), values)


def test_every_path_matches_as_werkzeug_matches_it() -> None:
    app = create_app(Settings())
    plain = Map([rule.empty() for rule in app.url_map.iter_rules()])
    for _ in range(2):  # the second time from what was kept
        for path in PATHS:
            for method in METHODS:
                assert outcome(app.url_map, path, method) == outcome(plain, path, method), (path, method)


def test_kept_matches_are_used_and_each_caller_gets_its_own_values() -> None:
    app = create_app(Settings())
    adapter = app.url_map.bind("localhost")
    rule, values = adapter.match("/v1/rulesets/forty_fives/trick", "POST", return_rule=True)
    values["id"] = "changed by the caller"
    app.url_map._matcher._root = State()  # werkzeug's own walk now finds nothing
    again, values_again = adapter.match("/v1/rulesets/forty_fives/trick", "POST", return_rule=True)
    assert again is rule and values_again == {"id": "forty_fives"}
    with pytest.raises(HTTPException):  # not kept: walked, and found nowhere now
        adapter.match("/v1/rulesets/boerenbridge/trick", "POST", return_rule=True)


def test_a_rule_added_later_is_matched() -> None:
    app = Flask("test")
    app.add_url_rule("/things/<name>", "thing", lambda name: name)
    cache_matches(app.url_map)
    adapter = app.url_map.bind("localhost")
    assert adapter.match("/things/special", "GET", return_rule=True)[0].endpoint == "thing"
    app.add_url_rule("/things/special", "special", lambda: "special")
    adapter = app.url_map.bind("localhost")
    assert adapter.match("/things/special", "GET", return_rule=True)[0].endpoint == "special"


# --- RoutedFlask: a request's rule from the matches kept, Flask's URL adapter made only when asked for ---

HOSTS = ["localhost", "127.0.0.1:8000", "Example.COM:80", "a..b", "x" * 64 + ".example"]


def _matched(make_adapter: Callable[[Any], Any], request: Any) -> Any:
    """A request's rule and values by the adapter ``make_adapter`` gives, or the redirect or refusal
    it answers with."""
    try:
        adapter = make_adapter(request)
        assert adapter is not None
        rule, values = adapter.match(return_rule=True)
    except RequestRedirect as moved:
        return ("redirect", moved.new_url)
    except HTTPException as refused:
        return ("refused", refused.code, sorted(getattr(refused, "valid_methods", None) or []))
    return rule, values


def flask_own(app: Flask, environ: dict[str, Any]) -> Any:
    """The request's match by Flask's own URL adapter (an adapter Flask refuses to make, its error)."""
    outcome = _matched(lambda request: Flask.create_url_adapter(app, request), app.request_class(environ))
    if isinstance(outcome[0], str):
        return outcome
    rule, values = outcome
    return (rule.rule, rule.endpoint, values)


def routed(app: Flask, environ: dict[str, Any]) -> Any:
    """The same by the app's ``create_url_adapter``, as Flask's request context asks it."""
    outcome = _matched(app.create_url_adapter, app.request_class(environ))
    if isinstance(outcome[0], str):
        return outcome
    rule, values = outcome
    outcome = (rule.rule, rule.endpoint, dict(values))
    values["id"] = "changed by the caller"  # type: ignore[index]  # what is kept is not the caller's
    return outcome


def test_every_request_matches_as_flask_matches_it() -> None:
    app = create_app(Settings())
    for _ in range(2):  # the second time from what was kept
        for host, path, method, scheme, upgrade in itertools.product(HOSTS, PATHS, METHODS, ["http", "ws"],
                                                                     [None, "websocket"]):
            environ = EnvironBuilder(path=path, method=method, base_url=f"{scheme}://localhost").get_environ()
            environ["HTTP_HOST"] = host
            if upgrade is not None:
                environ.update(HTTP_UPGRADE=upgrade, HTTP_CONNECTION="Upgrade")
            assert routed(app, environ) == flask_own(app, environ), (host, path, method, scheme, upgrade)
    assert len(app.kept_routes) > 0


def test_a_kept_request_makes_no_url_adapter_until_asked() -> None:
    app = create_app(Settings())
    path = "/v1/rulesets/forty_fives/trick"
    with app.test_request_context(path, method="POST"):
        pass  # matched by Flask's own adapter, and kept
    app.url_map._matcher._root = State()  # werkzeug's own walk now finds nothing
    with app.test_request_context(path, method="POST") as ctx:
        assert isinstance(ctx.url_adapter, KeptAdapter)
        assert ctx.url_adapter._real is None
        assert ctx.request.url_rule is not None and ctx.request.url_rule.endpoint == "rulesets.trick"
        assert ctx.request.view_args == {"id": "forty_fives"}
        assert url_for("rulesets.legal_plays", id="avinas") == "/v1/rulesets/avinas/legal-plays"
        assert url_for("rulesets.trick", id="boerenbridge", _external=True) == (
            "http://localhost/v1/rulesets/boerenbridge/trick")
        assert ctx.url_adapter._real is not None  # made for url_for


def test_requests_flask_matches_otherwise_are_not_kept() -> None:
    app = create_app(Settings())
    for _ in range(2):
        with app.test_request_context("/healthz", headers={"Upgrade": "websocket", "Connection": "Upgrade"}) as ctx:
            assert type(ctx.url_adapter) is MapAdapter
    app.config["SERVER_NAME"] = "referee.example"
    try:
        with app.test_request_context("/healthz", base_url="http://referee.example") as ctx:
            assert type(ctx.url_adapter) is MapAdapter
    finally:
        app.config["SERVER_NAME"] = None
    with app.test_request_context("/healthz") as ctx:
        assert isinstance(ctx.url_adapter, KeptAdapter)


def answer(response: Any) -> tuple[int, list[tuple[str, str]], bytes]:
    return (response.status_code, [(k, v) for k, v in response.headers if k != "X-Request-ID"], response.data)


def test_answers_are_the_same_kept_or_not() -> None:
    """404, 405, redirects, the automatic OPTIONS answer and a refused host answer as before, each time."""
    app = create_app(Settings())
    client = app.test_client()
    cases = [
        ("GET", "/v1/rulesets/forty_fives", {}), ("GET", "/v1/rulesets/", {}),
        ("POST", "/v1//rulesets//forty_fives/trick", {}), ("GET", "/v1/rulesets/forty_fives/trick", {}),
        ("OPTIONS", "/v1/rulesets/forty_fives/trick", {}), ("GET", "/no/such/path", {}),
        ("GET", "/healthz", {"Host": "a..b"}), ("GET", "/v1/rulesets/no_such_game", {}),
        ("POST", "/v1/rulesets/forty_fives/trick", {"Host": "referee.example:8443"}),
    ]
    for method, path, headers in cases:
        first = answer(client.open(path, method=method, headers=headers,
                                   json={"trump": "H", "plays": ["KH", "7H"]} if method == "POST" else None))
        for _ in range(2):
            again = answer(client.open(path, method=method, headers=headers,
                                       json={"trump": "H", "plays": ["KH", "7H"]} if method == "POST" else None))
            assert again == first, (method, path, headers)
    assert answer(client.get("/healthz", headers={"Host": "a..b"}))[0] == 400
    assert answer(client.post("/v1//rulesets//forty_fives/trick"))[0] == 308


def test_a_route_added_later_empties_the_kept_requests() -> None:
    app = RoutedFlask("test")
    app.add_url_rule("/things/<name>", "thing", lambda name: name)
    client = app.test_client()
    assert client.get("/things/special").data == b"special"
    assert len(app.kept_routes) == 1
    app.view_functions["special"] = lambda: "the special one"
    app.url_map.add(Rule("/things/special", endpoint="special"))  # Flask's own add_url_rule refuses, once serving
    assert len(app.kept_routes) == 0
    assert client.get("/things/special").data == b"the special one"
