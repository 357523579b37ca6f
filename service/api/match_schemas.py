"""Marshmallow schemas of the match endpoints, for the OpenAPI document.

The bodies are read by the matches layer itself (``service.matches``), after the caller's token has
been checked, with the same strictness these schemas describe (unknown fields refused, integers
must be JSON integers, cards read leniently).
"""

from __future__ import annotations

import marshmallow as ma
from marshmallow.validate import OneOf, Range

from service.api.fields import INTEGER_MESSAGES, CardField, QueryInteger, SuitField
from service.api.schemas import OPTIONS_DESCRIPTION, preset_field
from service.computer.levels import LEVELS
from service.matches.usecases import MAX_SEQ
from service.rules.actions import ACTION_KEYS
from service.rules.registry import EXAMPLE_MATCH_ID
from service.rules.ruleset import MODES

NAME_PATTERN = "[^\\s\\x1c-\\x1f\\x85]|\\ufeff"


class CreateMatchSchema(ma.Schema):
    """``POST /v1/matches``."""

    ruleset = ma.fields.String(required=True, metadata={"example": EXAMPLE_MATCH_ID})
    mode = ma.fields.String(
        required=True,
        validate=OneOf(MODES),
        metadata={"description": "dealt: the service shuffles, deals and keeps hands secret; "
                  "table: people play with real cards and the referee reports what happens"},
    )
    players: ma.fields.List = ma.fields.List(
        # a name holds a character Python's str.strip() keeps: written for both regex dialects
        # (ECMA's \s lacks \x1c-\x1f and \x85, and has \ufeff, which Python does not strip)
        ma.fields.Field(metadata={"oneOf": [
            {"type": "string", "minLength": 1, "maxLength": 100, "pattern": NAME_PATTERN},
            {
                "type": "object",
                "description": "A seat the service plays (dealt mode; at least one seat a person's)",
                "properties": {
                    "name": {"type": "string", "minLength": 1, "maxLength": 100, "pattern": NAME_PATTERN},
                    "computer": {"type": "string", "enum": list(LEVELS),
                                 "description": "The computer's level (computer_levels in GET /v1/rulesets/{id})"},
                },
                "required": ["name", "computer"],
                "additionalProperties": False,
            },
        ]}),
        required=True,
        metadata={"description": "The players, in seat order (seat 0 first): each a name, or {name, computer} for "
                  "a computer seat", "example": ["Ann", "Bob", {"name": "Computer", "computer": "easy"}]},
    )
    options = ma.fields.Dict(keys=ma.fields.String(), metadata={"description": OPTIONS_DESCRIPTION})
    preset = preset_field()
    dealer = ma.fields.Integer(strict=True, error_messages=INTEGER_MESSAGES, validate=Range(min=0),
        allow_none=True,
        metadata={
            "description": "The first dealer's seat; absent or null: chosen by the ruleset's method (or at random)"
        },
    )
    seats = ma.fields.String(
        validate=OneOf(["claim"]),
        metadata={"description": "Dealt mode: \"claim\" gives each seat an invitation instead of its token "
                  "(seats[].invite); each player claims their seat with it (POST /v1/matches/{id}/seats/{seat}/claim) "
                  "and gets a token nobody else holds. Nothing is dealt before every seat is claimed (or the "
                  "referee starts the match: POST /v1/matches/{id}/start). Absent: each seat's token in the answer"},
    )
    referee_sees_hands = ma.fields.Boolean(
        metadata={"description": "Dealt mode: whether the referee token sees every hand (a referee who does not "
                  "play). Absent or false: the referee of a dealt match sees what the spectator token sees (public "
                  "cards, scores, whose turn), in its view, events, stream and record, so that the person who "
                  "created the match cannot look at the other players' cards. Table mode: the referee reports "
                  "every card and sees them all."},
    )


class ActionSchema(ma.Schema):
    """One action, as listed in a view's ``legal_actions`` (each is postable as is)."""

    type = ma.fields.String(
        required=True,
        metadata={"description": "play, bid, pass, hold, rob, decline, name_trump, discard, knock, declare, "
                  "stop, turn_up, expose, round_result, settle_revoke ... (each ruleset names its own)",
                  "example": "play"},
    )
    seat = ma.fields.Integer(strict=True, error_messages=INTEGER_MESSAGES, validate=Range(min=0),
        metadata={"description": "The acting seat; with a seat token it may be left out (the token's seat)"},
    )
    card = CardField()
    cards = ma.fields.List(CardField())
    amount = ma.fields.Integer(
        strict=True, error_messages=INTEGER_MESSAGES, metadata={"description": "A bid or declared amount"}
    )
    suit = SuitField()
    face_down = ma.fields.Boolean()
    result = ma.fields.Dict(
        metadata={"description": "round_result (table mode): the round's facts, as POST /v1/rulesets/{id}/score "
                  "reads them (each game's: the schemas FortyFivesRoundFacts, BoerenbridgeRoundFacts and "
                  "AvinasRoundFacts)"}
    )
    trick = ma.fields.Integer(
        strict=True, error_messages=INTEGER_MESSAGES, validate=Range(min=1),
        metadata={"description": "settle_revoke (table mode, referee): the 1-based trick of the revoke by `seat` "
                  "in the last finished round"},
    )
    ruling = ma.fields.String(
        validate=OneOf(("apply", "waive")),
        metadata={"description": "settle_revoke: apply the match's revoke_penalty to the revoke, or waive it"},
    )


assert set(ActionSchema().fields) == set(ACTION_KEYS)


class SeatTokenSchema(ma.Schema):
    seat = ma.fields.Integer(required=True)
    name = ma.fields.String(required=True)
    token = ma.fields.String(
        allow_none=True,
        metadata={"description": "This seat's bearer token (shown once); absent when the seats are claimed by "
                  "invitation (see invite), null for a seat already claimed"},
    )
    invite = ma.fields.String(
        allow_none=True,
        metadata={"description": "Seats by invitation (\"seats\": \"claim\"): the invitation its player claims "
                  "the seat with (POST /v1/matches/{id}/seats/{seat}/claim), once; absent for a computer seat "
                  "and, in the links, for a seat already claimed"},
    )


class ClaimSchema(ma.Schema):
    """``POST /v1/matches/{id}/seats/{seat}/claim``."""

    invite = ma.fields.String(required=True, metadata={"description": "The seat's invitation"})
    entropy = ma.fields.String(
        validate=ma.validate.Length(min=1, max=256),
        metadata={"description": "A string the player's device draws (printable ASCII, 1 to 256 characters), "
                  "mixed with the server's committed match seed into every deal (docs/deals.md); ignored once "
                  "the match has started", "pattern": "^[\\x20-\\x7e]+$"},
    )


class ClaimedSchema(ma.Schema):
    seat = ma.fields.Integer(required=True)
    name = ma.fields.String(required=True)
    token = ma.fields.String(required=True, metadata={"description": "The seat's bearer token, given this once"})
    version = ma.fields.Integer(required=True)
    entropy_used = ma.fields.Boolean(
        required=True, metadata={"description": "Whether the claim's entropy goes into the deals (not once the "
                                 "match has started)"})
    view: ma.fields.Field = ma.fields.Field(required=True, metadata={
        "description": "The seat's view", "allOf": [{"$ref": "#/components/schemas/MatchView"}]})


class ViewerSchema(ma.Schema):
    role = ma.fields.String(required=True, validate=OneOf(["referee", "seat", "spectator"]))
    seat = ma.fields.Integer(required=True, allow_none=True)


class MatchCreatedSchema(ma.Schema):
    id = ma.fields.String(required=True)
    version = ma.fields.Integer(required=True)
    referee_token = ma.fields.String(
        required=True,
        metadata={"description": "Undoes and deletes; acts for any seat in table mode, where it sees every card. "
                  "In dealt mode it sees the hands only when the match was created with referee_sees_hands; "
                  "otherwise it sees what the spectator token sees"},
    )
    seats = ma.fields.List(ma.fields.Nested(SeatTokenSchema), required=True)
    spectator_token = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "Read-only, for a shared screen: the view (public facts only: no hand, no legal "
            "actions), the events and the stream; any write with it is 403 spectator_read_only. Null only "
            "when a create made before spectators is answered again"
        },
    )
    view: ma.fields.Field = ma.fields.Field(required=True, metadata={
        "description": "The referee's view", "allOf": [{"$ref": "#/components/schemas/MatchView"}]})


class SeatLinksSchema(ma.Schema):
    version = ma.fields.Integer(required=True)
    seats = ma.fields.List(ma.fields.Nested(SeatTokenSchema), required=True,
                           metadata={"description": "Each seat's token, as the create answer gave it"})
    spectator_token = ma.fields.String(required=True, metadata={"description": "The spectator's token"})


class MatchEventSchema(ma.Schema):
    class Meta:
        unknown = ma.INCLUDE

    seq = ma.fields.Integer(required=True)
    version = ma.fields.Integer(required=True, metadata={"description": "The match version this event produced"})
    kind = ma.fields.String(required=True, validate=OneOf(["create", "deal", "action", "round", "undo", "claim",
                                                         "start"]))
    action = ma.fields.Dict(metadata={"description": "The action, as this token may see it"})
    by = ma.fields.String(metadata={"description": "referee, seat or computer (the service, for a computer seat)"})
    round = ma.fields.Dict(metadata={"description": "round: a finished round's record, as the view's history shows it"})
    undone = ma.fields.Raw(
        metadata={"description": "action, round: whether it was undone; undo: the seqs taken back"}
    )


class EventsSchema(ma.Schema):
    version = ma.fields.Integer(required=True)
    events = ma.fields.List(ma.fields.Nested(MatchEventSchema), required=True)
    last_seq = ma.fields.Integer(required=True, metadata={"description": "Pass as 'after' to read on"})
    more = ma.fields.Boolean(required=True, metadata={"description": "True when 'limit' cut the page short"})


class RoundsSchema(ma.Schema):
    version = ma.fields.Integer(required=True)
    rounds = ma.fields.List(
        ma.fields.Dict(),
        required=True,
        metadata={"description": "Every finished round's record, oldest first, as the view's history shows it"},
    )


class EventsQuerySchema(ma.Schema):
    after = QueryInteger(
        load_default=0, validate=Range(min=0, max=MAX_SEQ), metadata={"description": "Events after this seq"}
    )
    limit = QueryInteger(validate=Range(min=1, max=1000), metadata={"description": "At most this many"})


class MatchRecordSchema(ma.Schema):
    """The match record (``GET /v1/matches/{id}/record``); ``python -m service.verify`` checks one."""

    class Meta:
        unknown = ma.INCLUDE

    record_version = ma.fields.Integer(required=True, metadata={"description": "The record's format (2)"})
    match_version = ma.fields.Integer(required=True)
    ruleset = ma.fields.String(required=True)
    mode = ma.fields.String(required=True)
    options = ma.fields.Dict(required=True)
    players = ma.fields.List(ma.fields.String(), required=True)
    first_dealer = ma.fields.Dict(required=True, metadata={"description": "The first dealer and how it was chosen"})
    status = ma.fields.String(required=True)
    scores = ma.fields.List(ma.fields.Integer(), required=True)
    winners = ma.fields.List(ma.fields.Integer(), required=True)
    deals = ma.fields.List(ma.fields.Dict(), required=True, metadata={
        "description": "Each deal: index, commitment (hex SHA-256 of its seed); once its round is over, "
        "seed (hex), deck (top first) and hands (per seat, as dealt)"})
    actions = ma.fields.List(ma.fields.Dict(), required=True, metadata={
        "description": "Each action posted: seq, version, by (referee, seat or computer), action, deal, undone"})
    refused = ma.fields.List(ma.fields.Dict(), required=True, metadata={
        "description": "Each action the rules refused (it changed nothing: no version, no event), oldest first, "
        "the last 200 kept: seq_after (the last event seq then), by (a seat, or referee), code (the refusal's), "
        "action (as posted; null when the body was no action object; without card and cards when another "
        "seat made it in a round not over yet, unless the caller sees every hand), deal, at"})
    rounds = ma.fields.List(ma.fields.Dict(), required=True, metadata={"description": "Each finished round's record"})
    complete = ma.fields.Boolean(required=True, metadata={
        "description": "True when the record holds every deal and action so far (else: the finished rounds)"})
    match_seed = ma.fields.String(metadata={"description": "Once the match is over: the server's match seed, from "
                                  "which (with the entropies) every deal came"})
    seed_commitment = ma.fields.String(required=True, allow_none=True, metadata={
        "description": "The commitment every view showed (null: table mode, or a match made before commitments)"})
    entropies = ma.fields.List(ma.fields.String(allow_none=True), required=True, allow_none=True, metadata={
        "description": "Each seat's entropy, mixed into every deal (null: none given)"})
    language = ma.fields.String(required=True, metadata={"description": "The language of the record's texts"})
