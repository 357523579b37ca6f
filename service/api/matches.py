"""The match endpoints (DESIGN.md §4): create, view, act, events, undo, delete.

Each view reads the request (token, headers, body), calls one use case of ``service.matches`` and
writes its result: the status, the JSON and the headers are chosen here, and only here (the use
cases return domain values). Nothing here knows a game or touches the store directly. Bodies are
read as raw JSON and checked by the use case *after* the token, so a caller without a valid token
learns nothing from the body's errors.

Headers: ``Authorization: Bearer <token>`` (every endpoint but create); ``ETag: "<version>"`` on
every answer about a match; ``If-Match`` on writes (412 when stale); ``If-None-Match`` on the view
(304); ``Idempotency-Key`` on create, actions and undo (a retry answers the first answer again,
with ``Idempotent-Replayed: true``; the same key for another request: 422). Answers carry
``Cache-Control: no-store`` (they hold tokens and hands).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app, request
from flask.wrappers import Response

from service.api.apidoc import example, problem_answers
from service.api.body import Blueprint, body_bytes, json_response, read_json_body
from service.api.config import Settings
from service.api.i18n import current_language
from service.api.match_schemas import (
    ActionSchema,
    ClaimedSchema,
    ClaimSchema,
    CreateMatchSchema,
    EventsQuerySchema,
    EventsSchema,
    MatchCreatedSchema,
    MatchRecordSchema,
    RoundsSchema,
    SeatLinksSchema,
)
from service.api.record_formats import as_csv, as_text
from service.api.view_schemas import MATCH_VIEW
from service.matches.errors import InvalidRequest, Unauthorized
from service.matches.results import (
    Claimed,
    Created,
    EventPage,
    Expected,
    RoundSheet,
    SeatLinks,
    SeatTicket,
    Viewed,
)
from service.matches.usecases import Matches
from service.rules.messages import Msg
from service.store.base import Store

MATCHES_KEY = "trick_referee.matches"

blp = Blueprint(
    "matches",
    __name__,
    url_prefix="/v1/matches",
    description="Matches: dealt by the service (hands kept secret) or played at a real table (reported "
    "by a referee). Each seat has its own token and sees only what it may see.",
)

# Authorization: Bearer <token>, the referee's or a seat's token of the match
_SECURITY: list[dict[str, list[str]]] = [{"bearerAuth": []}]
_IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"},
             "description": 'The version the request was decided on, as its ETag ("7"); stale: 412'}
_IF_NONE_MATCH = {"name": "If-None-Match", "in": "header", "required": False, "schema": {"type": "string"},
                  "description": "An ETag the client holds; unchanged: 304"}
_IDEMPOTENCY_KEY = {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[\\x20-\\x7e]+$"},
    "description": "A retry with the same key answers the first answer and changes nothing twice; "
    "the same key with another request: 422",
}
_SEAT = {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0},
         "description": "The seat (0 for the first player); one that is not a seat of the match: 401 invalid_invite"}
_CLAIM_KEY = {
    **_IDEMPOTENCY_KEY,
    "description": "A key the phone draws and keeps before it claims: a retry with the same invitation and key "
    "(its first answer lost on the way) answers the same token again; without it, or with another key, a "
    "claimed seat's invitation is dead (409 invite_used)",
}
_ETAG_HEADER = {"ETag": "ETag"}  # the header components of service/api/apidoc.py
_REPLAYABLE_HEADERS = {"ETag": "ETag", "Idempotent-Replayed": "Idempotent-Replayed"}


def _body(schema: type) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def _errors(*statuses: int) -> Callable[[Any], Any]:
    """Document the problem answers an endpoint may give (documentation only: no wrapper per status)."""
    return problem_answers(blp, *statuses)


def init_app(app: Flask, settings: Settings) -> None:
    """Document the bearer tokens (the use cases are built with the app: ``app.create_app``)."""
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})


def matches() -> Matches:
    """The use cases of the app serving this request."""
    found: Matches = current_app.extensions[MATCHES_KEY]
    return found


def match_store(app: Flask) -> Store:
    found: Matches = app.extensions[MATCHES_KEY]
    return found.store


def bearer_token() -> str | None:
    """The bearer token of ``Authorization: Bearer <token>`` (the scheme in any case), None without
    the header; any other scheme, or a bare token, is refused (401 ``invalid_authorization``)."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, value = header.strip().partition(" ")
    if scheme.lower() != "bearer":
        raise Unauthorized(Msg("api.bearer_required"), code="invalid_authorization")
    return value.strip()


def etag(version: int) -> str:
    return f'"{version}"'


def _expected(header: str | None) -> Expected | None:
    """The versions an ``If-Match`` / ``If-None-Match`` header names (``"7"``, ``W/"7"``, ``7``, a list,
    or ``*``); None without the header. A tag that names no version (written otherwise) matches none."""
    if header is None:
        return None
    versions: set[int] = set()
    for raw in header.split(","):
        tag = raw.strip()
        if tag == "*":
            return Expected(any_version=True)
        if tag.startswith("W/"):
            tag = tag[2:]
        if len(tag) >= 2 and tag[0] == tag[-1] == '"':
            tag = tag[1:-1]
        if tag.isascii() and tag.isdigit() and len(tag) <= 19 and tag == str(int(tag)):
            versions.add(int(tag))
    return Expected(frozenset(versions))


#: on every answer about a match: it holds tokens or hands, and depends on who asks
_PRIVATE = {"Cache-Control": "no-store", "Vary": "Authorization"}


@dataclass(frozen=True, slots=True)
class Answer:
    """What the API answers for a use case's result: status, JSON body (None: no body), headers."""

    status: int
    body: Any
    headers: dict[str, str]


def _answer(body: Any, status: int, version: int, *, replayed: bool = False) -> Answer:
    headers = {**_PRIVATE, "ETag": etag(version)}
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return Answer(status, body, headers)


def viewed_answer(result: Viewed) -> Answer:
    """A view (200), or 304 when the caller holds that version already."""
    if result.view is None:
        return _answer(None, 304, result.version)
    return _answer(result.view, 200, result.version, replayed=result.replayed)


def created_answer(result: Created) -> Answer:
    body = {
        "id": result.match_id,
        "version": result.version,
        "referee_token": result.referee_token,
        "seats": [_ticket(s) for s in result.seats],
        "spectator_token": result.spectator_token,
        "view": result.view,
    }
    answer = _answer(body, 201, result.version, replayed=result.replayed)
    answer.headers["Location"] = f"{blp.url_prefix}/{result.match_id}"
    return answer


def _ticket(ticket: SeatTicket) -> dict[str, Any]:
    """A seat of a create or links answer: its token, or (seats by invitation) its invitation."""
    out: dict[str, Any] = {"seat": ticket.seat, "name": ticket.name}
    if ticket.token is not None or ticket.invite is None:
        out["token"] = ticket.token
    if ticket.invite is not None:
        out["invite"] = ticket.invite
    return out


def claimed_answer(result: Claimed) -> Answer:
    body = {"seat": result.seat, "name": result.name, "token": result.token, "version": result.version,
            "entropy_used": result.entropy_used, "view": result.view}
    return _answer(body, 200, result.version, replayed=result.replayed)


def events_answer(page: EventPage) -> Answer:
    body = {"version": page.version, "events": page.events, "last_seq": page.last_seq, "more": page.more}
    return _answer(body, 200, page.version)


def rounds_answer(sheet: RoundSheet) -> Answer:
    return _answer({"version": sheet.version, "rounds": sheet.rounds}, 200, sheet.version)


def links_answer(links: SeatLinks) -> Answer:
    seats = [_ticket(s) for s in links.seats]
    body = {"version": links.version, "seats": seats, "spectator_token": links.spectator_token}
    return _answer(body, 200, links.version)


DELETED = Answer(204, None, dict(_PRIVATE))


def _respond(answer: Answer) -> Response:
    if answer.body is None:
        return current_app.response_class(status=answer.status, headers=answer.headers)
    return json_response(answer.body, answer.status, answer.headers)


def _optional_body() -> Any:
    """The JSON body of a request that may have none (undo): None when empty."""
    return read_json_body() if body_bytes() else None


@blp.route("", methods=["POST"])
@blp.doc(parameters=[_IDEMPOTENCY_KEY], requestBody=_body(CreateMatchSchema))
@blp.response(201, MatchCreatedSchema, headers=_REPLAYABLE_HEADERS, example=example("created"))
@_errors(400, 404, 415, 422, 503)
def create_match() -> Response:
    """Start a match: the referee's token, one token per seat (each shown once), and the referee's
    view. Dealt mode deals the first round at once."""
    created = matches().create(read_json_body(), idempotency_key=request.headers.get("Idempotency-Key"))
    return _respond(created_answer(created))


@blp.route("/<match_id>", methods=["GET"])
@blp.doc(parameters=[_IF_NONE_MATCH], security=_SECURITY)
@blp.response(200, MATCH_VIEW, headers=_ETAG_HEADER, example=example("seat_view"))
@blp.alt_response(304, description="Not modified (If-None-Match names the current version)")
@_errors(401, 404, 503)
def get_match(match_id: str) -> Response:
    """The caller's view: a seat sees its own hand and the public facts; the referee sees every card in
    table mode, and in dealt mode only with referee_sees_hands (otherwise what the spectator sees)."""
    viewed = matches().view(match_id, bearer_token(), known=_expected(request.headers.get("If-None-Match")))
    return _respond(viewed_answer(viewed))


@blp.route("/<match_id>/actions", methods=["POST"])
@blp.doc(
    parameters=[_IF_MATCH, _IDEMPOTENCY_KEY],
    security=_SECURITY,
    requestBody=_body(ActionSchema),
)
@blp.response(200, MATCH_VIEW, headers=_REPLAYABLE_HEADERS, description="The caller's view after the action",
              example=example("seat_view_after_play"))
@_errors(400, 401, 403, 404, 409, 412, 415, 422, 503)
def post_action(match_id: str) -> Response:
    """Take one action (a play, a bid ...): dealt mode, with the acting seat's token; table mode, the
    referee's token acts for any seat. 409 not your turn, wrong phase, or a lost race without If-Match;
    412 a stale If-Match; 422 an illegal action (with the legal ones)."""
    return _respond(viewed_answer(
        matches().act(
            match_id,
            bearer_token(),
            read_json_body(),
            expected=_expected(request.headers.get("If-Match")),
            idempotency_key=request.headers.get("Idempotency-Key"),
        )
    ))


@blp.route("/<match_id>/seats/<seat>/claim", methods=["POST"], parameters=[_SEAT])
@blp.doc(requestBody=_body(ClaimSchema), parameters=[_CLAIM_KEY])
@blp.response(200, ClaimedSchema, headers=_REPLAYABLE_HEADERS)
@_errors(400, 401, 404, 409, 415, 503)
def claim_seat(match_id: str, seat: str) -> Response:
    """Claim a seat of a match created with "seats": "claim", by the invitation the create answer gave
    for it (no Authorization: the invitation is the credential): the seat's token, given this once
    (409 invite_used after; a retry under the first claim's Idempotency-Key answers it again), and
    its view. The claim may carry the seat's entropy (a string the phone draws), mixed into every
    deal (docs/deals.md); the last seat claimed starts the match."""
    number = int(seat) if seat.isascii() and seat.isdigit() and len(seat) <= 4 else None
    return _respond(claimed_answer(matches().claim(
        match_id, number, read_json_body(), idempotency_key=request.headers.get("Idempotency-Key"))))


@blp.route("/<match_id>/start", methods=["POST"])
@blp.doc(parameters=[_IF_MATCH], security=_SECURITY)
@blp.response(200, MATCH_VIEW, headers=_ETAG_HEADER, description="The referee's view after the start")
@_errors(400, 401, 403, 404, 409, 412, 503)
def start_match(match_id: str) -> Response:
    """Start a match whose seats are claimed before every seat has joined (referee only; no body): the
    first dealer is drawn and the first round dealt; the seats not claimed yet contribute no entropy
    (their invitations still give them their tokens). 409 match_started when it is not waiting."""
    body = _optional_body()
    if body not in (None, {}):
        raise InvalidRequest(Msg("api.start_takes_no_body"))
    return _respond(viewed_answer(
        matches().start(match_id, bearer_token(), expected=_expected(request.headers.get("If-Match")))
    ))


@blp.route("/<match_id>/events", methods=["GET"])
@blp.arguments(EventsQuerySchema, location="query", as_kwargs=True)
@blp.doc(security=_SECURITY)
@blp.response(200, EventsSchema, headers=_ETAG_HEADER)
@_errors(400, 401, 404, 503)
def get_events(match_id: str, after: int = 0, limit: int | None = None) -> Response:
    """The match's history after the event ``after``, as the caller may see it (no deck, no hidden card)."""
    return _respond(events_answer(matches().events(match_id, bearer_token(), after=after, limit=limit)))


@blp.route("/<match_id>/rounds", methods=["GET"])
@blp.doc(security=_SECURITY)
@blp.response(200, RoundsSchema, headers=_ETAG_HEADER)
@_errors(401, 404, 503)
def get_rounds(match_id: str) -> Response:
    """Every finished round's record (the match's score sheet), oldest first. A view's ``history``
    holds the last one only, so that views stay the same size however long a match runs."""
    return _respond(rounds_answer(matches().rounds(match_id, bearer_token())))


@blp.route("/<match_id>/links", methods=["GET"])
@blp.doc(security=_SECURITY)
@blp.response(200, SeatLinksSchema, headers=_ETAG_HEADER)
@_errors(401, 403, 404, 409, 503)
def get_links(match_id: str) -> Response:
    """The seats' tokens and the spectator's again, for the referee's token only (403 referee_only for
    any other), so that the seat links can be shown again on any device holding the referee's link.
    409 links_not_kept: a match made before they could be given again."""
    return _respond(links_answer(matches().links(match_id, bearer_token())))


_FORMAT = {"name": "format", "in": "query", "required": False,
           "schema": {"type": "string", "enum": ["json", "text", "csv"], "default": "json"},
           "description": "json: the record (default); text: a printable score sheet and trick-by-trick record; "
           "csv: the score sheet"}


@blp.route("/<match_id>/record", methods=["GET"])
@blp.doc(parameters=[_FORMAT], security=_SECURITY, responses={200: {"content": {
    "text/plain": {"schema": {"type": "string", "description": "format=text"}},
    "text/csv": {"schema": {"type": "string", "description": "format=csv"}},
}}})
@blp.response(200, MatchRecordSchema, headers=_ETAG_HEADER)
@_errors(400, 401, 404, 503)
def get_record(match_id: str) -> Response:
    """The whole match as one document: ruleset, options, players, the first dealer, every deal (its
    commitment; its seed, deck and hands once its round is over), every action (who, what, undone),
    every action the rules refused (who, what, the refusal's code; another seat's cards hidden until
    its round is over), each round's record, scores and winners, and the match seed once the match is
    over. A seat (and the referee of a dealt match who does not see the hands) gets the finished rounds
    only.
    ``python -m service.verify RECORD.json`` checks a record offline."""
    fmt = request.args.get("format", "json")
    if fmt not in ("json", "text", "csv"):
        raise InvalidRequest(Msg("api.bad_record_format"), code="invalid_format", legal=["json", "text", "csv"])
    result = matches().record(match_id, bearer_token())
    record = {**result.record, "language": current_language()}  # the language its messages are written in
    answer = _answer(record, 200, result.version)
    if fmt == "json":
        return _respond(answer)
    text = as_text(record) if fmt == "text" else as_csv(record)
    mime = "text/plain" if fmt == "text" else "text/csv"
    return current_app.response_class(text, status=200, headers=answer.headers, mimetype=mime)


@blp.route("/<match_id>/undo", methods=["POST"])
@blp.doc(parameters=[_IF_MATCH, _IDEMPOTENCY_KEY], security=_SECURITY)
@blp.response(200, MATCH_VIEW, headers=_REPLAYABLE_HEADERS, description="The referee's view after the undo")
@_errors(400, 401, 403, 404, 409, 412, 503)
def undo(match_id: str) -> Response:
    """Take back the last action (and any deal it caused). Referee only; no body."""
    body = _optional_body()
    if body not in (None, {}):
        raise InvalidRequest(Msg("api.undo_takes_no_body"))
    return _respond(viewed_answer(
        matches().undo(
            match_id,
            bearer_token(),
            expected=_expected(request.headers.get("If-Match")),
            idempotency_key=request.headers.get("Idempotency-Key"),
        )
    ))


@blp.route("/<match_id>", methods=["DELETE"])
@blp.doc(parameters=[_IF_MATCH], security=_SECURITY)
@blp.response(204, description="Deleted")
@_errors(401, 403, 404, 412, 503)
def delete_match(match_id: str) -> Response:
    """Delete the match and its history. Referee only."""
    matches().delete(match_id, bearer_token(), expected=_expected(request.headers.get("If-Match")))
    return _respond(DELETED)
