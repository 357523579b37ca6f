"""What the match use cases take and return: domain values, never HTTP.

``Expected`` is the version (or versions) a conditional write was decided on; the API reads it from
``If-Match`` (and ``If-None-Match`` for reads). The results say what happened; the web layer
chooses the status and the headers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Expected:
    """The versions a request was decided on: ``versions``, or any version at all (``any_version``,
    ``If-Match: *``). A request that names one is *conditional*: a lost race is a failed
    precondition, not a plain conflict."""

    versions: frozenset[int] = frozenset()
    any_version: bool = False

    def allows(self, version: int) -> bool:
        return self.any_version or version in self.versions


@dataclass(frozen=True, slots=True)
class SeatTicket:
    """One seat of a new match and its token (shown once, at creation), or, for a seat claimed by
    invitation, its invitation (``token`` None)."""

    seat: int
    name: str
    token: str | None
    invite: str | None = None


@dataclass(frozen=True, slots=True)
class Created:
    """A new match: its id, first version, the referee's token, each seat's token, the referee's view,
    the spectator's (read-only) token. ``replayed``: the first answer to a create retried with the
    same idempotency key."""

    match_id: str
    version: int
    referee_token: str
    seats: tuple[SeatTicket, ...]
    view: Mapping[str, Any]
    spectator_token: str | None = None
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class Viewed:
    """The caller's view at ``version`` (after a read, an action or an undo); ``view`` is None when
    the caller already holds that version (a read with a matching ``If-None-Match``).
    ``replayed``: the first answer to a request retried with the same idempotency key."""

    version: int
    view: Mapping[str, Any] | None
    replayed: bool = False


@dataclass(frozen=True, slots=True)
class EventPage:
    """Events after ``after`` as the caller may see them; ``more`` when the page was cut at its limit."""

    version: int
    events: Sequence[Mapping[str, Any]]
    last_seq: int
    more: bool


@dataclass(frozen=True, slots=True)
class RoundSheet:
    """Every finished round's record, oldest first (the match's score sheet)."""

    version: int
    rounds: Sequence[Mapping[str, Any]] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class SeatLinks:
    """The seats' tokens (and the spectator's) given again to the referee."""

    version: int
    seats: tuple[SeatTicket, ...]
    spectator_token: str


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """The match record (``service.matches.record``) at ``version``."""

    version: int
    record: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Claimed:
    """A seat claimed by its invitation: its token (given this once) and its view at ``version``;
    ``entropy_used``: whether the claim's entropy goes into the deals (not once the match started)."""

    version: int
    seat: int
    name: str
    token: str
    view: Mapping[str, Any]
    entropy_used: bool
    #: a retry of a claim already made under the same Idempotency-Key, answered again
    replayed: bool = False
