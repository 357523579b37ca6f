"""The API's value fields and body loading: strict JSON integers, lenient cards with a canonical
output, the documented card pattern, and the canonical-body shortcut of the trick schema."""

from __future__ import annotations

import re
from typing import Any

import marshmallow as ma
import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.api.fields import CARD_PATTERN, INTEGER_MESSAGES, CardField, PlayField, SuitField
from service.api.problems import validation_problem
from service.api.schemas import TrickRequestSchema, _quick_trick
from service.rules.cards import ALL_CARDS, Card, Suit
from service.rules.errors import InvalidCard
from service.rules.tricks import Play


class Probe(ma.Schema):
    n = ma.fields.Integer(strict=True, error_messages=INTEGER_MESSAGES, validate=ma.validate.Range(min=1))
    card = CardField()
    suit = SuitField(allow_none=True)
    play = PlayField()


PROBE = Probe()


@pytest.mark.parametrize("value", [1, 7, 10**30])
def test_json_integer_accepts_integers(value: int) -> None:
    assert PROBE.load({"n": value}) == {"n": value}


@pytest.mark.parametrize("value", [2.5, 3.0, "3", True, False, None, [3], {"n": 3}, 0])
def test_json_integer_refuses_everything_else(value: Any) -> None:
    with pytest.raises(ma.ValidationError) as caught:
        PROBE.load({"n": value})
    assert list(caught.value.messages) == ["n"]


def test_cards_are_read_leniently_and_written_canonically() -> None:
    for text in ("10h", "TH", "th", "10♥", " 10 H ", "1h", "ah"):
        loaded = PROBE.load({"card": text})["card"]
        assert loaded is Card.parse(text)
        assert PROBE.dump({"card": loaded}) == {"card": loaded.text}


def test_unreadable_cards_carry_their_code() -> None:
    for value in ("ZZ", "", "11H", 10, None, "10\tH", "1 0H"):
        with pytest.raises(ma.ValidationError) as caught:
            PROBE.load({"card": value})
        problem = validation_problem(caught.value)
        assert (problem.status, problem.code) == (400, "invalid_card")
        assert list(problem.extra["errors"]) == ["card"]


def test_suits() -> None:
    assert PROBE.load({"suit": "h"})["suit"] is Suit.HEARTS
    assert PROBE.load({"suit": "spades"})["suit"] is Suit.SPADES
    assert PROBE.load({"suit": None})["suit"] is None
    for value in ("X", 1, "", []):
        with pytest.raises(ma.ValidationError) as caught:
            PROBE.load({"suit": value})
        assert validation_problem(caught.value).code == "invalid_suit"


def test_plays() -> None:
    assert PROBE.load({"play": "kh"})["play"] == Play(Card.parse("KH"))
    assert PROBE.load({"play": {"card": "kh", "face_down": True}})["play"] == Play(Card.parse("KH"), True)
    assert PROBE.dump({"play": Play(Card.parse("KH"), True)}) == {"play": {"card": "KH", "face_down": True}}


@given(st.from_regex(re.compile(CARD_PATTERN), fullmatch=True))
def test_every_text_the_documented_pattern_matches_is_a_card(text: str) -> None:
    assert isinstance(Card.parse(text), Card)
    assert PROBE.load({"card": text})["card"] is Card.parse(text)


@given(st.text(max_size=8))
def test_texts_outside_the_pattern_are_refused(text: str) -> None:
    if re.fullmatch(CARD_PATTERN, text):
        return
    with pytest.raises(ma.ValidationError):
        PROBE.load({"card": text})


def test_the_pattern_covers_the_contracts_spellings() -> None:
    for card in ALL_CARDS:
        for text in (card.text, card.text.lower(), f"{card.rank}{card.suit.symbol}"):
            assert re.fullmatch(CARD_PATTERN, text), text
    for text in ("10h", "TH", "th", "10♥"):  # DESIGN.md §4
        assert re.fullmatch(CARD_PATTERN, text)
    with pytest.raises(InvalidCard):
        Card.parse("ZZ")


# --- the canonical-body shortcut -------------------------------------------------------------------

SCHEMA = TrickRequestSchema()
_json_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=4))
_card_texts = st.one_of(st.sampled_from([c.text for c in ALL_CARDS]), st.sampled_from(["kh", "TH", "10♥", "ZZ", ""]))
_plays = st.lists(st.one_of(_card_texts, _json_scalars, st.fixed_dictionaries({"card": _card_texts})), max_size=6)
_bodies = st.one_of(
    st.fixed_dictionaries(
        {"plays": _plays},
        optional={
            "trump": st.one_of(st.sampled_from(["C", "D", "H", "S", "h", "hearts", None]), _json_scalars),
            "options": st.one_of(st.just({}), st.dictionaries(st.text(max_size=3), _json_scalars, max_size=2)),
            "trick_number": _json_scalars,
            "extra": _json_scalars,
        },
    ),
    st.lists(_json_scalars, max_size=2),
    _json_scalars,
)


def _load(body: Any) -> tuple[str, Any]:
    try:
        return "ok", ma.Schema.load(SCHEMA, body)
    except ma.ValidationError as error:
        return "error", error.messages


@given(_bodies)
def test_the_shortcut_loads_exactly_what_the_fields_load(body: Any) -> None:
    quick = _quick_trick(body)
    full = _load(body)
    if quick is not None:
        assert full == ("ok", quick)
    assert _load_with_shortcut(body) == full


def _load_with_shortcut(body: Any) -> tuple[str, Any]:
    try:
        return "ok", SCHEMA.load(body)
    except ma.ValidationError as error:
        return "error", error.messages


def test_the_shortcut_takes_the_common_body() -> None:
    assert _quick_trick({"trump": "H", "plays": ["KH", "7H", "QD", "AH"]}) is not None
    assert _quick_trick({"trump": None, "plays": ["KH"], "options": {}}) is not None
    for body in (
        {"trump": "h", "plays": ["KH"]},
        {"trump": "H", "plays": ["kh"]},
        {"trump": "H", "plays": ["KH"], "options": {"x": 1}},
        {"trump": "H", "plays": ["KH"], "trick_number": 1},
        {"plays": ["KH"]},
        {"trump": ["H"], "plays": ["KH"]},
        {"trump": "H", "plays": []},
    ):
        assert _quick_trick(body) is None, body


# --- options cache ----------------------------------------------------------------------------------


def test_validated_options_are_cached_read_only_and_bounded() -> None:
    from service.api import options as cache
    from service.rules.options import OPTIONS_CACHE, Options
    from tests.toy_ruleset import TOY

    defaults = cache.validated_options(TOY, None)
    assert isinstance(defaults, Options)
    assert cache.validated_options(TOY, {}) is defaults
    assert defaults == TOY.validate_options({})
    first = cache.validated_options(TOY, {"target": 20})
    assert cache.validated_options(TOY, {"target": 20}) is first
    assert first["target"] == 20 and first["must_trump"] is False
    with pytest.raises(TypeError):
        first["target"] = 3  # type: ignore[index]
    bulky = cache.validated_options(TOY, {"tiers": list(range(2000))})
    assert bulky["tiers"] == tuple(range(2000))
    raw_keys = [key[3] for key in OPTIONS_CACHE._table if key[0] == "raw"]
    assert raw_keys and all(len(key) <= OPTIONS_CACHE.MAX_RAW_CHARS for key in raw_keys)
    for n in range(1, OPTIONS_CACHE.SIZE + 50):
        cache.validated_options(TOY, {"bonus": n})
    assert len(OPTIONS_CACHE._table) <= OPTIONS_CACHE.SIZE
