"""Reading JSON request bodies and writing JSON responses; the Blueprint every API module uses.

* ``read_json_body()``: the request's JSON document, or a problem: 415 ``unsupported_media_type``
  for a body that is not declared JSON, 400 ``malformed_json`` for an empty body, bad JSON,
  ``NaN``/``Infinity`` or invalid UTF-8, 400 ``json_too_deep`` past ``MAX_DEPTH`` levels of nesting.
* ``Blueprint``: flask-smorest's Blueprint whose ``@blp.arguments`` reads bodies with
  ``read_json_body`` and turns marshmallow validation errors into 400 problems (``invalid_input``,
  or the failing fields' own code such as ``invalid_card``), never webargs' 422.
* ``json_response(data)``: a compact UTF-8 JSON response (no key sorting).
"""

from __future__ import annotations

import functools
import io
import json
import sys
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

import flask
import flask_smorest
import marshmallow as ma
from flask import current_app, request
from flask.wrappers import Response
from webargs.flaskparser import FlaskParser
from werkzeug.datastructures import Headers

from service.api.problems import CodedMessage, Problem, validation_problem
from service.api.wire import dumps
from service.rules.messages import Msg

JSON_MIME = "application/json"
#: Deepest nesting of arrays and objects accepted in a body: no contract body needs more than a few
#: levels, and deeper values would reach Python's recursion limit in later processing.
MAX_DEPTH = 32


class _NotJsonConstant(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in a body: Python reads them, JSON has no such value."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name} is not valid JSON")
        self.name = name


def _refuse_constant(name: str) -> NoReturn:
    raise _NotJsonConstant(name)


#: the standard library's JSON syntax errors (``JSONDecodeError.msg``; the trailing commas are
#: Python 3.13's) -> the message that says it in the caller's language
_JSON_ERRORS = {
    "Expecting value": "api.json.expecting_value",
    "Expecting property name enclosed in double quotes": "api.json.expecting_name",
    "Expecting ':' delimiter": "api.json.expecting_colon",
    "Expecting ',' delimiter": "api.json.expecting_comma",
    "Unterminated string starting at": "api.json.unterminated_string",
    "Invalid control character at": "api.json.control_character",
    "Invalid \\escape": "api.json.bad_escape",
    "Invalid \\uXXXX escape": "api.json.bad_unicode_escape",
    "Extra data": "api.json.extra_data",
    "Illegal trailing comma before end of object": "api.json.trailing_comma",
    "Illegal trailing comma before end of array": "api.json.trailing_comma",
}


def json_error(exc: ValueError) -> Msg:
    """What is wrong with a body the JSON decoder refused, as a message (where, and why, in words the
    caller's language has; an error this table does not know keeps the decoder's own text)."""
    if isinstance(exc, json.JSONDecodeError):
        key = _JSON_ERRORS.get(exc.msg)
        if key is not None:
            return Msg("api.bad_json", error=Msg("api.json.at", reason=Msg(key), line=exc.lineno, column=exc.colno))
    elif isinstance(exc, _NotJsonConstant):
        return Msg("api.bad_json", error=Msg("api.json.constant", name=exc.name))
    elif isinstance(exc, UnicodeDecodeError):
        return Msg("api.bad_json", error=Msg("api.json.encoding", encoding=exc.encoding, position=exc.start))
    elif str(exc).startswith("Exceeds the limit"):
        return Msg("api.bad_json", error=Msg("api.json.long_integer", most=sys.get_int_max_str_digits()))
    return Msg("api.bad_json", error=str(exc))


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


def is_json_mimetype(mimetype: str) -> bool:
    return mimetype == JSON_MIME or (mimetype.startswith("application/") and mimetype.endswith("+json"))


def body_bytes(req: flask.Request | None = None) -> bytes:
    """The request's body: the bytes ``BodyLimit`` read (werkzeug's stream would wrap them again in
    a stream capped at the limit and read them a second time), or
    werkzeug's reading where ``BodyLimit`` left the body to it."""
    req = req if req is not None else request
    read = req.environ.get(BODY_READ)
    return read if read is not None else req.get_data(cache=True)


def read_json_body(req: flask.Request | None = None) -> Any:
    """The request body as a JSON value (strict RFC 8259), or raise a 400/415 ``Problem``."""
    req = req if req is not None else request._get_current_object()  # type: ignore[attr-defined]
    data = body_bytes(req)
    if not data:
        raise Problem(400, "malformed_json", Msg("api.body_needed"))
    # the usual header as it is, else werkzeug's parse of it (parameters, case, spaces)
    if req.environ.get("CONTENT_TYPE") != JSON_MIME and not is_json_mimetype(req.mimetype):
        got = req.content_type or Msg("api.no_content_type")
        raise Problem(415, "unsupported_media_type", Msg("api.not_json", got=got))
    try:
        value = _DECODER.decode(data.decode(json.detect_encoding(data), "surrogatepass"))  # as json.loads
    except RecursionError:
        value = None
        too_deep = True
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, an integer too long to read
        raise Problem(400, "malformed_json", json_error(exc)) from None
    else:
        # Fewer brackets than the limit cannot nest deeper than it: skip the walk for ordinary bodies.
        too_deep = data.count(b"[") + data.count(b"{") > MAX_DEPTH and _deeper_than(value, MAX_DEPTH)
    if too_deep:
        raise Problem(400, "json_too_deep", Msg("api.too_deep", most=MAX_DEPTH))
    if (b"\\u" in data or not data.isascii()) and _has_lone_surrogate(value):
        raise Problem(400, "malformed_json", Msg("api.lone_surrogate"))
    return value


_UTF8_CHECK = json.JSONEncoder(ensure_ascii=False, check_circular=False)


def _has_lone_surrogate(value: Any) -> bool:
    """True when a string of ``value`` (a key too) holds an unpaired surrogate, which no answer or
    store could write back as UTF-8 (checked only for bodies with escapes or non-ASCII bytes)."""
    try:
        _UTF8_CHECK.encode(value).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _deeper_than(value: Any, limit: int) -> bool:
    """True when arrays/objects nest more than ``limit`` levels (checked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            if depth > limit:
                return True
            stack.extend((v, depth + 1) for v in item)
    return False


class BodyParser(FlaskParser):
    """webargs' parser reading bodies with ``read_json_body`` and raising problems, not 422s."""

    DEFAULT_VALIDATION_STATUS = 400

    def load_json(self, req: flask.Request, schema: ma.Schema) -> Any:
        return read_json_body(req)

    def load_querystring(self, req: flask.Request, schema: ma.Schema) -> Any:
        """The query's parameters; one the schema takes once (not a list) given twice or more is
        refused (webargs would read the first and ignore the others)."""
        repeated = sorted(
            name for name, field in schema.fields.items()
            if not isinstance(field, ma.fields.List) and len(req.args.getlist(field.data_key or name)) > 1
        )
        if repeated:
            twice = {name: [CodedMessage("invalid_input", Msg("api.field.repeated"))] for name in repeated}
            raise validation_problem(ma.ValidationError({"query": twice}))
        return super().load_querystring(req, schema)

    def handle_error(
        self,
        error: ma.ValidationError,
        req: flask.Request,
        schema: ma.Schema,
        *,
        error_status_code: int | None,
        error_headers: Mapping[str, str] | None,
    ) -> NoReturn:
        messages = error.messages
        if isinstance(messages, dict) and list(messages) == ["json"]:  # webargs files errors by location
            error = ma.ValidationError(messages["json"])
        raise validation_problem(error)


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint with the problem-raising body parser.

    ``@blp.arguments(Schema)`` for a JSON body is documented exactly as flask-smorest documents it,
    and parsed without webargs' per-request machinery: ``schema.load(read_json_body())``, the body
    passed to the view after its other positional arguments, as webargs does. Other locations
    (query, headers ...) go through webargs with ``BodyParser``.
    """

    ARGUMENTS_PARSER = BodyParser()

    def arguments(self, schema: Any, *, location: str = "json", **kwargs: Any) -> Callable[[Any], Any]:
        documented = super().arguments(schema, location=location, **kwargs)
        webargs_only = {"as_kwargs", "arg_name", "validate", "unknown"} & set(kwargs)
        if location != "json" or webargs_only:
            return documented
        loader: ma.Schema = schema() if isinstance(schema, type) else schema

        def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(func)
            def wrapper(*args: Any, **view_args: Any) -> Any:
                try:
                    body = loader.load(read_json_body())
                except ma.ValidationError as error:
                    raise validation_problem(error) from None
                return func(*args, body, **view_args)

            wrapper._apidoc = documented(func)._apidoc  # type: ignore[attr-defined]
            return wrapper

        return decorator

    def doc(self, **kwargs: Any) -> Callable[[Any], Any]:
        """flask-smorest's ``@blp.doc`` (the same documentation) without its runtime wrapper: the view
        itself is returned, carrying the documentation."""
        return _documentation_only(super().doc(**kwargs))

    def alt_response(self, status_code: Any, *args: Any, **kwargs: Any) -> Callable[[Any], Any]:
        """flask-smorest's ``@blp.alt_response`` (the same documentation) without its runtime wrapper."""
        return _documentation_only(super().alt_response(status_code, *args, **kwargs))

    def response(self, status_code: Any, schema: Any = None, **kwargs: Any) -> Callable[[Any], Any]:
        """flask-smorest's ``@blp.response`` (same documentation, same handling of dicts, tuples and
        schemas), except that a view's own ``Response`` is passed on as is, without that handling."""
        documented = super().response(status_code, schema, **kwargs)

        def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(func)
            def replay(*args: Any, **view_args: Any) -> Any:
                return flask.g.pop("_view_result")

            finish = documented(replay)  # smorest's handling, given the result the view already returned

            @functools.wraps(func)
            def wrapper(*args: Any, **view_args: Any) -> Any:
                result = func(*args, **view_args)
                if isinstance(result, Response):
                    return result
                flask.g._view_result = result
                return finish(*args, **view_args)

            wrapper._apidoc = finish._apidoc  # type: ignore[attr-defined]
            return wrapper

        return decorator


def _documentation_only(documented: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A flask-smorest decorator that only documents (``doc``, ``alt_response``), applied so that the
    view is not wrapped in a call-through function per request: the documented copy's ``_apidoc``
    goes onto the view itself, which smorest reads when it registers the route."""

    def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
        func._apidoc = documented(func)._apidoc  # type: ignore[attr-defined]
        return func

    return decorator


def json_response(data: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    """A JSON response written once, compactly, in UTF-8."""
    return JsonResponse(dumps(data), status, headers)


class JsonResponse(Response):
    """A response of JSON bytes written once: the answer werkzeug's ``Response(body, status=...,
    headers=..., content_type="application/json")`` makes, header for header in the same order
    (``headers``, then ``Content-Type`` and ``Content-Length``), built without its general path.

    werkzeug reads the headers given through its multi-dict walk, checks every value for line
    breaks, parses the content type and, as the answer is sent, copies the headers again to fix a
    location or a length that such an answer never lacks: about a sixth of the web layer's own
    work on a posted play (``bench/matches/instructions.py``). The headers given here are the
    service's own (``matches._answer`` and the like, no client text); a value that is not a string
    or holds a line break still takes werkzeug's path, so it is refused or written as before. The
    headers an answer gains later (``after_request``, CORS) go through werkzeug as before."""

    def __init__(self, body: bytes, status: int, headers: Mapping[str, str] | None = None) -> None:
        given = list(headers.items()) if headers else []
        if not all(_plain_header(name, value) for name, value in given):
            super().__init__(body, status=status, headers=headers, content_type=JSON_MIME)
            return
        given.append(("Content-Type", JSON_MIME))
        given.append(("Content-Length", str(len(body))))
        self.headers = Headers()
        self.headers._list = given  # the list Headers keeps (werkzeug's own attribute)
        self.status = status
        self.direct_passthrough = False
        self._on_close = []
        self.response = [body]

    def get_wsgi_headers(self, environ: dict[str, Any]) -> Headers:
        """werkzeug's, but for the usual answer (a status with a body, its length set, no location to
        make absolute), whose headers it would copy unchanged: a copy made directly."""
        status = self._status_code
        if status >= 200 and status not in (204, 304):
            names = {name.lower() for name, _ in self.headers._list}
            if "content-length" in names and "location" not in names and "content-location" not in names:
                copied = Headers()
                copied._list = list(self.headers._list)
                return copied
        return super().get_wsgi_headers(environ)


def _plain_header(name: str, value: Any) -> bool:
    """True for a header ``JsonResponse`` may keep as given: a string value werkzeug would keep as
    is, under a name other than the two it sets itself."""
    return (type(value) is str and "\n" not in value and "\r" not in value
            and name.lower() not in ("content-type", "content-length"))


class BodyLimit:
    """WSGI middleware: a request body sent in chunks (``Transfer-Encoding: chunked``, no
    ``Content-Length``) is read here, up to the limit, before Flask sees it.

    werkzeug enforces ``MAX_CONTENT_LENGTH`` on a declared length only; a chunked body would be cut
    at the limit and its prefix read as the whole body, and a malformed chunk would surface as a
    server error in the middle of a view. Here a chunked body becomes an ordinary one with its
    length, or the request is marked (``BODY_REFUSAL``) so that it is answered as a 413 problem
    naming the limit, or a 400 ``malformed_body`` problem, before any view runs.

    A body of a declared length within the limit is read here too, in one read of that length
    (what arrived is then the body, as before): werkzeug read it through a stream capped at the
    limit, in 64 KB reads until a second one found the end, about 4% of the worker's time on a
    posted play (``bench/matches/worker_profile.py``). A body that ends before its declared length
    (the client closed its side of the connection early) is refused as ``malformed_body``, never
    read as if whole (the gevent worker has read it already, within its deadline:
    ``service/server.py``). A longer declared body is left to werkzeug's 413, an unreadable length
    to werkzeug.
    """

    def __init__(self, app: Callable[..., Any], limit: int) -> None:
        self.app = app
        self.limit = limit

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and not environ.get("CONTENT_LENGTH"):
            refusal: str | None = None
            try:
                data = environ["wsgi.input"].read(self.limit + 1)
            except Exception:  # gunicorn's reader: a chunk size that is no number, a missing terminator
                data, refusal = b"", "malformed"
            else:
                if len(data) > self.limit:
                    refusal = "too_large"
            if refusal is not None:
                environ[BODY_REFUSAL] = refusal
                data = b""
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            _hand_over(environ, data)
        elif not chunked:
            declared = environ.get("CONTENT_LENGTH", "")
            if declared.isascii() and declared.isdigit() and 0 < int(declared) <= self.limit:
                try:
                    data = environ["wsgi.input"].read(int(declared))
                except Exception:  # the server's reader gave up on the body (a broken connection)
                    data = b""
                # given up on, or the client closed its side before the end
                if len(data) < int(declared):
                    data = b""
                    environ[BODY_REFUSAL] = "unreadable"
                _hand_over(environ, data)
        return self.app(environ, start_response)


def _hand_over(environ: dict[str, Any], data: bytes) -> None:
    """``data`` as the request's whole body: for ``body_bytes``, and readable from ``wsgi.input``
    with its length (a BytesIO of that length: no stream to terminate or cap)."""
    environ["wsgi.input"] = io.BytesIO(data)
    environ["CONTENT_LENGTH"] = str(len(data))
    environ.pop("wsgi.input_terminated", None)
    environ[BODY_READ] = data


#: the WSGI environ key where ``BodyLimit`` marks a refused chunked body
BODY_REFUSAL = "trick_referee.body_refusal"
#: the WSGI environ key of the body ``BodyLimit`` read (``body_bytes``); the same bytes stay readable
#: from ``wsgi.input``
BODY_READ = "trick_referee.body"


def refuse_marked_bodies() -> None:
    """A ``before_request`` hook: the refusal ``BodyLimit`` marked, as a problem."""
    refusal = request.environ.get(BODY_REFUSAL)
    if refusal == "too_large":
        limit = current_app.config["MAX_CONTENT_LENGTH"]
        raise Problem(413, "payload_too_large", Msg("api.body_too_large", most=limit), extra={"limit": limit})
    if refusal == "malformed":
        raise Problem(400, "malformed_body", Msg("api.malformed_chunks"))
    if refusal == "unreadable":
        raise Problem(400, "malformed_body", Msg("api.body_unreadable"))
