"""Instants as the API writes them: RFC 3339 text in UTC, to the second (``2026-12-08T10:15:00Z``)."""

from __future__ import annotations

from datetime import UTC, datetime


def utc_text(seconds: float) -> str:
    """The instant ``seconds`` after the epoch, as RFC 3339 text in UTC, to the second."""
    return datetime.fromtimestamp(int(seconds), tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
