"""The language of each answer: chosen per request, announced in ``Content-Language``.

``?lang=`` wins when it names one of the service's languages (``en``, ``id``, ``tl``; ``id-ID`` and
``fil`` are read as ``id`` and ``tl``), else ``Accept-Language`` with its q-values, else English
(``i18n.negotiate``). Every answer says which (``Content-Language``) and that it depends on the
header (``Vary: Accept-Language``). Codes, field names and card texts never change with the
language; only the human text does.
"""

from __future__ import annotations

from flask import Flask, g, request
from flask.wrappers import Response

from service.api.i18n import negotiate, reset_language, set_language


def init_app(app: Flask) -> None:
    app.before_request(_choose)
    app.after_request(_announce)
    app.teardown_request(_forget)


def _choose() -> None:
    lang = negotiate(request.headers.get("Accept-Language"), request.args.get("lang"))
    g.language = lang
    g.language_token = set_language(lang)


def _announce(response: Response) -> Response:
    response.headers["Content-Language"] = g.get("language", "en")
    response.vary.add("Accept-Language")
    return response


def _forget(_error: BaseException | None) -> None:
    token = g.pop("language_token", None)
    if token is not None:
        reset_language(token)
