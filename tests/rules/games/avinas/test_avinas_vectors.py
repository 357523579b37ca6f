"""Every test vector of rules/avinas.md §14, read from the spec's tables (tests/spec_tables.py).

Each table gets a small row parser that turns the cells into inputs and expectations; nothing
expected is retyped here.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from service.rules.cards import DECK_32, Card, card
from service.rules.errors import IllegalBid
from service.rules.games.avinas import AVINAS
from service.rules.games.avinas.ranking import CARD_POINTS, count_for_declaration, trumps_of
from service.rules.games.avinas.scoring import match_end, record_rams
from service.rules.tricks import Play, TrickContext
from tests.english import english
from tests.rules.games.avinas.test_avinas_support import act, arrange, cards_in, deck_from_hands, play_on
from tests.spec_tables import RULES_DIR, card_list, vectors

SPEC = "avinas.md"
DEFAULTS = AVINAS.validate_options({})
TEAM = {"A": 0, "B": 1}


def rows(heading: str) -> list[dict[str, str]]:
    return vectors(SPEC, heading)


def ids(table: list[dict[str, str]]) -> list[str]:
    return [r["id"] for r in table]


def option_for(value: str) -> dict[str, Any]:
    """The option whose allowed values include ``value`` (e.g. ``full_stake``), set to it."""
    for spec in AVINAS.option_specs:
        if spec.allowed and value in spec.allowed:
            return AVINAS.validate_options({spec.name: value})
    raise LookupError(value)


def new_match(dealer: int = 0, **options: Any) -> Any:
    return AVINAS.new_match(AVINAS.validate_options(options), 4, dealer, "dealt")


# ------------------------------------------------------------------------------------------------
# §14.1 declarer / game type
# ------------------------------------------------------------------------------------------------

POSITION = re.compile(r"(\d)#([48])\s*=\s*(10|[7-9JQKA])([CDHS])")


@pytest.mark.parametrize("row", rows("14.1"), ids=ids(rows("14.1")))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_declarer_and_game_type(row: dict[str, str], seed: int) -> None:
    placed = {(int(s), int(p)): card(r + su) for s, p, r, su in POSITION.findall(row["exposed sevens (seat#position)"])}
    state = AVINAS.deal(new_match(0), arrange(random.Random(seed), 0, placed))
    hand = state.hand
    result = row["result"]
    if "no-seven" in result:
        assert hand.game == "no_seven" and hand.phase == "auction"
        starts = int(re.search(r"starts with seat (\d)", result).group(1))
        assert AVINAS.to_act(state) == (starts,)
        return
    trump = re.search(r"trumps ([CDHS])", result).group(1)
    declarer = int(re.search(r"declarer seat (\d)", result).group(1))
    assert hand.game == "sevens"
    assert hand.trump.value == trump
    assert hand.declarer == declarer
    view = AVINAS.view(state, (declarer + 1) % 4)
    assert view["trump"] == trump and view["declarer"] == declarer
    # the declarer holds the seven of trumps (§5.1)
    assert card("7" + trump) in hand.hands[declarer]
    # a dealer-side non-seven named in the row stays private
    for (seat, _pos), c in placed.items():
        if c.rank.value != 7 and (seat - 0) % 2 == 0:
            for other in (1, 3):
                assert c.text not in cards_in(AVINAS.view(state, other))


# ------------------------------------------------------------------------------------------------
# §14.2 visibility
# ------------------------------------------------------------------------------------------------


def _visible_seats(text: str) -> set[int]:
    if "all players" in text:
        return {0, 1, 2, 3}
    return {int(d) for d in re.findall(r"\d", text)}


@pytest.mark.parametrize("row", rows("14.2"), ids=ids(rows("14.2")))
@pytest.mark.parametrize("seed", range(6))
def test_visibility(row: dict[str, str], seed: int) -> None:
    rng = random.Random(seed)
    placed = {(int(s), int(p)): card(r + su) for s, p, r, su in POSITION.findall(row["card"])}
    positions = [(int(s), int(p)) for s, p in re.findall(r"(\d)#([48])", row["card"])]
    state = AVINAS.deal(new_match(0), arrange(rng, 0, placed))
    expected = _visible_seats(row["visible to"])
    # follow the hand through its first actions too: the knowledge model holds at every step
    for _step in range(6):
        if state.hand is None:
            break
        for seat, pos in positions:
            c = state.hand.dealt[seat][pos - 1].text
            for viewer in range(4):
                seen = c in cards_in(AVINAS.view(state, viewer))
                assert seen == (viewer in expected), (c, viewer)
        seats = AVINAS.to_act(state)
        actions = [a for a in AVINAS.legal_actions(state, seats[0]) if a.type != "play"]
        if not actions:
            break
        state = AVINAS.apply(state, rng.choice(actions))


# ------------------------------------------------------------------------------------------------
# §14.3 auction
# ------------------------------------------------------------------------------------------------

CALL = re.compile(r"(\d):\s*(pass|-?\d+)")


def _calls(text: str) -> list[list[tuple[int, int | None]]]:
    """Alternatives (split on '/') of call sequences."""
    if text.strip() == "all pass":
        return [[(s, None) for s in (1, 2, 3, 0)]]
    out = []
    for alt in text.split("/"):
        seq = [(int(s), None if v == "pass" else int(v)) for s, v in CALL.findall(alt)]
        if "three passes" in alt:
            last = seq[-1][0]
            seq += [((last + i) % 4, None) for i in (1, 2, 3)]
        out.append(seq)
    return out


def _call(state: Any, seat: int, amount: int | None) -> Any:
    if amount is None:
        return act(state, "pass", seat)
    return act(state, "declare", seat, amount=amount)


@pytest.mark.parametrize("row", rows("14.3"), ids=ids(rows("14.3")))
def test_auction(row: dict[str, str]) -> None:
    result = row["result"]
    for seq in _calls(row["calls"]):
        state = AVINAS.deal(new_match(0), arrange(random.Random(7), 0))
        assert state.hand.phase == "auction"
        if "rejected" in result:
            for seat, amount in seq[:-1]:
                state = _call(state, seat, amount)
            before = state
            seat, amount = seq[-1]
            with pytest.raises(IllegalBid) as err:
                _call(state, seat, amount)
            assert before == state
            legal_text = result.split("legal for seat", 1)[1] if "legal for seat" in result else ""
            if legal_text:
                words = re.findall(r"pass|\d+", legal_text.split(":", 1)[1])
                want = [{"type": "pass", "seat": seat} if w == "pass" else
                        {"type": "declare", "seat": seat, "amount": int(w)} for w in words]
                assert err.value.legal == want
            rng_text = re.search(r"range (\d+)[–-](\d+)", result)
            if rng_text:
                assert err.value.code == "declaration_out_of_range"
                lo, hi = int(rng_text.group(1)), int(rng_text.group(2))
                assert (lo, hi) == (DEFAULTS["min_declaration"], 8)
            continue
        for seat, amount in seq:
            state = _call(state, seat, amount)
        if "redeal" in result:
            new_dealer = int(re.search(r"passes to seat (\d)", result).group(1))
            assert AVINAS.needs_deal(state) and state.dealer == new_dealer
            assert state.history[-1].outcome == "thrown_in"
            assert state.rams == (0, 0) and state.pips == (0, 0)
            state = AVINAS.deal(state, arrange(random.Random(8), new_dealer))
            assert state.hand.dealer == new_dealer
            continue
        declarer = int(re.search(r"declarer seat (\d)", result).group(1))
        declared = int(re.search(r"declared (\d)", result).group(1))
        assert state.hand.declarer == declarer and state.hand.declared == declared
        assert state.hand.phase == "play" and AVINAS.to_act(state) == (declarer,)


# ------------------------------------------------------------------------------------------------
# §14.4 trick winners
# ------------------------------------------------------------------------------------------------


def _plays(text: str) -> list[Play]:
    out = []
    for item in text.split(","):
        (c,) = card_list(item)
        out.append(Play(card(c), face_down="(fd)" in item))
    return out


def _trick_number(text: str) -> int | None:
    m = re.search(r"trick[ -](\d)", text)
    return int(m.group(1)) if m else None


@pytest.mark.parametrize("row", rows("14.4"), ids=ids(rows("14.4")))
def test_trick_winner(row: dict[str, str]) -> None:
    trump = row["trumps"].split(",")[0].strip()
    ctx = TrickContext(trump=card("A" + trump).suit, trick_number=_trick_number(row["trumps"]))
    plays = _plays(row["plays"])
    parts = row["winner"].split(";")
    (default_winner,) = card_list(parts[0])[:1]
    outcome = AVINAS.trick_winner(plays, ctx, DEFAULTS)
    assert outcome.card.text == default_winner, outcome.reason
    assert plays[outcome.winner].card.text == default_winner
    assert outcome.reason
    for alt in parts[1:]:
        m = re.search(r"((?:10|[7-9JQKA])[CDHS]) with `(\w+)`", alt)
        assert m, alt
        outcome = AVINAS.trick_winner(plays, ctx, option_for(m.group(2)))
        assert outcome.card.text == m.group(1)


# ------------------------------------------------------------------------------------------------
# §14.5 legal plays
# ------------------------------------------------------------------------------------------------


def _situation(text: str, hand: list[Card], trump: str) -> tuple[list[Play], int | None]:
    number = _trick_number(text)
    if "face-down lead" in text:
        hidden = next(c for c in DECK_32 if c not in hand and not trumps_of([c], card("A" + trump).suit))
        return [Play(hidden, face_down=True)], number
    led = re.search(r"((?:10|[7-9JQKA])[CDHS]) led", text)
    return ([Play(card(led.group(1)))] if led else []), number


@pytest.mark.parametrize("row", rows("14.5"), ids=ids(rows("14.5")))
def test_legal_plays(row: dict[str, str]) -> None:
    trump = "H"
    hand = [card(c) for c in card_list(row["hand"])]
    trick, number = _situation(row["situation"], hand, trump)
    verdict = AVINAS.legal_plays(hand, trick, TrickContext(trump=card("AH").suit, trick_number=number), DEFAULTS)
    cell = row["legal set"]
    expected = card_list(cell[cell.index("{"): cell.index("}")]) if "{" in cell else [c.text for c in hand]
    assert [c.text for c in verdict.legal] == expected, verdict.rule
    if "face down" in cell:
        assert "face down" in english(verdict.rule)


# ------------------------------------------------------------------------------------------------
# §14.6 card points
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("row", rows("14.6"), ids=ids(rows("14.6")))
def test_card_points(row: dict[str, str]) -> None:
    cards = DECK_32 if "whole pack" in row["cards"] else [card(c) for c in card_list(row["cards"])]
    assert sum(CARD_POINTS[c] for c in cards) == int(row["points"])


# ------------------------------------------------------------------------------------------------
# §14.7 rams and §14.8 pips
# ------------------------------------------------------------------------------------------------


def _result_facts(text: str, declaring: int) -> dict[str, Any]:
    """Facts from a result cell such as "A knocked (k = 1), 7 tricks, D = 110"."""
    m = re.search(r"k = (\d)", text)
    knocks = int(m.group(1)) if m else 2 if "knocked back" in text else 1 if "knocked" in text else 0
    d_points = int(m.group(1)) if (m := re.search(r"\bD = (\d+)", text)) else None
    tricks = None
    if m := re.search(r"\b([AB]) took (\d+)", text):
        n = int(m.group(2))
        tricks = n if TEAM[m.group(1)] == declaring else 8 - n
    elif m := re.search(r"\b([AB]) no trick", text):
        tricks = 0 if TEAM[m.group(1)] == declaring else 8
    elif m := re.search(r"\b(\d) tricks", text):
        tricks = int(m.group(1))
    if tricks is None:
        tricks = 0 if d_points == 0 else 8 if d_points == 120 else 4
    if d_points is None:
        d_points = 120 if tricks == 8 else 0 if tricks == 0 else 60
    if m := re.search(r"\bO = (\d+)", text):
        assert int(m.group(1)) == 120 - d_points
    facts: dict[str, Any] = {
        "declarer": declaring, "knocks": knocks, "declarer_points": d_points, "declarer_tricks": tricks,
    }
    if m := re.search(r"declared (\d), real count (\d)", text):
        facts["lied"] = int(m.group(2)) < int(m.group(1))
    return facts


def _due(text: str) -> list[tuple[int, int]]:
    return [(TEAM[t], int(n)) for t, n in re.findall(r"\b([AB]) \+(\d+)", text)]


def _facts_for_due(team: int, n: int) -> dict[str, Any]:
    """Facts of a sevens hand in which ``team`` (declaring) loses at the tier worth ``n`` rams."""
    tier = list(DEFAULTS["rams_tiers"]).index(n) + 1
    points, tricks = {1: (45, 3), 2: (20, 1), 3: (0, 0)}[tier]
    return {"game": "sevens", "declarer": team, "declarer_points": points, "declarer_tricks": tricks}


@pytest.mark.parametrize("row", rows("14.7"), ids=ids(rows("14.7")))
def test_rams(row: dict[str, str]) -> None:
    result, due_cell = row["result"], row["rams due"]
    after = tuple(int(x) for x in re.search(r"A (\d+), B (\d+)", row["totals after"]).groups())
    if m := re.search(r"before A (\d+), B (\d+); ([AB]) due (\d+)", result):
        before = (int(m.group(1)), int(m.group(2)))
        team, n = TEAM[m.group(3)], int(m.group(4))
        facts = _facts_for_due(team, n) | {"rams": list(before)}
        score = AVINAS.score_round(facts, DEFAULTS)
        assert score.extra["loser"] == team and score.extra["due"] == n
        assert tuple(score.extra["rams"]) == after
        cancelled = int(c.group(1)) if (c := re.search(r"cancel (\d+)", due_cell)) else 0
        marked = int(k.group(1)) if (k := re.search(r"mark (\d+)", due_cell)) else n - cancelled
        assert score.extra["cancelled"] == cancelled and n - cancelled == marked
        assert record_rams(before, team, n) == (after, cancelled)
        return
    facts = {"game": "sevens"} | _result_facts(result, 0)
    parts = re.split(r";\s*(?=`)", due_cell)  # "A +2 (tier 1 × 2); `full_stake`: A +6"
    ((team, n),) = _due(parts[0])
    score = AVINAS.score_round(facts, DEFAULTS)
    assert (score.extra["loser"], score.extra["due"]) == (team, n), score.explanation
    assert score.points[team] == n and score.points[1 - team] == 0
    assert tuple(score.extra["rams"]) == after
    assert score.extra["declarer_won"] == (team == 1)
    if m := re.search(r"tier (\d)", due_cell):
        assert score.extra["tier"] == int(m.group(1))
    for alt in parts[1:]:
        opt = re.search(r"`(\w+)`", alt).group(1)
        ((team2, n2),) = _due(alt)
        score = AVINAS.score_round(facts, option_for(opt))
        assert (score.extra["loser"], score.extra["due"]) == (team2, n2)


@pytest.mark.parametrize("row", rows("14.8"), ids=ids(rows("14.8")))
def test_pips(row: dict[str, str]) -> None:
    facts = {"game": "no_seven"} | _result_facts(row["result"], 1)
    ((team, n),) = _due(row["pips"])
    score = AVINAS.score_round(facts, DEFAULTS)
    assert (score.extra["loser"], score.extra["due"]) == (team, n), score.explanation
    expected = [0, 0]
    expected[team] = n
    assert score.extra["pips"] == expected and list(score.scores) == expected
    assert score.extra["rams"] == [0, 0]
    if "lie" in row["pips"]:
        assert facts["lied"] and not score.extra["declarer_won"]


# ------------------------------------------------------------------------------------------------
# §14.9 lie check (a list, not a table): parsed from the section's text
# ------------------------------------------------------------------------------------------------


def _lie_section() -> tuple[list[Card], str, list[tuple[str, int, str, str]]]:
    lines = (RULES_DIR / SPEC).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("### 14.9"))
    body = []
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        body.append(line)
    text = "\n".join(body)
    hand = [card(c) for c in card_list(text[text.index("{"): text.index("}")])]
    trump = re.search(r"trumps (clubs|diamonds|hearts|spades)", text).group(1)[0].upper()
    cases = []
    for m in re.finditer(r"(AV-X\d+): declared (\d)(.*)", text):
        opt = re.search(r'`(?:declaration_count = )?"(\w+)"`', m.group(3))
        verdict = "lie" if re.search(r"→ lie", m.group(3)) else "truthful"
        cases.append((m.group(1), int(m.group(2)), opt.group(1) if opt else "trumps", verdict))
    assert cases
    return hand, trump, cases


LIE_HAND, LIE_TRUMP, LIE_CASES = _lie_section()


@pytest.mark.parametrize(("vid", "declared", "how", "verdict"), LIE_CASES, ids=[c[0] for c in LIE_CASES])
def test_lie_check(vid: str, declared: int, how: str, verdict: str) -> None:
    trump = card("A" + LIE_TRUMP).suit
    assert (count_for_declaration(LIE_HAND, trump, how) < declared) == (verdict == "lie")
    # the same hand through a match: seat 1 declares, leads a natural trump, the hand is played out
    rng = random.Random(11)
    sevens = [c for c in LIE_HAND if c.rank.value == 7]
    seat1 = sevens + [c for c in LIE_HAND if c.rank.value != 7]  # no seven at #4 or #8
    assert seat1[3].rank.value != 7 and seat1[7].rank.value != 7
    others = [c for c in DECK_32 if c not in LIE_HAND]
    while True:
        rng.shuffle(others)
        dealt = [others[0:8], seat1, others[8:16], others[16:24]]
        if all(dealt[s][p].rank.value != 7 for s in (0, 2, 3) for p in (3, 7)):
            break
    state = AVINAS.deal(new_match(0, declaration_count=how), deck_from_hands(dealt, 0))
    state = act(state, "declare", 1, amount=declared)
    for seat in (2, 3, 0):
        state = act(state, "pass", seat)
    lead = next(c for c in LIE_HAND if c.suit is trump and c.rank.value not in (11, 12))
    state = act(state, "play", 1, card=lead.text)
    assert state.hand.trump is trump
    state = play_on(state, rng)
    record = state.history[-1]
    assert record.lied == (verdict == "lie")
    if verdict == "lie":
        assert record.loser == 1 and record.declarer_won is False


# ------------------------------------------------------------------------------------------------
# §14.10 end of match
# ------------------------------------------------------------------------------------------------


def _pair(text: str) -> tuple[int, int]:
    a, b = (int(x) for x in re.findall(r"\d+", text))
    return a, b


@pytest.mark.parametrize("row", rows("14.10"), ids=ids(rows("14.10")))
def test_end_of_match(row: dict[str, str]) -> None:
    pips = _pair(row["pips a / b"])
    rams_cases = [(0, 0), (3, 0), (0, 5)] if row["rams a / b"] == "any" else [_pair(row["rams a / b"])]
    result = row["result"]
    winner = TEAM[m.group(1)] if (m := re.search(r"\b([AB]) wins", result)) else None
    for rams in rams_cases:
        over, winners, why = match_end(rams, pips, DEFAULTS)
        if "not over" in result:
            assert not over and winners == ()
            continue
        assert over and winners == (winner,), why
        # the same ending reached through the score endpoint: the team with more pips crossed the
        # line in this hand, from one pip short of it.
        last = 0 if pips[0] > pips[1] else 1
        due = pips[last] - (DEFAULTS["pips_to_end"] - 1)
        before = list(pips)
        before[last] -= due
        opts = AVINAS.validate_options({"pips_tiers": [due, due, due]})
        facts = {"game": "no_seven", "declarer": last, "declarer_points": 40, "declarer_tricks": 3,
                 "rams": list(rams), "pips": before}
        score = AVINAS.score_round(facts, opts)
        assert score.match_over and list(score.winners) == [winner]
        assert list(score.scores) == list(pips)
