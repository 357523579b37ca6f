"""Table mode: a whole round reported as its facts (``round_result``), before any of its cards was
reported one by one. The facts are those ``score_round`` reads (``facts``); what the match already
knows (players, scores, trump, the contract, the first leader) is filled in, or must agree."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from service.rules.actions import Action
from service.rules.cards import Suit
from service.rules.errors import InvalidAction, InvalidFacts, wrong_phase
from service.rules.games.forty_fives import round_end
from service.rules.games.forty_fives.actions import phase_types
from service.rules.games.forty_fives.options import Config
from service.rules.games.forty_fives.ranking import table_for
from service.rules.games.forty_fives.scoring import decide_tricks, tally_facts
from service.rules.games.forty_fives.state import PLAY, Contract, FortyFivesState, Trick
from service.rules.messages import Msg
from service.rules.revokes import Revoke, TrickRecord, find_revokes
from service.rules.slots import evolve
from service.rules.tricks import TrickContext

if TYPE_CHECKING:
    from service.rules.ruleset import Ruleset


def apply_round_result(ruleset: Ruleset, cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    """Score the round from ``action.result`` and close it (revokes proven by its tricks recorded)."""
    m = state.match
    rnd = state.round
    if m.mode != "table":
        raise wrong_phase(Msg("forty_fives.round_result_table_only"),
                          phase_types(cfg, state), code="not_table_mode")
    if rnd is None or state.tricks or state.current:
        raise wrong_phase(Msg("forty_fives.round_result_too_late"), phase_types(cfg, state))
    if action.result is None:
        raise InvalidAction(Msg("forty_fives.round_result_needs_result"))
    facts = _with_known(cfg, state, dict(action.result))
    f, tally, _lines = tally_facts(cfg, facts, ruleset.player_counts)
    n = m.players
    tricks: tuple[Trick, ...] = ()
    revokes: tuple[Revoke, ...] = ()
    if f.tricks is not None:
        assert f.trump is not None
        table = table_for(cfg, f.trump, f.demoted is not None)
        tricks = tuple(decide_tricks(table, n, f.leader or 0, f.tricks))
        records = [
            TrickRecord.clockwise(t.leader, t.cards, n, TrickContext(f.trump, i, f.demoted))
            for i, t in enumerate(tricks, 1)
        ]
        revokes = tuple(find_revokes(ruleset, records, m.options, round_complete=True))
    rnd = evolve(rnd, trump=f.trump if f.trump is not None else rnd.trump, demoted=f.demoted)
    if f.bid is not None and rnd.contract is None:
        rnd = evolve(rnd, contract=Contract(None, f.bid[0], f.bid[1]))
    return round_end.close_round(cfg, m, rnd, tricks, tally, revokes, reported=True, bid=f.bid)


def _with_known(cfg: Config, state: FortyFivesState, facts: dict[str, Any]) -> dict[str, Any]:
    """``facts`` with what the match knows filled in; InvalidFacts where they disagree with it."""
    m = state.match
    rnd = state.round
    assert rnd is not None
    known: dict[str, Any] = {"players": m.players, "scores": list(m.scores), "hand_number": m.scored + 1}
    if rnd.trump is not None:
        known["trump"] = rnd.trump.value
    if rnd.contract is not None:
        known["bid"] = {"team": rnd.contract.team, "amount": rnd.contract.amount}
    leader = first_leader(cfg, state)
    if leader is not None:
        known["leader"] = leader
    for key, value in known.items():
        if key not in facts:
            facts[key] = value
            continue
        given = facts[key]
        if key == "trump" and given is not None:
            given = Suit.parse(given).value
        if given != value:
            raise InvalidFacts(Msg("forty_fives.round_result_disagrees", key=Msg(f"forty_fives.fact.{key}"),
                                   given=_shown(key, facts[key]), value=_shown(key, value)))
    return facts


def _shown(key: str, value: Any) -> Any:
    """A fact of the round as a person reads it: a suit by its name, a player or a team counted
    from 1 (the message's writer counts them), a list of scores as a list; else as given."""
    if key == "trump" and isinstance(value, str):
        return Suit.parse(value)  # read already: the comparison above parsed it
    if key == "leader" and type(value) is int:
        return Msg("forty_fives.fact.player_n", seat=value)
    if key == "bid" and isinstance(value, dict) and type(value.get("team")) is int:
        return Msg("forty_fives.fact.bid_n", team=value["team"], amount=value.get("amount"))
    if isinstance(value, list) and all(type(v) is int for v in value):
        return ", ".join(map(str, value))
    return value


def first_leader(cfg: Config, state: FortyFivesState) -> int | None:
    """Who leads trick 1 of the round in progress, where the match already knows (§2.6, §3.7)."""
    rnd = state.round
    if rnd is None:
        return None
    if state.phase == PLAY:
        return state.leader
    n = state.match.players
    if not cfg.bidding or cfg.first_lead == "left_of_dealer":
        return (rnd.dealer + 1) % n
    if rnd.contract is None or rnd.contract.seat is None:
        return None
    return rnd.contract.seat if cfg.first_lead == "bidder" else (rnd.contract.seat + 1) % n
