"""Computer seats on the page (issue 37): the start screen offers a computer for each seat in dealt
mode (not at a real table); a person then plays a Forty-Fives hand on a phone against two
computers, whose plays show as the other seats' do."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import LIVE_TIMEOUT_MS, Contexts, api, axe_violations, route_of
from tests.web.screens import enabled_cards, view


def test_a_person_plays_a_hand_against_two_computers(phones: Contexts, server: str) -> None:
    referee = phones.page()
    referee.goto(server + "/")
    referee.locator('button.game[data-ruleset="forty_fives"]').click()
    referee.locator("#player-count").select_option("3")
    expect(referee.locator("#who-1")).to_be_hidden()  # table mode (the default): people only
    referee.locator('button[data-mode="dealt"]').click()
    expect(referee.locator("#who-1")).to_be_visible()
    for i, name in enumerate(["Ann", "Easy", "Hard"]):
        referee.locator(f"#player-{i}").fill(name)
    referee.locator("#who-1").select_option("easy")
    referee.locator("#who-2").select_option("hard")
    assert not (violations := axe_violations(referee)), violations
    referee.locator("#start-match").click()
    referee.wait_for_url("**/#/m/**")
    match_id, token = route_of(referee)
    assert view(server, match_id, token)["computers"] == [None, "easy", "hard"]

    phone = phones.page()
    phone.goto(referee.locator("#share .seat-link[data-seat] a").first.get_attribute("href"))
    expect(phone.locator("#hand")).to_be_visible()
    seat_token = route_of(phone)[1]
    clicked: list[str] = []
    for n in range(5):  # the person's five cards; the computers play between them, at once
        mine = view(server, match_id, seat_token)
        if mine["phase"] == "dealer_rob":  # a turned-up ace the person, as dealer, must rob first
            phone.locator('button[data-type="rob"]').first.click()
            expect(phone.locator('button[data-type="rob"]')).to_have_count(0, timeout=LIVE_TIMEOUT_MS)
            mine = view(server, match_id, seat_token)
        cards = enabled_cards(phone, timeout=LIVE_TIMEOUT_MS)
        legal = {a["card"] for a in mine["legal_actions"] if a["type"] == "play"}
        assert set(cards) == legal, (n, cards, legal)
        phone.locator(f'#hand button[data-card="{cards[0]}"]').click()
        clicked.append(cards[0])
        if n < 4:  # (the hand's last card is followed by a new deal, which may hold it again)
            expect(phone.locator(f'#hand button[data-card="{cards[0]}"]')).to_have_count(0, timeout=LIVE_TIMEOUT_MS)
    events = api(server, "GET", f"/v1/matches/{match_id}/events", seat_token)["events"]
    by_computer = [e for e in events if e.get("by") == "computer"]
    assert {e["action"]["seat"] for e in by_computer} == {1, 2}
    # the computers' plays show on the person's phone as any other seat's: the finished tricks list them
    expect(phone.locator("#status-h")).to_contain_text("Round 2", timeout=LIVE_TIMEOUT_MS)
    # every card the person tapped was played, the last one (which the next deal may deal again) too
    events = api(server, "GET", f"/v1/matches/{match_id}/events", seat_token)["events"]
    played = [e["action"]["card"] for e in events if e.get("kind") == "action" and e.get("by") != "computer"
              and e["action"].get("type") == "play" and e["action"].get("seat") == 0]
    assert played[:5] == clicked, (played, clicked)
    shown = phone.locator("#app").inner_text()
    assert "Easy" in shown and "Hard" in shown
