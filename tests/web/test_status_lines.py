"""The status lines at the top of a match as a person reads them (issue 31, the smaller ones): the
trump said only once it is known, one name where one person acts, the last round's tricks kept
reviewable after the next deal."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.web.conftest import Contexts, api
from tests.web.screens import settled, start_match, view
from tests.web.test_thumb_traps import play_forty_fives_round_but_the_last_card

NAMES = ["Ketut", "Nyoman", "Made", "Wayan"]


def post(server: str, match_id: str, token: str, action: dict[str, Any]) -> dict[str, Any]:
    return api(server, "POST", f"/v1/matches/{match_id}/actions", token, action)


def test_the_trump_is_not_said_to_be_none_before_it_is_known(phones: Contexts, server: str) -> None:
    """Forty-Fives before the turn-up: the trump is not known yet, and the page says so (it said
    "Trump: no trump"); once turned up, the suit."""
    page = phones.page()
    match_id, token = start_match(page, server, "forty_fives", NAMES[:3])
    assert view(server, match_id, token)["trump"] is None
    expect(page.locator("#trump")).to_have_text("not yet chosen")
    dealer = view(server, match_id, token)["to_act"][0]
    post(server, match_id, token, {"type": "turn_up", "seat": dealer, "card": "2C"})
    expect(page.locator("#trump")).to_contain_text("clubs")


def test_a_game_without_trump_says_so_and_a_trump_to_be_named_is_not_yet_chosen(phones: Contexts, server: str) -> None:
    """Boerenbridge without trump (its default) says "no trump" during the bidding; with the trump
    named by the highest bidder, it is "not yet chosen" until he names it."""
    page = phones.page()
    start_match(page, server, "boerenbridge", NAMES)
    expect(page.locator("#phase")).to_have_text("bidding")
    expect(page.locator("#trump")).to_have_text("no trump")
    match_id, token = start_match(page, server, "boerenbridge", NAMES,
                                  options={"trump_mode": "highest_bidder_chooses"})
    expect(page.locator("#phase")).to_have_text("bidding")
    expect(page.locator("#trump")).to_have_text("not yet chosen")
    assert view(server, match_id, token)["trump"] is None


def test_during_play_the_one_whose_turn_it_is_is_named(phones: Contexts, server: str) -> None:
    """Boerenbridge at the opening lead: the service lists the leader and the hook player (who may
    still revise his bid); the page names the one whose turn it is to play (it listed both)."""
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    for _ in range(20):
        v = view(server, match_id, token)
        if v["phase"] == "play":
            break
        post(server, match_id, token, v["legal_actions"][0])
    v = view(server, match_id, token)
    assert v["phase"] == "play" and len(v["to_act"]) == 2, v["to_act"]
    settled(page, v["version"])
    expect(page.locator("#to-act")).to_have_text(NAMES[v["to_act"][0]])


def test_the_last_rounds_tricks_stay_until_the_next_rounds_first_trick(phones: Contexts, server: str) -> None:
    """Forty-Fives: the round's last card played, the next round is dealt; its tricks stay on the
    page under the round's name (they vanished at once), each with its cards and winner, until the
    next round's first trick is complete; then that trick is listed as finished."""
    page = phones.page()
    match_id, token = start_match(page, server, "forty_fives", NAMES[:3])
    seat = play_forty_fives_round_but_the_last_card(server, match_id, token, "9H")
    post(server, match_id, token, {"type": "play", "seat": seat, "card": "9H"})
    v = view(server, match_id, token)
    assert v["round"] == 2 and not v["tricks"], v["round"]
    settled(page, v["version"])
    record = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"][0]
    last = page.locator("#last-round-tricks")
    expect(last.locator("h2")).to_have_text("Tricks of round 1")
    expect(last.locator("ol.tricks > li")).to_have_count(5)
    for i, trick in enumerate(record["tricks"]):
        expect(last.locator("ol.tricks > li").nth(i)).to_contain_text(f"won by {NAMES[trick['winner']]}")
    expect(last.locator("ol.tricks > li").nth(4)).to_contain_text("9♥")
    dealer = v["to_act"][0]
    post(server, match_id, token, {"type": "turn_up", "seat": dealer, "card": "2C"})
    for card in ("3S", "4S"):
        seat = view(server, match_id, token)["to_act"][0]
        post(server, match_id, token, {"type": "play", "seat": seat, "card": card})
    settled(page, view(server, match_id, token)["version"])
    expect(last).to_be_visible()  # the first trick is not complete yet
    post(server, match_id, token, {"type": "play", "seat": view(server, match_id, token)["to_act"][0], "card": "5S"})
    settled(page, view(server, match_id, token)["version"])
    expect(last).to_have_count(0)
    expect(page.locator("#tricks-done > li")).to_have_count(1)


def test_a_boerenbridge_rounds_tricks_stay_after_the_next_deal(phones: Contexts, server: str) -> None:
    """Boerenbridge keeps only how many tricks each seat took in a round's record; the page reads the
    round's plays from the match's log: round 2 (two cards each) played, round 3 dealt, its two
    tricks stay on the page with their cards and winners."""
    created = api(server, "POST", "/v1/matches", None, {
        "ruleset": "boerenbridge", "players": NAMES[:3], "mode": "table", "dealer": 0,
        "options": {"first_dealer_method": "fixed", "hand_size_schedule": "up"}})
    match_id, token = created["id"], created["referee_token"]
    page = phones.page()
    page.goto(f"{server}/#/m/{match_id}/{token}")
    expect(page.locator("#status-h")).to_be_visible()
    before_last: dict[str, Any] = {}
    for _ in range(60):
        v = view(server, match_id, token)
        if v["round"] == 3:
            break
        if v["round"] == 2 and v["phase"] == "play" and len(v["tricks"]) == 1:
            before_last = v
        post(server, match_id, token, v["legal_actions"][0])
    assert v["round"] == 3 and before_last, v["round"]
    settled(page, v["version"])
    record = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"][-1]
    assert record["round"] == 2 and record["hand_size"] == 2, record
    last = page.locator("#last-round-tricks")
    expect(last.locator("h2")).to_have_text("Tricks of round 2")
    items = last.locator("ol.tricks > li")
    expect(items).to_have_count(2)
    first = before_last["tricks"][0]
    expect(items.nth(0)).to_contain_text(f"won by {NAMES[first['winner']]}")
    for p in first["plays"]:
        expect(items.nth(0)).to_contain_text(NAMES[p["seat"]])
    won = [record["tricks"][s] - (s == first["winner"]) for s in range(3)]
    expect(items.nth(1)).to_contain_text(f"won by {NAMES[won.index(1)]}")
    expect(items.nth(1).locator(".plays li")).to_have_count(3)
