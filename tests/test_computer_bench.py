"""bench/computer.py judges a contest by the match's winners, else by the standing, and gives the
share won with its 95% interval."""

from __future__ import annotations

import dataclasses
import random

from bench.computer import outcome, play_contest, wilson
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED


def test_a_finished_match_is_judged_by_its_winners_even_against_the_standing() -> None:
    ruleset = RULESETS["avinas"]
    final = play_contest(ruleset, ["random"] * 4, 100, random.Random(2))
    assert ruleset.status(final) == FINISHED
    winner = ruleset.table(final).winners[0]
    assert outcome(ruleset, final, winner, 1 - winner) == 1.0
    assert outcome(ruleset, final, 1 - winner, winner) == 0.0
    # the winners decide even where the standing says otherwise
    flipped = dataclasses.replace(final, rams=(0, 0), pips=tuple(9 if team == winner else 0 for team in range(2)))
    assert ruleset.standing(flipped)[winner] < ruleset.standing(flipped)[1 - winner]
    assert outcome(ruleset, flipped, winner, 1 - winner) == 1.0


def test_an_unfinished_contest_is_judged_by_the_standing_and_a_tie_counts_half() -> None:
    ruleset = RULESETS["avinas"]
    start = ruleset.new_match(ruleset.validate_options({}, 4), 4, 0, "dealt")
    assert outcome(ruleset, start, 0, 1) == 0.5
    penalised = dataclasses.replace(start, pips=(0, 4))
    assert outcome(ruleset, penalised, 0, 1) == 1.0
    assert outcome(ruleset, penalised, 1, 0) == 0.0
    forty_fives = RULESETS["forty_fives"]
    final = play_contest(forty_fives, ["random", "random"], 1, random.Random(3))
    scores = forty_fives.table(final).scores
    assert forty_fives.status(final) != FINISHED and scores[0] != scores[1]
    assert outcome(forty_fives, final, 0, 1) == (1.0 if scores[0] > scores[1] else 0.0)


def test_the_interval_holds_the_share_and_narrows_with_more_contests() -> None:
    low, high = wilson(0.8, 200)
    assert 0.73 < low < 0.8 < high < 0.86
    wide = wilson(0.8, 20)
    assert wide[0] < low and wide[1] > high
    assert wilson(1.0, 10)[1] == 1.0
