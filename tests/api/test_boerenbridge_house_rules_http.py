"""Boerenbridge's house rules of docs/rules/boerenbridge.md §15.1-§15.4 over HTTP: ``nil_made_score``
0-50, the systems ``basis`` and ``blackout``, ``zero_bid_allowed``; the §15.8.1/§15.8.2 vectors read
from the spec through the stateless endpoints, and matches in dealt and table mode."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from tests.api.match_driver import FlaskHttp, create, play_match
from tests.english import option_title
from tests.rules.games.boerenbridge.test_boerenbridge_house_vectors import POINTS, ZERO, row_options
from tests.rules.games.boerenbridge.test_boerenbridge_support import int_lists, ints

SCORE = "/v1/rulesets/boerenbridge/score"


@pytest.fixture
def http() -> Iterator[FlaskHttp]:
    app: Flask = create_app(Settings())
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(2115)
    yield FlaskHttp(app.test_client())


@pytest.mark.parametrize("row", POINTS, ids=[r["id"] for r in POINTS])
def test_round_point_vectors_through_score(client: FlaskClient, row: dict[str, str]) -> None:
    given = row_options(row["options"], "scoring_system")
    result = row["round points"]
    if row["status"] == "non-bidder":
        facts: dict[str, Any] = {
            "bids": [None, 0, None, None],
            "tricks": [int(row["tricks"]), 13 - int(row["tricks"]), 0, 0],
            "scores": [80, 0, 80, 80],
        }
    elif row["status"] == "active":
        b, t = int(row["bid"]), int(row["tricks"])
        facts = {"bids": [b, 0 if b != 13 else 1, None, None], "tricks": [t, 13 - t, 0, 0], "scores": [0, 0, 80, 80]}
    else:
        facts = {"bids": [3, 0, 5, 4], "tricks": [3, 0, 6, 4]}
    answer = client.post(SCORE, json={**facts, "options": given})
    body = answer.get_json()
    if result.startswith("422"):
        assert answer.status_code == 422, body
        assert body["code"] == "invalid_option" and body["option"] == re.search(r"option (\w+)", result).group(1)  # type: ignore[union-attr]
        bounds = re.search(r"allowed (\d+)–(\d+)", result)
        if bounds:
            text = f"from {bounds.group(1)} to {bounds.group(2)}"
            assert text in body["allowed"] and text in body["detail"]
            assert option_title("boerenbridge", "nil_made_score") in body["detail"]
        return
    assert answer.status_code == 200, body
    assert body["points"][0] == ints(result)[0]


def test_zero_bid_facts_are_refused_in_every_language(client: FlaskClient) -> None:
    row = ZERO["BB-Z12"]
    bids, tricks = int_lists(row["situation"])
    body = {"bids": bids, "tricks": tricks, "options": row_options(row["options"], "zero_bid_allowed")}
    details = set()
    for lang in ("en", "id", "tl"):
        answer = client.post(SCORE, json=body, headers={"Accept-Language": lang})
        assert answer.status_code == 422 and answer.headers["Content-Language"] == lang
        got = answer.get_json()
        assert got["code"] == "zero_bid_not_allowed" and got["rule"] == "15.4"
        assert option_title("boerenbridge", "zero_bid_allowed", lang) in got["detail"]
        details.add(got["detail"])
    assert len(details) == 3
    assert client.post(SCORE, json={**body, "options": {}}).get_json()["points"][0] == 20


def test_the_new_options_in_the_catalogue_and_the_stateless_endpoints(client: FlaskClient) -> None:
    texts = set()
    for lang in ("en", "id", "tl"):
        detail = client.get("/v1/rulesets/boerenbridge", headers={"Accept-Language": lang}).get_json()
        by_name = {o["name"]: o for o in detail["options"]}
        option = by_name["zero_bid_allowed"]
        assert option["type"] == "bool" and option["default"] is True and option["rule"] == "15.4"
        assert "§" not in option["description"]
        assert (by_name["nil_made_score"]["minimum"], by_name["nil_made_score"]["maximum"]) == (0, 50)
        assert {"basis", "blackout"} <= set(by_name["scoring_system"]["allowed"])
        assert "Blackout" in by_name["scoring_system"]["description"]
        texts.add(option["description"])
    assert len(texts) == 3
    options = {"zero_bid_allowed": False, "scoring_system": "blackout", "nil_made_score": 0}
    legal = client.post(
        "/v1/rulesets/boerenbridge/legal-plays",
        json={"trump": None, "hand": ["2C", "KH"], "trick": ["5C"], "options": options},
    )
    assert legal.status_code == 200 and legal.get_json()["legal"] == ["2C"]
    trick = client.post(
        "/v1/rulesets/boerenbridge/trick", json={"trump": None, "plays": ["5C", "3H", "7C", "AC"], "options": options}
    )
    assert trick.status_code == 200 and trick.get_json()["card"] == "AC"
    bad = client.post(
        "/v1/rulesets/boerenbridge/trick",
        json={"trump": None, "plays": ["5C", "3H", "7C", "AC"], "options": {"zero_bid_allowed": "no"}},
    )
    assert bad.status_code == 422 and bad.get_json()["option"] == "zero_bid_allowed"


def test_a_dealt_match_with_bids_from_one(http: FlaskHttp) -> None:
    """Z01 over HTTP: no 0 among the legal bids, a bid of 0 refused with the legal ones; then random
    legal play to the end of the match."""
    options = {
        "zero_bid_allowed": False,
        "scoring_system": "basis",
        "hand_size_schedule": [2, 1],
        "match_end": "fixed_rounds_highest",
        "max_rounds": 4,
    }
    match, _ = create(http, "boerenbridge", "dealt", 4, options=options, dealer=3)
    referee = http.get(match.path, match.referee).body
    seat = referee["to_act"][0]
    view = http.get(match.path, match.seats[seat]).body
    amounts = {a["amount"] for a in view["legal_actions"] if a["type"] == "bid"}
    assert amounts == {1, 2}
    refused = http.post(f"{match.path}/actions", {"type": "bid", "seat": seat, "amount": 0}, match.seats[seat])
    assert refused.status == 422 and refused.body["code"] == "zero_bid_not_allowed"
    assert {a["amount"] for a in refused.body["legal"]} == {1, 2}
    play_match(http, match, random.Random(5))
    final = http.get(match.path, match.referee).body
    assert final["status"] == "finished" and final["result"] == "highest_score" and final["history"]
    for record in final["history"]:
        assert 0 not in record["bids"]
        for b, t, p in zip(record["bids"], record["tricks"], record["points"], strict=True):
            assert p == (10 + 2 * t if b == t else 0)  # basis: a miss scores nothing


def test_a_table_match_with_nil_50_and_blackout(http: FlaskHttp) -> None:
    """Rounds reported whole: blackout points, a made zero bid 50 (§15.2), and with bids from 1 a
    reported 0 refused."""
    options = {
        "scoring_system": "blackout",
        "nil_made_score": 50,
        "hand_size_schedule": [3],
        "match_end": "fixed_rounds_highest",
        "max_rounds": 2,
    }
    match, _ = create(http, "boerenbridge", "table", 4, options=options, dealer=3)
    for bids, tricks in (([0, 1, 1, 0], [0, 1, 2, 0]), ([1, 1, 0, 2], [1, 1, 0, 1])):
        answer = http.post(
            f"{match.path}/actions", {"type": "round_result", "result": {"bids": bids, "tricks": tricks}}, match.referee
        )
        assert answer.status == 200, answer.body
    assert answer.body["status"] == "finished"
    assert answer.body["scores"] == [50 + 11, 11 + 11, 0 + 50, 50 + 0]
    strict, _ = create(http, "boerenbridge", "table", 4, options={**options, "zero_bid_allowed": False}, dealer=3)
    report = {"type": "round_result", "result": {"bids": [0, 1, 1, 2], "tricks": [0, 1, 1, 1]}}
    refused = http.post(f"{strict.path}/actions", report, strict.referee)
    assert refused.status == 422 and refused.body["code"] == "zero_bid_not_allowed"
    report["result"]["bids"] = [1, 1, 1, 2]
    ok = http.post(f"{strict.path}/actions", report, strict.referee)
    assert ok.status == 200 and ok.body["scores"] == [0, 11, 11, 0]
