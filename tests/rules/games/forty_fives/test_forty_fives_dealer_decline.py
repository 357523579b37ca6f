"""forty-fives.md §9.2, the dealer who turns up an ace may decline it (``dealer_turned_ace =
"may_decline"``): every vector of §9.12.2 (DA-01 to DA-08), read from the spec as data."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from service.rules.actions import Action
from service.rules.cards import DECK_52, Card, card
from service.rules.errors import IllegalAction, NotYourTurn, WrongPhase
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.games.forty_fives.options import config
from service.rules.games.forty_fives.ranking import table_for
from service.rules.games.forty_fives.state import ACE_DECLINED, ACE_MAY_DECLINE, DEALER_ROB, PLAY, FortyFivesState
from service.rules.ruleset import SPECTATOR
from tests.rules.games.forty_fives.test_forty_fives_helpers import cards, deck_dealing, hand_of
from tests.spec_tables import RULES_DIR, vectors

SPEC = "forty-fives.md"
HEADING = "9.12.2"


def _rows() -> list[dict[str, str]]:
    return vectors(SPEC, HEADING)


def _row(row_id: str) -> dict[str, str]:
    return next(r for r in _rows() if r["id"] == row_id)


def _setup() -> tuple[list[Card], int, int, dict[int, list[Card]], Card]:
    """The deck, players, dealer, hands and turn-up that the paragraph above the table gives."""
    text = " ".join(_paragraph_after_heading())
    top = cards(re.search(r"`([^`]*)`", text).group(1))  # type: ignore[union-attr]
    deck = top + [c for c in DECK_52 if c not in top]
    n = int(re.search(r"(\d) players", text).group(1))  # type: ignore[union-attr]
    dealer = int(re.search(r"dealer seat (\d)", text).group(1))  # type: ignore[union-attr]
    hands = {int(s): cards(h) for s, h in re.findall(r"seat(\d) ((?:(?:10|[2-9JQKA])[CDHS] ?)+)", text)}
    up = card(re.search(r"turn-up (\S+),", text).group(1))  # type: ignore[union-attr]
    return deck, n, dealer, hands, up


def _paragraph_after_heading() -> list[str]:
    lines = (RULES_DIR / SPEC).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("#") and HEADING in line) + 2
    end = next(i for i in range(start, len(lines)) if not lines[i].strip())
    return lines[start:end]


def _dealt(**options: Any) -> tuple[FortyFivesState, int, dict[int, list[Card]], Card]:
    deck, n, dealer, hands, up = _setup()
    state = FORTY_FIVES.new_match(FORTY_FIVES.validate_options({**options, "players": n}), n, dealer, "dealt")
    return FORTY_FIVES.deal(state, deck), dealer, hands, up


def _options(cell: str) -> dict[str, Any]:
    return {"dealer_turned_ace": "may_decline"} if "may_decline" in cell else {}


def test_the_deal_is_the_one_the_spec_states() -> None:
    state, _dealer, hands, up = _dealt(dealer_turned_ace="may_decline")
    for seat, held in hands.items():
        assert hand_of(state, seat) == set(held)
    assert state.round is not None and state.round.turn_up is up and state.round.trump is up.suit


def test_da01_the_dealer_chooses_before_the_lead() -> None:
    row = _row("DA-01")
    state, dealer, hands, _up = _dealt(**_options(row["options"]))
    expected = row["expected"]
    assert state.phase == DEALER_ROB == re.search(r"phase (\w+)", expected).group(1)  # type: ignore[union-attr]
    assert FORTY_FIVES.to_act(state) == (int(re.search(r"to act seat (\d)", expected).group(1)),)  # type: ignore[union-attr]
    acts = FORTY_FIVES.legal_actions(state, dealer)
    robs = {a.card for a in acts if a.type == "rob"}
    assert robs == set(cards(expected.split("rob with each of")[1].split(", and")[0])) == set(hands[dealer])
    assert [a for a in acts if a.type == "decline"] == [Action("decline", dealer)]
    assert len(acts) == int(re.search(r"\((\d) actions\)", expected).group(1))  # type: ignore[union-attr]
    assert state.round is not None and state.round.dealer_ace == ACE_MAY_DECLINE


def test_da02_nobody_leads_before_the_dealer_chooses() -> None:
    row = _row("DA-02")
    state, _dealer, _hands, _up = _dealt(**_options(row["options"]))
    m = re.search(r"seat (\d) tries to lead (\S+)", row["action / event"])
    assert m
    with pytest.raises((WrongPhase, NotYourTurn)):
        FORTY_FIVES.apply(state, Action("play", int(m.group(1)), card(m.group(2))))
    assert FORTY_FIVES.to_act(state) == (int(re.search(r"seat (\d) to act", row["expected"]).group(1)),)  # type: ignore[union-attr]


def test_da03_a_decline_is_public_and_the_ace_out_of_play() -> None:
    row = _row("DA-03")
    state, dealer, hands, up = _dealt(**_options(row["options"]))
    after = FORTY_FIVES.apply(state, Action("decline", dealer))
    expected = row["expected"]
    status = re.search(r"status `(\w+)`", expected).group(1)  # type: ignore[union-attr]
    assert after.round is not None and after.round.dealer_ace == ACE_DECLINED == status
    for seat in (*range(3), None, SPECTATOR):
        assert FORTY_FIVES.view(after, seat)["dealer_turned_ace"] == status
    assert all(up not in hand_of(after, s) for s in range(3))
    assert after.phase == PLAY
    leader = int(re.search(r"seat (\d) to lead", expected).group(1))  # type: ignore[union-attr]
    assert FORTY_FIVES.to_act(after) == (leader,)
    assert all(a.card is not up for a in FORTY_FIVES.legal_actions(after, leader))
    held = re.search(r"seat (\d) holds (.+)$", expected)
    assert held and hand_of(after, int(held.group(1))) == set(cards(held.group(2))) == set(hands[dealer])


def test_da04_a_rob_takes_the_ace_at_once() -> None:
    row = _row("DA-04")
    state, dealer, _hands, up = _dealt(**_options(row["options"]))
    discard = card(re.search(r"discard (\S+)", row["action / event"]).group(1))  # type: ignore[union-attr]
    after = FORTY_FIVES.apply(state, Action("rob", dealer, discard))
    expected = row["expected"]
    held = re.search(r"seat (\d) holds ([^;]+);", expected)
    assert held and hand_of(after, int(held.group(1))) == set(cards(held.group(2)))
    assert up in hand_of(after, dealer) and discard not in hand_of(after, dealer)
    for seat in (s for s in range(3) if s != dealer):
        assert discard.text not in str(FORTY_FIVES.view(after, seat))
    assert discard.text not in str(FORTY_FIVES.view(after, SPECTATOR))
    leader = int(re.search(r"seat (\d) to lead", expected).group(1))  # type: ignore[union-attr]
    assert FORTY_FIVES.to_act(after) == (leader,)


def test_da05_the_default_refuses_a_decline() -> None:
    row = _row("DA-05")
    assert "defaults" in row["options"]
    state, dealer, _hands, _up = _dealt(**_options(row["options"]))
    with pytest.raises(IllegalAction):
        FORTY_FIVES.apply(state, Action("decline", dealer))
    acts = FORTY_FIVES.legal_actions(state, dealer)
    assert {a.type for a in acts} == {"rob"}
    assert len(acts) == int(re.search(r"the (\d) robs", row["expected"]).group(1))  # type: ignore[union-attr]


def _play_out(ruleset: Any, state: FortyFivesState, rng: random.Random, banned: Card) -> FortyFivesState:
    while not ruleset.needs_deal(state) and state.round is not None:
        seat = ruleset.to_act(state)[0]
        acts = ruleset.legal_actions(state, seat)
        assert all(a.card is not banned for a in acts if a.type == "play")
        state = ruleset.apply(state, rng.choice(acts))
    return state


@pytest.mark.parametrize("seed", range(8))
def test_da06_the_declined_ace_is_never_played(seed: int) -> None:
    row = _row("DA-06")
    assert "after DA-03" in row["options"]
    state, dealer, _hands, up = _dealt(dealer_turned_ace="may_decline")
    state = FORTY_FIVES.apply(state, Action("decline", dealer))
    done = _play_out(FORTY_FIVES, state, random.Random(seed), up)
    record = done.match.history[-1]
    played = [c for t in record.tricks for c in t.cards]
    assert up not in played
    table = table_for(config(done.match.options, FORTY_FIVES.id), up.suit, False)
    trumps = [c for c in played if table.trump_mask >> c.index & 1]
    if trumps:  # "the highest trump played decides the bonus as usual"
        best = max(trumps, key=lambda c: table.strength[c.index])
        assert record.highest_trump is best
        assert record.bonus_seat == next(t.winner for t in record.tricks if best in t.cards)
    else:
        assert record.highest_trump is None and record.bonus_seat is None


def test_da07_table_mode_reports_the_decline() -> None:
    row = _row("DA-07")
    _deck, n, dealer, _hands, up = _setup()
    text = row["action / event"]
    assert f"turn_up {up.text}" in text and f"dealer seat {dealer}" in text
    state = FORTY_FIVES.new_match(
        FORTY_FIVES.validate_options({"players": n, "dealer_turned_ace": "may_decline"}), n, dealer, "table"
    )
    state = FORTY_FIVES.deal(state, None)
    state = FORTY_FIVES.apply(state, Action("turn_up", dealer, up))
    assert state.phase == DEALER_ROB
    assert Action("decline", dealer) in FORTY_FIVES.legal_actions(state, dealer)
    state = FORTY_FIVES.apply(state, Action("decline", int(re.search(r"decline for seat (\d)", text).group(1))))  # type: ignore[union-attr]
    leader = int(re.search(r"seat (\d)'s lead", text).group(1))  # type: ignore[union-attr]
    assert FORTY_FIVES.to_act(state) == (leader,)
    assert all(FORTY_FIVES.view(state, s)["dealer_turned_ace"] == ACE_DECLINED for s in (*range(n), None))
    assert not any(a.card is up for a in FORTY_FIVES.legal_actions(state, leader))
    state = FORTY_FIVES.apply(state, Action("play", leader, card("KH")))
    assert state.current == (card("KH"),)
    # the rob is reported too, with or without the discard
    robbed = FORTY_FIVES.apply(
        FORTY_FIVES.apply(
            FORTY_FIVES.deal(FORTY_FIVES.new_match(state.match.options, n, dealer, "table"), None),
            Action("turn_up", dealer, up),
        ),
        Action("rob", dealer),
    )
    assert robbed.phase == PLAY and robbed.round is not None and robbed.round.robbed_by == dealer


@pytest.mark.parametrize("seed", range(6))
def test_da08_auction_turn_up_dealer_declines(seed: int) -> None:
    row = _row("DA-08")
    opts = row["options"]
    n = int(re.search(r"(\d) players", opts).group(1))  # type: ignore[union-attr]
    dealer = int(re.search(r"dealer seat (\d)", opts).group(1))  # type: ignore[union-attr]
    up = card("AD")
    options = AUCTION_FORTY_FIVES.validate_options(
        {"players": n, "dealer_turned_ace": "may_decline", "unrobbed_trump_ace": "lowest_unless_announced"}
    )
    state = AUCTION_FORTY_FIVES.deal(
        AUCTION_FORTY_FIVES.new_match(options, n, dealer, "dealt"), deck_dealing(n, dealer, {}, up)
    )
    assert state.phase == DEALER_ROB and AUCTION_FORTY_FIVES.to_act(state) == (dealer,)
    state = AUCTION_FORTY_FIVES.apply(state, Action("decline", dealer))
    assert state.phase == PLAY and state.round is not None and state.round.dealer_ace == ACE_DECLINED
    # the ace of trumps is in nobody's hand: nobody robs, announces or has it demoted
    assert not any(a.type in ("rob", "decline") for s in range(n) for a in AUCTION_FORTY_FIVES.legal_actions(state, s))
    done = _play_out(AUCTION_FORTY_FIVES, state, random.Random(seed), up)
    record = done.match.history[-1]
    assert record.demoted is None and up not in [c for t in record.tricks for c in t.cards]


def test_every_row_is_exercised() -> None:
    assert {r["id"] for r in _rows()} == {f"DA-{i:02d}" for i in range(1, 9)}
