"""The match view typed per ruleset in ``openapi.yaml`` (issue 38 item 3).

Real views of every ruleset, in each mode, as the seat, the referee (seeing the hands or not) and the
spectator read them, at a match's start, in the middle of a round, after a round reported whole and
once the match is over, are validated against the committed ``openapi.yaml`` (the drift test keeps it
the generated one) with every object schema that declares properties closed: a field the document
does not describe is refused, and the failure names it. At least 95% of the distinct top-level
fields seen of each ruleset's views must be typed (being closed, the schemas type all of them).

The round facts a table referee reports whole (``round_result``) and ``/score`` reads are described
per game: each game's examples and the facts the test reports validate against its closed schema,
which names exactly the facts the game reads.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from jsonschema.exceptions import ValidationError
from openapi_schema_validator import OAS30Validator

from service.api.app import create_app
from service.api.config import Settings
from service.rules.games.avinas.facts import FACT_FIELDS as AVINAS_FACTS
from service.rules.games.boerenbridge.facts import FACT_KEYS as BOERENBRIDGE_FACTS
from service.rules.games.forty_fives.facts import FULL_KEYS, SUMMARY_KEYS
from service.rules.registry import RULESETS
from service.rules.settlement import REVOKES_APPLIED
from tests.api.match_driver import CARD, Answer, FlaskHttp, create, step
from tests.profiles import profile

OPENAPI = Path(__file__).resolve().parents[2] / "openapi.yaml"
GAMES = sorted(RULESETS)
#: the steps played of each profile setup (a whole match is played too, in each mode)
SETUP_STEPS = 40
TYPED_SHARE = 0.95


@cache
def components() -> dict[str, Any]:
    spec = yaml.safe_load(OPENAPI.read_text(encoding="utf-8"))
    schemas: dict[str, Any] = spec["components"]["schemas"]
    return {"components": {"schemas": _closed(schemas)}}


def _closed(node: Any) -> Any:
    """A copy of ``node`` in which every object schema that declares properties refuses others."""
    if isinstance(node, list):
        return [_closed(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _closed(value) for key, value in node.items()}
    if isinstance(node.get("properties"), dict):
        out["additionalProperties"] = False
    return out


@cache
def validator(name: str) -> OAS30Validator:
    return OAS30Validator({**components(), "$ref": f"#/components/schemas/{name}"})


def view_component(ruleset: str) -> str:
    """The member of the ``MatchView`` union whose ``ruleset`` is ``ruleset`` (its one-value enum)."""
    schemas = components()["components"]["schemas"]
    names = [item["$ref"].rsplit("/", 1)[1] for item in schemas["MatchView"]["oneOf"]]
    found = [n for n in names if schemas[n]["properties"]["ruleset"].get("enum") == [ruleset]]
    assert len(found) == 1, (ruleset, found)
    return found[0]


def typed_fields(name: str) -> set[str]:
    return set(components()["components"]["schemas"][name]["properties"])


def _shape(value: Any) -> Any:
    """What validating ``value`` depends on, hashable: its structure, with a short string's value (a
    status, a phase, an enum's value) and the type of any other leaf; a list's distinct item shapes.
    Two views of the same shape are valid or not together, so each shape is validated once."""
    if isinstance(value, dict):
        return tuple(sorted((key, _shape(item)) for key, item in value.items()))
    if isinstance(value, list):
        return ("list", frozenset(_shape(item) for item in value))
    if isinstance(value, str):
        return value if len(value) <= 16 and not CARD.fullmatch(value) else "string"
    return type(value).__name__


def _problems(name: str, value: Any) -> list[str]:
    errors: list[ValidationError] = sorted(validator(name).iter_errors(value), key=lambda e: e.json_path)
    return [f"{e.json_path}: {e.message}" for e in errors]


# --- real views -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def http() -> FlaskHttp:
    app: Flask = create_app(Settings())
    app.config["TESTING"] = True
    return FlaskHttp(app.test_client())


def _views_of(answer: Answer) -> Iterator[dict[str, Any]]:
    body = answer.body
    if answer.status in (200, 201) and isinstance(body, dict):
        if "viewer" in body:
            yield body
        elif isinstance(body.get("view"), dict):
            yield body["view"]


def _play(http: FlaskHttp, rid: str, mode: str, players: int, steps: int, rng: random.Random,
          report_round: bool = True, **extra: Any) -> list[dict[str, Any]]:
    """The views met while playing up to ``steps`` steps of a new match (a whole match when it ends
    sooner): every answer's, the spectator's every few steps and at the end; in table mode, a round
    reported whole first (``round_result``, the profile's facts)."""
    if mode == "dealt":
        extra.setdefault("referee_sees_hands", True)
    match, created = create(http, rid, mode, players, **extra)
    views = list(_views_of(created))
    spectator = created.body["spectator_token"]

    def seen(answer: Answer) -> None:
        views.extend(_views_of(answer))

    referee = http.get(match.path, match.referee).body
    if mode == "table" and report_round and referee["accepts_round_result"]:
        facts = profile(rid).round_result(referee, rng)
        answer = http.post(f"{match.path}/actions", {"type": "round_result", "result": facts}, match.referee)
        assert answer.status == 200, (facts, answer.body)
        seen(answer)
    for taken in range(steps):
        if taken % 5 == 0:
            seen(http.get(match.path, spectator))
        if step(http, match, rng, seen) is None:
            break
    seen(http.get(match.path, spectator))
    for seat_token in match.seats:
        seen(http.get(match.path, seat_token))
    return views


@cache
def real_views(rid: str) -> tuple[dict[str, Any], ...]:
    app = create_app(Settings())
    app.config["TESTING"] = True
    http = FlaskHttp(app.test_client())
    rng = random.Random(38)
    entry = profile(rid)
    views: list[dict[str, Any]] = []
    for mode in entry.modes:  # a whole short match in each mode (to its end)
        views += _play(http, rid, mode, entry.usual_players, 3000, rng, options=dict(entry.short))
    views += _play(http, rid, "dealt", entry.usual_players, 30, rng, options=dict(entry.short),
                   referee_sees_hands=False)
    for setup in entry.setups:  # every way the profile plays the game, cut short
        extra: dict[str, Any] = {"options": dict(setup.options)}
        if setup.preset is not None:
            extra["preset"] = setup.preset
        views += _play(http, rid, setup.mode, setup.players, SETUP_STEPS, rng, **extra)
    return tuple(views)


@pytest.mark.slow
@pytest.mark.parametrize("rid", GAMES)
def test_every_real_view_is_typed_by_its_ruleset_schema(rid: str) -> None:
    views = real_views(rid)
    name = view_component(rid)
    roles = {(v["viewer"]["role"], v["mode"]) for v in views}
    assert roles >= {("seat", "dealt"), ("referee", "dealt"), ("spectator", "dealt"),
                     ("seat", "table"), ("referee", "table"), ("spectator", "table")}, roles
    assert any(v["status"] == "finished" for v in views)
    typed = typed_fields(name)
    unknown: dict[str, str] = {}
    problems: list[str] = []
    shapes: set[Any] = set()
    for view in views:
        for field in set(view) - typed:
            unknown.setdefault(field, f"{view['viewer']['role']} {view['mode']} view, phase {view['phase']}")
        shape = _shape(view)
        if shape in shapes:
            continue
        shapes.add(shape)
        if len(problems) < 20:
            problems += [f"{view['viewer']['role']} {view['mode']} view, phase {view['phase']}: {p}"
                         for p in _problems(name, view)]
    seen = set().union(*(set(v) for v in views))
    share = len(seen & typed) / len(seen)
    assert not unknown, f"{rid}: fields of real views that {name} does not describe: " + "; ".join(
        f"{field} (first in a {where})" for field, where in sorted(unknown.items()))
    assert share >= TYPED_SHARE, (rid, sorted(seen - typed))
    assert not problems, f"{rid}: real views {name} refuses:\n" + "\n".join(problems[:20])


@pytest.mark.slow
@pytest.mark.parametrize("rid", GAMES)
def test_the_union_picks_exactly_the_rulesets_view(rid: str) -> None:
    union = validator("MatchView")
    for view in real_views(rid)[::50]:
        assert union.is_valid(view), [e.message for e in union.iter_errors(view)][:3]
        # the same view said to be another game's: that game's schema refuses it
        other = {**view, "ruleset": "avinas" if rid != "avinas" else "boerenbridge"}
        assert not union.is_valid(other)


def test_the_view_union_has_one_schema_per_ruleset_and_one_for_a_ruleset_added_later() -> None:
    schemas = components()["components"]["schemas"]
    members = [item["$ref"].rsplit("/", 1)[1] for item in schemas["MatchView"]["oneOf"]]
    assert sorted(members) == sorted({*(view_component(r) for r in RULESETS), "OtherRulesetView"})
    assert schemas["OtherRulesetView"]["properties"]["ruleset"]["not"] == {"enum": sorted(RULESETS)}
    for rid in RULESETS:
        view = schemas[view_component(rid)]
        numbered = "hand_number" if rid == "avinas" else "round"  # Avinas numbers hands
        for field in (numbered, "trick", "trump", "history", "tricks", "hand", "legal_actions"):
            assert field in view["properties"], (rid, field)
    avinas = schemas[view_component("avinas")]["properties"]
    assert avinas["current_trick"].get("deprecated") is True
    assert "deprecated" not in avinas["trick"]


def test_a_view_of_a_ruleset_the_document_does_not_name_is_in_the_union(toy: str) -> None:
    """The test ruleset stands for a ruleset added after a client was built: its views are read as
    ``OtherRulesetView`` (the fields any view has), as the open document says them."""
    spec = yaml.safe_load(OPENAPI.read_text(encoding="utf-8"))
    union = OAS30Validator({"components": spec["components"], "$ref": "#/components/schemas/MatchView"})
    app = create_app(Settings())
    app.config["TESTING"] = True
    http = FlaskHttp(app.test_client())
    views = _play(http, toy, "dealt", 3, 30, random.Random(1)) + _play(http, toy, "table", 3, 30, random.Random(2),
                                                                    report_round=False)
    for view in views:
        assert union.is_valid(view), [e.message for e in union.iter_errors(view)][:3]
    assert not union.is_valid({**views[0], "ruleset": "avinas"})


# --- round facts ------------------------------------------------------------------------------------------

FACTS = {
    "forty_fives": ("FortyFivesRoundFacts", (*FULL_KEYS, *SUMMARY_KEYS)),
    "auction_forty_fives": ("FortyFivesRoundFacts", (*FULL_KEYS, *SUMMARY_KEYS)),
    "boerenbridge": ("BoerenbridgeRoundFacts", BOERENBRIDGE_FACTS),
    "avinas": ("AvinasRoundFacts", AVINAS_FACTS),
}


def test_every_ruleset_has_its_round_facts_described() -> None:
    assert set(FACTS) == set(RULESETS)


@pytest.mark.parametrize("rid", GAMES)
def test_round_facts_name_exactly_what_the_game_reads(rid: str) -> None:
    name, keys = FACTS[rid]
    assert typed_fields(name) == {*keys, REVOKES_APPLIED}


@pytest.mark.parametrize("rid", GAMES)
def test_round_facts_examples_and_reports_are_valid(rid: str) -> None:
    name, _keys = FACTS[rid]
    example = RULESETS[rid].score_example
    # a /score body: the facts, plus the options and preset the ScoreRequest schema takes apart
    facts = [{k: v for k, v in example["value"].items() if k not in ("options", "preset")}] if example else []
    rng = random.Random(3)
    view = next(v for v in real_views_at_start(rid))
    facts += [profile(rid).round_result(view, rng) for _ in range(5)]
    for body in facts:
        assert not _problems(name, body), (body, _problems(name, body))
    wrong = copy.deepcopy(facts[0])
    wrong["not_a_fact"] = 1
    assert _problems(name, wrong) and "not_a_fact" in _problems(name, wrong)[0]


@cache
def real_views_at_start(rid: str) -> tuple[dict[str, Any], ...]:
    """The referee's view of a new table match (what a round reported whole is made from)."""
    app = create_app(Settings())
    app.config["TESTING"] = True
    http = FlaskHttp(app.test_client())
    entry = profile(rid)
    match, _ = create(http, rid, "table", entry.usual_players, options=dict(entry.short))
    return (http.get(match.path, match.referee).body,)


def test_an_avinas_hand_thrown_in_is_typed_by_the_schema(http: FlaskHttp) -> None:
    """Every player passes a no-seven hand (§5.2): its record has no unit (nothing was scored), and
    the views that show it still match the schema (the suite's schemathesis run met one that did not)."""
    rng = random.Random(1)
    for _ in range(20):  # a hand whose auction lets every player pass
        match, _created = create(http, "avinas", "dealt", 4, referee_sees_hands=True)
        for _step in range(40):
            view = http.get(match.path, match.referee).body
            if any(h["outcome"] == "thrown_in" for h in view.get("history") or []):
                break
            seat = view["to_act"][0]
            legal = http.get(match.path, match.seats[seat]).body["legal_actions"]
            passes = [a for a in legal if a["type"] == "pass"]
            answer = http.post(f"{match.path}/actions", (passes or [rng.choice(legal)])[0], match.seats[seat])
            assert answer.status == 200, answer.body
        thrown = [h for h in view.get("history") or [] if h["outcome"] == "thrown_in"]
        if thrown:
            break
    assert thrown and thrown[0]["unit"] is None
    name = view_component("avinas")
    for token in (match.referee, *match.seats):
        seen = http.get(match.path, token, Accept_Language="id").body
        assert _problems(name, seen) == [], _problems(name, seen)
