"""The URL rules a worker matched recently, kept: ``cache_matches(url_map)`` and ``RoutedFlask``.

werkzeug finds a request's rule by walking its state machine of every route, part by part of the
path, on every request (2 to 4 µs of a rules request in process, most of what the service's routes cost
beyond a one-route app). The routes do not change once the app is built, so the rule and values a
(host, path, method) matched are kept (``Bounded``, the least recently used let go first) and the
next request with the same ones takes them from there. Only matches are kept: a path that matches
no rule, a redirect, a method the rule does not take go through werkzeug each time, with its own
answer. A rule added after this is in place (a test's route) empties what was kept.

Before werkzeug matches, Flask makes each request a URL adapter (``Flask.create_url_adapter``: the
host read twice, the host name IDNA-encoded, the path decoded, a ``MapAdapter``), about as much
work again as the walk. ``RoutedFlask`` keeps, per (scheme, ``Host`` header, path, method), the
match Flask's own adapter made for such a request, and hands a later request with the same four its
rule and values from there (``KeptAdapter``), making the adapter only when something asks for it
(``url_for``, an automatic ``OPTIONS`` answer). It does so only where the adapter's making cannot
refuse the request and its match depends on those four alone: no ``SERVER_NAME``, no
``TRUSTED_HOSTS``, no host or subdomain matching, a ``Host`` header, no ``Upgrade``; any other
request is matched as Flask matches it. A kept entry comes from a request whose adapter was made
and matched with no error and no redirect, so the same four get the same answer.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any, cast

from flask import Flask
from flask.wrappers import Request
from werkzeug.routing import Map, MapAdapter, Rule

from service.rules.bounded import Bounded

#: matched (host, path, method) kept per worker: the rules paths of every ruleset and the recent matches'
SIZE = 2048

Match = tuple[Rule, MutableMapping[str, Any]]
#: a request's scheme, ``Host`` header, path and method
RouteKey = tuple[str, str, str, str]


def cache_matches(url_map: Map, size: int = SIZE) -> None:
    """Keep the matches of ``url_map``'s matcher (the module docstring)."""
    matcher = url_map._matcher
    walk: Callable[[str, str, str, bool], Match] = matcher.match
    kept: Bounded[tuple[str, str, str, bool], Match] = Bounded(size)
    when_rules_change(url_map, kept.clear)

    def match(domain: str, path: str, method: str, websocket: bool) -> Match:
        key = (domain, path, method, websocket)
        found = kept.get(key)
        if found is None:
            rule, values = walk(domain, path, method, websocket)
            kept.put(key, (rule, dict(values)))
            return rule, values
        rule, values = found
        return rule, dict(values)  # the caller's own copy (Flask's view_args)

    matcher.match = match  # type: ignore[method-assign]


def when_rules_change(url_map: Map, forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever a rule is added to ``url_map`` (``Map.add``, the one way rules are
    added), so that what was kept of its matches is not used once they may be wrong."""
    add = url_map.add

    def added(rule_factory: Any) -> None:
        forget()
        add(rule_factory)

    url_map.add = added  # type: ignore[method-assign,assignment]


class RoutedFlask(Flask):
    """Flask whose requests take their rule from the matches kept (the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kept_routes: Bounded[RouteKey, Match] = Bounded(SIZE)
        when_rules_change(self.url_map, self.kept_routes.clear)

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        key = None if request is None else self.route_key(request.environ)
        if key is None:
            return super().create_url_adapter(request)
        assert request is not None
        found = self.kept_routes.get(key)
        if found is None:  # made now, as Flask makes it (a host it refuses is refused here, as before)
            kept = KeptAdapter(self, request, key, None, super().create_url_adapter(request))
        else:
            kept = KeptAdapter(self, request, key, found, None)
        return cast(MapAdapter, kept)  # Flask's request context asks its adapter for ``match`` and attributes

    def route_key(self, environ: dict[str, Any]) -> RouteKey | None:
        """What the request's match depends on, where that is all it depends on; else None."""
        config = self.config
        if (config["SERVER_NAME"] is not None or config["TRUSTED_HOSTS"] is not None or self.subdomain_matching
                or self.url_map.host_matching or "HTTP_UPGRADE" in environ):
            return None
        host, path, method = environ.get("HTTP_HOST"), environ.get("PATH_INFO"), environ.get("REQUEST_METHOD")
        if host is None or path is None or method is None:
            return None
        return environ["wsgi.url_scheme"], host, path, method


class KeptAdapter:
    """Flask's URL adapter for one request: its match from the kept ones (``found``), or from
    ``real``, Flask's own adapter, whose match is then kept; every other use (building a URL, the
    methods a path allows) goes to Flask's own adapter, made when first needed."""

    __slots__ = ("_app", "_found", "_key", "_real", "_request")

    def __init__(self, app: RoutedFlask, request: Request, key: RouteKey, found: Match | None,
                 real: MapAdapter | None) -> None:
        self._app = app
        self._request = request
        self._key = key
        self._found = found
        self._real = real

    def match(self, path_info: str | None = None, method: str | None = None, return_rule: bool = False,
              query_args: Any = None, websocket: bool | None = None) -> Any:
        """``MapAdapter.match``; the request's own match (Flask's ``match_request``) from the kept
        ones when there is one."""
        own = path_info is None and method is None and query_args is None and websocket is None
        if own and self._found is not None:
            rule, values = self._found
            return (rule, dict(values)) if return_rule else (rule.endpoint, dict(values))
        match: Callable[..., Any] = self.adapter().match
        result = match(path_info, method, return_rule, query_args, websocket)
        if own and return_rule:
            self._app.kept_routes.put(self._key, (result[0], dict(result[1])))
        return result

    def adapter(self) -> MapAdapter:
        """Flask's own URL adapter for the request, made once."""
        if self._real is None:
            self._real = Flask.create_url_adapter(self._app, self._request)
            assert self._real is not None
        return self._real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.adapter(), name)
