"""Every option of every ruleset has a short human title, and every value of an enum option its
own, in the options JSON Schema of GET /v1/rulesets/{id}, in each language (issue 15 item 1,
issue 18 item 5): ``title`` beside ``description``, and ``oneOf`` of ``{"const", "title"}`` in the
order of ``enum`` (which stays, machine text unchanged)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from service.api.i18n import LANGUAGES, catalog
from service.rules.registry import RULESETS

RULESET_IDS = sorted(RULESETS)


def _schema(client: FlaskClient, ruleset_id: str, lang: str) -> dict[str, Any]:
    answer = client.get(f"/v1/rulesets/{ruleset_id}", headers={"Accept-Language": lang})
    assert answer.status_code == 200
    assert answer.headers["Content-Language"] == lang
    schema: dict[str, Any] = answer.get_json()["options_schema"]
    return schema


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_option_and_enum_value_has_a_title(client: FlaskClient, ruleset_id: str, lang: str) -> None:
    schema = _schema(client, ruleset_id, lang)
    Draft202012Validator.check_schema(schema)
    texts = catalog(lang)
    specs = {spec.name: spec for spec in RULESETS[ruleset_id].option_specs}
    assert set(schema["properties"]) == set(specs)
    for name, prop in schema["properties"].items():
        spec = specs[name]
        key = spec.title().key
        assert key in texts, f"{ruleset_id}.{name}: no {lang} text for {key}"
        assert prop["title"] == texts[key], name
        if spec.type not in ("enum", "nullable_enum"):
            assert "oneOf" not in prop, name
            continue
        assert [choice["const"] for choice in prop["oneOf"]] == prop["enum"], name
        assert prop["enum"][: len(spec.allowed or ())] == list(spec.allowed or ()), name  # machine values kept
        for choice in prop["oneOf"]:
            value_key = spec.value_title(choice["const"]).key
            assert value_key in texts, f"{ruleset_id}.{name}: no {lang} text for {value_key}"
            assert choice["title"] == texts[value_key], (name, choice["const"])
        titles = [choice["title"] for choice in prop["oneOf"]]
        assert len(set(titles)) == len(titles), f"{ruleset_id}.{name}: two values with one title {titles}"
        validator = Draft202012Validator(schema)
        for value in prop["enum"]:
            assert validator.is_valid({name: value}), (name, value)
        assert not validator.is_valid({name: "no_such_value"}), name


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_titles_are_in_the_callers_language(client: FlaskClient, ruleset_id: str, lang: str) -> None:
    english, other = _schema(client, ruleset_id, "en"), _schema(client, ruleset_id, lang)
    for name, prop in other["properties"].items():
        assert prop["title"] != english["properties"][name]["title"], (lang, name)
        for mine, theirs in zip(prop.get("oneOf", ()), english["properties"][name].get("oneOf", ()), strict=True):
            assert mine["const"] == theirs["const"]
            assert mine["title"] != theirs["title"], (lang, name, mine["const"])
