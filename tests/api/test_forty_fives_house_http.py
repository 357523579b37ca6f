"""The 120s house rules of Auction Forty-Fives (forty-fives.md §9.5-§9.8) over HTTP: the catalogue,
the options refused, the stateless endpoints (``/legal-plays`` with ``defending_a_30_bid``,
``/score`` with the cap waiver and the lock), and matches dealt and at the table (single-round
auctions, holds, kitty bids, the forced lead against 30 and its revoke), each new action and refusal."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from tests.api.match_driver import Answer, FlaskHttp, Match, create
from tests.spec_tables import card_list, vectors

SPEC = "forty-fives.md"
AF = "auction_forty_fives"
BIDDING = {"trump_selection": "bidding"}
NEW = ("auction_rounds", "hold_minimum", "kitty_bid", "bid_30_trump_lead", "cap_waived_in_hole")


@pytest.fixture
def http() -> Iterator[FlaskHttp]:
    app: Flask = create_app(Settings())
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(2121)
    yield FlaskHttp(app.test_client())


def act(http: FlaskHttp, match: Match, seat: int | None, body: dict[str, Any]) -> Answer:
    token = match.referee if match.mode == "table" or seat is None else match.seats[seat]
    if match.mode == "table" and seat is not None:
        body = {**body, "seat": seat}
    return http.post(f"{match.path}/actions", body, token)


def ok(answer: Answer) -> dict[str, Any]:
    assert answer.status == 200, answer.body
    return answer.body


def refused(answer: Answer, status: int, code: str) -> dict[str, Any]:
    assert answer.status == status, answer.body
    assert answer.body["code"] == code, answer.body
    assert answer.body["detail"]
    return answer.body


def calls(http: FlaskHttp, match: Match, text: str) -> dict[str, Any]:
    view: dict[str, Any] = {}
    for seat, what in re.findall(r"(\d):(pass|hold|\d+)", text):
        body = {"type": "bid", "amount": int(what)} if what.isdigit() else {"type": what}
        view = ok(act(http, match, int(seat), body))
    return view


# ------------------------------------------------------------------------------------------------
# Catalogue and options
# ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "id", "tl"])
def test_the_catalogue_describes_the_new_options(http: FlaskHttp, lang: str) -> None:
    body = http.get(f"/v1/rulesets/{AF}?lang={lang}").body
    text = repr(body)
    for name in NEW:
        assert name in text, name
    english = repr(http.get(f"/v1/rulesets/{AF}?lang=en").body)
    if lang != "en":
        assert text != english
    assert "final" in text and "locked_from_100_when_made" in text


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"hold_minimum": 22}, "hold_minimum"),
        ({"hold_minimum": 35}, "hold_minimum"),
        ({"kitty_bid": "top_card"}, "kitty_bid"),
        ({"auction_rounds": "twice"}, "auction_rounds"),
        ({"bid_30_trump_lead": "yes"}, "bid_30_trump_lead"),
    ],
)
def test_bad_values_of_the_new_options_are_refused(http: FlaskHttp, options: dict[str, Any], option: str) -> None:
    answer = http.post(
        "/v1/matches",
        {"ruleset": AF, "mode": "dealt", "players": ["a", "b", "c", "d"], "options": {**BIDDING, **options}},
    )
    body = refused(answer, 422, "invalid_option")
    assert body["option"] == option


def test_moot_options_are_accepted(http: FlaskHttp) -> None:
    """§9.1: kitty_bid with no kitty, the waiver without the cap, hold_minimum with the hold off."""
    create(
        http,
        AF,
        "dealt",
        4,
        options={
            **BIDDING,
            "kitty_bid": "keep_one",
            "cap_waived_in_hole": True,
            "dealer_hold": "off",
            "hold_minimum": 20,
        },
    )
    create(http, AF, "dealt", 4, options={"kitty_bid": "whole_hand", "auction_rounds": "single"})


# ------------------------------------------------------------------------------------------------
# Stateless endpoints
# ------------------------------------------------------------------------------------------------

TL = {r["id"]: r for r in vectors(SPEC, "9.12.6")}


def test_legal_plays_against_30(http: FlaskHttp) -> None:
    """TL-07 and TL-08 through /legal-plays, and the check form naming the rule."""
    hand = card_list(TL["TL-07"]["leader's hand"])
    options = {"trump_selection": "bidding", "bid_30_trump_lead": True}
    body = {"trump": "S", "hand": hand, "trick": [], "trick_number": 1, "options": options}
    got = ok(http.post(f"/v1/rulesets/{AF}/legal-plays", {**body, "defending_a_30_bid": True}))
    assert got["legal"] == card_list(TL["TL-07"]["legal leads"].split("}")[0])
    assert got["code"] == "must_lead_trump_against_30" and got["rule"]
    check = ok(http.post(f"/v1/rulesets/{AF}/legal-plays", {**body, "defending_a_30_bid": True, "card": hand[0]}))
    assert check["allowed"] is False and check["reason"]["code"] == "must_lead_trump_against_30"
    free = ok(http.post(f"/v1/rulesets/{AF}/legal-plays", body))
    assert free["legal"] == card_list(TL["TL-08"]["legal leads"])
    bad = http.post(f"/v1/rulesets/{AF}/legal-plays", {**body, "defending_a_30_bid": "yes"})
    refused(bad, 422, "invalid_facts")
    other = http.post("/v1/rulesets/forty_fives/legal-plays", {**body, "options": {}, "defending_a_30_bid": True})
    refused(other, 400, "unknown_field")


IH = {r["id"]: r for r in vectors(SPEC, "9.12.7")}


@pytest.mark.parametrize(
    ("vector", "options", "scores", "over"),
    [
        ("IH-02", {"defender_out_rule": "capped_below_target", "cap_waived_in_hole": True}, [-35, 125], True),
        ("IH-06", {"defender_out_rule": "locked_from_100_when_made"}, [70, 105], False),
    ],
)
def test_score_with_the_cap_waiver_and_the_lock(
    http: FlaskHttp, vector: str, options: dict[str, Any], scores: list[int], over: bool
) -> None:
    row = IH[vector]
    before = [int(x.replace("−", "-")) for x in re.findall(r"[AB] ([−-]?\d+)", row["totals before"])]
    amount = int(re.search(r"A (\d+)", row["bid"]).group(1))  # type: ignore[union-attr]
    # A 15 = 3 tricks, B 15 = 2 tricks and the bonus (IH-02); A 20 = 3 and the bonus, B 10 (IH-06)
    bonus = 1 if vector == "IH-02" else 0
    facts = {
        "players": 4,
        "tricks_won": [3, 2, 0, 0],
        "highest_trump_seat": bonus,
        "scores": before,
        "bid": {"team": 0, "amount": amount},
        "options": {**BIDDING, **options},
    }
    got = ok(http.post(f"/v1/rulesets/{AF}/score", facts))
    assert got["scores"] == scores and got["match_over"] is over
    named = ("“No cap below zero”", "“Nothing from 100 when the bid is made”")
    assert any(title in line for title in named for line in got["explanation"])


# ------------------------------------------------------------------------------------------------
# Matches
# ------------------------------------------------------------------------------------------------


def test_a_single_round_duel_with_a_hold_minimum_dealt(http: FlaskHttp) -> None:
    """hold_minimum 20: a hold of 15 is refused (hold_below_minimum) and the dealer's raise closes the
    round (AH-10); then AH-01's duel, the displaced bidder alone answering each hold."""
    options = {**BIDDING, "auction_rounds": "single", "dealer_hold": "duel", "hold_minimum": 20}
    match, _ = create(http, AF, "dealt", 4, dealer=3, options=options)
    calls(http, match, "0:15, 1:pass, 2:pass")
    body = refused(act(http, match, 3, {"type": "hold"}), 422, "hold_below_minimum")
    assert {a.get("amount", a["type"]) for a in body["legal"]} == {"pass", 20, 25, 30}
    view = calls(http, match, "3:20")
    assert view["phase"] == "name_trump" and view["contract"] == {"seat": 3, "team": 1, "amount": 20}
    duel, _ = create(http, AF, "dealt", 4, dealer=3, options=options)
    view = calls(http, duel, "0:20, 1:pass, 2:25, 3:hold")
    assert view["to_act"] == [2]
    refused(act(http, duel, 0, {"type": "bid", "amount": 30}), 409, "not_your_turn")
    view = calls(http, duel, "2:30, 3:hold, 2:pass")
    assert view["contract"] == {"seat": 3, "team": 1, "amount": 30}


def test_single_round_holds_over_http(http: FlaskHttp) -> None:
    """AH-05 ("final") and AH-07 ("reopen") posted by the seats' tokens."""
    final, _ = create(
        http, AF, "dealt", 4, dealer=3, options={**BIDDING, "auction_rounds": "single", "dealer_hold": "final"}
    )
    view = calls(http, final, "0:15, 1:20, 2:pass, 3:hold")
    assert view["phase"] == "name_trump" and view["contract"] == {"seat": 3, "team": 1, "amount": 20}
    reopen, _ = create(http, AF, "table", 4, dealer=3, options={**BIDDING, "auction_rounds": "single"})
    view = calls(http, reopen, "0:15, 1:20, 2:pass, 3:hold")
    assert view["to_act"] == [0]
    refused(act(http, reopen, 2, {"type": "bid", "amount": 25}), 409, "not_your_turn")
    view = calls(http, reopen, "0:25, 1:pass, 3:hold, 0:pass")
    assert view["contract"] == {"seat": 3, "team": 1, "amount": 25}


def _kitty_match(http: FlaskHttp, kitty_bid: str, mode: str = "dealt") -> Match:
    match, _ = create(
        http,
        AF,
        mode,
        4,
        dealer=3,
        referee_sees_hands=True,
        options={**BIDDING, "kitty_size": 3, "kitty_bid": kitty_bid},
    )
    calls(http, match, "0:pass, 1:25, 2:pass, 3:pass")
    return match


def test_a_kitty_bid_keeping_one_card_dealt(http: FlaskHttp) -> None:
    match = _kitty_match(http, "keep_one")
    seat1 = ok(http.get(match.path, match.seats[1]))
    hand = seat1["hand"]
    bids = [a for a in seat1["legal_actions"] if a["type"] == "kitty_bid"]
    assert sorted(a["card"] for a in bids) == sorted(hand) and len(seat1["legal_actions"]) == 9
    refused(act(http, match, 1, {"type": "kitty_bid"}), 400, "invalid_action")
    kitty = ok(http.get(match.path, match.referee))["kitty"]
    view = ok(act(http, match, 1, {"type": "kitty_bid", "card": hand[0]}))
    assert sorted(view["hand"]) == sorted([hand[0], *kitty]) and view["kitty_bid"] == "keep_one"
    refused(act(http, match, 1, {"type": "kitty_bid", "card": hand[0]}), 422, "kitty_bid_not_allowed")
    for seat in (0, 2, 3):  # the kitty bid is public, the kept card and the cards given up are not
        other = ok(http.get(match.path, match.seats[seat]))
        assert other["kitty_bid"] == "keep_one"
        events = ok(http.get(f"{match.path}/events", match.seats[seat]))
        text = repr(other) + repr(events)
        assert not [c for c in hand if c not in other["hand"] and re.search(rf"'{c}'", text)], seat
    ok(act(http, match, 1, {"type": "name_trump", "suit": "H"}))
    ok(act(http, match, 0, {"type": "discard", "cards": []}))
    mine = ok(http.get(match.path, match.seats[1]))
    assert len([a for a in mine["legal_actions"] if a["type"] == "discard"]) == 2**4
    view = ok(act(http, match, 1, {"type": "discard", "cards": []}))
    assert len(view["hand"]) == 5


def test_a_kitty_bid_on_the_whole_hand_dealt(http: FlaskHttp) -> None:
    match = _kitty_match(http, "whole_hand")
    refused(act(http, match, 1, {"type": "kitty_bid", "card": "2C"}), 400, "invalid_action")
    view = ok(act(http, match, 1, {"type": "kitty_bid"}))
    suits = {c[-1] for c in view["hand"]}
    assert {a["suit"] for a in view["legal_actions"] if a["type"] == "name_trump"} == suits
    missing = next(s for s in "CDHS" if s not in suits)
    body = refused(act(http, match, 1, {"type": "name_trump", "suit": missing}), 422, "trump_not_in_kitty")
    assert {a["suit"] for a in body["legal"]} == suits


def test_a_kitty_bid_is_refused_when_off_and_reported_without_a_card_at_the_table(http: FlaskHttp) -> None:
    match = _kitty_match(http, "off")
    body = refused(act(http, match, 1, {"type": "kitty_bid"}), 422, "kitty_bid_not_allowed")
    assert {a["type"] for a in body["legal"]} == {"name_trump"}
    table = _kitty_match(http, "keep_one", "table")
    view = ok(act(http, table, 1, {"type": "kitty_bid"}))
    assert view["kitty_bid"] == "keep_one"
    ok(act(http, table, 1, {"type": "name_trump", "suit": "S"}))
    ok(act(http, table, 0, {"type": "discard", "amount": 0}))
    refused(act(http, table, 1, {"type": "discard", "amount": 5}), 422, "discard_count")
    ok(act(http, table, 1, {"type": "discard", "amount": 4}))


def test_the_forced_trump_lead_against_30_dealt(http: FlaskHttp) -> None:
    """§9.7: seat 1 wins at 30 (dealer 0); seat 2 leads and must lead a trump it holds."""
    match, _ = create(
        http, AF, "dealt", 4, dealer=0, referee_sees_hands=True, options={**BIDDING, "bid_30_trump_lead": True}
    )
    calls(http, match, "1:30, 2:pass, 3:pass, 0:pass")
    hand = ok(http.get(match.path, match.seats[2]))["hand"]

    def trumps_of(suit: str) -> list[str]:
        return sorted(c for c in hand if c[-1] == suit or c == "AH")

    trump = next(s for s in "CDHS" if 0 < len(trumps_of(s)) < len(hand))
    ok(act(http, match, 1, {"type": "name_trump", "suit": trump}))
    for seat in (1, 2, 3, 0):
        ok(act(http, match, seat, {"type": "discard", "cards": []}))
    view = ok(http.get(match.path, match.seats[2]))
    trumps = trumps_of(trump)
    assert sorted(a["card"] for a in view["legal_actions"]) == trumps
    plain = next(c for c in hand if c not in trumps)
    body = refused(act(http, match, 2, {"type": "play", "card": plain}), 422, "must_lead_trump_against_30")
    assert sorted(body["legal"]) == trumps
    ok(act(http, match, 2, {"type": "play", "card": trumps[0]}))


def test_the_forced_lead_revoke_at_the_table(http: FlaskHttp) -> None:
    """TL-09 reported to a table match: the revoke is listed once the trump is seen."""
    row = TL["TL-09"]
    lead, later = re.search(r"leads (\S+) to trick 1 and plays (\S+) later", row["options / situation"]).groups()  # type: ignore[union-attr]
    match, _ = create(http, AF, "table", 4, dealer=0, options={**BIDDING, "bid_30_trump_lead": True})
    calls(http, match, "1:30, 2:pass, 3:pass, 0:pass")
    ok(act(http, match, 1, {"type": "name_trump", "suit": "S"}))
    for seat in (1, 2, 3, 0):
        ok(act(http, match, seat, {"type": "discard", "amount": 0}))
    for seat, text in ((2, lead), (3, "QD"), (0, "KD"), (1, "JD"), (0, "3C"), (1, "4C")):
        view = ok(act(http, match, seat, {"type": "play", "card": text}))
    assert view["revokes"] == []
    view = ok(act(http, match, 2, {"type": "play", "card": later}))
    assert [(r["seat"], r["trick"], r["card"], r["code"]) for r in view["revokes"]] == [
        (2, 1, lead, "must_lead_trump_against_30")
    ]
