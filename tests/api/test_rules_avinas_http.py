"""Avinas over HTTP: the spec's test vectors (docs/rules/avinas.md §14), read from its tables,
through the rules endpoints (face-down plays and the trick number included)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.rules.cards import DECK_32
from tests.spec_tables import card_list, vectors

SPEC = "avinas.md"
TRICK_WINNERS = vectors(SPEC, "14.4 Trick winners")
LEGAL_PLAYS = vectors(SPEC, "14.5 Legal plays")
RAMS = vectors(SPEC, "14.7 Rams")
PIPS = vectors(SPEC, "14.8 Pips")


def option_with_value(client: FlaskClient, value: str) -> str:
    """The Avinas option that takes ``value`` (the spec names variants by their value alone)."""
    options = client.get("/v1/rulesets/avinas").get_json()["options"]
    names = [o["name"] for o in options if value in (o.get("allowed") or [])]
    assert len(names) == 1, (value, names)
    return names[0]


@pytest.mark.parametrize("row", TRICK_WINNERS, ids=[r["id"] for r in TRICK_WINNERS])
def test_trick_winner_vectors(client: FlaskClient, row: dict[str, str]) -> None:
    trump = row["trumps"].strip()[0]
    cards = card_list(row["plays"])
    plays: list[Any] = [{"card": c, "face_down": True} if f"{c}(fd)" in row["plays"].replace(" ", "") else c
                        for c in cards]
    body: dict[str, Any] = {"trump": trump, "plays": plays}
    number = re.search(r"trick (\d)", row["trumps"])
    if number:
        body["trick_number"] = int(number.group(1))
    expected = card_list(row["winner"])
    answer = client.post("/v1/rulesets/avinas/trick", json=body)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["card"] == expected[0], (row, answer.get_json())
    assert answer.get_json()["winner"] == cards.index(expected[0])
    assert answer.get_json()["reason"]
    variant = re.search(r"with `(\w+)`", row["winner"])
    if variant:  # the winner under the named variant, the card named just before it
        options = {option_with_value(client, variant.group(1)): variant.group(1)}
        answer = client.post("/v1/rulesets/avinas/trick", json={**body, "options": options})
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json()["card"] == expected[1]


def legal_context(situation: str, hand: list[str]) -> dict[str, Any]:
    """``follow, AH led``, ``lead trick 2``, ``follow a trick-2 face-down lead``, ``declarer leads
    trick 1``, ``follow, QD led (trick 5)``: the trick so far and its number (3 when unnamed: the
    follow-suit tricks)."""
    number = re.search(r"trick[- ](\d)", situation)
    body: dict[str, Any] = {"trump": "H", "trick_number": int(number.group(1)) if number else 3}
    trick: list[Any] = card_list(situation)
    if "face-down lead" in situation:  # the followers cannot see it: any card not in the hand
        hidden = next(c.text for c in DECK_32 if c.text not in hand and c.suit.value != "H" and c.rank.value < 11)
        trick = [{"card": hidden, "face_down": True}]
    body["trick"] = trick
    return body


@pytest.mark.parametrize("row", LEGAL_PLAYS, ids=[r["id"] for r in LEGAL_PLAYS])
def test_legal_play_vectors(client: FlaskClient, row: dict[str, str]) -> None:
    hand = card_list(row["hand"])
    legal = hand if row["legal set"].startswith("all") else card_list(row["legal set"])
    body = {**legal_context(row["situation"], hand), "hand": hand}
    answer = client.post("/v1/rulesets/avinas/legal-plays", json=body)
    assert answer.status_code == 200, answer.get_json()
    got = answer.get_json()
    assert got["legal"] == [c for c in hand if c in legal], (row, got)
    assert got["code"] and got["rule"]
    for card in hand:
        checked = client.post("/v1/rulesets/avinas/legal-plays", json={**body, "card": card}).get_json()
        assert checked["allowed"] is (card in legal)


# --- scoring -----------------------------------------------------------------------------------------


def team_counts(text: str) -> list[int]:
    """``A 0, B 1`` -> [0, 1]."""
    found = dict(re.findall(r"\b([AB]) (\d+)", text))
    return [int(found["A"]), int(found["B"])]


def hand_facts(result: str, declaring_team: str) -> dict[str, Any]:
    """A result cell (``no knock, D = 95, O = 25, B took 1 trick``, ``A knocked (k = 1), A took 8
    tricks`` ...) as the declaring side's points, tricks and knocks. An unstated trick count is all
    eight for 120 points, none for 0, else four: one the points allow that leaves the tier as it is
    (both sides took a trick)."""
    defending = "B" if declaring_team == "A" else "A"
    k = re.search(r"k = (\d)", result)
    knocks = int(k.group(1)) if k else (1 if "knocked" in result else 0)
    points = re.search(r"\bD = (\d+)", result)
    took = re.search(rf"\b{declaring_team} took (\d)", result)
    other_took = re.search(rf"\b{defending} took (\d)", result)
    if took:
        tricks = int(took.group(1))
    elif other_took:
        tricks = 8 - int(other_took.group(1))
    elif f"{defending} no trick" in result:
        tricks = 8
    elif f"{declaring_team} no trick" in result:
        tricks = 0
    elif points and int(points.group(1)) in (0, 120):  # every point means every trick, and none none
        tricks = 8 if int(points.group(1)) == 120 else 0
    else:
        tricks = 4
    d = int(points.group(1)) if points else (120 if tricks == 8 else None)
    assert d is not None, result
    return {"knocks": knocks, "declarer_points": d, "declarer_tricks": tricks}


@pytest.mark.parametrize("row", [r for r in RAMS if "due" not in r["result"]],
                         ids=[r["id"] for r in RAMS if "due" not in r["result"]])
def test_rams_vectors(client: FlaskClient, row: dict[str, str]) -> None:
    facts = {"game": "sevens", "declarer": 0, "rams": [0, 0], "pips": [0, 0], **hand_facts(row["result"], "A")}
    answer = client.post("/v1/rulesets/avinas/score", json=facts)
    assert answer.status_code == 200, (row, answer.get_json())
    got = answer.get_json()
    assert got["rams"] == team_counts(row["totals after"]), (row, got)
    due = re.match(r"([AB]) \+(\d+)", row["rams due"])
    assert due is not None
    assert got["loser"] == "AB".index(due.group(1))
    assert got["points"][got["loser"]] == int(due.group(2))
    assert got["explanation"]
    full_stake = re.search(r"`full_stake`: [AB] \+(\d+)", row["rams due"])
    if full_stake:
        answer = client.post("/v1/rulesets/avinas/score",
                             json={**facts, "options": {option_with_value(client, "full_stake"): "full_stake"}})
        assert answer.get_json()["points"][got["loser"]] == int(full_stake.group(1))


@pytest.mark.parametrize("row", [r for r in RAMS if "due" in r["result"]],
                         ids=[r["id"] for r in RAMS if "due" in r["result"]])
def test_rams_cancellation_vectors(client: FlaskClient, row: dict[str, str]) -> None:
    """``before A 0, B 3; A due 2``: team A loses a hand worth 2 rams (no knock, A declaring with
    a schneider loss), recorded against the totals before."""
    before = team_counts(row["result"].split(";")[0])
    due = int(re.search(r"A due (\d)", row["result"]).group(1))  # type: ignore[union-attr]
    hand = {1: {"declarer_points": 45, "declarer_tricks": 3}, 2: {"declarer_points": 20, "declarer_tricks": 2},
            3: {"declarer_points": 0, "declarer_tricks": 0}}[due]
    facts = {"game": "sevens", "declarer": 0, "knocks": 0, "rams": before, "pips": [0, 0], **hand}
    answer = client.post("/v1/rulesets/avinas/score", json=facts)
    assert answer.status_code == 200, (row, answer.get_json())
    assert answer.get_json()["points"] == [due, 0]
    assert answer.get_json()["rams"] == team_counts(row["totals after"])


@pytest.mark.parametrize("row", [r for r in PIPS if "stop" not in r["result"]],
                         ids=[r["id"] for r in PIPS if "stop" not in r["result"]])
def test_pips_vectors(client: FlaskClient, row: dict[str, str]) -> None:
    facts: dict[str, Any] = {"game": "no_seven", "declarer": 1, "rams": [0, 0], "pips": [0, 0],
                             **hand_facts(row["result"], "B")}
    facts["knocks"] = 0
    if "lie" in row["pips"]:
        facts["lied"] = True
    answer = client.post("/v1/rulesets/avinas/score", json=facts)
    assert answer.status_code == 200, (row, answer.get_json())
    got = answer.get_json()
    team, amount = re.search(r"([AB]) \+(\d+)", row["pips"]).groups()  # type: ignore[union-attr]
    expected = [0, 0]
    expected["AB".index(team)] = int(amount)
    assert got["pips"] == expected, (row, got)
    assert got["loser"] == "AB".index(team)


# --- the answers in the players' languages (issue 15) -------------------------------------------------

IN_EACH_LANGUAGE = {
    "en": ("QC is the top trump", "an Avinas hand has at most 8 cards; got 9",
           "sevens game; declarer seat 2: the declaring side is team B (seats 2, 4)"),
    "id": ("QC adalah trump tertinggi", "tangan Avinas paling banyak 8 kartu; diberikan 9",
           "permainan kartu 7 terbuka; declarer kursi 2: tim declarer adalah tim B (kursi 2, 4)"),
    "tl": ("ang QC ang pinakamataas na trump", "hanggang 8 card lang ang kamay sa Avinas; ibinigay ang 9",
           "laro ng siyete; declarer ang upuan 2: ang panig ng declarer ay team B (upuan 2, 4)"),
}


@pytest.mark.parametrize("lang", sorted(IN_EACH_LANGUAGE))
def test_a_reason_a_refusal_and_an_explanation_in_each_language(client: FlaskClient, lang: str) -> None:
    reason, refusal, explanation = IN_EACH_LANGUAGE[lang]
    headers = {"Accept-Language": lang}
    trick = client.post("/v1/rulesets/avinas/trick", headers=headers,
                        json={"trump": "H", "trick_number": 3, "plays": ["AH", "QC"]})
    assert trick.status_code == 200 and trick.headers["Content-Language"] == lang
    assert trick.get_json()["reason"] == reason
    refused = client.post(f"/v1/rulesets/avinas/legal-plays?lang={lang}",
                          json={"trump": "H", "trick_number": 3, "hand": [c.text for c in DECK_32[:9]], "trick": []})
    assert refused.status_code == 422 and refused.headers["Content-Language"] == lang
    assert refused.get_json()["detail"] == refusal
    score = client.post("/v1/rulesets/avinas/score", headers=headers,
                        json={"game": "sevens", "declarer": 1, "declarer_points": 75, "declarer_tricks": 5})
    assert score.status_code == 200, score.get_json()
    assert score.get_json()["explanation"][0] == explanation
    catalogue = client.get("/v1/rulesets/avinas", headers=headers).get_json()
    assert catalogue["description"] and all(option["description"] for option in catalogue["options"])
    if lang != "en":
        english = client.get("/v1/rulesets/avinas").get_json()
        assert catalogue["description"] != english["description"]
        assert all(mine["description"] != theirs["description"]
                   for mine, theirs in zip(catalogue["options"], english["options"], strict=True))
