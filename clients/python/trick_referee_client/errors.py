"""Typed exceptions raised by the Match helper: one problem+json answer of the service each."""

from __future__ import annotations

from typing import Any


class ProblemError(Exception):
    """The service answered a problem (RFC 9457): its ``status``, stable ``code``, ``detail`` and ``legal``."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        self.status = status
        self.body = body
        self.code: str = str(body.get("code", ""))
        self.detail: str = str(body.get("detail", ""))
        self.legal: Any = body.get("legal")
        super().__init__(f"{status} {self.code}: {self.detail}")


class OutcomeUnknown(ProblemError):
    """Every retry with the same Idempotency-Key still left the action's outcome unknown."""


def problem_from(status: int, body: Any) -> ProblemError:
    """The exception for one problem answer (a body that is not a JSON object is kept under ``detail``)."""
    data = body if isinstance(body, dict) else {"detail": str(body)}
    if data.get("code") == "store_outcome_unknown":
        return OutcomeUnknown(status, data)
    return ProblemError(status, data)
