"""Every failure as an RFC 9457 problem (``application/problem+json``) with a stable ``code``.

One error system for the whole API:

* an error of the rules core or the use cases (``RuleError``, named by its cause) is answered with
  the status its class maps to here (``STATUS``: the only place that knows it), its ``code``, its
  message written in the caller's language as ``detail``, and its ``legal`` alternatives;
* ``Problem`` is the same thing for failures the HTTP layer finds itself (malformed JSON, a wrong
  content type, a schema validation error);
* werkzeug's ``HTTPException`` (unknown route, wrong method, body too large) keeps its headers,
  ``Allow`` on a 405 in particular;
* anything else is a bug: it is logged with its traceback and answered as a 500 problem.

``title`` is the message ``title.<class>`` (``title.illegal_play``) or, for the HTTP layer's own
problems, ``title.<code>`` (falling back to the status's phrase). ``ProblemApi`` is flask-smorest's
``Api`` with these handlers and with the error responses documented as problem+json in the
OpenAPI document.
"""

from __future__ import annotations

import http
import re
from collections.abc import Iterator, Mapping
from typing import Any

import marshmallow as ma
from flask import Flask, current_app, request
from flask.wrappers import Response
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from service.api.apidoc import problem_response_doc
from service.api.i18n import catalog, render, section_of
from service.api.wire import dumps
from service.matches import errors as match_errors
from service.rules import errors as rule_errors
from service.rules.errors import RuleError, snake_name
from service.rules.messages import Msg

PROBLEM_MIME = "application/problem+json"
TYPE_PREFIX = "urn:trick-referee:problem:"

#: the HTTP status of each error class (the nearest listed class up its MRO)
STATUS: dict[type[RuleError], int] = {
    rule_errors.RuleError: 422,
    rule_errors.InvalidInput: 400,
    rule_errors.InvalidFacts: 422,
    rule_errors.InvalidOption: 422,
    rule_errors.InvalidPlayerCount: 422,
    rule_errors.UnknownRuleset: 404,
    rule_errors.NotYourTurn: 409,
    rule_errors.WrongPhase: 409,
    rule_errors.IllegalAction: 422,
    match_errors.MatchError: 400,
    match_errors.Unauthorized: 401,
    match_errors.Forbidden: 403,
    match_errors.MatchNotFound: 404,
    match_errors.VersionConflict: 409,
    match_errors.PreconditionFailed: 412,
    match_errors.NothingToUndo: 409,
    match_errors.DealsRevealed: 409,
    match_errors.LinksNotKept: 409,
    match_errors.InviteUsed: 409,
    match_errors.WaitingForSeats: 409,
    match_errors.AlreadyStarted: 409,
    match_errors.InvalidSeating: 422,
    match_errors.IdempotencyKeyReused: 422,
    match_errors.InvalidRequest: 400,
    match_errors.InvalidDealer: 422,
    match_errors.InvalidComputers: 422,
    match_errors.InvalidPlayerName: 422,
    match_errors.StoreUnavailable: 503,
    match_errors.SpectatorUnsupported: 501,
}
#: headers an error class's answer carries
HEADERS: dict[type[RuleError], Mapping[str, str]] = {
    match_errors.Unauthorized: {"WWW-Authenticate": 'Bearer realm="matches"'},
    match_errors.StoreUnavailable: {"Retry-After": "1"},
}

_HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    415: "unsupported_media_type",
    416: "requested_range_not_satisfiable",
    500: "internal_error",
}


def status_of(error: RuleError) -> int:
    """The HTTP status ``error`` is answered with."""
    for cls in type(error).__mro__:
        status = STATUS.get(cls)
        if status is not None:
            return status
    return 422


def headers_of(error: RuleError) -> dict[str, str]:
    """The headers of ``error``'s answer: its class's, an ETag naming the current version where the
    error knows it, and ``Idempotent-Replayed`` for a refusal answered again."""
    out: dict[str, str] = {}
    for cls in reversed(type(error).__mro__):
        out.update(HEADERS.get(cls, {}))
    version = error.extra.get("version") if isinstance(error, match_errors.PreconditionFailed) else None
    if version is not None:
        out["ETag"] = f'"{version}"'
    if error.replayed:
        out["Idempotent-Replayed"] = "true"
    return out


def problem_body(error: RuleError) -> dict[str, Any]:
    """The problem fields of ``error`` (the answer adds ``type`` and ``instance``), its messages written
    in the current language."""
    body: dict[str, Any] = {
        "title": render(Msg(f"title.{snake_name(type(error))}")),
        "status": status_of(error),
        "detail": render(error.message),
        "code": error.code,
    }
    if error.legal is not None:
        body["legal"] = error.legal
    rule = section_of(error.message)
    if rule is not None:
        body["rule"] = rule
    body.update(error.extra)
    return body


class Problem(Exception):
    """A failure found by the HTTP layer itself, answered as a problem with ``status`` and ``code``."""

    def __init__(
        self,
        status: int,
        code: str,
        message: Msg | str,
        *,
        extra: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = dict(extra or {})
        self.headers = dict(headers or {})

    def to_problem(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "title": problem_title(self.code, self.status),
            "status": self.status,
            "detail": render(self.message),
            "code": self.code,
        }
        body.update(self.extra)
        return body


def problem_title(code: str, status: int) -> str:
    """The title of one of the HTTP layer's own problems: ``title.<code>``, else one naming the status."""
    key = f"title.{code}"
    if key in catalog("en"):
        return render(Msg(key))
    return render(Msg("title.http_error", status=status))


class CodedMessage(str):
    """A validation message that names its problem code (``invalid_card`` ...) and carries its
    message (a ``Msg``), for marshmallow fields. Marshmallow keeps message objects as given, so both
    survive to ``validation_problem``, which writes the message in the caller's language."""

    code: str
    message: Msg

    def __new__(cls, code: str, message: Msg) -> CodedMessage:
        obj = super().__new__(cls, message.key)
        obj.code = code
        obj.message = message
        return obj


def coded_error(code: str, message: Msg) -> ma.ValidationError:
    return ma.ValidationError(CodedMessage(code, message))


#: marshmallow's own messages (its fields' and validators' defaults) as message keys, so that they
#: are written in the caller's language too: fixed texts, then texts with a value in them
#: the message of the strict integer fields (``fields.INTEGER_MESSAGES``)
INTEGER_TEXT = "Must be a whole number written as a JSON integer, such as 3 (not 2.5, 3.0, \"3\" or true)."
_MARSHMALLOW_TEXTS = {
    INTEGER_TEXT: "api.field.json_integer",
    "Missing data for required field.": "api.field.required",
    "Field may not be null.": "api.field.null",
    "Not a valid integer.": "api.field.integer",
    "Not a valid string.": "api.field.string",
    "Not a valid boolean.": "api.field.boolean",
    "Not a valid list.": "api.field.list",
    "Not a valid mapping type.": "api.field.mapping",
    "Not a valid number.": "api.field.number",
    "Number too large.": "api.field.too_large",
    "Not a valid utf-8 string.": "api.field.utf8",
    "Unknown field.": "api.field.unknown",
    "Invalid input type.": "api.field.type",
    "Invalid value.": "api.field.invalid",
    "Invalid type.": "api.field.type",
}
_MARSHMALLOW_PATTERNS = [
    (re.compile(r"Must be greater than or equal to (?P<min>\S+) and less than or equal to (?P<max>\S+)\."),
     "api.field.range"),
    (re.compile(r"Must be greater than or equal to (?P<min>\S+)\."), "api.field.min"),
    (re.compile(r"Must be less than or equal to (?P<max>\S+)\."), "api.field.max"),
    (re.compile(r"Length must be between (?P<min>\d+) and (?P<max>\d+)\."), "api.field.length_range"),
    (re.compile(r"Shorter than minimum length (?P<min>\d+)\."), "api.field.length_min"),
    (re.compile(r"Longer than maximum length (?P<max>\d+)\."), "api.field.length_max"),
    (re.compile(r"Must be one of: (?P<choices>.*)\."), "api.field.one_of"),
]


def _field_message(message: Any) -> Msg | str:
    """A validation message as a ``Msg`` where the service knows it, else as marshmallow wrote it."""
    if isinstance(message, CodedMessage):
        return message.message
    text = str(message)
    key = _MARSHMALLOW_TEXTS.get(text)
    if key is not None:
        return Msg(key)
    for pattern, key in _MARSHMALLOW_PATTERNS:
        found = pattern.fullmatch(text)
        if found is not None:
            return Msg(key, **found.groupdict())
    return text


def _leaves(messages: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            if key == "_schema":
                sub = path
            elif isinstance(key, int):
                sub = f"{path}[{key}]"
            else:
                sub = f"{path}.{key}" if path else str(key)
            yield from _leaves(value, sub)
    elif isinstance(messages, (list, tuple)):
        for item in messages:
            if isinstance(item, (Mapping, list, tuple)):
                yield from _leaves(item, path)
            else:
                yield path, item
    else:
        yield path, messages


def validation_problem(error: ma.ValidationError) -> Problem:
    """A 400 problem from marshmallow's messages: ``errors`` maps each field path to its messages.

    The code is that of the failing fields when they agree (``invalid_card`` for an unreadable card),
    else ``invalid_input``.
    """
    errors: dict[str, list[str]] = {}
    codes: set[str] = set()
    for path, message in _leaves(error.messages, ""):
        codes.add(getattr(message, "code", "invalid_input"))
        errors.setdefault(path or "body", []).append(render(_field_message(message)))
    code = codes.pop() if len(codes) == 1 else "invalid_input"
    lines = [f"{path}: {' '.join(msgs)}" for path, msgs in errors.items()]
    detail = "; ".join(lines[:5])
    if len(lines) > 5:
        detail += render(Msg("api.and_more", more=len(lines) - 5))
    return Problem(400, code, detail, extra={"errors": errors})


def problem_response(body: dict[str, Any], headers: Mapping[str, str] | None = None) -> Response:
    """A problem+json response; adds ``type`` from the code and ``instance`` (the request path)."""
    out = {"type": TYPE_PREFIX + str(body.get("code", "about_blank"))}
    out.update(body)
    if request:
        out.setdefault("instance", request.path)
    response = current_app.response_class(dumps(out), status=int(body["status"]), mimetype=PROBLEM_MIME)
    for name, value in (headers or {}).items():
        if name.lower() not in ("content-type", "content-length"):
            response.headers[name] = value
    return response


class ProblemSchema(ma.Schema):
    """RFC 9457 problem details, with the service's stable ``code``."""

    class Meta:
        unknown = ma.INCLUDE

    type = ma.fields.String(required=True, metadata={"description": "URI naming the problem type"})
    title = ma.fields.String(required=True, metadata={"description": "Short summary of the problem type"})
    status = ma.fields.Integer(required=True, metadata={"description": "HTTP status code"})
    detail = ma.fields.String(required=True, metadata={"description": "What went wrong, naming the broken rule"})
    code = ma.fields.String(
        required=True,
        metadata={"description": "Stable machine code: invalid_card, must_follow_suit, unknown_option ..."},
    )
    instance = ma.fields.String(metadata={"description": "The request path"})
    legal = ma.fields.Raw(metadata={"description": "The legal alternatives, where there are any"})
    rule = ma.fields.String(
        metadata={"description": "For developers: the section(s) of the game's rules spec (docs/rules) that the "
                  "refusal applies, such as 6.3; the detail never shows them"},
    )
    errors = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.List(ma.fields.String()),
        metadata={"description": "Validation messages per field path (invalid input)"},
    )
    fact = ma.fields.String(
        metadata={"description": "The reported fact the refusal is about (a key of a round_result's result, or of "
                  "a rules request, such as tricks_won), when it is about one"},
    )


class ProblemApi(Api):
    """flask-smorest's ``Api`` answering every error as problem+json and documenting it so."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self) -> None:
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
                response.update(problem_response_doc(status))
            prepare_response(response, self.spec, PROBLEM_MIME)
            self.spec.components.response(status.name, response, lazy=True)
        default: dict[str, Any] = {"description": "A problem (RFC 9457)", "schema": self.ERROR_SCHEMA}
        prepare_response(default, self.spec, PROBLEM_MIME)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, default, lazy=True)

    def _register_error_handlers(self) -> None:
        app: Flask = self._app
        app.register_error_handler(HTTPException, self.handle_http_exception)
        app.register_error_handler(RuleError, handle_rule_error)
        app.register_error_handler(Problem, handle_problem)
        app.register_error_handler(Exception, handle_unexpected)

    def handle_http_exception(self, error: HTTPException) -> Response:
        status = error.code or 500
        code = _HTTP_CODES.get(status) or http.HTTPStatus(status).name.lower()
        if status == 404:
            detail = render(Msg("api.no_route", path=request.path))
        elif status == 405:
            allowed = ", ".join(getattr(error, "valid_methods", None) or ())
            detail = render(Msg("api.method_not_allowed", method=request.method, path=request.path, allowed=allowed))
        elif status == 500:
            detail = render(Msg("api.internal_error"))
        elif status == 413:
            detail = render(Msg("api.body_too_large", most=current_app.config["MAX_CONTENT_LENGTH"]))
        elif status == 400:
            detail = render(Msg("api.bad_request"))
        elif status == 416:
            detail = render(Msg("api.range_not_satisfiable", path=request.path))
        else:  # a status the service has no sentence of its own for (werkzeug's description is English)
            detail = render(Msg("api.http_error", status=status))
        body: dict[str, Any] = {"title": problem_title(code, status), "status": status, "detail": detail, "code": code}
        if status == 413:
            body["limit"] = current_app.config["MAX_CONTENT_LENGTH"]
        headers = dict(error.get_headers())
        return problem_response(body, headers)


def handle_rule_error(error: RuleError) -> Response:
    response = problem_response(problem_body(error), headers_of(error))
    if isinstance(error, match_errors.MatchError) or error.replayed:
        response.headers["Cache-Control"] = "no-store"
    return response


def handle_problem(error: Problem) -> Response:
    return problem_response(error.to_problem(), error.headers)


def handle_unexpected(error: Exception) -> Response:
    if isinstance(error, HTTPException):  # pragma: no cover - Flask routes these to the HTTP handler
        return current_app.extensions["flask-smorest"]["apis"][""]["ext_obj"].handle_http_exception(error)
    current_app.logger.exception("unhandled error on %s %s", request.method, request.path)
    body = {
        "title": problem_title("internal_error", 500),
        "status": 500,
        "detail": render(Msg("api.internal_error")),
        "code": "internal_error",
    }
    return problem_response(body)
