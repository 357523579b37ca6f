"""Marshmallow schemas of the rules endpoints (DESIGN.md §4): request bodies and documented answers.

Request schemas load bodies into value types (``Card``, ``Suit``, ``Play``). Trick and legal-plays
bodies may carry further context a ruleset documents (``Ruleset.context_keys``): those fields are
kept (``unknown = INCLUDE``) and checked against the ruleset by the view. Score bodies are the
ruleset's own round facts: the schema only takes ``options`` apart, the ruleset reads the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import marshmallow as ma
from marshmallow.validate import Length, Range

from service.api.fields import INTEGER_MESSAGES, CardField, PlayField, SuitField
from service.rules.cards import ALL_CARDS, Suit
from service.rules.registry import EXAMPLE_ID
from service.rules.ruleset import Ruleset
from service.rules.tricks import Play

OPTIONS_DESCRIPTION = (
    "House rules as option name -> value (see GET /v1/rulesets/{id} for each ruleset's options, "
    "types and defaults); absent options take their defaults."
)

PRESET_DESCRIPTION = (
    "A named preset of the ruleset (see 'presets' in GET /v1/rulesets/{id}): its values replace the defaults, "
    "and each option given in 'options' replaces the preset's value of that option; the combined options are "
    "validated as any options. An unknown id: 422 unknown_preset (allowed: the ruleset's preset ids)."
)

# Body fields that are not further context (``TrickContext.extra``).
CONTEXT_FIELDS = frozenset({"trump", "options", "preset", "trick_number", "demoted_ace"})

_SUIT_BY_LETTER: dict[str, Suit] = {s.value: s for s in Suit}
_PLAY_BY_TEXT: dict[str, Play] = {c.text: Play(c) for c in ALL_CARDS}
_QUICK_TRICK_KEYS = frozenset({"trump", "plays", "options"})


def _quick_trick(data: Any) -> dict[str, Any] | None:
    """The loaded form of ``{"trump": "H" | null, "plays": ["KH", ...], "options"?: {}}`` written
    canonically, or None for any other body (which the fields then load)."""
    if type(data) is not dict or not data.keys() <= _QUICK_TRICK_KEYS or "plays" not in data:
        return None
    trump = data.get("trump", 0)
    if trump is None:
        suit = None
    elif type(trump) is str and trump in _SUIT_BY_LETTER:
        suit = _SUIT_BY_LETTER[trump]
    else:
        return None
    texts = data["plays"]
    if type(texts) is not list or not texts:
        return None
    plays = []
    for text in texts:
        play = _PLAY_BY_TEXT.get(text) if type(text) is str else None
        if play is None:
            return None
        plays.append(play)
    out: dict[str, Any] = {"trump": suit, "plays": plays}
    if "options" in data:
        if data["options"] != {} or type(data["options"]) is not dict:
            return None
        out["options"] = {}
    return out


def _options_field() -> ma.fields.Dict:
    return ma.fields.Dict(keys=ma.fields.String(), metadata={"description": OPTIONS_DESCRIPTION})


def preset_field() -> ma.fields.String:
    """The ``preset`` of a body that takes options: a preset id of the ruleset (or null: none)."""
    return ma.fields.String(allow_none=True, metadata={"description": PRESET_DESCRIPTION, "example": "seed"})


class TrickContextSchema(ma.Schema):
    """The facts besides the cards that a trick's outcome or a play's legality depend on."""

    class Meta:
        unknown = ma.INCLUDE

    trump = SuitField(
        required=True, allow_none=True, metadata={"description": "The trump suit (C, D, H, S), or null for none"}
    )
    options = _options_field()
    preset = preset_field()
    trick_number = ma.fields.Integer(
        strict=True,
        error_messages=INTEGER_MESSAGES,
        validate=Range(min=1),
        metadata={"description": "1-based number of the trick in the round, where the ruleset's duties depend on it"},
    )
    demoted_ace = CardField(
        allow_none=True,
        metadata={
            "description": "A card ranked lowest of its suit this deal (Forty-Fives: an unrobbed, "
            "unannounced ace of trumps)"
        },
    )


class TrickRequestSchema(TrickContextSchema):
    """``POST /v1/rulesets/{id}/trick``. Further fields: the context keys the ruleset documents."""

    plays = ma.fields.List(
        PlayField(),
        required=True,
        validate=Length(min=1),
        metadata={"description": "The cards in play order, leader first"},
    )

    def load(self, data: Any, *args: Any, **kwargs: Any) -> Any:
        """``Schema.load``, with a shortcut for the common body written canonically.

        A body holding only ``trump`` (a suit letter or null), ``plays`` (canonical card texts) and
        at most an empty ``options`` loads to exactly what the fields would give, without running
        them; anything else goes through the fields (and their error messages).
        """
        if not args and not kwargs:
            quick = _quick_trick(data)
            if quick is not None:
                return quick
        return super().load(data, *args, **kwargs)


class LegalPlaysRequestSchema(TrickContextSchema):
    """``POST /v1/rulesets/{id}/legal-plays``. Further fields: the context keys the ruleset documents."""

    hand = ma.fields.List(
        CardField(), required=True, validate=Length(min=1), metadata={"description": "The player's hand"}
    )
    trick = ma.fields.List(
        PlayField(),
        load_default=list,
        metadata={"description": "Cards already played to the trick, leader first; empty or absent when leading"},
    )
    card = CardField(metadata={"description": "A card to check: the answer then says whether it is allowed"})


class ScoreRequestSchema(ma.Schema):
    """``POST /v1/rulesets/{id}/score``: one round's facts in the ruleset's own terms, plus ``options``."""

    class Meta:
        unknown = ma.INCLUDE

    options = _options_field()
    preset = preset_field()


def score_examples(rulesets: Iterable[Ruleset[Any]]) -> dict[str, Any]:
    """The documented examples of ``/score`` bodies, one per ruleset that has one."""
    out: dict[str, Any] = {}
    for ruleset in sorted(rulesets, key=lambda r: r.id):
        example = ruleset.score_example
        if example:
            out[ruleset.id] = dict(example)
    return out


def score_description(rulesets: Iterable[Ruleset[Any]]) -> str:
    """The documented ``/score`` body: each ruleset's round facts."""
    parts = []
    for ruleset in sorted(rulesets, key=lambda r: r.id):
        facts = ruleset.score_facts
        if facts:
            parts.append(f"{ruleset.id}: {facts}.")
    every = ("Every ruleset: 'revokes_applied' (distinct seats) scores the round as settle_revoke with apply "
             "on those seats' revokes would, under the option revoke_penalty (refused under its default "
             "'flag_only', 422 revoke_penalty_off); the answer then says 'void' and 'revokes_applied'.")
    head = ("The facts of one round in the ruleset's own terms (each game's schema: FortyFivesRoundFacts, "
            "BoerenbridgeRoundFacts, AvinasRoundFacts), plus 'options' and 'preset'. ")
    return head + " ".join([*parts, every])


# --- answers (documentation and conformance; the views write the rules core's JSON) ---------------


class OptionSchema(ma.Schema):
    name = ma.fields.String(required=True)
    type = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(
            ["enum", "int", "bool", "int_list", "nullable_int", "nullable_enum", "nullable_int_list"]
        ),
    )
    default = ma.fields.Raw(required=True, allow_none=True)
    description = ma.fields.String(required=True)
    allowed = ma.fields.List(ma.fields.Raw(allow_none=True))
    minimum = ma.fields.Integer()
    maximum = ma.fields.Integer()
    rule = ma.fields.String(
        metadata={"description": "For developers: the section(s) of the game's rules spec (docs/rules) the option "
                  "comes from, such as 15.4; the description never shows them"},
    )


class PresetSchema(ma.Schema):
    id = ma.fields.String(required=True, metadata={"example": "seed"})
    name = ma.fields.String(required=True)
    description = ma.fields.String(required=True, metadata={"description": "One line: what the preset plays"})
    options = ma.fields.Dict(
        required=True, metadata={"description": "The option values the preset sets (the others keep their defaults)"}
    )


class PlayersSchema(ma.Schema):
    allowed = ma.fields.List(ma.fields.Integer(), required=True)
    default = ma.fields.Integer(required=True)
    with_default_options = ma.fields.List(
        ma.fields.Integer(),
        required=True,
        metadata={"description": "The player counts a match with the default options takes"},
    )
    needs = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.String(),
        required=True,
        metadata={
            "description": "For each other allowed count, what it needs (the options to set), as the "
            "refusal of a match created with the default options says it",
            "example": {
                "3": "the seed game deals 13 cards to each of 4 players; 3 players need another "
                "hand_size_schedule (up_down, down_up, up, down or a list)"
            },
        },
    )


class RulesetSchema(ma.Schema):
    """A catalogue entry."""

    class Meta:
        unknown = ma.INCLUDE

    id = ma.fields.String(required=True, metadata={"example": EXAMPLE_ID})
    name = ma.fields.String(required=True)
    description = ma.fields.String(required=True)
    players = ma.fields.Nested(PlayersSchema, required=True)
    teams = ma.fields.String(required=True, allow_none=True, metadata={"description": "Partnerships, if any"})
    options = ma.fields.List(ma.fields.Nested(OptionSchema), required=True)
    presets = ma.fields.List(
        ma.fields.Nested(PresetSchema),
        required=True,
        metadata={"description": "Named sets of house rules, in catalogue order: give one as 'preset' wherever "
                  "options are accepted"},
    )


class RulesetListSchema(ma.Schema):
    rulesets = ma.fields.List(ma.fields.Nested(RulesetSchema), required=True)


class RulesetDetailSchema(RulesetSchema):
    """A catalogue entry with the ranking tables and the options as a JSON Schema."""

    computer_levels = ma.fields.List(
        ma.fields.Dict(),
        required=True,
        metadata={"description": "The levels of computer players a dealt match may seat ({'name', 'computer': "
                  "id} in a create's players), easiest first: each id, title and description in the answer's "
                  "language", "example": [{"id": "easy", "title": "Easy", "description": "..."}]},
    )
    ranking_tables = ma.fields.Dict(
        required=True,
        metadata={"description": "For each trump choice (suit letter, or 'none'): each suit's order, high to low"},
    )
    options_schema = ma.fields.Dict(
        required=True,
        metadata={
            "description": "The ruleset's 'options' object as a JSON Schema (2020-12): each option's 'title' (a "
            "short name) and 'description' in the answer's language; an enum option's values also in 'oneOf', "
            "each {'const': value, 'title': its short name}, in the order of 'enum'"
        },
    )
    rules = ma.fields.String(
        required=True,
        metadata={
            "description": "Where the rules summary is (Markdown, in the answer's language)",
            "example": f"/v1/rulesets/{EXAMPLE_ID}/rules",
        },
    )


class TrickAnswerSchema(ma.Schema):
    class Meta:
        unknown = ma.INCLUDE

    winner = ma.fields.Integer(required=True, metadata={"description": "Index into plays of the winning play"})
    card = ma.fields.String(required=True, metadata={"description": "The winning card", "example": "AH"})
    reason = ma.fields.String(required=True, metadata={"description": "Why this card won"})


class ReasonSchema(ma.Schema):
    code = ma.fields.String(required=True, metadata={"example": "must_follow_suit"})
    detail = ma.fields.String(required=True)


class LegalPlaysAnswerSchema(ma.Schema):
    class Meta:
        unknown = ma.INCLUDE

    legal = ma.fields.List(ma.fields.String(), required=True, metadata={"description": "Legal cards, in hand order"})
    code = ma.fields.String(
        required=True, metadata={"description": "The constraint in force (no_constraint, must_follow_suit ...)"}
    )
    rule = ma.fields.String(
        required=True, metadata={"description": "The rule as a sentence ('must follow hearts or play a trump')"}
    )
    card = ma.fields.String(metadata={"description": "The card checked (when the body had 'card')"})
    allowed = ma.fields.Boolean(metadata={"description": "Whether that card may be played"})
    reason = ma.fields.Nested(ReasonSchema, metadata={"description": "Why not, when it may not"})


class ScoreAnswerSchema(ma.Schema):
    """A scored round; rulesets add their own results (trick_winners, loser, rams, pips ...)."""

    class Meta:
        unknown = ma.INCLUDE

    points = ma.fields.List(
        ma.fields.Integer(),
        required=True,
        metadata={
            "description": "Round points, per seat or team, in the ruleset's unit (Avinas: this hand's rams "
            "in the sevens game, its pips in the no-seven game, as points_are says; rams_due and pips_due "
            "hold each apart)"
        },
    )
    scores = ma.fields.List(
        ma.fields.Integer(),
        required=True,
        metadata={
            "description": "Scores after the round (Avinas: the pips, as scores_are says; rams_after and "
            "pips_after are the totals after the hand)"
        },
    )
    match_over = ma.fields.Boolean(required=True)
    winners = ma.fields.List(
        ma.fields.Integer(), required=True, metadata={"description": "Seats or teams; empty until the match is over"}
    )
    explanation = ma.fields.List(
        ma.fields.String(), required=True, metadata={"description": "How each number was counted"}
    )


class HealthSchema(ma.Schema):
    status = ma.fields.String(required=True, metadata={"example": "ok"})


class LanSchema(ma.Schema):
    url = ma.fields.String(required=True, allow_none=True, metadata={
        "description": "The page's address for a phone on the same network; null unless the request came "
                       "from the host that runs the service and the service listens on the network.",
        "example": "http://192.168.1.20:8000/"})
