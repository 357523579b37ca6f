"""Errors of the matches layer, named by cause.

They are ``RuleError``s (``code``, ``detail``, ``status``, ``to_problem``), so the API maps them
to problem+json exactly as it maps the rules core's errors. ``headers`` are HTTP headers the
answer should carry (``WWW-Authenticate`` on a 401, ``Retry-After`` on a 503).

No message here ever names a card: a seat's hand is nobody else's business, and the detail of
an error may be shown to anyone holding a token of the match.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from service.rules.errors import RuleError


class MatchError(RuleError):
    """Base of the matches layer's errors."""

    code = "match_error"
    status = 400
    title = "Match error"
    default_headers: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def __init__(
        self,
        detail: str,
        *,
        code: str | None = None,
        legal: list[Any] | None = None,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(detail, code=code, legal=legal, extra=extra)
        self.headers: dict[str, str] = dict(self.default_headers if headers is None else headers)


class Unauthorized(MatchError):
    """No token, or a token that is not one of this match's (401). Codes: ``missing_token``,
    ``invalid_token``."""

    code = "invalid_token"
    status = 401
    title = "Unauthorized"
    default_headers = MappingProxyType({"WWW-Authenticate": 'Bearer realm="matches"'})


class Forbidden(MatchError):
    """A valid token asking for something its holder may not do (403). Codes: ``not_your_seat``,
    ``referee_only``, ``seat_token_required``."""

    code = "forbidden"
    status = 403
    title = "Forbidden"


class MatchNotFound(MatchError):
    """No such match: never created, deleted, or expired (404)."""

    code = "match_not_found"
    status = 404
    title = "Match not found"


class VersionConflict(MatchError):
    """Another request changed the match first and the request had no ``If-Match`` (409)."""

    code = "version_conflict"
    status = 409
    title = "Version conflict"


class PreconditionFailed(MatchError):
    """``If-Match`` names a version that is no longer the match's (412)."""

    code = "version_conflict"
    status = 412
    title = "Precondition failed"


class NothingToUndo(MatchError):
    """Undo with no action left to take back (409)."""

    code = "nothing_to_undo"
    status = 409
    title = "Nothing to undo"


class IdempotencyKeyReused(MatchError):
    """An ``Idempotency-Key`` already used for a different request (422)."""

    code = "idempotency_key_reused"
    status = 422
    title = "Idempotency key reused"


class InvalidRequest(MatchError):
    """A request that cannot be read (400): a wrong type, a missing field, a bad header."""

    code = "invalid_input"
    status = 400
    title = "Invalid input"


class InvalidDealer(MatchError):
    """A ``dealer`` seat outside the table (422)."""

    code = "invalid_dealer"
    status = 422
    title = "Invalid dealer"


class StoreUnavailable(MatchError):
    """The state store cannot be reached (503); nothing is known to have changed."""

    code = "store_unavailable"
    status = 503
    title = "Service unavailable"
    default_headers = MappingProxyType({"Retry-After": "1"})


class StoreOutcomeUnknown(StoreUnavailable):
    """A change was sent to the state store and its outcome is unknown (503): the store did not
    answer after the change was sent, or did not copy it to a replica in time. It may have been
    applied; reading the match tells, and a retry with the same ``Idempotency-Key`` is safe."""

    code = "store_outcome_unknown"
    title = "Outcome unknown"


class Replayed(MatchError):
    """The stored refusal of an earlier request with the same ``Idempotency-Key``, answered again
    exactly as it was the first time."""

    def __init__(self, status: int, body: Mapping[str, Any], headers: Mapping[str, str]) -> None:
        super().__init__(
            str(body.get("detail", "")),
            code=str(body.get("code", self.code)),
            headers={**headers, "Idempotent-Replayed": "true"},
        )
        self.status = status
        self.title = str(body.get("title", self.title))
        self._body = dict(body)

    def to_problem(self) -> dict[str, Any]:
        return dict(self._body)
