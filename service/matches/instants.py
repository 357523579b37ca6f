"""Instants as the API writes them: RFC 3339 text in UTC, to the second (``2026-12-08T10:15:00Z``)."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache


def utc_text(seconds: float) -> str:
    """The instant ``seconds`` after the epoch, as RFC 3339 text in UTC, to the second."""
    return _second_text(int(seconds))


@lru_cache(maxsize=1024)
def _second_text(second: int) -> str:
    """The text of one whole second (kept: the answers of a busy worker name the same few seconds,
    each match's ``expires_at`` its last save's plus the TTL)."""
    return datetime.fromtimestamp(second, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
