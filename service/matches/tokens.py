"""Match tokens: random bearer secrets, stored only as SHA-256 hashes, checked in constant time.

A match has one referee token, one token per seat and one spectator token (read-only: the
public facts, as ``SPECTATOR`` sees them; a match made before spectators has none). Each is 32
random bytes from ``secrets`` (256 bits, URL-safe base64). The stored document keeps only
``sha256(token)``; a presented token
is hashed and compared with *every* stored hash by ``hmac.compare_digest`` (no early exit), so
neither the answer nor its timing tells which hash came close.

The seats' and the spectator's tokens are derived from the referee's (HMAC-SHA256 keyed with it, one
label each: ``seat_token``, ``spectator_token``), so that the referee's token, and only it, gives
them again (``GET /v1/matches/{id}/links``: the seat links shown again on any device holding the
referee link). The referee is given them at creation anyway; a seat's token tells nothing of the
referee's nor of another seat's.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from service.matches.errors import Unauthorized
from service.rules.messages import Msg
from service.rules.ruleset import SPECTATOR

TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh bearer token (256 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def _derived(referee_token: str, label: str) -> str:
    digest = hmac.new(referee_token.encode("utf-8"), label.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def seat_token(referee_token: str, seat: int) -> str:
    """The token of ``seat`` (0-based) of the match whose referee holds ``referee_token``."""
    return _derived(referee_token, f"seat:{seat}")


def invite_token(referee_token: str, seat: int) -> str:
    """The invitation of ``seat`` in a match whose seats are claimed: it opens the seat once, for a
    token of its own that nothing derives (``service.matches.seating``)."""
    return _derived(referee_token, f"invite:{seat}")


def spectator_token(referee_token: str) -> str:
    """The spectator's token of the match whose referee holds ``referee_token``."""
    return _derived(referee_token, "spectator")


def token_hash(token: str) -> str:
    """The hash the store keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Caller:
    """Who presented the token: the referee (``seat`` None), one seat, or a spectator (``seat`` is
    ``SPECTATOR``, the viewer the rules show the public facts only)."""

    seat: int | None

    @property
    def is_referee(self) -> bool:
        return self.seat is None

    @property
    def is_spectator(self) -> bool:
        return self.seat == SPECTATOR

    @property
    def identity(self) -> str:
        """A stable name for the caller within its match (part of idempotency fingerprints)."""
        if self.seat is None:
            return "referee"
        return "spectator" if self.seat == SPECTATOR else f"seat:{self.seat}"


REFEREE = Caller(None)
SPECTATOR_CALLER = Caller(SPECTATOR)


def holds(token: str, stored_hash: str) -> bool:
    """Whether ``token`` is the one whose hash is ``stored_hash`` (compared in constant time)."""
    return hmac.compare_digest(token_hash(token).encode("ascii"), stored_hash.encode("ascii"))


def identify(
    token: str | None, referee_hash: str, seat_hashes: Sequence[str], spectator_hash: str | None = None
) -> Caller:
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
    if spectator_hash is not None and hmac.compare_digest(presented, spectator_hash.encode("ascii")) and found is None:
        found = SPECTATOR_CALLER
    if found is None:
        raise Unauthorized(Msg("matches.invalid_token"), code="invalid_token")
    return found
