"""The match view typed per ruleset, for the OpenAPI document.

``MatchView`` is a union (``oneOf``) of one schema per registered ruleset's view, told apart by
``ruleset`` (each schema's one-value enum), and ``OtherRulesetView`` (the fields any view has, for a
ruleset added after the document). Each view holds the fields every view has
(``MatchViewBaseSchema``, defined once here) and what its game package's ``view_schema.json`` adds
(``Ruleset.view_schema``: the round in progress, the trick, the trump, the finished rounds in
``history``, the round facts that ``round_result`` and ``POST /v1/rulesets/{id}/score`` read), which
may name the shared parts here (``SHARED_PARTS``). So this module names no game.

The views are written by the rules core (``Ruleset.view``) and the matches layer; these schemas
only describe them. They are open (a client must ignore a field it does not know); the test
``tests/api/test_view_schema.py`` closes them and validates real views of every ruleset and mode.
The union has no OpenAPI ``discriminator``: the views of a ruleset added after a client was built
(``OtherRulesetView``) would carry a value no mapping names, which a client or a checker may refuse.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from apispec import APISpec
from marshmallow.validate import OneOf

from service.api.match_schemas import ActionSchema, ViewerSchema
from service.rules.registry import RULESETS
from service.rules.ruleset import MODES


def _ints(description: str, **kw: Any) -> ma.fields.List:
    return ma.fields.List(ma.fields.Integer(), metadata={"description": description}, **kw)



def _seat(description: str, **kw: Any) -> ma.fields.Integer:
    """A seat number (from 0), or null when ``allow_none``."""
    return ma.fields.Integer(metadata={"description": description}, **kw)



def _hand(required: bool) -> ma.fields.List:
    return ma.fields.List(ma.fields.String(), required=required, allow_none=True,
                          metadata={"description": "The seat's own hand (null for the referee and a spectator)"})


class _Open(ma.Schema):
    """A described object of a view: a client ignores a field it does not know."""

    class Meta:
        unknown = ma.INCLUDE


# --- pieces every game's view uses ------------------------------------------------------------------


class RevokeSchema(_Open):
    """A revoke found in the plays reported (table mode): a seat broke a rule of play, which the cards
    shown later prove. The referee settles it (settle_revoke) once the round is over."""

    seat = _seat("The seat that revoked", required=True)
    trick = ma.fields.Integer(required=True, metadata={"description": "The trick of the revoke, from 1"})
    card = ma.fields.String(metadata={"description": "The card played wrongly (absent while it lies face down "
                                      "and hidden from this token)"})
    code = ma.fields.String(required=True, metadata={"description": "The rule broken, as a stable code "
                                                     "(must_follow_suit ...)", "example": "must_follow_suit"})
    rule = ma.fields.String(required=True, metadata={"description": "The rule broken, in words"})
    ruling = ma.fields.String(required=True, allow_none=True,
                              metadata={"description": "The referee's ruling: apply (the penalty stands), "
                                        "waive, or null while not settled"})


class CardPlaySchema(_Open):
    """One card played to a trick, face up."""

    seat = _seat("Who played it", required=True)
    card = ma.fields.String(required=True, metadata={"example": "KH"})


class PlainTrickSchema(_Open):
    """The trick in progress: its leader and the cards played so far, in order from the leader."""

    number = ma.fields.Integer(metadata={"description": "The trick's number in the round, from 1 (Boerenbridge)"})
    leader = _seat("The seat that leads (or led) the trick", required=True, allow_none=True)
    plays = ma.fields.List(ma.fields.Nested(CardPlaySchema), required=True)


# --- every view ---------------------------------------------------------------------------------------


class MatchViewCoreSchema(_Open):
    """The fields of any ruleset's view, one this document describes or not."""

    id = ma.fields.String(required=True)
    version = ma.fields.Integer(required=True, metadata={"description": "The match version (also the ETag)"})
    ruleset = ma.fields.String(required=True)
    mode = ma.fields.String(required=True, validate=OneOf(MODES),
                            metadata={"description": "dealt: the service deals; table: real cards, reported"})
    status = ma.fields.String(required=True, validate=OneOf(["in_progress", "finished"]))
    phase = ma.fields.String(required=True, metadata={
        "description": "The step of the round the match is at (deal, bidding, play, finished ...: each game "
                       "names its own)"})
    dealer = _seat("The seat that deals the round in progress (or the next)", required=True, allow_none=True)
    to_act = _ints("The seats that may act now (several while sealed bids are made at once)", required=True)
    scores = _ints("The match scores, per seat or per team as the game keeps them", required=True)
    winners = _ints("The winning seats or teams; empty until the match is over", required=True)
    legal_actions = ma.fields.List(
        ma.fields.Nested(ActionSchema), required=True,
        metadata={"description": "Every action this token may post now, each postable as is (a round reported "
                  "whole is not among them: see accepts_round_result)"})
    accepts_round_result = ma.fields.Boolean(
        required=True,
        metadata={"description": "True while the ruleset takes the round in progress reported whole (table "
                  "mode): its referee posts {\"type\": \"round_result\", \"result\": <the round facts: the game's "
                  "RoundFacts schema, as POST /v1/rulesets/{id}/score reads them>}"})
    viewer = ma.fields.Nested(ViewerSchema, required=True, metadata={"description": "Whom the view was made for"})
    names = ma.fields.List(ma.fields.String(), required=True, metadata={"description": "The players' names, by seat"})
    preset = ma.fields.String(required=True, allow_none=True,
                              metadata={"description": "The preset the match was created with (null: none)"})
    computers = ma.fields.List(
        ma.fields.String(allow_none=True), required=True,
        metadata={"description": "Each seat's computer level (null: a person plays it); the service acts for a "
                  "computer seat before it answers, each of its actions an event by 'computer'"})
    expires_at = ma.fields.String(required=True, allow_none=True, metadata={
        "description": "When the service forgets the match if nothing more happens (UTC, ISO 8601)"})
    referee_sees_hands = ma.fields.Boolean(
        required=True,
        metadata={"description": "Whether the referee token sees every hand (dealt mode: only when the match was "
                  "created so; table mode: always)"},
    )
    seed_commitment = ma.fields.String(
        required=True, allow_none=True,
        metadata={"description": "Dealt mode: SHA-256 (hex) committing the server's match seed, the ruleset, the "
                  "options and the players (names and order) before any seat joined; the record reveals the seed "
                  "once the match is over (docs/deals.md). Null: table mode, or a match made before commitments"},
    )
    claimed = ma.fields.List(
        ma.fields.Boolean(), required=True, allow_none=True,
        metadata={"description": "Seats by invitation: which seats have been claimed (a computer seat counts as "
                  "claimed); null when the seats' tokens were given at creation"},
    )
    waiting_for_seats = ma.fields.Boolean(
        required=True,
        metadata={"description": "True while a match whose seats are claimed waits for them: nothing dealt, no "
                  "legal action, no dealer yet"},
    )
    deal_commitment = ma.fields.String(metadata={
        "description": "Dealt mode: the hex SHA-256 of the seed the round in progress was dealt from; the "
                       "match record reveals the seed once the round is over, so anyone can check the deal"})


class MatchViewBaseSchema(MatchViewCoreSchema):
    """What one token may see of a match: the fields every game's view has. ``history`` holds the
    finished rounds still kept with the match (the last one at least); ``GET /v1/matches/{id}/rounds``
    lists every one."""

    players = ma.fields.Integer(required=True, metadata={"description": "How many seats the match has"})
    options = ma.fields.Dict(required=True, metadata={
        "description": "Every option in force (the defaults, the preset's values and the options given at "
                       "creation, combined)"})
    hand = _hand(required=True)
    revokes = ma.fields.List(ma.fields.Nested(RevokeSchema), metadata={
        "description": "Table mode: the revokes found in the round in progress (between rounds: in the last "
                       "finished round, which the referee may settle)"})


class OtherRulesetViewSchema(MatchViewCoreSchema):
    """A view of a ruleset this document does not describe (one added after it): the fields any view
    has; the others as that ruleset writes them."""

    hand = _hand(required=False)

    ruleset = ma.fields.String(required=True, metadata={
        "description": "The ruleset's id: none of those the other views name"})


#: the parts of a view every game's schema may name (``service.rules.view_schema``), by component name
SHARED_PARTS: dict[str, type[ma.Schema]] = {
    "Revoke": RevokeSchema, "CardPlay": CardPlaySchema, "PlainTrick": PlainTrickSchema,
}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


BASE = "MatchViewBase"
OTHER_VIEW = "OtherRulesetView"
#: the union of the views, as a response's schema
MATCH_VIEW = ref("MatchView")


def register(spec: APISpec) -> None:
    """Put each registered ruleset's view (the fields every view has, and what its game package's
    ``view_schema.json`` adds), the ``MatchView`` union and the round facts into ``spec``."""
    schemas = spec.components.schemas
    for name, part in SHARED_PARTS.items():
        spec.components.schema(name, schema=part)
    spec.components.schema(BASE, schema=MatchViewBaseSchema)
    base = schemas.pop(BASE)  # written out in each view: a schema closed by a checker takes no allOf
    described: list[str] = []
    names: list[str] = []
    for rid, ruleset in sorted(RULESETS.items()):
        shape = ruleset.view_schema
        if shape is None:
            continue
        for name, component in shape["components"].items():
            if name not in schemas:
                spec.components.schema(name, dict(component))
            elif schemas[name] != component:
                raise ValueError(f"two games describe {name} differently")
        properties = {**base["properties"], **shape["properties"], "ruleset": {
            "type": "string", "enum": [rid], "description": "The ruleset's id"}}
        spec.components.schema(shape["name"], {
            "type": "object", "additionalProperties": True, "description": shape["description"],
            "properties": properties,
            "required": sorted({*base.get("required", ()), *shape["required"]}),
        })
        described.append(rid)
        names.append(shape["name"])
    spec.components.schema(OTHER_VIEW, schema=OtherRulesetViewSchema)
    schemas[OTHER_VIEW]["properties"]["ruleset"]["not"] = {"enum": described}
    spec.components.schema("MatchView", {
        "description": "What one token may see of a match: one schema per ruleset, told apart by 'ruleset' "
                       f"(each view's ruleset enum; {OTHER_VIEW}: a ruleset added after this document)",
        "oneOf": [ref(name) for name in [*sorted(names), OTHER_VIEW]],
    })
