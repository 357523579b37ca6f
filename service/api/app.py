"""The Flask app factory.

``create_app(settings=None)`` builds the app from ``Settings`` (``Settings.from_env()`` when none is
given), with flask-smorest's ``Api`` answering every error as problem+json, the OpenAPI document at
``/openapi.json``, the interactive docs at ``/docs`` (``docs_page``) and the web page at ``/``
(``service.web``).

Adding endpoints is one line in ``BLUEPRINTS``: a module path whose module holds ``blp`` (a
``service.api.body.Blueprint``) and, optionally, ``init_app(app, settings)`` run before the
blueprint is registered (to build a store, say). ``current_settings()`` gives the settings in a
request.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import logging
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app
from flask.sessions import NullSession, SecureCookieSession, SecureCookieSessionInterface
from flask.wrappers import Request

from service import web
from service.api import apidoc, cors, docs_page, languages, limits, metrics, route_cache, view_schemas
from service.api.body import BodyLimit, refuse_marked_bodies
from service.api.config import Settings
from service.api.edge import Edge
from service.api.i18n import english, load_for
from service.api.matches import MATCHES_KEY
from service.api.problems import ProblemApi
from service.matches.usecases import Matches
from service.rules.registry import RULESETS
from service.store.factory import make_store

API_TITLE = "Trick referee"
API_VERSION = "1.0.0"


def api_description() -> str:
    """The OpenAPI document's description, naming the games the registry holds."""
    games = ", ".join(english(r.name) for r in RULESETS.values())
    return (
        f"A rules referee and score-keeper for trick-taking card games: {games}. Cards are written rank "
        "then suit (10H, QS, AD); input is lenient, output canonical. Every error is an RFC 9457 problem "
        "(application/problem+json) with a stable 'code'."
    )


#: Modules holding a ``blp`` to register, in order (see the module docstring).
BLUEPRINTS: tuple[str, ...] = (
    "service.api.health",
    "service.api.lan",
    "service.api.rulesets",
    "service.api.matches",
    "service.api.stream",
    "service.api.ops",
)

SETTINGS_KEY = "trick_referee.settings"

#: whether a callable is a coroutine function, kept per callable (what Flask asks of every view and
#: hook it calls, on every request)
_is_coroutine_function = functools.lru_cache(maxsize=1024)(inspect.iscoroutinefunction)


class NoSessions(SecureCookieSessionInterface):
    """Flask's cookie sessions, where the app has a secret key; the service has none (it keeps no
    sessions), and then every request is given the one null session Flask would make anew for it
    (empty, refusing every write), made once."""

    _null = NullSession()

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        return super().open_session(app, request) if app.config["SECRET_KEY"] else self._null


class ServiceFlask(route_cache.RoutedFlask):
    """The service's Flask: requests matched from the matches kept (``route_cache.RoutedFlask``),
    Flask's question whether a view or hook is ``async`` answered once per callable, not with
    ``inspect``'s walk on each call (two views and hooks a request), and no session made per request
    (``NoSessions``)."""

    session_interface = NoSessions()

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            is_async = _is_coroutine_function(func)
        except TypeError:  # an unhashable callable: asked each time, as Flask asks
            is_async = inspect.iscoroutinefunction(func)
        return self.async_to_sync(func) if is_async else func


def create_app(settings: Settings | None = None) -> ServiceFlask:
    settings = settings if settings is not None else Settings.from_env()
    app = ServiceFlask("service")
    app.config.update(
        API_TITLE=API_TITLE,
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        MAX_CONTENT_LENGTH=settings.max_body_bytes,
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.extensions[SETTINGS_KEY] = settings
    app.logger.setLevel(getattr(logging, settings.log_level.upper()))

    app.wsgi_app = BodyLimit(app.wsgi_app, settings.max_body_bytes)  # type: ignore[method-assign]
    app.before_request(refuse_marked_bodies)
    cors.init_app(app, settings)
    load_for(RULESETS.values())
    app.extensions[MATCHES_KEY] = _use_cases(settings)
    api = ProblemApi(app, spec_kwargs={"info": {"description": api_description() + apidoc.POLICY},
                                       "extra_plugins": [apidoc.OperationIds(), apidoc.PlainDocstrings(),
                                                         apidoc.Limited(limits.LIMITED_ENDPOINTS),
                                                         languages.LanguagePlugin()]})
    apidoc.register(api.spec)
    view_schemas.register(api.spec)
    for module_name in BLUEPRINTS:
        module = importlib.import_module(module_name)
        init_app = getattr(module, "init_app", None)
        if init_app is not None:
            init_app(app, settings)
        api.register_blueprint(module.blp)
    web.init_app(app)  # the referee's page: served files, not API operations
    route_cache.cache_matches(app.url_map)  # every route is in place
    _wire_the_edge(app, settings)
    return app


def _use_cases(settings: Settings) -> metrics.ObservedMatches:
    """The match use cases over the store the settings ask for (memory without Redis), composed with
    the domain's metrics: every store call timed, creations, actions, replays and conflicts counted."""
    store = metrics.TimedStore(make_store(settings.store))
    return metrics.ObservedMatches(Matches(store, idempotency_secret=settings.idempotency_secret))


def _wire_the_edge(app: Flask, settings: Settings) -> None:
    """What every answer passes through (issue 19): the rate limits and the client's address behind
    trusted proxies; the docs page; the domain's metrics; then, outermost, so that it sees every
    answer (a 413 of the body limit too), the edge (``service/api/edge.py``): the request id and log
    line, the request metrics, the answer's language and the security headers, in one WSGI
    middleware built once the app has all its routes."""
    metrics.init_app(app, settings)
    limits.init_app(app, settings)
    docs_page.init_app(app)
    app.wsgi_app = Edge(app.wsgi_app, app)  # type: ignore[method-assign]


def current_settings() -> Settings:
    """The settings of the app serving the current request."""
    settings: Settings = current_app.extensions[SETTINGS_KEY]
    return settings
