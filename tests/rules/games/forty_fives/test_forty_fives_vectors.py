"""Every test vector of forty-fives.md §7 (and the ranking tables of §1.3), read from the spec as data."""

from __future__ import annotations

import re
from typing import Any

import pytest

from service.rules.actions import Action
from service.rules.cards import SUITS, Card, Suit, card
from service.rules.errors import IllegalAction, IllegalBid, NotYourTurn, RuleError, WrongPhase
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.games.forty_fives.state import DEAL, NAME_TRUMP, PLAY
from service.rules.tricks import Play, TrickContext
from tests.english import english
from tests.rules.games.forty_fives.test_forty_fives_helpers import (
    CALL_RE,
    RULESETS,
    call_action,
    cards,
    deck_dealing,
    hand_of,
    legal_cards,
    options_in,
    with_scores,
)
from tests.spec_tables import RULES_DIR, card_list, vectors

SPEC = "forty-fives.md"
CARD = r"(10[CDHS]|[2-9JQKA][CDHS])"
BOTH = ("forty_fives", "auction_forty_fives")


def _rows(heading: str) -> list[dict[str, str]]:
    return vectors(SPEC, heading)


def _ids(rows: list[dict[str, str]]) -> list[str]:
    return [r.get("id", r.get("trick", "?")) for r in rows]


# ------------------------------------------------------------------------------------------------
# §1.3 ranking tables
# ------------------------------------------------------------------------------------------------


def _spec_rank_tables() -> dict[str, dict[str, list[str]]]:
    text = (RULES_DIR / SPEC).read_text(encoding="utf-8").splitlines()
    out: dict[str, dict[str, list[str]]] = {}
    current = None
    for line in text:
        m = re.match(r"\*\*Trump = (\w+)", line)
        if m:
            current = m.group(1)[0].upper()
            out[current] = {}
            continue
        if current and line.startswith("| Trumps"):
            out[current][current] = card_list(line)
        elif current and line.startswith("| Plain"):
            suit = line.split("|")[1].split()[1]
            out[current][suit] = card_list(line)
        elif current and out[current] and not line.strip():
            current = None
    return out


def test_ranking_tables_match_section_1_3() -> None:
    spec = _spec_rank_tables()
    assert sorted(spec) == ["C", "D", "H", "S"]
    for rid in BOTH:
        ruleset = RULESETS[rid]
        tables = ruleset.ranking_tables(ruleset.validate_options({}))
        for trump, suits in spec.items():
            assert sorted(suits) == ["C", "D", "H", "S"]
            for suit, order in suits.items():
                assert tables[trump][suit] == order, (rid, trump, suit)
            assert sum(len(v) for v in suits.values()) == 52


# ------------------------------------------------------------------------------------------------
# §7.1 trick winner
# ------------------------------------------------------------------------------------------------


def _context(cell: str) -> tuple[list[Suit], Card | None, dict[str, Any]]:
    suits = list(SUITS) if cell.startswith("any") else [Suit.parse(cell[0])]
    m = re.search(r"\((10|[2-9JQKA][CDHS]) demoted\)", cell)
    demoted = card(m.group(1)) if m else None
    return suits, demoted, options_in(cell)


def _rulesets_for(cell: str, demoted: Card | None) -> list[tuple[str, dict[str, Any]]]:
    """The rulesets a row applies to, with the options it implies."""
    if "forty_fives" in cell:
        games = ["forty_fives"]
    elif "auction" in cell:
        games = ["auction_forty_fives"]
    else:
        games = list(BOTH)
    out = []
    for g in games:
        opts: dict[str, Any] = {}
        if demoted is not None and g == "forty_fives":
            opts["unrobbed_trump_ace"] = "lowest_unless_announced"  # demotion applies only then
        out.append((g, opts))
    return out


@pytest.mark.parametrize("row", _rows("7.1"), ids=_ids(_rows("7.1")))
def test_trick_winner_vectors(row: dict[str, str]) -> None:
    suits, demoted, opts = _context(row["trump"])
    plays = [Play(c) for c in cards(row["plays (leader first)"])]
    expected = int(row["winner idx"])
    for rid, extra in _rulesets_for(row["trump"], demoted):
        ruleset = RULESETS[rid]
        options = ruleset.validate_options({**opts, **extra})
        for suit in suits:
            out = ruleset.trick_winner(plays, TrickContext(suit, 1, demoted), options)
            assert out.winner == expected, (rid, out)
            assert out.card is plays[expected].card
            assert out.card.text in english(out.reason)


def test_tw25_undemoted_alternative() -> None:
    """TW-25 also says: undemoted, AD would win (idx 1)."""
    row = next(r for r in _rows("7.1") if r["id"] == "TW-25")
    m = re.search(r"AD would win: idx (\d)", row["why"])
    assert m
    options = AUCTION_FORTY_FIVES.validate_options({})
    out = AUCTION_FORTY_FIVES.trick_winner([Play(c) for c in cards(row["plays (leader first)"])],
                                           TrickContext(Suit.DIAMONDS), options)
    assert out.winner == int(m.group(1))


def test_tw28_default_alternative() -> None:
    row = next(r for r in _rows("7.1") if r["id"] == "TW-28")
    m = re.search(r"default would give idx (\d)", row["why"])
    assert m
    options = FORTY_FIVES.validate_options({})
    out = FORTY_FIVES.trick_winner([Play(c) for c in cards(row["plays (leader first)"])],
                                   TrickContext(Suit.DIAMONDS), options)
    assert out.winner == int(m.group(1))


# ------------------------------------------------------------------------------------------------
# §7.2 legal plays
# ------------------------------------------------------------------------------------------------


def _bare_option_values(cell: str, ruleset: Any) -> dict[str, Any]:
    """A quoted value written alone (``"trump_lead_renege_then_hearts"``) sets the option that takes it."""
    out = {}
    for value in re.findall(r'(?<![=\w])"([\w-]+)"', cell):
        for spec in ruleset.option_specs:
            if spec.allowed and value in spec.allowed:
                out[spec.name] = value
    return out


@pytest.mark.parametrize("row", _rows("7.2"), ids=_ids(_rows("7.2")))
def test_legal_play_vectors(row: dict[str, str]) -> None:
    suits, demoted, opts = _context(row["trump"])
    trick = [Play(c) for c in cards(row["led (trick so far)"])]
    hand = cards(row["hand"])
    expected = set(hand) if row["legal set"] == "all five" else set(cards(row["legal set"]))
    assert expected
    for rid, extra in _rulesets_for(row["trump"], demoted):
        ruleset = RULESETS[rid]
        options = ruleset.validate_options({**opts, **extra, **_bare_option_values(row["trump"], ruleset)})
        for suit in suits:
            verdict = ruleset.legal_plays(hand, trick, TrickContext(suit, 1, demoted), options)
            assert set(verdict.legal) == expected, (rid, suit, verdict)
            assert list(verdict.legal) == [c for c in hand if c in expected]  # hand order
            for c in hand:
                if c in expected:
                    ruleset.check_play(hand, trick, c, TrickContext(suit, 1, demoted), options)
                else:
                    with pytest.raises(IllegalAction) as err:
                        ruleset.check_play(hand, trick, c, TrickContext(suit, 1, demoted), options)
                    assert err.value.code == verdict.code != "no_constraint"
                    assert set(err.value.legal or []) == {x.text for x in expected}


# ------------------------------------------------------------------------------------------------
# §7.3 deal, turn-up and robbing
# ------------------------------------------------------------------------------------------------


def _dr(row_id: str) -> dict[str, str]:
    return next(r for r in _rows("7.3") if r["id"] == row_id)


def _cell(row: dict[str, str]) -> str:
    return " | ".join(row.values())


def _match(ruleset: Any, n: int, dealer: int, deck: list[Card], **options: Any) -> Any:
    state = ruleset.new_match(ruleset.validate_options({**options, "players": n}), n, dealer, "dealt")
    return ruleset.deal(state, deck)


def test_dr01_deal() -> None:
    row = _dr("DR-01")
    setup, expected = row["setup"], row["expected"]
    n = int(re.search(r"(\d) players", setup).group(1))  # type: ignore[union-attr]
    dealer = int(re.search(r"dealer seat (\d)", setup).group(1))  # type: ignore[union-attr]
    top = cards(re.search(r"`([^`]*)`", setup).group(1))  # type: ignore[union-attr]
    deck = top + [c for c in deck_dealing(n, dealer, {}) if c not in top]
    state = _match(FORTY_FIVES, n, dealer, deck)
    for seat, text in re.findall(r"seat(\d) = ([^;]+)", expected):
        assert hand_of(state, int(seat)) == set(cards(text))
    turn_up = card(re.search(r"turn-up (\S+)", expected).group(1))  # type: ignore[union-attr]
    assert state.round.turn_up is turn_up
    assert state.round.trump is Suit.parse(re.search(r"trump (\w)", expected).group(1))  # type: ignore[union-attr]
    leader = int(re.search(r"seat (\d) leads", expected).group(1))  # type: ignore[union-attr]
    assert FORTY_FIVES.to_act(state) == (leader,)
    assert state.leader == leader and state.phase == PLAY


def _seat_holding(text: str) -> tuple[int, Card]:
    m = re.search(r"seat (\d) holds " + CARD, text)
    assert m
    return int(m.group(1)), card(m.group(2))


def _turn_up(text: str) -> Card:
    m = re.search(r"turn-up (10|[2-9JQKA][CDHS])", text)
    assert m
    return card(m.group(1))


def test_dr02_rob_before_first_play() -> None:
    row = _dr("DR-02")
    seat, ace = _seat_holding(row["setup"])
    up = _turn_up(row["setup"])
    discard = card(re.search(r"discard " + CARD, row["action / event"]).group(1))  # type: ignore[union-attr]
    n = 3
    state = _match(FORTY_FIVES, n, (seat - 1) % n, deck_dealing(n, (seat - 1) % n, {seat: [ace, discard]}, up))
    assert Action("rob", seat, discard) in FORTY_FIVES.legal_actions(state, seat)
    after = FORTY_FIVES.apply(state, Action("rob", seat, discard))
    gains = card(re.search(r"gains " + CARD, row["expected"]).group(1))  # type: ignore[union-attr]
    loses = card(re.search(r"loses " + CARD, row["expected"]).group(1))  # type: ignore[union-attr]
    assert gains in hand_of(after, seat) and loses not in hand_of(after, seat)
    assert after.round.robbed_by == seat and discard in after.round.discards[seat]
    for other in range(n):  # the discard is hidden; the turn-up is gone from the stock
        view = FORTY_FIVES.view(after, other)
        assert view["turn_up_taken_by"] == seat
        if other != seat:
            assert discard.text not in str(view)
    assert not any(a.type == "rob" for a in FORTY_FIVES.legal_actions(after, seat))


def test_dr03_right_lost_after_first_play() -> None:
    row = _dr("DR-03")
    base = _dr("DR-02")
    seat, ace = _seat_holding(base["setup"])
    up = _turn_up(base["setup"])
    n = 3
    state = _match(FORTY_FIVES, n, (seat - 1) % n, deck_dealing(n, (seat - 1) % n, {seat: [ace]}, up))
    first = next(a for a in FORTY_FIVES.legal_actions(state, seat) if a.type == "play" and a.card is not ace)
    state = FORTY_FIVES.apply(state, first)
    while FORTY_FIVES.to_act(state) != (seat,):
        state = FORTY_FIVES.apply(state, FORTY_FIVES.legal_actions(state, state.turn)[0])
    assert not any(a.type == "rob" for a in FORTY_FIVES.legal_actions(state, seat))
    with pytest.raises(IllegalAction):
        FORTY_FIVES.apply(state, Action("rob", seat, next(iter(hand_of(state, seat)))))
    rank = int(re.search(r"keeps rank (\d)", row["expected"]).group(1))  # type: ignore[union-attr]
    tables = FORTY_FIVES.ranking_tables(state.match.options)
    assert tables[ace.suit.value][ace.suit.value].index(ace.text) == rank - 1
    assert state.round.demoted is None


def test_dr04_dealer_must_rob_turned_ace_first() -> None:
    row = _dr("DR-04")
    up = _turn_up(row["setup"])
    dealer = int(re.search(r"dealer seat (\d)", row["setup"]).group(1))  # type: ignore[union-attr]
    leader = int(re.search(r"seat (\d) tries to lead", row["action / event"]).group(1))  # type: ignore[union-attr]
    n = 3
    state = _match(FORTY_FIVES, n, dealer, deck_dealing(n, dealer, {}, up))
    assert FORTY_FIVES.to_act(state) == (dealer,)
    some = next(iter(hand_of(state, leader)))
    with pytest.raises((WrongPhase, NotYourTurn)):
        FORTY_FIVES.apply(state, Action("play", leader, some))
    acts = FORTY_FIVES.legal_actions(state, dealer)
    assert acts and all(a.type == "rob" for a in acts) and len(acts) == 5  # must rob: no decline
    with pytest.raises(IllegalAction):
        FORTY_FIVES.apply(state, Action("decline", dealer))
    after = FORTY_FIVES.apply(state, acts[0])
    assert up in hand_of(after, dealer) and FORTY_FIVES.to_act(after) == (leader,)


def test_dr05_ace_of_hearts_cannot_rob() -> None:
    row = _dr("DR-05")
    up = _turn_up(row["setup"])
    seat, held = _seat_holding(row["setup"])
    for ruleset in (FORTY_FIVES, AUCTION_FORTY_FIVES):
        n = 4
        dealer = (seat - 1) % n
        state = _match(ruleset, n, dealer, deck_dealing(n, dealer, {seat: [held]}, up,
                                                        keep_in_stock=[f"A{up.suit.value}"]))
        assert not any(a.type in ("rob", "decline") for a in ruleset.legal_actions(state, seat))
        with pytest.raises(IllegalAction) as err:
            ruleset.apply(state, Action("rob", seat, held))
        assert err.value.code == "cannot_rob"


def test_dr06_rob_a_five() -> None:
    row = _dr("DR-06")
    up = _turn_up(row["setup"])
    seat, ace = _seat_holding(row["setup"])
    discard = card(re.search(r"discard " + CARD, row["action / event"]).group(1))  # type: ignore[union-attr]
    n = 3
    state = _match(FORTY_FIVES, n, (seat - 1) % n, deck_dealing(n, (seat - 1) % n, {seat: [ace, discard]}, up))
    after = FORTY_FIVES.apply(state, Action("rob", seat, discard))
    held = card(re.search(r"holds " + CARD, row["expected"]).group(1))  # type: ignore[union-attr]
    assert held in hand_of(after, seat)
    assert FORTY_FIVES.ranking_tables(after.match.options)[up.suit.value][up.suit.value][0] == held.text


def test_dr07_nobody_holds_the_ace() -> None:
    row = _dr("DR-07")
    up = _turn_up(row["setup"])
    ace = card(re.search(r"(A[CDHS]) still in the stock", row["setup"]).group(1))  # type: ignore[union-attr]
    n = 3
    state = _match(FORTY_FIVES, n, 0, deck_dealing(n, 0, {}, up, keep_in_stock=[ace]))
    for _ in range(n):
        seat = state.turn
        with pytest.raises(IllegalAction):
            FORTY_FIVES.apply(state, Action("rob", seat, next(iter(hand_of(state, seat)))))
        assert not any(a.type == "rob" for a in FORTY_FIVES.legal_actions(state, seat))
        state = FORTY_FIVES.apply(state, FORTY_FIVES.legal_actions(state, seat)[0])


def _auction_turn_up_match(row: dict[str, str], extra_cards: list[str]) -> tuple[Any, int, Card]:
    seat, ace = _seat_holding(row["setup"])
    trump = Suit.parse(re.search(r"trump (\w)", row["setup"]).group(1))  # type: ignore[union-attr]
    up = card(f"7{trump.value}")
    n = 4
    dealer = (seat - 1) % n
    state = _match(AUCTION_FORTY_FIVES, n, dealer, deck_dealing(n, dealer, {seat: [ace, *extra_cards]}, up))
    return state, seat, ace


def test_dr08_unannounced_ace_is_demoted() -> None:
    row = _dr("DR-08")
    state, seat, ace = _auction_turn_up_match(row, ["KS"])
    assert state.turn == seat
    after = AUCTION_FORTY_FIVES.apply(state, Action("play", seat, card("KS")))
    assert after.round.demoted is ace
    for other in range(4):  # the demotion shows once the ace is played, not before
        assert AUCTION_FORTY_FIVES.view(after, other)["demoted_ace"] is None
    plays = [Play(c) for c in cards(re.search(r"`([^`]*)`", row["expected"]).group(1))]  # type: ignore[union-attr]
    winner = card(re.search(r"→ " + CARD + " wins", row["expected"]).group(1))  # type: ignore[union-attr]
    out = AUCTION_FORTY_FIVES.trick_winner(plays, TrickContext(ace.suit, 2, after.round.demoted), after.match.options)
    assert out.card is winner


def test_dr09_announced_ace_keeps_rank() -> None:
    row = _dr("DR-09")
    state, seat, ace = _auction_turn_up_match(row, ["KS"])
    assert Action("decline", seat) in AUCTION_FORTY_FIVES.legal_actions(state, seat)
    state = AUCTION_FORTY_FIVES.apply(state, Action("decline", seat))
    state = AUCTION_FORTY_FIVES.apply(state, Action("play", seat, card("KS")))
    assert state.round.demoted is None
    rank = int(re.search(r"keeps rank (\d)", row["expected"]).group(1))  # type: ignore[union-attr]
    order = AUCTION_FORTY_FIVES.ranking_tables(state.match.options)[ace.suit.value][ace.suit.value]
    assert order.index(ace.text) == rank - 1
    for other in range(4):
        assert AUCTION_FORTY_FIVES.view(state, other)["ace_announced_by"] == seat


def test_dr10_hearts_ace_demoted_and_loses_renege() -> None:
    row = _dr("DR-10")
    state, seat, ace = _auction_turn_up_match(row, ["KS", "2S"])
    state = AUCTION_FORTY_FIVES.apply(state, Action("play", seat, card("KS")))
    assert state.round.demoted is ace
    # LP-35 in a live hand: 2H led, the demoted AH must follow
    hand = [ace, card("2S")]
    verdict = AUCTION_FORTY_FIVES.legal_plays(hand, [Play(card("2H"))], TrickContext(Suit.HEARTS, 2, ace),
                                              state.match.options)
    assert list(verdict.legal) == [ace]


def test_dr11_dealer_turned_ace_after_trick_one() -> None:
    row = _dr("DR-11")
    up = _turn_up(row["setup"])
    dealer = int(re.search(r"dealer seat (\d)", row["setup"]).group(1))  # type: ignore[union-attr]
    n = 4
    for choice in ("rob", "decline"):
        state = _match(AUCTION_FORTY_FIVES, n, dealer, deck_dealing(n, dealer, {}, up))
        original = hand_of(state, dealer)
        assert state.phase == PLAY and state.turn == (dealer + 1) % n
        while not state.tricks:
            state = AUCTION_FORTY_FIVES.apply(state, AUCTION_FORTY_FIVES.legal_actions(state, state.turn)[0])
        assert original - hand_of(state, dealer) <= original and len(hand_of(state, dealer)) == 4
        assert AUCTION_FORTY_FIVES.to_act(state) == (dealer,)
        acts = AUCTION_FORTY_FIVES.legal_actions(state, dealer)
        assert {a.type for a in acts} == {"rob", "decline"} and sum(a.type == "rob" for a in acts) == 4
        with pytest.raises((WrongPhase, NotYourTurn)):
            AUCTION_FORTY_FIVES.apply(state, Action("play", state.leader, next(iter(hand_of(state, state.leader)))))
        if choice == "rob":
            after = AUCTION_FORTY_FIVES.apply(state, acts[0])
            assert up in hand_of(after, dealer) and len(hand_of(after, dealer)) == 4
        else:
            after = AUCTION_FORTY_FIVES.apply(state, Action("decline", dealer))
            assert up not in hand_of(after, dealer)
            assert all(up not in hand_of(after, s) for s in range(n))
        assert after.phase == PLAY and after.turn == after.tricks[0].winner


def test_dr12_six_player_deal() -> None:
    row = _dr("DR-12")
    n = int(re.search(r"(\d) players", row["setup"]).group(1))  # type: ignore[union-attr]
    dealt = int(re.search(r"(\d+) cards dealt", row["expected"]).group(1))  # type: ignore[union-attr]
    nth = int(re.search(r"turn-up is the (\d+)", row["expected"]).group(1))  # type: ignore[union-attr]
    deck = deck_dealing(n, 0, {})
    state = _match(AUCTION_FORTY_FIVES, n, 0, deck)
    assert sum(len(hand_of(state, s)) for s in range(n)) == dealt
    assert set().union(*(hand_of(state, s) for s in range(n))) == set(deck[:dealt])
    assert state.round.turn_up is deck[nth - 1]


# ------------------------------------------------------------------------------------------------
# §7.8 worked hand (and FS-01 through a played hand)
# ------------------------------------------------------------------------------------------------


def test_worked_hand() -> None:
    dr01 = _dr("DR-01")
    top = cards(re.search(r"`([^`]*)`", dr01["setup"]).group(1))  # type: ignore[union-attr]
    deck = top + [c for c in deck_dealing(3, 2, {}) if c not in top]
    state = _match(FORTY_FIVES, 3, 2, deck)
    for row in _rows("7.8"):
        assert state.leader == int(row["leader"])
        for seat, played, legal in re.findall(r"(\d): " + CARD + r"(?: \(any\)| from \{([^}]*)\})?",
                                               row["plays (seat: card, with legal set)"]):
            s = int(seat)
            want = set(cards(legal)) if legal else hand_of(state, s)
            assert legal_cards(FORTY_FIVES, state, s) == want, (row["trick"], s)
            state = FORTY_FIVES.apply(state, Action("play", s, card(played)))
        winner = int(re.search(r"seat (\d)", row["winner"]).group(1))  # type: ignore[union-attr]
        last = state.match.history[-1].tricks[-1] if state.phase == DEAL else state.tricks[-1]
        assert last.winner == winner
    record = state.match.history[-1]
    fs01 = next(r for r in _rows("7.4") if r["id"] == "FS-01")
    for seat, tricks in re.findall(r"seat(\d) = (\d)", fs01["situation"]):
        assert record.tricks_won[int(seat)] == int(tricks)
    assert record.highest_trump is card(re.search(r"played " + CARD, fs01["situation"]).group(1))  # type: ignore[union-attr]
    assert list(record.points) == [int(p) for p in re.findall(r"seat\d (\d+)", fs01["expected"])]
    total = int(re.search(r"total (\d+)", fs01["expected"]).group(1))  # type: ignore[union-attr]
    assert sum(record.points) == total


def test_worked_hand_through_score_endpoint() -> None:
    dr01 = _dr("DR-01")
    tricks = []
    for row in _rows("7.8"):
        tricks.append([c for _s, c in re.findall(r"(\d): " + CARD, row["plays (seat: card, with legal set)"])])
    facts = {"trump": "S", "leader": 0, "players": 3, "tricks": tricks, "scores": [0, 0, 0]}
    out = FORTY_FIVES.score_round(facts, FORTY_FIVES.validate_options({}))
    winners = [int(re.search(r"seat (\d)", r["winner"]).group(1)) for r in _rows("7.8")]  # type: ignore[union-attr]
    assert out.extra["trick_winners"] == winners
    fs01 = next(r for r in _rows("7.4") if r["id"] == "FS-01")
    assert list(out.points) == [int(p) for p in re.findall(r"seat\d (\d+)", fs01["expected"])]
    assert "dealer seat 2" in dr01["setup"]


# ------------------------------------------------------------------------------------------------
# §7.4 Forty-Fives scoring and game end
# ------------------------------------------------------------------------------------------------


def _split(points: list[int], total_tricks: int = 5) -> tuple[list[int], int | None]:
    """Tricks per seat and the bonus seat that give these hand points (5 a trick, +5 bonus)."""
    for bonus in [None, *range(len(points))]:
        tricks = [(p - (5 if s == bonus else 0)) // 5 for s, p in enumerate(points)]
        fits = all(t >= 0 for t in tricks) and sum(tricks) == total_tricks and all(p % 5 == 0 for p in points)
        if fits and (bonus is None or tricks[bonus] > 0):
            return tricks, bonus
    raise AssertionError(points)


def _nums(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"\d+", text)]


@pytest.mark.parametrize("row", _rows("7.4"), ids=_ids(_rows("7.4")))
def test_forty_fives_scoring_vectors(row: dict[str, str]) -> None:
    sit, exp = row["situation"], row["expected"]
    options = FORTY_FIVES.validate_options(options_in(sit))
    facts: dict[str, Any]
    if sit.startswith("Totals before"):
        before = _nums(sit.split(";")[0])
        hand = _nums(sit.split("hand")[1])
        tricks, bonus = _split(hand)
        facts = {"players": len(before), "tricks_won": tricks, "highest_trump_seat": bonus, "scores": before}
        out = FORTY_FIVES.score_round(facts, options)
        assert list(out.points) == hand
        assert list(out.scores) == _nums(exp.split("→")[0])
        m = re.search(r"seat (\d) wins", exp)
        if m:
            assert out.match_over and list(out.winners) == [int(m.group(1))]
        else:
            assert not out.match_over and out.winners == ()
            assert "another hand" in exp or "no winner" in exp
        return
    if "tricks won" in sit:
        won = [int(t) for _s, t in re.findall(r"seat(\d) = (\d)", sit)]
    elif "tricks" in sit and "/" in sit:
        won = _nums(sit.split("tricks")[1].split(";")[0])
    elif "all 5 tricks" in sit:
        won = [5, 0, 0]
    elif "players" in sit:
        n = int(re.search(r"(\d) players", sit).group(1))  # type: ignore[union-attr]
        first = int(re.search(r"wins (\d) tricks", sit).group(1))  # type: ignore[union-attr]
        won = [first] + [0] * (n - 1)
        won[1] = 5 - first
    else:
        won = [2, 2, 1]
    bonus: int | None = None
    highest: str | None = None
    m = re.search(r"won by seat (\d)", sit)
    if m:
        bonus = int(m.group(1))
    elif "incl. the bonus" in sit or "trumps played" in sit:
        bonus = int(re.search(r"seat(\d) wins", sit).group(1))  # type: ignore[union-attr]
    elif "highest trump JT" in sit:
        bonus, highest = 0, "JC"
    facts = {"players": len(won), "tricks_won": won, "highest_trump_seat": bonus}
    if highest:
        facts.update(highest_trump=highest, trump="C")
    out = FORTY_FIVES.score_round(facts, options)
    if "no bonus" in exp:
        assert out.extra["bonus_seat"] is None
    m = re.search(r"totals (\d+)|total (\d+)", exp)
    expected_points = [int(p) for p in re.findall(r"seat\d (\d+)", exp)] or (
        _nums(exp.split("(")[0]) if "/" in exp else [])
    if expected_points:
        assert list(out.points) == expected_points
    if m:
        assert sum(out.points) == int(m.group(1) or m.group(2))


# ------------------------------------------------------------------------------------------------
# §7.5 partnership turn-up scoring
# ------------------------------------------------------------------------------------------------


def _team_facts(n: int, a: int, b: int, before: list[int]) -> dict[str, Any]:
    won = [0] * n
    won[0], won[1] = a, b
    return {"players": n, "tricks_won": won, "scores": before}


@pytest.mark.parametrize("row", _rows("7.5"), ids=_ids(_rows("7.5")))
def test_partnership_turn_up_vectors(row: dict[str, str]) -> None:
    method = row["method"].split()[0].strip(",")
    n = int(re.search(r"(\d) players", row["method"]).group(1)) if "players" in row["method"] else 4  # type: ignore[union-attr]
    before = [0, 0]
    m = re.search(r"totals A (\d+), B (\d+)", row["method"])
    if m:
        before = [int(m.group(1)), int(m.group(2))]
    a, b = (int(x) for x in re.split(r"[–-]", row["tricks a–b"]))
    options = AUCTION_FORTY_FIVES.validate_options({"turn_up_scoring": method, "players": n})
    out = AUCTION_FORTY_FIVES.score_round(_team_facts(n, a, b, before), options)
    exp = row["expected hand score"]
    changes = dict(re.findall(r"([AB]) \+?(\d+)(?![\d ]*[≥→])", exp))
    if "wins" in exp:
        totals = dict(re.findall(r"([AB]) (\d+)", exp))
        for team, value in totals.items():
            idx = "AB".index(team)
            if "stays" in exp and team == "B":
                assert out.scores[idx] == before[idx] == int(value)
            else:
                assert out.scores[idx] == int(value)
        winner = re.search(r"([AB]) wins", exp).group(1)  # type: ignore[union-attr]
        assert out.match_over and list(out.winners) == ["AB".index(winner)]
    else:
        for team, value in changes.items():
            assert out.points["AB".index(team)] == int(value), row
        for team in "AB":
            if team not in changes:
                assert out.points["AB".index(team)] == 0


# ------------------------------------------------------------------------------------------------
# §7.6 auction sequences
# ------------------------------------------------------------------------------------------------

AB_DEALER = int(re.search(r"dealer = seat (\d)", next(
    line for line in (RULES_DIR / SPEC).read_text(encoding="utf-8").splitlines() if line.startswith("### 7.6"))
).group(1))  # type: ignore[union-attr]


def _bidding_match(setup: str) -> Any:
    opts = {"trump_selection": "bidding", **options_in(setup)}
    state = _match(AUCTION_FORTY_FIVES, 4, AB_DEALER, deck_dealing(4, AB_DEALER, {}), **opts)
    m = re.search(r"team B.* has (\d+)", setup)
    if m:
        state = with_scores(state, [0, int(m.group(1))])
    return state


def _legal_calls(state: Any, seat: int) -> set[str]:
    return {a.type if a.type != "bid" else str(a.amount) for a in AUCTION_FORTY_FIVES.legal_actions(state, seat)}


def _run_calls(state: Any, text: str) -> Any:
    for seat, what in CALL_RE.findall(text):
        if what == "?":
            continue
        state = AUCTION_FORTY_FIVES.apply(state, call_action(int(seat), what))
    return state


def _check_winner(state: Any, result: str) -> None:
    m = re.search(r"(dealer|seat (\d))(?: \(seat \d\))? wins at (\d+)", result)
    assert m, result
    seat = AB_DEALER if m.group(1) == "dealer" else int(m.group(2))
    assert state.phase == NAME_TRUMP
    assert state.round.contract.seat == seat and state.round.contract.amount == int(m.group(3))


@pytest.mark.parametrize("row", _rows("7.6"), ids=_ids(_rows("7.6")))
def test_auction_vectors(row: dict[str, str]) -> None:
    setup, seq, result = row["setup"], row["sequence"], row["result"]
    if "after AB-01" in setup:
        ab01 = next(r for r in _rows("7.6") if r["id"] == "AB-01")
        state = _run_calls(_bidding_match(ab01["setup"]), ab01["sequence"])
        bidder = state.round.contract.seat
        state = AUCTION_FORTY_FIVES.apply(state, Action("name_trump", bidder, suit=Suit.SPADES))
        order = []
        while state.phase != PLAY:
            order.append(state.turn)
            state = AUCTION_FORTY_FIVES.apply(state, Action("discard", state.turn, cards=()))
        seats = [int(x) for x in re.search(r"seats ([\d, ]+);", result).group(1).split(",")]  # type: ignore[union-attr]
        assert order == seats
        lead = int(re.search(r"first lead by seat (\d)", result).group(1))  # type: ignore[union-attr]
        assert state.leader == lead and AUCTION_FORTY_FIVES.to_act(state) == (lead,)
        return
    state = _bidding_match(setup)
    calls = CALL_RE.findall(seq)
    if result.startswith("rejected") or "rejected" in result.split(";")[0]:
        state = _run_calls(state, ", ".join(f"{s}:{w}" for s, w in calls[:-1]))
        seat, what = calls[-1]
        before = state
        with pytest.raises(IllegalBid) as err:
            AUCTION_FORTY_FIVES.apply(state, call_action(int(seat), what))
        assert state == before
        m = re.search(r"legal \{([^}]*)\}", result)
        if m:
            want = {x.strip() for x in m.group(1).split(",")}
            assert _legal_calls(state, int(seat)) == want
            assert {a.get("amount", a["type"]) for a in err.value.legal or []} == {
                int(x) if x.isdigit() else x for x in want}
        return
    state = _run_calls(state, seq)
    if calls and calls[-1][1] == "?":
        seat = int(calls[-1][0])
        legal = _legal_calls(state, seat)
        if "can only pass" in result:
            assert legal == {"pass"}
        if "may not pass" in result:
            assert "pass" not in legal
            lo, hi = (int(x) for x in re.search(r"bid (\d+)[–-](\d+)", result).group(1, 2))  # type: ignore[union-attr]
            assert legal == {str(v) for v in (15, 20, 25, 30) if lo <= v <= hi}
        state = _run_calls(state, result.split("→")[0].split(";")[-1] if "e.g." in result else "")
        if "can only pass" in result:
            state = AUCTION_FORTY_FIVES.apply(state, call_action(seat, "pass"))
    m = re.search(r"next to speak is seat (\d) only", result)
    if m:
        assert AUCTION_FORTY_FIVES.to_act(state) == (int(m.group(1)),)
        out = re.search(r"\(seat (\d) is out\)", result)
        assert out and state.round.auction.passed[int(out.group(1))]
        state = _run_calls(state, result.split(";", 1)[1])
    if "void" in result:
        assert AUCTION_FORTY_FIVES.needs_deal(state)
        record = state.match.history[-1]
        assert record.void and state.match.scores == (0, 0) and record.points == (0, 0)
        nxt = int(re.search(r"next deal by seat (\d)", result).group(1))  # type: ignore[union-attr]
        assert state.match.dealer == nxt
        return
    _check_winner(state, result)
    m = re.search(r"first lead seat (\d)", result)
    if m:
        bidder = state.round.contract.seat
        state = AUCTION_FORTY_FIVES.apply(state, Action("name_trump", bidder, suit=Suit.CLUBS))
        while state.phase != PLAY:
            state = AUCTION_FORTY_FIVES.apply(state, Action("discard", state.turn, cards=()))
        assert state.leader == int(m.group(1))


# ------------------------------------------------------------------------------------------------
# §7.7 auction scoring
# ------------------------------------------------------------------------------------------------


def _side_points(text: str) -> dict[str, tuple[int | None, int, bool]]:
    """Per side: (tricks or None, hand points, holds the bonus) from "A 3 tricks incl. bonus (20)"."""
    out = {}
    for part in re.split(r"[;,] (?=[AB] )", text):
        part = part.strip()
        if not re.match(r"[AB] \d", part):
            part = part[part.find(next((p for p in ("A ", "B ") if p in part), "")):]
            if not re.match(r"[AB] \d", part):
                continue
        m = re.match(r"[AB] (\d)(?: tricks?)? (?:incl|no|\()", part)
        points = re.search(r"\((\d+)", part) if m else re.match(r"[AB] (\d+)", part)
        assert points, part
        out[part[0]] = (int(m.group(1)) if m else None, int(points.group(1)), "incl. bonus" in part)
    return out


def _bidding_facts(row: dict[str, str]) -> tuple[dict[str, Any], dict[str, Any]]:
    bid_cell, hand = row["bid"], row["hand result"]
    if bid_cell.startswith("as "):
        base = next(r for r in _rows("7.7") if r["id"] == bid_cell.split(",")[0][3:].strip())
        facts, _ = _bidding_facts(base)
        return facts, options_in(bid_cell)
    team, amount = re.match(r"([AB]) (\d+)", bid_cell).group(1, 2)  # type: ignore[union-attr]
    before = [0, 0]
    m = re.search(r"totals A (-?\d+), B (\d+)", bid_cell)
    if m:
        before = [int(m.group(1)), int(m.group(2))]
    rest = bid_cell.split(";", 1)[1] if ";" in bid_cell else ""
    sides = _side_points(hand or rest)
    no_trump = "no trump" in bid_cell or "no trump" in hand
    if "all 5 tricks" in rest:
        sides = {team: (5, 25, False), "AB".replace(team, ""): (0, 0, False)}
    tricks = {s: v[0] for s, v in sides.items()}
    points = {s: v[1] for s, v in sides.items()}
    bonus = next((s for s, v in sides.items() if v[2]), None)
    if any(t is None for t in tricks.values()):  # only points given: find tricks and bonus
        for cand in ([None] if no_trump else [None, "A", "B"]):
            ta = (points["A"] - (5 if cand == "A" else 0)) // 5
            tb = (points["B"] - (5 if cand == "B" else 0)) // 5
            if ta + tb == 5 and ta >= 0 and tb >= 0:
                tricks, bonus = {"A": ta, "B": tb}, cand
                break
    for s in "AB":
        tricks.setdefault(s, 5 - sum(v for v in tricks.values() if v is not None))
    won = [tricks["A"], tricks["B"], 0, 0]
    facts = {
        "players": 4,
        "tricks_won": won,
        "highest_trump_seat": None if bonus is None else "AB".index(bonus),
        "scores": before,
        "bid": {"team": "AB".index(team), "amount": int(amount)},
    }
    return facts, {}


def _expect(text: str, with_totals: bool) -> tuple[dict[str, int], dict[str, int], str | None]:
    """(changes, totals, winner) from an expected-change cell (default part only). Where the row
    gives the totals before the hand, its numbers are the totals after it."""
    changes: dict[str, int] = {}
    totals: dict[str, int] = {}
    for side, sign, value in re.findall(r"([AB]) (?:stays |capped at )?([+−-]?)(\d+)", text):
        number = int(value) * (-1 if sign and sign in "−-" else 1)
        if with_totals:
            totals[side] = number
        else:
            changes[side] = number
    m = re.search(r"→ ([AB]) wins", text)
    winner = m.group(1) if m else None
    return changes, totals, winner


@pytest.mark.parametrize("row", _rows("7.7"), ids=_ids(_rows("7.7")))
def test_bidding_scoring_vectors(row: dict[str, str]) -> None:
    facts, opts = _bidding_facts(row)
    exp = row["expected change"]
    variant = re.search(r"(?:;|\);) ([AB]) (wins|[−+-]\d+) with `(\w+)=\"([\w-]+)\"`", exp)
    default_part = exp.split(";")[0] if variant else exp
    options = AUCTION_FORTY_FIVES.validate_options({"trump_selection": "bidding", **opts})
    out = AUCTION_FORTY_FIVES.score_round(facts, options)
    changes, totals, winner = _expect(default_part, "totals" in row["bid"] or row["bid"].startswith("as "))
    before = facts["scores"]
    for side, value in changes.items():
        i = "AB".index(side)
        assert out.points[i] == value, (side, out)
        assert out.scores[i] == before[i] + value
    for side, value in totals.items():
        assert out.scores["AB".index(side)] == value, (side, out)
    if winner:
        assert out.match_over and list(out.winners) == ["AB".index(winner)]
    elif "no winner" in exp:
        assert not out.match_over
    if "hand total" in exp:
        assert sum(out.extra["hand_points"]) == int(re.search(r"hand total (\d+)", exp).group(1))  # type: ignore[union-attr]
    if variant:
        side, what, name, value = variant.groups()
        alt = AUCTION_FORTY_FIVES.score_round(facts, AUCTION_FORTY_FIVES.validate_options(
            {"trump_selection": "bidding", **opts, name: value}))
        if what == "wins":
            assert alt.match_over and list(alt.winners) == ["AB".index(side)]
        else:
            assert alt.points["AB".index(side)] == int(what.replace("−", "-"))


def test_every_vector_table_is_exercised() -> None:
    """A guard: the tables above are the ones the spec has, with the row counts read at run time."""
    counts = {h: len(_rows(h)) for h in ("7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8")}
    assert all(counts.values())
    assert {r["id"] for r in _rows("7.3")} == {f"DR-{i:02d}" for i in range(1, counts["7.3"] + 1)}


def test_rule_errors_are_rule_errors() -> None:
    assert issubclass(IllegalBid, RuleError)
