"""How one match's records are named, and which match ids are acceptable (DESIGN.md §5).

Every key of a match starts with its hash tag ``{match:<id>}``, so a Redis Cluster keeps the
document, the event stream and the idempotency records in one slot and a single script can commit
them together. Both stores accept the same match ids.
"""

from __future__ import annotations

from service.store.base import MATCH_ID_PATTERN


def is_valid_match_id(match_id: object) -> bool:
    """True for an id that ``MATCH_ID_PATTERN`` accepts."""
    return isinstance(match_id, str) and MATCH_ID_PATTERN.fullmatch(match_id) is not None


def require_valid_match_id(match_id: object) -> str:
    """The id itself, or ValueError naming the rule it breaks."""
    if not is_valid_match_id(match_id):
        raise ValueError(
            f"match id {match_id!r} is not 1 to 128 characters from A-Z a-z 0-9 _ - . ~"
        )
    assert isinstance(match_id, str)
    return match_id


def match_tag(match_id: str) -> str:
    """The hash tag every key of the match carries."""
    return f"{{match:{match_id}}}"


def doc_key(match_id: str) -> str:
    """Hash with the version (``v``), the document JSON (``d``), the last event seq (``s``), the
    id of the last commit (``c``), the last seq in the compacted log (``k``, absent: none), the
    compacted log itself (``l``, marked by ``lh``: absent, the log is at ``log_key``) and the
    refusal log (``rn``: entries ever appended, ``r<n>``: entry n, the last ``REFUSAL_LOG_LIMIT`` kept;
    ``ri``: the id of the last append; ``redis_scripts.APPEND_REFUSAL``)."""
    return f"{match_tag(match_id)}:doc"


def events_key(match_id: str) -> str:
    """Stream of the match's events; entry ``<seq>-0`` holds field ``d`` (the event JSON)."""
    return f"{match_tag(match_id)}:events"


def log_key(match_id: str) -> str:
    """String of the compacted events (``service.store.event_log``: frames from seq 1 up to the
    doc hash's ``k``; the Stream holds the events after that) of a match stored before the log
    moved into the doc hash (``l``), until its next compaction moves it there."""
    return f"{match_tag(match_id)}:log"


def idempotency_prefix(match_id: str) -> str:
    """Every idempotency scope key of the match starts with this (see ``idempotency_scope``)."""
    return f"{match_tag(match_id)}:idem:"


def secret_key(name: str) -> str:
    """Where the service's shared secret ``name`` is kept (``Store.shared_secret``): outside every
    match's slot, never expiring."""
    return f"referee:secret:{name}"
