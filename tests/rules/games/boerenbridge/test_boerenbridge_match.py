"""Boerenbridge matches through ``apply``: scripted rounds for each phase, table mode, views, options, facts."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from service.matches import codec
from service.rules.actions import Action
from service.rules.cards import DECK_52, Card, Suit, cards
from service.rules.errors import (
    CardAlreadyPlayed,
    CardNotInHand,
    DuplicateCard,
    IllegalBid,
    IllegalPlay,
    InvalidAction,
    InvalidFacts,
    InvalidInput,
    InvalidOption,
    InvalidPlayerCount,
    MatchOver,
    NotYourTurn,
    RuleError,
    TooManyPlays,
    UnknownOption,
    WrongPhase,
)
from service.rules.games.boerenbridge.state import BoerenbridgeState
from service.rules.handmask import cards_of
from service.rules.registry import RULESETS
from service.rules.tricks import Play, TrickContext
from tests.english import english, english_json
from tests.rules.games.boerenbridge.test_boerenbridge_support import B, at_round, bid, options, play

# With DECK_52 in index order and dealer 3, seat s receives cards s, s+4, s+8 ... (one at a time
# from the dealer's left):
#   seat 0: 2C 6C 10C AC 5D 9D KD 4H 8H QH 3S 7S JS
#   seat 1: 3C 7C JC 2D 6D 10D AD 5H 9H KH 4S 8S QS
#   seat 2: 4C 8C QC 3D 7D JD 2H 6H 10H AH 5S 9S KS
#   seat 3: 5C 9C KC 4D 8D QD 3H 7H JH 2S 6S 10S AS


def dealt(scores: tuple[int, ...] = (0, 0, 0, 0), dealer: int = 3, **given: Any) -> BoerenbridgeState:
    return at_round(scores, dealer, given, mode="dealt", deck=DECK_52)


def all_bid(state: BoerenbridgeState, amounts: dict[int, int]) -> BoerenbridgeState:
    while state.phase == "bidding":
        seat = B.to_act(state)[0]
        state = bid(state, seat, amounts[seat])
    return state


def unchanged(state: BoerenbridgeState, action: Action, error: type[RuleError]) -> RuleError:
    before = codec.encode(state)
    with pytest.raises(error) as err:
        B.apply(state, action)
    assert codec.encode(state) == before
    return err.value


def test_registered() -> None:
    assert RULESETS["boerenbridge"] is B
    desc = B.describe()
    names = {o["name"] for o in desc["options"]}
    for name in ("first_dealer_method", "first_dealer_tiebreak", "trump_mode", "no_bid_threshold",
                 "no_bid_comparison", "hook_fallback", "hook_min_hand_size", "bidding_mode", "bid_revision_right",
                 "nil_made_score", "miss_penalty", "overshoot_rule", "simultaneous_100", "max_rounds",
                 "max_rounds_outcome", "hand_size_schedule", "scoring_system", "match_end"):
        assert name in names
    defaults = {o["name"]: o["default"] for o in desc["options"]}
    assert defaults["overshoot_rule"] == "cap"
    assert defaults["bidding_mode"] == "simultaneous" and defaults["no_bid_threshold"] == 80


def test_deal_one_at_a_time_from_the_dealers_left() -> None:
    deck = list(DECK_52)
    deck.reverse()
    for dealer in range(4):
        state = at_round((0, 0, 0, 0), dealer, mode="dealt", deck=deck)
        assert state.hands is not None
        for k in range(52):
            seat = (dealer + 1 + k) % 4
            assert state.hands[seat] >> deck[k].index & 1
        assert [len(cards_of(h)) for h in state.hands] == [13] * 4
        assert state.round is not None and state.round.trump is None and state.round.turn_up is None
        assert B.view(state, 0)["hand"] == [c.text for c in sorted(cards_of(state.hands[0]))]


def test_bad_decks_are_refused() -> None:
    state = B.new_match(options(), 4, 0, "dealt")
    with pytest.raises(InvalidInput):
        B.deal(state, DECK_52[:51])
    with pytest.raises(InvalidInput):
        B.deal(state, (*DECK_52[:51], DECK_52[0]))
    with pytest.raises(InvalidInput):
        B.deal(state, None)
    assert B.deal(state, [c.text for c in DECK_52]).phase == "bidding"  # card texts are read
    table = B.new_match(options(), 4, 0, "table")
    with pytest.raises(InvalidInput):
        B.deal(table, DECK_52)
    with pytest.raises(WrongPhase):
        B.deal(B.deal(state, DECK_52), DECK_52)


def test_sealed_bids_are_hidden_until_revealed() -> None:
    state = dealt()
    assert B.to_act(state) == (0, 1, 2)  # several seats act at once
    state = bid(state, 1, 4)
    assert B.to_act(state) == (0, 2)
    for viewer in (0, 2, 3):
        v = B.view(state, viewer)["bidding"]
        assert v["bids"][1] is None and v["status"][1] == "sealed" and not v["revealed"]
        assert v["forbidden_bid"] is None
    own = B.view(state, 1)["bidding"]
    assert own["bids"][1] == 4 and own["status"][1] == "bid"
    assert B.view(state, None)["bidding"]["bids"][1] == 4
    assert "amount" not in B.public_action(Action("bid", seat=1, amount=4), 0)
    assert B.public_action(Action("bid", seat=1, amount=4), 1)["amount"] == 4
    assert B.public_action(Action("bid", seat=1, amount=4), None)["amount"] == 4
    unchanged(state, Action("bid", seat=1, amount=5), IllegalBid)  # a sealed bid may not change
    unchanged(state, Action("bid", seat=3, amount=5), NotYourTurn)  # the hook player waits
    state = bid(bid(state, 0, 3), 2, 2)
    for viewer in range(4):
        v = B.view(state, viewer)["bidding"]
        assert v["bids"][:3] == [3, 4, 2] and v["revealed"]
        assert v["forbidden_bid"] == 4
    assert B.to_act(state) == (3,)
    err = unchanged(state, Action("bid", seat=3, amount=4), IllegalBid)
    assert err.code == "bid_forbidden_by_hook"
    assert {"type": "bid", "seat": 3, "amount": 5} in (err.legal or [])


def test_a_full_scripted_round() -> None:
    state = all_bid(dealt(), {0: 3, 1: 3, 2: 3, 3: 3})
    err = unchanged(state, Action("play", seat=3, card=Card.parse("2S")), NotYourTurn)
    assert err.code == "not_your_turn"
    err = unchanged(state, Action("play", seat=0, card=Card.parse("3C")), CardNotInHand)
    assert err.code == "card_not_in_hand" and "QH" in (err.legal or [])
    state = play(state, 0, "QH")
    state = play(state, 1, "KH")
    state = play(state, 2, "AH")
    err = unchanged(state, Action("play", seat=3, card=Card.parse("2S")), IllegalPlay)
    assert err.legal == ["3H", "7H", "JH"]
    state = play(state, 3, "JH")
    assert state.done[-1].winner == 2 and state.tricks_won == (0, 0, 1, 0)
    assert B.to_act(state) == (2,)
    view = B.view(state, 0)
    assert view["tricks"][0]["winner"] == 2 and view["trick"]["number"] == 2
    assert view["cards_left"] == [12, 12, 12, 12]
    unchanged(state, Action("bid", seat=3, amount=2), IllegalBid)  # frozen from the opening lead
    # seat 2 leads spades: 5S; seat 3 must follow with spades
    state = play(state, 2, "KS")
    state = play(state, 3, "AS")
    state = play(state, 0, "JS")
    state = play(state, 1, "QS")
    assert state.done[-1].winner == 3
    # play the rest with the first legal card each time
    while state.phase == "play":
        (seat,) = B.to_act(state)
        state = B.apply(state, B.legal_actions(state, seat)[0])
    assert state.phase == "deal" and B.needs_deal(state)
    record = state.match.history[-1]
    assert sum(record.tricks) == 13 and record.bids == (3, 3, 3, 3)
    assert state.match.next_dealer == 0 and B.view(state, 1)["dealer"] == 0
    assert record.points == tuple(t + 10 if t == 3 else t for t in record.tricks)
    assert state.match.scores == record.points


def test_non_bidders_do_not_bid_but_score_tricks() -> None:
    state = dealt((85, 0, 80, 79))
    assert state.round is not None and state.round.active == (False, True, False, True)
    assert B.to_act(state) == (1,)
    err = unchanged(state, Action("bid", seat=0, amount=1), IllegalBid)
    assert err.code == "not_a_bidder"
    state = bid(state, 1, 2)
    assert B.to_act(state) == (3,)
    assert 11 not in {a.amount for a in B.legal_actions(state, 3)}
    state = bid(state, 3, 0)
    while state.phase == "play":
        seat = B.to_act(state)[0]
        state = B.apply(state, B.legal_actions(state, seat)[0])
    record = state.match.history[-1]
    assert record.bids == (None, 2, None, 0)
    assert record.points[0] == record.tricks[0] and record.points[2] == record.tricks[2]
    assert (state.match.scores[0] == 100) == (85 + record.tricks[0] >= 100)  # capped


def test_everyone_at_80_or_more_skips_bidding() -> None:
    state = dealt((80, 90, 85, 99))
    assert state.phase == "play" and B.to_act(state) == (0,)


def test_gt_comparison_and_no_threshold() -> None:
    assert dealt((80, 0, 0, 0), no_bid_comparison="gt").round.active[0]  # type: ignore[union-attr]
    assert not dealt((81, 0, 0, 0), no_bid_comparison="gt").round.active[0]  # type: ignore[union-attr]
    assert all(dealt((99, 95, 90, 85), no_bid_threshold=None).round.active)  # type: ignore[union-attr]


def test_revision_rights() -> None:
    base = {0: 3, 1: 4, 2: 2}
    # dealer_only: the right exists only when the dealer himself is the hook player
    state = all_bid(dealt(bid_revision_right="dealer_only"), {**base, 3: 5})
    assert state.round is not None and state.round.reviser == 3
    state = dealt((0, 0, 0, 85), bid_revision_right="dealer_only")
    assert state.round is not None and state.round.hook == 2 and state.round.reviser is None
    state = all_bid(dealt(bid_revision_right="none"), {**base, 3: 5})
    assert B.to_act(state) == (0,)
    unchanged(state, Action("bid", seat=3, amount=6), IllegalBid)
    # hook_player (default) follows the hook
    state = dealt((0, 0, 0, 85))
    assert state.round is not None and state.round.reviser == 2
    state = all_bid(state, {0: 4, 1: 5, 2: 0})
    assert set(B.to_act(state)) == {0, 2}
    assert 4 not in {a.amount for a in B.legal_actions(state, 2) if a.type == "bid"}
    state = bid(state, 2, 6)
    assert state.bids == (4, 5, 6, None) and B.view(state, 1)["bidding"]["revision_open"]


def test_hook_min_hand_size() -> None:
    given = {"hand_size_schedule": [3, 4], "hook_min_hand_size": 4, "trump_mode": "turn_up"}
    state = dealt(**given)
    assert state.round is not None and state.round.hand_size == 3 and not state.round.hook_rule
    state = all_bid(state, {0: 1, 1: 1, 2: 0, 3: 1})  # adds up to 3: allowed below the minimum
    assert state.phase == "play"
    while state.phase == "play":
        state = B.apply(state, B.legal_actions(state, B.to_act(state)[0])[0])
    deck = list(DECK_52)
    state = B.deal(state, deck)
    assert state.round is not None and state.round.hand_size == 4 and state.round.hook_rule


def test_hook_fallback_and_sequential_bidding() -> None:
    state = dealt((0, 85, 0, 85), bidding_mode="sequential")
    assert state.round is not None and state.round.hook == 2
    assert B.to_act(state) == (0,)
    state = bid(state, 0, 6)
    assert B.to_act(state) == (2,) and 7 not in {a.amount for a in B.legal_actions(state, 2)}
    assert B.view(state, 3)["bidding"]["bids"][0] == 6  # sequential bids are public


def test_turn_up_and_fixed_trumps() -> None:
    state = dealt(hand_size_schedule=[5], trump_mode="turn_up")
    assert state.round is not None and state.round.turn_up is DECK_52[20]
    assert state.round.trump is DECK_52[20].suit
    assert all(not h >> DECK_52[20].index & 1 for h in state.hands or ())
    assert B.view(state, 1)["turn_up"] == DECK_52[20].text and B.view(state, 1)["trump"] == "D"
    spades = dealt(trump_mode="fixed_spades")
    assert spades.round is not None and spades.round.trump is Suit.SPADES
    state = all_bid(spades, {0: 3, 1: 3, 2: 3, 3: 3})
    for seat, card in ((0, "QH"), (1, "KH"), (2, "AH"), (3, "JH")):
        state = play(state, seat, card)
    assert state.done[-1].winner == 2
    tables = B.ranking_tables(options(trump_mode="turn_up"))
    assert set(tables) == {"none", "C", "D", "H", "S"}
    assert tables["none"]["suits"]["H"][0] == "AH" and tables["none"]["suits"]["H"][-1] == "2H"
    assert set(B.ranking_tables(options())) == {"none"}
    assert set(B.ranking_tables(options(trump_mode="fixed_spades"))) == {"S"}


def test_highest_bidder_names_trumps() -> None:
    state = all_bid(dealt(trump_mode="highest_bidder_chooses"), {0: 5, 1: 2, 2: 5, 3: 0})
    assert state.phase == "trump" and state.round is not None
    assert state.round.trump_chooser == 0  # 0 and 2 tie: 0 is first from the dealer's left
    assert set(B.to_act(state)) == {0, 3}
    unchanged(state, Action("name_trump", seat=2, suit=Suit.HEARTS), NotYourTurn)
    unchanged(state, Action("play", seat=0, card=Card.parse("QH")), WrongPhase)
    state = B.apply(state, Action("name_trump", seat=0, suit=Suit.CLUBS))
    assert state.phase == "play" and state.round is not None and state.round.trump is Suit.CLUBS
    state = play(state, 0, "QH")
    state = play(state, 1, "KH")
    state = play(state, 2, "AH")
    state = play(state, 3, "JH")
    assert state.done[-1].winner == 2


def test_round_result_in_table_mode() -> None:
    state = at_round((0, 0, 0, 0), 3)
    assert B.view(state, None)["round_result_allowed"]
    bad = {"bids": [3, 4, 2, 4], "tricks": [3, 4, 2, 4]}
    err = unchanged(state, Action("round_result", result=bad), InvalidFacts)
    assert err.code == "bid_forbidden_by_hook"
    err = unchanged(state, Action("round_result", result={"bids": [3, 4, 2, 5], "tricks": [3, 4, 2, 5]}),
                    InvalidFacts)
    assert err.code == "tricks_do_not_add_up"
    state = bid(state, 0, 3)
    err = unchanged(state, Action("round_result", result={"bids": [2, 4, 2, 4], "tricks": [3, 4, 2, 4]}),
                    InvalidFacts)
    assert err.code == "bid_mismatch"
    state = B.apply(state, Action("round_result", result={"bids": [3, 4, 2, 5], "tricks": [3, 4, 2, 4]}))
    record = state.match.history[-1]
    assert record.reported and record.points == (13, 14, 12, 4) and state.match.scores == (13, 14, 12, 4)
    dealt_state = dealt()
    err = unchanged(dealt_state, Action("round_result", result={"bids": [3, 4, 2, 5], "tricks": [3, 4, 2, 4]}),
                    WrongPhase)
    assert err.code == "not_table_mode"


def test_table_mode_plays_turn_up_and_cards_seen_twice() -> None:
    state = at_round((0, 0, 0, 0), 3, {"hand_size_schedule": [2], "trump_mode": "turn_up"})
    assert state.phase == "turn_up" and B.to_act(state) == (3,)
    unchanged(state, Action("bid", seat=0, amount=1), WrongPhase)
    state = B.apply(state, Action("turn_up", seat=3, card=Card.parse("7D")))
    assert state.round is not None and state.round.trump is Suit.DIAMONDS and state.phase == "bidding"
    state = all_bid(state, {0: 1, 1: 0, 2: 0, 3: 0})
    assert len(B.legal_actions(state, 0)) == 51  # every unseen card
    err = unchanged(state, Action("play", seat=0, card=Card.parse("7D")), CardAlreadyPlayed)
    assert err.code == "card_already_played" and "7D" not in (err.legal or [])
    state = play(state, 0, "AH")
    unchanged(state, Action("play", seat=1, card=Card.parse("AH")), CardAlreadyPlayed)
    state = play(state, 1, "2D")  # a trump
    state = play(state, 2, "KH")
    state = play(state, 3, "3H")
    assert state.done[-1].winner == 1
    assert B.view(state, None)["hand"] is None and B.view(state, 2)["hand"] is None
    unchanged(state, Action("round_result", result={"bids": [1, 0, 0, 0], "tricks": [1, 1, 0, 0]}), WrongPhase)


def test_revoke_flagged_as_soon_as_provable() -> None:
    state = at_round((0, 0, 0, 0), 3, {"hand_size_schedule": [3], "trump_mode": "none"})
    state = all_bid(state, {0: 1, 1: 1, 2: 0, 3: 0})
    for seat, card in ((0, "AH"), (1, "2C"), (2, "3H"), (3, "4H")):  # seat 1 shows no heart
        state = play(state, seat, card)
    assert B.view(state, None)["revokes"] == []
    for seat, card in ((0, "KS"), (1, "5H")):  # seat 1 plays a heart: the revoke is proven
        state = play(state, seat, card)
    revokes = B.view(state, None)["revokes"]
    assert english_json(revokes) == [{"seat": 1, "trick": 1, "card": "2C", "code": "must_follow_suit",
                                      "rule": "must follow hearts, the suit led", "ruling": None}]
    assert B.view(state, 3)["revokes"] == revokes
    for seat, card in ((2, "2S"), (3, "3S")):
        state = play(state, seat, card)
    while state.phase == "play":
        seat = B.to_act(state)[0]
        state = B.apply(state, B.legal_actions(state, seat)[0])
    assert [r.seat for r in state.match.history[-1].revokes] == [1]


def test_revoke_flagged_only_at_round_end() -> None:
    state = at_round((0, 0, 0, 0), 3, {"hand_size_schedule": [2], "trump_mode": "none"})
    state = all_bid(state, {0: 1, 1: 0, 2: 0, 3: 0})
    for seat, card in ((0, "AH"), (1, "3H"), (2, "4H"), (3, "2C")):  # seat 3 shows no heart
        state = play(state, seat, card)
    for seat, card in ((0, "KS"), (1, "2S"), (2, "3S")):
        state = play(state, seat, card)
    assert B.view(state, None)["revokes"] == []  # seat 3 may still be void in hearts
    state = play(state, 3, "5H")  # the round's last card proves it
    assert state.phase == "deal"
    assert [(r.seat, r.trick, r.card.text, r.code) for r in state.match.history[-1].revokes] == [
        (3, 1, "2C", "must_follow_suit")]
    assert B.view(state, None)["history"][-1]["revokes"][0]["seat"] == 3
    # a seat that never shows the suit is not flagged
    state = at_round((0, 0, 0, 0), 3, {"hand_size_schedule": [2], "trump_mode": "none"})
    state = all_bid(state, {0: 1, 1: 0, 2: 0, 3: 0})
    for seat, card in ((0, "AH"), (1, "3H"), (2, "4H"), (3, "2C"), (0, "KS"), (1, "2S"), (2, "3S"), (3, "5D")):
        state = play(state, seat, card)
    assert state.match.history[-1].revokes == ()


def test_end_of_match_and_after() -> None:
    state = at_round((95, 0, 0, 0), 3)
    state = B.apply(state, Action("round_result", result={"bids": [None, 4, 2, 5], "tricks": [10, 1, 1, 1]}))
    assert B.status(state) == "finished" and state.match.result == "won" and state.match.winners == (0,)
    assert state.match.scores[0] == 100
    view = B.view(state, 2)
    assert view["status"] == "finished" and view["winners"] == [0] and view["to_act"] == []
    assert view["legal_actions"] == []
    unchanged(state, Action("bid", seat=1, amount=3), MatchOver)
    with pytest.raises(MatchOver):
        B.deal(state, DECK_52)
    # joint winners
    state = at_round((95, 96, 0, 0), 3)
    state = B.apply(state, Action("round_result", result={"bids": [None, None, 2, 0], "tricks": [5, 4, 4, 0]}))
    assert state.match.result == "joint_win" and state.match.winners == (0, 1)
    # play_on: the match goes on while two are at 100
    state = at_round((95, 96, 0, 0), 3, {"simultaneous_100": "play_on", "overshoot_rule": "bounce"})
    state = B.apply(state, Action("round_result", result={"bids": [None, None, 2, 0], "tricks": [5, 4, 4, 0]}))
    assert B.needs_deal(state) and state.match.scores[:2] == (100, 100)
    state = B.deal(state, None)
    assert state.round is not None and state.round.active == (False, False, True, True)


def test_max_rounds_and_fixed_rounds() -> None:
    state = B.new_match(options(max_rounds=1), 4, 0, "table")
    state = B.deal(state, None)
    state = all_bid(state, {1: 0, 2: 0, 3: 0, 0: 0})
    state = B.apply(state, Action("round_result", result={"bids": [0, 0, 0, 0], "tricks": [13, 0, 0, 0]}))
    assert state.match.result == "no_winner" and state.match.winners == ()
    given = options(match_end="fixed_rounds_highest", hand_size_schedule="down", scoring_system="nl_10_2")
    assert given["no_bid_threshold"] is None and given["nil_made_score"] == 10
    state = B.new_match(given, 5, 0, "dealt")
    rounds = 0
    while B.status(state) != "finished":
        state = B.deal(state, DECK_52)
        while state.phase not in ("deal", "finished"):
            state = B.apply(state, B.legal_actions(state, B.to_act(state)[0])[0])
        rounds += 1
    assert rounds == 10 and state.match.result == "highest_score"
    top = max(state.match.scores)
    assert state.match.winners == tuple(i for i, s in enumerate(state.match.scores) if s == top)


def test_abandon_and_unknown_actions() -> None:
    state = dealt()
    err = unchanged(state, Action("knock", seat=0), InvalidAction)
    assert "bid" in (err.legal or [])
    unchanged(state, Action("bid", seat=9, amount=1), InvalidAction)
    unchanged(state, Action("bid", seat=0), InvalidAction)
    unchanged(state, Action("name_trump", seat=0, suit=Suit.CLUBS), WrongPhase)
    unchanged(state, Action("turn_up", seat=3, card=Card.parse("2C")), WrongPhase)
    done = B.apply(state, Action("abandon"))
    assert B.status(done) == "finished" and done.match.result == "abandoned" and done.match.winners == ()
    pending = B.new_match(options(), 4, 0, "dealt")
    unchanged(pending, Action("bid", seat=1, amount=1), WrongPhase)


def test_options_are_checked() -> None:
    with pytest.raises(UnknownOption):
        options(overshoot="cap")
    for bad in ({"overshoot_rule": "wrap"}, {"nil_made_score": 51}, {"nil_made_score": -1},
                {"nil_made_score": 15.5}, {"nil_made_score": "15"}, {"nil_made_score": True},
                {"hand_size_schedule": [0]},
                {"hand_size_schedule": "pyramid"}, {"max_rounds": 0}, {"no_bid_threshold": "80"},
                {"miss_penalty": "minus_1_per_trick_off", "scoring_system": "nl_10_2"},
                {"match_end": "fixed_rounds_highest"},
                {"simultaneous_100": "play_on"}):
        with pytest.raises(InvalidOption):
            options(**bad)
    for value in (0, 5, 15, 50):  # §15.2: any integer 0-50 (once only 20, 10, 30)
        assert options(nil_made_score=value)["nil_made_score"] == value
    for value in (51, -1, 15.5):
        with pytest.raises(InvalidOption) as err:
            options(nil_made_score=value)
        assert err.value.option == "nil_made_score" and "0" in english(err.value.message)
        assert "50" in english(err.value.message)
    assert options(simultaneous_100="play_on", max_rounds=30)["simultaneous_100"] == "play_on"
    assert options(hand_size_schedule=[1, 2, 3])["hand_size_schedule"] == (1, 2, 3)
    with pytest.raises(InvalidPlayerCount):
        B.new_match(options(), 5, 0, "dealt")
    with pytest.raises(InvalidOption):
        B.new_match(options(hand_size_schedule=[11]), 5, 0, "dealt")
    with pytest.raises(InvalidInput):
        B.new_match(options(), 4, 4, "dealt")
    assert B.new_match(options(hand_size_schedule="up_down"), 7, 6, "dealt").match.players == 7


def test_score_endpoint_facts_are_validated() -> None:
    ok = {"bids": [3, 4, 2, 5], "tricks": [3, 4, 2, 4], "scores": [0, 0, 0, 0]}
    out = B.score_round(ok, options())
    assert out.points == (13, 14, 12, 4) and not out.match_over and out.explanation
    assert out.to_json()["hand_size"] == 13
    assert B.score_round({"bids": [3, 4, 2, 5], "tricks": [3, 4, 2, 4]}, options()).scores == out.scores
    cases: list[tuple[Any, type[RuleError], str | None]] = [
        ([], InvalidInput, None),
        ({"bids": [3, 4, 2, 5]}, InvalidInput, None),
        ({**ok, "extra": 1}, InvalidInput, None),
        ({**ok, "bids": [3, 4, 2.5, 5]}, InvalidInput, None),
        ({**ok, "bids": [3, 4, "2", 5]}, InvalidInput, None),
        ({**ok, "tricks": [3, 4, True, 4]}, InvalidInput, None),
        ({**ok, "tricks": [3, 4, 2, 5]}, InvalidFacts, "tricks_do_not_add_up"),
        ({**ok, "tricks": [3, 4, 7, -1]}, InvalidFacts, "invalid_facts"),  # out of its range, as in every game
        ({**ok, "bids": [3, 4, 2, 4]}, InvalidFacts, "bid_forbidden_by_hook"),
        ({**ok, "bids": [3, 4, 2, None]}, InvalidFacts, "missing_bid"),
        ({**ok, "scores": [0, 0, 0, 85]}, InvalidFacts, "non_bidder_bid"),
        ({**ok, "scores": [0, 0, 0, 101]}, InvalidFacts, "score_over_100"),
        ({**ok, "bids": [3, 4, 2, 14]}, InvalidFacts, "bid_out_of_range"),
        ({**ok, "hand_size": 12}, InvalidFacts, "hand_size_mismatch"),
        ({**ok, "bids": [3, 4, 2], "tricks": [3, 4, 6]}, RuleError, None),
        ({**ok, "tricks": [3, 4, 6]}, InvalidFacts, "wrong_seat_count"),
    ]
    for facts, error, code in cases:
        with pytest.raises(error) as err:
            B.score_round(facts, options())
        if code:
            assert err.value.code == code, facts
    # a varying schedule needs the hand size (or the round's number)
    pyramid = options(hand_size_schedule="up_down", trump_mode="turn_up")
    short = {"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 1]}
    with pytest.raises(InvalidFacts):
        B.score_round(short, pyramid)
    assert B.score_round({**short, "hand_size": 2}, pyramid).points == (11, 20, 20, 1)
    assert B.score_round({**short, "round": 2}, pyramid).points == (11, 20, 20, 1)
    with pytest.raises(InvalidFacts):
        B.score_round({**short, "round": 3}, pyramid)
    # with the dealer known, the hook player is exact; without a hook (fallback none) the sum is free
    free = {"bids": [4, 5, 4, None], "tricks": [4, 5, 4, 0], "scores": [0, 0, 0, 85], "dealer": 3}
    with pytest.raises(InvalidFacts):
        B.score_round(free, options())
    assert B.score_round(free, options(hook_fallback="none")).points == (14, 15, 14, 0)


def test_overshoot_and_miss_rules() -> None:
    facts = {"bids": [None, 0, 0, 1], "tricks": [10, 1, 1, 1], "scores": [95, 0, 0, 0]}
    assert B.score_round(facts, options()).scores[0] == 100
    assert B.score_round(facts, options(overshoot_rule="bounce")).scores[0] == 95
    assert B.score_round(facts, options(overshoot_rule="subtract_from_previous")).scores[0] == 90
    assert B.score_round(facts, options(overshoot_rule="bust")).scores[0] == 95
    miss = {"bids": [5, 0, 0, 1], "tricks": [2, 5, 5, 1], "scores": [0, 0, 0, 0]}
    assert B.score_round(miss, options(miss_penalty="minus_1_per_trick_off")).points == (-3, -5, -5, 11)
    assert B.score_round(miss, options(scoring_system="vlaams_10_3")).points == (0, 0, 0, 13)
    assert B.score_round(miss, options(scoring_system="nederlands_10_3")).points == (-9, -15, -15, 13)
    assert B.score_round(miss, options(nil_made_score=30)).points == (2, 5, 5, 11)
    nil = {"bids": [0, 0, 0, 1], "tricks": [0, 6, 6, 1], "scores": [0, 0, 0, 0]}
    assert B.score_round(nil, options(nil_made_score=30)).points[0] == 30
    assert B.score_round(nil, options(scoring_system="oh_hell")).points[0] == 10


def test_stateless_trick_questions_validate_their_facts() -> None:
    ctx = TrickContext()
    o = options()
    with pytest.raises(DuplicateCard):
        B.trick_winner([Play(c) for c in cards("AH AH")], ctx, o)
    with pytest.raises(TooManyPlays):
        B.trick_winner([Play(c) for c in cards("AH KH QH JH 10H")], ctx, o)
    with pytest.raises(InvalidFacts):
        B.trick_winner([], ctx, o)
    with pytest.raises(InvalidFacts):
        B.trick_winner([Play(Card.parse("AH"), face_down=True)], ctx, o)
    with pytest.raises(InvalidFacts) as err:
        B.trick_winner([Play(c) for c in cards("AH 2S")], TrickContext(trump=Suit.SPADES), o)
    assert err.value.code == "no_trump_game"
    assert B.trick_winner([Play(c) for c in cards("AH 2S")], TrickContext(),
                          options(trump_mode="fixed_spades")).winner == 1
    five = options(hand_size_schedule="up_down")
    assert B.trick_winner([Play(c) for c in cards("2H KH QH JH 10H")], ctx, five).winner == 1
    with pytest.raises(InvalidFacts):
        B.legal_plays(cards("AH KH"), [Play(Card.parse("AH"))], ctx, o)
    with pytest.raises(DuplicateCard):
        B.legal_plays(cards("AH AH"), [], ctx, o)
    with pytest.raises(InvalidFacts):
        B.legal_plays((), [], ctx, o)
    with pytest.raises(TooManyPlays):
        B.legal_plays(cards("2C"), [Play(c) for c in cards("AH KH QH JH")], ctx, o)
    out = B.trick_winner([Play(c) for c in cards("5C 3H 7H AC")], TrickContext(trump=Suit.HEARTS),
                         options(trump_mode="turn_up"))
    assert out.card.text == "7H" and "trump" in english(out.reason)


def test_views_hold_the_required_keys_and_round_trip() -> None:
    state = all_bid(dealt(), {0: 3, 1: 3, 2: 3, 3: 3})
    state = play(state, 0, "QH")
    for seat in (None, 0, 1, 2, 3):
        view = B.view(state, seat)
        for key in ("phase", "dealer", "to_act", "scores", "winners", "status", "hand", "legal_actions",
                    "trump", "trick", "tricks", "bidding", "history", "mode", "players", "options"):
            assert key in view
    assert B.view(state, None)["hands"][0] == [c.text for c in sorted(cards("2C 6C 10C AC 5D 9D KD 4H 8H 3S 7S JS"))]
    assert B.view(state, 1)["legal_actions"] == [{"type": "play", "seat": 1, "card": c} for c in ("5H", "9H", "KH")]
    data = codec.encode(state)
    assert codec.decode(B.state_type, data) == state
    table = at_round((0, 0, 0, 0), 0, {"trump_mode": "turn_up", "hand_size_schedule": "up_down"})
    assert codec.decode(B.state_type, codec.encode(table)) == table
    fresh = B.new_match(options(hand_size_schedule=[3, 2]), 4, 1, "dealt")
    assert codec.decode(B.state_type, codec.encode(fresh)) == fresh
    assert dataclasses.replace(fresh) == fresh


def _card_texts(value: Any) -> set[str]:
    """Every card text among the strings of a JSON-shaped value."""
    texts = {c.text for c in DECK_52}
    if isinstance(value, str):
        return {value} & texts
    if isinstance(value, dict):
        return set().union(*map(_card_texts, value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*map(_card_texts, value)) if value else set()
    return set()


def _public_cards(state: BoerenbridgeState) -> set[str]:
    """The cards a table shows: those played this round (and the last round's, in its revokes) and the turn-up."""
    shown = {c.text for c in state.trick} | {c.text for t in state.done for c in t.cards}
    if state.round is not None and state.round.turn_up is not None:
        shown.add(state.round.turn_up.text)
    for record in state.match.history:
        shown |= _card_texts([v.to_json() for v in record.revokes])
    return shown


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("given", [{}, {"trump_mode": "turn_up", "hand_size_schedule": "up_down"}])
def test_a_spectator_sees_no_hand_no_hidden_card_and_no_legal_actions(mode: str, given: dict[str, Any]) -> None:
    import random

    from service.rules.ruleset import SPECTATOR

    rng = random.Random(13)
    state = B.new_match(options(**given), 4, 0, mode)
    sealed_seen = False
    for _ in range(400):  # several rounds: the first ones of the schedule
        if B.status(state) == "finished":
            break
        if B.needs_deal(state):
            deck = list(DECK_52)
            rng.shuffle(deck)
            state = B.deal(state, deck if mode == "dealt" else None)
        view = B.view(state, SPECTATOR)
        assert view["hand"] is None and "hands" not in view
        assert view["legal_actions"] == []
        assert _card_texts(view) <= _public_cards(state)
        r = state.round
        if r is not None and state.phase == "bidding":
            shown = view["bidding"]
            for seat, amount in enumerate(state.bids):
                if amount is not None and not shown["revealed"] and seat != r.hook:
                    assert shown["bids"][seat] is None and shown["status"][seat] == "sealed"
                    sealed_seen = True
        seats = B.to_act(state)
        seat = rng.choice(seats)
        action = rng.choice(B.legal_actions(state, seat))
        if action.type == "bid" and state.phase == "bidding":
            assert "amount" not in B.public_action(action, SPECTATOR)
        state = B.apply(state, action)
    assert sealed_seen and state.match.history  # a sealed bid was hidden, and a round was finished
