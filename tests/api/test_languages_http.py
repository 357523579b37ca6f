"""Answers in the caller's language, through the HTTP API: the choice of language, and a refusal, an
explanation and a rules summary read in Indonesian and in Tagalog.

The API's own texts are checked against the language's catalog (the answer is that catalog's
template filled in); a game's texts (a trick's reason, a score's explanation, a rule) are checked
to differ from the English answer to the same question, so that these tests do not depend on a
game's wording.
"""

from __future__ import annotations

import re
import string
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.api.i18n import catalog, render, summary_path
from service.api.languages import announce
from service.rules.registry import RULESETS

TRICK = {"trump": "H", "plays": ["KH", "7H", "QD"]}
LANGS = ["id", "tl"]


def _template(lang: str, key: str) -> re.Pattern[str]:
    """A regex for the texts the catalog's ``key`` writes in ``lang`` (each placeholder: any text)."""
    parts = []
    for literal, name, _spec, _conv in string.Formatter().parse(catalog(lang)[key]):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(".+?")
    return re.compile("".join(parts), re.DOTALL)


def _post(client: FlaskClient, path: str, body: dict[str, Any], lang: str) -> TestResponse:
    return client.post(path, json=body, headers={"Accept-Language": lang})


def _says(answer: TestResponse, lang: str) -> None:
    assert answer.headers["Content-Language"] == lang
    assert "Accept-Language" in answer.headers["Vary"]


# --- the choice of language -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "query", "chosen"),
    [
        (None, None, "en"),
        ("id", None, "id"),
        ("id-ID", None, "id"),
        ("fil", None, "tl"),
        ("tl-PH", None, "tl"),
        ("fr, tl;q=0.4, id;q=0.8", None, "id"),
        ("en;q=0.1, tl", None, "tl"),
        ("fr, de", None, "en"),
        ("id", "tl", "tl"),
        ("tl", "id-ID", "id"),
        ("tl", "xx", "tl"),
        (None, "fil", "tl"),
    ],
)
def test_language_is_chosen_from_lang_then_accept_language(
    client: FlaskClient, header: str | None, query: str | None, chosen: str
) -> None:
    headers = {"Accept-Language": header} if header else {}
    path = "/v1/rulesets/nope" + (f"?lang={query}" if query else "")
    answer = client.get(path, headers=headers)
    assert answer.status_code == 404
    _says(answer, chosen)
    assert answer.get_json()["title"] == catalog(chosen)["title.unknown_ruleset"]
    assert answer.get_json()["code"] == "unknown_ruleset"


def test_machine_text_never_changes_with_the_language(client: FlaskClient) -> None:
    english = client.post("/v1/rulesets/forty_fives/trick", json=TRICK).get_json()
    for lang in LANGS:
        answer = _post(client, "/v1/rulesets/forty_fives/trick", TRICK, lang).get_json()
        assert {k: v for k, v in answer.items() if k != "reason"} == {k: v for k, v in english.items() if k != "reason"}


@pytest.mark.parametrize("path", ["/openapi.json", "/docs", "/openapi.json?lang=tl"])
def test_the_api_documents_stay_english(client: FlaskClient, path: str) -> None:
    answer = client.get(path, headers={"Accept-Language": "id"})
    assert answer.status_code == 200
    assert answer.headers["Content-Language"] == "en"
    assert "Accept-Language" in answer.headers["Vary"]


def test_accept_language_joins_a_vary_already_there() -> None:
    headers = [("Content-Type", "application/json"), ("Vary", "Origin")]
    announce(headers, "tl")
    assert headers == [("Content-Type", "application/json"), ("Vary", "Origin, Accept-Language"),
                       ("Content-Language", "tl")]
    again = [("vary", "accept-language")]
    announce(again, "id")
    assert again == [("vary", "accept-language"), ("Content-Language", "id")]


# --- refusals -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_card_is_refused_in_the_language(client: FlaskClient, lang: str) -> None:
    answer = _post(client, "/v1/rulesets/forty_fives/trick", {"trump": "H", "plays": ["ZZ", "7H"]}, lang)
    assert answer.status_code == 400
    _says(answer, lang)
    problem = answer.get_json()
    assert problem["code"] == "invalid_card"
    assert problem["title"] == catalog(lang)["title.invalid_card"]
    (message,) = problem["errors"]["plays[0]"]
    found = _template(lang, "core.not_a_card").fullmatch(message)
    assert found is not None, message
    assert message.endswith(catalog(lang)["core.hint.card"])  # the accepted forms, in the language
    assert "'ZZ'" in message or '"ZZ"' in message


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_and_a_bad_option_are_refused_in_the_language(client: FlaskClient, lang: str) -> None:
    unknown = _post(client, "/v1/rulesets/forty_fives/trick", {**TRICK, "options": {"nope": 1}}, lang)
    assert unknown.status_code == 422
    _says(unknown, lang)
    assert unknown.get_json()["title"] == catalog(lang)["title.unknown_option"]
    assert _template(lang, "core.unknown_option").fullmatch(unknown.get_json()["detail"])

    bad = _post(client, "/v1/rulesets/forty_fives/trick", {**TRICK, "options": {"target_score": "x"}}, lang)
    assert bad.status_code == 422
    _says(bad, lang)
    problem = bad.get_json()
    assert problem["title"] == catalog(lang)["title.invalid_option"]
    assert _template(lang, "core.option_must_be").fullmatch(problem["detail"])
    assert _template(lang, "core.allowed.int_at_least").fullmatch(problem["allowed"])


@pytest.mark.parametrize("lang", LANGS)
def test_an_unknown_ruleset_is_refused_in_the_language(client: FlaskClient, lang: str) -> None:
    answer = client.get(f"/v1/rulesets/nope/rules?lang={lang}")
    assert answer.status_code == 404
    _says(answer, lang)
    assert answer.get_json()["title"] == catalog(lang)["title.unknown_ruleset"]
    assert _template(lang, "core.unknown_ruleset").fullmatch(answer.get_json()["detail"])


_ILLEGAL = {"trump": "H", "hand": ["KC", "2H"], "trick": ["3H"], "card": "KC"}


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_play_is_refused_in_the_language(client: FlaskClient, lang: str) -> None:
    answer = _post(client, "/v1/rulesets/forty_fives/legal-plays", _ILLEGAL, lang)
    assert answer.status_code == 200
    _says(answer, lang)
    verdict = answer.get_json()
    assert verdict["allowed"] is False
    assert verdict["reason"]["code"] == "must_play_trump"
    assert _template(lang, "core.card_may_not_be_played").fullmatch(verdict["reason"]["detail"])


# --- a game's own text (differs from the English; the games' catalogs write it) --------------------


def _english_and(client: FlaskClient, path: str, body: dict[str, Any], lang: str) -> tuple[Any, Any]:
    english = _post(client, path, body, "en")
    other = _post(client, path, body, lang)
    assert english.status_code == other.status_code == 200
    _says(other, lang)
    return english.get_json(), other.get_json()


@pytest.mark.parametrize("lang", LANGS)
def test_the_rule_of_an_illegal_play_is_in_the_language(client: FlaskClient, lang: str) -> None:
    english, other = _english_and(client, "/v1/rulesets/forty_fives/legal-plays", _ILLEGAL, lang)
    assert other["rule"] != english["rule"]
    assert other["reason"]["detail"] != english["reason"]["detail"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_trick_is_explained_in_the_language(client: FlaskClient, lang: str) -> None:
    english, other = _english_and(client, "/v1/rulesets/forty_fives/trick", TRICK, lang)
    assert (other["winner"], other["card"]) == (english["winner"], english["card"])
    assert other["reason"] and other["reason"] != english["reason"]


_SCORE = {"bids": [3, 4, 2, None], "tricks": [3, 5, 2, 3], "scores": [40, 25, 60, 95]}


@pytest.mark.parametrize("lang", LANGS)
def test_a_score_is_explained_in_the_language(client: FlaskClient, lang: str) -> None:
    english, other = _english_and(client, "/v1/rulesets/boerenbridge/score", _SCORE, lang)
    assert other["scores"] == english["scores"]
    assert len(other["explanation"]) == len(english["explanation"])
    kept = [line for line, was in zip(other["explanation"], english["explanation"], strict=True) if line == was]
    assert not kept, f"explanation lines still in English: {kept}"


# --- rules summaries ------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_rules_summary_is_served_in_the_language(client: FlaskClient, ruleset_id: str, lang: str) -> None:
    answer = client.get(f"/v1/rulesets/{ruleset_id}/rules", headers={"Accept-Language": lang})
    assert answer.status_code == 200
    _says(answer, lang)
    assert answer.headers["Content-Type"] == "text/markdown; charset=utf-8"
    assert answer.get_data(as_text=True) == summary_path(RULESETS[ruleset_id], lang).read_text(encoding="utf-8")


def test_the_rules_summary_is_linked_from_the_ruleset(client: FlaskClient) -> None:
    detail = client.get("/v1/rulesets/avinas?lang=tl").get_json()
    answer = client.get(detail["rules"] + "?lang=tl")
    assert answer.status_code == 200
    assert answer.get_data(as_text=True).startswith("# Avinas")
    assert "Paano binibilang ang iskor" in answer.get_data(as_text=True)


# --- the catalogue: ruleset names, descriptions, the options schema ------------------------------


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_a_ruleset_is_named_and_described_in_the_language(client: FlaskClient, ruleset_id: str, lang: str) -> None:
    ruleset = RULESETS[ruleset_id]
    listed = {r["id"]: r for r in client.get("/v1/rulesets", headers={"Accept-Language": lang}).get_json()["rulesets"]}
    answer = client.get(f"/v1/rulesets/{ruleset_id}", headers={"Accept-Language": lang})
    _says(answer, lang)
    detail = answer.get_json()
    name = render(ruleset.name, lang)
    assert listed[ruleset_id]["name"] == detail["name"] == name
    assert listed[ruleset_id]["description"] == detail["description"] == render(ruleset.description, lang)
    schema = detail["options_schema"]
    assert schema["title"] == catalog(lang)["api.options.title"].format(ruleset=name)
    assert schema["description"] == catalog(lang)["api.options.description"]
    for option in detail["options"]:
        assert schema["properties"][option["name"]]["description"] == option["description"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_forty_fives_names_are_the_seeds_words(client: FlaskClient, lang: str) -> None:
    """The Indonesian seed calls the game *Lelang Empat Puluh Lima*, the Tagalog *apatnapu't lima*."""
    names = {r["id"]: r["name"] for r in client.get(f"/v1/rulesets?lang={lang}").get_json()["rulesets"]}
    words = {"id": "Empat Puluh Lima", "tl": "Apatnapu't Lima"}[lang]
    assert words in names["forty_fives"] and words in names["auction_forty_fives"]
    assert names["forty_fives"] != "Forty-Fives" and names["auction_forty_fives"] != "Auction Forty-Fives"


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_names_the_game_in_the_language(client: FlaskClient, lang: str) -> None:
    facts = {"trump": "S", "leader": 0, "players": 3, "tricks_won": [5, 0, 0], "scores": [0, 0, 0], "bogus": 1}
    answer = _post(client, "/v1/rulesets/forty_fives/score", facts, lang)
    assert answer.status_code == 400
    _says(answer, lang)
    problem = answer.get_json()
    assert problem["code"] == "unknown_field"
    assert _template(lang, "core.facts_unknown").fullmatch(problem["detail"])
    assert render(RULESETS["forty_fives"].name, lang) in problem["detail"]


# --- a body that is no JSON -----------------------------------------------------------------------

_NOT_JSON = {
    "truncated": b'{"trump": "H"',
    "no-name": b"{x",
    "no-colon": b'{"trump" "H"}',
    "no-comma": b'{"trump": "H" "plays": []}',
    "trailing-comma": b'{"trump": "H", "plays": ["KH",]}',
    "unclosed-string": b'{"trump": "H',
    "control-character": b'{"trump": "H\x01"}',
    "bad-escape": b'{"trump": "\\q"}',
    "bad-unicode-escape": b'{"trump": "\\u12"}',
    "extra-data": b'{"trump": "H"} 1',
    "nan": b'{"trump": NaN, "plays": ["KH"]}',
    "bad-utf8": b"\xff\xfe\xfa",
    "huge-int": b'{"trick_number": ' + b"9" * 5000 + b"}",
}


def _reason_patterns(lang: str) -> list[re.Pattern[str]]:
    """What the ``api.json.*`` messages write in ``lang``: each alone, and each syntax error where it is."""
    reasons = {key: _template(lang, key).pattern for key in catalog(lang) if key.startswith("api.json.")}
    at = reasons.pop("api.json.at")
    where = [at.replace(".+?", f"(?:{reason})", 1) for reason in reasons.values()]
    return [re.compile(p, re.DOTALL) for p in [*reasons.values(), *where]]


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("raw", list(_NOT_JSON.values()), ids=list(_NOT_JSON))
def test_a_body_that_is_no_json_is_refused_in_the_language(client: FlaskClient, raw: bytes, lang: str) -> None:
    """The decoder's reason is said in the language too (where and what), not in the decoder's English."""
    answer = client.post("/v1/rulesets/forty_fives/trick", data=raw, content_type="application/json",
                         headers={"Accept-Language": lang})
    assert answer.status_code == 400
    _says(answer, lang)
    problem = answer.get_json()
    assert problem["code"] == "malformed_json"
    assert problem["title"] == catalog(lang)["title.malformed_json"]
    prefix, _, suffix = catalog(lang)["api.bad_json"].partition("{error}")
    detail: str = problem["detail"]
    assert detail.startswith(prefix) and detail.endswith(suffix), detail
    reason = detail[len(prefix):len(detail) - len(suffix)]
    assert any(p.fullmatch(reason) for p in _reason_patterns(lang)), reason


@pytest.mark.parametrize("lang", LANGS)
def test_a_range_outside_a_file_is_refused_in_the_language(client: FlaskClient, lang: str) -> None:
    """werkzeug's own refusals (here a Range past the end of one of the page's files) are the service's
    problems in the caller's language, not werkzeug's English description."""
    answer = client.get("/web/app.css", headers={"Range": "bytes=99999999-", "Accept-Language": lang})
    assert answer.status_code == 416
    _says(answer, lang)
    problem = answer.get_json()
    assert problem["code"] == "requested_range_not_satisfiable"
    assert problem["title"] == catalog(lang)["title.requested_range_not_satisfiable"]
    assert problem["detail"] == catalog(lang)["api.range_not_satisfiable"].format(path="/web/app.css")


@pytest.mark.parametrize("lang", LANGS)
def test_a_status_without_a_sentence_of_its_own_is_named_in_the_language(app: Any, lang: str) -> None:
    from werkzeug.exceptions import BadRequest, ImATeapot

    from service.api.i18n import use_language

    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    with app.test_request_context("/v1/rulesets"), use_language(lang):
        teapot = api.handle_http_exception(ImATeapot()).get_json()
        bad = api.handle_http_exception(BadRequest()).get_json()
    assert teapot["title"] == catalog(lang)["title.http_error"].format(status=418)
    assert teapot["detail"] == catalog(lang)["api.http_error"].format(status=418)
    assert bad["title"] == catalog(lang)["title.bad_request"] and bad["detail"] == catalog(lang)["api.bad_request"]


@pytest.mark.parametrize(
    ("limit", "en", "id", "tl"),
    [
        ("50/second", "50 per second", "50 tiap detik", "50 bawat segundo"),
        ("300 per 5 minutes", "300 every 5 minutes", "300 tiap 5 menit", "300 bawat 5 minuto"),
        ("200/day", "200 per day", "200 tiap hari", "200 bawat araw"),
    ],
)
def test_a_limit_is_said_in_words_of_the_language(limit: str, en: str, id: str, tl: str) -> None:
    from limits import parse

    from service.api.limits import limit_words

    item = parse(limit)
    assert [render(limit_words(item), lang) for lang in ("en", "id", "tl")] == [en, id, tl]


@pytest.mark.parametrize("lang", LANGS)
def test_a_rate_limited_request_is_refused_in_the_language(lang: str) -> None:
    import dataclasses

    from service.api.app import create_app
    from service.api.config import Settings

    settings = dataclasses.replace(Settings(), ratelimit_enabled=True, ratelimit_storage_uri="memory://",
                                   ratelimit_rules="2/minute")
    client = create_app(settings).test_client()
    answers = [client.get("/v1/rulesets", headers={"Accept-Language": lang}) for _ in range(3)]
    refused = answers[-1]
    assert refused.status_code == 429
    _says(refused, lang)
    problem = refused.get_json()
    assert problem["title"] == catalog(lang)["title.rate_limited"]
    assert problem["limit"] == "2 per 1 minute"  # machine text, as configured
    words = catalog(lang)["api.limit.per"].format(amount=2, unit=catalog(lang)["api.unit.minute"])
    detail = catalog(lang)["api.rate_limited"].format(limit=words, retry_after=problem["retry_after"])
    assert problem["detail"] == detail


def test_every_default_message_of_the_fields_the_schemas_use_is_a_message_of_the_catalog() -> None:
    """marshmallow's own texts (its fields' defaults and the validators' the schemas use) are written
    from the catalog, so that no validation message stays English (a marshmallow upgrade that words
    one differently fails here)."""
    import marshmallow as ma
    from marshmallow import validate

    from service.api.problems import _field_message
    from service.rules.messages import Msg

    texts: set[str] = set()
    for cls in (ma.fields.String, ma.fields.Integer, ma.fields.List, ma.fields.Dict, ma.fields.Nested,
                ma.fields.Boolean, ma.fields.Raw):
        for base in cls.__mro__:
            texts.update(str(t) for t in getattr(base, "default_error_messages", {}).values())
    texts.update(ma.Schema._default_error_messages.values())
    refusals: list[tuple[Any, Any]] = [
        (validate.Range(min=0), -1), (validate.Range(max=9), 10), (validate.Range(min=1, max=1000), 0),
        (validate.Length(min=1), []), (validate.Length(max=100), "z" * 101), (validate.Length(min=1, max=100), ""),
        (validate.OneOf(["a", "b"]), "c"),
    ]
    for validator, bad in refusals:
        with pytest.raises(ma.ValidationError) as refused:
            validator(bad)
        texts.update(str(m) for m in refused.value.messages)
    unwritten = sorted(t for t in texts if not isinstance(_field_message(t), Msg))
    assert not unwritten, f"marshmallow texts with no message key: {unwritten}"
