"""Forty-Fives and Auction Forty-Fives over HTTP: the spec's test vectors (docs/rules/forty-fives.md
§7), read from its tables, through the rules endpoints."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.spec_tables import card_list, vectors

SPEC = "forty-fives.md"
OPTION_RE = re.compile(r'`?(\w+)="([^"]+)"`?')
BARE_VALUE_RE = re.compile(r'(?<![=\w])"([a-z_]+)"')


def context(cell: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A trump cell such as ``D (AD demoted)``, ``S, `renege_reference="..."` `` or ``C, auction
    ("trump_lead")``: the ruleset id, the body's context fields and the options."""
    ruleset = "auction_forty_fives" if "auction" in cell else "forty_fives"
    letter = cell.strip()[0]
    body: dict[str, Any] = {"trump": letter if letter in "CDHS" else "C"}  # "any": the trump does not matter
    demoted = re.search(r"\((\w+) demoted\)", cell)
    if demoted:  # demotion is the auction game's turn-up default (§1.5); forty_fives keeps the rank
        body["demoted_ace"] = demoted.group(1)
        ruleset = "auction_forty_fives"
    options = dict(OPTION_RE.findall(cell))
    rest = OPTION_RE.sub("", cell)
    for value in BARE_VALUE_RE.findall(rest):
        if value.startswith("trump_lead"):  # a value of the A♥-lead rule, named without its option
            options["ace_of_hearts_lead"] = value
    return ruleset, body, options


def ids(rows: list[dict[str, str]]) -> list[str]:
    return [row["id"] for row in rows]


TRICK_WINNERS = vectors(SPEC, "7.1 Trick winner")
LEGAL_PLAYS = vectors(SPEC, "7.2 Legal plays")


@pytest.mark.parametrize("row", TRICK_WINNERS, ids=ids(TRICK_WINNERS))
def test_trick_winner_vectors(client: FlaskClient, row: dict[str, str]) -> None:
    ruleset, body, options = context(row["trump"])
    plays = card_list(row["plays (leader first)"])
    body.update(plays=plays, options=options)
    answer = client.post(f"/v1/rulesets/{ruleset}/trick", json=body)
    assert answer.status_code == 200, answer.get_json()
    winner = int(row["winner idx"])
    assert answer.get_json()["winner"] == winner, (row, answer.get_json())
    assert answer.get_json()["card"] == plays[winner]
    assert answer.get_json()["reason"]


@pytest.mark.parametrize("row", LEGAL_PLAYS, ids=ids(LEGAL_PLAYS))
def test_legal_play_vectors(client: FlaskClient, row: dict[str, str]) -> None:
    ruleset, body, options = context(row["trump"])
    hand = card_list(row["hand"])
    legal = hand if row["legal set"].startswith("all") else card_list(row["legal set"])
    body.update(hand=hand, trick=card_list(row["led (trick so far)"]), options=options)
    answer = client.post(f"/v1/rulesets/{ruleset}/legal-plays", json=body)
    assert answer.status_code == 200, answer.get_json()
    got = answer.get_json()
    assert set(got["legal"]) == set(legal), (row, got)
    assert got["legal"] == [c for c in hand if c in legal]  # in hand order
    assert got["code"] and got["rule"]
    for card in hand:  # the check form agrees, and names the rule when it refuses
        checked = client.post(f"/v1/rulesets/{ruleset}/legal-plays", json={**body, "card": card}).get_json()
        assert checked["allowed"] is (card in legal)
        if card not in legal:
            assert checked["reason"]["code"] == got["code"]
            assert got["rule"] in checked["reason"]["detail"]


def test_legal_plays_names_the_rule() -> None:
    """LP-01: "must follow hearts or play a trump", the issue's own example."""
    row = next(r for r in LEGAL_PLAYS if r["id"] == "LP-01")
    from flask import Flask

    from service.api.app import create_app
    from service.api.config import Settings

    app: Flask = create_app(Settings())
    body = {"trump": "D", "hand": card_list(row["hand"]), "trick": card_list(row["led (trick so far)"]), "card": "2C"}
    got = app.test_client().post("/v1/rulesets/forty_fives/legal-plays", json=body).get_json()
    assert got["rule"] == "must follow hearts or play a trump"
    assert got["allowed"] is False
    assert got["reason"]["code"] == got["code"]


def test_worked_hand_scores(client: FlaskClient) -> None:
    """§7.8's five tricks, posted to /score as played: trick winners, points (FS-01) and the bonus."""
    tricks: list[list[str]] = []
    winners: list[int] = []
    leader = None
    for row in vectors(SPEC, "7.8 Worked full hand"):
        seats_cards = re.findall(r"(\d): ((?:10|[2-9JQKA])[CDHS])", row["plays (seat: card, with legal set)"])
        assert int(seats_cards[0][0]) == int(row["leader"])
        leader = int(row["leader"]) if leader is None else leader
        tricks.append([c for _, c in seats_cards])
        winners.append(int(re.match(r"seat (\d)", row["winner"]).group(1)))  # type: ignore[union-attr]
    fs01 = next(r for r in vectors(SPEC, "7.4 Forty-fives hand scoring") if r["id"] == "FS-01")
    points = [int(p) for _, p in sorted(re.findall(r"seat(\d) (\d+)", fs01["expected"]))]
    body = {"trump": "S", "leader": leader, "players": 3, "tricks": tricks, "scores": [0, 0, 0]}
    answer = client.post("/v1/rulesets/forty_fives/score", json=body)
    assert answer.status_code == 200, answer.get_json()
    got = answer.get_json()
    assert got["trick_winners"] == winners
    assert got["points"] == points
    assert got["scores"] == points
    assert got["match_over"] is False and got["winners"] == []
    assert any("5S" in line for line in got["explanation"])  # the bonus trick is explained


def test_partnership_points_are_per_team(client: FlaskClient) -> None:
    """auction_forty_fives answers per team (team 0 = even seats): the worked tricks among 4 seats."""
    tricks = [["KH", "JH", "8H", "2H"], ["7S", "6S", "2S", "3H"], ["9C", "QC", "3C", "4C"],
              ["2D", "4D", "KD", "5D"], ["5S", "10H", "AH", "6D"]]
    answer = client.post("/v1/rulesets/auction_forty_fives/score",
                         json={"trump": "S", "leader": 0, "players": 4, "tricks": tricks, "scores": [0, 0]})
    assert answer.status_code == 200, answer.get_json()
    got = answer.get_json()
    assert len(got["points"]) == len(got["scores"]) == 2
    assert len(got["trick_winners"]) == 5
