"""Scripted hands for each phase (dealt and table mode), the options catalogue read from the spec,
input validation of the stateless questions, errors, codec round-trips."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from service.api.problems import status_of
from service.matches.codec import decode, encode
from service.rules.actions import Action
from service.rules.cards import DECK_52, Card, Suit, card
from service.rules.errors import (
    CardAlreadyPlayed,
    DuplicateCard,
    IllegalAction,
    IllegalBid,
    IllegalPlay,
    InvalidAction,
    InvalidCard,
    InvalidFacts,
    InvalidInput,
    InvalidOption,
    MatchOver,
    NotYourTurn,
    RuleError,
    TooManyPlays,
    UnknownOption,
    WrongPhase,
)
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.games.forty_fives.state import (
    AUCTION,
    DEAL,
    DEALER_DRAW,
    DEALER_ROB,
    DISCARD,
    NAME_TRUMP,
    PLAY,
    TURN_UP,
    FortyFivesState,
)
from service.rules.games.forty_fives.view import record_json
from service.rules.registry import RULESETS as REGISTRY
from service.rules.tricks import Play, TrickContext
from tests.english import english, english_json
from tests.rules.games.forty_fives.test_forty_fives_helpers import (
    RULESETS,
    deck_dealing,
    hand_of,
    legal_cards,
    play,
    with_scores,
)
from tests.spec_tables import vectors

FF, AF = FORTY_FIVES, AUCTION_FORTY_FIVES


def ctx(trump: str, demoted: str | None = None) -> TrickContext:
    return TrickContext(Suit.parse(trump), 1, card(demoted) if demoted else None)


def plays(text: str) -> list[Play]:
    return [Play(card(t)) for t in text.split()]


def hand(text: str) -> list[Card]:
    return [card(t) for t in text.split()]


def dealt(ruleset: Any, n: int, dealer: int, deck: list[Card], **options: Any) -> FortyFivesState:
    state = ruleset.new_match(ruleset.validate_options({**options, "players": n}), n, dealer, "dealt")
    return ruleset.deal(state, deck)


def table(ruleset: Any, n: int, dealer: int, **options: Any) -> FortyFivesState:
    state = ruleset.new_match(ruleset.validate_options({**options, "players": n}), n, dealer, "table")
    return ruleset.deal(state, None)


def first_legal(ruleset: Any, state: FortyFivesState) -> FortyFivesState:
    seat = ruleset.to_act(state)[0]
    return ruleset.apply(state, ruleset.legal_actions(state, seat)[0])


def roundtrip(state: FortyFivesState) -> None:
    data = json.loads(json.dumps(encode(state)))
    assert decode(FortyFivesState, data) == state


# ------------------------------------------------------------------------------------------------
# Registry and the options catalogue (§5), read from the spec
# ------------------------------------------------------------------------------------------------


def test_registered() -> None:
    assert REGISTRY["forty_fives"] is FF and REGISTRY["auction_forty_fives"] is AF
    assert FF.describe()["players"] == {
        "allowed": [2, 3, 4, 5, 6], "default": 3, "with_default_options": [2, 3, 4, 5, 6], "needs": {}
    }
    assert AF.describe()["players"] == {"allowed": [4, 6], "default": 4, "with_default_options": [4, 6], "needs": {}}
    assert AF.teams(6) == ((0, 2, 4), (1, 3, 5)) and FF.teams(3) is None


def _literal(text: str) -> Any:
    text = text.strip()
    if text.startswith('"'):
        return text.strip('"')
    return json.loads(text)


def _catalogue() -> list[tuple[str, str, str]]:
    """(option, game/mode profile, default) for every default the §5 table states."""
    out = []
    for row in vectors("forty-fives.md", "5. Options catalogue"):
        name = row["option"].strip("`")
        values = row["values (default **bold**; per game where they differ)"]
        applies = row["applies to"]
        if applies in ("both", "all"):
            scope = ["ff", "turn_up", "bidding"]
        elif applies == "forty_fives":
            scope = ["ff"]
        elif applies == "auction":
            scope = ["turn_up", "bidding"]
        elif applies == "turn-up games":
            scope = ["ff", "turn_up"]
        elif applies == "auction turn-up":
            scope = ["turn_up"]
        else:
            assert applies == "bidding", applies
            scope = ["bidding"]
        for segment in values.split(";"):
            m = re.search(r"\*\*(.+?)\*\*", segment)
            if not m:
                continue
            words = segment[:m.start()]
            if "forty_fives and bidding" in words:
                targets = ["ff", "bidding"]
            elif "forty_fives" in words:
                targets = ["ff"]
            elif "turn-up" in words:
                targets = ["turn_up"]
            elif "bidding" in words:
                targets = ["bidding"]
            elif "auction" in words:
                targets = ["turn_up", "bidding"]
            else:
                targets = scope
            out += [(name, t, m.group(1)) for t in targets if t in scope]
    return out


def test_options_catalogue_defaults() -> None:
    rows = _catalogue()
    assert len({r[0] for r in rows}) == len(vectors("forty-fives.md", "5. Options catalogue"))
    for name, target, default in rows:
        if name == "trump_selection" and target == "bidding":
            continue  # the bidding profile is this option's other value
        ruleset = FF if target == "ff" else AF
        given = {"trump_selection": "bidding"} if target == "bidding" else {}
        assert name in {s.name for s in ruleset.option_specs}, (name, target)
        assert ruleset.validate_options(given)[name] == (
            tuple(_literal(default)) if default.startswith("[") else _literal(default)), (name, target)


def test_option_validation() -> None:
    with pytest.raises(UnknownOption):
        FF.validate_options({"trump_selection": "bidding"})
    with pytest.raises(InvalidOption):
        FF.validate_options({"players": 7})
    with pytest.raises(InvalidOption):
        AF.validate_options({"players": 5})
    with pytest.raises(InvalidOption):
        AF.validate_options({"bid_values": [15, 15, 20]})
    with pytest.raises(InvalidOption):
        AF.validate_options({"bid_values": [15, 22]})
    with pytest.raises(InvalidOption):
        AF.validate_options({"kitty_size": 2})
    with pytest.raises(InvalidOption):
        AF.validate_options({"bid_values": [5, 10], "min_bid_at_100": 20})
    with pytest.raises(InvalidOption):
        AF.validate_options({"target_score": 2.5})
    opts = AF.validate_options({"trump_selection": "bidding", "target_score": 150})
    assert opts["target_score"] == 150 and opts["highest_trump_bonus"] == "highest_trump_played"
    with pytest.raises(InvalidOption):
        FF.new_match(FF.validate_options({"players": 5}), 3, 0, "dealt")
    with pytest.raises(RuleError):
        FF.new_match({}, 7, 0, "dealt")
    with pytest.raises(InvalidInput):
        FF.new_match({}, 3, 3, "dealt")
    with pytest.raises(InvalidInput):
        FF.new_match({}, 3, 0, "online")


def test_ranking_tables_follow_plain_ace_option() -> None:
    tables = FF.ranking_tables(FF.validate_options({"plain_ace_rank": "high"}))
    assert tables["H"]["D"][0] == "AD" and tables["H"]["C"][:2] == ["AC", "KC"]
    assert tables["C"]["H"][0] == "KH" and "AH" in tables["C"]["C"]


# ------------------------------------------------------------------------------------------------
# Stateless questions: input checks and reasons
# ------------------------------------------------------------------------------------------------


def test_trick_winner_checks() -> None:
    o = FF.validate_options({})
    with pytest.raises(InvalidFacts):
        FF.trick_winner(plays("KH 2H"), TrickContext(None), o)
    with pytest.raises(DuplicateCard):
        FF.trick_winner(plays("KH KH"), ctx("S"), o)
    with pytest.raises(TooManyPlays):
        FF.trick_winner(plays("2C 3C 4C 5C 6C 7C 8C"), ctx("S"), o)
    with pytest.raises(InvalidFacts):
        FF.trick_winner([Play(card("KH"), face_down=True)], ctx("S"), o)
    with pytest.raises(InvalidFacts):
        FF.trick_winner([], ctx("S"), o)
    with pytest.raises(InvalidFacts):  # the unrobbed-ace rule does not apply under keeps_rank
        FF.trick_winner(plays("2D AD"), ctx("D", "AD"), o)
    a = AF.validate_options({})
    with pytest.raises(InvalidFacts):  # only the ace of trumps can be demoted
        AF.trick_winner(plays("2D AD"), ctx("D", "AS"), a)
    with pytest.raises(InvalidFacts):  # bidding mode has no demotion
        AF.trick_winner(plays("2D AD"), ctx("D", "AD"), AF.validate_options({"trump_selection": "bidding"}))
    out = FF.trick_winner(plays("KD AH 5C"), ctx("C"), o)
    assert out.winner == 2 and "top trump" in english(out.reason)
    assert "no trump" in english(FF.trick_winner(plays("KH 2H"), ctx("S"), o).reason)
    assert FF.trick_winner(plays("10S 2S AS"), TrickContext("H"), o).winner == 2  # type: ignore[arg-type]


def test_legal_plays_checks_and_reasons() -> None:
    o = FF.validate_options({})
    with pytest.raises(DuplicateCard):
        FF.legal_plays(hand("KH 2C"), plays("KH"), ctx("D"), o)
    with pytest.raises(InvalidFacts):
        FF.legal_plays([], plays("KH"), ctx("D"), o)
    with pytest.raises(InvalidFacts):
        FF.legal_plays(hand("2C 3C 4C 5C 6C 7C"), [], ctx("D"), o)
    with pytest.raises(TooManyPlays):
        FF.legal_plays(hand("2C"), plays("3C 4C 5C 6C 7C 8C"), ctx("D"), o)
    v = FF.legal_plays(hand("KH 7D 2C"), plays("9H"), ctx("D"), o)
    assert v.code == "must_follow_suit_or_trump" and "hearts or play a trump" in english(v.rule)
    v = FF.legal_plays(hand("7D KH 2C"), plays("QD"), ctx("D"), o)
    assert v.code == "must_play_trump" and "7D" in english(v.rule)
    v = FF.legal_plays(hand("5D KH 2C"), plays("QD"), ctx("D"), o)
    assert v.code == "no_constraint" and "renege" in english(v.rule)
    v = FF.legal_plays(hand("7H KS"), plays("AH"), ctx("C"), o)
    assert v.code == "must_play_heart" and list(v.legal) == [card("7H")]
    v = FF.legal_plays(hand("KS 9D"), [], ctx("C"), o)
    assert v.code == "no_constraint" and "lead" in english(v.rule)
    with pytest.raises(IllegalPlay) as err:
        FF.check_play(hand("KH 7D 2C"), plays("9H"), card("2C"), ctx("D"), o)
    assert err.value.code == "must_follow_suit_or_trump" and set(err.value.legal or []) == {"KH", "7D"}
    with pytest.raises(IllegalPlay) as err:
        FF.check_play(hand("KH 7D"), plays("9H"), card("QS"), ctx("D"), o)
    assert err.value.code == "card_not_in_hand"


# ------------------------------------------------------------------------------------------------
# score_round: validation and both forms
# ------------------------------------------------------------------------------------------------

WORKED = [["KH", "JH", "8H"], ["7S", "6S", "2S"], ["9C", "QC", "3C"], ["2D", "4D", "KD"], ["5S", "10H", "AH"]]


def test_score_round_full_form() -> None:
    o = FF.validate_options({})
    out = FF.score_round({"trump": "S", "leader": 0, "players": 3, "tricks": WORKED, "scores": [40, 5, 30]}, o)
    assert out.points == (10, 0, 20) and out.scores == (50, 5, 50)
    assert not out.match_over  # 50 and 50 tie at the top: another hand
    assert out.extra["trick_winners"] == [0, 2, 0, 2, 2] and out.extra["highest_trump"] == "5S"
    assert any("trick 5" in english(line) for line in out.explanation)
    shared = FF.score_round({"trump": "S", "leader": 0, "tricks": WORKED, "scores": [40, 5, 30]},
                            FF.validate_options({"tie_at_target": "shared"}))
    assert shared.match_over and shared.winners == (0, 2)
    as_json = out.to_json()
    assert as_json["trick_winners"] == [0, 2, 0, 2, 2] and json.dumps(english_json(as_json))


@pytest.mark.parametrize("facts, error", [
    ({}, InvalidInput),
    ({"tricks": WORKED}, InvalidInput),  # no trump
    ({"trump": "S", "tricks": WORKED}, InvalidInput),  # no leader
    ({"trump": "S", "leader": 0, "tricks": WORKED[:4]}, InvalidFacts),
    ({"trump": "S", "leader": 0, "tricks": [*WORKED[:4], ["5S", "10H", "KH"]]}, DuplicateCard),
    ({"trump": "S", "leader": 0, "tricks": [*WORKED[:4], ["5S", "10H"]]}, InvalidFacts),
    ({"trump": "S", "leader": 3, "tricks": WORKED}, InvalidFacts),
    ({"trump": "S", "leader": True, "tricks": WORKED}, InvalidInput),
    ({"trump": "S", "leader": 0, "tricks": WORKED, "scores": [1, 2]}, InvalidFacts),
    ({"trump": "S", "leader": 0, "tricks": WORKED, "scores": [1, 2, "3"]}, InvalidInput),
    ({"trump": "S", "leader": 0, "tricks": WORKED, "players": 7}, InvalidFacts),
    ({"trump": "S", "leader": 0, "tricks": WORKED, "bid": {"team": 0, "amount": 20}}, InvalidFacts),
    ({"trump": "S", "leader": 0, "tricks": WORKED, "demoted_ace": "AS"}, InvalidFacts),
    ({"trump": "S", "leader": 0, "tricks": WORKED, "colour": "red"}, InvalidInput),
    ({"trump": "X", "leader": 0, "tricks": WORKED}, InvalidCard),
    ({"trump": "S", "leader": 0, "tricks": [["KH", "JH", "ZZ"], *WORKED[1:]]}, InvalidCard),
    ({"tricks_won": [2, 0, 2], "highest_trump_seat": 0}, InvalidFacts),
    ({"tricks_won": [2, 0, 3], "highest_trump_seat": 1}, InvalidFacts),  # seat 1 won no trick
    ({"tricks_won": [2, 0, 3]}, InvalidInput),  # the bonus needs the seat (or null)
    ({"tricks_won": [2.0, 0, 3], "highest_trump_seat": None}, InvalidInput),
    ({"tricks_won": [2, 0, 3], "tricks": WORKED}, InvalidInput),
])
def test_score_round_rejects(facts: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        FF.score_round(facts, FF.validate_options({}))


def test_score_round_auction_forms() -> None:
    turn_up = AF.validate_options({})
    out = AF.score_round({"trump": "H", "leader": 1, "players": 4, "tricks": [
        ["2C", "3C", "4C", "5C"], ["6C", "7C", "8C", "9C"], ["10C", "JC", "QC", "KC"],
        ["2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S"]], "scores": [10, 20]}, turn_up)
    assert out.extra["team_tricks"] == [sum(1 for w in out.extra["trick_winners"] if w % 2 == 0),
                                        sum(1 for w in out.extra["trick_winners"] if w % 2 == 1)]
    assert len(out.points) == 2 and out.scores == (10 + out.points[0], 20 + out.points[1])
    bidding = AF.validate_options({"trump_selection": "bidding"})
    with pytest.raises(InvalidInput):
        AF.score_round({"tricks_won": [3, 2, 0, 0], "highest_trump_seat": 0}, bidding)  # no bid
    with pytest.raises(InvalidFacts):
        AF.score_round({"tricks_won": [3, 2, 0, 0], "highest_trump_seat": 0, "bid": {"team": 2, "amount": 20}},
                       bidding)
    with pytest.raises(InvalidFacts):
        AF.score_round({"tricks_won": [3, 2, 0, 0], "highest_trump_seat": 0, "bid": {"team": 0, "amount": 35}},
                       bidding)
    made = AF.score_round({"tricks_won": [3, 2, 0, 0], "highest_trump_seat": 0, "bid": {"team": 0, "amount": 20},
                           "scores": [-10, 0]}, bidding)
    assert made.points == (20, 10) and made.extra["made"] is True and made.extra["hand_points"] == [20, 10]


# ------------------------------------------------------------------------------------------------
# Dealt mode: phases
# ------------------------------------------------------------------------------------------------


def test_forty_fives_match_to_the_end() -> None:
    state = FF.new_match(FF.validate_options({}), 3, 1, "dealt")
    assert FF.needs_deal(state) and FF.to_act(state) == ()
    dealers = []
    for k in range(100):
        if FF.status(state) == "finished":
            break
        deck = list(DECK_52[k % 52:] + DECK_52[:k % 52])
        deck = deck[::-1] if k % 2 else deck
        dealers.append(state.match.dealer)
        state = FF.deal(state, deck)
        roundtrip(state)
        while not FF.needs_deal(state) and FF.status(state) != "finished":
            state = first_legal(FF, state)
        roundtrip(state)
    assert FF.status(state) == "finished" and state.match.winners
    assert max(state.match.scores) >= 45
    assert dealers == [(1 + i) % 3 for i in range(len(dealers))]
    view = FF.view(state, 0)
    assert view["status"] == "finished" and view["winners"] == list(state.match.winners)
    assert len(view["history"]) == len(state.match.history) == len(dealers)
    with pytest.raises(MatchOver):
        FF.apply(state, Action("play", 0, card("2C")))
    with pytest.raises(MatchOver):
        FF.deal(state, list(DECK_52))


def test_history_keeps_tricks_of_the_last_round_only_and_stays_bounded() -> None:
    """A long match does not grow with the cards of old rounds: only the most recent finished round
    keeps its tricks; every record keeps its summary (its score history), so from round 10 to round 30
    the state and the view grow by one summary per round, not by a summary and its tricks."""
    state = FF.new_match(FF.validate_options({"target_score": 100_000, "players": 4}), 4, 0, "dealt")
    sizes: dict[int, tuple[int, int]] = {}
    for k in range(30):
        deck = list(DECK_52[k % 52:] + DECK_52[:k % 52])
        state = FF.deal(state, deck[::-1] if k % 2 else deck)
        while not FF.needs_deal(state):
            state = first_legal(FF, state)
        roundtrip(state)
        history = state.match.history
        assert len(history) == k + 1
        assert len(history[-1].tricks) == 5 and all(r.tricks == () for r in history[:-1])
        assert all(len(r.tricks_won) == 4 and sum(r.tricks_won) == 5 for r in history)
        assert history[-1].scores == state.match.scores
        assert [r.scores for r in history] == [
            tuple(sum(h.points[s] for h in history[:i + 1]) for s in range(4)) for i in range(len(history))]
        view = FF.view(state, None)
        assert [len(r["tricks"]) for r in view["history"]] == [0] * k + [5]
        assert view["history"][-1]["tricks"][0]["plays"] and view["history"][0]["trump"] is not None
        sizes[k + 1] = (len(json.dumps(encode(state))), len(json.dumps(view)))
    history = state.match.history
    summary = (len(json.dumps(encode(history[0]))), len(json.dumps(record_json(history[0], 4))))
    full = (len(json.dumps(encode(history[-1]))), len(json.dumps(record_json(history[-1], 4))))
    for i in (0, 1):  # 0: the stored state, 1: the referee's view
        per_round = (sizes[30][i] - sizes[10][i]) / 20
        assert per_round <= summary[i] + 16, (i, per_round, summary, sizes)
        assert 2 * per_round < summary[i] + full[i], (i, per_round, summary, full)  # no old round's tricks


def test_deal_checks() -> None:
    state = FF.new_match(FF.validate_options({}), 3, 0, "dealt")
    with pytest.raises(InvalidInput):
        FF.deal(state, None)
    with pytest.raises(InvalidInput):
        FF.deal(state, [*DECK_52[:51], DECK_52[0]])
    dealt_state = FF.deal(state, list(DECK_52))
    with pytest.raises(WrongPhase):
        FF.deal(dealt_state, list(DECK_52))
    with pytest.raises(WrongPhase):
        FF.apply(state, Action("play", 1, card("2C")))
    tstate = FF.new_match(FF.validate_options({}), 3, 0, "table")
    with pytest.raises(InvalidInput):
        FF.deal(tstate, list(DECK_52))


def test_errors_name_their_cause_and_change_nothing() -> None:
    state = dealt(FF, 3, 0, deck_dealing(3, 0, {1: ["KH", "2C", "3C", "4C", "6C"], 2: ["9H"]}, "9S"))
    before = encode(state)
    with pytest.raises(NotYourTurn) as e1:
        FF.apply(state, Action("play", 2, card("9H")))
    assert status_of(e1.value) == 409 and e1.value.legal == [{"seat": 1}]  # who is to act, never their cards
    with pytest.raises(InvalidAction):
        FF.apply(state, Action("knock", 1))
    with pytest.raises(InvalidAction):
        FF.apply(state, Action("play", None, card("KH")))
    with pytest.raises(InvalidAction):
        FF.apply(state, Action("play", 9, card("KH")))
    with pytest.raises(InvalidAction):
        FF.apply(state, Action("play", 1))
    with pytest.raises(IllegalPlay) as e2:
        FF.apply(state, Action("play", 1, card("9H")))
    assert e2.value.code == "card_not_in_hand"
    with pytest.raises(InvalidAction):  # Forty-Fives has no auction
        FF.apply(state, Action("bid", 1, amount=20))
    with pytest.raises(WrongPhase) as e4:  # the service deals the turn-up in dealt mode
        FF.apply(state, Action("turn_up", 0, card("9S")))
    assert e4.value.code == "not_table_mode" and e4.value.legal == ["play", "rob"]
    turn_up_auction = dealt(AF, 4, 3, deck_dealing(4, 3, {}, "9S"))
    with pytest.raises(WrongPhase) as e5:  # the turn-up game has no auction
        AF.apply(turn_up_auction, Action("bid", 0, amount=20))
    assert e5.value.legal == ["play", "rob", "decline"]  # the partnership game announces an unrobbed ace
    after = FF.apply(state, Action("play", 1, card("KH")))
    with pytest.raises(IllegalPlay) as e3:
        FF.apply(after, Action("play", 2, next(c for c in hand_of(after, 2) if c.text != "9H" and c.suit is not
                                              Suit.SPADES and c.text != "AH")))
    assert e3.value.code == "must_follow_suit_or_trump" and "9H" in (e3.value.legal or [])
    assert encode(state) == before


def test_forty_fives_has_no_announcement_by_default() -> None:
    state = dealt(FF, 3, 0, deck_dealing(3, 0, {1: ["AS", "2C"]}, "9S"))
    kinds = {a.type for a in FF.legal_actions(state, 1)}
    assert kinds == {"play", "rob"}
    with pytest.raises(IllegalAction) as err:
        FF.apply(state, Action("decline", 1))
    assert err.value.code == "cannot_announce"
    after = FF.apply(state, Action("play", 1, card("AS")))
    assert after.round.demoted is None


def test_unannounced_ace_of_hearts_cannot_renege_on_its_first_play() -> None:
    """Trump H, 2H led to the holder of AH and KS who neither robs nor announces: the first play
    demotes AH already, so it may not be withheld (§1.5, A-6)."""
    state = dealt(AF, 4, 0, deck_dealing(4, 0, {1: ["2H", "3D", "4D", "6D", "7D"], 2: ["AH", "KS", "8D", "9D",
                                                                                      "10D"]}, "7H"))
    state = play(AF, state, 1, "2H")
    assert {c.text for c in legal_cards(AF, state, 2)} == {"AH"}
    with pytest.raises(IllegalPlay):
        AF.apply(state, Action("play", 2, card("KS")))
    announced = AF.apply(state, Action("decline", 2))
    assert {c.text for c in legal_cards(AF, announced, 2)} == {"AH", "KS", "8D", "9D", "10D"}
    after = play(AF, announced, 2, "KS")
    assert after.round.demoted is None


def test_dealer_discards_before_lead_and_takes_ace_after_trick_one() -> None:
    state = dealt(FF, 3, 2, deck_dealing(3, 2, {}, "AC"), dealer_turned_ace="may_rob_discard_before_first_lead")
    assert state.phase == DEALER_ROB and FF.to_act(state) == (2,)
    acts = FF.legal_actions(state, 2)
    assert {a.type for a in acts} == {"rob", "decline"}
    discard = next(a for a in acts if a.type == "rob")
    state = FF.apply(state, discard)
    assert len(hand_of(state, 2)) == 4 and card("AC") not in hand_of(state, 2)
    assert state.round.dealer_ace == "pending"
    while not state.tricks:
        state = first_legal(FF, state)
    assert card("AC") in hand_of(state, 2) and len(hand_of(state, 2)) == 4
    roundtrip(state)


# ------------------------------------------------------------------------------------------------
# Dealt mode: bidding
# ------------------------------------------------------------------------------------------------


def test_bidding_hand_end_to_end() -> None:
    deck = deck_dealing(4, 3, {0: ["5S", "JS", "AH", "AS", "KS"]})
    state = dealt(AF, 4, 3, deck, trump_selection="bidding")
    assert state.phase == AUCTION and AF.to_act(state) == (0,)
    assert state.round.turn_up is None and state.round.trump is None
    state = AF.apply(state, Action("bid", 0, amount=30))
    for seat in (1, 2):
        state = AF.apply(state, Action("pass", seat))
    state = AF.apply(state, Action("pass", 3))
    assert state.phase == NAME_TRUMP and state.round.contract.seat == 0
    with pytest.raises(NotYourTurn):
        AF.apply(state, Action("name_trump", 1, suit=Suit.SPADES))
    state = AF.apply(state, Action("name_trump", 0, suit=Suit.SPADES))
    assert state.phase == DISCARD and AF.to_act(state) == (0,)
    discards = AF.legal_actions(state, 0)
    assert len(discards) == 32  # every subset of five cards
    stock_before = list(state.round.stock)
    state = AF.apply(state, Action("discard", 0, cards=()))
    one = next(iter(hand_of(state, 1)))
    state = AF.apply(state, Action("discard", 1, cards=(one,)))
    assert one not in hand_of(state, 1) and stock_before[0] in hand_of(state, 1)
    assert state.round.drawn[1] == 1
    view0 = AF.view(state, 0)
    assert one.text not in json.dumps(view0) and view0["drawn"][1] == 1
    state = AF.apply(state, Action("discard", 2, cards=()))
    state = AF.apply(state, Action("discard", 3, cards=()))
    assert state.phase == PLAY and state.leader == 1
    while not AF.needs_deal(state):
        state = first_legal(AF, state)
    record = state.match.history[-1]
    assert record.contract.amount == 30 and record.made is not None
    assert record.points[0] in (60, -30)
    roundtrip(state)


def test_kitty_and_no_draw() -> None:
    state = dealt(AF, 4, 3, deck_dealing(4, 3, {}), trump_selection="bidding", kitty_size=4,
                  discard_and_draw=False)
    assert len(state.round.kitty) == 4
    state = AF.apply(state, Action("bid", 0, amount=15))
    for seat in (1, 2, 3):
        state = AF.apply(state, Action("pass", seat))
    kitty = set(state.round.kitty)
    state = AF.apply(state, Action("name_trump", 0, suit=Suit.HEARTS))
    assert kitty <= hand_of(state, 0) and len(hand_of(state, 0)) == 9
    assert AF.to_act(state) == (0,)
    acts = AF.legal_actions(state, 0)
    assert all(len(a.cards) == 4 for a in acts) and len(acts) == 126
    with pytest.raises(IllegalAction) as err:
        AF.apply(state, Action("discard", 0, cards=tuple(sorted(hand_of(state, 0)))[:3]))
    assert err.value.code == "discard_count"
    state = AF.apply(state, acts[0])
    assert state.phase == PLAY and len(hand_of(state, 0)) == 5


def test_dealer_robs_the_pack() -> None:
    state = dealt(AF, 4, 3, deck_dealing(4, 3, {}), trump_selection="bidding", dealer_robs_pack=True)
    state = AF.apply(state, Action("bid", 0, amount=20))
    for seat in (1, 2, 3):
        state = AF.apply(state, Action("pass", seat))
    state = AF.apply(state, Action("name_trump", 0, suit=Suit.CLUBS))
    for seat in (0, 1, 2):
        state = AF.apply(state, Action("discard", seat, cards=()))
    two = tuple(sorted(hand_of(state, 3)))[:2]
    state = AF.apply(state, Action("discard", 3, cards=two))
    assert state.phase == DEALER_DRAW and state.round.to_draw == 2
    assert set(AF.view(state, 3)["stock"]) == {c.text for c in state.round.stock}
    assert "stock" not in AF.view(state, 0)
    pick = state.round.stock[-1]
    with pytest.raises(IllegalAction):
        AF.apply(state, Action("draw", 3, two[0]))
    state = AF.apply(state, Action("draw", 3, pick))
    assert pick in hand_of(state, 3) and state.round.to_draw == 1
    state = AF.apply(state, Action("draw", 3, state.round.stock[0]))
    assert state.phase == PLAY and len(hand_of(state, 3)) == 5
    assert AF.public_action(Action("draw", 3, pick), 0) == {"type": "draw", "seat": 3}
    assert AF.public_action(Action("draw", 3, pick), 3)["card"] == pick.text


def test_six_players_keep_two_and_the_stock_limit() -> None:
    state = dealt(AF, 6, 5, deck_dealing(6, 5, {}), trump_selection="bidding")
    assert len(state.round.stock) == 22
    state = AF.apply(state, Action("bid", 0, amount=15))
    for seat in (1, 2, 3, 4, 5):
        state = AF.apply(state, Action("pass", seat))
    state = AF.apply(state, Action("name_trump", 0, suit=Suit.DIAMONDS))
    assert max(len(a.cards) for a in AF.legal_actions(state, 0)) == 3  # keeps at least two
    for seat in range(5):
        state = AF.apply(state, Action("discard", seat, cards=tuple(sorted(hand_of(state, seat)))[:3]))
    assert len(state.round.stock) == 7
    state = AF.apply(state, Action("discard", 5, cards=tuple(sorted(hand_of(state, 5)))[:3]))
    assert len(state.round.stock) == 4 and state.phase == PLAY


def test_bidder_must_hold_trump() -> None:
    deck = deck_dealing(4, 3, {0: ["2C", "3C", "4C", "5C", "6C"]})
    state = dealt(AF, 4, 3, deck, trump_selection="bidding", bidder_must_hold_trump=True)
    state = AF.apply(state, Action("bid", 0, amount=15))
    for seat in (1, 2, 3):
        state = AF.apply(state, Action("pass", seat))
    assert [a.suit for a in AF.legal_actions(state, 0)] == [Suit.CLUBS]
    with pytest.raises(IllegalAction) as err:
        AF.apply(state, Action("name_trump", 0, suit=Suit.HEARTS))
    assert err.value.code == "must_hold_trump"


def test_bid_floor_applies_to_the_side_at_100() -> None:
    state = dealt(AF, 4, 3, deck_dealing(4, 3, {}), trump_selection="bidding")
    state = with_scores(state, [100, 0])
    assert {a.amount for a in AF.legal_actions(state, 0) if a.type == "bid"} == {20, 25, 30}
    with pytest.raises(IllegalBid) as err:
        AF.apply(state, Action("bid", 0, amount=15))
    assert err.value.code == "bid_below_floor"
    state = AF.apply(state, Action("pass", 0))
    assert {a.amount for a in AF.legal_actions(state, 1) if a.type == "bid"} == {15, 20, 25, 30}


# ------------------------------------------------------------------------------------------------
# Table mode
# ------------------------------------------------------------------------------------------------


def report(ruleset: Any, state: FortyFivesState, *moves: str) -> FortyFivesState:
    """Apply "seat:card" plays."""
    for move in moves:
        seat, text = move.split(":")
        state = ruleset.apply(state, Action("play", int(seat), card(text)))
    return state


def test_table_turn_up_and_plays() -> None:
    state = table(FF, 3, 2)
    assert state.phase == TURN_UP and FF.to_act(state) == (2,)
    assert FF.view(state, 0)["hand"] is None
    with pytest.raises(NotYourTurn):
        FF.apply(state, Action("turn_up", 0, card("9S")))
    state = FF.apply(state, Action("turn_up", 2, card("9S")))
    assert state.round.trump is Suit.SPADES and FF.to_act(state) == (0,)
    assert len(FF.legal_actions(state, 0)) == 51 + 1  # every unseen card, and the rob
    assert FF.legal_actions(state, 7) == [] and FF.legal_actions(state, -1) == []
    state = report(FF, state, "0:KH")
    with pytest.raises(CardAlreadyPlayed) as err:
        FF.apply(state, Action("play", 1, card("KH")))
    assert err.value.code == "card_already_played"
    with pytest.raises(CardAlreadyPlayed):  # the turn-up nobody took is out of play
        FF.apply(state, Action("play", 1, card("9S")))
    roundtrip(state)


def test_revoke_flagged_as_soon_as_provable() -> None:
    state = table(FF, 3, 2)
    state = FF.apply(state, Action("turn_up", 2, card("7D")))
    state = report(FF, state, "0:9H", "1:2C", "2:3H")  # seat 1 discards a club on a heart lead
    assert state.round.revokes == ()  # not provable yet: seat 1 may have had no heart
    assert state.tricks[-1].winner == 0
    state = report(FF, state, "0:4S")
    assert state.round.revokes == ()
    state = report(FF, state, "1:KH")  # seat 1 shows a heart it held in trick 1
    revokes = state.round.revokes
    assert [(r.seat, r.trick, r.card.text, r.code) for r in revokes] == [(1, 1, "2C", "must_follow_suit_or_trump")]
    view = FF.view(state, 0)
    assert view["revokes"] == [r.to_json() for r in revokes]


def test_revoke_flagged_only_at_round_end() -> None:
    """The A♥-lead hearts fallback is non-monotone: a play of KS on an AH lead by a seat later
    seen with a heart is a revoke only if it held no trump, known when its whole hand is."""
    state = table(FF, 3, 2)
    state = FF.apply(state, Action("turn_up", 2, card("9C")))
    state = report(FF, state, "0:AH", "1:KS", "2:2C")
    state = report(FF, state, "0:3D", "1:7H", "2:4D")  # seat 1 shows a heart; it could still hold 5C or JC
    assert state.round.revokes == ()
    state = report(FF, state, "2:5H", "0:6H", "1:8H")
    state = report(FF, state, "1:9S", "2:10S", "0:JS")
    assert state.round.revokes == ()
    assert [t.winner for t in state.tricks] == [0, 2, 1, 0]
    state = report(FF, state, "0:QD", "1:9H", "2:KD")  # now seat 1's whole hand is known: no trump
    assert FF.needs_deal(state)
    record = state.match.history[-1]
    assert [(r.seat, r.trick, r.card.text, r.code) for r in record.revokes] == [(1, 1, "KS", "must_play_heart")]


def test_table_robbing_and_known_cards() -> None:
    state = table(AF, 4, 3)
    state = AF.apply(state, Action("turn_up", 3, card("9D")))
    acts = AF.legal_actions(state, 2)  # a seat not to play may report its rob or announcement
    assert {a.type for a in acts} == {"rob", "decline"}
    state = AF.apply(state, Action("decline", 2))
    assert state.round.announced_by == 2
    with pytest.raises(CardAlreadyPlayed):  # seat 2 announced the AD: nobody else has it
        AF.apply(state, Action("play", 0, card("AD")))
    with pytest.raises(IllegalAction):
        AF.apply(state, Action("rob", 1))
    state = report(AF, state, "0:2C", "1:3C", "2:4C", "3:5C", "0:6C", "1:7C", "2:8C", "3:9C")
    state = report(AF, state, "0:KC", "1:QC", "2:JC", "3:10C", "0:2S", "1:3S", "2:4S", "3:5S", "0:6S", "1:7S")
    assert [t.winner for t in state.tricks] == [0, 0, 0, 0] and state.turn == 2
    with pytest.raises(IllegalPlay) as err:  # its last card must be the announced ace
        AF.apply(state, Action("play", 2, card("10S")))
    assert err.value.code == "card_known_in_hand" and err.value.legal == ["AD"]
    assert [a.card.text for a in AF.legal_actions(state, 2) if a.type == "play"] == ["AD"]


def test_table_no_rob_or_announcement_once_the_ace_of_trumps_is_played() -> None:
    """Table mode takes a rob or an announcement from any seat that has not played yet, out of turn;
    but once another seat has played the ace of trumps, nobody left can hold it: refused, not listed."""
    state = table(FF, 3, 0)
    state = FF.apply(state, Action("turn_up", 0, card("9S")))
    state = FF.apply(state, Action("play", 1, card("AS")))
    for seat in (2, 0):  # seat 2 is to play, seat 0 (the dealer) plays after it
        assert not {a.type for a in FF.legal_actions(state, seat)} & {"rob", "decline"}
        with pytest.raises(IllegalAction) as err:
            FF.apply(state, Action("rob", seat))
        assert err.value.code == "cannot_rob" and err.value.legal == []
    with pytest.raises(WrongPhase) as wrong:  # what the phase takes now: no more robs
        FF.apply(state, Action("turn_up", 0, card("2S")))
    assert wrong.value.legal == ["play"]
    announcing = table(AF, 4, 3)
    announcing = AF.apply(announcing, Action("turn_up", 3, card("9D")))
    announcing = AF.apply(announcing, Action("play", 0, card("AD")))
    assert not {a.type for a in AF.legal_actions(announcing, 2)} & {"rob", "decline"}
    for kind in ("rob", "decline"):
        with pytest.raises(IllegalAction) as err:
            AF.apply(announcing, Action(kind, 2))
        assert err.value.code in ("cannot_rob", "cannot_announce")
    before = table(AF, 4, 3)  # before the ace is played, the same report is taken
    before = AF.apply(before, Action("turn_up", 3, card("9D")))
    assert AF.apply(before, Action("decline", 2)).round.announced_by == 2


def test_table_dealer_turned_ace_then_round_result_refused() -> None:
    state = table(AF, 4, 3)
    state = AF.apply(state, Action("turn_up", 3, card("AS")))
    assert state.phase == PLAY and state.round.dealer_ace == "after_trick"
    state = report(AF, state, "0:2H", "1:3H", "2:4H", "3:5H")
    assert state.phase == DEALER_ROB and AF.to_act(state) == (3,)
    state = AF.apply(state, Action("rob", 3))
    assert state.round.dealer_ace == "taken_after_trick"
    assert state.turn == 3
    state = report(AF, state, "3:6H")
    with pytest.raises(CardAlreadyPlayed):  # the dealer took the ace: nobody else can play it
        AF.apply(state, Action("play", 0, card("AS")))
    state = report(AF, state, "0:7H", "1:8H", "2:9H", "2:10H", "3:AS")
    with pytest.raises(WrongPhase):
        AF.apply(state, Action("round_result", 0, result={"tricks_won": [2, 1, 1, 1]}))


def test_round_result_summary_and_full() -> None:
    state = table(FF, 3, 2)
    out = FF.apply(state, Action("round_result", None, result={"tricks_won": [2, 0, 3], "highest_trump_seat": 2}))
    assert out.match.scores == (10, 0, 20) and FF.needs_deal(out) and out.match.dealer == 0
    record = out.match.history[-1]
    assert record.reported and record.tricks == () and record.tricks_won == (2, 0, 3)
    roundtrip(out)
    full = FF.apply(state, Action("round_result", None, result={"trump": "S", "tricks": WORKED}))
    assert full.match.scores == (10, 0, 20) and len(full.match.history[-1].tricks) == 5
    with pytest.raises(InvalidFacts):  # the leader of a round dealt by seat 2 is seat 0
        FF.apply(FF.apply(state, Action("turn_up", 2, card("9S"))),
                 Action("round_result", None, result={"trump": "S", "leader": 1, "tricks": WORKED}))
    with pytest.raises(InvalidFacts):
        FF.apply(FF.apply(state, Action("turn_up", 2, card("9S"))),
                 Action("round_result", None, result={"trump": "D", "tricks": WORKED}))
    with pytest.raises(InvalidFacts):
        FF.apply(state, Action("round_result", None, result={"tricks_won": [2, 0, 3], "highest_trump_seat": 2,
                                                             "scores": [5, 0, 0]}))
    with pytest.raises(WrongPhase) as not_table:
        FF.apply(dealt(FF, 3, 0, list(DECK_52)), Action("round_result", None, result={"tricks_won": [5, 0, 0]}))
    assert not_table.value.code == "not_table_mode"
    revoked = FF.apply(state, Action("round_result", None, result={"trump": "D", "tricks": [
        ["9H", "2C", "3H"], ["4S", "KH", "5S"], ["6S", "QH", "7S"], ["8S", "JH", "9S"], ["10S", "10H", "JS"]]}))
    assert [(r.seat, r.trick) for r in revoked.match.history[-1].revokes] == [(1, 1)]


def test_table_bidding_round() -> None:
    state = table(AF, 4, 3, trump_selection="bidding", kitty_size=3)
    state = AF.apply(state, Action("bid", 0, amount=20))
    for seat in (1, 2, 3):
        state = AF.apply(state, Action("pass", seat))
    state = AF.apply(state, Action("name_trump", 0, suit=Suit.HEARTS))
    assert [a.amount for a in AF.legal_actions(state, 0)] == [3, 4, 5, 6, 7, 8]
    with pytest.raises(IllegalAction):
        AF.apply(state, Action("discard", 0, amount=2))
    state = AF.apply(state, Action("discard", 0, amount=5))
    state = AF.apply(state, Action("discard", 1, cards=(card("2C"),)))
    assert state.round.out == (card("2C"),)
    with pytest.raises(InvalidAction):
        AF.apply(state, Action("discard", 2))
    state = AF.apply(state, Action("discard", 2, amount=0))
    state = AF.apply(state, Action("discard", 3, amount=0))
    assert state.phase == PLAY and state.leader == 1
    with pytest.raises(CardAlreadyPlayed):
        AF.apply(state, Action("play", 1, card("2C")))
    result = AF.apply(state, Action("round_result", None, result={"tricks_won": [2, 1, 1, 1],
                                                                  "highest_trump_seat": 0}))
    assert result.match.scores == (20, 10) and result.match.history[-1].contract.amount == 20
    with pytest.raises(InvalidFacts):
        AF.apply(state, Action("round_result", None, result={"tricks_won": [2, 1, 1, 1], "highest_trump_seat": 0,
                                                             "bid": {"team": 1, "amount": 20}}))


def test_codec_round_trip_in_every_phase() -> None:
    seen = set()
    for ruleset, opts, n in ((FF, {}, 3), (AF, {}, 4), (AF, {"trump_selection": "bidding", "kitty_size": 3,
                                                             "dealer_robs_pack": True}, 4)):
        for mode in ("dealt", "table"):
            state = ruleset.new_match(ruleset.validate_options(opts), n, 0, mode)
            state = ruleset.deal(state, list(DECK_52[::-1]) if mode == "dealt" else None)
            for _ in range(60):
                roundtrip(state)
                seen.add(state.phase)
                if ruleset.needs_deal(state) or not ruleset.to_act(state):
                    break
                state = first_legal(ruleset, state)
    assert {AUCTION, NAME_TRUMP, DISCARD, PLAY, TURN_UP, DEAL} <= seen


def test_public_action_hides_discards() -> None:
    rob = Action("rob", 1, card("3D"))
    assert "card" not in FF.public_action(rob, 0) and FF.public_action(rob, 1)["card"] == "3D"
    assert "card" in FF.public_action(rob, None)
    dis = Action("discard", 1, cards=(card("3D"),))
    assert "cards" not in AF.public_action(dis, 2)


def test_view_of_a_seat_and_of_the_referee() -> None:
    state = dealt(AF, 4, 0, deck_dealing(4, 0, {1: ["AD", "KS"]}, "9D"))
    v1 = AF.view(state, 1)
    assert set(v1["hand"]) == {c.text for c in hand_of(state, 1)}
    assert {a["type"] for a in v1["legal_actions"]} == {"rob", "decline", "play"}
    v0 = AF.view(state, 2)
    assert v0["legal_actions"] == [] and v0["teams"] == [[0, 2], [1, 3]] and v0["trump"] == "D"
    assert "AD" not in json.dumps(v0) and "ace_holder" not in v0
    ref = AF.view(state, None)
    assert ref["ace_holder"] == 1 and set(ref["hands"]["1"]) == set(v1["hand"])
    assert ref["legal_actions"] == v1["legal_actions"]
    with pytest.raises(InvalidInput):
        AF.view(state, 4)
    json.dumps(ref)


def test_state_is_never_mutated() -> None:
    state = dealt(FF, 3, 0, list(DECK_52))
    frozen = encode(state)
    for action in FF.legal_actions(state, state.turn):
        FF.apply(state, action)
    assert encode(state) == frozen
    with pytest.raises(AttributeError):
        state.phase = "x"  # type: ignore[misc]
    assert replace(state, phase=state.phase) == state
    assert RULESETS["forty_fives"] is FF


def test_fast_constructors_build_the_same_objects() -> None:
    from service.rules.games.forty_fives.state import (
        MatchInfo,
        Round,
        RoundRecord,
        Trick,
        make_match,
        make_record,
        make_round,
        make_state,
        make_trick,
    )
    from service.rules.slots import evolve

    m = make_match({"a": 1}, 3, "dealt", 2, (0, 5, 10), (), "in_progress", ())
    assert m == MatchInfo({"a": 1}, 3, "dealt", 2, (0, 5, 10)) and hash(m.players) == hash(3)
    r = make_round(1, 0, card("9S"), Suit.SPADES, (), (), ((),) * 3, 1, None, None, "", None, None, None, (), 0, (),
                   ())
    assert r == Round(1, 0, card("9S"), Suit.SPADES, discards=((),) * 3, ace_holder=1)
    t = make_trick(0, (card("KH"),), 0)
    assert t == Trick(0, (card("KH"),), 0)
    rec = make_record(1, 0, None, None, None, None, None, None, (t,), (1, 0, 0), None, None, (5, 0, 0), (5, 0, 0),
                      False, False, (), None)
    assert rec == RoundRecord(1, 0, None, None, None, None, None, None, (t,), (1, 0, 0), None, None, (5, 0, 0),
                              (5, 0, 0))
    s = make_state(m, PLAY, 1, r, (1, 2, 4), 1, (), (t,))
    assert s == FortyFivesState(m, PLAY, 1, r, (1, 2, 4), 1, (), (t,))
    assert evolve(s, turn=2) == replace(s, turn=2) and evolve(r, robbed_by=1) == replace(r, robbed_by=1)
    with pytest.raises(TypeError):
        evolve(s, colour="red")
    with pytest.raises(AttributeError):
        s.turn = 0  # type: ignore[misc]


@pytest.mark.parametrize("rid", ["forty_fives", "auction_forty_fives"])
def test_a_card_not_held_is_refused_at_a_lead_and_at_a_follow_with_the_legal_cards(rid: str) -> None:
    """Dealt play: a card the seat does not hold is ``card_not_in_hand`` whether it leads (any card
    held is legal) or follows (the legal cards of the rule), with those cards as ``legal``; the
    state is unchanged."""
    import random

    from service.rules.errors import CardNotInHand
    from service.rules.handmask import texts_of
    from service.rules.playout import random_step, shuffled_deck

    ruleset = REGISTRY[rid]
    rng = random.Random(11)
    seen = {"lead": 0, "follow": 0}
    for _ in range(20):
        new = ruleset.new_match(ruleset.validate_options({}), ruleset.default_players, 0, "dealt")
        state = ruleset.deal(new, shuffled_deck(ruleset, rng))
        while state.phase != "over" and not ruleset.needs_deal(state) and sum(seen.values()) < 40:
            if state.phase == "play" and state.hands is not None:
                seat = state.turn
                held = state.hands[seat]
                absent = next(c for c in DECK_52 if not held >> c.index & 1)
                legal = sorted(a.card.text for a in ruleset.legal_actions(state, seat) if a.type == "play"
                               and a.card is not None)
                before = encode(state)
                with pytest.raises(CardNotInHand) as err:
                    ruleset.apply(state, Action("play", seat, absent))
                assert err.value.code == "card_not_in_hand" and sorted(err.value.legal or []) == legal
                if not state.current:
                    assert err.value.legal == texts_of(held)
                assert encode(state) == before
                seen["follow" if state.current else "lead"] += 1
            state, _ = random_step(ruleset, state, rng)
    assert seen["lead"] and seen["follow"]
