"""Idempotent replays from small records: a record keeps the version its request produced and the
``expires_at`` its answer said, not a copy of the view; a replay rebuilds that view.

The view a request answered is the caller's view of the match at the version it produced. While
the match is still at that version, it is the stored document's own view. When the match has
moved on, the state at that version is rebuilt from the log: the events of that version and
before (each event carries the version it produced), without those an undo at or before it took
back, replayed as an undo replays them (``undo.play_on``), so the same state the request left.
The match's expiry in that view (``expires_at``) is the one instant a replay cannot rebuild, so
the record keeps it: ``{"viewed": {"v": <version>, "x": <expires_at>}}``, a small fraction of the
view it stands for, so that keyed requests do not multiply a match's memory (bench/README.md, Store).

A match of document format 1 (rounds logged as archived) keeps full answers, as before; records
written before this module hold a ``view`` and are answered from it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from service.matches.documents import MatchDocument
from service.matches.events import Decks, deals_in, effective, replay
from service.matches.results import Viewed
from service.matches.undo import play_on
from service.rules.messages import encode_messages, revive
from service.store.base import Event

#: the lowest document format whose state at a past version can be rebuilt from the log
REBUILDABLE_FORMAT = 2


def answer_to_keep(doc: MatchDocument, version: int, view: Mapping[str, Any]) -> dict[str, Any]:
    """What a record keeps of the answer ``view`` at ``version``."""
    if doc.format < REBUILDABLE_FORMAT:
        return {"viewed": {"version": version, "view": encode_messages(dict(view))}}
    return {"viewed": {"v": version, "x": view.get("expires_at")}}


def state_at(doc: MatchDocument, history: Sequence[Event], version: int, decks: Decks) -> tuple[Any, int]:
    """The state the match had at ``version`` and the deals made by then, from its whole log."""
    keep = effective([e for e in history if e.data.get("version", 0) <= version])
    last_deal = max(i for i, e in enumerate(keep) if e.data.get("kind") in ("create", "start", "deal"))
    at_deal = keep[: last_deal + 1]
    base, _ = doc.ruleset.archive(replay(doc.ruleset, at_deal, doc.deal_key))
    state, _, dealt = play_on(doc, base, keep[last_deal + 1 :], decks, deals_in(at_deal))
    return state, dealt


def rebuilt(
    viewed: Mapping[str, Any],
    doc: MatchDocument,
    current: int,
    view_of: Callable[[MatchDocument, int], dict[str, Any]],
    history: Callable[[], Sequence[Event]],
    decks: Decks,
) -> Viewed:
    """The answer a slim record (``answer_to_keep``) stands for, for a match now at ``current``
    as ``doc``: ``view_of(doc, version)`` is the caller's view of a document, ``history()`` reads
    the whole log (only when the match has moved on)."""
    version = viewed["v"]
    if version != current:
        state, dealt = state_at(doc, history(), version, decks)
        doc = doc.with_state(state, dealt, doc.saved_at)
    view = view_of(doc, version)
    view["expires_at"] = viewed["x"]
    return Viewed(version, revive(encode_messages(view)), replayed=True)
