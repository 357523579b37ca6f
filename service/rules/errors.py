"""Errors named by their cause.

Every error the rules core raises is a ``RuleError`` with:

* ``code``: a stable machine code (``must_follow_suit``, ``not_your_turn``, ``invalid_card`` ...);
* ``detail``: a human sentence saying which rule was broken;
* ``legal``: the legal alternatives, already in canonical JSON form (card texts, action objects),
  or ``None`` when there is nothing useful to offer;
* ``status``: the HTTP status the API maps it to (DESIGN.md §4): 400 unreadable input,
  404 unknown thing, 409 not your turn / wrong phase, 422 an illegal play, bid or option.

Messages never contain a hidden card that the caller may not see: an ``IllegalPlay`` quotes the
card the caller tried to play (which the caller knows) and the caller's own legal set only.
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """Base of every rules-core error."""

    code: str = "rule_violation"
    status: int = 422
    title: str = "Rule violation"

    def __init__(
        self,
        detail: str,
        *,
        code: str | None = None,
        legal: list[Any] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(detail)
        self.detail = detail
        if code is not None:
            self.code = code
        self.legal = legal
        self.extra = extra or {}

    def to_problem(self) -> dict[str, Any]:
        """The RFC 9457 body fields this error contributes (the API adds type and instance)."""
        body: dict[str, Any] = {
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            "code": self.code,
        }
        if self.legal is not None:
            body["legal"] = self.legal
        body.update(self.extra)
        return body

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, detail={self.detail!r})"


# --- 400: input that cannot be read -------------------------------------------------------------


class InvalidInput(RuleError):
    """Input that cannot be read at all (a wrong type, a missing field)."""

    code = "invalid_input"
    status = 400
    title = "Invalid input"


class InvalidCard(InvalidInput):
    """Text that is not a card."""

    code = "invalid_card"
    title = "Invalid card"

    def __init__(self, text: str, hint: str = "") -> None:
        detail = f"{text!r} is not a card" + (f": {hint}" if hint else "")
        super().__init__(detail, extra={"text": text})
        self.text = text


class DuplicateCard(InvalidInput):
    """The same card given twice where each card can appear once."""

    code = "duplicate_card"
    title = "Duplicate card"

    def __init__(self, text: str, where: str = "cards") -> None:
        super().__init__(f"{text} appears more than once in {where}", extra={"card": text})


class InvalidFacts(InvalidInput):
    """Facts about a round or trick that cannot all be true (e.g. 6 plays among 4 players)."""

    code = "invalid_facts"
    title = "Inconsistent facts"
    status = 422


class TooManyPlays(InvalidFacts):
    code = "too_many_plays"
    title = "Too many plays"


class InvalidAction(InvalidInput):
    """An action object that cannot be read (unknown type, missing card ...)."""

    code = "invalid_action"
    title = "Invalid action"


# --- 422: options -----------------------------------------------------------------------------


class InvalidOption(RuleError):
    """An unknown option, or a value outside the option's allowed values."""

    code = "invalid_option"
    status = 422
    title = "Invalid option"

    def __init__(self, detail: str, *, option: str, allowed: Any = None, code: str | None = None) -> None:
        extra: dict[str, Any] = {"option": option}
        if allowed is not None:
            extra["allowed"] = allowed
        super().__init__(detail, code=code, extra=extra)
        self.option = option
        self.allowed = allowed


class UnknownOption(InvalidOption):
    code = "unknown_option"
    title = "Unknown option"


class InvalidPlayerCount(RuleError):
    code = "invalid_player_count"
    status = 422
    title = "Invalid number of players"


# --- 404 ----------------------------------------------------------------------------------------


class UnknownRuleset(RuleError):
    code = "unknown_ruleset"
    status = 404
    title = "Unknown ruleset"


# --- 409: order of play -----------------------------------------------------------------------


class NotYourTurn(RuleError):
    """A seat acting when another seat is to act."""

    code = "not_your_turn"
    status = 409
    title = "Not your turn"


class WrongPhase(RuleError):
    """An action of a kind the current phase does not take (a bid during play ...)."""

    code = "wrong_phase"
    status = 409
    title = "Wrong phase"


class MatchOver(WrongPhase):
    code = "match_over"
    title = "Match is over"


# --- 422: illegal moves -------------------------------------------------------------------------


class IllegalAction(RuleError):
    """A move the rules forbid. Subclasses name the cause; ``legal`` holds the alternatives."""

    code = "illegal_action"
    status = 422
    title = "Illegal action"


class IllegalPlay(IllegalAction):
    """A card the rules forbid here (e.g. ``must_follow_suit``, ``must_play_trump``)."""

    code = "illegal_play"
    title = "Illegal play"


class CardNotInHand(IllegalPlay):
    code = "card_not_in_hand"
    title = "Card not in hand"


class CardAlreadyPlayed(IllegalPlay):
    code = "card_already_played"
    title = "Card already played"


class IllegalBid(IllegalAction):
    """A bid the rules forbid (e.g. ``bid_forbidden_by_hook``, ``bid_too_low``)."""

    code = "illegal_bid"
    title = "Illegal bid"
