"""The ruleset interface every game implements, generic over the game's state type.

A *ruleset* (one per game id) answers two kinds of question:

1. **Bare facts, no match** (the stateless rules endpoints): who wins this trick
   (``trick_winner``), which cards of this hand may be played (``legal_plays``/``check_play``),
   what does this round score (``score_round``). The facts arrive as value types
   (``service.rules.tricks``) or, for round facts, as a JSON-shaped mapping that the game reads.

2. **A match**, on immutable state: ``new_match`` builds the state of a match before its first
   deal; ``needs_deal`` says a round must be dealt; ``deal`` deals it from a given deck order (dealt
   mode) or opens a round whose hands are unknown (table mode); ``legal_actions(state, seat)``
   lists complete actions; ``apply(state, action)`` returns a new state or raises a ``RuleError``
   (the old state is untouched: states are never mutated); ``view(state, seat)`` is what one seat
   may see (``seat=None`` is the referee, who sees all).

Randomness never enters the rules core: the caller shuffles (``deal`` takes the deck order), and
``first_dealer`` takes the caller's generator. The same deck order always gives the same deal.

**Table mode** (people play with physical cards). The state holds hands as unknown. The referee
reports what the table shows (a turn-up, exposed cards, bids, each card as it is played) or a whole
round as one ``round_result`` action whose ``result`` is exactly the round facts that
``score_round`` reads. A card seen twice is rejected; a failure to follow suit is *not* rejected
(it happened at the table) but recorded as a revoke as soon as it is provable
(``service.rules.revokes``).

**Views.** ``view`` is built once here for every game: the header every view has (``ruleset``,
``mode``, ``players``, ``options``, ``status``, ``phase``, ``dealer``, ``to_act``, ``scores``,
``winners``, ``hand``, ``teams`` where there are partnerships, ``legal_actions``), from the game's
``table`` and ``to_act``, then the game's own part (``game_view``). It must never contain a card
the seat may not see. The API serialises nothing else about a match.

**New matches.** ``new_match`` checks what every game checks (the mode, the number of players,
the dealer, the options) in one place, then asks the game to ``start``.

This module is about 440 lines on purpose: it is the whole interface a game implements, with its
template methods and their defaults, meant to be read in one place.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, TypeVar

from service.rules.actions import Action, shown_actions_json
from service.rules.cards import DECK_52, Card
from service.rules.errors import (
    IllegalPlay,
    InvalidInput,
    InvalidOption,
    InvalidPlayerCount,
    RuleError,
    UnknownOption,
)
from service.rules.facts import is_json_int
from service.rules.messages import Msg
from service.rules.options import OPTIONS_CACHE, Options, OptionSpec, options_json
from service.rules.presets import Preset, combined, find_preset
from service.rules.revokes import Revoke
from service.rules.scores import RoundScore
from service.rules.shared import PARTS_KEPT, Once
from service.rules.tricks import Play, PlayVerdict, TrickContext, TrickOutcome

Mode = Literal["dealt", "table"]
MODES: tuple[str, ...] = ("dealt", "table")
IN_PROGRESS = "in_progress"
#: the action reporting a whole round (table mode), listed without its ``result``
ROUND_RESULT = "round_result"
FINISHED = "finished"

StateT = TypeVar("StateT")
#: ruleset id -> (the ruleset, its ``player_count_needs``), worked out once
_NEEDS: dict[str, tuple[Any, dict[str, Any]]] = {}
#: the viewer of a match who plays no seat and is no referee (a shared screen): ``view(state,
#: SPECTATOR)`` shows the public facts only (no hand, nothing hidden) and no legal actions
SPECTATOR = -1
#: each match's options as its views show them, made once per options value (``service.rules.shared``)
_OPTIONS_SHOWN = Once(PARTS_KEPT)


@dataclass(frozen=True, slots=True)
class Table:
    """The facts every view of a match begins with (``Ruleset.view``), as the game gives them."""

    mode: str
    players: int
    options: Mapping[str, Any]
    status: str
    phase: str
    dealer: int | None
    scores: Sequence[int]
    winners: Sequence[int]


class Ruleset(ABC, Generic[StateT]):
    """One game. Subclasses set the class attributes and implement the abstract methods.

    State objects are the ruleset's own frozen dataclasses; ``service.matches.codec`` turns them into
    JSON and back for the store, so they may hold only Cards, Suits, ints, strs, bools, None,
    tuples, messages, options, frozen dataclasses and string-keyed mappings of those.
    """

    id: ClassVar[str]
    #: the game's name, in the caller's language (a message; a plain string is the same in every language)
    name: ClassVar[Msg | str]
    description: ClassVar[Msg | str]
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    #: the named presets, in catalogue order (``service.rules.presets``; each game's ``presets.py``)
    presets: ClassVar[tuple[Preset, ...]] = ()
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
    #: action types a seat that is not in ``to_act`` may still take (and ``legal_actions`` list for
    #: it): an announcement the rules allow out of turn, such as Forty-Fives' rob of the turn-up at a
    #: real table. ``to_act`` names whose turn it is; every other action waits for it.
    out_of_turn_types: ClassVar[tuple[str, ...]] = ()
    #: action types whose card or cards only the acting seat and the referee see in a match's history
    #: (``public_action``): cards that leave a hand face down, such as Forty-Fives' discards.
    private_card_types: ClassVar[tuple[str, ...]] = ()
    #: for each action type of the game, the fields it carries besides ``type`` and ``seat``: an action
    #: posted with any other field is refused as ``unknown_field`` (``Action.from_json``)
    action_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: an example body of ``/score`` for the API's documentation (a summary and a value)
    score_example: ClassVar[Mapping[str, Any] | None] = None
    #: the fields of this ruleset's round facts (``/score``), for the API's documentation
    score_facts: ClassVar[str | None] = None
    #: what this ruleset's views add to the fields every view has, and its round facts, in JSON Schema,
    #: for the API's documentation (``service.rules.view_schema``: the game package's ``view_schema.json``)
    view_schema: ClassVar[Mapping[str, Any] | None] = None

    # --- catalogue ------------------------------------------------------------------------------

    def describe(self) -> dict[str, Any]:
        """The catalogue entry: id, name, player counts, options with types and defaults."""
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "players": {
                "allowed": list(self.player_counts),
                "default": self.default_players,
                **self.player_count_needs(),
            },
            "teams": self.teams_description(),
            "options": [spec.describe() for spec in self.option_specs],
            "presets": [preset.describe() for preset in self.presets],
        }

    def player_count_needs(self) -> dict[str, Any]:
        """Which player counts a match with the default options takes (``with_default_options``), and
        for each other count what it needs instead (``needs``: count -> the refusal's message, which
        names the options to set), found by starting such a match."""
        cached = _NEEDS.get(self.id)
        if cached is None or cached[0] is not self:
            ok: list[int] = []
            needs: dict[str, Msg] = {}
            for n in self.player_counts:
                try:
                    self.new_match(self.validate_options({}, n), n, 0, "table")
                except RuleError as refused:
                    needs[str(n)] = refused.message
                else:
                    ok.append(n)
            cached = _NEEDS[self.id] = (self, {"with_default_options": ok, "needs": needs})
        return cached[1]

    def teams_description(self) -> Msg | str | None:
        """A sentence on partnerships, or None for individual play."""
        return None

    def teams(self, n_players: int) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships (team index -> seats), or None when every seat plays alone."""
        return None

    def ranking_tables(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """For each trump choice (suit letter, or ``"none"``): each suit's order, high to low."""
        return {}

    # --- options --------------------------------------------------------------------------------

    def validate_options(
        self, raw: Mapping[str, Any] | None, n_players: int | None = None, preset: Any = None
    ) -> Options:
        """Check every given option and fill in defaults. Raises UnknownOption / InvalidOption.

        ``n_players``: the seats of the match these options are for. A ruleset with a
        ``players_option`` then takes that option's default from the seats, and an explicit value
        that disagrees with them is refused. ``preset``: the id of one of ``presets`` (None: none),
        whose values come between the defaults and ``raw`` (``service.rules.presets``; UnknownPreset,
        InvalidInput when it is not a string). The answer for a value seen before comes from the
        service's one options cache (``service.rules.options``)."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise InvalidInput(Msg("core.options_not_object"))
        seats = n_players if self.players_option is not None else None
        if preset is not None:
            seats_option = None if seats is None else self.players_option
            raw = combined(find_preset(self.id, self.presets, preset), raw, seats_option)
        return OPTIONS_CACHE.validated(self.id, raw, seats, lambda: self._validate_options(raw, seats))

    def _validate_options(self, raw: Mapping[str, Any], n_players: int | None) -> dict[str, Any]:
        specs = {s.name: s for s in self.option_specs}
        out: dict[str, Any] = {}
        seats_option = self.players_option
        if n_players is not None and seats_option is not None:
            given = raw.get(seats_option, n_players)
            if given != n_players:
                raise InvalidOption(
                    Msg("core.players_option_disagrees", option=specs[seats_option].title(), given=given,
                        players=n_players),
                    option=seats_option,
                    allowed=[n_players],
                )
            out[seats_option] = specs[seats_option].validate(n_players)
        for key, value in raw.items():
            spec = specs.get(key)
            if spec is None:
                raise UnknownOption(
                    Msg("core.unknown_option", ruleset=self.id, option=key, known=", ".join(sorted(specs))),
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
                Msg("core.player_count", ruleset=self.name, allowed=allowed, players=n_players),
                legal=list(self.player_counts),
            )

    # --- bare facts -----------------------------------------------------------------------------

    @abstractmethod
    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]) -> TrickOutcome:
        """The winner of the plays so far (leader first). Raises InvalidFacts on impossible input."""

    @abstractmethod
    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]
    ) -> PlayVerdict:
        """The cards of ``hand`` that may be played to ``trick`` (empty trick: leading)."""

    def check_play(
        self, hand: Sequence[Card], trick: Sequence[Play], card: Card, ctx: TrickContext, options: Mapping[str, Any]
    ) -> PlayVerdict:
        """Raise IllegalPlay (with the verdict's code and the legal set) unless ``card`` is legal."""
        verdict = self.legal_plays(hand, trick, ctx, options)
        if card not in verdict.legal:
            legal = [c.text for c in verdict.legal]
            if card not in hand:
                raise IllegalPlay(Msg("core.card_not_in_hand", card=card), code="card_not_in_hand", legal=legal)
            raise IllegalPlay(
                Msg("core.card_may_not_be_played", card=card, rule=verdict.rule), code=verdict.code, legal=legal
            )
        return verdict

    def max_plays(self, options: Mapping[str, Any]) -> int:
        """The most plays one trick can have (the largest player count)."""
        return max(self.player_counts)

    def max_tricks(self, options: Mapping[str, Any]) -> int:
        """The most tricks a round can have (a ``trick_number`` is from 1 to this): by default the
        pack dealt out to the fewest players."""
        return len(self.deck()) // min(self.player_counts)

    @abstractmethod
    def score_round(self, facts: Mapping[str, Any], options: Mapping[str, Any]) -> RoundScore:
        """Score one round from its facts (the ``/score`` body); raise InvalidInput/InvalidFacts."""

    # --- matches --------------------------------------------------------------------------------

    def first_dealer(
        self, options: Mapping[str, Any], n_players: int, rng: random.Random
    ) -> tuple[int, dict[str, Any]]:
        """Choose the first dealer with the caller's generator; returns the seat and a public record."""
        seat = rng.randrange(n_players)
        return seat, {"method": "random", "dealer": seat}

    def new_match(self, options: Mapping[str, Any], n_players: int, dealer: int, mode: Mode) -> StateT:
        """The state of a new match, before its first deal (``needs_deal`` is then true): the mode,
        the number of players, the dealer and the options checked here, for every game alike."""
        if mode not in MODES:
            raise InvalidInput(Msg("core.bad_mode", modes=", ".join(MODES), mode=mode))
        self.check_players(n_players)
        if not is_json_int(dealer) or not 0 <= dealer < n_players:
            raise InvalidInput(Msg("core.bad_dealer", last=n_players - 1, dealer=dealer))
        return self.start(self.validate_options(options, n_players), n_players, dealer, mode)

    def start(self, options: Options, n_players: int, dealer: int, mode: str) -> StateT:
        """The game's own new-match state, from checked facts (``new_match`` calls it)."""
        raise NotImplementedError(f"{type(self).__name__} builds its new matches in new_match")

    @abstractmethod
    def needs_deal(self, state: StateT) -> bool:
        """True when the next thing to happen is a deal (a new round)."""

    @abstractmethod
    def deal(self, state: StateT, deck: Sequence[Card] | None) -> StateT:
        """Deal a round: from ``deck`` (top first, a full shuffled deck) in dealt mode; with
        ``deck=None`` in table mode, where the hands stay unknown."""

    def deck(self) -> tuple[Card, ...]:
        """The pack this ruleset plays with, in a fixed order (the caller shuffles it)."""
        return DECK_52

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[Action]:
        """Every complete action ``seat`` may take now (empty when it is not to act)."""

    @abstractmethod
    def apply(self, state: StateT, action: Action) -> StateT:
        """The state after ``action`` by ``action.seat``; raises a RuleError and changes nothing."""

    def view(self, state: StateT, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the referee, who sees everything; ``SPECTATOR``: the public
        facts only). JSON-ready but for messages (``Msg``), which the API writes in the caller's
        language."""
        table = self.table(state)
        if seat is not None and seat != SPECTATOR and not (is_json_int(seat) and 0 <= seat < table.players):
            raise InvalidInput(Msg("core.bad_viewer", last=table.players - 1, seat=seat))
        to_act = self.to_act(state)
        out: dict[str, Any] = {
            "ruleset": self.id,
            "mode": table.mode,
            "players": table.players,
            "options": _OPTIONS_SHOWN.get(table.options, lambda: options_json(table.options)),
            "status": table.status,
            "phase": table.phase,
            "dealer": table.dealer,
            "to_act": list(to_act),
            "scores": list(table.scores),
            "winners": list(table.winners),
            "hand": None,
        }
        teams = self.teams(table.players)
        if teams is not None:
            out["teams"] = [list(t) for t in teams]
        out["legal_actions"] = self.legal_actions_json(state, seat, to_act)
        # not among legal_actions, each postable as is: a round_result is posted with its facts
        # (the referee posts it; every viewer is told the round may be reported so)
        out["accepts_round_result"] = table.status != FINISHED and self.round_result_allowed(state)
        out.update(self.game_view(state, seat))
        return out

    def table(self, state: StateT) -> Table:
        """The facts every view begins with (``view``)."""
        raise NotImplementedError(f"{type(self).__name__} builds its views in view")

    def standing(self, state: StateT) -> tuple[float, ...]:
        """How well each side stands in the match, higher better: one number per entry of the table's
        ``scores`` (per seat, or per team). The scores themselves where more points are better; a
        game whose scores count penalties answers its own (a computer player values its moves and a
        contest is judged by this)."""
        return tuple(float(s) for s in self.table(state).scores)

    def game_view(self, state: StateT, seat: int | None) -> dict[str, Any]:
        """The game's own part of ``seat``'s view (its hand, tricks, bids ...), after the header."""
        raise NotImplementedError(f"{type(self).__name__} builds its views in view")

    def legal_actions_json(self, state: StateT, seat: int | None, to_act: Sequence[int]) -> list[dict[str, Any]]:
        """The view's ``legal_actions``: ``seat``'s, or (for the referee) those of every seat to act,
        then what the other seats may take out of turn (``out_of_turn_actions``); none for a
        spectator."""
        if seat == SPECTATOR:
            return []
        if seat is not None:
            return shown_actions_json(self.legal_actions(state, seat))
        acting = [a for s in to_act for a in self.legal_actions(state, s)]
        if self.out_of_turn_types:
            acting += self.out_of_turn_actions(state, to_act)
        return shown_actions_json(acting)

    def out_of_turn_actions(self, state: StateT, to_act: Sequence[int]) -> list[Action]:
        """What the seats not in ``to_act`` may take now, out of turn (``out_of_turn_types``), in seat
        order: the referee's view lists them after the seats to act's, so that every action the
        referee may post is listed (and each listed one is taken)."""
        players = self.table(state).players
        return [a for s in range(players) if s not in to_act
                for a in self.legal_actions(state, s) if a.type in self.out_of_turn_types]

    def round_result_allowed(self, state: StateT) -> bool:
        """True when the referee of a table-mode match may now report the round in progress whole
        (``round_result``, its ``result`` the round facts ``score_round`` reads); the referee's
        view says ``accepts_round_result: true`` (the action, posted with its facts, is not among
        ``legal_actions``, each of which is postable as is)."""
        return False

    def history(self, state: StateT) -> list[dict[str, Any]]:
        """The finished rounds' records the state still holds, as the view's ``history`` shows them
        (public: a finished round hides nothing). A game may answer it without building a view."""
        history: list[dict[str, Any]] = self.view(state, None).get("history", [])
        return history

    def archive(self, state: StateT) -> tuple[StateT, list[dict[str, Any]]]:
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

    # --- revokes settled (service.rules.settlement) ----------------------------------------------

    def undealt(self, state: StateT) -> StateT | None:
        """The state the last finished round left (phase deal), from one where the next round has
        been opened: ``state`` without the round in progress; None when no round has finished or
        the match is over. ``settlement`` checks that ``deal(undealt(s), None) == s``."""
        return None

    def last_round_revokes(self, state: StateT) -> tuple[Revoke, ...] | None:
        """The revokes of the last finished round, with their rulings, in a state that round left
        (``undealt``, or the match over); None when no round has finished."""
        return None

    def rescored(self, state: StateT, revokes: tuple[Revoke, ...]) -> StateT:
        """The state the last finished round would have left with ``revokes`` (its revokes with the
        rulings now made): the round scored again with every applied revoke under the match's
        ``revoke_penalty``, the totals, the end of the match and the next dealer made again."""
        raise NotImplementedError(f"{type(self).__name__} settles no revokes")

    @abstractmethod
    def status(self, state: StateT) -> str:
        """``"in_progress"`` or ``"finished"``."""

    @abstractmethod
    def to_act(self, state: StateT) -> tuple[int, ...]:
        """The seats that may act now (several during sealed simultaneous bids)."""

    def public_action(self, action: Action, viewer: int | None) -> dict[str, Any]:
        """An action as a history event shown to ``viewer`` (None: the referee). Hide what the
        viewer may not see: the cards of others' ``private_card_types``, face-down cards, a dealt
        deck."""
        out = action.to_json()
        if action.type == "deal":
            out.pop("cards", None)
        if viewer is not None and action.seat != viewer:
            if action.type in self.private_card_types:
                out.pop("card", None)
                out.pop("cards", None)
            if action.face_down:
                out.pop("card", None)
        return out
