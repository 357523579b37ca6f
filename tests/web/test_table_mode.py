"""Table mode in a real browser: a whole Boerenbridge round entered card by card, with the hook's
forbidden bid refused on screen and an undo; a round's result entered at once."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import Contexts, api, axe_violations, route_of, small_targets
from tests.web.screens import enabled_cards, settled, start_match, view

NAMES = ["Ann", "Bob", "Cy", "Di"]


def test_boerenbridge_round_card_by_card(phones: Contexts, server: str, shot) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    shot(page, "table-bidding")
    v = view(server, match_id, token)
    hook = v["bidding"]["hook_player"]
    others = [s for s in v["to_act"] if s != hook]
    assert len(others) == 3
    for seat in others:
        page.locator(f'[data-seat="{seat}"] button[data-bid="3"]').click()
        expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text("3")
    # 3 + 3 + 3 = 9 of 13 tricks: the hook player may not bid 4; entering it anyway is refused with
    # the rule's reason, and changes nothing
    expect(page.locator("#hook")).to_contain_text("may not bid 4")
    forbidden = page.locator(f'[data-seat="{hook}"] button[data-bid="4"]')
    expect(forbidden).to_have_class(re.compile("forbidden"))
    before = view(server, match_id, token)["version"]
    forbidden.click()
    expect(page.locator("#error")).to_contain_text("hook")
    shot(page, "table-hook-refused", full_page=False)
    assert view(server, match_id, token)["version"] == before
    expect(page.locator(f'td[data-bid-seat="{hook}"]')).to_have_text("—")
    page.locator(f'[data-seat="{hook}"] button[data-bid="5"]').click()
    expect(page.locator(f'td[data-bid-seat="{hook}"]')).to_have_text("5")
    expect(page.locator("#phase")).to_have_text("play")

    # the first card, taken back, then every card of the round
    first = enabled_cards(page)[0]
    page.locator(f'button[data-type="play"][data-card="{first}"]').click()
    expect(page.locator(f'button[data-type="play"][data-card="{first}"]')).to_be_disabled()
    page.locator("#undo").click()
    expect(page.locator("#trick-empty")).to_be_visible()
    expect(page.locator(f'button[data-type="play"][data-card="{first}"]')).to_be_enabled()

    for n in range(52):
        v = view(server, match_id, token)
        assert v["round"] == 1 and v["phase"] == "play", (n, v["phase"])
        cards = enabled_cards(page)
        assert len(cards) == 52 - n  # every card not yet seen, the seen ones greyed out
        page.locator(f'button[data-type="play"][data-card="{cards[0]}"]').click()
        if n == 20:
            expect(page.locator(f'button[data-type="play"][data-card="{cards[0]}"]')).to_be_disabled()
            expect(page.locator("#tricks-done > li")).to_have_count(5)
            shot(page, "table-play")
            violations = axe_violations(page)
            assert not violations, violations
            assert not (small := small_targets(page)), small
            assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scrolling
        if n < 51:
            expect(page.locator('button[data-type="play"]:not([disabled])')).to_have_count(51 - n)
    expect(page.locator("#status-h")).to_contain_text("Round 2")
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    assert len(rounds) == 1 and sum(rounds[0]["tricks"]) == 13
    assert rounds[0]["bids"][hook] == 5
    sheet = page.locator("#score-sheet tbody tr").first
    expect(sheet).to_contain_text(str(rounds[0]["scores"][0]))
    events = api(server, "GET", f"/v1/matches/{match_id}/events", token)["events"]
    plays = [e for e in events if e["kind"] == "action" and e["action"]["type"] == "play" and not e["undone"]]
    assert len(plays) == 52
    shot(page, "table-score-sheet")


def test_round_result_at_once(phones: Contexts, server: str, shot) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    page.locator("#enter-round").click()
    bids = {0: 3, 1: 4, 2: 2, 3: 3}
    tricks = {0: 3, 1: 5, 2: 2, 3: 3}
    for seat in range(4):
        page.locator(f"#rr-bid-{seat}").fill(str(bids[seat]))
        page.locator(f"#rr-tricks-{seat}").fill(str(tricks[seat]))
    shot(page, "round-result")
    page.locator("#round-result button[type=submit]").click()
    expect(page.locator("#status-h")).to_contain_text("Round 2")
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    assert rounds[0]["bids"] == [3, 4, 2, 3] and rounds[0]["tricks"] == [3, 5, 2, 3]
    row = page.locator("#score-sheet tbody tr").first
    for score in rounds[0]["scores"]:
        expect(row).to_contain_text(f"= {score}")


def test_forty_fives_round_result_refused_then_entered(phones: Contexts, server: str) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "forty_fives", ["Ann", "Bob", "Cy"])
    page.locator('button[data-type="turn_up"][data-card="2C"]').click()
    expect(page.locator("#trump")).to_contain_text("clubs")
    page.locator("#enter-round").click()
    for seat, n in enumerate([3, 1, 2]):  # 6 tricks of 5: refused, nothing changes
        page.locator(f"#rr-tricks-{seat}").fill(str(n))
    page.locator("#round-result button[type=submit]").click()
    expect(page.locator("#error")).not_to_be_empty()
    # the form stays open with what was typed, the reason beside the tricks
    expect(page.locator("#rr-tricks-0-error")).to_contain_text("add up to 5")
    expect(page.locator("#rr-tricks-1")).to_have_value("1")
    assert api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"] == []
    page.locator("#rr-tricks-2").fill("1")
    page.locator("#rr-high").select_option("0")
    page.locator("#round-result button[type=submit]").click()
    expect(page.locator("#status-h")).to_contain_text("Round 2")
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    assert rounds[0]["tricks_won"] == [3, 1, 1]


def test_match_end_shows_winners_and_record(phones: Contexts, server: str, shot) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "forty_fives", ["Ann", "Bob", "Cy"])
    for _ in range(2):  # Ann takes every trick twice: 30 + 30 passes 45
        page.locator('button[data-type="turn_up"]:not([disabled])').first.click()
        expect(page.locator("#enter-round")).to_be_visible()
        page.locator("#enter-round").click()
        for seat, n in enumerate([5, 0, 0]):
            page.locator(f"#rr-tricks-{seat}").fill(str(n))
        page.locator("#rr-high").select_option("0")
        page.locator("#round-result button[type=submit]").click()
        expect(page.locator("#round-result")).to_have_count(0)
    expect(page.locator("#match-end")).to_contain_text("Ann")
    assert view(server, match_id, token)["status"] == "finished"
    page.locator("#show-record").click()
    expect(page.locator("#record-text")).to_contain_text("Bob")
    with page.expect_download() as download:
        page.locator("#csv-record").click()
    path = download.value.path()
    assert "Ann" in Path(path).read_text(encoding="utf-8")
    shot(page, "match-end")
    violations = axe_violations(page)
    assert not violations, violations
    assert not (small := small_targets(page)), small


def test_avinas_exposures_knocks_and_plays(phones: Contexts, server: str) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "avinas", NAMES)
    while view(server, match_id, token)["phase"] == "expose":  # the 8 exposures: face up or face down
        before = view(server, match_id, token)["version"]
        face_down = page.locator('button[data-type="expose"]:not([data-card])')
        if face_down.count():
            face_down.first.click()
        else:
            page.locator('button[data-type="expose"][data-card]:not([disabled])').first.click()
        wait_version(page, server, match_id, token, before)
        expect(page.locator("#exposures")).to_be_visible()
    exposures = view(server, match_id, token)["exposures"]
    assert len(exposures) == 8
    face_up = [e["card"] for e in exposures if e.get("card")]
    expect(page.locator("#exposures span[role=img]")).to_have_count(len(face_up))
    while view(server, match_id, token)["phase"] == "knock":
        before = view(server, match_id, token)["version"]
        page.locator('button[data-type="knock"]').first.click()
        wait_version(page, server, match_id, token, before)
    assert view(server, match_id, token)["phase"] == "play"
    for _ in range(4):
        before = view(server, match_id, token)["version"]
        cards = enabled_cards(page)
        page.locator(f'button[data-type="play"][data-card="{cards[0]}"]').click()
        wait_version(page, server, match_id, token, before)
    expect(page.locator("#tricks-done > li")).to_have_count(1)
    expect(page.locator("#score-sheet")).to_contain_text("Team 1 (Ann & Cy)")


def wait_version(page: Page, server: str, match_id: str, token: str, before: int) -> None:
    """Until the page shows the version its entry made (``before`` + 1), with nothing waiting to be
    sent; then the service holds that version too (each entry is one version)."""
    settled(page, before + 1)
    assert view(server, match_id, token)["version"] == before + 1


def test_house_rules_from_the_schema_and_a_refused_start(phones: Contexts, server: str) -> None:
    page = phones.page()
    page.goto(server + "/")
    page.locator('button.game[data-ruleset="boerenbridge"]').click()
    page.locator("details summary").click()
    schema = api(server, "GET", "/v1/rulesets/boerenbridge")["options_schema"]["properties"]
    for name, prop in schema.items():  # every option, its default shown and its description beside it
        field = page.locator(f"#opt-{name}")
        expect(field).to_be_attached()
        if prop.get("enum"):
            expect(field).to_have_value(str(prop["default"]))
        expect(page.locator(f"#opt-{name}-hint")).to_have_text(prop["description"])
    page.locator("#opt-first_dealer_method").select_option("fixed")
    page.locator("#start-match").click()
    expect(page.locator("form .error")).to_contain_text("first dealer")
    assert page.url.endswith("/")
    page.locator("#first-dealer").select_option("2")
    page.locator("#opt-hand_size_schedule").select_option("up")
    page.locator("#start-match").click()
    page.wait_for_url("**/#/m/**")
    match_id, token = route_of(page)
    v = view(server, match_id, token)
    assert v["dealer"] == 2 and v["options"]["hand_size_schedule"] == "up" and v["hand_size"] == 1
    expect(page.locator("#dealer")).to_have_text("Player 3")


def test_avinas_hand_result_at_once(phones: Contexts, server: str) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "avinas", NAMES)
    page.locator("#enter-round").click()
    page.locator("#rr-game").select_option("sevens")
    page.locator("#rr-declarer").select_option("0")
    page.locator("#rr-points").fill("75")
    page.locator("#rr-dtricks").fill("5")
    page.locator("#round-result button[type=submit]").click()
    expect(page.locator("#score-sheet tbody tr").first).to_contain_text("rams 1")
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    assert rounds[0]["card_points"] == [75, 45] and rounds[0]["source"] == "round_result"


def test_avinas_pagat_rules_from_the_form_and_a_hand_by_exposed_sevens(phones: Contexts, server: str) -> None:
    """The start screen's house rules: the defenders' pips left empty stay null, the sevens rule is
    chosen; the hand entered at once then asks for the sevens exposed (docs/rules/avinas.md §16.3)."""
    page = phones.page()
    match_id, token = start_match(page, server, "avinas", NAMES, options={"rams_rule": "sevens"})
    options = view(server, match_id, token)["options"]
    assert options["rams_rule"] == "sevens" and options["pips_defender_tiers"] is None
    page.locator("#enter-round").click()
    page.locator("#rr-game").select_option("sevens")
    page.locator("#rr-declarer").select_option("0")
    page.locator("#rr-points").fill("50")
    page.locator("#rr-dtricks").fill("3")
    page.locator("#rr-sevens").fill("2")
    page.locator("#round-result button[type=submit]").click()
    expect(page.locator("#score-sheet tbody tr").first).to_contain_text("rams 4")
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    assert rounds[0]["sevens_exposed"] == 2 and rounds[0]["due"] == 4


def test_auction_forty_fives_bidding(phones: Contexts, server: str) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "auction_forty_fives", NAMES, options={"trump_selection": "bidding"})
    first = view(server, match_id, token)["to_act"][0]
    page.locator(f'[data-seat="{first}"] button[data-bid="15"]').click()
    expect(page.locator("#auction-calls li")).to_have_count(1)
    for _ in range(3):
        seat = view(server, match_id, token)["to_act"][0]
        before = view(server, match_id, token)["version"]
        page.locator(f'[data-seat="{seat}"] button[data-type="pass"]').click()
        wait_version(page, server, match_id, token, before)
    expect(page.locator("#bids-h ~ p")).to_contain_text("15")
    expect(page.locator("#phase")).to_have_text("naming trump")
    page.locator('button[data-type="name_trump"]', has_text="hearts").click()
    expect(page.locator("#trump")).to_contain_text("hearts")
    v = view(server, match_id, token)
    assert v["contract"] == {"seat": first, "team": first % 2, "amount": 15} and v["trump"] == "H"


def test_a_proven_revoke_is_shown_where_it_happened(phones: Contexts, server: str) -> None:
    page = phones.page()
    page.goto(server + "/")
    page.locator('button.game[data-ruleset="boerenbridge"]').click()
    for i, name in enumerate(NAMES):
        page.locator(f"#player-{i}").fill(name)
    page.locator("#first-dealer").select_option("0")
    page.locator("details summary").click()
    page.locator("#opt-first_dealer_method").select_option("fixed")
    page.locator("#start-match").click()
    page.wait_for_url("**/#/m/**")
    match_id, token = route_of(page)
    for seat, bid in ((1, 2), (2, 2), (3, 2), (0, 0)):
        page.locator(f'[data-seat="{seat}"] button[data-bid="{bid}"]').click()
        expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text(str(bid))

    def play(seat: int, card: str) -> None:
        before = view(server, match_id, token)["version"]
        page.locator(f'[data-seat="{seat}"] button[data-type="play"][data-card="{card}"]').click()
        wait_version(page, server, match_id, token, before)

    for seat, card in ((1, "2H"), (2, "3C"), (3, "4H"), (0, "5H")):  # Cy shows out of hearts...
        play(seat, card)
    for seat, card in ((0, "6S"), (1, "7S"), (2, "6H"), (3, "8S")):  # ... and then plays one
        play(seat, card)
    assert view(server, match_id, token)["revokes"][0] == {
        "seat": 2, "trick": 1, "card": "3C", "code": "must_follow_suit", "rule": "must follow hearts, the suit led",
        "ruling": None,
    }
    first = page.locator("#tricks-done > li").first
    expect(first.locator(".revoke")).to_contain_text("Revoke by Cy in trick 1")
    expect(first.locator(".revoke")).to_contain_text("must follow hearts")
    expect(page.locator("#tricks-done > li").nth(1).locator(".revoke")).to_have_count(0)


def enter_round(page: Page, server: str, match_id: str, token: str, fill: dict[str, str]) -> None:
    """Opens the round form, fills its fields (by id), submits it, and waits until the page shows
    the version the entry made."""
    before = view(server, match_id, token)["version"]
    page.locator("#enter-round").click()
    for field, value in fill.items():
        page.locator(f"#{field}").fill(value)
    page.locator("#round-result button[type=submit]").click()
    wait_version(page, server, match_id, token, before)


def test_a_whole_boerenbridge_match_round_by_round(phones: Contexts, server: str) -> None:
    """Five rounds entered at once to the end of the match: Ann bids and takes all 13 each round;
    from 80 points on, a player does not bid (no_bid_threshold), so the form asks only for the
    tricks of those who do not bid, and sends their bids as null."""
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    for n in range(1, 6):
        active = view(server, match_id, token)["bidding"]["active"]
        assert active == ([True] * 4 if n < 5 else [False, True, False, False]), (n, active)
        fill = {f"rr-tricks-{s}": ("13" if s == 0 else "0") for s in range(4)}
        page.locator("#enter-round").click()
        for s in range(4):
            if active[s]:
                fill[f"rr-bid-{s}"] = {0: "13", 1: "1"}.get(s, "0")
            else:
                expect(page.locator(f"#rr-no-bid-{s}")).to_have_text("Does not bid this round")
                expect(page.locator(f"#rr-bid-{s}")).to_have_count(0)
        page.locator("#round-result button[type=button]").click()  # cancelled, then entered
        enter_round(page, server, match_id, token, fill)
    v = view(server, match_id, token)
    assert v["status"] == "finished" and v["winners"] == [0] and v["scores"] == [100, 0, 80, 80]
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    assert len(rounds) == 5 and rounds[-1]["bids"] == [None, 1, None, None]
    expect(page.locator("#match-end")).to_contain_text("Ann")
    expect(page.locator("#score-sheet tbody tr")).to_have_count(6)  # five rounds and the total
    expect(page.locator("#enter-round")).to_have_count(0)


def test_auction_forty_fives_hand_at_once_with_its_contract(phones: Contexts, server: str) -> None:
    """Trump by bidding, the auction not entered: the contract is part of the hand's result."""
    page = phones.page()
    match_id, token = start_match(page, server, "auction_forty_fives", NAMES, options={"trump_selection": "bidding"})
    page.locator("#enter-round").click()
    expect(page.locator("#rr-bid-team option")).to_have_text(["Team 1 (Ann & Cy)", "Team 2 (Bob & Di)"])
    expect(page.locator("#rr-bid-amount option")).to_have_text(["15", "20", "25", "30"])
    page.locator("#round-result button[type=button]").click()
    page.locator("#enter-round").click()
    page.locator("#rr-bid-team").select_option("1")
    page.locator("#rr-bid-amount").select_option("20")
    for seat, n in enumerate([2, 1, 1, 1]):
        page.locator(f"#rr-tricks-{seat}").fill(str(n))
    page.locator("#rr-high").select_option("0")
    page.locator("#round-result button[type=submit]").click()
    expect(page.locator("#status-h")).to_contain_text("Round 2")
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    assert rounds[0]["contract"] == {"seat": None, "team": 1, "amount": 20} and rounds[0]["made"] is False
    assert view(server, match_id, token)["scores"] == [20, -20]
    expect(page.locator("#score-sheet tbody tr").first).to_contain_text("-20")


def test_a_revoke_ruled_on_by_the_referee(phones: Contexts, server: str) -> None:
    """revoke_penalty hand_lost: after the round that proved a revoke, the referee applies the
    penalty (the offender's round is scored as lost) or waives it; the ruling shows beside the
    revoke, and undo takes it back."""
    page = phones.page()
    page.goto(server + "/")
    page.locator('button.game[data-ruleset="boerenbridge"]').click()
    for i, name in enumerate(NAMES):
        page.locator(f"#player-{i}").fill(name)
    page.locator("#first-dealer").select_option("0")
    page.locator("details summary").click()
    page.locator("#opt-first_dealer_method").select_option("fixed")
    page.locator("#opt-hand_size_schedule").select_option("up")
    page.locator("#opt-revoke_penalty").select_option("hand_lost")
    page.locator("#start-match").click()
    page.wait_for_url("**/#/m/**")
    match_id, token = route_of(page)
    # round 1 (one card each) at once, round 2 (two cards each) card by card
    enter_round(page, server, match_id, token, {"rr-bid-0": "1", "rr-bid-1": "1", "rr-bid-2": "1", "rr-bid-3": "1",
                                                "rr-tricks-0": "1", "rr-tricks-1": "0", "rr-tricks-2": "0",
                                                "rr-tricks-3": "0"})
    expect(page.locator("#settle")).to_have_count(0)
    for seat in (2, 3, 0, 1):
        before = view(server, match_id, token)["version"]
        page.locator(f'[data-seat="{seat}"] button[data-bid="0"]').click()
        wait_version(page, server, match_id, token, before)
    # Di shows out of hearts in trick 1, and plays one in trick 2
    for seat, card in ((2, "2H"), (3, "3C"), (0, "4H"), (1, "5H"), (1, "6H"), (2, "7H"), (3, "8H"), (0, "9H")):
        before = view(server, match_id, token)["version"]
        page.locator(f'[data-seat="{seat}"] button[data-type="play"][data-card="{card}"]').click()
        wait_version(page, server, match_id, token, before)
    assert view(server, match_id, token)["scores"] == [12, 1, 20, 20]
    expect(page.locator("#round-revokes")).to_contain_text("Revoke by Di in trick 1")
    apply = page.locator('#settle button[data-ruling="apply"]')
    expect(apply).to_have_text("Apply the penalty for Di's revoke in trick 1")
    expect(page.locator('#settle button[data-ruling="waive"]')).to_have_text("Waive Di's revoke in trick 1")
    violations = axe_violations(page)
    assert not violations, violations
    assert not (small := small_targets(page)), small
    before = view(server, match_id, token)["version"]
    apply.click()
    wait_version(page, server, match_id, token, before)
    assert view(server, match_id, token)["scores"] == [12, 1, 20, 0]
    expect(page.locator("#round-revokes")).to_contain_text("penalty applied")
    expect(page.locator("#settle")).to_have_count(0)
    expect(page.locator("#score-sheet tbody tr").last).to_contain_text("0")
    before = view(server, match_id, token)["version"]
    page.locator("#undo").click()
    wait_version(page, server, match_id, token, before)
    expect(page.locator("#settle button")).to_have_count(2)
    expect(page.locator("#round-revokes")).not_to_contain_text("penalty applied")
    page.locator('#settle button[data-ruling="waive"]').click()
    expect(page.locator("#round-revokes")).to_contain_text("waived")
    assert view(server, match_id, token)["scores"] == [12, 1, 20, 20]
    # the next round's first entry closes the ruling
    seat = view(server, match_id, token)["to_act"][0]
    page.locator(f'[data-seat="{seat}"] button[data-bid="0"]').click()
    expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text("0")
    expect(page.locator("#settle")).to_have_count(0)


def test_a_preset_and_house_rules_on_top(phones: Contexts, server: str) -> None:
    """A named preset (GET /v1/rulesets/{id} presets) starts the house rules at its values; an
    option changed on top of it, back to the game's default too, is sent and wins."""
    page = phones.page()
    page.goto(server + "/")
    page.locator('button.game[data-ruleset="boerenbridge"]').click()
    preset = next(p for p in api(server, "GET", "/v1/rulesets/boerenbridge")["presets"] if p["id"] == "nederlands")
    page.locator("#preset").select_option("nederlands")
    expect(page.locator("#preset-hint")).to_have_text(preset["description"])
    page.locator("details summary").click()
    for name, value in preset["options"].items():
        expect(page.locator(f"#opt-{name}")).to_have_value(str(value))
    page.locator("#opt-overshoot_rule").select_option("bounce")
    page.locator("#opt-bidding_mode").select_option("simultaneous")  # the default, over the preset's
    for i, name in enumerate(NAMES):
        page.locator(f"#player-{i}").fill(name)
    page.locator("#start-match").click()
    page.wait_for_url("**/#/m/**")
    match_id, token = route_of(page)
    v = view(server, match_id, token)
    assert v["preset"] == "nederlands"
    for name, value in preset["options"].items():
        if name != "bidding_mode":
            assert v["options"][name] == value, name
    assert v["options"]["overshoot_rule"] == "bounce" and v["options"]["bidding_mode"] == "simultaneous"
    assert v["options"]["scoring_system"] == "nederlands_10_3" and v["hand_size"] == 1

    # a preset for two players sets the count
    page.goto(server + "/")
    page.locator('button.game[data-ruleset="forty_fives"]').click()
    expect(page.locator("#player-count")).to_have_value("3")
    page.locator("#preset").select_option("codetojoy")
    expect(page.locator("#player-count")).to_have_value("2")
    expect(page.locator("#names input[type=text]")).to_have_count(2)
    page.locator("#start-match").click()
    page.wait_for_url("**/#/m/**")
    match_id, token = route_of(page)
    v = view(server, match_id, token)
    assert v["preset"] == "codetojoy" and len(v["names"]) == 2
