"""The live event stream of a match: ``GET /v1/matches/{id}/stream`` (Server-Sent Events).

Everything a client can get wrong is answered as a problem before the stream opens (an unknown
match 404, a missing or wrong token 401, a ``Last-Event-ID`` or ``after`` that is not a sequence
number 400); then ``text/event-stream``, written as the use case (``service.matches.follow``) yields:

* ``event: action``, ``id: <seq>``, ``data:`` the event as ``GET /v1/matches/{id}/events`` gives it
  to this caller (the same JSON item, the same redaction), for every event committed;
* ``event: view``, ``data:`` the caller's view (as ``GET /v1/matches/{id}``) after them;
* ``: heartbeat``, a comment, after ``STREAM_HEARTBEAT_SECONDS`` with nothing else to send;
* ``event: end``, ``data: {"reason": ...}``, last: ``timeout`` after ``STREAM_MAX_SECONDS``, or
  sooner when the server is stopping (the client reconnects with ``Last-Event-ID``), ``deleted`` or
  ``expired`` (the match is gone; do not reconnect), ``unavailable`` (the store cannot be read now;
  reconnect later).

The stream starts with ``retry: 1000`` (a browser reconnects a second after the connection drops).

**Stopping.** A stream would hold its worker through gunicorn's whole ``graceful_timeout`` after a
SIGTERM and then be cut mid-answer. ``stop_streams()`` (called by ``gunicorn.conf.py`` when a worker
gets its SIGTERM) makes every open stream of the process end, after the next item it sends (a
heartbeat at the latest, so within ``STREAM_HEARTBEAT_SECONDS``), with ``end: timeout``: the
client reconnects to a server that is not stopping and misses nothing, and the worker exits once
its other requests are answered.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask import current_app, request
from flask.wrappers import Response

from service.api.app import current_settings
from service.api.body import Blueprint
from service.api.i18n import current_language, use_language
from service.api.limits import stream_slot
from service.api.matches import bearer_token, matches
from service.api.metrics import open_stream
from service.api.wire import dumps
from service.matches.errors import InvalidRequest
from service.matches.follow import Change, End, Heartbeat, Item, Snapshot
from service.matches.usecases import MAX_SEQ
from service.rules.messages import Msg

blp = Blueprint(
    "stream",
    __name__,
    url_prefix="/v1/matches",
    description="The live stream of a match (Server-Sent Events), for every device at the table.",
)

SSE_MIME = "text/event-stream"
RECONNECT_MS = 1000

_STREAM_DOC = (
    "Server-Sent Events (`text/event-stream`), with the same bearer tokens as the view (the referee's, "
    "a seat's or the spectator's). Events:\n\n"
    "- `event: action`, `id: <seq>`, `data`: one event exactly as `GET /v1/matches/{id}/events` gives it "
    "to this token (the same redaction: a seat never receives another seat's hidden card), for every "
    "event committed (a create, a deal, an action, a round record, an undo: its `kind` says which);\n"
    "- `event: view`, `data`: this token's view (as `GET /v1/matches/{id}`) after them; one is sent at "
    "once on connecting, after any events replayed;\n"
    "- a comment line (`: heartbeat`) every `STREAM_HEARTBEAT_SECONDS` (15) with nothing else to send;\n"
    "- `event: end`, `data: {\"reason\": ...}`, the last: `timeout` after `STREAM_MAX_SECONDS` (600), "
    "or within `STREAM_HEARTBEAT_SECONDS` when the server is stopping: reconnect with `Last-Event-ID`; "
    "`deleted` or `expired`: the match is gone, do not reconnect; "
    "`unavailable`: the store cannot be read now, reconnect later.\n\n"
    "Reconnection: send the last `id` received as `Last-Event-ID` (a browser's EventSource does it by "
    "itself; the stream asks for a reconnect after 1 s with `retry: 1000`), or `?after=<seq>` on the "
    "first connect: the events after it are replayed, then the view, then the stream goes live. "
    "Without either, or with one beyond the match's last event (another match's id), the stream starts "
    "at the match's last event (no history: the first view holds the state). `Last-Event-ID` wins over "
    "`after`."
)
_AFTER = {"name": "after", "in": "query", "required": False,
          "schema": {"type": "integer", "minimum": 0, "maximum": 2**53 - 1},
          "description": "Replay the events after this seq first (a first connect)"}
_LAST_EVENT_ID = {"name": "Last-Event-ID", "in": "header", "required": False,
                  "schema": {"type": "string", "pattern": "^[0-9]{1,15}$"},
                  "description": "The last event id received: replay from there (a reconnect); not a number: 400"}

#: one event of the stream, as an SSE parser gives it (its data is JSON text)
_SSE_EVENT = {
    "type": "object",
    "properties": {
        "event": {"type": "string", "enum": ["action", "view", "end"]},
        "id": {"type": "string", "pattern": "^[0-9]+$", "description": "action: the event's seq"},
        "data": {
            "type": "string",
            "description": "JSON: action, an item of /events; view, the caller's view; end, {\"reason\": "
            "\"timeout\" | \"deleted\" | \"expired\" | \"unavailable\"}",
        },
        "retry": {"type": "integer", "description": "milliseconds to wait before reconnecting"},
    },
}


@blp.route("/<match_id>/stream", methods=["GET"])
@blp.doc(
    summary="Follow the match live (Server-Sent Events)",
    description=_STREAM_DOC,
    parameters=[_AFTER, _LAST_EVENT_ID],
    security=[{"bearerAuth": []}],
    responses={"400": "BAD_REQUEST", "401": "UNAUTHORIZED", "404": "NOT_FOUND", "501": "NOT_IMPLEMENTED",
               "503": "SERVICE_UNAVAILABLE"},
)
@blp.response(200, _SSE_EVENT, content_type=SSE_MIME, description="The event stream (the schema: one event)")
def stream_match(match_id: str) -> Response:
    queried = read_after(request.args.get("after"))  # checked even when the header wins
    header = read_after(request.headers.get("Last-Event-ID"))
    after = header if header is not None else queried
    settings = current_settings()
    give_back = stream_slot()  # a 429 problem when this token holds RATELIMIT_STREAMS open already
    try:
        following = matches().follow(
            match_id,
            bearer_token(),
            after,
            heartbeat=settings.stream_heartbeat_seconds,
            lifetime=settings.stream_max_seconds,
        )
    except BaseException:
        if give_back is not None:
            give_back()
        raise
    language = current_language()

    def events() -> Iterator[bytes]:
        # written after the view returned, outside the request: each item in the request's language
        # counted open (referee_open_streams) from its first byte until it ends or the client is gone
        try:
            with open_stream():
                yield f"retry: {RECONNECT_MS}\n\n".encode()
                for item in following:
                    with use_language(language):
                        chunk = encode(item)
                    yield chunk
                    if _stopping and not isinstance(item, End):
                        yield encode(End("timeout"))
                        return
        finally:
            following.close()

    headers = {"Cache-Control": "no-store", "Vary": "Authorization", "X-Accel-Buffering": "no"}
    response = current_app.response_class(events(), status=200, headers=headers, mimetype=SSE_MIME)
    if give_back is not None:
        response.call_on_close(give_back)  # when the answer is closed, whether it was ever started
    return response


#: set once by ``stop_streams``: the process is stopping (a plain flag: it is set in a signal handler)
_stopping = False


def stop_streams() -> None:
    """End every open stream of this process after the next item it sends (module docstring,
    Stopping). Safe in a signal handler: it only sets a flag."""
    global _stopping
    _stopping = True


def read_after(raw: str | None) -> int | None:
    """The sequence number a client gave (``?after=`` or ``Last-Event-ID``), or None; a 400 problem
    ``invalid_last_event_id`` when it is not a whole number from 0 to ``MAX_SEQ``."""
    if raw is None:
        return None
    text = raw.strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 16 and int(text) <= MAX_SEQ):
        raise InvalidRequest(Msg("matches.bad_last_event_id", most=MAX_SEQ), code="invalid_last_event_id")
    return int(text)


def encode(item: Item) -> bytes:
    """One item as Server-Sent Event text (the JSON is one line: it never holds a raw newline)."""
    if isinstance(item, Change):
        return _event("action", item.item, item.seq)
    if isinstance(item, Snapshot):
        return _event("view", item.view)
    if isinstance(item, Heartbeat):
        return b": heartbeat\n\n"
    assert isinstance(item, End)
    return _event("end", {"reason": item.reason})


def _event(name: str, data: Any, event_id: int | None = None) -> bytes:
    head = f"event: {name}\n" if event_id is None else f"event: {name}\nid: {event_id}\n"
    return head.encode() + b"data: " + dumps(data) + b"\n\n"
