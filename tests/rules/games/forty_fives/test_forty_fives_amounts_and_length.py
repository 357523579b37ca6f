"""forty-fives.md §9.3 (``trick_value``, ``highest_trump_bonus_value``) and §9.4 (``match_end``,
``match_length``): every vector of §9.12.1 (HV-01 to HV-10) and §9.12.3 (ME-01 to ME-16), read from
the spec as data, scored from round facts (``Ruleset.score_round``); and whole random matches of a
fixed length, void hands included. ``tests/api/test_forty_fives_issue21_http.py`` sends the same
vectors through ``/score``."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from service.rules.errors import InvalidInput, InvalidOption, UnknownOption
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.games.forty_fives.options import config
from service.rules.playout import shuffled_deck
from service.rules.ruleset import FINISHED
from tests.english import english
from tests.spec_tables import vectors

SPEC = "forty-fives.md"
OPTION_NAMES = {s.name for r in (FORTY_FIVES, AUCTION_FORTY_FIVES) for s in r.option_specs}
OPTION_VALUE = re.compile(r'\b([a-z][a-z0-9]*_[a-z0-9_]+) ("[^"]*"|null|-?\d+|[a-z_]+)')


def hv_rows() -> list[dict[str, str]]:
    return vectors(SPEC, "9.12.1")


def me_rows() -> list[dict[str, str]]:
    return vectors(SPEC, "9.12.3")


def _value(text: str) -> Any:
    if text.startswith('"'):
        return text.strip('"')
    if text == "null":
        return None
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    return text


def named_options(cell: str) -> dict[str, Any]:
    """``name value`` pairs of a spec cell (``trick_value 10``, ``highest_trump_bonus "none"``,
    ``trump_selection bidding``), a bare ``"fixed_hands"`` read as ``match_end``, ``N players``."""
    out = {name: _value(value) for name, value in OPTION_VALUE.findall(cell) if name in OPTION_NAMES}
    bare = re.search(r'(?<![a-z_] )"(fixed_hands|fixed_deal_turns|target)"', cell)
    if bare and "match_end" not in out:
        out["match_end"] = bare.group(1)
    m = re.search(r"(\d) players", cell)
    if m:
        out["players"] = int(m.group(1))
    return out


# ------------------------------------------------------------------------------------------------
# §9.12.1 trick value and bonus
# ------------------------------------------------------------------------------------------------


def hv_case(row: dict[str, str]) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
    """(ruleset id, options, summary facts; None for a row that only tries the options)."""
    opts = row["options"]
    rid = "auction_forty_fives" if opts.startswith("auction_forty_fives") else "forty_fives"
    options = {k: v for k, v in named_options(opts.split(";")[0]).items() if k != "players"}
    if row["tricks won (seats 0/1/2)"] in ("—", ""):
        return rid, options, None
    won = [int(x) for x in row["tricks won (seats 0/1/2)"].split("/")]
    seat = row["highest trump seat"]
    facts: dict[str, Any] = {
        "players": 3,
        "tricks_won": won,
        "highest_trump_seat": int(seat) if seat.isdigit() else None,
    }
    before = re.search(r"totals before ([\d/]+)", opts)
    if before:
        facts["scores"] = [int(x) for x in before.group(1).split("/")]
    return rid, options, facts


def triple(text: str) -> list[int]:
    return [int(x) for x in re.search(r"(\d+/\d+/\d+)", text).group(1).split("/")]  # type: ignore[union-attr]


@pytest.mark.parametrize("row", hv_rows(), ids=[r["id"] for r in hv_rows()])
def test_trick_and_bonus_values(row: dict[str, str]) -> None:
    rid, options, facts = hv_case(row)
    ruleset = FORTY_FIVES if rid == "forty_fives" else AUCTION_FORTY_FIVES
    expected = row["expected"]
    if facts is None:
        error = UnknownOption if "unknown_option" in expected else InvalidOption
        with pytest.raises(error) as caught:
            ruleset.validate_options(options)
        if error is InvalidOption:
            name = re.search(r"option (\w+)", expected).group(1)  # type: ignore[union-attr]
            assert caught.value.option == name and type(caught.value) is InvalidOption
            lo, hi = re.search(r"allowed (\d+)–(\d+)", expected).groups()  # type: ignore[union-attr]
            assert f"{lo} to {hi}" in english(caught.value.allowed)
        else:
            assert caught.value.option in options and caught.value.option in {s.name for s in FORTY_FIVES.option_specs}
        return
    out = ruleset.score_round(facts, ruleset.validate_options(options))
    hand = expected.split(";")[0]
    assert list(out.points) == triple(hand)
    total = re.search(r"hand total (\d+)", expected)
    if total:
        assert sum(out.points) == int(total.group(1))
    totals = re.search(r"totals ([\d/]+)", expected)
    if totals:
        assert list(out.scores) == triple(totals.group(1))
    winner = re.search(r"seat (\d) wins", expected)
    assert out.match_over == bool(winner)
    if winner:
        assert list(out.winners) == [int(winner.group(1))]


def test_the_explanation_names_the_amounts() -> None:
    options = FORTY_FIVES.validate_options({"trick_value": 10, "highest_trump_bonus_value": 7})
    out = FORTY_FIVES.score_round(
        {
            "trump": "S",
            "leader": 0,
            "players": 3,
            "tricks": [
                ["KH", "JH", "8H"],
                ["7S", "6S", "2S"],
                ["9C", "QC", "3C"],
                ["2D", "4D", "KD"],
                ["5S", "10H", "AH"],
            ],
        },
        options,
    )
    lines = [english(m) for m in out.explanation]
    assert any("x 10 = " in line for line in lines)
    assert any("worth 17: +7" in line for line in lines)
    assert sum(out.points) == 57


# ------------------------------------------------------------------------------------------------
# §9.12.3 fixed-length matches
# ------------------------------------------------------------------------------------------------


def me_options(row_id: str) -> tuple[str, dict[str, Any]]:
    """The ruleset and options of a row, ``as ME-xx`` resolved."""
    row = next(r for r in me_rows() if r["id"] == row_id)
    cell = row["options"]
    base = re.match(r"as (ME-\d+)", cell)
    if base:
        rid, options = me_options(base.group(1))
        return rid, {**options, **named_options(cell[base.end() :].split(";")[0])}
    rid = "auction_forty_fives" if cell.startswith("auction") else "forty_fives"
    options = named_options(cell)
    if "auction turn-up" in cell:
        options.setdefault("trump_selection", "turn_up")
    return rid, options


def me_facts(rid: str, options: dict[str, Any], totals: list[int], hand: int) -> dict[str, Any]:
    """Summary facts of a hand that leaves ``totals``: all five tricks (and the bonus) to the seat,
    or a seat of the team, with the highest total, the scores before made to fit."""
    bidding = options.get("trump_selection") == "bidding"
    top = max(range(len(totals)), key=lambda u: totals[u])
    n = options.get("players", 3 if rid == "forty_fives" else 4)
    won = [0] * n
    won[top] = 5
    facts: dict[str, Any] = {"players": n, "tricks_won": won, "highest_trump_seat": top, "hand_number": hand}
    if rid == "forty_fives":
        gain = [30 if s == top else 0 for s in range(n)]
    elif bidding:
        facts["bid"] = {"team": top, "amount": 20}
        gain = [30 if t == top else 0 for t in (0, 1)]
    else:
        gain = [25 if t == top else 0 for t in (0, 1)]
    facts["scores"] = [t - g for t, g in zip(totals, gain, strict=True)]
    return facts


def me_totals(text: str) -> list[int]:
    if "A " in text:
        return [int(x) for x in re.findall(r"[AB] (\d+)", text)]
    return [int(x) for x in text.split("/")]


@pytest.mark.parametrize("row", me_rows(), ids=[r["id"] for r in me_rows()])
def test_fixed_length_vectors(row: dict[str, str]) -> None:
    rid, options = me_options(row["id"])
    ruleset = FORTY_FIVES if rid == "forty_fives" else AUCTION_FORTY_FIVES
    expected = row["expected"]
    if expected.startswith("422"):
        with pytest.raises(InvalidOption) as caught:
            ruleset.validate_options(options)
        assert caught.value.option == re.search(r"option (\w+)", expected).group(1)  # type: ignore[union-attr]
        assert caught.value.code == "invalid_option"
        allowed = re.search(r"allowed (\d+)–(\d+)", expected)
        if allowed:
            assert "{} to {}".format(*allowed.groups()) in english(caught.value.allowed)
        return
    valid = ruleset.validate_options(options)
    if row["after hand"] == "—":  # ME-15: accepted, and the target still ends the match
        assert config(valid, ruleset.id).fixed_hands is None
        out = ruleset.score_round(
            {"players": 3, "tricks_won": [5, 0, 0], "highest_trump_seat": 0, "scores": [20, 0, 0]}, valid
        )
        assert out.match_over and list(out.winners) == [0]
        return
    scored = re.search(r"\((\d+) scored hands", expected)
    hand = int(scored.group(1)) if scored else int(row["after hand"])
    totals = me_totals(row["totals"])
    out = ruleset.score_round(me_facts(rid, options, totals, hand), valid)
    assert list(out.scores) == totals
    if expected.startswith("over"):
        assert out.match_over
        who = re.search(r"(seat|team|seats) (\w+)(?: and (\d))?", expected)
        assert who
        if who.group(1) == "team":
            assert list(out.winners) == ["AB".index(who.group(2))]
        else:
            assert list(out.winners) == [int(x) for x in who.groups()[1:] if x is not None]
    else:
        assert not out.match_over and out.winners == ()
        played = re.search(r"hand (\d+) is played", expected)
        if played:  # the tie plays one more hand: the same test after it
            assert int(played.group(1)) == hand + 1


def test_score_needs_the_hand_number_in_a_fixed_match() -> None:
    options = FORTY_FIVES.validate_options({"match_end": "fixed_hands", "match_length": 2})
    with pytest.raises(InvalidInput) as caught:
        FORTY_FIVES.score_round({"tricks_won": [5, 0, 0], "highest_trump_seat": 0}, options)
    assert "the hand's number" in english(caught.value)
    with pytest.raises(InvalidInput):
        FORTY_FIVES.score_round({"tricks_won": [5, 0, 0], "highest_trump_seat": 0, "hand_number": 0}, options)
    # under "target" the number is read and has no effect
    plain = FORTY_FIVES.score_round(
        {"tricks_won": [5, 0, 0], "highest_trump_seat": 0, "hand_number": 9, "scores": [20, 0, 0]},
        FORTY_FIVES.validate_options({}),
    )
    assert plain.match_over


def test_the_explanation_says_how_many_hands() -> None:
    options = FORTY_FIVES.validate_options({"match_end": "fixed_deal_turns", "match_length": 2})
    out = FORTY_FIVES.score_round({"tricks_won": [5, 0, 0], "highest_trump_seat": 0, "hand_number": 2}, options)
    assert "hand 2 of 6: the match goes on" in english(out.explanation[-1])


# ------------------------------------------------------------------------------------------------
# Whole matches of a fixed length
# ------------------------------------------------------------------------------------------------

MATCHES = [
    ("forty_fives", "dealt", {"players": 3, "match_end": "fixed_hands", "match_length": 4}),
    (
        "forty_fives",
        "dealt",
        {
            "players": 2,
            "match_end": "fixed_deal_turns",
            "match_length": 2,
            "tie_at_target": "shared",
            "trick_value": 1,
            "highest_trump_bonus_value": 0,
        },
    ),
    (
        "auction_forty_fives",
        "dealt",
        {"players": 4, "match_end": "fixed_deal_turns", "match_length": 1, "dealer_turned_ace": "may_decline"},
    ),
    (
        "auction_forty_fives",
        "dealt",
        {
            "players": 4,
            "trump_selection": "bidding",
            "all_pass": "redeal",
            "match_end": "fixed_hands",
            "match_length": 4,
        },
    ),
]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(("rid", "mode", "raw"), MATCHES, ids=[f"{m[0]}-{i}" for i, m in enumerate(MATCHES)])
def test_a_fixed_match_ends_after_its_scored_hands(rid: str, mode: str, raw: dict[str, Any], seed: int) -> None:
    ruleset = FORTY_FIVES if rid == "forty_fives" else AUCTION_FORTY_FIVES
    options = ruleset.validate_options(raw)
    cfg = config(options, ruleset.id)
    assert cfg.fixed_hands is not None
    n = options["players"]
    rng = random.Random(seed)
    state = ruleset.new_match(options, n, rng.randrange(n), mode)
    while ruleset.status(state) != FINISHED:
        if ruleset.needs_deal(state):
            state = ruleset.deal(state, shuffled_deck(ruleset, rng))
            continue
        seat = ruleset.to_act(state)[0]
        before = state.match.rounds_done
        state = ruleset.apply(state, rng.choice(ruleset.legal_actions(state, seat)))
        if state.match.rounds_done > before:
            m = state.match
            scored = sum(1 for r in m.history if not r.void)
            assert m.scored == scored
            top = max(m.scores)
            leaders = tuple(u for u, v in enumerate(m.scores) if v == top)
            over = m.scored >= cfg.fixed_hands and (len(leaders) == 1 or cfg.tie_shared)
            assert (ruleset.status(state) == FINISHED) == over
            if over:
                assert m.winners == leaders
            assert ruleset.view(state, 0)["hands_scored"] == m.scored
        assert state.match.rounds_done < 200
    assert state.match.scored >= cfg.fixed_hands
