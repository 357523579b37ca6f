"""The language of each answer: chosen per request, announced in ``Content-Language``.

``?lang=`` wins when it names one of the service's languages (``en``, ``id``, ``tl``; ``id-ID`` and
``fil`` are read as ``id`` and ``tl``), else ``Accept-Language`` with its q-values, else English
(``i18n.negotiate``). Every answer says which (``Content-Language``) and that it depends on the
header (``Vary: Accept-Language``). Codes, field names and card texts never change with the
language; only the human text does. The API's own documents (``/docs``, ``/openapi.json``) are
English whatever is asked, and say so.

``LanguagePlugin`` documents all this in the OpenAPI document once, for every operation: the
``lang`` query parameter and the ``Accept-Language`` header on each, ``Content-Language`` and
``Vary`` on each response.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from apispec import APISpec, BasePlugin
from flask import Flask

from service.api.i18n import ALIASES, DEFAULT_LANGUAGE, LANGUAGES, negotiate

#: the blueprints of the API's own documents, English only: flask-smorest's (``/openapi.json``) and
#: the interactive docs page (``/docs``, service/api/docs_page.py)
DOCS_BLUEPRINTS = ("api-docs.", "docs.")


class RequestLanguage:
    """The language of a request, from its WSGI environ, for the edge (``service/api/edge.py``),
    which sets it before the app runs (``set_language``; ``i18n.render`` writes in it) and announces
    it on the answer (``announce``).

    It reads the environ directly (the query string is parsed only when it holds ``lang=``), and
    ``negotiate`` keeps the answers to the header values it has seen (a bounded cache)."""

    def __init__(self, flask_app: Flask) -> None:
        exact: set[str] = set()
        prefixes: list[str] = []
        for rule in flask_app.url_map.iter_rules():
            if not rule.endpoint.startswith(DOCS_BLUEPRINTS):
                continue
            static = rule.rule.split("<", 1)[0]
            if static == rule.rule:
                exact.add(static)
            else:
                prefixes.append(static)
        #: the paths of the docs blueprints' routes (the app is built with all its routes first)
        self.english_paths = frozenset(exact)
        self.english_prefixes = tuple(prefixes)

    def __call__(self, environ: dict[str, Any]) -> str:
        """The language of the request ``environ`` describes (English for the API's own documents)."""
        path = environ.get("PATH_INFO", "")
        if path in self.english_paths or (self.english_prefixes and path.startswith(self.english_prefixes)):
            return DEFAULT_LANGUAGE
        query = environ.get("QUERY_STRING", "")
        asked = None
        if "lang=" in query:
            values = parse_qs(query).get("lang")
            asked = values[0] if values else None
        return negotiate(environ.get("HTTP_ACCEPT_LANGUAGE"), asked)


def announce(headers: list[tuple[str, str]], lang: str) -> None:
    """Add ``Content-Language: lang`` to WSGI ``headers``, and ``Accept-Language`` to their ``Vary``."""
    headers.append(("Content-Language", lang))
    for i, (name, value) in enumerate(headers):
        if name.lower() == "vary":
            if "accept-language" not in value.lower():
                headers[i] = (name, f"{value}, Accept-Language" if value.strip() else "Accept-Language")
            return
    headers.append(("Vary", "Accept-Language"))

_LANGS = ", ".join(LANGUAGES)
_ALIASES = ", ".join(f"{alias} is {lang}" for alias, lang in ALIASES.items())
PARAMETERS: dict[str, dict[str, Any]] = {
    "lang": {
        "in": "query",
        "name": "lang",
        "required": False,
        "schema": {"type": "string", "example": "id"},
        "description": f"The language of the answer's human text ({_LANGS}; a tag such as id-ID is read as "
        f"its language, {_ALIASES}). Wins over Accept-Language; a language the service does not have is "
        "ignored. Codes, field names and cards never change with the language.",
    },
    "Accept-Language": {
        "in": "header",
        "name": "Accept-Language",
        "required": False,
        "schema": {"type": "string", "example": "id-ID,id;q=0.9,en;q=0.5"},
        "description": f"Languages the caller reads, with q-values; the best of {_LANGS} is chosen "
        "(English when none matches, or when ?lang= names one).",
    },
}
HEADERS: dict[str, dict[str, Any]] = {
    "Content-Language": {
        "description": f"The language the answer's text is written in: one of {_LANGS}",
        "schema": {"type": "string", "enum": list(LANGUAGES)},
    },
    "Vary": {
        "description": "Accept-Language (with any other header the answer depends on): the text depends on it",
        "schema": {"type": "string"},
    },
}


class LanguagePlugin(BasePlugin):
    """apispec plugin: the language negotiation on every operation and every response."""

    def init_spec(self, spec: APISpec) -> None:
        for name, parameter in PARAMETERS.items():
            spec.components.parameter(name, parameter["in"], parameter)
        for name, header in HEADERS.items():
            spec.components.header(name, header)

    def response_helper(self, response: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """A shared response (the problem answers) with the language headers."""
        _add_headers(response)
        return response

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                         **kwargs: Any) -> None:
        for operation in (operations or {}).values():
            names = {p.get("name") if isinstance(p, dict) else p for p in operation.get("parameters", [])}
            operation.setdefault("parameters", []).extend(n for n in PARAMETERS if n not in names)
            for response in operation.get("responses", {}).values():
                if isinstance(response, dict) and "$ref" not in response:
                    _add_headers(response)


def _add_headers(response: dict[str, Any]) -> None:
    headers = response.setdefault("headers", {})
    for name in HEADERS:
        headers.setdefault(name, name)
