"""Avinas: four players in two fixed partnerships, 32 cards, rams and pips (docs/rules/avinas.md).

The ``Ruleset`` of the game, thin: it only wires the modules holding the rules; the checks of a new
match and the header of every view are ``service.rules.ruleset``'s. The catalogue here: seats 0-3
clockwise, team A = seats 0 and 2 (team index 0), team B = seats 1 and 3 (§1); the 32-card pack (§2).

* ``state``: the match and hand state (§1, §11); ``options``: every house rule (§12) and ``Config``,
  the typed form the rules read.
* ``ranking``: the pack, the ranking and card points (§2); ``play``: leading, following and
  winning a trick, face-down leads (§7.1-§7.3), also for the stateless endpoints.
* ``deal`` (§3, §4.1) → ``exposure`` (the #4/#8 cards and the game they choose, §4.2, §5.1) →
  ``knocking`` (§6) or ``auction`` (the no-seven declarations, §5.2) → ``tricks`` (the play phase
  and the declarer's stop, §7, §7.4; ``opening``: the no-seven lead that names trumps) →
  ``round_end`` (the hand's facts, the lie check, the record, the next dealer, §8, §10; the
  archive), scored by ``scoring`` (§8-§10; ``facts`` reads and checks the score facts of
  ``score_round``). ``phases`` says whose turn it is and hands each action to its phase;
  ``actions`` holds the action types and the prebuilt actions.
* ``table``: table mode (hands unknown: what may be reported, revokes, ``round_result``);
  ``view``: what each seat may see (§4.3).

Every human text of the game (refusals, rules, reasons, explanations, descriptions) is a message
``Msg("avinas.<name>", ...)``; the texts are in ``locale/<lang>.po`` beside this module, which the API
loads (``service.api.i18n.load_for``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.actions import Action
from service.rules.cards import DECK_32, Card
from service.rules.games.avinas import (
    deal,
    phases,
    play,
    ranking,
    revoke_penalty,
    revoke_scoring,
    round_end,
    scoring,
    view,
)
from service.rules.games.avinas.actions import ACTION_FIELDS, phase_types
from service.rules.games.avinas.facts import SCORE_EXAMPLE, SCORE_FACTS, parse_facts
from service.rules.games.avinas.options import OPTION_SPECS
from service.rules.games.avinas.presets import AVINAS_PRESETS
from service.rules.games.avinas.state import RULESET_ID, AvinasState
from service.rules.messages import Msg
from service.rules.options import Options
from service.rules.revokes import Revoke
from service.rules.ruleset import IN_PROGRESS, ROUND_RESULT, SPECTATOR, Ruleset, Table
from service.rules.scores import RoundScore
from service.rules.settlement import revokes_applied
from service.rules.tricks import Play, PlayVerdict, TrickContext, TrickOutcome
from service.rules.view_schema import view_schema_of

TEAMS = ((0, 2), (1, 3))



class Avinas(Ruleset[AvinasState]):
    id = RULESET_ID
    name = Msg("avinas.name")
    description = Msg("avinas.description")
    player_counts = (4,)
    default_players = 4
    option_specs = OPTION_SPECS
    presets = AVINAS_PRESETS
    state_type = AvinasState
    has_face_down_plays = True
    action_fields = ACTION_FIELDS
    score_example = SCORE_EXAMPLE
    score_facts = SCORE_FACTS
    view_schema = view_schema_of(__package__, RULESET_ID)

    # --- catalogue ------------------------------------------------------------------------------

    def teams_description(self) -> Msg:
        return Msg("avinas.teams")

    def teams(self, n_players: int) -> tuple[tuple[int, ...], ...] | None:
        return TEAMS

    def ranking_tables(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return ranking.ranking_tables()

    def deck(self) -> tuple[Card, ...]:
        return DECK_32

    def max_plays(self, options: Mapping[str, Any]) -> int:
        return 4

    # --- bare facts -----------------------------------------------------------------------------

    def _options(self, options: Mapping[str, Any]) -> Options:
        """Validated options as given (the API and every match pass them so), or a caller's raw
        mapping validated (through the service's one options cache)."""
        return options if type(options) is Options else self.validate_options(options)

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]) -> TrickOutcome:
        return play.trick_winner(plays, ctx, self._options(options))

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]
    ) -> PlayVerdict:
        return play.legal_plays(hand, trick, ctx, self._options(options))

    def score_round(self, facts: Mapping[str, Any], options: Mapping[str, Any]) -> RoundScore:
        opts = self._options(options)
        facts, offenders = revokes_applied(facts, opts, 4)
        if offenders:
            return revoke_scoring.score_round(facts, opts, offenders)
        hand, rams, pips = parse_facts(facts, opts)
        return scoring.score_hand(hand, rams, pips, opts).round_score()

    # --- a match --------------------------------------------------------------------------------

    def start(self, options: Options, n_players: int, dealer: int, mode: str) -> AvinasState:
        return AvinasState(options=options, mode=mode, dealer=dealer)

    def needs_deal(self, state: AvinasState) -> bool:
        return state.status == IN_PROGRESS and state.hand is None

    def status(self, state: AvinasState) -> str:
        return state.status

    def deal(self, state: AvinasState, deck: Sequence[Card] | None) -> AvinasState:
        return deal.deal(state, deck)

    def to_act(self, state: AvinasState) -> tuple[int, ...]:
        return phases.to_act(state)

    def legal_actions(self, state: AvinasState, seat: int) -> list[Action]:
        return phases.legal_actions(state, seat)

    def apply(self, state: AvinasState, action: Action) -> AvinasState:
        return phases.apply(self, state, action)

    def archive(self, state: AvinasState) -> tuple[AvinasState, list[dict[str, Any]]]:
        return round_end.archive(state)

    def undealt(self, state: AvinasState) -> AvinasState | None:
        return revoke_penalty.undealt(state)

    def last_round_revokes(self, state: AvinasState) -> tuple[Revoke, ...] | None:
        return revoke_penalty.last_round_revokes(state)

    def rescored(self, state: AvinasState, revokes: tuple[Revoke, ...]) -> AvinasState:
        return revoke_penalty.rescored(state, revokes)

    def round_result_allowed(self, state: AvinasState) -> bool:
        return state.hand is not None and ROUND_RESULT in phase_types(state, state.hand)

    def table(self, state: AvinasState) -> Table:
        return view.table(state)

    def game_view(self, state: AvinasState, seat: int | None) -> dict[str, Any]:
        return view.game_view(state, seat)

    def standing(self, state: AvinasState) -> tuple[float, ...]:
        """Rams and pips are penalties (fewer rams wins at the end, more pips brings the end nearer
        and the team with all the pips loses): a team stands better with fewer of both, one rams
        counted as one pip (each is a hand's loss tier)."""
        return tuple(-float(r + p) for r, p in zip(state.rams, state.pips, strict=True))

    def legal_actions_json(self, state: AvinasState, seat: int | None, to_act: Sequence[int]) -> list[dict[str, Any]]:
        """As the seat may know them (table mode: a face-down lead counts as unseen); none for a spectator."""
        return [] if seat == SPECTATOR else phases.legal_json(state, seat)


AVINAS = Avinas()

__all__ = ["AVINAS", "Avinas"]
