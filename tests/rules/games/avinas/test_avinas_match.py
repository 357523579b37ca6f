"""Avinas matches through ``apply``: scripted hands for each phase, dealt and table mode."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.api.problems import problem_body
from service.matches.codec import decode, encode
from service.rules.actions import Action
from service.rules.cards import DECK_32, card
from service.rules.errors import (
    CardAlreadyPlayed,
    CardNotInHand,
    DuplicateCard,
    IllegalAction,
    IllegalPlay,
    InvalidAction,
    InvalidFacts,
    InvalidInput,
    MatchOver,
    NotYourTurn,
    RuleError,
    TooManyPlays,
    WrongPhase,
)
from service.rules.games.avinas import AVINAS
from service.rules.games.avinas.state import AvinasState
from service.rules.ruleset import FINISHED, SPECTATOR
from service.rules.tricks import Play, TrickContext
from tests.english import english
from tests.rules.games.avinas.test_avinas_support import (
    act,
    arrange,
    cards_in,
    deck_from_hands,
    hands_of,
    may_see,
    play_on,
)


def new_match(dealer: int = 0, mode: str = "dealt", **options: Any) -> AvinasState:
    return AVINAS.new_match(AVINAS.validate_options(options), 4, dealer, mode)  # type: ignore[arg-type]


def texts(actions: list[Action]) -> list[dict[str, Any]]:
    return [a.to_json() for a in actions]


def rejects(state: AvinasState, error: type[RuleError], kind: str, seat: int | None = None, **fields: Any) -> RuleError:
    before = encode(state)
    with pytest.raises(error) as err:
        act(state, kind, seat, **fields)
    assert encode(state) == before
    return err.value


# ------------------------------------------------------------------------------------------------
# The deal (§4.1, §4.2)
# ------------------------------------------------------------------------------------------------


def test_deal_in_fours_from_the_dealers_left() -> None:
    deck = list(DECK_32)
    random.Random(3).shuffle(deck)
    state = AVINAS.deal(new_match(dealer=2), deck)
    dealt = state.hand.dealt
    assert dealt[3] == tuple(deck[0:4] + deck[16:20])
    assert dealt[0] == tuple(deck[4:8] + deck[20:24])
    assert dealt[1] == tuple(deck[8:12] + deck[24:28])
    assert dealt[2] == tuple(deck[12:16] + deck[28:32])
    order = [(e.seat, e.position) for e in state.hand.exposures]
    assert order == [(3, 4), (0, 4), (1, 4), (2, 4), (3, 8), (0, 8), (1, 8), (2, 8)]
    for e in state.hand.exposures:
        assert e.card is dealt[e.seat][e.position - 1]
        assert e.public == (e.seat in (3, 1) or e.card.rank.value == 7)


def test_deal_needs_the_whole_32_card_pack() -> None:
    state = new_match()
    with pytest.raises(InvalidInput):
        AVINAS.deal(state, list(DECK_32)[:31])
    with pytest.raises(InvalidInput):
        AVINAS.deal(state, [*list(DECK_32)[:31], card("2H")])
    assert len(AVINAS.deck()) == 32


def test_new_match_checks_players_mode_and_dealer() -> None:
    with pytest.raises(RuleError):
        AVINAS.new_match(AVINAS.validate_options({}), 6, 0, "dealt")
    with pytest.raises(InvalidInput):
        AVINAS.new_match(AVINAS.validate_options({}), 4, 4, "dealt")
    with pytest.raises(InvalidInput):
        AVINAS.new_match(AVINAS.validate_options({}), 4, 0, "other")  # type: ignore[arg-type]
    state = new_match()
    assert AVINAS.needs_deal(state)
    assert AVINAS.view(state, 0)["phase"] == "deal"


# ------------------------------------------------------------------------------------------------
# Sevens game: knocking (§6), trick 1 and a face-down trick 2 (§7.1, §7.2)
# ------------------------------------------------------------------------------------------------

# Dealer 0. Seat 1's #4 is 7H, the only exposed seven: hearts are trumps, seat 1 declares.
# Seat 3 holds QC as its only trump, wins trick 1 and leads trick 2 without a trump.
FACE_DOWN_DEAL = hands_of([
    "QS QH QD KC JC JS 9C AH",   # seat 0 (dealer): #4 KC, #8 AH stay private
    "AS 10S KS 7H 8S 7S AD 9S",  # seat 1: #4 7H, #8 9S face up
    "JH JD 10H 8C KH 9H 7C 8H",  # seat 2 (dealer's partner): #4 8C, #8 8H seen by the dealer only
    "QC 10D KD 9D 8D 7D AC 10C",  # seat 3: #4 9D, #8 10C face up
])


def _face_down_start(**options: Any) -> AvinasState:
    return AVINAS.deal(new_match(0, **options), deck_from_hands(FACE_DOWN_DEAL, 0))


def test_exposures_and_who_sees_them() -> None:
    state = _face_down_start()
    hand = state.hand
    assert (hand.game, hand.trump.value, hand.declarer, hand.phase) == ("sevens", "H", 1, "knock")
    public = {"7H", "9S", "9D", "10C"}
    for seat in range(4):
        view = AVINAS.view(state, seat)
        entries = view["exposures"]
        assert [(e["seat"], e["position"]) for e in entries] == [(1, 4), (2, 4), (3, 4), (0, 4),
                                                                 (1, 8), (2, 8), (3, 8), (0, 8)]
        assert {e["card"] for e in entries if e["face_up"]} == public
        shown = {e["card"] for e in entries if "card" in e}
        expected = public | ({"8C", "8H"} if seat in (0, 2) else set()) | ({"KC", "AH"} if seat == 0 else set())
        assert shown == expected
        assert all(("played" in e) == ("card" in e) for e in entries)
        seen = cards_in(view)
        assert ({"8C", "8H"} <= seen) == (seat in (0, 2))
        assert ("KC" in seen) == (seat == 0) and ("AH" in seen) == (seat == 0)
    assert AVINAS.view(state, 0)["hand"] == ["QS", "QH", "QD", "JC", "JS", "AH", "KC", "9C"]  # trumps first
    referee = AVINAS.view(state, None)
    assert len(referee["hands"]) == 4 and all("card" in e for e in referee["exposures"])


def test_knock_order_without_a_knock_skips_the_defenders() -> None:
    state = _face_down_start()
    assert AVINAS.to_act(state) == (1,)
    assert texts(AVINAS.legal_actions(state, 1)) == [{"type": "knock", "seat": 1}, {"type": "pass", "seat": 1}]
    rejects(state, NotYourTurn, "knock", 3)
    state = act(state, "pass", 1)
    assert AVINAS.to_act(state) == (3,)  # the declarer's partner
    state = act(state, "pass", 3)
    assert state.hand.phase == "play" and AVINAS.to_act(state) == (1,)


def test_knock_and_knock_back() -> None:
    state = act(_face_down_start(), "knock", 1)
    assert AVINAS.to_act(state) == (2,)  # partner skipped; defender left of the declarer
    state = act(state, "pass", 2)
    assert AVINAS.to_act(state) == (0,)
    state = act(state, "knock", 0)
    assert state.hand.phase == "play"
    view = AVINAS.view(state, 3)
    assert view["knock_count"] == 2
    assert view["knocks"] == [{"seat": 1, "knock": True}, {"seat": 2, "knock": False}, {"seat": 0, "knock": True}]
    state = play_on(state, random.Random(5))
    record = state.history[-1]
    assert record.knocks == 2 and record.declarers_knocked
    assert record.declarer_won == (record.tricks_won[1] == 8)
    assert record.due % 4 == 0 and record.unit == "rams"


def test_partner_may_knock_and_defenders_without_a_knock_by_option() -> None:
    state = act(act(_face_down_start(), "pass", 1), "knock", 3)
    assert AVINAS.to_act(state) == (2,)
    state = act(act(state, "pass", 2), "pass", 0)
    assert state.hand.phase == "play"
    assert [k.knocked for k in state.hand.knocks] == [False, True, False, False]
    free = act(act(_face_down_start(defenders_knock_requires_knock=False), "pass", 1), "pass", 3)
    assert AVINAS.to_act(free) == (2,)
    free = act(free, "knock", 2)
    assert free.hand.phase == "play"
    free = play_on(free, random.Random(2))
    record = free.history[-1]
    assert record.knocks == 1 and not record.declarers_knocked
    assert record.declarer_won == (record.card_points[1] >= 61)  # target stays 61
    assert record.due == record.tier * 2 or record.tier is None


def test_trick_one_and_a_face_down_trick_two() -> None:
    state = act(act(_face_down_start(), "pass", 1), "pass", 3)
    assert texts(AVINAS.legal_actions(state, 1)) == [{"type": "play", "seat": 1, "card": "7H"}]
    err = rejects(state, IllegalPlay, "play", 1, card="AS")
    assert err.code == "must_lead_trump" and err.legal == [{"type": "play", "seat": 1, "card": "7H"}]
    rejects(state, CardNotInHand, "play", 1, card="QC")
    rejects(state, NotYourTurn, "play", 2, card="JH")
    rejects(state, WrongPhase, "declare", 1, amount=3)
    state = act(state, "play", 1, card="7H")
    err = rejects(state, IllegalPlay, "play", 2, card="8C")
    assert err.code == "must_play_trump"
    state = act(state, "play", 2, card="JH")
    assert [a.card.text for a in AVINAS.legal_actions(state, 3)] == ["QC"]
    state = act(state, "play", 3, card="QC")
    state = act(state, "play", 0, card="QS")
    first = state.hand.tricks[0]
    assert first.winner == 3 and first.points == 3 + 0 + 2 + 3
    # trick 2: seat 3 holds no trump and may lead any card face up or face down
    leads = AVINAS.legal_actions(state, 3)
    assert {a.card.text for a in leads if a.face_down} == {"10D", "KD", "9D", "8D", "7D", "AC", "10C"}
    assert {a.card.text for a in leads if not a.face_down} == {"10D", "KD", "9D", "8D", "7D", "AC", "10C"}
    assert {a.amount for a in leads if a.face_down} == {None}  # no hints without the signal option
    rejects(state, InvalidAction, "play", 3, card="10D", face_down=True, amount=1)  # no signal option
    state = act(state, "play", 3, card="10D", face_down=True)
    for seat in range(4):
        view = AVINAS.view(state, seat)
        assert ("10D" in cards_in(view)) == (seat == 3)
        assert view["trick"]["plays"][0]["face_down"] is True
        assert view["current_trick"] == view["trick"]  # the deprecated alias, for one release
    # the others follow as if a trump had been led
    err = rejects(state, IllegalPlay, "play", 0, card="KC")
    assert err.code == "must_play_trump"
    state = act(state, "play", 0, card="QH")
    assert {a.card.text for a in AVINAS.legal_actions(state, 1)} == {"AS", "10S", "KS", "8S", "7S", "AD", "9S"}
    state = act(state, "play", 1, card="AS")
    assert "10D" not in cards_in(AVINAS.view(state, 1))
    state = act(state, "play", 2, card="JD")
    second = state.hand.tricks[1]
    assert second.winner == 0 and second.plays[0] == Play(card("10D"), True)
    for seat in range(4):
        view = AVINAS.view(state, seat)
        assert view["tricks"][1]["plays"][0]["card"] == "10D"  # turned up once the trick is complete
    # trick 3: seat 0 leads anything; no more face-down leads
    rejects(state, IllegalPlay, "play", 0, card="KC", face_down=True)
    state = play_on(state, random.Random(1))
    assert AVINAS.needs_deal(state) and state.dealer == 1
    record = state.history[-1]
    assert sum(record.card_points) == 120 and sum(record.tricks_won) == 8


def test_face_down_signal_option() -> None:
    state = act(act(_face_down_start(facedown_signal=True), "pass", 1), "pass", 3)
    for seat, c in ((1, "7H"), (2, "JH"), (3, "QC"), (0, "QS")):
        state = act(state, "play", seat, card=c)
    face_down = [a for a in AVINAS.legal_actions(state, 3) if a.face_down]
    assert [a.amount for a in face_down if a.card.text == "KD"] == [None, 1, 0]  # no hint, valuable, worthless
    assert {a.amount for a in face_down} == {None, 0, 1} and len(face_down) == 3 * len({a.card for a in face_down})
    state = act(state, "play", 3, card="KD", face_down=True, amount=0)
    for seat in range(4):
        assert AVINAS.view(state, seat)["trick"]["signal"] == "worthless"


def test_trump_lead_obligation_every_trick() -> None:
    state = act(act(_face_down_start(trump_lead_obligation="every_trick"), "pass", 1), "pass", 3)
    for seat, c in ((1, "7H"), (2, "JH"), (3, "QC"), (0, "QS"), (3, "10D"), (0, "QH"), (1, "AS"), (2, "JD")):
        state = act(state, "play", seat, card=c)
    # seat 0 leads trick 3 and still holds trumps: he must lead one
    assert all(a.card.text in {"QD", "JC", "JS", "AH"} for a in AVINAS.legal_actions(state, 0))
    assert rejects(state, IllegalPlay, "play", 0, card="KC").code == "must_lead_trump"


# ------------------------------------------------------------------------------------------------
# No-seven game: auction, naming trumps on the opening lead, the stop (§5.2, §7.1, §7.4)
# ------------------------------------------------------------------------------------------------

NO_SEVEN_DEAL = hands_of([
    "7S 8S 9S AS 10S KS 8D 9D",  # seat 0 (dealer)
    "QC QS JC JS AH 10H 7H 8H",  # seat 1: #4 JS, #8 8H face up
    "7C 8C 9C AC 10C KC 10D AD",  # seat 2
    "QH QD JH JD KH 9H 7D KD",  # seat 3: #4 JD, #8 KD face up
])


def _no_seven(**options: Any) -> AvinasState:
    state = AVINAS.deal(new_match(0, **options), deck_from_hands(NO_SEVEN_DEAL, 0))
    assert state.hand.game == "no_seven" and state.hand.phase == "auction"
    return state


def test_opening_lead_with_a_queen_names_trumps() -> None:
    state = act(_no_seven(), "declare", 1, amount=6)
    for seat in (2, 3, 0):
        state = act(state, "pass", seat)
    assert AVINAS.view(state, 1)["hand"] == ["QC", "QS", "JC", "JS", "AH", "10H", "8H", "7H"]
    leads = AVINAS.legal_actions(state, 1)
    assert {a.suit.value for a in leads if a.card.text == "QC"} == {"C", "D", "H", "S"}
    assert [a.to_json() for a in leads if a.card.text == "AH"] == [{"type": "play", "seat": 1, "card": "AH"}]
    err = rejects(state, IllegalPlay, "play", 1, card="QC")
    assert err.code == "must_name_trump"
    rejects(state, IllegalPlay, "play", 1, card="AH", suit="S")  # holds spade trumps (QC, QS, JC, JS)
    state = act(state, "play", 1, card="QS", suit="H")
    for seat in range(4):
        assert AVINAS.view(state, seat)["trump"] == "H"
    rejects(state, InvalidAction, "play", 2, card="7C", suit="C")
    state = play_on(state, random.Random(4))
    record = state.history[-1]
    assert record.trump.value == "H" and record.declared == 6 and record.unit == "pips"
    assert record.lied is False  # QC QS JC JS AH 10H 7H 8H: 8 trumps for hearts


def test_natural_lead_fixes_trumps_and_lie_is_scored() -> None:
    state = act(_no_seven(), "declare", 1, amount=7)
    for seat in (2, 3, 0):
        state = act(state, "pass", seat)
    state = act(state, "play", 1, card="7H")
    assert state.hand.trump.value == "H"
    # trick 1 followers must trump if they can (seat 2 has none)
    seat2 = {"7C", "8C", "9C", "AC", "10C", "KC", "10D", "AD"}
    assert {a.card.text for a in AVINAS.legal_actions(state, 2)} == seat2
    state = play_on(state, random.Random(8))
    assert state.history[-1].lied is False
    lie = act(_no_seven(declaration_count="suit_cards"), "declare", 1, amount=5)
    for seat in (2, 3, 0):
        lie = act(lie, "pass", seat)
    lie = play_on(act(lie, "play", 1, card="AH"), random.Random(8))
    record = lie.history[-1]
    assert record.lied is True and record.loser == 1 and record.declarer_won is False  # 4 hearts, not 5


def test_liar_without_a_trump_names_a_suit_and_leads_face_up() -> None:
    state = AVINAS.deal(new_match(0), deck_from_hands(NO_SEVEN_DEAL, 0))
    # seat 0 holds only spades and diamonds: no trump at all if clubs or hearts are named
    state = act(act(state, "pass", 1), "pass", 2)
    state = act(act(state, "pass", 3), "declare", 0, amount=2)
    corner = [a for a in AVINAS.legal_actions(state, 0) if a.suit is not None]
    assert {a.suit.value for a in corner} == {"C", "H"}
    state = act(state, "play", 0, card="AS", suit="C")
    assert state.hand.trump.value == "C"
    # the others follow as if a trump had been led
    assert {a.card.text for a in AVINAS.legal_actions(state, 1)} == {"QC", "QS", "JC", "JS"}
    state = play_on(state, random.Random(3))
    assert state.history[-1].lied is True


def test_auction_continuous() -> None:
    state = _no_seven(auction_rounds="continuous")
    for seat, amount in ((1, 3), (2, None), (3, 4), (0, None), (1, 5), (3, None)):
        state = act(state, "pass", seat) if amount is None else act(state, "declare", seat, amount=amount)
    assert state.hand.phase == "play" and state.hand.declarer == 1 and state.hand.declared == 5
    state = _no_seven(auction_rounds="continuous", min_declaration=4)
    assert [a.amount for a in AVINAS.legal_actions(state, 1)] == [None, 4, 5, 6, 7, 8]
    for seat in (1, 2, 3, 0):
        state = act(state, "pass", seat)
    assert AVINAS.needs_deal(state) and state.history[-1].outcome == "thrown_in"


def test_declarer_stops_and_the_rest_goes_to_the_defenders() -> None:
    state = act(_no_seven(), "declare", 1, amount=6)
    for seat in (2, 3, 0):
        state = act(state, "pass", seat)
    assert all(a.type != "stop" for a in AVINAS.legal_actions(state, 1))
    state = act(state, "play", 1, card="QC", suit="H")
    rejects(state, IllegalAction, "stop", 1)  # not between tricks
    for seat, c in ((2, "7C"), (3, "QH"), (0, "7S")):
        state = act(state, "play", seat, card=c)
    assert state.hand.tricks[0].winner == 1
    assert AVINAS.to_act(state) == (1,)
    assert {"type": "stop", "seat": 1} in texts(AVINAS.legal_actions(state, 1))
    rejects(state, IllegalAction, "stop", 3)
    state = act(state, "stop", 1)
    record = state.history[-1]
    assert record.stopped_after == 1
    assert record.card_points == (120 - 6, 6) and record.tricks_won == (7, 1)
    assert record.declarer_won is False and record.loser == 1 and record.tier == 2
    assert state.pips == (0, 4)


def test_stop_remainder_to_nobody_and_stop_in_sevens_game() -> None:
    state = act(_no_seven(stop_remainder_to="nobody"), "declare", 1, amount=6)
    for seat in (2, 3, 0):
        state = act(state, "pass", seat)
    for seat, c in ((1, "QC"), (2, "7C"), (3, "QH"), (0, "7S")):
        state = act(state, "play", seat, card=c, **({"suit": "H"} if c == "QC" else {}))
    state = act(state, "stop", 1)
    assert state.history[-1].card_points == (0, 6) and state.history[-1].tricks_won == (0, 1)
    sevens = act(act(_face_down_start(), "pass", 1), "pass", 3)
    for seat, c in ((1, "7H"), (2, "JH"), (3, "QC"), (0, "QS")):
        sevens = act(sevens, "play", seat, card=c)
    assert all(a.type != "stop" for s in range(4) for a in AVINAS.legal_actions(sevens, s))
    rejects(sevens, IllegalAction, "stop", 1)
    allowed = act(act(_face_down_start(stop_in_sevens_game=True), "pass", 1), "pass", 3)
    for seat, c in ((1, "7H"), (2, "JH"), (3, "QC"), (0, "QS")):
        allowed = act(allowed, "play", seat, card=c)
    assert AVINAS.to_act(allowed) == (3, 1)
    # the declarer may stop now, but seat 3 is to play: a card from the declarer is out of turn
    err = rejects(allowed, NotYourTurn, "play", 1, card=allowed.hand.hands[1][0].text)
    assert err.legal == [{"seat": 3}, {"seat": 1}]
    assert act(allowed, "stop", 1).history[-1].stopped_after == 1


# ------------------------------------------------------------------------------------------------
# Match flow, errors, codec
# ------------------------------------------------------------------------------------------------


def test_unknown_actions_and_finished_matches() -> None:
    state = _face_down_start()
    err = rejects(state, InvalidAction, "bid", 1, amount=3)
    assert "Knock" in english(err)  # the action, by the word the page shows
    rejects(new_match(), WrongPhase, "pass", 1)
    over = AVINAS.new_match(AVINAS.validate_options({"pips_to_end": 1}), 4, 0, "dealt")
    rng = random.Random(9)
    while AVINAS.status(over) != FINISHED:
        if AVINAS.needs_deal(over):
            over = AVINAS.deal(over, arrange(rng, over.dealer))
        over = play_on(over, rng)
    assert over.winners in ((0,), (1,)) and over.result == "won"
    assert max(over.pips) >= 1 and min(over.pips) == 0
    with pytest.raises(MatchOver):
        act(over, "pass", 0)
    with pytest.raises(MatchOver):
        AVINAS.deal(over, arrange(rng, 0))
    view = AVINAS.view(over, 0)
    assert view["status"] == "finished" and view["winners"] == list(over.winners) and view["to_act"] == []


def test_max_hands() -> None:
    for outcome in ("no_result", "fewer_penalties"):
        state = new_match(0, max_hands=2, max_hands_outcome=outcome)
        rng = random.Random(12)
        while AVINAS.status(state) != FINISHED:
            state = play_on(AVINAS.deal(state, arrange(rng, state.dealer)), rng)
        assert state.hands_played == 2
        if outcome == "no_result":
            assert state.result == "no_result" and state.winners == ()
        else:
            assert state.result in ("won", "draw")


def test_codec_round_trip_mid_hand() -> None:
    state = act(act(_face_down_start(), "pass", 1), "pass", 3)
    for seat, c in ((1, "7H"), (2, "JH"), (3, "QC"), (0, "QS")):
        state = act(state, "play", seat, card=c)
    state = act(state, "play", 3, card="10D", face_down=True)
    assert decode(AvinasState, encode(state)) == state


@pytest.mark.parametrize("mode", ["dealt", "table"])
def test_a_spectator_sees_the_public_facts_only(mode: str) -> None:
    """``view(state, SPECTATOR)``: no hand, no hidden card (a private exposure, a face-down lead, a
    seat's own cards), no legal actions, at every step of random hands in both modes."""
    rng = random.Random(31)
    state = new_match(0, mode=mode, facedown_signal=True, max_hands=6, pips_to_end=100)
    steps = 0
    while AVINAS.status(state) != FINISHED:
        if AVINAS.needs_deal(state):
            state = AVINAS.deal(state, arrange(rng, state.dealer) if mode == "dealt" else None)
        else:
            legal = [a for s in AVINAS.to_act(state) for a in AVINAS.legal_actions(state, s)]
            state = AVINAS.apply(state, rng.choice([a for a in legal if a.type != "stop"] or legal))
        view = AVINAS.view(state, SPECTATOR)
        public = set.intersection(*(may_see(state, seat) for seat in range(4)))
        assert cards_in(view) <= public, sorted(cards_in(view) - public)
        assert view["hand"] is None and "hands" not in view and view["legal_actions"] == []
        assert view["to_act"] == list(AVINAS.to_act(state))
        steps += 1
    assert steps > 100


# ------------------------------------------------------------------------------------------------
# Table mode (hands unknown)
# ------------------------------------------------------------------------------------------------

# Dealer 0; the table shows 1#4 AS, 3#4 8D, 1#8 9C, 2#8 7H (a seven: hearts, seat 2 declares), 3#8 9S.
TABLE_EXPOSURES = [(1, ["AS"]), (2, []), (3, ["8D"]), (0, []), (1, ["9C"]), (2, ["7H"]), (3, ["9S"]), (0, [])]
# Tricks as (leader, cards in play order). Seat 1 revokes in trick 3 (plays AC to a spade lead while
# holding the exposed AS): provable at once. Seat 2 revokes in trick 7 (KD to a club lead) and
# shows 8C with the very last card of the hand.
TABLE_TRICKS = [
    (2, "QC QH QD QS"),
    (2, "7H JS JH JC"),
    (2, "8S 9S 7S AC"),
    (3, "8D 9D 10C AD"),
    (2, "10D 7D JD 10S"),
    (0, "8H KS 9H AH"),
    (3, "KC 7C 9C KD"),
    (3, "10H KH AS 8C"),
]


def _table_exposed() -> AvinasState:
    state = AVINAS.deal(new_match(0, mode="table"), None)
    assert state.hand.phase == "expose" and AVINAS.view(state, 1)["hand"] is None
    for seat, shown in TABLE_EXPOSURES:
        assert AVINAS.to_act(state) == (seat,)
        state = act(state, "expose", seat, cards=shown)
    assert (state.hand.game, state.hand.trump.value, state.hand.declarer) == ("sevens", "H", 2)
    return state


def test_table_exposure_checks() -> None:
    state = AVINAS.deal(new_match(0, mode="table"), None)
    rejects(state, IllegalAction, "expose", 1, cards=[])  # an opponent's #4 is always shown
    state = act(state, "expose", 1, cards=["AS"])
    rejects(state, IllegalAction, "expose", 2, cards=["KH"])  # the dealer's side shows sevens only
    rejects(state, NotYourTurn, "expose", 3, cards=["8D"])
    state = act(state, "expose", 2, cards=[])
    rejects(state, CardAlreadyPlayed, "expose", 3, cards=["AS"])
    assert all(len(a.cards or ()) == 1 for a in AVINAS.legal_actions(state, 3))


def test_table_round_with_revokes() -> None:
    state = act(act(_table_exposed(), "pass", 2), "pass", 0)
    played = 0
    flagged: dict[tuple[int, int], int] = {}
    for number, (leader, cards) in enumerate(TABLE_TRICKS, start=1):
        for i, text in enumerate(cards.split()):
            seat = (leader + i) % 4
            assert seat in AVINAS.to_act(state), (number, text)
            if number == 7 and seat == 1:
                # seat 1 has played 6 cards: its last two are the exposed AS and 9C
                assert {a.card.text for a in AVINAS.legal_actions(state, 1)} == {"AS", "9C"}
                assert english(rejects(state, CardNotInHand, "play", 1, card="8C")).endswith("AS, 9C")
            state = act(state, "play", seat, card=text)
            played += 1
            revokes = state.hand.revokes if state.hand is not None else state.history[-1].revokes
            for r in revokes:
                flagged.setdefault((r.seat, r.trick), played)
        if number == 1:
            rejects(state, CardAlreadyPlayed, "play", 2, card="QC")
            rejects(state, CardAlreadyPlayed, "play", 2, card="AS")  # exposed in seat 1's hand
    assert flagged == {(1, 3): 12, (2, 7): 32}  # at once, and with the hand's last card
    record = state.history[-1]
    assert [(r.seat, r.trick, r.card.text, r.code) for r in record.revokes] == [
        (1, 3, "AC", "must_follow_suit"), (2, 7, "KD", "must_follow_suit"),
    ]
    assert record.card_points == (61, 59) and record.declarer_won is True
    assert record.loser == 1 and record.due == 1 and state.rams == (0, 1)


def test_table_revokes_in_the_view_and_face_down_hidden() -> None:
    state = act(act(_table_exposed(), "pass", 2), "pass", 0)
    for (leader, cards) in TABLE_TRICKS[:3]:
        for i, text in enumerate(cards.split()):
            state = act(state, "play", (leader + i) % 4, card=text)
    view = AVINAS.view(state, 0)
    assert view["revokes"] == [{"seat": 1, "trick": 3, "card": "AC", "code": "must_follow_suit",
                                "rule": view["revokes"][0]["rule"], "ruling": None}]
    assert view["round_result_allowed"] is False
    rejects(state, WrongPhase, "round_result", None, result={"game": "sevens", "declarer": 2,
                                                             "declarer_points": 61, "declarer_tricks": 4})


def test_table_face_down_lead_is_hidden_until_the_trick_is_complete() -> None:
    state = act(act(_table_exposed(), "pass", 2), "pass", 0)
    for i, text in enumerate(["QC", "QH", "QD", "QS"]):
        state = act(state, "play", (2 + i) % 4, card=text)
    rejects(state, IllegalPlay, "play", 2, card="9H", face_down=True)  # a trump face down
    other = act(state, "play", 2, card="10D", face_down=True)
    state = act(state, "play", 2, card="KD", face_down=True)
    assert "KD" in cards_in(AVINAS.view(state, None)) and "KD" in cards_in(AVINAS.view(state, 2))
    for seat in (0, 1, 3):
        view = AVINAS.view(state, seat)
        assert "KD" not in cards_in({k: v for k, v in view.items() if k != "legal_actions"})
        # the unseen cards a seat may be reported playing do not betray the face-down card either
        assert view["legal_actions"] == AVINAS.view(other, seat)["legal_actions"]
    assert {"type": "play", "seat": 3, "card": "KD"} in AVINAS.view(state, 3)["legal_actions"]
    assert {"type": "play", "seat": 3, "card": "KD"} not in AVINAS.view(state, None)["legal_actions"]
    assert "card" not in AVINAS.public_action(Action("play", 2, card=card("KD"), face_down=True), 1)
    for i, text in enumerate(["JS", "JH", "JC"]):
        state = act(state, "play", (3 + i) % 4, card=text)
    assert all("KD" in cards_in(AVINAS.view(state, seat)) for seat in range(4))


def test_table_round_result() -> None:
    state = AVINAS.deal(new_match(0, mode="table"), None)
    assert AVINAS.view(state, None)["round_result_allowed"] is True
    facts = {"game": "no_seven", "declarer": 3, "declarer_points": 50, "declarer_tricks": 3}
    state = act(state, "round_result", None, result=facts)
    assert state.pips == (0, 2) and state.history[-1].source == "round_result"
    assert AVINAS.needs_deal(state) and state.dealer == 1
    # facts must agree with what the table reported
    exposed = _table_exposed()
    bad = {"game": "no_seven", "declarer": 2, "declarer_points": 70, "declarer_tricks": 5}
    rejects(exposed, InvalidFacts, "round_result", None, result=bad)
    rejects(exposed, InvalidFacts, "round_result", None, result=bad | {"game": "sevens", "declarer": 1})
    rejects(exposed, InvalidFacts, "round_result", None, result=bad | {"game": "sevens", "rams": [0, 3]})
    knocked = act(exposed, "knock", 2)
    rejects(knocked, InvalidFacts, "round_result", None, result=bad | {"game": "sevens"})
    done = act(knocked, "round_result", None, result=bad | {"game": "sevens", "knocks": 1,
                                                             "declarer_tricks": 8, "declarer_points": 120})
    assert done.rams == (0, 6)
    rejects(_face_down_start(), WrongPhase, "round_result", None, result=bad)


def test_table_lie_is_checked_from_the_cards_shown() -> None:
    state = AVINAS.deal(new_match(0, mode="table"), None)
    for seat, shown in [(1, ["JS"]), (2, []), (3, ["JD"]), (0, []), (1, ["8H"]), (2, []), (3, ["KD"]), (0, [])]:
        state = act(state, "expose", seat, cards=shown)
    assert state.hand.game == "no_seven"
    state = act(state, "declare", 1, amount=8)
    for seat in (2, 3, 0):
        state = act(state, "pass", seat)
    deal = NO_SEVEN_DEAL
    rng = random.Random(6)
    while state.hand is not None:
        cur = state.hand.current
        seat = cur.seat_of(len(cur.plays))
        held = [c for c in deal[seat] if c not in {p.card for t in state.hand.tricks for p in t.plays}
                and c not in {p.card for p in cur.plays}]
        if state.hand.trump is None:
            state = act(state, "play", seat, card="QC", suit="H")
            continue
        verdict = AVINAS.legal_plays(held, cur.plays, TrickContext(state.hand.trump, cur.number), {})
        state = act(state, "play", seat, card=rng.choice(verdict.legal).text)
    record = state.history[-1]
    assert record.revokes == () and record.lied is False and sum(record.card_points) == 120


def test_errors_never_quote_hidden_cards() -> None:
    state = act(act(_face_down_start(), "pass", 1), "pass", 3)
    with pytest.raises(CardNotInHand) as err:
        act(state, "play", 1, card="QC")
    assert cards_in(problem_body(err.value)) <= {"QC"} | {c.text for c in state.hand.hands[1]}


def test_stateless_validation() -> None:
    ctx = TrickContext(trump=card("AH").suit, trick_number=3)
    with pytest.raises(TooManyPlays):
        AVINAS.trick_winner([Play(c) for c in DECK_32[:5]], ctx, {})
    with pytest.raises(InvalidFacts):
        AVINAS.trick_winner([Play(card("2H"))], ctx, {})
    with pytest.raises(InvalidFacts):
        AVINAS.trick_winner([Play(card("AH"))], TrickContext(trump=None), {})
    with pytest.raises(InvalidFacts):
        AVINAS.trick_winner([Play(card("AS")), Play(card("KS"), face_down=True)], ctx, {})
    with pytest.raises(InvalidFacts):
        AVINAS.trick_winner([Play(card("AS"), face_down=True)], ctx, {})
    with pytest.raises(DuplicateCard):
        AVINAS.legal_plays([card("AS")], [Play(card("AS"))], ctx, {})
    tables = AVINAS.ranking_tables({})
    assert tables["H"]["H"][:3] == ["QC", "7H", "QS"] and tables["H"]["S"] == ["AS", "10S", "KS", "9S", "8S", "7S"]
    assert len(tables["C"]["C"]) == 14
