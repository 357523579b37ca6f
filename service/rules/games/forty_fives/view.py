"""What one seat of a Forty-Fives match may see (``Ruleset.view``: the header from ``table``, then
``game_view``), the referee's view, and a spectator's (``SPECTATOR``: the public facts only).

A seat sees its own hand, everything played, the turn-up (a public card; once taken, public
knowledge in the taker's hand), who robbed or announced, the auction, how many cards each seat
drew, the tricks and the history (the summary of every finished round still in the state, with the
tricks of the last one; once ``Ruleset.archive`` has taken the older rounds out, the last round
only). It never sees another hand, a discard, the stock (except the dealer picking replacements
under ``dealer_robs_pack``), the kitty before the bidder takes it, who holds the ace of trumps, or a
demotion before the demoted ace is played.
"""

from __future__ import annotations

from typing import Any

from service.rules.cards import format_cards
from service.rules.games.forty_fives.state import (
    DEALER_DRAW,
    OVER,
    Contract,
    FortyFivesState,
    Round,
    RoundRecord,
    Trick,
    played_cards,
)
from service.rules.handmask import texts_of
from service.rules.ruleset import SPECTATOR, Table
from service.rules.shared import PARTS_KEPT, Once
from service.rules.tricks import plays_json

#: the views' parts that stay the same while the tuple they show does (the finished rounds' records;
#: the round's finished tricks), made once per tuple (``service.rules.shared``)
_HISTORIES = Once(PARTS_KEPT)
_TRICKS = Once(PARTS_KEPT)


def _contract(contract: Contract | None) -> dict[str, Any] | None:
    if contract is None:
        return None
    return {"seat": contract.seat, "team": contract.team, "amount": contract.amount}


def trick_json(trick: Trick, n: int, number: int) -> dict[str, Any]:
    return {
        "number": number,
        "leader": trick.leader,
        "plays": plays_json(trick.leader, trick.cards, n),
        "winner": trick.winner,
        "card": trick.cards[(trick.winner - trick.leader) % n].text,
    }


def record_json(rec: RoundRecord, n: int) -> dict[str, Any]:
    return {
        "round": rec.number,
        "dealer": rec.dealer,
        "trump": rec.trump.value if rec.trump is not None else None,
        "turn_up": rec.turn_up.text if rec.turn_up is not None else None,
        "turn_up_taken_by": rec.robbed_by,
        "ace_announced_by": rec.announced_by,
        "demoted_ace": rec.demoted.text if rec.demoted is not None else None,
        "contract": _contract(rec.contract),
        "tricks": [trick_json(t, n, i) for i, t in enumerate(rec.tricks, 1)],
        "tricks_won": list(rec.tricks_won),
        "highest_trump": rec.highest_trump.text if rec.highest_trump is not None else None,
        "bonus_seat": rec.bonus_seat,
        "points": list(rec.points),
        "scores": list(rec.scores),
        "void": rec.void,
        "reported": rec.reported,
        "made": rec.made,
        "revokes": [r.to_json() for r in rec.revokes],
    }


def table(state: FortyFivesState) -> Table:
    """The facts every view begins with (``Ruleset.view``'s header)."""
    m = state.match
    return Table(m.mode, m.players, m.options, m.status, state.phase, m.dealer, m.scores, m.winners)


def game_view(state: FortyFivesState, seat: int | None) -> dict[str, Any]:
    """The game's part of ``seat``'s view (None: the referee; ``SPECTATOR``: public facts only)."""
    m = state.match
    rnd = state.round
    hands = state.hands
    out: dict[str, Any] = {
        "round": rnd.number if rnd is not None else m.rounds_done + (0 if state.phase == OVER else 1),
        "hand": texts_of(hands[seat]) if seat is not None and seat != SPECTATOR and hands is not None else None,
        "hands_scored": m.scored,  # the finished rounds that were scored (a fixed-length match counts them, §9.4)
    }
    if rnd is not None:
        out.update(round_view(state, rnd, seat))
    elif m.mode == "table":  # between rounds and once the match is over: the last round's
        out["revokes"] = [r.to_json() for r in m.history[-1].revokes] if m.history else []
    # each finished round's summary still in the state (all of them, or the last one once archived);
    # the state keeps the card-by-card tricks of the last one only
    out["history"] = _HISTORIES.get(m.history, lambda: history(state), m.players)
    return out


def history(state: FortyFivesState) -> list[dict[str, Any]]:
    """The records of the finished rounds still in the state (public)."""
    n = state.match.players
    return [record_json(r, n) for r in state.match.history]


def finished_tricks(tricks: tuple[Trick, ...], n: int) -> dict[str, Any]:
    """The round's finished tricks and how many each seat won (public)."""
    return {
        "tricks": [trick_json(t, n, i) for i, t in enumerate(tricks, 1)],
        "tricks_won": [sum(1 for t in tricks if t.winner == s) for s in range(n)],
    }


def round_view(state: FortyFivesState, rnd: Round, seat: int | None) -> dict[str, Any]:
    """The round in progress as ``seat`` may see it (None: the referee; ``SPECTATOR``: what the table
    shows, nobody's hand, discards or stock)."""
    m = state.match
    n = m.players
    hands = state.hands
    played = played_cards(state)
    demoted = rnd.demoted if rnd.demoted is not None and (seat is None or rnd.demoted in played) else None
    out: dict[str, Any] = {
        "trump": rnd.trump.value if rnd.trump is not None else None,
        "turn_up": rnd.turn_up.text if rnd.turn_up is not None else None,
        "turn_up_taken_by": rnd.robbed_by,
        "ace_announced_by": rnd.announced_by,
        "dealer_turned_ace": rnd.dealer_ace or None,
        "demoted_ace": demoted.text if demoted is not None else None,
        "trick": {
            "leader": state.leader,
            "plays": plays_json(state.leader, state.current, n),
        },
    }
    out.update(_TRICKS.get(state.tricks, lambda: finished_tricks(state.tricks, n), n))
    if hands is not None:
        out["hand_sizes"] = [h.bit_count() for h in hands]
        out["stock_size"] = len(rnd.stock)
    if rnd.auction is not None:
        a = rnd.auction
        out["auction"] = {
            "calls": [{"seat": c.seat, "call": c.call, "amount": c.amount} for c in a.calls],
            "high_bid": a.high,
            "high_bidder": a.high_seat,
            "passed": [s for s, p in enumerate(a.passed) if p],
        }
        out["contract"] = _contract(rnd.contract)
        out["drawn"] = list(rnd.drawn)
        out["kitty_size"] = len(rnd.kitty)
        out["kitty_bid"] = rnd.kitty_bid or None
    if m.mode == "table":
        out["revokes"] = [r.to_json() for r in rnd.revokes]
        out["reported_discards"] = format_cards(rnd.out)
    if seat is None and hands is not None:
        out["hands"] = {str(s): texts_of(h) for s, h in enumerate(hands)}
        out["discards"] = {str(s): format_cards(d) for s, d in enumerate(rnd.discards)}
        out["stock"] = format_cards(rnd.stock)
        out["kitty"] = format_cards(rnd.kitty)
        out["ace_holder"] = rnd.ace_holder
    elif seat is not None and seat != SPECTATOR and hands is not None:
        out["discards"] = format_cards(rnd.discards[seat]) if rnd.discards else []
        if state.phase == DEALER_DRAW and seat == rnd.dealer:
            out["stock"] = format_cards(rnd.stock)
    return out
