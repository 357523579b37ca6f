"""What the OpenAPI document says beyond the endpoints' own decorators, set here in one place.

* ``OperationIds``: an apispec plugin naming every operation after its Flask view, in camelCase
  (``create_match`` is ``createMatch``, ``post_action`` is ``postAction``), so that client
  generators get stable function names; an endpoint serving several methods gets the method in
  front (``getThing``, ``putThing``). Two operations with one id stop the document's build.
* ``PlainDocstrings``: a plugin writing the summaries and descriptions taken from docstrings without
  their reStructuredText markup (plain text and Markdown).
* ``Limited``: a plugin documenting the 429 answer on the rate-limited endpoints.
* ``HEADERS``: the response headers the service uses, as components (``ETag``,
  ``Idempotent-Replayed``, ``Retry-After``, ``WWW-Authenticate``, ``X-Request-ID``); a response names
  one by its name (``headers={"ETag": "ETag"}``).
* ``POLICY``: the idempotency and match-expiry policy, appended to the document's description.
* ``example(name)`` and ``problem_response_doc(status)``: response examples, real answers of the
  service kept in ``openapi_examples.json`` (tests/api/test_apidoc.py compares them with today's).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from apispec import APISpec, BasePlugin

EXAMPLES_FILE = Path(__file__).with_name("openapi_examples.json")


def camel_case(name: str) -> str:
    """``create_match`` -> ``createMatch``; ``legal-plays`` -> ``legalPlays``."""
    words = [w for w in name.replace("-", "_").split("_") if w]
    return words[0] + "".join(w[:1].upper() + w[1:] for w in words[1:]) if words else name


class OperationIds(BasePlugin):
    """Sets ``operationId`` on every operation from its Flask endpoint (the view's name), unless the
    view set one itself; refuses a second operation with the same id."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}

    def init_spec(self, spec: APISpec) -> None:
        self.seen = {}

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                         **kwargs: Any) -> None:
        rule = kwargs.get("rule")
        if rule is None or not operations:
            return
        name = camel_case(rule.endpoint.rpartition(".")[2])
        for method, operation in operations.items():
            op_id = operation.setdefault(
                "operationId", name if len(operations) == 1 else method + name[:1].upper() + name[1:]
            )
            where = f"{method.upper()} {path}"
            if self.seen.setdefault(op_id, where) != where:
                raise ValueError(f"operationId {op_id!r} of {where} is already {self.seen[op_id]}'s")


#: a literal in reStructuredText (the docstrings' ````after````)
_RST_LITERAL = re.compile(r"``([^`]+)``")


def plain_text(text: str) -> str:
    """A docstring's words as an operation's summary (plain text): ````after```` is ``'after'``."""
    return _RST_LITERAL.sub(r"'\1'", text)


def markdown(text: str) -> str:
    """A docstring's words as an OpenAPI description (CommonMark): ````after```` is ```after```."""
    return _RST_LITERAL.sub(r"`\1`", text)


class PlainDocstrings(BasePlugin):
    """Writes the summary and description that an operation takes from its view's docstring without
    the docstring's reStructuredText markup: the summary as plain text, the description as Markdown
    (what OpenAPI and /docs show)."""

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                         **kwargs: Any) -> None:
        for operation in (operations or {}).values():
            if isinstance(operation.get("summary"), str):
                operation["summary"] = plain_text(operation["summary"])
            if isinstance(operation.get("description"), str):
                operation["description"] = markdown(operation["description"])


class Limited(BasePlugin):
    """Documents the 429 answer (``TOO_MANY_REQUESTS``) on the operations of the rate-limited
    endpoints (``service/api/limits.py``)."""

    def __init__(self, endpoints: Iterable[str]) -> None:
        self.endpoints = frozenset(endpoints)

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                         **kwargs: Any) -> None:
        rule = kwargs.get("rule")
        if rule is None or rule.endpoint not in self.endpoints:
            return
        for operation in (operations or {}).values():
            operation.setdefault("responses", {})["429"] = "TOO_MANY_REQUESTS"


#: the response components of the problem answers, by status
PROBLEM_RESPONSES = {
    400: "BAD_REQUEST", 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND", 409: "CONFLICT",
    412: "PRECONDITION_FAILED", 415: "UNSUPPORTED_MEDIA_TYPE", 422: "UNPROCESSABLE_ENTITY",
    503: "SERVICE_UNAVAILABLE",
}


def problem_answers(blueprint: Any, *statuses: int) -> Any:
    """Document the problem answers an endpoint of ``blueprint`` may give (a decorator; documentation
    only, no wrapper per status)."""
    return blueprint.doc(responses={str(status): PROBLEM_RESPONSES[status] for status in statuses})


def _header(description: str, **schema: Any) -> dict[str, Any]:
    return {"description": description, "schema": {"type": "string", **schema}}


HEADERS: dict[str, dict[str, Any]] = {
    "ETag": _header('The match\'s version as an entity tag, "<version>": send it back as If-Match on a '
                    "write (412 when the match has moved on) or If-None-Match on a read (304 when unchanged)."),
    "Idempotent-Replayed": _header(
        "true when this answer is the stored answer to an earlier request with the same Idempotency-Key "
        "(nothing was done again); absent otherwise.", enum=["true"]),
    "Retry-After": {"description": "Seconds to wait before trying again (a 429 or a 503).",
                    "schema": {"type": "integer", "minimum": 0}},
    "WWW-Authenticate": _header('The scheme a match endpoint expects: Bearer realm="matches".'),
    "X-Request-ID": _header(
        "The request's id: the client's X-Request-ID when it is 1 to 128 characters of A-Z a-z 0-9 and "
        "- _ . : / + = (anything else is replaced), else one the service made. It is in every log line of "
        "the request.", maxLength=128),
}

POLICY = """

**Idempotency.** `POST /v1/matches`, `POST /v1/matches/{match_id}/actions` and `POST
/v1/matches/{match_id}/undo` accept an `Idempotency-Key` header (1 to 255 printable ASCII
characters; use a fresh random one, a UUID, per request). A retry with the same key and the same
request gets the first answer again, with `Idempotent-Replayed: true`, and changes nothing twice; the
same key with another request of the same caller is refused (422 `idempotency_key_reused`). Keys are
scoped to their caller: a seat's keys are its own, a create's key is bound to its exact body. Stored
are the answers of requests that changed the match and the refusals the rules gave (retrying them
would be refused the same way); not stored are refusals about the moment (an unknown token or match,
`version_conflict`, an unreachable store), so a retry after one of those is a new try. An answer is
kept for `IDEMPOTENCY_TTL_SECONDS` (default 86400, one day) and never longer than its match.

**Expiry.** A match expires after `MATCH_TTL_SECONDS` (default 604800, seven days) without a
change: every create, action and undo starts the time again, reads do not. Every view carries
`expires_at`, the UTC time it will expire if nothing happens. An expired or deleted match is not
found (404 `match_not_found`), and so is the replay of a create whose match is gone.

**Versions.** Every answer about a match carries its version as an `ETag`; a write with `If-Match`
naming an older version is refused (412 `version_conflict`, with the current version), a write
without it that loses a race is refused with 409 `version_conflict`.

**Request ids.** Every answer carries `X-Request-ID`: the one the request sent when it is 1 to 128
characters of `A-Z a-z 0-9 - _ . : / + =`, else one the service made. The service's log line of the
request carries it too, so quote it when reporting a problem."""


@functools.cache
def _examples() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))
    return loaded


def example(name: str) -> Any:
    """The recorded example answer ``name`` of ``openapi_examples.json`` (``created``, ``seat_view`` ...)."""
    return _examples()[name]


def problem_example(status: int) -> dict[str, Any] | None:
    found: dict[str, Any] | None = _examples()["problems"].get(str(status))
    return found


#: the headers each problem status carries
_PROBLEM_HEADERS: dict[int, dict[str, str]] = {
    401: {"WWW-Authenticate": "WWW-Authenticate"},
    412: {"ETag": "ETag"},
    429: {"Retry-After": "Retry-After"},
    503: {"Retry-After": "Retry-After"},
}


def problem_response_doc(status: int) -> dict[str, Any]:
    """What the document adds to the shared problem response of ``status``: its headers, an example."""
    out: dict[str, Any] = {}
    headers = _PROBLEM_HEADERS.get(status)
    if headers:
        out["headers"] = dict(headers)
    found = problem_example(status)
    if found is not None:
        out["example"] = found
    return out


def register(spec: APISpec) -> None:
    """Put the shared header components into ``spec``."""
    for name, header in HEADERS.items():
        spec.components.header(name, header)
