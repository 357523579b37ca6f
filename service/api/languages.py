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

from apispec import APISpec, BasePlugin
from flask import Flask, g, request
from flask.wrappers import Response

from service.api.i18n import ALIASES, DEFAULT_LANGUAGE, LANGUAGES, negotiate, reset_language, set_language

#: the blueprint flask-smorest serves ``/docs`` and ``/openapi.json`` from: English only
DOCS_BLUEPRINT = "api-docs"


def init_app(app: Flask) -> None:
    app.before_request(_choose)
    app.after_request(_announce)
    app.teardown_request(_forget)


def _choose() -> None:
    lang = negotiate(request.headers.get("Accept-Language"), request.args.get("lang"))
    g.language = lang
    g.language_token = set_language(lang)


def _announce(response: Response) -> Response:
    english_only = request.blueprint == DOCS_BLUEPRINT
    response.headers["Content-Language"] = DEFAULT_LANGUAGE if english_only else g.get("language", DEFAULT_LANGUAGE)
    response.vary.add("Accept-Language")
    return response


def _forget(_error: BaseException | None) -> None:
    token = g.pop("language_token", None)
    if token is not None:
        reset_language(token)


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
