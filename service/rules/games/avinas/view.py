"""Avinas views: what one seat may see of the hand in progress and of the match
(docs/rules/avinas.md §4.3); the referee (``seat`` None) sees everything, a spectator
(``SPECTATOR``) what the whole table sees: no hand, no private exposure, no face-down card.

``Ruleset.view`` writes the header every game's view has (from ``table``), then this game's part
(``game_view``).

* A seat sees its own hand. ``exposures`` has one entry per #4/#8 position in dealing order, at the
  same place in every seat's view, with its ``card`` (and whether it was ``played``) only where
  the table shows it to that seat: face up for all; a dealer-side non-seven to the dealer and its
  holder (the others learn just that it is not a seven).
* The current trick shows a face-down lead without its card to everyone but its leader until the
  trick is complete; the completed tricks show every card. A seat's ``legal_actions`` in table mode
  (every card it may be reported playing) count a face-down lead as unseen, so they do not betray
  it either, and neither do the revokes. Errors quote only the acting seat's own cards.
* ``scores`` are the pips per team (what ends the match); ``rams`` and ``pips`` are listed too.
  ``history`` lists the finished hands still in the state; ``last_hand_explanation`` says how the
  last one was scored; a finished hand is written as every seat sees it (``records.record_json``).
  ``hands_played`` counts every hand, archived or not, and numbers the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.rules.cards import SUITS, Card, Suit
from service.rules.games.avinas.ranking import PLAIN_STRENGTH, TRUMP_STRENGTH, is_permanent_trump
from service.rules.games.avinas.records import record_json, trick_json
from service.rules.games.avinas.round_end import end_reason, explanation
from service.rules.games.avinas.scoring import team_of
from service.rules.games.avinas.state import (
    EXPOSE,
    AvinasState,
    HandState,
    cards_reported,
    opponent_of_dealer,
    played_cards,
    position_of,
)
from service.rules.revokes import Revoke
from service.rules.ruleset import FINISHED, SPECTATOR, Table
from service.rules.shared import PARTS_KEPT, Once

#: the finished hands' records, made once per tuple of them (public; ``service.rules.shared``)
_HISTORIES = Once(PARTS_KEPT)


def table(state: AvinasState) -> Table:
    """``Ruleset.table``: the facts every view begins with; ``scores`` are the pips per team."""
    hand = state.hand
    phase = "finished" if state.status == FINISHED else ("deal" if hand is None else hand.phase)
    return Table(state.mode, state.n_players, state.options, state.status, phase, state.dealer, state.pips,
                 state.winners)


def game_view(state: AvinasState, seat: int | None) -> dict[str, Any]:
    """``Ruleset.game_view``: the match's own part of ``seat``'s view (``None``: the referee;
    ``SPECTATOR``: the public facts only), after the shared header."""
    out: dict[str, Any] = {
        "scores_are": "pips",
        "rams": list(state.rams),
        "pips": list(state.pips),
        "result": state.result,
        "end_reason": end_reason(state),
        "hands_played": state.hands_played,
        "history": _HISTORIES.get(state.history, lambda: [record_json(r) for r in state.history]),
        "last_hand_explanation": list(explanation(state.history[-1], state.options)) if state.history else [],
    }
    hand = state.hand
    if hand is None:
        if state.mode == "table":
            last = state.history[-1].revokes if state.history else ()
            out["revokes"] = [r.to_json() for r in last]
        return out
    out.update(hand_view(state, hand, seat))
    return out


def sorted_hand(hand: Sequence[Card], trump: Suit | None) -> list[str]:
    """A hand for display: trumps first, high to low, once the trump suit is known; then by suit."""
    if trump is not None:
        strength = TRUMP_STRENGTH[trump]
    else:  # before the no-seven opening lead only the Queens and Jacks are sure trumps
        strength = {c: v for c, v in TRUMP_STRENGTH[Suit.CLUBS].items() if is_permanent_trump(c)}

    def key(c: Card) -> tuple[int, int, int]:
        if c in strength:
            return (0, 0, -strength[c])
        return (1, SUITS.index(c.suit), -PLAIN_STRENGTH[c])

    return [c.text for c in sorted(hand, key=key)]


def hand_view(state: AvinasState, hand: HandState, seat: int | None) -> dict[str, Any]:
    """The hand in progress as ``seat`` may see it (§4.3; ``None``: the referee; ``SPECTATOR``: what
    the whole table sees, no hand)."""
    dealer = hand.dealer
    played = played_cards(hand, seat)
    out: dict[str, Any] = {
        "hand_number": hand.number,
        "game": hand.game,
        "trump": hand.trump.value if hand.trump is not None else None,
        "declarer": hand.declarer,
        "declared": hand.declared,
        "calls": [{"seat": c.seat, "call": "pass" if c.amount is None else c.amount} for c in hand.calls],
        "knocks": [{"seat": k.seat, "knock": k.knocked} for k in hand.knocks],
        "knock_count": sum(1 for k in hand.knocks if k.knocked),
    }
    if hand.hands is not None and seat is not None and seat != SPECTATOR:
        out["hand"] = sorted_hand(hand.hands[seat], hand.trump)
    if hand.hands is not None and seat is None:
        out["hands"] = [sorted_hand(h, hand.trump) for h in hand.hands]

    # §4.3, one entry per #4/#8 position in dealing order, the same places in every seat's view:
    # face-up cards for all; a dealer-side non-seven only for the dealer and its holder (the
    # others learn just that it is not a seven); whether it was played only where it is seen.
    exposures = []
    for e in hand.exposures:
        item: dict[str, Any] = {"seat": e.seat, "position": e.position, "face_up": e.public}
        if e.card is not None and (e.public or seat is None or seat in (dealer, e.seat)):
            item["card"] = e.card.text
            item["played"] = e.card in played
        exposures.append(item)
    out["exposures"] = exposures
    out["tricks"] = [trick_json(t, seat, complete=True) for t in hand.tricks]
    out["trick"] = trick_json(hand.current, seat, complete=False) if hand.current else None
    # deprecated: the name Avinas' views used before ``trick`` (every game's name); kept for one release
    out["current_trick"] = out["trick"]
    pts, won = [0, 0], [0, 0]
    for t in hand.tricks:
        if t.winner is not None:
            pts[team_of(t.winner)] += t.points
            won[team_of(t.winner)] += 1
    out["card_points"] = pts
    out["tricks_won"] = won
    if state.mode == "table":
        out["revokes"] = [revoke_json(r, hand, seat) for r in hand.revokes]
        out["round_result_allowed"] = not cards_reported(hand)
        if hand.phase == EXPOSE:
            s, position = position_of(len(hand.exposures), dealer)
            out["expose_next"] = {"seat": s, "position": position,
                                  "face_up": opponent_of_dealer(s, dealer)}
    return out


def revoke_json(r: Revoke, hand: HandState, seat: int | None) -> dict[str, Any]:
    """A revoke as ``seat`` may see it: a face-down lead's card stays hidden until its trick is complete."""
    out = r.to_json()
    cur = hand.current
    hidden = seat is not None and cur is not None and r.trick == cur.number and r.seat != seat
    if hidden and cur is not None and any(p.face_down and p.card is r.card for p in cur.plays):
        del out["card"]
    return out
