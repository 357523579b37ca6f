"""Older stored shapes read as the current one, at the points where stored data is read: a match
document (``steps.MatchSteps._load``) and an idempotency record (``steps.MatchSteps._prior``), so
that the use cases read one shape of each.

* **A document** saved before one of its fields existed lacks it, and its absence meant what the
  field's value in ``DOCUMENT_DEFAULTS`` means: a document without ``format`` is of format 1, one
  without ``referee_sees_hands`` was made when the referee saw every hand, one without
  ``spectator_hash`` has no spectator, and so on. A document saved before its events were counted
  has no ``logged`` (or a null one): the count is the sequence number of its last event, which
  the caller reads from the log (``uncounted`` says when).
* **An idempotency record** written before fingerprints were kept in base64 holds its fingerprint
  in hex (``idempotency.stored_fingerprint``).

What stays a variant of the current shape, because turning it into another would change answers or
needs a secret the store does not hold: a match of format 1 (its log lacks the round its state
holds; ``replays``, ``undo``), a dealt match made before seeds (its deals are logged with their
decks, ``events.replay``), records of the full view (a format-1 match still writes them) and records
filed under an older key (found by ``Store.get_idempotency``'s ``older`` keys in the same read).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from service.matches.idempotency import stored_fingerprint
from service.store.base import IdempotencyRecord

#: each document field that a document saved before it existed lacks, with what its absence meant
DOCUMENT_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {
        "format": 1,
        "referee_sees_hands": True,
        "spectator_hash": None,
        "seed": None,
        "deals": 0,
        "saved_at": 0.0,
        "round_start": None,
        "recent": None,
        "preset": None,
        "computers": None,
        "seed_commitment": None,
        "entropies": None,
        "invite_hashes": None,
        "claimed": None,
        "started": True,
    }
)
_DOCUMENT_FIELDS = frozenset(DOCUMENT_DEFAULTS)
#: the length of a fingerprint kept in hex (SHA-256), as records were written before
_HEX_FINGERPRINT = 64


def is_current(data: Mapping[str, Any]) -> bool:
    """Whether a stored document is of the current shape already (``document`` would not change it)."""
    return not uncounted(data) and data.keys() >= _DOCUMENT_FIELDS


def uncounted(data: Mapping[str, Any]) -> bool:
    """Whether a stored document was saved before its events were counted: ``document`` then needs
    the sequence number of the match's last event."""
    return data.get("logged") is None


def document(data: Mapping[str, Any], last_seq: int | None = None) -> dict[str, Any]:
    """A stored document in the current shape: every field present, ``logged`` counted
    (``last_seq``: the sequence number of the match's last event, given when ``uncounted``)."""
    out = {**DOCUMENT_DEFAULTS, **data}
    if out.get("logged") is None:
        if last_seq is None:
            raise ValueError("a document saved before its events were counted needs its last event's number")
        out["logged"] = last_seq
    return out


def record(stored: IdempotencyRecord) -> IdempotencyRecord:
    """An idempotency record in the current shape: its fingerprint in the form kept now."""
    if len(stored.fingerprint) != _HEX_FINGERPRINT:
        return stored
    return IdempotencyRecord(stored_fingerprint(stored.fingerprint), stored.answer)
