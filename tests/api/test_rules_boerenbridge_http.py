"""Boerenbridge over HTTP: the spec's test vectors (docs/rules/boerenbridge.md §13), read from the
spec, through the rules endpoints."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.spec_tables import RULES_DIR, card_list, vectors

SPEC = "boerenbridge.md"
TRICK_WINNERS = vectors(SPEC, "13.1 Trick winners")
LEGAL_PLAYS = vectors(SPEC, "13.2 Legal plays")


def trump_context(cell: str) -> tuple[str | None, dict[str, Any]]:
    """``none`` or ``S (`turn_up` variant)``: the trump and the options that allow it."""
    if cell.strip() == "none":
        return None, {}
    variant = re.search(r"`(\w+)` variant", cell)
    return cell.strip()[0], {"trump_mode": variant.group(1)} if variant else {}


@pytest.mark.parametrize("row", TRICK_WINNERS, ids=[r["id"] for r in TRICK_WINNERS])
def test_trick_winner_vectors(client: FlaskClient, row: dict[str, str]) -> None:
    trump, options = trump_context(row["trump"])
    plays = card_list(row["plays (leader first)"])
    answer = client.post("/v1/rulesets/boerenbridge/trick", json={"trump": trump, "plays": plays, "options": options})
    assert answer.status_code == 200, answer.get_json()
    expected = card_list(row["winner"])[0]
    assert answer.get_json()["card"] == expected
    assert answer.get_json()["winner"] == plays.index(expected)
    assert answer.get_json()["reason"]


@pytest.mark.parametrize("row", LEGAL_PLAYS, ids=[r["id"] for r in LEGAL_PLAYS])
def test_legal_play_vectors(client: FlaskClient, row: dict[str, str]) -> None:
    hand = card_list(row["hand"])
    legal = card_list(row["legal set"])
    body = {"trump": None, "hand": hand, "trick": card_list(row["card led"])}
    answer = client.post("/v1/rulesets/boerenbridge/legal-plays", json=body)
    assert answer.status_code == 200, answer.get_json()
    got = answer.get_json()
    assert got["legal"] == [c for c in hand if c in legal]
    for card in hand:
        checked = client.post("/v1/rulesets/boerenbridge/legal-plays", json={**body, "card": card}).get_json()
        assert checked["allowed"] is (card in legal)
        if card not in legal:
            assert checked["reason"]["code"] == got["code"] == "must_follow_suit"


def full_rounds() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """§13.6's full rounds BB-R01 and BB-R02, read from the spec's text: (id, facts, expected)."""
    text = (RULES_DIR / SPEC).read_text(encoding="utf-8")
    section = text.split("### 13.6", 1)[1].split("###", 1)[0]
    rounds = []
    for rid, body in re.findall(r"- \*\*(BB-R\d+)\.\*\*(.*?)(?=\n- \*\*|\Z)", section, re.S):
        body = " ".join(body.split())
        lists = [json.loads(m) for m in re.findall(r"`(\[[^`]*\])`", body)]
        start, tricks, points, new = lists
        bids: list[int | None] = [None] * len(start)
        for seat, bid in re.findall(r"[Ss]eat (\d) (?:submits|is forbidden \d+ and bids) (\d+)", body):
            bids[int(seat)] = int(bid)
        only = re.search(r"Only seat (\d) is active.*?bids (\d+)", body)
        if only:
            bids[int(only.group(1))] = int(only.group(2))
        dealer = int(re.search(r"Dealer seat (\d)", body).group(1))  # type: ignore[union-attr]
        winner = re.search(r"seat (\d) wins", body)
        facts = {"bids": bids, "tricks": tricks, "scores": start, "dealer": dealer}
        rounds.append((rid, facts, {"points": points, "scores": new,
                                    "winners": [int(winner.group(1))] if winner else []}))
    assert [r[0] for r in rounds] == ["BB-R01", "BB-R02"]
    return rounds


@pytest.mark.parametrize(("rid", "facts", "expected"), full_rounds(), ids=[r[0] for r in full_rounds()])
def test_full_round_vectors(client: FlaskClient, rid: str, facts: dict[str, Any], expected: dict[str, Any]) -> None:
    answer = client.post("/v1/rulesets/boerenbridge/score", json=facts)
    assert answer.status_code == 200, answer.get_json()
    got = answer.get_json()
    assert got["points"] == expected["points"]
    assert got["scores"] == expected["scores"]
    assert got["winners"] == expected["winners"]
    assert got["match_over"] is bool(expected["winners"])
    assert len(got["explanation"]) >= len(facts["bids"])


def test_the_hook_rule_is_refused_with_its_code(client: FlaskClient) -> None:
    """BB-R01 with the hook player bidding the forbidden 10: the facts cannot be true."""
    _rid, facts, _expected = full_rounds()[0]
    bids = list(facts["bids"])
    bids[2] = 10
    answer = client.post("/v1/rulesets/boerenbridge/score", json={**facts, "bids": bids})
    assert answer.status_code == 422
    assert answer.get_json()["code"] == "bid_forbidden_by_hook"


@pytest.mark.parametrize(("lang", "word"), [("id", "trik"), ("tl", "trick"), ("en", "trick")])
def test_refusals_and_explanations_in_the_callers_language(client: FlaskClient, lang: str, word: str) -> None:
    """The game's own words come from its catalogs (service/rules/games/boerenbridge/locale)."""
    headers = {"Accept-Language": lang}
    english = client.post("/v1/rulesets/boerenbridge/trick", json={"trump": None, "plays": ["5C", "3H", "7C", "AC"]})
    answer = client.post("/v1/rulesets/boerenbridge/trick", headers=headers,
                         json={"trump": None, "plays": ["5C", "3H", "7C", "AC"]})
    assert answer.status_code == 200 and answer.headers["Content-Language"] == lang
    assert answer.get_json()["card"] == "AC"
    assert (answer.get_json()["reason"] == english.get_json()["reason"]) is (lang == "en")
    assert "AC" in answer.get_json()["reason"]
    _rid, facts, _expected = full_rounds()[0]
    scored = client.post("/v1/rulesets/boerenbridge/score", headers=headers, json=facts).get_json()
    assert any(word in line for line in scored["explanation"])
    refused = client.post("/v1/rulesets/boerenbridge/score", headers=headers,
                          json={**facts, "tricks": [1, 1, 1, 1]})
    assert refused.status_code == 422 and refused.headers["Content-Language"] == lang
    assert refused.get_json()["code"] == "tricks_do_not_add_up"
    assert word in refused.get_json()["detail"]
    checked = client.post("/v1/rulesets/boerenbridge/legal-plays", headers=headers,
                          json={"trump": None, "hand": ["2C", "KH"], "trick": ["5C"], "card": "KH"}).get_json()
    assert checked["allowed"] is False and checked["reason"]["code"] == "must_follow_suit"
    rule = {"en": "must follow", "id": "harus mengikuti", "tl": "dapat sumunod"}[lang]
    assert rule in json.dumps(checked["reason"], ensure_ascii=False)
