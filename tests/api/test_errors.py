"""Every failure is an RFC 9457 problem with a stable code (issue 4, item 3), and none is a 500."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.api.problems import PROBLEM_MIME

TRICK = {"trump": "H", "plays": ["KH", "7H", "QD", "AH"]}


def problem(response: TestResponse, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM_MIME
    body = response.get_json(force=True)
    assert body["code"] == code, body
    assert body["status"] == status
    assert body["type"].endswith(code)
    assert body["title"] and body["detail"]
    assert body["instance"] == response.request.path
    return body


def post(client: FlaskClient, path: str, data: Any = None, **kwargs: Any) -> TestResponse:
    if data is not None:
        kwargs["json"] = data
    return client.post(path, **kwargs)


# --- unreadable bodies -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        b"{",
        b'{"trump": "H", "plays": ["KH",]}',
        b"not json",
        b'{"trump": NaN, "plays": ["KH"]}',
        b'{"trump": "H", "plays": [Infinity]}',
        b"\xff\xfe\xfa",
        b'{"trick_number": ' + b"9" * 5000 + b"}",
        b'{"trump": "H", "plays": ["KH"], "options": {"x\\ud800": 1}}',
        b'{"trump": "H", "plays": ["K\\udc00H"]}',
        b'{"trump": "H", "plays": ["KH"], "options": {"\xed\xa0\x80": 1}}',
    ],
    ids=["truncated", "trailing-comma", "text", "nan", "infinity", "bad-utf8", "huge-int", "lone-surrogate-key",
         "lone-low-surrogate", "surrogate-bytes"],
)
def test_malformed_json(client: FlaskClient, toy: str, raw: bytes) -> None:
    response = client.post(f"/v1/rulesets/{toy}/trick", data=raw, content_type="application/json")
    problem(response, 400, "malformed_json")


def test_a_surrogate_pair_is_text(client: FlaskClient, toy: str) -> None:
    """An escaped pair is one character (here an emoji in an option name, which is then unknown)."""
    raw = b'{"trump": "H", "plays": ["KH"], "options": {"x\\ud83d\\ude00": 1}}'
    body = problem(client.post(f"/v1/rulesets/{toy}/trick", data=raw, content_type="application/json"), 422,
                   "unknown_option")
    assert "x\U0001f600" in body["detail"]


@pytest.mark.parametrize("depth", [33, 500, 990, 20_000])
def test_nesting_too_deep(client: FlaskClient, toy: str, depth: int) -> None:
    nested = b"[" * depth + b"]" * depth
    for endpoint, raw in (
        ("trick", b'{"trump": "H", "plays": ["KH"], "lead_rule": ' + nested + b"}"),
        ("trick", b'{"trump": "H", "plays": ["KH"], "options": {"tiers": ' + nested + b"}}"),
        ("score", b'{"tricks": ' + nested + b', "scores": [0]}'),
    ):
        response = client.post(f"/v1/rulesets/{toy}/{endpoint}", data=raw, content_type="application/json")
        problem(response, 400, "json_too_deep")


def test_nesting_within_the_limit_is_read(client: FlaskClient, toy: str) -> None:
    nested = "[" * 30 + "]" * 30
    raw = '{"trump": "H", "plays": ["KH"], "options": {"tiers": ' + nested + "}}"
    response = client.post(f"/v1/rulesets/{toy}/trick", data=raw, content_type="application/json")
    problem(response, 422, "invalid_option")


def test_empty_body(client: FlaskClient, toy: str) -> None:
    body = problem(client.post(f"/v1/rulesets/{toy}/trick", content_type="application/json"), 400, "malformed_json")
    assert "needs a JSON body" in body["detail"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_wrong_content_type(client: FlaskClient, toy: str, content_type: str | None) -> None:
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post(f"/v1/rulesets/{toy}/trick", data=b'{"trump": null, "plays": ["KH"]}', headers=headers)
    problem(response, 415, "unsupported_media_type")


def test_json_suffix_content_type_is_json(client: FlaskClient, toy: str) -> None:
    response = client.post(
        f"/v1/rulesets/{toy}/trick", data=b'{"trump": null, "plays": ["KH"]}', content_type="application/merge+json"
    )
    assert response.status_code == 200


def test_body_too_large(client: FlaskClient, toy: str, app: Any) -> None:
    raw = b'{"trump": null, "plays": ["KH"], "pad": "' + b"x" * app.config["MAX_CONTENT_LENGTH"] + b'"}'
    problem(client.post(f"/v1/rulesets/{toy}/trick", data=raw, content_type="application/json"), 413,
            "payload_too_large")


@pytest.mark.parametrize("body", [[], "KH", 3, None, True], ids=["list", "string", "number", "null", "bool"])
def test_body_not_an_object(client: FlaskClient, toy: str, body: Any) -> None:
    for endpoint in ("trick", "legal-plays", "score"):
        response = client.post(f"/v1/rulesets/{toy}/{endpoint}", data=__import__("json").dumps(body),
                               content_type="application/json")
        problem(response, 400, "invalid_input")


# --- routes and methods ----------------------------------------------------------------------------


def test_unknown_route(client: FlaskClient) -> None:
    problem(client.get("/v2/nothing"), 404, "not_found")


def test_unknown_ruleset_before_the_body_is_read(client: FlaskClient) -> None:
    for path in ("/v1/rulesets/chess", "/v1/rulesets/chess/trick"):
        response = client.get(path) if path.count("/") == 3 else client.post(path, data=b"{", content_type="text/x")
        body = problem(response, 404, "unknown_ruleset")
        assert "chess" in body["detail"]


def test_method_not_allowed_keeps_allow(client: FlaskClient, toy: str) -> None:
    response = client.delete("/v1/rulesets")
    problem(response, 405, "method_not_allowed")
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
    response = client.get(f"/v1/rulesets/{toy}/trick")
    problem(response, 405, "method_not_allowed")
    assert set(response.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


# --- cards -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["ZZ", "1", "11H", "", "KX", 10, None, ["KH"], {"card": "ZZ"}, {"card": None}])
def test_unreadable_card(client: FlaskClient, toy: str, bad: Any) -> None:
    body = problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": "H", "plays": ["KH", bad]}), 400,
                   "invalid_card")
    assert list(body["errors"]) == ["plays[1]"]
    assert "plays[1]" in body["detail"]


def test_unreadable_card_in_hand_and_card(client: FlaskClient, toy: str) -> None:
    body = problem(post(client, f"/v1/rulesets/{toy}/legal-plays", {"trump": "H", "hand": ["KH", "QQ"], "card": "X"}),
                   400, "invalid_card")
    assert set(body["errors"]) == {"hand[1]", "card"}


def test_unreadable_suit(client: FlaskClient, toy: str) -> None:
    for trump in ("X", 3, "", "HH"):
        problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": trump, "plays": ["KH"]}), 400, "invalid_suit")


def test_mixed_failures_are_invalid_input(client: FlaskClient, toy: str) -> None:
    body = problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": "X", "plays": ["ZZ"]}), 400, "invalid_input")
    assert set(body["errors"]) == {"trump", "plays[0]"}


def test_duplicate_cards(client: FlaskClient, toy: str) -> None:
    body = problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": "H", "plays": ["KH", "kh"]}), 400,
                   "duplicate_card")
    assert body["card"] == "KH"
    url = f"/v1/rulesets/{toy}/legal-plays"
    problem(post(client, url, {"trump": "H", "hand": ["2C", "2c"], "trick": []}), 400, "duplicate_card")
    problem(post(client, url, {"trump": "H", "hand": ["2C"], "trick": ["KH", "KH"]}), 400, "duplicate_card")
    body = problem(post(client, url, {"trump": "H", "hand": ["2C", "KH"], "trick": ["KH"]}), 400, "duplicate_card")
    assert "hand and the trick" in body["detail"]


def test_too_many_plays(client: FlaskClient, toy: str) -> None:
    body = problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": "H", "plays": ["2H", "3H", "4H", "5H", "6H"]}),
                   422, "too_many_plays")
    assert body["legal"] == [4]
    # the options set the table size, and with it the most plays
    problem(post(client, f"/v1/rulesets/{toy}/trick",
                 {"trump": "H", "plays": ["2H", "3H", "4H", "5H"], "options": {"players": "three"}}), 422,
            "too_many_plays")
    # legal-plays: the trick must leave room for the player's card
    problem(post(client, f"/v1/rulesets/{toy}/legal-plays",
                 {"trump": "H", "hand": ["2C"], "trick": ["2H", "3H", "4H", "5H"]}), 422, "too_many_plays")


def test_face_down_only_where_the_ruleset_has_them(client: FlaskClient, toy: str, monkeypatch: Any) -> None:
    from tests.toy_ruleset import TOY

    url = f"/v1/rulesets/{toy}/trick"
    assert post(client, url, {"trump": "H", "plays": [{"card": "2C", "face_down": True}, "3C"]}).status_code == 200
    monkeypatch.setattr(type(TOY), "has_face_down_plays", False)
    problem(post(client, url, {"trump": "H", "plays": [{"card": "2C", "face_down": True}, "3C"]}), 422,
            "face_down_not_allowed")
    # a play object without face_down is an ordinary play in every ruleset
    assert post(client, url, {"trump": "H", "plays": [{"card": "2C"}, "3C"]}).status_code == 200


@pytest.mark.parametrize(
    "play",
    [{"card": "2C", "face_down": "yes"}, {"face_down": True}, {"card": "2C", "colour": "red"}],
    ids=["face-down-not-bool", "no-card", "unknown-key"],
)
def test_bad_play_objects(client: FlaskClient, toy: str, play: Any) -> None:
    problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": "H", "plays": [play]}), 400, "invalid_input")


# --- types ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [2.5, 3.0, "3", True, None, [], 0, -1])
def test_trick_number_must_be_a_positive_json_integer(client: FlaskClient, toy: str, value: Any) -> None:
    body = problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": "H", "plays": ["KH"], "trick_number": value}),
                   400, "invalid_input")
    assert list(body["errors"]) == ["trick_number"]


def test_missing_and_mistyped_fields(client: FlaskClient, toy: str) -> None:
    body = problem(post(client, f"/v1/rulesets/{toy}/trick", {"plays": "KH"}), 400, "invalid_input")
    assert set(body["errors"]) == {"trump", "plays"}
    body = problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": None, "plays": []}), 400, "invalid_input")
    assert list(body["errors"]) == ["plays"]
    body = problem(post(client, f"/v1/rulesets/{toy}/legal-plays", {"trump": None, "hand": []}), 400, "invalid_input")
    assert list(body["errors"]) == ["hand"]


def test_unknown_context_field(client: FlaskClient, toy: str) -> None:
    body = problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": "H", "plays": ["KH"], "optoins": {}}), 400,
                   "unknown_field")
    assert body["fields"] == ["optoins"]
    assert "lead_rule" in body["detail"]


# --- options -------------------------------------------------------------------------------------------


def test_unknown_option(client: FlaskClient, toy: str) -> None:
    body = problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": "H", "plays": ["KH"], "options": {"x": 1}}),
                   422, "unknown_option")
    assert body["option"] == "x"
    assert "target" in body["legal"] if "legal" in body else "target" in body["allowed"]


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"target": 2.5}, "target"),
        ({"target": "10"}, "target"),
        ({"target": True}, "target"),
        ({"target": 0}, "target"),
        ({"target": 101}, "target"),
        ({"must_trump": 1}, "must_trump"),
        ({"players": "five"}, "players"),
        ({"players": None}, "players"),
        ({"bonus": -1}, "bonus"),
        ({"tiers": []}, "tiers"),
        ({"tiers": [1, 2.5]}, "tiers"),
        ({"ace": "middle"}, "ace"),
    ],
)
def test_bad_option_value(client: FlaskClient, toy: str, options: dict[str, Any], option: str) -> None:
    for endpoint, body in (("trick", {"trump": "H", "plays": ["KH"]}), ("score", {"tricks": [1], "scores": [0]})):
        answer = problem(post(client, f"/v1/rulesets/{toy}/{endpoint}", {**body, "options": options}), 422,
                         "invalid_option")
        assert answer["option"] == option


def test_options_must_be_an_object(client: FlaskClient, toy: str) -> None:
    for options in ([], "x", 3, None):
        problem(post(client, f"/v1/rulesets/{toy}/trick", {"trump": "H", "plays": ["KH"], "options": options}), 400,
                "invalid_input")


# --- bugs -------------------------------------------------------------------------------------------


def test_a_bug_is_a_logged_500_problem(client: FlaskClient, broken: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR):
        body = problem(post(client, f"/v1/rulesets/{broken}/trick", {"trump": "H", "plays": ["KH"]}), 500,
                       "internal_error")
    assert "a bug" not in body["detail"]  # no internals leak
    assert any("ZeroDivisionError" in (r.exc_text or "") or r.exc_info for r in caplog.records)


def test_the_answer_writer_takes_what_orjson_refuses() -> None:
    """An integer past 64 bits or a lone surrogate (neither comes from a request any more, but a
    bug must not turn an answer into a 500): the standard library writes it, as ASCII."""
    import json

    from service.api.wire import dumps

    value = {"n": 10**20, "s": "a\ud800", "é": 1}
    assert json.loads(dumps(value)) == value
    assert json.loads(dumps({1: "one", None: [2]})) == {"1": "one", "null": [2]}  # keys, as json writes them
