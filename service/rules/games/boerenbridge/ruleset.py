"""Boerenbridge: bid your tricks, race to exactly 100 (rules spec ``docs/rules/boerenbridge.md``).

The ruleset object the service calls; each part of the rules is in its own module of this package:

* 4 players with 13 cards each from one 52-card pack, no trumps (§1, §2, §4); other player counts,
  hand-size schedules, scoring systems and trump modes are options (§11): ``options``.
* The first dealer by a high-card draw, or at random (§3): ``first_dealer``; the deal (§4), passing
  to the left: ``deal``; trumps (§11): ``trump``.
* Bidding (§6): who bids, the hook player, the hook rule ("the dealer may not bid so that the bids
  add up to the tricks"), sealed or sequential bids, the revision right: ``bidding``.
* Play (§7): follow suit if able; the highest card of the suit led (or the highest trump) wins:
  ``play``. Scoring, the overshoot rule and the end of the match (§8-§10): ``scoring``; the end
  of a round (its record, the next dealer, the archive): ``round_end``.
* The action types and whose turn it is: ``actions``; each action handed to its phase: ``phases``;
  what each seat sees: ``view``; table mode (the referee reports the round; revokes): ``table``; a
  round's reported facts (the score endpoint, ``round_result``): ``facts``. The state: ``state``.

Every text the game writes (refusals, rules, reasons, explanations, descriptions) is a ``Msg`` whose
key starts with ``boerenbridge.``; its English, Indonesian and Tagalog are in ``locale/{en,id,tl}.po``
beside this module (``service/api/i18n.py`` loads them; the terms: ``docs/glossary/boerenbridge.md``).

The class only wires these modules: ``Ruleset.new_match`` checks the mode, the players, the dealer
and the options and calls ``start``; ``Ruleset.view`` writes the header from ``table`` and adds
``game_view``.

History: the state keeps a record of each finished round (``MatchInfo.history``), and the view lists
them. ``archive`` (``round_end``) takes every record but the last out of the state and returns them
as the view shows them (the same for every seat: a finished round is public), so a long match's
state and views stay the same size; ``MatchInfo.archived`` counts them, so round numbers and the
hand-size schedule go on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.games.boerenbridge import (
    actions,
    deal,
    facts,
    first_dealer,
    phases,
    play,
    revoke_penalty,
    round_end,
    scoring,
    view,
)
from service.rules.games.boerenbridge import options as opts
from service.rules.games.boerenbridge.presets import BOERENBRIDGE_PRESETS
from service.rules.games.boerenbridge.state import DEAL, BoerenbridgeState, MatchInfo
from service.rules.messages import Msg
from service.rules.options import Options, OptionSpec
from service.rules.revokes import Revoke
from service.rules.ruleset import ROUND_RESULT, Ruleset, Table
from service.rules.scores import RoundScore
from service.rules.settlement import penalty_of, revokes_applied
from service.rules.tricks import Play, PlayVerdict, TrickContext, TrickOutcome
from service.rules.view_schema import view_schema_of

_SCORE_EXAMPLE = {
    "summary": "Boerenbridge: bids (null for a non-bidder), tricks won, scores before the round",
    "value": {"bids": [3, 4, 2, None], "tricks": [3, 5, 2, 3], "scores": [40, 25, 60, 95]},
}


class Boerenbridge(Ruleset[BoerenbridgeState]):
    id = opts.RULESET_ID
    name = Msg("boerenbridge.name")
    description = Msg("boerenbridge.description")
    player_counts = opts.PLAYER_COUNTS
    default_players = 4
    option_specs: ClassVar[tuple[OptionSpec, ...]] = opts.OPTION_SPECS
    presets = BOERENBRIDGE_PRESETS
    state_type = BoerenbridgeState
    action_fields = actions.ACTION_FIELDS
    score_example = _SCORE_EXAMPLE
    score_facts = "bids, tricks, scores (one entry per seat; a null bid is a non-bidder)"
    view_schema = view_schema_of(__package__, id)

    # --- options and bare facts ---------------------------------------------------------------

    def derived_defaults(self, given: Mapping[str, Any]) -> dict[str, Any]:
        return opts.derived_defaults(given)

    def check_options(self, options: Mapping[str, Any]) -> None:
        opts.check_options(options)

    def max_plays(self, options: Mapping[str, Any]) -> int:
        return play.max_plays(options)

    def ranking_tables(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return play.ranking_tables(options)

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]) -> TrickOutcome:
        return play.trick_winner(plays, ctx, options)

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]
    ) -> PlayVerdict:
        return play.legal_plays(hand, trick, ctx, options)

    def score_round(self, facts_: Mapping[str, Any], options: Mapping[str, Any]) -> RoundScore:
        facts_, offenders = revokes_applied(facts_, options, None)
        if offenders:
            return revoke_penalty.score_round(facts_, options, offenders, penalty_of(options))
        return scoring.score_facts(facts.parse_facts(facts_, options), options)

    # --- a match ------------------------------------------------------------------------------

    def first_dealer(
        self, options: Mapping[str, Any], n_players: int, rng: random.Random
    ) -> tuple[int, dict[str, Any]]:
        return first_dealer.first_dealer(options, n_players, rng)

    def start(self, options: Options, n_players: int, dealer: int, mode: str) -> BoerenbridgeState:
        opts.check_schedule(opts.config(options), n_players)
        return BoerenbridgeState(MatchInfo(options, n_players, mode, (0,) * n_players, dealer), DEAL)

    def needs_deal(self, state: BoerenbridgeState) -> bool:
        return state.phase == DEAL

    def deal(self, state: BoerenbridgeState, deck: Sequence[Card] | None) -> BoerenbridgeState:
        return deal.deal(state, deck)

    # Called at every step of a match: the modules' functions themselves, not methods wrapping them
    # (one call fewer each time); ``apply`` takes the ruleset first, as a method.
    status = staticmethod(phases.status)
    to_act = staticmethod(phases.to_act)
    legal_actions = staticmethod(phases.legal_actions)
    apply = phases.apply

    def archive(self, state: BoerenbridgeState) -> tuple[BoerenbridgeState, list[dict[str, Any]]]:
        return round_end.archive(state)

    def round_result_allowed(self, state: BoerenbridgeState) -> bool:
        return ROUND_RESULT in actions.phase_types(state)

    def table(self, state: BoerenbridgeState) -> Table:
        return view.table(state)

    def game_view(self, state: BoerenbridgeState, seat: int | None) -> dict[str, Any]:
        return view.game_view(state, seat)

    def history(self, state: BoerenbridgeState) -> list[dict[str, Any]]:
        return view.history(state)

    def undealt(self, state: BoerenbridgeState) -> BoerenbridgeState | None:
        return revoke_penalty.undealt(state)

    def last_round_revokes(self, state: BoerenbridgeState) -> tuple[Revoke, ...] | None:
        return revoke_penalty.last_round_revokes(state)

    def rescored(self, state: BoerenbridgeState, revokes: tuple[Revoke, ...]) -> BoerenbridgeState:
        return revoke_penalty.rescored(state, revokes, penalty_of(state.match.options))

    def public_action(self, action: Action, viewer: int | None) -> dict[str, Any]:
        return view.hide_sealed_amount(super().public_action(action, viewer), action, viewer)


BOERENBRIDGE = Boerenbridge()
