"""What a proven revoke costs, stateless (``/score`` with ``revokes_applied``): the vectors of
forty-fives.md §9.12.8, boerenbridge.md §15.8.3 and avinas.md §16.10.4, read as data.

A few rows use an option or a fact that another part of issue 21 adds (``PENDING``): while the
option is unknown to the ruleset the row checks that it is refused as unknown (and nothing else);
once it exists the row runs in full like every other.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from service.rules.errors import InvalidInput, RuleError, UnknownOption
from service.rules.registry import RULESETS
from tests.spec_tables import vectors

FF_ROWS = vectors("forty-fives.md", "9.12.8")
BB_ROWS = vectors("boerenbridge.md", "15.8.3")
AV_ROWS = vectors("avinas.md", "16.10.4")

#: rows that need an option (or a fact) another part of issue 21 adds -> that option
PENDING = {"RV-04": "trick_value", "BR-07": "scoring_system", "AV-K09": "rams_rule"}

PENALTIES = ("flag_only", "hand_lost", "hand_void")
NUMBER = r"[+−-]?\d+"


def _int(text: str) -> int:
    return int(text.replace("−", "-").replace("+", ""))


def _by_id(rows: list[dict[str, str]]) -> dict[str, dict[str, str]]:
    return {row["id"]: row for row in rows}


def _score(ruleset_id: str, facts: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
    ruleset = RULESETS[ruleset_id]
    return ruleset.score_round(facts, ruleset.validate_options(options)).to_json()


def _pending_refused(row_id: str, ruleset_id: str, options: Mapping[str, Any]) -> bool:
    """True when the row needs an option the ruleset does not have yet (and it is refused so)."""
    if row_id not in PENDING:
        return False
    try:
        RULESETS[ruleset_id].validate_options(options)
    except UnknownOption as err:
        assert err.option == PENDING[row_id]
        return True
    except RuleError as err:  # a value the option does not take yet (a new value of an old option)
        assert err.extra.get("option") == PENDING[row_id], err
        return True
    return False


def _refused(row: dict[str, str], text: str, call: Any) -> bool:
    code = re.search(r"422 (\w+)", text)
    if code is None:
        return False
    with pytest.raises(RuleError) as caught:
        call()
    assert caught.value.code == code.group(1), row
    return True


# --- Forty-Fives ------------------------------------------------------------------------------------


def _ff_case(row: dict[str, str]) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """(ruleset, options, facts) of a §9.12.8 row; "as RV-nn" and "same" take the earlier row's."""
    rows = _by_id(FF_ROWS)
    game = row["game and options"]
    earlier = re.match(r"as (RV-\d+)", game)
    if earlier:
        ruleset_id, options, _ = _ff_case(rows[earlier.group(1)])
    else:
        ruleset_id = "forty_fives" if game.startswith("forty_fives") else "auction_forty_fives"
        options = {"trump_selection": "bidding"} if game.startswith("bidding") else {}
        for name, value in re.findall(r"(?:(\w+) )?\"(\w+)\"", game):
            assert name or value in PENALTIES, row
            options[name or "revoke_penalty"] = value
        for name, value in re.findall(r"(trick_value|highest_trump_bonus_value) (\d+)", game):
            options[name] = int(value)
    facts: dict[str, Any] = {}
    text = row["facts"]
    same = re.fullmatch(r"same", text) or re.search(r"same facts as (RV-\d+)", text)
    if same:
        source = rows[same.group(1)] if same.re.groups else FF_ROWS[FF_ROWS.index(row) - 1]
        facts = _ff_case(source)[2]
    elif text.endswith("any"):
        facts = {"tricks_won": [2, 1, 1, 1], "highest_trump_seat": 0}
    else:
        facts["tricks_won"] = json.loads(re.search(r"tricks_won (\[[^\]]+\])", text).group(1))  # type: ignore[union-attr]
        seat = re.search(r"highest_trump_seat (\d)", text)
        if seat:
            facts["highest_trump_seat"] = int(seat.group(1))
    bid = re.search(r"bid A (\d+)", text)
    if bid:
        facts = {**facts, "bid": {"team": 0, "amount": int(bid.group(1))}}
    totals = re.search(rf"totals A ({NUMBER}), B ({NUMBER})", game)
    if totals:
        facts["scores"] = [_int(totals.group(1)), _int(totals.group(2))]
    return ruleset_id, options, facts


@pytest.mark.parametrize("row", FF_ROWS, ids=[r["id"] for r in FF_ROWS])
def test_forty_fives_revoke_penalties_stateless(row: dict[str, str]) -> None:
    ruleset_id, options, facts = _ff_case(row)
    if _pending_refused(row["id"], ruleset_id, options):
        return
    body = {**facts, "revokes_applied": json.loads(row["revokes applied"])}
    expected = row["expected"]
    if _refused(row, expected, lambda: _score(ruleset_id, body, options)):
        return
    answer = _score(ruleset_id, body, options)
    assert answer["void"] is ("void" in expected), (row, answer)
    head = expected.split("(as played")[0].split("totals stay")[0]
    pattern = (
        rf"({NUMBER})/({NUMBER})/({NUMBER})" if ruleset_id == "forty_fives" else rf"A ({NUMBER})[^,]*, B ({NUMBER})"
    )
    found = re.search(pattern, head)
    assert found or answer["void"], row
    points = [_int(p) for p in found.groups()] if found else [0, 0]
    before = facts.get("scores", [0] * len(points))
    assert answer["points"] == points, (row, answer)
    assert answer["scores"] == [b + p for b, p in zip(before, points, strict=True)], (row, answer)
    stays = re.search(rf"totals stay A ({NUMBER}), B ({NUMBER})", expected)
    if stays:
        assert answer["scores"] == [_int(stays.group(1)), _int(stays.group(2))]
    after = re.findall(rf"→ ({NUMBER})", expected)
    if after:
        assert answer["scores"] == [_int(a) for a in after]
    wins = re.search(r"team ([AB]) wins", expected)
    assert answer["match_over"] is bool(wins), (row, answer)
    if wins:
        assert answer["winners"] == ["AB".index(wins.group(1))]


def test_forty_fives_as_played_notes_hold_without_the_fact() -> None:
    """The rows' "as played" notes are what the same facts score without ``revokes_applied``."""
    checked = 0
    for row in FF_ROWS:
        note = re.search(rf"as played A ({NUMBER}), B ({NUMBER})", row["expected"])
        ruleset_id, options, facts = _ff_case(row)
        if note is None or _pending_refused(row["id"], ruleset_id, options):
            continue
        answer = _score(ruleset_id, facts, options)
        assert answer["points"] == [_int(note.group(1)), _int(note.group(2))], row
        checked += 1
    assert checked >= 3


def test_revokes_applied_must_name_distinct_seats_of_the_table() -> None:
    options = {"revoke_penalty": "hand_lost"}
    facts = {"tricks_won": [2, 0, 3], "highest_trump_seat": 2}
    for bad in ([3], [0, 0], "0", [-1], [True]):
        with pytest.raises(InvalidInput):
            _score("forty_fives", {**facts, "revokes_applied": bad}, options)
    for ruleset_id, body in (
        ("boerenbridge", {"bids": [3, 0, 5, 4], "tricks": [3, 0, 6, 4]}),
        ("avinas", {"game": "sevens", "declarer": 1, "declarer_points": 75, "declarer_tricks": 5}),
    ):
        with pytest.raises(InvalidInput):
            _score(ruleset_id, {**body, "revokes_applied": [4]}, options)
    # an empty list applies nothing: the round as played
    assert _score("forty_fives", {**facts, "revokes_applied": []}, options)["points"] == [10, 0, 20]


# --- Boerenbridge -----------------------------------------------------------------------------------


_BB_VALUE_OF = {
    "nl_10_2": "scoring_system",
    "nederlands_10_3": "scoring_system",
    "basis": "scoring_system",
    "blackout": "scoring_system",
    **{p: "revoke_penalty" for p in PENALTIES},
}


def _bb_case(row: dict[str, str]) -> tuple[dict[str, Any], dict[str, Any]]:
    text = row["options"]
    options: dict[str, Any] = {}
    if not text.startswith("defaults"):
        for name, value in re.findall(r"`(\w+) = \"(\w+)\"`", text):
            options[name] = value
        for value in re.findall(r"`\"(\w+)\"`", text):
            options[_BB_VALUE_OF[value]] = value
    facts: dict[str, Any] = {"bids": [3, 0, 5, 4], "tricks": [3, 0, 6, 4]}
    for key in ("scores", "bids", "tricks"):
        given = re.search(rf"{key} (\[[^\]]+\])", text)
        if given:
            facts[key] = json.loads(given.group(1))
    return options, facts


@pytest.mark.parametrize("row", BB_ROWS, ids=[r["id"] for r in BB_ROWS])
def test_boerenbridge_revoke_penalties_stateless(row: dict[str, str]) -> None:
    options, facts = _bb_case(row)
    if _pending_refused(row["id"], "boerenbridge", options):
        return
    body = {**facts, "revokes_applied": json.loads(row["revokes applied"])}
    if _refused(row, row["notes"], lambda: _score("boerenbridge", body, options)):
        return
    answer = _score("boerenbridge", body, options)
    points = [_int(p) for p in re.findall(NUMBER, row["round points"])]
    assert answer["points"] == points, (row, answer)
    notes = row["notes"]
    assert answer["void"] is ("void true" in notes)
    before = facts.get("scores", [0, 0, 0, 0])
    new = re.search(r"(?:new scores|the scores are) ([\d, ]+\d)", notes)
    if new:
        assert answer["scores"] == [int(s) for s in new.group(1).split(", ")], (row, answer)
    if "scores unchanged" in notes:
        assert answer["scores"] == before
    if "match goes on" in notes:
        assert answer["match_over"] is False and answer["winners"] == []
    played = re.search(r"as played ([−\d, -]+\d)", notes)
    if played:
        assert _score("boerenbridge", facts, options)["points"] == [_int(p) for p in played.group(1).split(", ")]
    if "reaches 100 and wins" in notes:
        assert _score("boerenbridge", facts, options)["winners"] == [0]


# --- Avinas -----------------------------------------------------------------------------------------


def _av_case(row: dict[str, str]) -> tuple[dict[str, Any], dict[str, Any]]:
    rows = _by_id(AV_ROWS)
    text = row["options"]
    options: dict[str, Any] = {}
    if not text.startswith("defaults"):
        for name, value in re.findall(r"`(\w+) = \"(\w+)\"`", text):
            options[name] = value
        for value in re.findall(r"`\"(\w+)\"`", text):
            options["revoke_penalty"] = value
    facts_text = row["facts"]
    earlier = re.fullmatch(r"as (AV-K\d+)", facts_text)
    if earlier:
        return options, _av_case(rows[earlier.group(1)])[1]
    facts: dict[str, Any] = {"game": "no_seven" if facts_text.startswith("no-seven") else "sevens"}
    facts["declarer"] = int(re.search(r"declarer (\d)", facts_text).group(1))  # type: ignore[union-attr]
    facts["declarer_points"] = int(re.search(r"D = (\d+)", facts_text).group(1))  # type: ignore[union-attr]
    facts["declarer_tricks"] = int(re.search(r"declarer tricks (\d)", facts_text).group(1))  # type: ignore[union-attr]
    knocks = re.search(r"knocks (\d)", facts_text)
    if knocks:
        facts["knocks"] = int(knocks.group(1))
    exposed = re.search(r"sevens_exposed (\d)", facts_text)
    if exposed:
        facts["sevens_exposed"] = int(exposed.group(1))
    return options, facts


@pytest.mark.parametrize("row", AV_ROWS, ids=[r["id"] for r in AV_ROWS])
def test_avinas_revoke_penalties_stateless(row: dict[str, str]) -> None:
    options, facts = _av_case(row)
    if _pending_refused(row["id"], "avinas", options):
        return
    body = {**facts, "revokes_applied": json.loads(row["revokes applied"])}
    expected = row["expected"]
    if _refused(row, expected, lambda: _score("avinas", body, options)):
        return
    answer = _score("avinas", body, options)
    if expected.startswith("void"):
        assert answer["void"] is True and answer["points"] == [0, 0], (row, answer)
        assert answer["rams"] == [0, 0] and answer["pips"] == [0, 0]
        return
    team, due, unit = re.search(r"([AB]) \+(\d+) (ram|pip)", expected.split("(as played")[0]).groups()  # type: ignore[union-attr]
    points = [0, 0]
    points["AB".index(team)] = int(due)
    assert answer["void"] is False and answer["points"] == points and answer["unit"] == unit + "s", (row, answer)
    played = re.search(r"as played ([AB]) \+(\d+)", expected)
    if played:
        plain = _score("avinas", facts, options)
        assert plain["loser"] == "AB".index(played.group(1)) and plain["due"] == int(played.group(2))
