"""The rules endpoints (DESIGN.md §4, no session): catalogue, rules summary, trick winner, legal
plays, round score.

Every ruleset is served through the ``Ruleset`` interface alone; nothing here knows a game.
The ruleset is looked up before the body is read, so an unknown id is a 404 whatever the body.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from flask import Flask, current_app
from flask.wrappers import Response

from service.api.apidoc import problem_answers
from service.api.body import Blueprint, json_response
from service.api.config import Settings
from service.api.i18n import current_language, read_summaries, render, section_of
from service.api.options import options_json_schema, validated_options
from service.api.schemas import (
    CONTEXT_FIELDS,
    LegalPlaysAnswerSchema,
    LegalPlaysRequestSchema,
    RulesetDetailSchema,
    RulesetListSchema,
    ScoreAnswerSchema,
    ScoreRequestSchema,
    TrickAnswerSchema,
    TrickRequestSchema,
    score_description,
    score_examples,
)
from service.computer.levels import describe_levels, plays
from service.rules.cards import Card, check_distinct
from service.rules.errors import DuplicateCard, IllegalAction, InvalidFacts, InvalidInput, TooManyPlays
from service.rules.facts import int_fact
from service.rules.messages import Msg
from service.rules.options import Options
from service.rules.registry import EXAMPLE_ID, RULESETS, get_ruleset
from service.rules.ruleset import Ruleset
from service.rules.tricks import Play, TrickContext

blp = Blueprint(
    "rulesets",
    __name__,
    url_prefix="/v1/rulesets",
    description="The rules as questions and answers: no session, nothing stored.",
)

_TRICK_REQUEST = TrickRequestSchema()
_LEGAL_REQUEST = LegalPlaysRequestSchema()
_SCORE_REQUEST = ScoreRequestSchema()
_TRICK_FIELDS = frozenset({"plays"})
_LEGAL_FIELDS = frozenset({"hand", "trick", "card"})
_NOT_FACTS = frozenset({"options", "preset"})
_DETAILS: dict[str, tuple[Ruleset[Any], dict[str, Any]]] = {}
_HAND = Msg("core.where.hand")
_TRICK = Msg("core.where.trick")
_HAND_AND_TRICK = Msg("core.where.hand_and_trick")
_SUMMARIES_KEY = "trick_referee.rules_summaries"
MARKDOWN_MIME = "text/markdown; charset=utf-8"
_SUMMARY_TEXT = "The rules summary, in Markdown, in the answer's language"


def init_app(app: Flask, settings: Settings) -> None:
    """Read every ruleset's rules summary in every language, once, as the app is built."""
    app.extensions[_SUMMARIES_KEY] = read_summaries(RULESETS.values())


def _summary(ruleset: Ruleset[Any], lang: str) -> str:
    """The rules summary of ``ruleset`` in ``lang`` (a ruleset registered after the app was built is
    read on its first request, then kept)."""
    summaries: dict[tuple[str, str], str] = current_app.extensions[_SUMMARIES_KEY]
    found = summaries.get((ruleset.id, lang))
    if found is None:
        summaries.update(read_summaries([ruleset]))
        found = summaries[(ruleset.id, lang)]
    return found


# The path parameter is ``id`` as in DESIGN.md §4; ``with_ruleset`` turns it into the ruleset.
_ID_PARAMETER = {
    "in": "path",
    "name": "id",
    "description": f"A ruleset id, as listed by GET /v1/rulesets ({', '.join(sorted(RULESETS))}); an unknown id "
    "is a 404 problem with code unknown_ruleset",
    "schema": {"type": "string", "minLength": 1},
    "example": EXAMPLE_ID,
}


def with_ruleset(view: Callable[..., Response]) -> Callable[..., Response]:
    """Looks the path's ruleset up before anything else (an unknown id is a 404 whatever the body)
    and passes it to the view as ``ruleset``. Goes between ``@blp.route`` and ``@blp.arguments``."""

    @functools.wraps(view)
    def wrapper(*args: Any, id: str, **view_args: Any) -> Response:
        return view(*args, ruleset=get_ruleset(id), **view_args)

    return wrapper


# --- catalogue ------------------------------------------------------------------------------------


@blp.route("", methods=["GET"])
@blp.response(200, RulesetListSchema)
def list_rulesets() -> Response:
    """Every ruleset: id, name, player counts, options (type, allowed values, default), description."""
    return json_response({"rulesets": [_entry(RULESETS[rid]) for rid in sorted(RULESETS)]})


def _entry(ruleset: Ruleset[Any]) -> dict[str, Any]:
    """The ruleset's catalogue entry, each option with the rules spec's section it comes from (``rule``,
    for developers), where the catalogs know it."""
    entry = dict(ruleset.describe())
    options = []
    for spec, option in zip(ruleset.option_specs, entry["options"], strict=True):
        rule = section_of(spec.description)
        options.append(option if rule is None else {**option, "rule": rule})
    entry["options"] = options
    return entry


@blp.route("/<id>", methods=["GET"], parameters=[_ID_PARAMETER])
@with_ruleset
@blp.response(200, RulesetDetailSchema)
@problem_answers(blp, 404)
def get_ruleset_detail(ruleset: Ruleset[Any]) -> Response:
    """One ruleset: its catalogue entry, the card ranking for each trump choice (default options) and
    its options as a JSON Schema."""
    cached = _DETAILS.get(ruleset.id)
    if cached is None or cached[0] is not ruleset:
        detail = _entry(ruleset)
        detail["rules"] = f"{blp.url_prefix}/{ruleset.id}/rules"
        detail["ranking_tables"] = ruleset.ranking_tables(validated_options(ruleset, None))
        detail["options_schema"] = options_json_schema(ruleset)
        detail["computer_levels"] = describe_levels() if plays(ruleset) else []
        cached = _DETAILS[ruleset.id] = (ruleset, detail)
    return json_response(cached[1])


@blp.route("/<id>/rules", methods=["GET"], parameters=[_ID_PARAMETER])
@with_ruleset
@blp.response(200, description=_SUMMARY_TEXT, content_type="text/markdown")
@blp.doc(
    responses={
        "200": {"description": _SUMMARY_TEXT, "content": {"text/markdown": {"schema": {"type": "string"}}}},
        "404": "NOT_FOUND",
    }
)
def get_rules_summary(ruleset: Ruleset[Any]) -> Response:
    """A short summary of the game's rules in Markdown: how a round goes, what wins a trick, how it
    is scored, how the match ends; in English, Indonesian or Tagalog, chosen like every answer."""
    text = _summary(ruleset, current_language())
    return current_app.response_class(text, status=200, content_type=MARKDOWN_MIME)


# --- stateless questions --------------------------------------------------------------------------


def trick_context(
    ruleset: Ruleset[Any], body: Mapping[str, Any], own: frozenset[str], options: Options
) -> TrickContext:
    """The context of a trick or legal-plays body: trump, trick number (1 to the ruleset's
    ``max_tricks``), demoted card, and the further fields the ruleset documents (``context_keys``) as
    ``extra``; any field that is neither context nor one of the endpoint's ``own`` fields is refused."""
    extra = {key: value for key, value in body.items() if key not in CONTEXT_FIELDS and key not in own}
    if extra:
        unknown = sorted(set(extra) - set(ruleset.context_keys))
        if unknown:
            accepted = sorted(CONTEXT_FIELDS | own | set(ruleset.context_keys))
            raise InvalidInput(
                Msg(
                    "api.unknown_fields",
                    fields=", ".join(map(repr, unknown)),
                    ruleset=ruleset.id,
                    known=", ".join(accepted),
                ),
                code="unknown_field",
                extra={"fields": unknown},
            )
    number = body.get("trick_number")
    if number is not None:
        number = int_fact(body, "trick_number", 1, ruleset.max_tricks(options), Msg("api.trick_number_what"))
    return TrickContext(trump=body["trump"], trick_number=number, demoted=body.get("demoted_ace"), extra=extra)


def check_plays(ruleset: Ruleset[Any], plays: Sequence[Play], options: Options, room_for: int = 0) -> None:
    """Plays that can be true of one trick: at most the ruleset's player count (leaving ``room_for``
    more), each card once, face down only where the ruleset has face-down plays."""
    most = ruleset.max_plays(options)
    if len(plays) + room_for > most:
        key = "api.trick_has_plays" if room_for else "api.too_many_plays"
        raise TooManyPlays(Msg(key, plays=len(plays), ruleset=ruleset.name, most=most), legal=[most])
    check_distinct([p.card for p in plays], _TRICK)
    if not ruleset.has_face_down_plays and any(p.face_down for p in plays):
        raise InvalidFacts(Msg("api.no_face_down", ruleset=ruleset.name), code="face_down_not_allowed")


@blp.route("/<id>/trick", methods=["POST"], parameters=[_ID_PARAMETER])
@with_ruleset
@blp.arguments(_TRICK_REQUEST)
@blp.response(200, TrickAnswerSchema)
@problem_answers(blp, 400, 404, 415, 422)
def trick(body: dict[str, Any], ruleset: Ruleset[Any]) -> Response:
    """Who wins a trick (complete or partial), and why."""
    options = validated_options(ruleset, body.get("options"), body.get("preset"))
    plays: list[Play] = body["plays"]
    check_plays(ruleset, plays, options)
    outcome = ruleset.trick_winner(plays, trick_context(ruleset, body, _TRICK_FIELDS, options), options)
    return json_response(outcome.to_json())


@blp.route("/<id>/legal-plays", methods=["POST"], parameters=[_ID_PARAMETER])
@with_ruleset
@blp.arguments(_LEGAL_REQUEST)
@blp.response(200, LegalPlaysAnswerSchema)
@problem_answers(blp, 400, 404, 415, 422)
def legal_plays(body: dict[str, Any], ruleset: Ruleset[Any]) -> Response:
    """The cards of a hand that may be played to a trick, in hand order, with the rule that constrains
    them; with ``card``, whether that card is allowed and, if not, why."""
    options = validated_options(ruleset, body.get("options"), body.get("preset"))
    hand: list[Card] = body["hand"]
    trick_so_far: list[Play] = body["trick"]
    check_plays(ruleset, trick_so_far, options, room_for=1)
    check_distinct(hand, _HAND)
    in_trick = {p.card for p in trick_so_far}
    for c in hand:
        if c in in_trick:
            raise DuplicateCard(c.text, _HAND_AND_TRICK)
    ctx = trick_context(ruleset, body, _LEGAL_FIELDS, options)
    verdict = ruleset.legal_plays(hand, trick_so_far, ctx, options)
    answer = verdict.to_json()
    card: Card | None = body.get("card")
    if card is not None:
        answer["card"] = card.text
        try:
            ruleset.check_play(hand, trick_so_far, card, ctx, options)
        except IllegalAction as refused:
            answer["allowed"] = False
            answer["reason"] = {"code": refused.code, "detail": render(refused.message)}
        else:
            answer["allowed"] = True
    return json_response(answer)


@blp.route("/<id>/score", methods=["POST"], parameters=[_ID_PARAMETER])
@with_ruleset
@blp.arguments(
    _SCORE_REQUEST,
    description=score_description(RULESETS.values()),
    examples=score_examples(RULESETS.values()),
)
@blp.response(200, ScoreAnswerSchema)
@problem_answers(blp, 400, 404, 415, 422)
def score(body: dict[str, Any], ruleset: Ruleset[Any]) -> Response:
    """Score one round: round points, the scores after it, whether the match is over and who won,
    and how each number was counted."""
    options = validated_options(ruleset, body.get("options"), body.get("preset"))
    facts = {key: value for key, value in body.items() if key not in _NOT_FACTS}
    return json_response(ruleset.score_round(facts, options).to_json())
