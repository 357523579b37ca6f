"""The rules endpoints for every registered ruleset (and the fifth game, ``tests/fifth_game.py``), through
the ``Ruleset`` interface only: each HTTP answer is the ruleset's own answer to the same facts, in
canonical JSON, and each refusal is the ruleset's error as a problem (DESIGN.md §4, issue 4 item 2).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from service.api.i18n import section_of
from service.api.problems import PROBLEM_MIME, problem_body, status_of
from service.api.schemas import score_examples
from service.api.wire import dumps
from service.computer.levels import describe_levels
from service.computer.levels import plays as computers_play
from service.rules.cards import SUITS, Card, Rank
from service.rules.errors import IllegalAction, RuleError
from service.rules.registry import RULESETS
from service.rules.ruleset import Ruleset
from service.rules.tricks import Play, TrickContext
from tests.english import english
from tests.fifth_game import FIFTH_ID, register, with_the_fifth

RULESET_IDS = with_the_fifth()
ROUNDS = 150  # random questions per ruleset and endpoint


@pytest.fixture(params=RULESET_IDS)
def ruleset(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Ruleset]:
    if request.param == FIFTH_ID:
        register(monkeypatch)
    yield RULESETS[request.param]


def as_json(value: Any) -> Any:
    """``value`` as the API writes it (messages in English)."""
    return json.loads(dumps(value))


def direct(call: Callable[[], Any]) -> tuple[int, Any]:
    """The ruleset's own answer as (status, JSON), or its error as (status, problem fields)."""
    try:
        return 200, as_json(call())
    except RuleError as error:
        return status_of(error), as_json(problem_body(error))


def assert_same(response: Any, expected: tuple[int, Any]) -> None:
    status, body = expected
    assert response.status_code == status, (response.get_json(force=True), body)
    got = response.get_json(force=True)
    if status == 200:
        assert response.mimetype == "application/json"
        assert got == body
    else:
        assert response.mimetype == PROBLEM_MIME
        for key in ("code", "detail", "status", "title"):
            assert got[key] == body[key]
        assert got.get("legal") == body.get("legal")


def spell(card: Card, rng: random.Random) -> str:
    """The card written in one of the lenient forms the contract accepts."""
    forms = [card.text, card.text.lower(), f" {card.text} ", f"{card.rank}{card.suit.symbol}"]
    if card.rank is Rank.TEN:
        forms += ["T" + card.suit.value, "t" + card.suit.value.lower()]
    return rng.choice(forms)


def random_context(ruleset: Ruleset, rng: random.Random) -> tuple[dict[str, Any], TrickContext]:
    trump = None if rng.random() < 0.5 else rng.choice(SUITS)  # some games refuse a trump by default
    body: dict[str, Any] = {"trump": trump.value if trump and rng.random() < 0.8 else (trump and trump.name.lower())}
    ctx_args: dict[str, Any] = {"trump": trump}
    if rng.random() < 0.4:
        # a trick of the round: from 1 to the ruleset's most (Forty-Fives has 5; a larger one is refused)
        most = ruleset.max_tricks(ruleset.validate_options({}))
        body["trick_number"] = ctx_args["trick_number"] = rng.randint(1, most)
    return body, TrickContext(**ctx_args)


def random_plays(ruleset: Ruleset, cards: list[Card], rng: random.Random) -> tuple[list[Any], list[Play]]:
    plays = []
    texts: list[Any] = []
    for i, card in enumerate(cards):
        face_down = ruleset.has_face_down_plays and i == 0 and rng.random() < 0.3
        plays.append(Play(card, face_down))
        texts.append({"card": spell(card, rng), "face_down": True} if face_down else spell(card, rng))
    return texts, plays


# --- catalogue -------------------------------------------------------------------------------------


def described(ruleset: Ruleset) -> dict[str, Any]:
    """The ruleset's catalogue entry as the API writes it: ``describe()``, each option with the rules
    spec's section it comes from as ``rule`` (for developers) where the catalogs know one."""
    entry = as_json(ruleset.describe())
    for spec, option in zip(ruleset.option_specs, entry["options"], strict=True):
        if (rule := section_of(spec.description)) is not None:
            option["rule"] = rule
    return entry


def test_catalogue_lists_every_ruleset(client: FlaskClient, ruleset: Ruleset) -> None:
    answer = client.get("/v1/rulesets")
    assert answer.status_code == 200
    entries = {entry["id"]: entry for entry in answer.get_json()["rulesets"]}
    assert set(entries) == set(RULESETS)
    assert entries[ruleset.id] == described(ruleset)
    for option in entries[ruleset.id]["options"]:
        assert {"name", "type", "default", "description"} <= set(option)


def test_detail_has_ranking_tables_and_options_schema(client: FlaskClient, ruleset: Ruleset) -> None:
    answer = client.get(f"/v1/rulesets/{ruleset.id}")
    assert answer.status_code == 200
    detail = answer.get_json()
    defaults = ruleset.validate_options({})
    assert detail["ranking_tables"] == as_json(ruleset.ranking_tables(defaults))
    extras = ("ranking_tables", "options_schema", "rules", "computer_levels")
    assert {k: v for k, v in detail.items() if k not in extras} == described(ruleset)
    # the computer levels, each with its title and description in the answer's language (none for a
    # game no computer plays: the test ruleset)
    if not computers_play(ruleset):
        assert detail["computer_levels"] == []
        return
    assert detail["computer_levels"] == as_json(describe_levels())
    assert [level["id"] for level in detail["computer_levels"]] == ["easy", "hard"]
    assert all(level["title"] and level["description"] for level in detail["computer_levels"])
    assert detail["rules"] == f"/v1/rulesets/{ruleset.id}/rules"
    assert client.get(detail["rules"]).status_code == 200
    schema = detail["options_schema"]
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    assert set(schema["properties"]) == {spec.name for spec in ruleset.option_specs}
    for spec in ruleset.option_specs:
        default = as_json(spec.default)
        assert validator.is_valid({spec.name: default}), spec.name
        assert schema["properties"][spec.name]["default"] == default
        for value in spec.allowed or ():
            assert validator.is_valid({spec.name: value})
    assert not validator.is_valid({"no_such_option": 1})


def test_options_are_validated_by_the_ruleset(client: FlaskClient, ruleset: Ruleset) -> None:
    """Every allowed value of every option, and wrong values of each type: the HTTP answer is the
    ruleset's verdict on those options (accepted, or its 422 naming the option)."""
    card = ruleset.deck()[0]
    candidates: list[tuple[str, Any]] = [("no_such_option", 1)]
    for spec in ruleset.option_specs:
        values: list[Any] = [*(spec.allowed or ()), as_json(spec.default), 2.5, "3", True, None, [], {}, -1]
        if spec.minimum is not None:
            values.append(spec.minimum - 1)
        if spec.maximum is not None:
            values.append(spec.maximum + 1)
        candidates += [(spec.name, value) for value in values]
    for name, value in candidates:
        options = {name: value}
        response = client.post(f"/v1/rulesets/{ruleset.id}/trick",
                               json={"trump": None, "plays": [card.text], "options": options})
        try:
            validated = ruleset.validate_options(options)
        except RuleError as error:
            assert response.status_code == status_of(error) == 422, (options, response.get_json())
            assert_same(response, (422, as_json(problem_body(error))))
            assert response.get_json()["option"] in {spec.name for spec in ruleset.option_specs} | {name}
        else:
            expected = direct(lambda v=validated: ruleset.trick_winner([Play(card)], TrickContext(), v).to_json())
            assert_same(response, expected)


# --- trick -------------------------------------------------------------------------------------------


def test_trick_answers_are_the_rulesets(client: FlaskClient, ruleset: Ruleset) -> None:
    rng = random.Random(f"trick-{ruleset.id}")
    options = ruleset.validate_options({})
    deck = list(ruleset.deck())
    most = ruleset.max_plays(options)
    answered = 0
    for _ in range(ROUNDS):
        body, ctx = random_context(ruleset, rng)
        texts, plays = random_plays(ruleset, rng.sample(deck, rng.randint(1, most)), rng)
        body["plays"] = texts
        response = client.post(f"/v1/rulesets/{ruleset.id}/trick", json=body)
        assert_same(response, direct(lambda p=plays, c=ctx: ruleset.trick_winner(p, c, options).to_json()))
        if response.status_code == 200:
            answered += 1
            answer = response.get_json()
            assert answer["card"] == plays[answer["winner"]].card.text  # canonical, whatever the input
            assert answer["reason"]
    assert answered > ROUNDS // 5  # enough answered questions (rulesets refuse impossible ones)


def test_too_many_plays(client: FlaskClient, ruleset: Ruleset) -> None:
    options = ruleset.validate_options({})
    most = ruleset.max_plays(options)
    cards = [c.text for c in ruleset.deck()[: most + 1]]
    response = client.post(f"/v1/rulesets/{ruleset.id}/trick", json={"trump": None, "plays": cards})
    assert response.status_code == 422
    assert response.get_json()["code"] == "too_many_plays"
    assert response.get_json()["legal"] == [most]


def test_the_same_card_twice(client: FlaskClient, ruleset: Ruleset) -> None:
    card = ruleset.deck()[5]
    for plays in ([card.text, card.text.lower()], [card.text, {"card": card.text}]):
        response = client.post(f"/v1/rulesets/{ruleset.id}/trick", json={"trump": "H", "plays": plays})
        assert response.status_code == 400
        assert response.get_json()["code"] == "duplicate_card"


def test_face_down_plays_follow_the_ruleset(client: FlaskClient, ruleset: Ruleset) -> None:
    a, b = ruleset.deck()[:2]
    body = {"trump": "H", "plays": [{"card": a.text, "face_down": True}, b.text], "trick_number": 2}
    response = client.post(f"/v1/rulesets/{ruleset.id}/trick", json=body)
    if ruleset.has_face_down_plays:
        ctx = TrickContext(trump=SUITS[2], trick_number=2)
        assert_same(response, direct(lambda: ruleset.trick_winner(
            [Play(a, True), Play(b)], ctx, ruleset.validate_options({})).to_json()))
    else:
        assert response.status_code == 422
        assert response.get_json()["code"] == "face_down_not_allowed"


def test_context_fields(client: FlaskClient, ruleset: Ruleset) -> None:
    card = ruleset.deck()[0]
    body: dict[str, Any] = {"trump": "S", "plays": [card.text], "made_up": 1}
    response = client.post(f"/v1/rulesets/{ruleset.id}/trick", json=body)
    assert response.status_code == 400
    assert response.get_json()["code"] == "unknown_field"
    for key in ruleset.context_keys:
        body = {"trump": "S", "plays": [card.text], key: "any"}
        ctx = TrickContext(trump=SUITS[3], extra={key: "any"})
        assert_same(client.post(f"/v1/rulesets/{ruleset.id}/trick", json=body),
                    direct(lambda c=ctx: ruleset.trick_winner([Play(card)], c, ruleset.validate_options({})).to_json()))


def test_demoted_card_reaches_the_ruleset(client: FlaskClient, ruleset: Ruleset) -> None:
    rng = random.Random(f"demoted-{ruleset.id}")
    options = ruleset.validate_options({})
    deck = list(ruleset.deck())
    for _ in range(30):
        cards = rng.sample(deck, min(2, ruleset.max_plays(options)))
        trump = rng.choice(SUITS)
        demoted = rng.choice(cards)
        body = {"trump": trump.value, "plays": [c.text for c in cards], "demoted_ace": demoted.text}
        ctx = TrickContext(trump=trump, demoted=demoted)
        response = client.post(f"/v1/rulesets/{ruleset.id}/trick", json=body)
        assert_same(response, direct(
            lambda c=cards, x=ctx: ruleset.trick_winner([Play(k) for k in c], x, options).to_json()))


# --- legal plays --------------------------------------------------------------------------------------


def test_legal_plays_answers_are_the_rulesets(client: FlaskClient, ruleset: Ruleset) -> None:
    rng = random.Random(f"legal-{ruleset.id}")
    options = ruleset.validate_options({})
    deck = list(ruleset.deck())
    most = ruleset.max_plays(options)
    answered = 0
    for _ in range(ROUNDS):
        body, ctx = random_context(ruleset, rng)
        hand_size = rng.randint(1, 5) if rng.random() < 0.8 else rng.randint(6, 8)
        cards = rng.sample(deck, rng.randint(0, most - 1) + hand_size)
        n_trick = rng.randint(0, min(most - 1, len(cards) - 1))
        trick_cards, hand = cards[:n_trick], cards[n_trick:]
        texts, trick = random_plays(ruleset, trick_cards, rng)
        body.update(hand=[spell(c, rng) for c in hand], trick=texts)
        probe: Card | None = None
        if rng.random() < 0.7:
            probe = rng.choice(hand) if rng.random() < 0.8 else rng.choice([c for c in deck if c not in cards])
            body["card"] = spell(probe, rng)
        response = client.post(f"/v1/rulesets/{ruleset.id}/legal-plays", json=body)

        def expected(h: list[Card] = hand, t: list[Play] = trick, c: TrickContext = ctx,
                     p: Card | None = probe) -> dict[str, Any]:
            answer = ruleset.legal_plays(h, t, c, options).to_json()
            if p is not None:
                answer["card"] = p.text
                try:
                    ruleset.check_play(h, t, p, c, options)
                    answer["allowed"] = True
                except IllegalAction as refused:
                    answer["allowed"] = False
                    answer["reason"] = {"code": refused.code, "detail": english(refused)}
            return answer

        assert_same(response, direct(expected))
        if response.status_code == 200:
            answered += 1
            answer = response.get_json()
            assert answer["rule"] and answer["code"]
            assert answer["legal"] == [c.text for c in hand if c.text in answer["legal"]]  # hand order
            if probe is not None and probe not in hand:
                assert answer["allowed"] is False
                assert answer["reason"]["code"] == "card_not_in_hand"
    assert answered > ROUNDS // 5  # enough answered questions (rulesets refuse impossible ones)


def test_legal_plays_refuses_impossible_tricks(client: FlaskClient, ruleset: Ruleset) -> None:
    options = ruleset.validate_options({})
    most = ruleset.max_plays(options)
    deck = [c.text for c in ruleset.deck()]
    url = f"/v1/rulesets/{ruleset.id}/legal-plays"
    full = client.post(url, json={"trump": None, "hand": [deck[-1]], "trick": deck[:most]})
    assert (full.status_code, full.get_json()["code"]) == (422, "too_many_plays")
    both = client.post(url, json={"trump": None, "hand": [deck[0], deck[1]], "trick": [deck[1]]})
    assert (both.status_code, both.get_json()["code"]) == (400, "duplicate_card")


# --- score ---------------------------------------------------------------------------------------------


SCORE_EXAMPLES = score_examples(RULESETS.values())


def test_every_ruleset_has_a_documented_score_example() -> None:
    assert set(RULESETS) <= set(SCORE_EXAMPLES)


def test_score_examples(client: FlaskClient, ruleset: Ruleset) -> None:
    assert ruleset.score_example is not None and ruleset.score_facts
    assert score_examples([ruleset]) == {ruleset.id: dict(ruleset.score_example)}
    body = ruleset.score_example["value"]
    facts = {k: v for k, v in body.items() if k != "options"}
    options = ruleset.validate_options(body.get("options", {}))
    response = client.post(f"/v1/rulesets/{ruleset.id}/score", json=body)
    assert response.status_code == 200, response.get_json()
    assert_same(response, direct(lambda: ruleset.score_round(facts, options).to_json()))
    answer = response.get_json()
    assert {"points", "scores", "match_over", "winners", "explanation"} <= set(answer)
    assert answer["explanation"] and all(isinstance(line, str) for line in answer["explanation"])


@pytest.mark.parametrize(
    "facts",
    [{}, {"scores": "none"}, {"tricks": 2.5}, {"bids": [1.5]}, {"tricks": [["KH"]]}, {"whatever": True}],
)
def test_score_refusals_are_the_rulesets(client: FlaskClient, ruleset: Ruleset, facts: dict[str, Any]) -> None:
    response = client.post(f"/v1/rulesets/{ruleset.id}/score", json=facts)
    expected = direct(lambda: ruleset.score_round(facts, ruleset.validate_options({})).to_json())
    assert_same(response, expected)
    assert response.status_code in (400, 422)
