"""Undo at a cost independent of the match's length.

An undo takes back the last action that still counts, with the deals and round records that followed
it, and rebuilds the state without it. Rebuilding from the create event costs what the whole match
has cost so far (bench/README.md, Undo). Instead each match document keeps its latest *round start*
(``documents.Checkpoint``): the stored state just after the latest deal and the sequence number of
that deal's event. An undo reads only the events logged after it and applies the actions among them
that still count to that state: the same steps the match took when those actions were first
posted, so the same state.

When the action taken back is the one that finished the previous round (it lies before the round
start), or the document holds no round start (saved before there were any), the undo reads the
whole log once, rebuilds the state at the latest deal that still counts (the new round start) and
goes on from there as above. A match of document format 1 keeps the replay it was made with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from service.matches import codec
from service.matches.documents import Checkpoint, MatchDocument
from service.matches.events import Decks, advance, deals_in, effective, last_undoable, replay, round_records
from service.rules.actions import Action
from service.store.base import Event


@dataclass(frozen=True, slots=True)
class Undone:
    """What an undo leaves: the state to store, the events to log after the undo event, the deals
    made so far, and the checkpoints the new document keeps."""

    taken_back: tuple[int, ...]
    state: Any
    after: list[dict[str, Any]]
    deals: int
    round_start: Checkpoint | None
    recent: Checkpoint | None


def can_start_from_round(doc: MatchDocument) -> bool:
    """Whether an undo of ``doc`` may read only the events after its round start."""
    return doc.format >= 2 and doc.round_start is not None


def from_checkpoints(doc: MatchDocument, since: Sequence[Event], decks: Decks) -> Undone | None:
    """The undo from the document's recent checkpoint, or else from its round start, given the
    events logged after the round start; None when the action to take back is before both."""
    start, recent = doc.round_start, doc.recent
    assert start is not None
    if recent is not None:
        undone = _from(doc, recent, [e for e in since if e.seq > recent.seq], decks)
        if undone is not None:
            return Undone(*undone, start, recent)
    undone = _from(doc, start, since, decks)
    return None if undone is None else Undone(*undone, start, None)


def _from(
    doc: MatchDocument, point: Checkpoint, since: Sequence[Event], decks: Decks
) -> tuple[tuple[int, ...], Any, list[dict[str, Any]], int] | None:
    """The undo replayed from ``point`` over the events logged after it (None: no action there)."""
    taken_back = last_undoable(since)
    if not taken_back:
        return None
    base = doc.state if point.state is None else point.decoded(doc.ruleset.state_type)
    gone = set(taken_back)
    keep = [e for e in effective(since) if e.seq not in gone]
    state, after, dealt = play_on(doc, base, keep, decks, point.deals)
    return tuple(taken_back), state, after, dealt


def from_whole_log(doc: MatchDocument, history: Sequence[Event], decks: Decks) -> Undone | None:
    """The undo read from the whole log; None when no action is left to take back."""
    taken_back = last_undoable(history)
    if not taken_back:
        return None
    gone = set(taken_back)
    keep = [e for e in effective(history) if e.seq not in gone]
    if doc.format < 2:  # the replay such a match was made with: rounds logged as archived
        state, after, dealt = advance(doc.ruleset, replay(doc.ruleset, keep, doc.deal_key), decks, deals_in(keep),
                                      finished_now=False, logged=len(round_records(keep)))
        return Undone(tuple(taken_back), state, after, dealt, None, None)
    last_deal = max(i for i, e in enumerate(keep) if e.data.get("kind") in ("create", "start", "deal"))
    at_deal = keep[: last_deal + 1]
    base, _ = doc.ruleset.archive(replay(doc.ruleset, at_deal, doc.deal_key))
    deals = deals_in(at_deal)
    start = Checkpoint(keep[last_deal].seq, deals, codec.encode_text(base))
    state, after, dealt = play_on(doc, base, keep[last_deal + 1:], decks, deals)
    return Undone(tuple(taken_back), state, after, dealt, start, None)


def play_on(
    doc: MatchDocument, state: Any, events: Sequence[Event], decks: Decks, deals: int
) -> tuple[Any, list[dict[str, Any]], int]:
    """``state`` with the (effective) action events applied as they were posted, then what follows."""
    for e in events:
        if e.data.get("kind") == "action":
            state = doc.ruleset.apply(state, Action.from_json(e.data["action"]))
    return advance(doc.ruleset, state, decks, deals + deals_in(events), finished_now=False)
