"""The refusal log: the actions the rules refused, kept beside the event log (``Store.append_refusal``).

A refused action changes nothing (no version, no event), yet the record of a match shows who tried
what and why it was refused (``service.matches.record``). Each entry (JSON) is:

* ``seq_after``: the last event seq of the match when it was refused (its place in the history);
* ``by``: the seat that posted it, or ``"referee"``;
* ``action``: the action object as posted (``None`` when the body was not an object, or too large);
* ``code``: the refusal's code; ``at``: when (RFC 3339, UTC, to the second).

Only what the rules refuse is logged (an illegal play, not your turn, an action that cannot be read):
never a refusal of the caller (a token, a seat not its own), of the version, or an idempotent replay.

Sight: an entry's card fields (``card``, ``cards``) name cards of that seat's hand (or a guess at
one), so they are shown like hands: to the seat itself, to everyone once the round it was made in is
over, and to whoever sees every hand; others get the entry without them.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from service.matches.instants import utc_text
from service.rules.actions import ACTION_KEYS
from service.rules.facts import is_json_int

log = logging.getLogger("service.matches")

#: the largest action (compact JSON, bytes) an entry keeps; a larger one is kept as its type and seat
MAX_ACTION_BYTES = 1024
#: the longest ``type`` kept of an action too large to keep whole
MAX_TYPE_CHARS = 40
#: the fields of an action that name cards
CARD_FIELDS = ("card", "cards")


def entry(seq_after: int, seat: int | None, body: Any, code: str, at: float) -> dict[str, Any]:
    """The log entry of a refused action posted as ``body`` by ``seat`` (None: the referee)."""
    return {
        "seq_after": seq_after,
        "by": "referee" if seat is None else seat,
        "action": posted_action(body),
        "code": str(code),
        "at": utc_text(at),
    }


def posted_action(body: Any) -> dict[str, Any] | None:
    """The action as posted, bounded: the object's fields an action may have (unknown ones are named
    by the refusal's code already), whole when its JSON is at most ``MAX_ACTION_BYTES``, else only its
    type and seat; None when the body is no object."""
    if not isinstance(body, Mapping):
        return None
    kept = {k: body[k] for k in ACTION_KEYS if k in body}
    try:
        size = len(json.dumps(kept, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except (TypeError, ValueError):
        size = MAX_ACTION_BYTES + 1
    if size <= MAX_ACTION_BYTES:
        return kept
    short: dict[str, Any] = {}
    kind, seat = body.get("type"), body.get("seat")
    if isinstance(kind, str):
        short["type"] = kind[:MAX_TYPE_CHARS]
    if is_json_int(seat) and 0 <= seat < 2**31:
        short["seat"] = seat
    return short


def warn_unlogged(match_id: str, code: str, error: BaseException) -> None:
    """A refusal that could not be logged: the refusal stands, a warning says so (no token, no hand)."""
    log.warning(
        "refusal not logged",
        extra={"match_id": match_id, "code": code, "error": type(error).__name__},
    )


def shown(
    entries: Sequence[Mapping[str, Any]],
    deal_at: Mapping[int, int | None],
    *,
    viewer: int | None,
    sees_all: bool,
    over: int,
    last_seq: int,
) -> list[dict[str, Any]]:
    """The entries a viewer gets, oldest first: those made up to ``last_seq`` (the record's version),
    each whole when the viewer may see its cards (its own seat ``viewer``; ``sees_all``; the deal it
    was made in, ``deal_at[seq_after]``, is below ``over``, so its round is over), else without them."""
    out: list[dict[str, Any]] = []
    for e in entries:
        seq = e.get("seq_after")
        if not isinstance(seq, int) or seq > last_seq:
            continue
        deal = deal_at.get(seq)
        action = e.get("action")
        whole = sees_all or (viewer is not None and e.get("by") == viewer) or deal is None or deal < over
        if isinstance(action, Mapping) and not whole:
            action = {k: v for k, v in action.items() if k not in CARD_FIELDS}
        out.append({"seq_after": seq, "by": e.get("by"), "code": e.get("code"), "action": action,
                    "deal": deal, "at": e.get("at")})
    return out
