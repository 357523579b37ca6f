"""Avinas's finished hands and tricks as JSON: the records ``round_end.archive`` takes out of the
state and the history and tricks of a view (``view``) are written by the same functions. A finished
hand is public, so a record is the same for every seat; a trick in progress hides a face-down lead
from everyone but its leader until the trick is complete (docs/rules/avinas.md §4.3, §7.2)."""

from __future__ import annotations

from typing import Any

from service.rules.games.avinas.play import REASONS
from service.rules.games.avinas.state import HandRecord, Trick
from service.rules.messages import Msg


def record_json(record: HandRecord) -> dict[str, Any]:
    """A finished hand for the history (its explanation is shown for the last hand only)."""
    return {
        "number": record.number,
        "dealer": record.dealer,
        "outcome": record.outcome,
        "source": record.source,
        "game": record.game,
        "declarer": record.declarer,
        "trump": record.trump.value if record.trump is not None else None,
        "declared": record.declared,
        "knocks": record.knocks,
        "declarers_knocked": record.declarers_knocked,
        "card_points": list(record.card_points),
        "tricks_won": list(record.tricks_won),
        "stopped_after": record.stopped_after,
        "stopped_by": record.stopped_by,
        "lied": record.lied,
        "declarer_won": record.declarer_won,
        "loser": record.loser,
        "tier": record.tier,
        "due": record.due,
        "unit": record.unit,
        "rams": list(record.rams),
        "pips": list(record.pips),
        "revokes": [r.to_json() for r in record.revokes],
        "sevens_exposed": record.sevens_exposed,
        "void": record.void,
        # the tricks of a hand played card by card, every card face up (public once the hand is over)
        "tricks": [trick_json(t, None, complete=True) for t in record.tricks],
    }


def trick_reason(t: Trick) -> Msg | str:
    """Why a complete trick's winner won, as a message (a state stored before: its English)."""
    reasons = REASONS.get(t.reason)
    if reasons is None or t.winner is None:
        return t.reason
    return reasons[t.plays[(t.winner - t.leader) % 4].card]


def trick_json(t: Trick, seat: int | None, complete: bool) -> dict[str, Any]:
    plays = []
    for i, p in enumerate(t.plays):
        who = t.seat_of(i)
        item: dict[str, Any] = {"seat": who, "face_down": p.face_down}
        if not p.face_down or complete or seat is None or seat == who:
            item["card"] = p.card.text
        plays.append(item)
    out: dict[str, Any] = {"number": t.number, "leader": t.leader, "plays": plays}
    if t.signal is not None:
        out["signal"] = t.signal
    if complete:
        out.update({"winner": t.winner, "points": t.points, "reason": trick_reason(t)})
    return out
