"""Forty-Fives (``forty_fives``) and Auction Forty-Fives (``auction_forty_fives``), per
``docs/rules/forty-fives.md`` (seeds 001 and 000).

The ``Ruleset`` classes of the two games, thin: each method hands over to the module holding its
rules. The modules of this package:

* ``options``: every option of the catalogue (§5) with its default, and ``Config``, the options
  digested once per options object; ``state``: the match state (frozen dataclasses).
* ``ranking``: cards and ranking (§1): the A♥ always the third trump and never a heart when hearts
  are not trump (§1.2); the orders of §1.3, "highest in red, lowest in black"; the renegable 5, J
  of trumps and A♥ (§1.4); the demoted ace of trumps (§1.5). ``play``: following and winning
  tricks (§4), also for the stateless endpoints (``trick_winner``, ``legal_plays`` read
  ``ctx.trump`` and ``ctx.demoted``, the demoted ace accepted only where the unrobbed-ace rule
  applies).
* ``deal`` (§2.3, §3.3: five cards each in batches, the turn-up fixing trump) → ``robbing`` (§2.5,
  §3.4: the ace holder's rob or announcement, the dealer's turned-up ace; table mode's turn-up
  report) or ``auction`` (bidding mode, §3.6, §9.5: the auction with the dealer's hold, naming trump),
  ``kitty`` (§9.6: the bid on the kitty) and ``discard`` (§3.7: the kitty, discard and draw, the
  first lead) → ``tricks`` (dealt play, §4) or
  ``table`` (table mode: reported cards and their revokes; ``round_result``: a whole round
  reported) → ``round_end`` (the hand scored, its record, the next deal; the archive), scored by
  ``scoring`` (§2.7-2.8, §3.8-3.9) from the facts ``facts`` reads. ``phases`` says whose turn it is
  and hands each action to its phase; ``actions`` holds the prebuilt actions and the turn and
  phase checks; ``view`` what each seat may see.

Auction Forty-Fives is played by 4 or 6 players in two partnerships (team 0 = even seats, §3.1), in
two trump-selection modes (§3.2): ``turn_up`` (default) and ``bidding``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from service.rules.actions import Action, shown_actions_json
from service.rules.cards import SUITS, Card
from service.rules.games.forty_fives import deal, phases, play, revoke_penalty, round_end, scoring, table, view
from service.rules.games.forty_fives.actions import (
    ACTION_FIELDS,
    AUCTION_TYPES,
    FORTY_FIVES_TYPES,
    PRIVATE_CARD_TYPES,
    phase_types,
)
from service.rules.games.forty_fives.facts import (
    AUCTION_SCORE_EXAMPLE,
    AUCTION_SCORE_FACTS,
    FORTY_FIVES_SCORE_EXAMPLE,
    FORTY_FIVES_SCORE_FACTS,
)
from service.rules.games.forty_fives.options import (
    AUCTION_ID,
    AUCTION_SPECS,
    FORTY_FIVES_ID,
    FORTY_FIVES_SPECS,
    auction_derived_defaults,
    check_options,
    config,
)
from service.rules.games.forty_fives.presets import AUCTION_PRESETS, FORTY_FIVES_PRESETS
from service.rules.games.forty_fives.ranking import table_for
from service.rules.games.forty_fives.robbing import rob_actions
from service.rules.games.forty_fives.state import DEAL, PLAY, TRICKS_PER_HAND, FortyFivesState
from service.rules.messages import Msg
from service.rules.options import Options
from service.rules.revokes import Revoke
from service.rules.ruleset import ROUND_RESULT, SPECTATOR, Ruleset, Table
from service.rules.scores import RoundScore
from service.rules.settlement import penalty_of, revokes_applied
from service.rules.tricks import Play, PlayVerdict, TrickContext, TrickOutcome
from service.rules.view_schema import view_schema_of


class FortyFivesFamily(Ruleset[FortyFivesState]):
    """What the two games share; the subclasses set the catalogue attributes."""

    players_option: ClassVar[str | None] = "players"
    state_type: ClassVar[type] = FortyFivesState
    action_types: ClassVar[tuple[str, ...]]
    #: table mode: a seat that has not played may report its rob of the turn-up, or its
    #: announcement, before its turn (§2.5: the window runs from the turn-up to its first card)
    out_of_turn_types: ClassVar[tuple[str, ...]] = ("rob", "decline")
    private_card_types: ClassVar[tuple[str, ...]] = PRIVATE_CARD_TYPES

    # --- options ----------------------------------------------------------------------------------

    def check_options(self, options: Mapping[str, Any]) -> None:
        check_options(options)

    def max_tricks(self, options: Mapping[str, Any]) -> int:
        return TRICKS_PER_HAND

    def ranking_tables(self, options: Mapping[str, Any]) -> dict[str, Any]:
        cfg = config(options, self.id)
        out: dict[str, Any] = {}
        for trump in SUITS:
            table = table_for(cfg, trump, False)
            out[trump.value] = {s.value: [c.text for c in table.orders[i]] for i, s in enumerate(SUITS)}
        return out

    # --- stateless questions ----------------------------------------------------------------------

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]) -> TrickOutcome:
        return play.trick_winner(config(options, self.id), plays, ctx, self.name, max(self.player_counts))

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]
    ) -> PlayVerdict:
        return play.legal_plays(config(options, self.id), hand, trick, ctx, self.name, max(self.player_counts))

    def score_round(self, facts: Mapping[str, Any], options: Mapping[str, Any]) -> RoundScore:
        facts, offenders = revokes_applied(facts, options, None)
        if offenders:
            return revoke_penalty.score_round(
                config(options, self.id), facts, self.player_counts, offenders, penalty_of(options)
            )
        return scoring.score_round(config(options, self.id), facts, self.player_counts)

    # --- matches ----------------------------------------------------------------------------------

    def start(self, options: Options, n_players: int, dealer: int, mode: str) -> FortyFivesState:
        return deal.new_state(config(options, self.id), options, n_players, dealer, mode)

    def needs_deal(self, state: FortyFivesState) -> bool:
        return state.phase == DEAL

    def deal(self, state: FortyFivesState, deck: Sequence[Card] | None) -> FortyFivesState:
        return deal.deal(config(state.match.options, self.id), state, deck)

    def status(self, state: FortyFivesState) -> str:
        return state.match.status

    # Called at every step of a match: the modules' functions themselves (taking the ruleset first,
    # as methods), not methods wrapping them.
    to_act = phases.to_act
    legal_actions = phases.legal_actions
    apply = phases.apply

    def table(self, state: FortyFivesState) -> Table:
        return view.table(state)

    def legal_actions_json(
        self, state: FortyFivesState, seat: int | None, to_act: Sequence[int]
    ) -> list[dict[str, Any]]:
        """``Ruleset.legal_actions_json``, a table match's plays picked from their JSON directly
        (``table.table_play_json``: the referee's view lists every card not seen yet)."""
        if state.phase == PLAY and state.hands is None and seat != SPECTATOR and (seat is not None or len(to_act) == 1):
            who = to_act[0] if seat is None else seat
            if 0 <= who < state.match.players:
                listed = table.table_play_json(config(state.match.options, self.id), state, who)
                others = self.out_of_turn_actions(state, to_act) if seat is None else []
                return [*listed, *shown_actions_json(others)] if others else listed
        return super().legal_actions_json(state, seat, to_act)

    def out_of_turn_actions(self, state: FortyFivesState, to_act: Sequence[int]) -> list[Action]:
        """A table match's robs and announcements of the seats not to act, while their window is open
        (§2.5, §3.4: until the seat plays its first card, so never after the first trick); a dealt
        match takes them only in turn."""
        if state.hands is not None or state.phase != PLAY or state.tricks:
            return []
        cfg = config(state.match.options, self.id)
        return [a for s in range(state.match.players) if s not in to_act for a in rob_actions(cfg, state, s)]

    def round_result_allowed(self, state: FortyFivesState) -> bool:
        return ROUND_RESULT in phase_types(config(state.match.options, self.id), state)

    def game_view(self, state: FortyFivesState, seat: int | None) -> dict[str, Any]:
        return view.game_view(state, seat)

    def history(self, state: FortyFivesState) -> list[dict[str, Any]]:
        return view.history(state)

    def archive(self, state: FortyFivesState) -> tuple[FortyFivesState, list[dict[str, Any]]]:
        return round_end.archive(state)

    def undealt(self, state: FortyFivesState) -> FortyFivesState | None:
        return revoke_penalty.undealt(state)

    def last_round_revokes(self, state: FortyFivesState) -> tuple[Revoke, ...] | None:
        return revoke_penalty.last_round_revokes(state)

    def rescored(self, state: FortyFivesState, revokes: tuple[Revoke, ...]) -> FortyFivesState:
        options = state.match.options
        return revoke_penalty.rescored(config(options, self.id), state, revokes, penalty_of(options))


class FortyFives(FortyFivesFamily):
    id = FORTY_FIVES_ID
    name = Msg("forty_fives.name")
    description = Msg("forty_fives.description")
    player_counts = (2, 3, 4, 5, 6)
    default_players = 3
    option_specs = FORTY_FIVES_SPECS
    presets = FORTY_FIVES_PRESETS
    action_types = FORTY_FIVES_TYPES
    action_fields = MappingProxyType({t: ACTION_FIELDS[t] for t in FORTY_FIVES_TYPES})
    score_example = FORTY_FIVES_SCORE_EXAMPLE
    score_facts = FORTY_FIVES_SCORE_FACTS
    view_schema = view_schema_of(__package__, FORTY_FIVES_ID)


class AuctionFortyFives(FortyFivesFamily):
    id = AUCTION_ID
    name = Msg("forty_fives.auction.name")
    description = Msg("forty_fives.auction.description")
    player_counts = (4, 6)
    default_players = 4
    option_specs = AUCTION_SPECS
    presets = AUCTION_PRESETS
    action_types = AUCTION_TYPES
    action_fields = MappingProxyType({t: ACTION_FIELDS[t] for t in AUCTION_TYPES})
    score_example = AUCTION_SCORE_EXAMPLE
    score_facts = AUCTION_SCORE_FACTS
    view_schema = view_schema_of(__package__, AUCTION_ID)
    #: ``/legal-plays``: the opening lead of a defender against a bid of 30 (§9.7, with ``trick_number`` 1)
    context_keys = (play.DEFENDING_30,)

    def teams_description(self) -> Msg | None:
        return Msg("forty_fives.auction.teams")

    def teams(self, n_players: int) -> tuple[tuple[int, ...], ...] | None:
        return tuple(range(0, n_players, 2)), tuple(range(1, n_players, 2))

    def derived_defaults(self, given: Mapping[str, Any]) -> dict[str, Any]:
        return auction_derived_defaults(given)


FORTY_FIVES = FortyFives()
AUCTION_FORTY_FIVES = AuctionFortyFives()

__all__ = ["AUCTION_FORTY_FIVES", "FORTY_FIVES", "AuctionFortyFives", "FortyFives", "FortyFivesFamily"]
