"""Undo at a cost independent of the match's length.

An undo takes back the last action that still counts, with the deals and round records that followed
it, and rebuilds the state without it. Rebuilding from the create event costs what the whole match
has cost so far (bench/README.md, Undo). Instead each match document keeps its latest *round start*
(``documents.Checkpoint``): the stored state just after the latest deal and the sequence number of
that deal's event. An undo reads only the events logged after it and applies the actions among them
that still count to that state: the same steps the match took when those actions were first
posted, so the same state.

Between round starts the document keeps a *recent* checkpoint (at most ``CHECKPOINT_EVERY`` events
old): an undo reads the events after it first, and the events after the round start only when the
action to take back lies before it, so an undo reads and decodes about the same few events however
long the round or the match has gone on (undone actions and their undo events included).

When the action taken back is the one that finished the previous round (it lies before the round
start), or the document holds no round start (saved before there were any), the undo reads the
whole log once, rebuilds the state at the latest deal that still counts (the new round start) and
goes on from there as above. A match of document format 1 keeps the replay it was made with.

A checkpoint's state is decoded once: the worker keeps the last few it decoded with their JSON
(``CHECKPOINTS``, a ``Bounded``), as the undos of one round start from the same checkpoint, and the
new state, built on the checkpoint's, is encoded for saving from that JSON (``codec.encode_like``:
only what the replayed actions changed is encoded again).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from service.matches import codec
from service.matches.documents import Checkpoint, MatchDocument
from service.matches.events import Decks, advance, deals_in, effective, last_undoable, replay, round_records
from service.rules.actions import Action
from service.rules.bounded import Bounded
from service.store import encoding
from service.store.base import Event

#: decoded checkpoint states with their JSON, by state type and stored text (a few per match undone)
CHECKPOINTS: Bounded[tuple[type, str], tuple[Any, Any]] = Bounded(32)


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
    #: an earlier state the new one is built on, with its JSON, to encode the new one from (None: none)
    basis: tuple[Any, Any] | None = None


def take_back(doc: MatchDocument, events_after: Callable[[int], Sequence[Event]], decks: Decks) -> Undone | None:
    """What an undo of ``doc`` leaves (None: nothing to undo), reading the log through
    ``events_after(seq)`` (the events logged after ``seq``): from the recent checkpoint, else from
    the round start, else from the whole log, each read only when the one before cannot serve."""
    start, recent = doc.round_start, doc.recent
    if doc.format >= 2 and start is not None:
        if recent is not None:
            found = _from(doc, recent, events_after(recent.seq), decks)
            if found is not None:
                return Undone(*found[:4], start, recent, found[4])
        found = _from(doc, start, events_after(start.seq), decks)
        if found is not None:
            return Undone(*found[:4], start, None, found[4])
    return from_whole_log(doc, events_after(0), decks)


def _from(
    doc: MatchDocument, point: Checkpoint, since: Sequence[Event], decks: Decks
) -> tuple[tuple[int, ...], Any, list[dict[str, Any]], int, tuple[Any, Any]] | None:
    """The undo replayed from ``point`` over the events logged after it (None: no action there),
    with the state at ``point`` and its JSON."""
    taken_back = last_undoable(since)
    if not taken_back:
        return None
    base = (doc.state, doc.encoded_state()) if point.state is None else _decoded(doc.ruleset.state_type, point.state)
    gone = set(taken_back)
    keep = [e for e in effective(since) if e.seq not in gone]
    state, after, dealt = play_on(doc, base[0], keep, decks, point.deals)
    return tuple(taken_back), state, after, dealt, base


def _decoded(state_type: type, text: str) -> tuple[Any, Any]:
    """A checkpoint's state from its stored text, with its JSON (once per text: ``CHECKPOINTS``)."""
    key = (state_type, text)
    found = CHECKPOINTS.get(key)
    if found is None:
        data = encoding.loads(text)
        found = (codec.decode(state_type, data), data)
        CHECKPOINTS.put(key, found)
    return found


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
