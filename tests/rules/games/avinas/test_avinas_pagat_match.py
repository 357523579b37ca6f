"""The full pagat rules of Avinas as options (docs/rules/avinas.md §16.1-§16.6), one test per rule,
through matches where a rule acts in one: the options of §16.1, rams by exposed sevens (§16.3),
the defenders' pips and the tier basis (§16.4), a lie that loses the match (§16.5), the stop by
either declarer (§16.6)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from service.api.i18n import section_of
from service.rules.cards import card
from service.rules.errors import IllegalAction, InvalidFacts, InvalidInput, InvalidOption, MatchOver, NotYourTurn
from service.rules.games.avinas import AVINAS
from service.rules.games.avinas.options import OPTION_SPECS, make_config
from service.rules.games.avinas.scoring import tier_of
from service.rules.games.avinas.state import AvinasState
from service.rules.options import Options
from service.rules.ruleset import FINISHED
from tests.english import english, english_json, option_title
from tests.rules.games.avinas.test_avinas_pagat_vectors import lying_match, no_seven_declarer_1, play_tricks
from tests.rules.games.avinas.test_avinas_support import act, arrange, play_on
from tests.spec_tables import vectors

NEW_OPTIONS = [r for r in vectors("avinas.md", "16.1 New options") if not r["option"].startswith("`revoke_penalty`")]
SPECS = {s.name: s for s in OPTION_SPECS}


# ------------------------------------------------------------------------------------------------
# §16.1 the options
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("row", NEW_OPTIONS, ids=[r["option"] for r in NEW_OPTIONS])
def test_each_new_option_its_default_and_values(row: dict[str, str]) -> None:
    name = re.match(r"`(\w+)`", row["option"]).group(1)
    spec = SPECS[name]
    default = re.match(r"`?(\w+)`?", row["default"]).group(1)
    assert spec.default == (None if default == "null" else default)
    assert AVINAS.validate_options({})[name] == spec.default
    for value in re.findall(r"`(\w+)`", row["alternatives"]):
        assert AVINAS.validate_options({name: value})[name] == value
    if "three integers" in row["alternatives"]:
        assert AVINAS.validate_options({name: [1, 2, 3]})[name] == (1, 2, 3)
        assert AVINAS.validate_options({name: None})[name] is None
        bad: list[Any] = [[1, 2], [1, 2, 3, 4], [1, -1, 2], "1, 2, 3", [1, 2.5, 3]]
    else:
        bad = ["nope", 1, None, True]
    for value in bad:
        with pytest.raises(InvalidOption) as refused:
            AVINAS.validate_options({name: value})
        assert refused.value.option == name and option_title("avinas", name) in english(refused.value.message)


def test_a_match_stored_before_the_new_options_plays_by_the_defaults() -> None:
    """A match's options kept from before §16 lack the new keys: they are read as their defaults."""
    old = {k: v for k, v in AVINAS.validate_options({}).items() if k not in SPECS or k in (
        "auction_rounds", "min_declaration", "declaration_count", "lie_penalty", "defenders_knock_requires_knock",
        "knock_in_pips_game", "knock_fail_scoring", "trump_lead_obligation", "no_trump_followed_winner",
        "facedown_signal", "stop_remainder_to", "stop_in_sevens_game", "rams_tiers", "pips_tiers", "pips_to_end",
        "max_hands", "max_hands_outcome")}  # fmt: skip
    assert not {"rams_rule", "tier_basis", "stop_by", "pips_defender_tiers"} & set(old)
    assert make_config(Options.of(old)) == make_config(AVINAS.validate_options({}))


# ------------------------------------------------------------------------------------------------
# §16.3 rams by exposed sevens
# ------------------------------------------------------------------------------------------------


def _sevens_deal(rng: random.Random, placed: dict[tuple[int, int], str], **options: Any) -> AvinasState:
    opts = AVINAS.validate_options({"rams_rule": "sevens", **options})
    deck = arrange(rng, 0, {k: card(v) for k, v in placed.items()})
    return AVINAS.deal(AVINAS.new_match(opts, 4, 0, "dealt"), deck)


@pytest.mark.parametrize("seed", range(8))
def test_a_sevens_hand_costs_its_exposed_sevens(seed: int) -> None:
    """Two sevens exposed (seat 1's #4 and seat 3's #8, the last: declarer seat 3): whatever the
    play and the knocks, the defenders are due 2 x 2^k rams when the declaring side wins, the
    declaring side 4 x 2^k when it loses; the tiers and their options count for nothing."""
    rng = random.Random(seed)
    state = _sevens_deal(rng, {(1, 4): "7H", (3, 8): "7S"}, rams_tiers=[9, 9, 9])
    assert (state.hand.game, state.hand.declarer, state.hand.trump.value) == ("sevens", 3, "S")
    state = play_on(state, rng)
    record = state.history[-1]
    assert record.sevens_exposed == 2 and record.unit == "rams"
    assert record.due == (2 if record.declarer_won else 4) * 2**record.knocks
    assert record.loser == (0 if record.declarer_won else 1)
    lines = english_json(AVINAS.view(state, None)["last_hand_explanation"])
    assert any("2 exposed seven(s)" in line for line in lines)
    assert AVINAS.view(state, 0)["history"][-1]["sevens_exposed"] == 2


def test_the_sevens_fact() -> None:
    """Required in a sevens hand under ``rams_rule = "sevens"``, optional (and of no effect) under
    the tiers, refused in a no-seven hand; an integer from 1 to 4."""
    facts = {"game": "sevens", "declarer": 0, "declarer_points": 75, "declarer_tricks": 5}
    tiers = AVINAS.score_round(facts, {})
    assert AVINAS.score_round({**facts, "sevens_exposed": 3}, {}).extra == tiers.extra
    with pytest.raises(InvalidInput) as missing:
        AVINAS.score_round(facts, {"rams_rule": "sevens"})
    assert "the number of sevens exposed" in english(missing.value.message)
    with pytest.raises(InvalidInput):
        AVINAS.score_round({**facts, "sevens_exposed": "2"}, {"rams_rule": "sevens"})
    for bad in (0, 5):
        with pytest.raises(InvalidFacts):
            AVINAS.score_round({**facts, "sevens_exposed": bad}, {"rams_rule": "sevens"})
    no_seven = {**facts, "game": "no_seven"}
    assert AVINAS.score_round(no_seven, {"rams_rule": "sevens"}).extra["unit"] == "pips"
    with pytest.raises(InvalidFacts) as refused:
        AVINAS.score_round({**no_seven, "sevens_exposed": 1}, {"rams_rule": "sevens"})
    assert "no-seven" in english(refused.value.message)


def test_a_table_hand_reported_whole_takes_the_sevens_the_table_showed() -> None:
    opts = AVINAS.validate_options({"rams_rule": "sevens"})
    state = AVINAS.deal(AVINAS.new_match(opts, 4, 0, "table"), None)
    facts = {"game": "sevens", "declarer": 0, "declarer_points": 50, "declarer_tricks": 3}
    # before the exposures are all in, the count must be given, and no lower than the sevens shown
    for seat, cards in ((1, ["7C"]), (2, []), (3, ["7S"])):
        state = act(state, "expose", seat, cards=cards)
    with pytest.raises(InvalidInput):
        act(state, "round_result", result=facts)
    with pytest.raises(InvalidFacts) as refused:
        act(state, "round_result", result={**facts, "declarer": 3, "sevens_exposed": 1})
    assert english(refused.value.message) == "the table reported 2 exposed seven(s) in this hand, not 1"
    assert act(state, "round_result", result={**facts, "declarer": 3, "sevens_exposed": 2}).rams == (0, 4)
    for seat, cards in ((0, ["7D"]), (1, ["KC"]), (2, []), (3, ["AC"]), (0, [])):
        state = act(state, "expose", seat, cards=cards)
    assert state.hand.declarer == 0
    with pytest.raises(InvalidFacts):
        act(state, "round_result", result={**facts, "sevens_exposed": 2})
    done = act(state, "round_result", result=facts)
    assert done.history[-1].sevens_exposed == 3 and done.rams == (6, 0)
    assert act(state, "round_result", result={**facts, "sevens_exposed": 3}).rams == (6, 0)


# ------------------------------------------------------------------------------------------------
# §16.4 the defenders' pips and the tier basis
# ------------------------------------------------------------------------------------------------


def test_tier_three_is_no_trick_or_no_card_points() -> None:
    assert [tier_of(0, 1), tier_of(0, 1, by_points=True)] == [2, 3]
    assert [tier_of(0, 0), tier_of(0, 0, by_points=True)] == [3, 3]
    assert [tier_of(30, 2, True), tier_of(31, 2, True)] == [2, 1]


def test_the_defenders_pips_apply_to_the_defenders_only() -> None:
    facts = {"game": "no_seven", "declarer": 1, "declarer_points": 100, "declarer_tricks": 7}
    options = {"pips_defender_tiers": [1, 5, 9], "pips_tiers": [2, 4, 6]}
    won = AVINAS.score_round(facts, options)
    assert (won.extra["loser"], won.extra["due"]) == (0, 5)
    assert "“Defenders' pips per tier”, tier 2" in " ".join(english_json(list(won.explanation)))
    lost = AVINAS.score_round({**facts, "declarer_points": 20, "declarer_tricks": 1}, options)
    assert (lost.extra["loser"], lost.extra["due"]) == (1, 4)
    # a sevens hand is scored in rams: the pips options do not touch it
    sevens = AVINAS.score_round({**facts, "game": "sevens"}, options)
    assert sevens.extra["unit"] == "rams" and sevens.extra["due"] == 2


# ------------------------------------------------------------------------------------------------
# §16.5 a lie loses the match
# ------------------------------------------------------------------------------------------------


def test_a_proven_lie_ends_the_match_at_once() -> None:
    state = lying_match(AVINAS.validate_options({"lie_penalty": "match"}))
    assert state.status == FINISHED and state.winners == (0,) and state.result == "won"
    assert state.pips == (0, 0) and state.rams == (0, 0)
    view = AVINAS.view(state, 2)
    assert english(view["end_reason"]).startswith("over: a proven lie, so team B has lost the match")
    assert any("loses the match" in line for line in english_json(view["last_hand_explanation"]))
    with pytest.raises(MatchOver):
        act(state, "pass", 0)
    # under the other values the match goes on
    for value in ("loss_tier", "max"):
        assert lying_match(AVINAS.validate_options({"lie_penalty": value})).status != FINISHED


# ------------------------------------------------------------------------------------------------
# §16.6 the stop by the declaring side
# ------------------------------------------------------------------------------------------------


def test_the_declarers_partner_may_stop_a_defender_never() -> None:
    opts = AVINAS.validate_options({"stop_by": "declaring_side"})
    rng = random.Random(4)
    state = play_tricks(no_seven_declarer_1(opts, rng), rng, 1)
    nxt = state.hand.current.leader
    assert AVINAS.to_act(state) == (nxt, *(s for s in (1, 3) if s != nxt))
    for seat in (1, 3):
        assert {"type": "stop", "seat": seat} in [a.to_json() for a in AVINAS.legal_actions(state, seat)]
    for seat in (0, 2):
        assert all(a.type != "stop" for a in AVINAS.legal_actions(state, seat))
        with pytest.raises(IllegalAction) as refused:
            act(state, "stop", seat)
        assert "never a defender" in english(refused.value.message)
    partner_late = [s for s in (1, 3) if s != nxt][-1]
    with pytest.raises(NotYourTurn) as out_of_turn:
        act(state, "play", partner_late, card=state.hand.hands[partner_late][0].text)
    assert "may stop play" in english(out_of_turn.value.message)
    if nxt in (0, 2):  # three seats may act: the one to play and the two who may stop
        with pytest.raises(NotYourTurn) as waiting:
            act(state, "play", 2 - nxt, card=state.hand.hands[2 - nxt][0].text)
        assert re.search(r"waiting for seat \d, \d or \d", english(waiting.value.message))
    stopped = act(state, "stop", 3)
    assert stopped.history[-1].stopped_by == 3 and stopped.history[-1].stopped_after == 1
    assert english_json(AVINAS.view(stopped, None)["last_hand_explanation"])[0].startswith(
        "the declarer's partner, seat 4, stopped play after trick 1"
    )


def test_by_default_only_the_declarer_stops() -> None:
    rng = random.Random(4)
    state = play_tricks(no_seven_declarer_1(AVINAS.validate_options({}), rng), rng, 1)
    assert 3 not in AVINAS.to_act(state) or state.hand.current.leader == 3
    with pytest.raises(IllegalAction) as refused:
        act(state, "stop", 3)
    assert english(refused.value.message) == "only the declarer may stop play"
    assert section_of(refused.value.message) == "7.4"  # for developers: the rule field
