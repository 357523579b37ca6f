"""The test vectors of rules/avinas.md §16.10.1-§16.10.3 (the full pagat rules as options), read
from the spec's tables (tests/spec_tables.py), each also played through a match where the row
describes one.

Each table gets a small row parser; nothing expected is retyped here.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from service.rules.cards import DECK_32
from service.rules.errors import IllegalAction, InvalidFacts, InvalidInput, InvalidOption
from service.rules.games.avinas import AVINAS
from service.rules.games.avinas.ranking import count_for_declaration
from service.rules.games.avinas.state import AvinasState
from service.rules.options import Options
from service.rules.ruleset import FINISHED, IN_PROGRESS
from tests.english import english, english_json
from tests.rules.games.avinas.test_avinas_support import act, arrange, deck_from_hands, play_on
from tests.rules.games.avinas.test_avinas_vectors import LIE_HAND, LIE_TRUMP, TEAM, _due, _result_facts, ids, rows

SEVENS = "16.10.1"
PIPS = "16.10.2"
LIE_AND_STOP = "16.10.3"

OPTION = re.compile(r"`(\w+) = ([^`]+)`")


def options_in(cell: str) -> dict[str, Any]:
    """The options a cell names (``pips_defender_tiers = [1, 2, 3]``, ``tier_basis = "points"``)."""
    return {name: json.loads(value) for name, value in OPTION.findall(cell)}


def by_id(heading: str) -> dict[str, dict[str, str]]:
    return {r["id"]: r for r in rows(heading)}


def resolved(heading: str, row: dict[str, str], column: str) -> str:
    """The cell, or the cell of the row it refers to ("as AV-Q06")."""
    cell = row[column]
    if m := re.fullmatch(r"as (AV-\w+)", cell):
        return resolved(heading, by_id(heading)[m.group(1)], column)
    return cell


def row_options(heading: str, row: dict[str, str]) -> dict[str, Any]:
    """A row's options: "same" as the row above, "defaults" none, "as AV-.." that row's."""
    table = rows(heading)
    cell = row["options"]
    if cell == "same":
        return row_options(heading, table[table.index(row) - 1])
    if m := re.fullmatch(r"as (AV-\w+)", cell):
        return row_options(heading, by_id(heading)[m.group(1)])
    return options_in(cell)


def no_seven_declarer_1(opts: Options, rng: random.Random) -> AvinasState:
    """A no-seven hand dealt by seat 0 (``arrange``) in which seat 1 declares 1 and the others pass."""
    state = AVINAS.deal(AVINAS.new_match(opts, 4, 0, "dealt"), arrange(rng, 0))
    assert state.hand is not None and state.hand.game == "no_seven"
    state = act(state, "declare", 1, amount=1)
    for seat in (2, 3, 0):
        state = act(state, "pass", seat)
    return state


def play_tricks(state: AvinasState, rng: random.Random, tricks: int) -> AvinasState:
    """Random legal cards (no stop) by the seat to play until ``tricks`` tricks are complete."""
    while state.hand is not None and len(state.hand.tricks) < tricks:
        seat = AVINAS.to_act(state)[0]
        state = AVINAS.apply(state, rng.choice([a for a in AVINAS.legal_actions(state, seat) if a.type == "play"]))
    return state


def lying_match(opts: Options) -> AvinasState:
    """A match whose first hand is §14.9's: seat 1 holds the hand, declares one more than it
    counts for the trump suit it then leads (a lie), and the hand is played out."""
    trump = next(s for s in {c.suit for c in LIE_HAND} if s.value == LIE_TRUMP)
    rng = random.Random(11)
    sevens = [c for c in LIE_HAND if c.rank.value == 7]
    seat1 = sevens + [c for c in LIE_HAND if c.rank.value != 7]  # no seven at #4 or #8
    others = [c for c in DECK_32 if c not in LIE_HAND]
    while True:
        rng.shuffle(others)
        dealt = [others[0:8], seat1, others[8:16], others[16:24]]
        if all(dealt[s][p].rank.value != 7 for s in (0, 2, 3) for p in (3, 7)):
            break
    state = AVINAS.deal(AVINAS.new_match(opts, 4, 0, "dealt"), deck_from_hands(dealt, 0))
    state = act(state, "declare", 1, amount=count_for_declaration(LIE_HAND, trump, "trumps") + 1)
    for seat in (2, 3, 0):
        state = act(state, "pass", seat)
    lead = next(c for c in LIE_HAND if c.suit is trump and c.rank.value not in (11, 12))
    return play_on(act(state, "play", 1, card=lead.text), rng)


def _pair(text: str) -> tuple[int, int]:
    m = re.search(r"A (\d+), B (\d+)", text)
    assert m, text
    return int(m.group(1)), int(m.group(2))


# ------------------------------------------------------------------------------------------------
# §16.10.1 rams by exposed sevens
# ------------------------------------------------------------------------------------------------

SEVENS_RULE = AVINAS.validate_options({"rams_rule": "sevens"})


@pytest.mark.parametrize("row", rows(SEVENS), ids=ids(rows(SEVENS)))
def test_rams_by_exposed_sevens(row: dict[str, str]) -> None:
    result, due_cell = row["result"], row["rams due"]
    before = (0, 0)
    if m := re.match(r"before A (\d+), B (\d+);\s*", result):
        before = (int(m.group(1)), int(m.group(2)))
        result = result[m.end() :]
    facts = {"game": "sevens", "rams": list(before)} | _result_facts(result, 0)
    given = row["sevens exposed"]
    if given != "missing":
        facts["sevens_exposed"] = int(given)
    if m := re.match(r"(\d{3}) (\w+)", due_cell):
        error = {"400": InvalidInput, "422": InvalidFacts}[m.group(1)]
        with pytest.raises(error) as refused:
            AVINAS.score_round(facts, SEVENS_RULE)
        assert refused.value.code == m.group(2)
        assert "sevens exposed" in english(refused.value.message)
        return
    if m := re.search(r"([AB]) due (\d+): cancel (\d+) of [AB], mark (\d+)", due_cell):
        team, n, cancelled = TEAM[m.group(1)], int(m.group(2)), int(m.group(3))
    else:
        ((team, n),) = _due(due_cell)
        cancelled = 0
    score = AVINAS.score_round(facts, SEVENS_RULE)
    assert (score.extra["loser"], score.extra["due"]) == (team, n), score.explanation
    assert score.points[team] == n and score.points[1 - team] == 0
    assert score.extra["cancelled"] == cancelled
    assert tuple(score.extra["rams"]) == _pair(row["totals after"])
    assert "exposed seven" in " ".join(english_json(list(score.explanation)))
    # rams_tiers and knock_fail_scoring have no effect under the rule (§16.3)
    other = AVINAS.validate_options(
        {"rams_rule": "sevens", "rams_tiers": [5, 7, 9], "knock_fail_scoring": "full_stake"}
    )
    assert AVINAS.score_round(facts, other).extra["due"] == n


# ------------------------------------------------------------------------------------------------
# §16.10.2 pips with pips_defender_tiers and tier_basis
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("row", rows(PIPS), ids=ids(rows(PIPS)))
def test_pips_by_defender_tiers_and_tier_basis(row: dict[str, str]) -> None:
    options = row_options(PIPS, row)
    expected = row["pips"]
    if m := re.match(r"422 (\w+), option (\w+)", expected):
        with pytest.raises(InvalidOption) as refused:
            AVINAS.validate_options(options)
        assert refused.value.code == m.group(1) and refused.value.option == m.group(2)
        return
    result = resolved(PIPS, row, "result")
    declarer = int(m.group(1)) if (m := re.search(r"declarer seat (\d)", result)) else 1
    game = "sevens" if result.startswith("sevens game") else "no_seven"
    facts = {"game": game} | _result_facts(result, declarer)
    ((team, n),) = _due(expected)
    score = AVINAS.score_round(facts, AVINAS.validate_options(options))
    assert (score.extra["loser"], score.extra["due"]) == (team, n), score.explanation
    assert score.extra["unit"] == ("rams" if "rams" in expected else "pips")
    if m := re.search(r"tier (\d)", expected):
        assert score.extra["tier"] == int(m.group(1))


# ------------------------------------------------------------------------------------------------
# §16.10.3 a lie and the stop
# ------------------------------------------------------------------------------------------------

#: seeds of ``play_tricks`` reaching the rows' positions (found by a search over seeds): after
#: ``tricks`` tricks, team A and team B hold these card points and tricks
STOP_SITUATIONS = {"AV-Y03": 86258, "AV-Y06": 86409}


def _lie_row(row: dict[str, str]) -> None:
    options = AVINAS.validate_options(row_options(LIE_AND_STOP, row))
    situation, expected = resolved(LIE_AND_STOP, row, "situation"), row["expected"]
    facts = {"game": "no_seven"} | _result_facts(situation, int(re.search(r"declarer seat (\d)", situation).group(1)))
    assert facts["lied"]
    score = AVINAS.score_round(facts, options)
    state = lying_match(options)
    record = state.history[-1]
    assert record.lied and record.declarer == 1
    if m := re.search(r"team ([AB]) wins", expected):
        assert "no pips recorded" in expected
        winner = TEAM[m.group(1)]
        assert score.match_over and list(score.winners) == [winner] and score.points == (0, 0)
        assert score.scores == (0, 0) and score.extra["pips"] == [0, 0]
        assert state.status == FINISHED and state.winners == (winner,) and state.result == "won"
        assert state.pips == (0, 0) and record.due == 0
        view = AVINAS.view(state, None)
        assert "lie" in english(view["end_reason"])
        return
    ((team, n),) = _due(expected)
    assert "goes on" in expected
    assert not score.match_over and (score.extra["loser"], score.extra["due"]) == (team, n)
    assert state.status == IN_PROGRESS and record.loser == team


def _stop_row(row: dict[str, str]) -> None:
    options = row_options(LIE_AND_STOP, row)
    opts = AVINAS.validate_options(options)
    situation, expected = row["situation"], row["expected"]
    stopper = int(re.search(r"seat (\d) (?:\(.*\) )?(?:stops|tries to stop)", situation).group(1))
    if "refused" in expected:
        state = play_tricks(no_seven_declarer_1(opts, random.Random(3)), random.Random(3), 1)
        before = state
        with pytest.raises(IllegalAction) as refused:
            act(state, "stop", stopper)
        assert refused.value.code == "stop_not_allowed" and state == before
        assert all(a.type != "stop" for a in AVINAS.legal_actions(state, stopper))
        if m := re.search(r"only the (\w+) may stop", expected):
            assert m.group(1) in english(refused.value.message)
        return
    m = re.search(
        r"after trick (\d) with B (\d+)(?: points)? \((\d) tricks\), A (\d+)(?: points)? \((\d) tricks\)", situation
    )
    assert m, situation
    played, b_pts, b_tr, a_pts, a_tr = (int(g) for g in m.groups())
    # through a match: the seed's hand reaches the situation, and the stop is accepted
    rng = random.Random(STOP_SITUATIONS[row["id"]])
    state = play_tricks(no_seven_declarer_1(opts, rng), rng, played)
    assert stopper in AVINAS.to_act(state)
    assert {"type": "stop", "seat": stopper} in [a.to_json() for a in AVINAS.legal_actions(state, stopper)]
    state = act(state, "stop", stopper)
    record = state.history[-1]
    assert (record.card_points, record.tricks_won) == ((a_pts, b_pts), (a_tr, b_tr))
    assert record.stopped_after == played and record.stopped_by == stopper and not record.lied
    ((team, n),) = _due(expected)
    assert (record.loser, record.due) == (team, n)
    assert record.declarer_won == ("B wins" in expected)
    if m := re.search(r"tier (\d)", expected):
        assert record.tier == int(m.group(1))
    # the same through the score endpoint's facts (the stop leaves the unplayed cards to nobody)
    facts = {
        "game": "no_seven",
        "declarer": 1,
        "declarer_points": b_pts,
        "declarer_tricks": b_tr,
        "defender_points": a_pts,
        "defender_tricks": a_tr,
    }
    score = AVINAS.score_round(facts, opts)
    assert (score.extra["loser"], score.extra["due"]) == (team, n)
    first = english_json(AVINAS.view(state, None)["last_hand_explanation"])[0]
    assert first.startswith(f"the declarer's partner, seat {stopper + 1}," if stopper != 1 else "the declarer stopped")


@pytest.mark.parametrize("row", rows(LIE_AND_STOP), ids=ids(rows(LIE_AND_STOP)))
def test_lie_and_stop(row: dict[str, str]) -> None:
    if "stop" in row["situation"] or "stop" in resolved(LIE_AND_STOP, row, "situation"):
        _stop_row(row)
    else:
        _lie_row(row)


def test_seeds_of_the_stop_situations_are_the_rows() -> None:
    assert set(STOP_SITUATIONS) == {r["id"] for r in rows(LIE_AND_STOP) if "after trick" in r["situation"]}
