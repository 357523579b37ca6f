"""Typed exceptions raised by the Match helper: one problem+json answer of the service each."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any


class ProblemError(Exception):
    """The service answered a problem (RFC 9457): its ``status``, stable ``code``, ``detail`` and ``legal``,
    and the answer's ``headers`` (names in lower case), such as ``retry-after`` on a 429 or a 503."""

    def __init__(self, status: int, body: dict[str, Any], headers: Mapping[str, str] | None = None) -> None:
        self.status = status
        self.body = body
        self.code: str = str(body.get("code", ""))
        self.detail: str = str(body.get("detail", ""))
        self.legal: Any = body.get("legal")
        self.headers: dict[str, str] = {name.lower(): value for name, value in (headers or {}).items()}
        super().__init__(f"{status} {self.code}: {self.detail}")

    @property
    def retry_after(self) -> float | None:
        """The seconds the answer's ``Retry-After`` asks the client to wait (None: it names none)."""
        value = self.headers.get("retry-after")
        if value is None:
            return None
        if value.strip().isdigit():
            return float(value.strip())
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        return max(0.0, (when - datetime.now(UTC)).total_seconds())


class OutcomeUnknown(ProblemError):
    """Every retry with the same Idempotency-Key still left the action's outcome unknown (the service
    answered ``store_outcome_unknown``, or no answer came back: ``code`` ``transport_error``)."""


def problem_from(status: int, body: Any, headers: Mapping[str, str] | None = None) -> ProblemError:
    """The exception for one problem answer (a body that is not a JSON object is kept under ``detail``)."""
    data = body if isinstance(body, dict) else {"detail": str(body)}
    if data.get("code") == "store_outcome_unknown":
        return OutcomeUnknown(status, data, headers)
    return ProblemError(status, data, headers)
