"""Avinas: four players in two fixed partnerships, 32 cards, rams and pips (docs/rules/avinas.md).

The ``Ruleset`` of the game, thin: each method hands over to the module holding its rules. The
catalogue here: seats 0-3 clockwise, team A = seats 0 and 2 (team index 0), team B = seats 1 and 3
(§1); the 32-card pack (§2).

* ``state``: the match and hand state (§1, §11); ``options``: every house rule (§12).
* ``ranking``: the pack, the ranking and card points (§2); ``play``: leading, following and
  winning a trick, face-down leads (§7.1-§7.3), also for the stateless endpoints.
* ``deal`` (§3, §4.1) → ``exposure`` (the #4/#8 cards and the game they choose, §4.2, §5.1) →
  ``knocking`` (§6) or ``auction`` (the no-seven declarations, §5.2) → ``tricks`` (the play phase
  and the declarer's stop, §7, §7.4; ``opening``: the no-seven lead that names trumps) →
  ``hand_end`` (the hand's facts, the lie check, the record, the next dealer, §8, §10), scored by
  ``scoring`` (§8-§10; ``facts`` reads and checks the score facts of ``score_round``). ``phases``
  says whose turn it is and hands each action to its phase; ``actions`` holds the action types and
  the prebuilt actions.
* ``table``: table mode (hands unknown: what may be reported, revokes, ``round_result``);
  ``view``: what each seat may see (§4.3) and the archive of finished hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.base import (
    IN_PROGRESS,
    MODES,
    Action,
    Mode,
    Options,
    Play,
    PlayVerdict,
    RoundScore,
    Ruleset,
    TrickContext,
    TrickOutcome,
    is_json_int,
)
from service.rules.cards import DECK_32, Card
from service.rules.errors import InvalidInput
from service.rules.games.avinas import deal, phases, play, ranking, scoring, view
from service.rules.games.avinas.facts import parse_facts
from service.rules.games.avinas.options import OPTION_SPECS
from service.rules.games.avinas.state import RULESET_ID, AvinasState

_SCORE_EXAMPLE = {
    "summary": "Avinas: the declaring side's card points and tricks, knocks, game type",
    "value": {
        "game": "sevens",
        "declarer": 1,
        "knocks": 0,
        "declarer_points": 75,
        "declarer_tricks": 5,
        "lied": False,
        "rams": [0, 0],
        "pips": [0, 0],
    },
}


class Avinas(Ruleset):
    id = RULESET_ID
    name = "Avinas"
    description = (
        "Lithuanian Schafkopf-family game for four in two partnerships with 32 cards: Queens and Jacks are "
        "always trumps, exposed sevens or an auction choose the game, penalties in rams and pips to 12"
    )
    player_counts = (4,)
    default_players = 4
    option_specs = OPTION_SPECS
    state_type = AvinasState
    has_face_down_plays = True
    score_example = _SCORE_EXAMPLE
    score_facts = "game, declarer, knocks, declarer_points, declarer_tricks, lied, rams, pips"

    # --- catalogue ------------------------------------------------------------------------------

    def teams_description(self) -> str | None:
        return "two fixed partnerships, partners opposite: team 0 (A) = seats 0 and 2, team 1 (B) = seats 1 and 3"

    def teams(self, n_players: int) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 2), (1, 3))

    def ranking_tables(self, options: Options) -> dict[str, Any]:
        return ranking.ranking_tables()

    def deck(self) -> tuple[Card, ...]:
        return DECK_32

    def max_plays(self, options: Options) -> int:
        return 4

    def _opts(self, options: Options | None) -> Mapping[str, Any]:
        if options is not None and all(s.name in options for s in OPTION_SPECS):
            return options
        return self.validate_options(options)

    # --- bare facts -----------------------------------------------------------------------------

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Options) -> TrickOutcome:
        return play.trick_winner(plays, ctx, self._opts(options))

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Options
    ) -> PlayVerdict:
        return play.legal_plays(hand, trick, ctx, self._opts(options))

    def score_round(self, facts: Mapping[str, Any], options: Options) -> RoundScore:
        opts = self._opts(options)
        hand, rams, pips = parse_facts(facts, opts)
        return scoring.score_hand(hand, rams, pips, opts).round_score()

    # --- a match --------------------------------------------------------------------------------

    def new_match(self, options: Options, n_players: int, dealer: int, mode: Mode) -> AvinasState:
        self.check_players(n_players)
        if mode not in MODES:
            raise InvalidInput(f"'mode' must be 'dealt' or 'table'; got {mode!r}")
        if not is_json_int(dealer) or not 0 <= dealer < 4:
            raise InvalidInput(f"'dealer' must be a seat from 0 to 3; got {dealer!r}")
        return AvinasState(options=self._opts(options), mode=mode, dealer=dealer)

    def needs_deal(self, state: AvinasState) -> bool:
        return state.status == IN_PROGRESS and state.hand is None

    def status(self, state: AvinasState) -> str:
        return state.status

    def deal(self, state: AvinasState, deck: Sequence[Card] | None) -> AvinasState:
        return deal.deal(state, deck)

    def to_act(self, state: AvinasState) -> tuple[int, ...]:
        return phases.to_act(state)

    def legal_actions(self, state: AvinasState, seat: int) -> list[Action]:
        return phases.actions(state, seat)

    def apply(self, state: AvinasState, action: Action) -> AvinasState:
        return phases.apply(self, state, action)

    def archive(self, state: AvinasState) -> tuple[AvinasState, list[dict[str, Any]]]:
        return view.archive(state)

    def view(self, state: AvinasState, seat: int | None) -> dict[str, Any]:
        return view.match_view(state, seat)


AVINAS = Avinas()

__all__ = ["AVINAS", "Avinas"]
