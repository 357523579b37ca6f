"""Boerenbridge's human text is data: every refusal, rule, reason and explanation the game writes is a
``Msg`` whose key is in the game's catalog (``service/rules/games/boerenbridge/locale/en.po``), never
a sentence in a ``str``; the catalog holds exactly the keys the code uses."""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from service.api.i18n import catalog, render, section_of
from service.rules.actions import Action
from service.rules.cards import DECK_52, SUITS, Card
from service.rules.errors import RuleError
from service.rules.messages import Msg
from service.rules.tricks import Play, TrickContext
from tests.english import english
from tests.rules.games.boerenbridge.test_boerenbridge_support import B, options

PACKAGE = Path(__file__).resolve().parents[4] / "service" / "rules" / "games" / "boerenbridge"

PROFILES: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (4, {"trump_mode": "turn_up", "hand_size_schedule": "up_down", "overshoot_rule": "bounce"}),
    (5, {"trump_mode": "highest_bidder_chooses", "bidding_mode": "sequential", "hand_size_schedule": [1, 2, 3],
         "scoring_system": "nl_10_2", "bid_revision_right": "dealer_only"}),
    (3, {"trump_mode": "fixed_spades", "hand_size_schedule": "down", "hook_fallback": "none",
         "scoring_system": "vlaams_10_3", "no_bid_comparison": "gt", "match_end": "fixed_rounds_highest"}),
    (4, {"miss_penalty": "minus_1_per_trick_off", "overshoot_rule": "bust", "simultaneous_100": "play_on",
         "max_rounds": 30, "max_rounds_outcome": "closest_to_100", "hand_size_schedule": [13, 5, 1]}),
    (4, {"zero_bid_allowed": False, "scoring_system": "basis", "nil_made_score": 15, "hand_size_schedule": [2, 1]}),
    (4, {"scoring_system": "blackout", "nil_made_score": 0, "hand_size_schedule": [3]}),
]


def messages_in(value: Any) -> Iterator[Msg]:
    """Every message in a value, nested ones included."""
    if isinstance(value, Msg):
        yield value
        for param in value.params.values():
            yield from messages_in(param)
    elif isinstance(value, dict):
        for v in value.values():
            yield from messages_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from messages_in(v)


def check_message(message: Any, seen: set[str]) -> None:
    """A message of the game: a ``Msg`` (not a str), no transitional ``core.text``, its key in the
    English catalog and its parameters filling the text."""
    assert isinstance(message, Msg), f"a str reached a message: {message!r}"
    for m in messages_in(message):
        assert m.key != "core.text", f"a sentence wrapped as core.text: {m!r}"
        assert m.key in catalog("en"), f"{m.key} is in no catalog"
        text = render(m, "en")
        assert not text.startswith(m.key), f"{m!r} does not fit its text"
        seen.add(m.key)


def check_error(error: RuleError, seen: set[str]) -> None:
    check_message(error.message, seen)
    for m in messages_in([error.legal, error.extra]):
        check_message(m, seen)


def random_facts(rng: random.Random, n: int) -> Any:
    size = rng.randint(1, 52 // n)
    tricks = [0] * n
    for _ in range(size):
        tricks[rng.randrange(n)] += 1
    scores = [rng.choice([0, 40, 79, 80, 90, 95, 99, 100, 101]) for _ in range(n)]
    bids = [None if s >= 80 and rng.random() < 0.7 else rng.choice([tricks[i], rng.randint(-1, size + 1)])
            for i, s in enumerate(scores)]
    facts: dict[str, Any] = {"bids": bids, "tricks": tricks, "scores": scores}
    for key, values in (("hand_size", [size, size, size + 1, "x"]), ("round", [1, 2, 7, 0]), ("dealer", [0, n - 1, 9])):
        if rng.random() < 0.5:
            facts[key] = rng.choice(values)
    if rng.random() < 0.05:
        facts[rng.choice(["bogus", "bids", "tricks", "scores"])] = rng.choice([None, "x", [1]])
    return facts if rng.random() > 0.02 else [facts]


def wrong_actions(rng: random.Random, state: Any, n: int) -> list[Action]:
    seat = rng.randrange(n)
    card = rng.choice(DECK_52)
    size = state.round.hand_size if state.round is not None else 13
    result = random_facts(rng, n) if rng.random() < 0.8 else None
    return [
        Action("bid", seat=seat, amount=rng.randint(-1, size + 1)), Action("bid", seat=seat),
        Action("play", seat=seat, card=card), Action("play", seat=seat),
        Action("name_trump", seat=seat, suit=rng.choice(SUITS)), Action("name_trump", seat=seat),
        Action("turn_up", seat=seat, card=card), Action("turn_up", seat=seat),
        Action("round_result", result=result), Action("shuffle", seat=seat), Action("bid", seat=n, amount=0),
    ]


@pytest.mark.parametrize("mode", ["dealt", "table"])
def test_every_refusal_and_explanation_of_a_match_is_a_catalogued_message(mode: str) -> None:
    rng = random.Random(2026)
    seen: set[str] = set()
    for n, given in PROFILES:
        state = B.new_match(options(**given), n, rng.randrange(n), mode)
        for step in range(250):
            if B.status(state) == "finished":
                break
            if B.needs_deal(state):
                for bad in ([*DECK_52[:51], DECK_52[0]], DECK_52[:10], DECK_52 if mode == "table" else None):
                    with pytest.raises(RuleError) as refused:
                        B.deal(state, bad)
                    check_error(refused.value, seen)
                deck = list(DECK_52)
                rng.shuffle(deck)
                state = B.deal(state, deck if mode == "dealt" else None)
            if step % 2 == 0:
                for action in wrong_actions(rng, state, n):
                    try:
                        B.apply(state, action)
                    except RuleError as error:
                        check_error(error, seen)
            for m in messages_in(B.view(state, None)):  # the revokes' rules in table mode
                check_message(m, seen)
            seat = rng.choice(B.to_act(state))
            state = B.apply(state, rng.choice(B.legal_actions(state, seat)))
        if B.status(state) != "finished":
            state = B.apply(state, Action("abandon"))
        for action in wrong_actions(rng, state, n):  # the match is over
            with pytest.raises(RuleError) as refused:
                B.apply(state, action)
            check_error(refused.value, seen)
    assert {"boerenbridge.bid.out_of_range", "boerenbridge.play.needs_card", "boerenbridge.match_over",
            "boerenbridge.bid.zero_not_allowed"} <= seen


def test_every_answer_of_the_stateless_questions_is_a_catalogued_message() -> None:
    rng = random.Random(15)
    seen: set[str] = set()
    for n, given in PROFILES:
        o = options(**given)
        for _ in range(400):
            plays = [Play(rng.choice(DECK_52), face_down=rng.random() < 0.03) for _ in range(rng.randint(0, 8))]
            ctx = TrickContext(trump=rng.choice([None, None, *SUITS]))
            hand = [rng.choice(DECK_52) for _ in range(rng.randint(0, 18))]
            card = rng.choice([*hand, Card.parse("AS")])
            for question in ("trick_winner", "legal_plays", "check_play"):
                try:
                    if question == "trick_winner":
                        answer = B.trick_winner(plays, ctx, o).reason
                    elif question == "legal_plays":
                        answer = B.legal_plays(hand, plays[:n - 1], ctx, o).rule
                    else:
                        answer = B.check_play(hand, plays[:2], card, ctx, o).rule
                except RuleError as error:
                    check_error(error, seen)
                else:
                    check_message(answer, seen)
            try:
                score = B.score_round(random_facts(rng, n), o)
            except RuleError as error:
                check_error(error, seen)
            else:
                for line in score.explanation:
                    check_message(line, seen)
    assert {"boerenbridge.trick.highest_of_led", "boerenbridge.rule.must_follow", "boerenbridge.points.exact",
            "boerenbridge.outcome.goes_on", "boerenbridge.facts.zero_bid", "boerenbridge.points.missed_nothing"} <= seen


def test_the_catalogue_and_option_refusals_are_catalogued_messages() -> None:
    seen: set[str] = set()
    described = B.describe()
    check_message(described["name"], seen)
    check_message(described["description"], seen)
    for option in described["options"]:
        check_message(option["description"], seen)
    for given in (profile for _, profile in PROFILES):
        for table in B.ranking_tables(options(**given)).values():
            check_message(table["rule"], seen)
    for bad in ({"overshoot_rule": "wrap"}, {"hand_size_schedule": [0]}, {"hand_size_schedule": "x"},
                {"miss_penalty": "minus_1_per_trick_off", "scoring_system": "nl_10_2"},
                {"match_end": "fixed_rounds_highest"}, {"simultaneous_100": "play_on"}, {"nil_made_score": 51},
                {"zero_bid_allowed": 0}, {"scoring_system": "basis", "miss_penalty": "minus_1_per_trick_off"}):
        with pytest.raises(RuleError) as refused:
            B.validate_options(bad)
        check_error(refused.value, seen)
    for n, given in ((5, {}), (4, {"hand_size_schedule": [14]})):
        with pytest.raises(RuleError) as refused:
            B.new_match(options(**given), n, 0, "dealt")
        check_error(refused.value, seen)
    with pytest.raises(RuleError) as refused:
        B.first_dealer(options(first_dealer_method="fixed"), 4, random.Random(1))
    check_error(refused.value, seen)
    assert english(refused.value) == (
        "“First dealer” is “Named when the match is made”, so name the first dealer when creating the match"
    )


#: a key written in the code: "boerenbridge.x" (in Msg or a table) or f"boerenbridge.x.{...}" (a family)
_KEY_IN_CODE = re.compile(r'"(boerenbridge\.[A-Za-z0-9_.]*)(\{[^"]*)?"')


def test_the_catalog_holds_exactly_the_keys_the_code_writes() -> None:
    literal: set[str] = set()
    families: set[str] = set()
    for module in PACKAGE.glob("*.py"):
        for key, family in _KEY_IN_CODE.findall(module.read_text(encoding="utf-8")):
            (families if family else literal).add(key)
    for spec in B.option_specs:  # each option's short name and its values' (the rules core writes them)
        if spec.namespace != "boerenbridge":  # a service option (revoke_penalty): the service's catalog
            continue
        literal.add(spec.title().key)
        if spec.type in ("enum", "nullable_enum"):
            literal.update(spec.value_title(value).key for value in spec.allowed or ())
    en = {key for key in catalog("en") if key.startswith("boerenbridge.")}
    assert literal <= en, sorted(literal - en)
    unused = {k for k in en - literal if not any(k.startswith(f) for f in families)}
    assert not unused, sorted(unused)
    for family in families:  # every family has its members
        assert any(k.startswith(family) for k in en), family


# --- the translations ---------------------------------------------------------------------------

#: texts that may read the same in every language (the game's name)
SAME_IN_EVERY_LANGUAGE = frozenset({"Boerenbridge"})


def read_catalog(lang: str) -> dict[str, str]:
    with (PACKAGE / "locale" / f"{lang}.po").open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if isinstance(m.id, str) and m.id and isinstance(m.string, str)}


def fields(text: str) -> set[tuple[str, str, str]]:
    """The ``{...}`` fields of a text (name, conversion, spec), as ``str.format`` reads them."""
    return {(name, conv or "", spec or "") for _, name, spec, conv in string.Formatter().parse(text)
            if name is not None}


@pytest.mark.parametrize("lang", ["id", "tl"])
def test_every_key_is_translated_with_the_same_placeholders(lang: str) -> None:
    english, other = read_catalog("en"), read_catalog(lang)
    assert sorted(k for k in english if not other.get(k)) == []
    assert sorted(set(other) - set(english)) == []
    wrong = {k: (sorted(fields(t)), sorted(fields(other[k])))
             for k, t in english.items() if fields(other[k]) != fields(t)}
    assert not wrong
    same = sorted(k for k, t in english.items() if other[k] == t and t not in SAME_IN_EVERY_LANGUAGE)
    assert not same


@pytest.mark.parametrize(("lang", "words"), [("id", ("kursi", "trik", "bid")), ("tl", ("upuan", "trick", "bid"))])
def test_a_refusal_and_an_explanation_read_in_each_language(lang: str, words: tuple[str, ...]) -> None:
    facts = {"bids": [3, 2, 5, 3], "tricks": [3, 2, 4, 4], "scores": [0, 0, 0, 0], "dealer": 3}
    with pytest.raises(RuleError) as refused:
        B.score_round(facts, options())  # the hook player's 3 makes the bids add up to 13
    assert refused.value.code == "bid_forbidden_by_hook"
    text = render(refused.value.message, lang)
    assert text != english(refused.value) and words[0] in text
    assert "§" not in text and section_of(refused.value.message) == "6.3"  # for developers: the rule field
    explanation = B.score_round({**facts, "bids": [3, 2, 5, 4]}, options()).explanation
    lines = [render(m, lang) for m in explanation]
    assert all(line != english(m) for line, m in zip(lines, explanation, strict=True))
    assert any(words[1] in line for line in lines) and any(words[2] in line for line in lines)
