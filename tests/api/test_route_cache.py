"""The URL rules matched recently, kept (``service.api.route_cache``): every path and method match as
werkzeug's own walk matches them, kept matches are used, and a rule added later is seen."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from werkzeug.exceptions import HTTPException
from werkzeug.routing import Map, RequestRedirect
from werkzeug.routing.matcher import State

from service.api.app import create_app
from service.api.config import Settings
from service.api.route_cache import cache_matches

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
