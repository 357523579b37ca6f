"""The match view typed per ruleset, for the OpenAPI document (issue 38).

``MatchView`` is a union (``oneOf``) of one schema per ruleset's view, told apart by ``ruleset``
(each schema's one-value enum): ``FortyFivesView``, ``AuctionFortyFivesView``, ``BoerenbridgeView`` and
``AvinasView`` (and ``OtherRulesetView``, the fields any view has, for a ruleset added after the
document). Each holds the fields every view has (``MatchViewBaseSchema``, defined once here)
and the game's own: the round in progress, the trick, the trump, the finished rounds (``history``)
and, in table mode, the revokes. The round facts a table referee reports whole (``round_result``)
and ``POST /v1/rulesets/{id}/score`` reads are described per game too (``*RoundFacts``).

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
from service.rules.games.avinas import AVINAS
from service.rules.games.boerenbridge import BOERENBRIDGE
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.ruleset import MODES

FORTY_FIVES_ID, AUCTION_ID, BOERENBRIDGE_ID, AVINAS_ID = (
    FORTY_FIVES.id, AUCTION_FORTY_FIVES.id, BOERENBRIDGE.id, AVINAS.id)
RULESET_IDS = (FORTY_FIVES_ID, AUCTION_ID, BOERENBRIDGE_ID, AVINAS_ID)


def _ints(description: str, **kw: Any) -> ma.fields.List:
    return ma.fields.List(ma.fields.Integer(), metadata={"description": description}, **kw)


def _cards(description: str, **kw: Any) -> ma.fields.List:
    return ma.fields.List(ma.fields.String(), metadata={"description": description}, **kw)


def _seat(description: str, **kw: Any) -> ma.fields.Integer:
    """A seat number (from 0), or null when ``allow_none``."""
    return ma.fields.Integer(metadata={"description": description}, **kw)


def _suit(description: str, **kw: Any) -> ma.fields.String:
    """A suit letter (C, D, H or S); nullable enums are left out of the document, whose client
    generators read them badly."""
    return ma.fields.String(metadata={"description": f"{description}: C, D, H or S"}, **kw)


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


class FortyFivesTrickSchema(_Open):
    """A finished trick of the round (Forty-Fives): every card, the winning seat and card."""

    number = ma.fields.Integer(required=True, metadata={"description": "From 1"})
    leader = _seat("The seat that led", required=True)
    plays = ma.fields.List(ma.fields.Nested(CardPlaySchema), required=True)
    winner = _seat("The seat that won it", required=True)
    card = ma.fields.String(required=True, metadata={"description": "The winning card"})


class BoerenbridgeTrickSchema(_Open):
    """A finished trick of the round (Boerenbridge)."""

    number = ma.fields.Integer(required=True, metadata={"description": "From 1"})
    leader = _seat("The seat that led", required=True)
    winner = _seat("The seat that won it", required=True)
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
        "description": "The ruleset's id: none of those the other views name", "not": {"enum": sorted(RULESET_IDS)}})


def _teams() -> ma.fields.List:
    return ma.fields.List(ma.fields.List(ma.fields.Integer()), required=True, metadata={
        "description": "The partnerships, each a list of seats (scores are per team, in this order)"})


def _ruleset(rid: str) -> ma.fields.String:
    return ma.fields.String(required=True, validate=OneOf([rid]), metadata={"description": "The ruleset's id"})


# --- Forty-Fives and Auction Forty-Fives ----------------------------------------------------------------


class ContractSchema(_Open):
    """The winning bid of the auction (Auction Forty-Fives, bidding)."""

    seat = _seat("The bidder (null in a round reported whole, where only the team is told)", required=True,
                 allow_none=True)
    team = ma.fields.Integer(required=True, metadata={"description": "The bidder's team (0 or 1)"})
    amount = ma.fields.Integer(required=True, metadata={"description": "The points bid"})


class AuctionCallSchema(_Open):
    """One call of the auction."""

    seat = _seat("Who called", required=True)
    call = ma.fields.String(required=True, metadata={"description": "bid, pass or hold", "example": "bid"})
    amount = ma.fields.Integer(allow_none=True, metadata={"description": "The points bid (null for a pass)"})


class AuctionSchema(_Open):
    """The auction of the round (Auction Forty-Fives, bidding)."""

    calls = ma.fields.List(ma.fields.Nested(AuctionCallSchema), required=True, metadata={
        "description": "Every call so far, in order"})
    high_bid = ma.fields.Integer(required=True, allow_none=True, metadata={"description": "The highest bid so far"})
    high_bidder = _seat("Who made it", required=True, allow_none=True)
    passed = _ints("The seats that have passed", required=True)


class FortyFivesRoundRecordSchema(_Open):
    """A finished round (hand) of Forty-Fives, as ``history`` lists it: public, nothing hidden."""

    round = ma.fields.Integer(required=True, metadata={"description": "The round's number, from 1"})
    dealer = _seat("Who dealt it", required=True)
    trump = _suit("The trump suit", required=True, allow_none=True)
    turn_up = ma.fields.String(required=True, allow_none=True, metadata={"description": "The card turned up"})
    turn_up_taken_by = _seat("Who robbed the turn-up (took it in)", required=True, allow_none=True)
    ace_announced_by = _seat("Who announced holding the ace of trumps", required=True, allow_none=True)
    demoted_ace = ma.fields.String(required=True, allow_none=True, metadata={
        "description": "The ace of trumps ranked lowest this round, when the house rule demoted it"})
    contract = ma.fields.Nested(ContractSchema, required=True, allow_none=True,
                                metadata={"description": "The winning bid (bidding only)"})
    tricks = ma.fields.List(ma.fields.Nested(FortyFivesTrickSchema), required=True, metadata={
        "description": "Its tricks (empty when the round was reported whole, or kept for the last round only)"})
    tricks_won = _ints("Tricks won, per seat", required=True)
    highest_trump = ma.fields.String(required=True, allow_none=True,
                                     metadata={"description": "The highest trump played (the bonus card)"})
    bonus_seat = _seat("Who played it (null: no bonus)", required=True, allow_none=True)
    points = _ints("The round's points, per seat or team", required=True)
    scores = _ints("The match scores after it", required=True)
    void = ma.fields.Boolean(required=True, metadata={"description": "True when the round did not count "
                                                      "(a revoke's penalty voided it)"})
    reported = ma.fields.Boolean(required=True, metadata={"description": "True when it was reported whole "
                                                          "(round_result) instead of card by card"})
    made = ma.fields.Boolean(required=True, allow_none=True,
                             metadata={"description": "Whether the contract was made (null: no contract)"})
    revokes = ma.fields.List(ma.fields.Nested(RevokeSchema), required=True)


class _FortyFivesFamilyViewSchema(MatchViewBaseSchema):
    """The part of a view both Forty-Fives games share."""

    round = ma.fields.Integer(required=True, metadata={"description": "The round in progress (or the next), from 1"})
    hands_scored = ma.fields.Integer(required=True, metadata={"description": "The finished rounds that were scored "
                                                              "(a fixed-length match counts them)"})
    history = ma.fields.List(ma.fields.Nested(FortyFivesRoundRecordSchema), required=True)
    trump = _suit("The trump suit of the round (null before it is known)", allow_none=True)
    turn_up = ma.fields.String(allow_none=True, metadata={"description": "The card turned up for trumps"})
    turn_up_taken_by = _seat("Who robbed the turn-up", allow_none=True)
    ace_announced_by = _seat("Who announced holding the ace of trumps", allow_none=True)
    dealer_turned_ace = ma.fields.String(allow_none=True, metadata={
        "description": "When the dealer turned up an ace: what the dealer may do with it now (the house rule's "
                       "step), null otherwise"})
    demoted_ace = ma.fields.String(allow_none=True, metadata={
        "description": "The ace of trumps ranked lowest this round (shown once played; the referee sees it at "
                       "once)"})
    trick = ma.fields.Nested(PlainTrickSchema, metadata={"description": "The trick in progress"})
    tricks = ma.fields.List(ma.fields.Nested(FortyFivesTrickSchema), metadata={"description": "The round's finished "
                                                                               "tricks"})
    tricks_won = _ints("Tricks won this round, per seat")
    hand_sizes = _ints("Dealt mode: how many cards each seat holds")
    stock_size = ma.fields.Integer(metadata={"description": "Dealt mode: the cards left in the stock"})
    reported_discards = _cards("Table mode: the cards reported discarded this round")
    discards: ma.fields.Field = ma.fields.Field(metadata={
        "description": "Dealt mode: a seat's own discards this round (a list); the referee who sees the hands: "
                       "every seat's, by seat", "oneOf": [
                           {"type": "array", "items": {"type": "string"}},
                           {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
                       ]})
    stock = _cards("The stock: the referee who sees the hands, or the dealer picking replacements from it")
    hands = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.List(ma.fields.String()), metadata={
        "description": "The referee who sees the hands: every seat's hand, by seat"})
    kitty = _cards("The referee who sees the hands: the kitty")
    ace_holder = _seat("The referee who sees the hands: who holds the ace of trumps", allow_none=True)


class FortyFivesViewSchema(_FortyFivesFamilyViewSchema):
    """A Forty-Fives match as one token sees it."""

    ruleset = _ruleset(FORTY_FIVES_ID)


class AuctionFortyFivesViewSchema(_FortyFivesFamilyViewSchema):
    """An Auction Forty-Fives match as one token sees it (the bidding fields only when trumps are bid for)."""

    ruleset = _ruleset(AUCTION_ID)
    teams = _teams()
    auction = ma.fields.Nested(AuctionSchema)
    contract = ma.fields.Nested(ContractSchema, allow_none=True, metadata={"description": "The winning bid, once "
                                                                           "the auction is over"})
    drawn = _ints("How many cards each seat drew after discarding")
    kitty_size = ma.fields.Integer(metadata={"description": "The cards in the kitty"})
    kitty_bid = ma.fields.String(allow_none=True, metadata={
        "description": "What the bidder bid on the kitty (keep_one, whole_hand), or null"})


# --- Boerenbridge -----------------------------------------------------------------------------------------


class BoerenbridgeBiddingSchema(_Open):
    """The bids of the round in progress (sealed bids stay hidden until every bid is in)."""

    mode = ma.fields.String(required=True, metadata={"description": "simultaneous (sealed) or sequential"})
    active = ma.fields.List(ma.fields.Boolean(), required=True,
                            metadata={"description": "Per seat: whether it bids this round"})
    bids = ma.fields.List(ma.fields.Integer(allow_none=True), required=True,
                          metadata={"description": "Per seat: its bid, null while not made or still sealed"})
    status = ma.fields.List(ma.fields.String(validate=OneOf(["non_bidder", "waiting", "bid", "sealed"])),
                            required=True, metadata={"description": "Per seat: non_bidder, waiting, bid or sealed"})
    revealed = ma.fields.Boolean(required=True, metadata={"description": "True once the bids are shown"})
    hook_player = _seat("The last bidder, who may not make the bids add up to the cards dealt", required=True,
                        allow_none=True)
    hook_rule = ma.fields.Boolean(required=True, metadata={"description": "Whether that rule holds this round"})
    forbidden_bid = ma.fields.Integer(required=True, allow_none=True,
                                      metadata={"description": "The bid the last bidder may not make"})
    reviser = _seat("The seat that may still change its bid", required=True, allow_none=True)
    revision_open = ma.fields.Boolean(required=True, metadata={"description": "Whether it may change it now"})
    trump_chooser = _seat("The seat that names trumps (the highest bidder, under that house rule)",
                          required=True, allow_none=True)


class BoerenbridgeRoundRecordSchema(_Open):
    """A finished round of Boerenbridge, as ``history`` lists it."""

    round = ma.fields.Integer(required=True, metadata={"description": "The round's number, from 1"})
    dealer = _seat("Who dealt it", required=True)
    hand_size = ma.fields.Integer(required=True, metadata={"description": "The cards dealt to each seat"})
    trump = _suit("The trump suit (null: none)", required=True, allow_none=True)
    bids = ma.fields.List(ma.fields.Integer(allow_none=True), required=True,
                          metadata={"description": "Per seat (null: the seat did not bid)"})
    tricks = _ints("Tricks won, per seat", required=True)
    points = _ints("The round's points, per seat", required=True)
    scores = _ints("The match scores after it", required=True)
    revokes = ma.fields.List(ma.fields.Nested(RevokeSchema), required=True)
    reported = ma.fields.Boolean(required=True, metadata={"description": "True when it was reported whole "
                                                          "(round_result)"})
    void = ma.fields.Boolean(required=True, metadata={"description": "True when the round did not count"})


class BoerenbridgeViewSchema(MatchViewBaseSchema):
    """A Boerenbridge match as one token sees it."""

    ruleset = _ruleset(BOERENBRIDGE_ID)
    result = ma.fields.String(required=True, allow_none=True, metadata={
        "description": "How the match ended (null while it is played), such as no_winner"})
    round = ma.fields.Integer(required=True, metadata={"description": "The round in progress (or the next), from 1"})
    history = ma.fields.List(ma.fields.Nested(BoerenbridgeRoundRecordSchema), required=True)
    hands = ma.fields.List(ma.fields.List(ma.fields.String()), metadata={
        "description": "The referee who sees the hands: every seat's hand, by seat"})
    hand_size = ma.fields.Integer(metadata={"description": "The cards dealt to each seat this round"})
    cards_left = _ints("The cards each seat still holds")
    trump = _suit("The trump suit (null: none, or not named yet)", allow_none=True)
    turn_up = ma.fields.String(allow_none=True, metadata={"description": "The card turned up for trumps"})
    bidding = ma.fields.Nested(BoerenbridgeBiddingSchema)
    trick = ma.fields.Nested(PlainTrickSchema, metadata={"description": "The trick in progress"})
    tricks = ma.fields.List(ma.fields.Nested(BoerenbridgeTrickSchema),
                            metadata={"description": "The round's finished tricks"})
    tricks_won = _ints("Tricks won this round, per seat")
    round_result_allowed = ma.fields.Boolean(metadata={
        "description": "Table mode: whether the round may still be reported whole (no card reported yet)"})


# --- Avinas ------------------------------------------------------------------------------------------------


class AvinasCallSchema(_Open):
    seat = _seat("Who called", required=True)
    call: ma.fields.Field = ma.fields.Field(required=True, metadata={
        "description": "The trumps declared, or pass", "oneOf": [{"type": "integer"}, {"type": "string",
                                                                                          "enum": ["pass"]}]})


class AvinasKnockSchema(_Open):
    seat = _seat("Who was asked", required=True)
    knock = ma.fields.Boolean(required=True, metadata={"description": "Whether the seat knocked (doubled)"})


class ExposureSchema(_Open):
    """A card shown at dealing (the fourth and eighth card of each hand), at the same place in every view."""

    seat = _seat("Whose card", required=True)
    position = ma.fields.Integer(required=True, metadata={"description": "Its place in the deal (4 or 8)"})
    face_up = ma.fields.Boolean(required=True, metadata={"description": "Shown to the whole table"})
    card = ma.fields.String(metadata={"description": "The card, where this token sees it"})
    played = ma.fields.Boolean(metadata={"description": "Whether it has been played (where the card is seen)"})


class ExposeNextSchema(_Open):
    """Table mode: the next card to report shown at dealing."""

    seat = _seat("Whose card", required=True)
    position = ma.fields.Integer(required=True)
    face_up = ma.fields.Boolean(required=True)


class AvinasPlaySchema(_Open):
    seat = _seat("Who played it", required=True)
    face_down = ma.fields.Boolean(required=True, metadata={"description": "Played face down"})
    card = ma.fields.String(metadata={"description": "The card; absent while a face-down card is hidden from "
                                      "this token"})


class AvinasTrickSchema(_Open):
    """A trick of the hand: the one in progress, or a finished one (with its winner, points and reason)."""

    number = ma.fields.Integer(required=True, metadata={"description": "From 1"})
    leader = _seat("The seat that led", required=True)
    plays = ma.fields.List(ma.fields.Nested(AvinasPlaySchema), required=True)
    signal = ma.fields.String(metadata={"description": "A face-down lead's hint, where the house rule allows one"})
    winner = _seat("Finished tricks: who won it", allow_none=True)
    points = ma.fields.Integer(metadata={"description": "Finished tricks: the card points in it"})
    reason = ma.fields.String(metadata={"description": "Finished tricks: why the winning card won"})


class AvinasHandRecordSchema(_Open):
    """A finished hand of Avinas, as ``history`` lists it."""

    number = ma.fields.Integer(required=True, metadata={"description": "The hand's number, from 1"})
    dealer = _seat("Who dealt it", required=True)
    outcome = ma.fields.String(required=True, metadata={"description": "scored, or thrown_in (nobody declared)"})
    source = ma.fields.String(required=True, validate=OneOf(["play", "round_result", "auction"]), metadata={
        "description": "How it ended: played out, reported whole (round_result), or thrown in at the auction"})
    game = ma.fields.String(required=True, validate=OneOf(["sevens", "no_seven"]))
    declarer = _seat("Who declared", required=True, allow_none=True)
    trump = _suit("The trump suit", required=True, allow_none=True)
    declared = ma.fields.Integer(required=True, allow_none=True, metadata={"description": "The trumps declared"})
    knocks = ma.fields.Integer(required=True, metadata={"description": "How many knocks (each doubles the stake)"})
    declarers_knocked = ma.fields.Boolean(required=True)
    card_points = _ints("Card points per team", required=True)
    tricks_won = _ints("Tricks per team", required=True)
    stopped_after = ma.fields.Integer(required=True, allow_none=True,
                                      metadata={"description": "The trick after which the declarer stopped play"})
    stopped_by = _seat("Who stopped", required=True, allow_none=True)
    lied = ma.fields.Boolean(required=True, metadata={"description": "The declarer held fewer trumps than declared"})
    declarer_won = ma.fields.Boolean(required=True, allow_none=True)
    loser = ma.fields.Integer(required=True, allow_none=True, metadata={"description": "The losing team"})
    tier = ma.fields.Integer(required=True, allow_none=True, metadata={"description": "How badly it lost (1 to 3)"})
    due = ma.fields.Integer(required=True, metadata={"description": "What the loser owes, in unit"})
    unit = ma.fields.String(required=True, validate=OneOf(["rams", "pips"]))
    rams = _ints("Rams per team after the hand", required=True)
    pips = _ints("Pips per team after the hand", required=True)
    revokes = ma.fields.List(ma.fields.Nested(RevokeSchema), required=True)
    sevens_exposed = ma.fields.Integer(required=True, allow_none=True,
                                       metadata={"description": "The sevens shown at dealing"})
    void = ma.fields.Boolean(required=True, metadata={"description": "True when the hand did not count"})
    tricks = ma.fields.List(ma.fields.Nested(AvinasTrickSchema), metadata={
        "description": "The hand's tricks, every card face up, where it was played card by card (empty for a hand "
                       "reported whole or thrown in; absent from hands recorded before the service kept them)"})


class AvinasViewSchema(MatchViewBaseSchema):
    """An Avinas match as one token sees it (scores: the pips per team)."""

    ruleset = _ruleset(AVINAS_ID)
    teams = _teams()
    scores_are = ma.fields.String(required=True, validate=OneOf(["pips"]),
                                  metadata={"description": "What scores counts"})
    rams = _ints("Rams per team", required=True)
    pips = _ints("Pips per team", required=True)
    result = ma.fields.String(required=True, allow_none=True,
                              metadata={"description": "How the match ended (won, draw), null while played"})
    end_reason = ma.fields.String(required=True, allow_none=True, metadata={"description": "Why the match ended"})
    hands_played = ma.fields.Integer(required=True, metadata={"description": "The hands finished so far"})
    history = ma.fields.List(ma.fields.Nested(AvinasHandRecordSchema), required=True)
    last_hand_explanation = ma.fields.List(ma.fields.String(), required=True,
                                           metadata={"description": "How the last hand was scored, line by line"})
    hand_number = ma.fields.Integer(metadata={"description": "The hand in progress, from 1"})
    game = ma.fields.String(allow_none=True,
                            metadata={"description": "The hand's game, once known: sevens or no_seven"})
    trump = _suit("The trump suit (null before it is known)", allow_none=True)
    declarer = _seat("Who declared", allow_none=True)
    declared = ma.fields.Integer(allow_none=True, metadata={"description": "The trumps declared"})
    calls = ma.fields.List(ma.fields.Nested(AvinasCallSchema), metadata={"description": "The auction's calls"})
    knocks = ma.fields.List(ma.fields.Nested(AvinasKnockSchema))
    knock_count = ma.fields.Integer(metadata={"description": "How many knocks were made"})
    hands = ma.fields.List(ma.fields.List(ma.fields.String()), metadata={
        "description": "The referee who sees the hands: every seat's hand, by seat"})
    exposures = ma.fields.List(ma.fields.Nested(ExposureSchema))
    tricks = ma.fields.List(ma.fields.Nested(AvinasTrickSchema), metadata={"description": "The finished tricks"})
    trick = ma.fields.Nested(AvinasTrickSchema, allow_none=True, metadata={"description": "The trick in progress"})
    current_trick = ma.fields.Nested(
        AvinasTrickSchema, allow_none=True,
        metadata={"deprecated": True, "description": "The same as trick, under the name Avinas' views used before; "
                  "deprecated, removed in the next release"})
    card_points = _ints("Card points taken this hand, per team")
    tricks_won = _ints("Tricks won this hand, per team")
    round_result_allowed = ma.fields.Boolean(metadata={
        "description": "Table mode: whether the hand may still be reported whole (no card reported yet)"})
    expose_next = ma.fields.Nested(ExposeNextSchema)


# --- the round facts (round_result, /score) ----------------------------------------------------------------


class _FactsSchema(_Open):
    revokes_applied = _ints("Seats whose revokes this round are penalised (under the option revoke_penalty)")


class FortyFivesBidSchema(_Open):
    team = ma.fields.Integer(required=True, metadata={"description": "The bidding team (0 or 1)"})
    amount = ma.fields.Integer(required=True)


class FortyFivesRoundFactsSchema(_FactsSchema):
    """The facts of one Forty-Fives round (both games), in one of two forms: full, the five tricks
    (``tricks``, each in play order from its own leader, with ``trump``, ``leader`` and ``players``);
    or summary, the tricks each seat won and who played the highest trump."""

    trump = _suit("The trump suit (summary form: optional)", allow_none=True)
    leader = _seat("Who led the first trick")
    players = ma.fields.Integer(metadata={"description": "How many play (summary form: optional)"})
    tricks = ma.fields.List(ma.fields.List(ma.fields.String()), metadata={
        "description": "Full form: the five tricks, each in play order from its own leader"})
    demoted_ace = ma.fields.String(allow_none=True, metadata={
        "description": "Full form: the ace of trumps ranked lowest this round, where the house rule demoted it"})
    tricks_won = _ints("Summary form: tricks won per seat (adding up to 5)")
    highest_trump_seat = _seat("Summary form: who played the highest trump (null: no trump played)",
                               allow_none=True)
    highest_trump = ma.fields.String(metadata={
        "description": "Summary form: the highest trump played, when only the five of trumps earns the bonus"})
    scores = _ints("The scores before the round")
    bid = ma.fields.Nested(FortyFivesBidSchema, metadata={"description": "Auction Forty-Fives, bidding: the "
                                                          "winning bid"})
    hand_number = ma.fields.Integer(metadata={
        "description": "The hand's number among the scored hands, from 1 (needed when the match lasts a set "
                       "number of hands)"})


class BoerenbridgeRoundFactsSchema(_FactsSchema):
    """The facts of one Boerenbridge round, one entry per seat."""

    bids = ma.fields.List(ma.fields.Integer(allow_none=True), required=True,
                          metadata={"description": "Each seat's bid (null: a seat that does not bid)"})
    tricks = _ints("Tricks won, adding up to the hand size", required=True)
    scores = _ints("The match scores before the round (default all 0)")
    hand_size = ma.fields.Integer(metadata={"description": "The cards dealt to each seat (default: from the "
                                            "schedule)"})
    round = ma.fields.Integer(metadata={"description": "The round's number, from 1 (picks the hand size)"})
    dealer = _seat("Who dealt (checks the last bidder's rule exactly)")


class AvinasRoundFactsSchema(_FactsSchema):
    """The facts of one Avinas hand."""

    game = ma.fields.String(required=True, validate=OneOf(["sevens", "no_seven"]))
    declarer = _seat("Who declared", required=True)
    declarer_points = ma.fields.Integer(required=True, metadata={"description": "The declaring side's card points"})
    declarer_tricks = ma.fields.Integer(required=True, metadata={"description": "The declaring side's tricks"})
    knocks = ma.fields.Integer(metadata={"description": "How many knocks (default 0)"})
    lied = ma.fields.Boolean(metadata={"description": "The declarer held fewer trumps than declared (default false)"})
    rams = _ints("Rams per team before the hand (default [0, 0])")
    pips = _ints("Pips per team before the hand (default [0, 0])")
    defender_points = ma.fields.Integer(metadata={"description": "After a stop whose rest goes to nobody"})
    defender_tricks = ma.fields.Integer(metadata={"description": "After a stop whose rest goes to nobody"})
    declarers_knocked = ma.fields.Boolean(metadata={"description": "Whether the declaring side knocked (default: "
                                                    "knocks at least 1)"})
    sevens_exposed = ma.fields.Integer(metadata={"description": "The sevens shown at dealing (1 to 4), in a sevens "
                                                 "hand where rams count them"})


#: each ruleset's view and round facts, by ruleset id: (view component, round facts component)
VIEWS: dict[str, tuple[str, type[ma.Schema], str]] = {
    FORTY_FIVES_ID: ("FortyFivesView", FortyFivesViewSchema, "FortyFivesRoundFacts"),
    AUCTION_ID: ("AuctionFortyFivesView", AuctionFortyFivesViewSchema, "FortyFivesRoundFacts"),
    BOERENBRIDGE_ID: ("BoerenbridgeView", BoerenbridgeViewSchema, "BoerenbridgeRoundFacts"),
    AVINAS_ID: ("AvinasView", AvinasViewSchema, "AvinasRoundFacts"),
}
ROUND_FACTS: dict[str, type[ma.Schema]] = {
    "FortyFivesRoundFacts": FortyFivesRoundFactsSchema,
    "BoerenbridgeRoundFacts": BoerenbridgeRoundFactsSchema,
    "AvinasRoundFacts": AvinasRoundFactsSchema,
}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


OTHER_VIEW = "OtherRulesetView"
#: the union of the views, as a response's schema
MATCH_VIEW = ref("MatchView")


def register(spec: APISpec) -> None:
    """Put each ruleset's view, the ``MatchView`` union and the round facts into ``spec``."""
    for name, schema, _facts in VIEWS.values():
        spec.components.schema(name, schema=schema)
    spec.components.schema(OTHER_VIEW, schema=OtherRulesetViewSchema)
    names = sorted({name for name, _s, _f in VIEWS.values()})
    spec.components.schema("MatchView", {
        "description": "What one token may see of a match: one schema per ruleset, told apart by 'ruleset' "
                       f"(each view's ruleset enum; {OTHER_VIEW}: a ruleset added after this document)",
        "oneOf": [ref(name) for name in [*names, OTHER_VIEW]],
    })
    for name, facts in ROUND_FACTS.items():
        spec.components.schema(name, schema=facts)
