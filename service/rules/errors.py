"""Errors named by their cause.

Every error the rules core raises is a ``RuleError``; its class names the cause (``IllegalPlay``,
``NotYourTurn``) and it carries:

* ``code``: a stable machine code (``must_follow_suit``, ``not_your_turn``, ``invalid_card`` ...),
  the class's own unless a finer one is given;
* ``message``: a ``Msg`` (a message key and its parameters) saying which rule was broken; the API
  writes it in the caller's language;
* ``legal``: the legal alternatives, already in canonical JSON form (card texts, action objects),
  or ``None`` when there is nothing useful to offer;
* ``extra``: further machine-readable facts for the answer (``option``, ``allowed``, ``text`` ...).

Nothing here knows HTTP: ``service/api/errors.py`` maps each class to its status.

Messages never contain a hidden card that the caller may not see: an ``IllegalPlay`` quotes the
card the caller tried to play (which the caller knows) and the caller's own legal set only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from service.rules.messages import Msg, encode_messages, from_json, revive, to_json


class RuleError(Exception):
    """Base of every rules-core error."""

    code: ClassVar[str] = "rule_violation"
    #: class name -> class, for errors read back from a record (``error_from_json``)
    _by_name: ClassVar[dict[str, type[RuleError]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        RuleError._by_name[cls.__name__] = cls

    def __init__(
        self,
        message: Msg | str,
        *,
        code: str | None = None,
        legal: list[Any] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        if isinstance(message, str):  # transitional: games not yet moved to message keys
            message = Msg("core.text", text=message)
        super().__init__(message)
        self.message: Msg = message
        self.code: str = code if code is not None else type(self).code  # type: ignore[misc]
        self.legal = legal
        self.extra: dict[str, Any] = dict(extra or {})
        #: True for the stored refusal of an earlier request, raised again for its retry
        self.replayed = False

    def __str__(self) -> str:
        return str(self.message)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"


RuleError._by_name["RuleError"] = RuleError


def error_to_json(error: RuleError) -> dict[str, Any]:
    """A refusal as data (its class, code, message, legal alternatives and facts), to keep and raise
    again with ``error_from_json``."""
    out: dict[str, Any] = {"error": type(error).__name__, "code": error.code, "message": to_json(error.message)}
    if error.legal is not None:
        out["legal"] = encode_messages(error.legal)
    if error.extra:
        out["extra"] = encode_messages(error.extra)
    return out


def error_from_json(data: Mapping[str, Any]) -> RuleError:
    """The error ``error_to_json`` wrote (as its own class, when it is one this process knows)."""
    cls = RuleError._by_name.get(str(data.get("error")), RuleError)
    error = RuleError.__new__(cls)
    RuleError.__init__(
        error, from_json(data["message"]), code=str(data["code"]), legal=revive(data.get("legal")),
        extra=revive(data.get("extra")),
    )
    return error


def snake_name(cls: type) -> str:
    """``IllegalPlay`` -> ``illegal_play`` (the key of a class's title in the message catalogs)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


# --- unreadable input ---------------------------------------------------------------------------


class InvalidInput(RuleError):
    """Input that cannot be read at all (a wrong type, a missing field)."""

    code = "invalid_input"


class InvalidCard(InvalidInput):
    """Text that is not a card (or not a suit, or not a rank)."""

    code = "invalid_card"

    def __init__(self, text: str, hint: Msg | str | None = None) -> None:
        if isinstance(hint, str):  # transitional
            hint = Msg("core.text", text=hint)
        super().__init__(Msg("core.not_a_card", text=text, hint=hint), extra={"text": text})
        self.text = text


class DuplicateCard(InvalidInput):
    """The same card given twice where each card can appear once."""

    code = "duplicate_card"

    def __init__(self, text: str, where: Msg | str) -> None:
        if isinstance(where, str):  # transitional
            where = Msg("core.text", text=where)
        super().__init__(Msg("core.duplicate_card", card=text, where=where), extra={"card": text})


class InvalidAction(InvalidInput):
    """An action object that cannot be read (unknown type, missing card ...)."""

    code = "invalid_action"


# --- facts that cannot all be true --------------------------------------------------------------


class InvalidFacts(InvalidInput):
    """Facts about a round or trick that cannot all be true (e.g. 6 plays among 4 players)."""

    code = "invalid_facts"


class TooManyPlays(InvalidFacts):
    code = "too_many_plays"


# --- options and players ------------------------------------------------------------------------


class InvalidOption(RuleError):
    """A value outside the option's allowed values, or options that contradict each other."""

    code = "invalid_option"

    def __init__(self, message: Msg | str, *, option: str, allowed: Any = None, code: str | None = None) -> None:
        extra: dict[str, Any] = {"option": option}
        if allowed is not None:
            extra["allowed"] = allowed
        super().__init__(message, code=code, extra=extra)
        self.option = option
        self.allowed = allowed


class UnknownOption(InvalidOption):
    code = "unknown_option"


class InvalidPlayerCount(RuleError):
    code = "invalid_player_count"


# --- unknown things -----------------------------------------------------------------------------


class UnknownRuleset(RuleError):
    code = "unknown_ruleset"


class UnknownPreset(RuleError):
    """A preset id the ruleset does not have; ``allowed``: every preset id of it, in catalogue order."""

    code = "unknown_preset"

    def __init__(self, message: Msg | str, *, allowed: list[str]) -> None:
        super().__init__(message, extra={"allowed": allowed})
        self.allowed = allowed


# --- order of play ------------------------------------------------------------------------------


class NotYourTurn(RuleError):
    """A seat acting when another seat is to act."""

    code = "not_your_turn"


class WrongPhase(RuleError):
    """An action of a kind the current phase does not take (a bid during play ...)."""

    code = "wrong_phase"


class MatchOver(WrongPhase):
    code = "match_over"


def not_your_turn(message: Msg | str, seats: Iterable[int]) -> NotYourTurn:
    """A ``not_your_turn`` refusal whose ``legal`` lists the seats that may act now, as
    ``[{"seat": 2}]``: never what they may do (their legal plays would show their hands)."""
    return NotYourTurn(message, legal=[{"seat": s} for s in seats])


def wrong_phase(message: Msg | str, types: Iterable[str], *, code: str | None = None) -> WrongPhase:
    """A ``wrong_phase`` refusal whose ``legal`` lists the action *types* the phase takes
    (``["bid"]``): never complete actions, which would quote other seats' cards."""
    return WrongPhase(message, code=code, legal=list(types))


# --- illegal moves ------------------------------------------------------------------------------


class IllegalAction(RuleError):
    """A move the rules forbid. Subclasses name the cause; ``legal`` holds the alternatives."""

    code = "illegal_action"


class IllegalPlay(IllegalAction):
    """A card the rules forbid here (e.g. ``must_follow_suit``, ``must_play_trump``)."""

    code = "illegal_play"


class CardNotInHand(IllegalPlay):
    code = "card_not_in_hand"


class CardAlreadyPlayed(IllegalPlay):
    code = "card_already_played"


class IllegalBid(IllegalAction):
    """A bid the rules forbid (e.g. ``bid_forbidden_by_hook``, ``bid_too_low``)."""

    code = "illegal_bid"
