"""Match tokens: random bearer secrets, stored only as SHA-256 hashes, checked in constant time.

A match has one referee token and one token per seat. Each is 32 random bytes from ``secrets``
(256 bits, URL-safe base64). The stored document keeps only ``sha256(token)``; a presented token
is hashed and compared with *every* stored hash by ``hmac.compare_digest`` (no early exit), so
neither the answer nor its timing tells which hash came close.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from service.matches.errors import Unauthorized
from service.rules.messages import Msg

TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh bearer token (256 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The hash the store keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Caller:
    """Who presented the token: the referee (``seat`` None) or one seat."""

    seat: int | None

    @property
    def is_referee(self) -> bool:
        return self.seat is None

    @property
    def identity(self) -> str:
        """A stable name for the caller within its match (part of idempotency fingerprints)."""
        return "referee" if self.seat is None else f"seat:{self.seat}"


REFEREE = Caller(None)


def identify(token: str | None, referee_hash: str, seat_hashes: Sequence[str]) -> Caller:
    """The caller this token belongs to; raise Unauthorized when missing or unknown."""
    if not token:
        raise Unauthorized(Msg("matches.missing_token"), code="missing_token")
    presented = token_hash(token).encode("ascii")
    found: Caller | None = None
    if hmac.compare_digest(presented, referee_hash.encode("ascii")):
        found = REFEREE
    for seat, stored in enumerate(seat_hashes):
        if hmac.compare_digest(presented, stored.encode("ascii")) and found is None:
            found = Caller(seat)
    if found is None:
        raise Unauthorized(Msg("matches.invalid_token"), code="invalid_token")
    return found
