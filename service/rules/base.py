"""The ruleset interface every game implements, and the trick machinery the games share.

A *ruleset* (one per game id) answers two kinds of question:

1. **Bare facts, no match** (the stateless HTTP endpoints, DESIGN.md §2.1): who wins this trick
   (``trick_winner``), which cards of this hand may be played (``legal_plays``/``check_play``),
   what does this round score (``score_round``). The facts arrive as value types defined here
   (``Play``, ``TrickContext``) or, for round facts, as a JSON-shaped mapping that the game reads.

2. **A match** (DESIGN.md §2.2 and §2.3), on immutable state: ``new_match`` builds the state of a
   match before its first deal; ``needs_deal`` says a round must be dealt; ``deal`` deals it from a
   given deck order (dealt mode) or opens a round whose hands are unknown (table mode);
   ``legal_actions(state, seat)`` lists complete actions; ``apply(state, action)`` returns a new
   state or raises a ``RuleError`` (the old state is untouched: states are never mutated);
   ``view(state, seat)`` is what one seat may see (``seat=None`` is the referee, who sees all).

Randomness never enters the rules core: the caller shuffles (``deal`` takes the deck order), and
``first_dealer`` takes the caller's generator. The same deck order always gives the same deal,
so tests are deterministic.

**Table mode** (people play with physical cards; DESIGN.md §2.3). The state holds hands as
unknown. The referee reports what the table shows (a turn-up, exposed cards, bids, each card as
it is played) or a whole round as one ``round_result`` action whose ``result`` is exactly the
round facts that ``score_round`` reads. A card seen twice is rejected; a failure to follow suit
is *not* rejected (it happened at the table) but recorded as a revoke as soon as it is provable,
using ``find_revokes`` below.

**Views.** ``view`` returns a JSON-ready dict with at least: ``phase``, ``dealer``, ``to_act``
(list of seats), ``scores``, ``winners``, ``status`` (``"in_progress"``/``"finished"``),
``hand`` (the seat's own hand, where it has one and it is known), ``legal_actions`` (action
objects in ``Action.to_json`` form, each postable as is), and in table mode ``revokes``. It must
never contain a card the seat may not see. The API serialises nothing else about a match.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from service.rules.cards import Card, Suit
from service.rules.errors import (
    IllegalPlay,
    InvalidAction,
    InvalidFacts,
    InvalidInput,
    InvalidOption,
    InvalidPlayerCount,
    NotYourTurn,
    UnknownOption,
    WrongPhase,
)

Mode = Literal["dealt", "table"]
MODES: tuple[str, ...] = ("dealt", "table")
IN_PROGRESS = "in_progress"
FINISHED = "finished"

# ------------------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------------------

OptionType = Literal["enum", "int", "bool", "int_list", "nullable_int", "nullable_enum"]


@dataclass(frozen=True)
class OptionSpec:
    """One house rule: its name, type, allowed values and default (the spec's options table).

    ``type``:
      * ``"enum"``: one of ``allowed`` (strings);
      * ``"nullable_enum"``: one of ``allowed`` or null;
      * ``"int"``: an integer in ``[minimum, maximum]`` (either bound may be None);
      * ``"nullable_int"``: as ``"int"``, or null;
      * ``"bool"``: true or false;
      * ``"int_list"``: a list of integers, each in ``[minimum, maximum]``; ``check`` may add rules.
    ``check``: an extra validation returning an error sentence, or None when the value is fine.
    """

    name: str
    type: OptionType
    default: Any
    description: str
    allowed: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    check: Callable[[Any], str | None] | None = field(default=None, compare=False, repr=False)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "default": list(self.default) if isinstance(self.default, tuple) else self.default,
            "description": self.description,
        }
        if self.allowed is not None:
            out["allowed"] = list(self.allowed)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def allowed_text(self) -> str:
        if self.type in ("enum", "nullable_enum"):
            vals = ", ".join(repr(a) for a in (self.allowed or ()))
            return f"one of {vals}" + (" or null" if self.type == "nullable_enum" else "")
        if self.type == "bool":
            return "true or false"
        bounds = _bounds_text(self.minimum, self.maximum)
        if self.type in ("int", "nullable_int") and self.allowed is not None:
            vals = ", ".join(str(a) for a in self.allowed)
            return f"one of {vals}" + (" or null" if self.type == "nullable_int" else "")
        if self.type == "int":
            return f"an integer{bounds}"
        if self.type == "nullable_int":
            return f"an integer{bounds} or null"
        return f"a list of integers{bounds}"

    def validate(self, value: Any) -> Any:
        """Return the value in its canonical form, or raise InvalidOption naming the option."""

        def bad(why: str | None = None) -> InvalidOption:
            msg = f"option {self.name!r} must be {self.allowed_text()}; got {value!r}"
            if why:
                msg = f"option {self.name!r}: {why}"
            return InvalidOption(msg, option=self.name, allowed=self._allowed_json())

        t = self.type
        if value is None and t in ("nullable_int", "nullable_enum"):
            return None
        if t in ("enum", "nullable_enum"):
            if not isinstance(value, str) or value not in (self.allowed or ()):
                raise bad()
        elif t == "bool":
            if not isinstance(value, bool):
                raise bad()
        elif t in ("int", "nullable_int"):
            if not is_json_int(value) or not _in_bounds(value, self.minimum, self.maximum):
                raise bad()
            if self.allowed is not None and value not in self.allowed:
                raise bad()
        elif t == "int_list":
            if not isinstance(value, (list, tuple)) or not value:
                raise bad()
            if not all(is_json_int(v) and _in_bounds(v, self.minimum, self.maximum) for v in value):
                raise bad()
            value = tuple(value)
        if self.check is not None:
            why = self.check(value)
            if why:
                raise bad(why)
        return value

    def _allowed_json(self) -> Any:
        if self.allowed is not None:
            return list(self.allowed) + ([None] if self.type in ("nullable_enum", "nullable_int") else [])
        return self.allowed_text()


def _bounds_text(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" of at least {lo}"
    if hi is not None:
        return f" of at most {hi}"
    return ""


def _in_bounds(v: int, lo: int | None, hi: int | None) -> bool:
    return (lo is None or v >= lo) and (hi is None or v <= hi)


def is_json_int(value: Any) -> bool:
    """True for a JSON integer: an int that is not a bool (``2.5``, ``"3"``, ``3.0`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_fact(
    facts: Mapping[str, Any], key: str, lo: int, hi: int | None, what: str, *, code: str | None = None
) -> int:
    """``facts[key]`` as a JSON integer from ``lo`` to ``hi`` (None: no upper bound); ``what`` says what
    it counts. Not an integer: InvalidInput; out of range: InvalidFacts (with ``code``, if given)."""
    value = facts[key]
    if not is_json_int(value):
        raise InvalidInput(f"'{key}' must be an integer ({what}); got {value!r}")
    if value < lo or (hi is not None and value > hi):
        span = f"from {lo} to {hi}" if hi is not None else f"at least {lo}"
        raise InvalidFacts(f"'{key}' must be {span} ({what}); got {value}", code=code)
    return value


def int_list_fact(facts: Mapping[str, Any], key: str, what: str, *, nullable: bool = False) -> tuple[Any, ...]:
    """``facts[key]`` as a tuple of JSON integers (and nulls, when ``nullable``); ``what`` says what the
    list holds ("one per seat, the tricks each took"). Anything else: InvalidInput naming the entry."""
    value = facts[key]
    each = "an integer or null" if nullable else "an integer"
    if not isinstance(value, (list, tuple)):
        raise InvalidInput(f"'{key}' must be a list ({what}), each entry {each}; got {value!r}")
    for i, v in enumerate(value):
        if not (is_json_int(v) or (nullable and v is None)):
            raise InvalidInput(f"{key}[{i}] must be {each} ({what}); got {v!r}")
    return tuple(value)


Options = Mapping[str, Any]

# ------------------------------------------------------------------------------------------------
# Value types for the stateless questions
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """One card put to a trick. ``face_down`` where the ruleset has face-down plays (Avinas)."""

    card: Card
    face_down: bool = False

    def to_json(self) -> str | dict[str, Any]:
        if self.face_down:
            return {"card": self.card.text, "face_down": True}
        return self.card.text


@dataclass(frozen=True, slots=True)
class TrickContext:
    """What a trick's outcome or a play's legality depends on besides the cards.

    ``trump``: the trump suit, or None for no trump. ``trick_number``: 1-based, where a ruleset's
    obligations depend on it (Avinas tricks 1 and 2). ``demoted``: a card ranked lowest of its
    suit this deal (Forty-Fives' unrobbed, unannounced ace of trumps). ``extra``: any further
    context a ruleset documents (read with ``ctx.get``).
    """

    trump: Suit | None = None
    trick_number: int | None = None
    demoted: Card | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.extra.get(key, default)


@dataclass(frozen=True, slots=True)
class TrickOutcome:
    """Who won a (complete or partial) trick: ``winner`` is an index into the plays."""

    winner: int
    card: Card
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "card": self.card.text, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """The legal cards of a hand (in hand order) and the rule that constrains them.

    ``code`` is the machine code a card outside ``legal`` is refused with (``must_follow_suit``,
    ``must_play_trump`` ...); ``rule`` is the human sentence ("must follow hearts or play a trump").
    """

    legal: tuple[Card, ...]
    code: str
    rule: str

    def to_json(self) -> dict[str, Any]:
        return {"legal": [c.text for c in self.legal], "code": self.code, "rule": self.rule}


@dataclass(frozen=True)
class RoundScore:
    """One round scored: ``points`` and ``scores`` are per seat or per team as the ruleset says.

    ``explanation`` lists the sentences that show how each number was counted; ``extra`` holds
    ruleset-specific results (``trick_winners``, ``loser``, ``rams``, ``pips`` ...), merged into
    the JSON answer.
    """

    points: tuple[int, ...]
    scores: tuple[int, ...]
    match_over: bool
    winners: tuple[int, ...]
    explanation: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "points": list(self.points),
            "scores": list(self.scores),
            "match_over": self.match_over,
            "winners": list(self.winners),
            "explanation": list(self.explanation),
        }
        out.update(self.extra)
        return out


# ------------------------------------------------------------------------------------------------
# Actions
# ------------------------------------------------------------------------------------------------

ACTION_KEYS = ("type", "seat", "card", "cards", "amount", "suit", "face_down", "result")


@dataclass(frozen=True, slots=True)
class Action:
    """One move, in every ruleset: ``{"type": "play", "seat": 2, "card": "5H"}`` and the like.

    Fields beyond ``type`` and ``seat`` are set only where the action type uses them:
    ``card`` (play; the discard of a rob; a reported turn-up), ``cards`` (discards; exposures),
    ``amount`` (bids, declarations), ``suit`` (naming trump), ``face_down`` (a face-down lead),
    ``result`` (the round facts of a table-mode ``round_result``, as ``score_round`` reads them).
    ``amount`` may be None for a bid type that needs none.
    """

    type: str
    seat: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] | None = None
    amount: int | None = None
    suit: Suit | None = None
    face_down: bool = False
    result: Mapping[str, Any] | None = field(default=None, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.card is not None:
            out["card"] = self.card.text
        if self.cards is not None:
            out["cards"] = [c.text for c in self.cards]
        if self.amount is not None:
            out["amount"] = self.amount
        if self.suit is not None:
            out["suit"] = self.suit.value
        if self.face_down:
            out["face_down"] = True
        if self.result is not None:
            out["result"] = dict(self.result)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read an action object; raise InvalidAction/InvalidCard for anything unreadable."""
        if not isinstance(data, Mapping):
            raise InvalidAction("an action is a JSON object such as {\"type\": \"play\", ...}")
        unknown = sorted(set(data) - set(ACTION_KEYS))
        if unknown:
            raise InvalidAction(
                f"unknown action field(s) {', '.join(map(repr, unknown))}; "
                f"an action has only {', '.join(ACTION_KEYS)}",
                legal=list(ACTION_KEYS),
            )
        kind = data.get("type")
        if not isinstance(kind, str) or not kind:
            raise InvalidAction("an action needs a 'type' string")
        seat = data.get("seat")
        if seat is not None and (not is_json_int(seat) or seat < 0):
            raise InvalidAction("'seat' must be a non-negative integer")
        card = data.get("card")
        cards = data.get("cards")
        if cards is not None and not isinstance(cards, list):
            raise InvalidAction("'cards' must be a list of cards")
        amount = data.get("amount")
        if amount is not None and not is_json_int(amount):
            raise InvalidAction("'amount' must be an integer")
        suit = data.get("suit")
        face_down = data.get("face_down", False)
        if not isinstance(face_down, bool):
            raise InvalidAction("'face_down' must be true or false")
        result = data.get("result")
        if result is not None and not isinstance(result, Mapping):
            raise InvalidAction("'result' must be an object holding the round's facts")
        return cls(
            type=kind,
            seat=seat,
            card=Card.parse(card) if card is not None else None,
            cards=tuple(Card.parse(c) for c in cards) if cards is not None else None,
            amount=amount,
            suit=Suit.parse(suit) if suit is not None else None,
            face_down=face_down,
            result=result,
        )


# ------------------------------------------------------------------------------------------------
# Revokes (table mode): shared by every trick game
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A trick as the table reported it: ``plays[i]`` was made by ``seats[i]``."""

    seats: tuple[int, ...]
    plays: tuple[Play, ...]
    ctx: TrickContext

    @classmethod
    def clockwise(cls, leader: int, cards: Sequence[Card], n_players: int, ctx: TrickContext) -> TrickRecord:
        """A trick of face-up cards played clockwise from ``leader`` (card ``i`` by seat ``leader + i``)."""
        return cls(tuple((leader + i) % n_players for i in range(len(cards))), tuple(Play(c) for c in cards), ctx)


@dataclass(frozen=True, slots=True)
class Revoke:
    """A proven failure to play legally: ``trick`` is 1-based within the round."""

    seat: int
    trick: int
    card: Card
    code: str
    rule: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "trick": self.trick,
            "card": self.card.text,
            "code": self.code,
            "rule": self.rule,
        }


# ------------------------------------------------------------------------------------------------
# The ruleset interface
# ------------------------------------------------------------------------------------------------


class Ruleset(ABC):
    """One game. Subclasses set the class attributes and implement the abstract methods.

    State objects are the ruleset's own frozen dataclasses; ``service.rules.codec`` turns them into
    JSON and back for the store, so they may hold only Cards, Suits, ints, strs, bools, None,
    tuples, frozen dataclasses and string-keyed mappings of those.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    description: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    #: the state class, for ``codec.decode``
    state_type: ClassVar[type]
    #: the option that mirrors the number of seats, if the ruleset has one (Forty-Fives' "players"):
    #: ``validate_options(raw, n_players)`` then takes its default from the seats.
    players_option: ClassVar[str | None] = None
    #: True when the ruleset has face-down plays (Avinas); the API accepts {"card", "face_down"}.
    has_face_down_plays: ClassVar[bool] = False
    #: Further ``TrickContext.extra`` keys this ruleset reads (``ctx.get(key)``). The rules endpoints
    #: accept these in trick and legal-plays bodies and refuse other unknown fields.
    context_keys: ClassVar[tuple[str, ...]] = ()

    # --- catalogue ------------------------------------------------------------------------------

    def describe(self) -> dict[str, Any]:
        """The catalogue entry: id, name, player counts, options with types and defaults."""
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "players": {"allowed": list(self.player_counts), "default": self.default_players},
            "teams": self.teams_description(),
            "options": [spec.describe() for spec in self.option_specs],
        }

    def teams_description(self) -> str | None:
        """A sentence on partnerships, or None for individual play."""
        return None

    def teams(self, n_players: int) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships (team index -> seats), or None when every seat plays alone."""
        return None

    def ranking_tables(self, options: Options) -> dict[str, Any]:
        """For each trump choice (suit letter, or ``"none"``): each suit's order, high to low."""
        return {}

    # --- options --------------------------------------------------------------------------------

    def validate_options(self, raw: Mapping[str, Any] | None, n_players: int | None = None) -> dict[str, Any]:
        """Check every given option and fill in defaults. Raises UnknownOption / InvalidOption.

        ``n_players``: the seats of the match these options are for. A ruleset with a
        ``players_option`` then takes that option's default from the seats, and an explicit value
        that disagrees with them is refused."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise InvalidInput("'options' must be an object of option names to values")
        specs = {s.name: s for s in self.option_specs}
        out: dict[str, Any] = {}
        seats_option = self.players_option
        if n_players is not None and seats_option is not None:
            given = raw.get(seats_option, n_players)
            if given != n_players:
                raise InvalidOption(
                    f"option {seats_option!r} ({given!r}) disagrees with the {n_players} players of the match",
                    option=seats_option,
                    allowed=[n_players],
                )
            out[seats_option] = specs[seats_option].validate(n_players)
        for key, value in raw.items():
            spec = specs.get(key)
            if spec is None:
                raise UnknownOption(
                    f"{self.id} has no option {key!r}; its options are {', '.join(sorted(specs))}",
                    option=str(key),
                    allowed=sorted(specs),
                )
            out[key] = spec.validate(value)
        for name, value in self.derived_defaults(out).items():
            out.setdefault(name, value)
        for spec in self.option_specs:
            out.setdefault(spec.name, spec.default)
        self.check_options(out)
        return out

    def derived_defaults(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults that depend on other options' given values (e.g. target 120 in bidding mode)."""
        return {}

    def check_options(self, options: Mapping[str, Any]) -> None:
        """Cross-option checks; raise InvalidOption naming the option at fault."""

    def check_players(self, n_players: int) -> None:
        if n_players not in self.player_counts:
            allowed = ", ".join(str(n) for n in self.player_counts)
            raise InvalidPlayerCount(
                f"{self.name} is played by {allowed} players, not {n_players}",
                legal=list(self.player_counts),
            )

    # --- bare facts -----------------------------------------------------------------------------

    @abstractmethod
    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Options) -> TrickOutcome:
        """The winner of the plays so far (leader first). Raises InvalidFacts on impossible input."""

    @abstractmethod
    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Options
    ) -> PlayVerdict:
        """The cards of ``hand`` that may be played to ``trick`` (empty trick: leading)."""

    def check_play(
        self, hand: Sequence[Card], trick: Sequence[Play], card: Card, ctx: TrickContext, options: Options
    ) -> PlayVerdict:
        """Raise IllegalPlay (with the verdict's code and the legal set) unless ``card`` is legal."""
        verdict = self.legal_plays(hand, trick, ctx, options)
        if card not in verdict.legal:
            legal = [c.text for c in verdict.legal]
            if card not in hand:
                raise IllegalPlay(
                    f"{card.text} is not in the hand", code="card_not_in_hand", legal=legal
                )
            raise IllegalPlay(f"{card.text} may not be played: {verdict.rule}", code=verdict.code, legal=legal)
        return verdict

    def max_plays(self, options: Options) -> int:
        """The most plays one trick can have (the largest player count)."""
        return max(self.player_counts)

    @abstractmethod
    def score_round(self, facts: Mapping[str, Any], options: Options) -> RoundScore:
        """Score one round from its facts (DESIGN.md §4, ``/score``); raise InvalidInput/InvalidFacts."""

    # --- matches --------------------------------------------------------------------------------

    def first_dealer(self, options: Options, n_players: int, rng: random.Random) -> tuple[int, dict[str, Any]]:
        """Choose the first dealer with the caller's generator; returns the seat and a public record."""
        seat = rng.randrange(n_players)
        return seat, {"method": "random", "dealer": seat}

    @abstractmethod
    def new_match(self, options: Options, n_players: int, dealer: int, mode: Mode) -> Any:
        """The state of a new match, before its first deal (``needs_deal`` is then true)."""

    @abstractmethod
    def needs_deal(self, state: Any) -> bool:
        """True when the next thing to happen is a deal (a new round)."""

    @abstractmethod
    def deal(self, state: Any, deck: Sequence[Card] | None) -> Any:
        """Deal a round: from ``deck`` (top first, a full shuffled deck) in dealt mode; with
        ``deck=None`` in table mode, where the hands stay unknown."""

    def deck(self) -> tuple[Card, ...]:
        """The pack this ruleset plays with, in a fixed order (the caller shuffles it)."""
        from service.rules.cards import DECK_52

        return DECK_52

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every complete action ``seat`` may take now (empty when it is not to act)."""

    @abstractmethod
    def apply(self, state: Any, action: Action) -> Any:
        """The state after ``action`` by ``action.seat``; raises a RuleError and changes nothing."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the referee, who sees everything). JSON-ready."""

    def archive(self, state: Any) -> tuple[Any, list[dict[str, Any]]]:
        """Take the finished rounds but the last out of a match state, so that the state (and each
        view of it) stays the same size however long the match runs.

        Returns the state without them and their records as the view showed them (JSON-ready,
        public: a finished round hides nothing), oldest first. The state left behind plays on
        exactly as the whole one would: the same legal actions, scores, round numbers, status and
        view, except that the view's ``history`` lists only the rounds still in the state. The
        records are kept by the caller (a match's event log) and are never handed back.
        Archiving twice in a row gives nothing the second time. By default nothing is taken out.
        """
        return state, []

    @abstractmethod
    def status(self, state: Any) -> str:
        """``"in_progress"`` or ``"finished"``."""

    @abstractmethod
    def to_act(self, state: Any) -> tuple[int, ...]:
        """The seats that may act now (several during sealed simultaneous bids)."""

    def public_action(self, action: Action, viewer: int | None) -> dict[str, Any]:
        """An action as a history event shown to ``viewer`` (None: the referee). Hide what the
        viewer may not see: discards of others, face-down cards, a dealt deck."""
        out = action.to_json()
        if action.type == "deal":
            out.pop("cards", None)
        if viewer is not None and action.seat != viewer:
            if action.type in ("discard", "rob"):
                out.pop("card", None)
                out.pop("cards", None)
            if action.face_down:
                out.pop("card", None)
        return out


# ------------------------------------------------------------------------------------------------
# Shared trick machinery
# ------------------------------------------------------------------------------------------------


def highest(plays: Sequence[Play], key: Callable[[Card], int | None]) -> int | None:
    """Index of the play with the greatest ``key`` (None = cannot win); ties go to the earliest."""
    best: int | None = None
    best_key: int | None = None
    for i, p in enumerate(plays):
        k = key(p.card)
        if k is not None and (best_key is None or k > best_key):
            best, best_key = i, k
    return best


def plays_json(leader: int, cards: Sequence[Card], n_players: int) -> list[dict[str, Any]]:
    """A trick's face-up plays for a view, clockwise from ``leader``: ``[{"seat": 2, "card": "5H"}, ...]``."""
    return [{"seat": (leader + i) % n_players, "card": c.text} for i, c in enumerate(cards)]


def acting_seat(action: Action, n_players: int) -> int:
    """The seat an action is taken for; InvalidAction when it names none or one not at the table."""
    seat = action.seat
    if seat is None or not 0 <= seat < n_players:
        raise InvalidAction(f"a {action.type!r} action needs 'seat', a seat from 0 to {n_players - 1}; got {seat!r}")
    return seat


def in_hand_order(hand: Sequence[Card], allowed: Iterable[Card]) -> tuple[Card, ...]:
    """The cards of ``allowed`` in the order they appear in ``hand``."""
    allowed_set = set(allowed)
    return tuple(c for c in hand if c in allowed_set)


#: ``legal_plays(hand, trick, ctx, options)`` as ``find_revokes`` calls it
Judge = Callable[[tuple[Card, ...], tuple[Play, ...], TrickContext, Options], PlayVerdict]


def find_revokes(
    ruleset: Ruleset,
    tricks: Sequence[TrickRecord],
    options: Options,
    *,
    round_complete: bool,
    monotone: Callable[[TrickRecord], bool] = lambda _t: True,
    seats: Collection[int] | None = None,
    judge: Judge | None = None,
) -> list[Revoke]:
    """Revokes provable from the plays reported so far (table mode).

    For each play by seat ``s`` in trick ``i``, the cards ``s`` played in tricks ``i..`` were all in
    its hand at trick ``i``. If the played card is illegal against that known part of the hand, the
    revoke is proven, provided that legality can only shrink as a hand grows (``monotone``: true for
    follow-suit rules; a ruleset returns False for a context where a further unseen card could make
    the play legal, and such a play is then judged only when ``round_complete`` and the hand at
    that trick is fully known). Sorted by trick, then seat.

    ``seats``: judge only the plays of these seats (None: every seat); see ``revokes_after_play``.
    ``judge``: what stands for ``ruleset.legal_plays`` (same arguments, same verdicts on the records
    of a match state): a ruleset may pass its verdict without the checks of input that
    ``legal_plays`` makes for the stateless endpoint, which a state's own records never fail.
    """
    later: dict[int, tuple[Card, ...]] = {}
    found: list[Revoke] = []
    legal_plays = ruleset.legal_plays if judge is None else judge
    for number in range(len(tricks), 0, -1):
        record = tricks[number - 1]
        plays = record.plays
        if not plays:
            continue
        record_seats = record.seats
        judged = round_complete or monotone(record)
        for pos in range(len(plays) - 1, -1, -1):
            seat = record_seats[pos]
            play = plays[pos]
            known = later[seat] = (play.card, *later.get(seat, ()))
            if not judged or (seats is not None and seat not in seats):
                continue
            verdict = legal_plays(known, plays[:pos], record.ctx, options)
            if play.card not in verdict.legal:
                found.append(Revoke(seat, number, play.card, verdict.code, verdict.rule))
    found.sort(key=_revoke_order)
    return found


def _revoke_order(revoke: Revoke) -> tuple[int, int]:
    return revoke.trick, revoke.seat


def revokes_after_play(
    ruleset: Ruleset,
    previous: Iterable[Revoke],
    tricks: Sequence[TrickRecord],
    options: Options,
    seat: int,
    *,
    round_complete: bool,
    monotone: Callable[[TrickRecord], bool] = lambda _t: True,
    judge: Judge | None = None,
) -> list[Revoke]:
    """``find_revokes(ruleset, tricks, options, ...)`` after one more play by ``seat``, judging only
    ``seat``'s plays again: ``previous`` is ``find_revokes`` of the tricks before that play (same
    ``round_complete``, ``monotone`` and options).

    Whether a play is a revoke depends only on its own trick (the plays before it, the context) and
    on its seat's later cards, so a play by ``seat`` added after every other play (the last of the
    last trick, or the first of a new one) leaves every other seat's judgements as they were. That
    holds as long as, for every other seat, its plays, the plays before each of them, their trick
    numbers and (with ``round_complete`` False) ``monotone`` of their tricks are unchanged; when
    ``round_complete`` turns True, call ``find_revokes`` on the whole round instead.
    """
    fresh = find_revokes(
        ruleset, tricks, options, round_complete=round_complete, monotone=monotone, seats=(seat,), judge=judge
    )
    kept = [r for r in previous if r.seat != seat]
    if not fresh:
        return kept
    kept += fresh
    kept.sort(key=_revoke_order)
    return kept


# ------------------------------------------------------------------------------------------------
# Refusals of order (409): what their ``legal`` may say
# ------------------------------------------------------------------------------------------------


def not_your_turn(detail: str, seats: Iterable[int]) -> NotYourTurn:
    """A ``not_your_turn`` refusal whose ``legal`` lists the seats that may act now, as
    ``[{"seat": 2}]``: never what they may do (their legal plays would show their hands)."""
    return NotYourTurn(detail, legal=[{"seat": s} for s in seats])


def wrong_phase(detail: str, types: Iterable[str], *, code: str | None = None) -> WrongPhase:
    """A ``wrong_phase`` refusal whose ``legal`` lists the action *types* the phase takes
    (``["bid"]``): never complete actions, which would quote other seats' cards."""
    return WrongPhase(detail, code=code, legal=list(types))
