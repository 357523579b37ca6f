"""Errors of the matches layer, named by cause.

They are ``RuleError``s (a class naming the cause, a ``code``, a ``message``, ``legal`` and
``extra``), so the API maps them to problems exactly as it maps the rules core's errors; nothing
here knows HTTP.

No message here ever names a card: a seat's hand is nobody else's business, and the detail of
an error may be shown to anyone holding a token of the match.
"""

from __future__ import annotations

from service.rules.errors import RuleError
from service.rules.messages import Msg


class MatchError(RuleError):
    """Base of the matches layer's errors."""

    code = "match_error"


class Unauthorized(MatchError):
    """No token, or a token that is not one of this match's. Codes: ``missing_token``,
    ``invalid_token``."""

    code = "invalid_token"


class Forbidden(MatchError):
    """A valid token asking for something its holder may not do. Codes: ``not_your_seat``,
    ``referee_only``, ``seat_token_required``, ``spectator_read_only``."""

    code = "forbidden"


class SpectatorUnsupported(MatchError):
    """The match's game cannot show a spectator its public facts yet (``spectators``)."""

    code = "spectator_unsupported"


class LinksNotKept(MatchError):
    """A match made before the seats' tokens were derived from the referee's: they cannot be given again."""

    code = "links_not_kept"


class InviteUsed(MatchError):
    """A seat's invitation claimed again: it opens its seat once (``service.matches.seating``)."""

    code = "invite_used"


class WaitingForSeats(MatchError):
    """An action in a match whose seats are claimed, before it started: nothing is dealt yet."""

    code = "waiting_for_seats"


class AlreadyStarted(MatchError):
    """The referee starting a match that is not waiting for its seats (started, or never waiting)."""

    code = "match_started"


class InvalidSeating(MatchError):
    """Seats by invitation where they cannot be: at a real table (the referee reports every card)."""

    code = "claim_needs_dealt_mode"


class MatchNotFound(MatchError):
    """No such match: never created, deleted, or expired."""

    code = "match_not_found"


class VersionConflict(MatchError):
    """Another request changed the match first and the request named no version it expected."""

    code = "version_conflict"


class PreconditionFailed(MatchError):
    """The version the request expected is no longer the match's (``extra["version"]`` is the
    current one, where known)."""

    code = "version_conflict"


class NothingToUndo(MatchError):
    """Undo with no action left to take back."""

    code = "nothing_to_undo"


class DealsRevealed(MatchError):
    """Undo in a finished dealt match: its record reveals the match seed, so playing on would deal
    every later deal face up to whoever read it (``docs/deals.md``)."""

    code = "deals_revealed"


class IdempotencyKeyReused(MatchError):
    """An idempotency key already used for a different request."""

    code = "idempotency_key_reused"


class InvalidRequest(MatchError):
    """A request that cannot be read: a wrong type, a missing field, a bad key."""

    code = "invalid_input"


class InvalidComputers(MatchError):
    """Computer seats a match cannot have: at a real table (they would hold no cards), or in every seat."""

    code = "invalid_computers"


class InvalidPlayerName(MatchError):
    """A player's name that cannot be shown as it is, or that another player already has."""

    code = "invalid_player_name"


class InvalidDealer(MatchError):
    """A ``dealer`` seat outside the table."""

    code = "invalid_dealer"


class StoreUnavailable(MatchError):
    """The state store cannot be reached; nothing is known to have changed."""

    code = "store_unavailable"


class RulesetUnavailable(StoreUnavailable):
    """The match is of a game (ruleset) this release does not serve: made by a newer release during
    a rolling upgrade, or before a rollback. Another worker (of that release) may read it; nothing
    changed here, so it is answered as a store that cannot be read now, and retried."""

    code = "ruleset_unavailable"

    def __init__(self, message: Msg, *, ruleset: str) -> None:
        super().__init__(message)
        #: the game's id, for the operator's log only: the answer does not name it (the caller's token
        #: is checked after the match is read)
        self.ruleset = ruleset


class StoreOutcomeUnknown(StoreUnavailable):
    """A change was sent to the state store and its outcome is unknown: the store did not answer
    after the change was sent, or did not copy it to a replica in time. It may have been applied;
    reading the match tells, and a retry with the same idempotency key is safe."""

    code = "store_outcome_unknown"
