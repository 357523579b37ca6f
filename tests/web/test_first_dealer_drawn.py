"""Trap 9 of issue 31: in table mode the people draw real cards for the first deal; the page let the
service draw virtual ones ("as the rules choose") and showed only the result. Now, where the rules
choose the first dealer by a draw and the cards are real, the field asks who drew the deal (the
virtual draw named as what it is), and the player chosen deals."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import Contexts, api, route_of
from tests.web.screens import start_match, view

NAMES = ["Ann", "Bob", "Cy", "Di"]


def test_the_first_dealer_is_entered_as_the_people_drew_it(phones: Contexts, server: str) -> None:
    """Boerenbridge (first dealer by the high-card draw), table mode: the field is "First dealer, as
    drawn at the table", its choices the players and, named as such, a virtual draw on this phone;
    Cy chosen, Cy deals and the match records the dealer as given, no card drawn."""
    page = phones.page()
    page.goto(server + "/")
    page.locator('button.game[data-ruleset="boerenbridge"]').click()
    page.locator("#player-count").select_option("4")
    for i, name in enumerate(NAMES):
        page.locator(f"#player-{i}").fill(name)
    page.locator('button[data-mode="table"]').click()
    label = page.locator('label[for="first-dealer"]')
    dealer = page.locator("#first-dealer")
    expect(label).to_have_text("First dealer, as drawn at the table")
    expect(page.locator("#first-dealer-hint")).to_have_text("The players draw real cards: choose who drew the deal.")
    expect(dealer.locator("option").first).to_have_text("Draw virtual cards on this phone")
    expect(dealer.locator("option")).to_have_text(["Draw virtual cards on this phone", *NAMES])
    # dealt mode: the service deals, and draws, virtual cards; the rules' way is what it says
    page.locator('button[data-mode="dealt"]').click()
    expect(label).to_have_text("First dealer")
    expect(dealer.locator("option").first).to_have_text("As the rules choose")
    page.locator('button[data-mode="table"]').click()
    # a first dealer chosen at random draws no card: the rules' way again
    page.locator("details summary").click()
    page.locator("#opt-first_dealer_method").select_option("random")
    expect(label).to_have_text("First dealer")
    page.locator("#opt-first_dealer_method").select_option("high_card_draw")
    expect(label).to_have_text("First dealer, as drawn at the table")
    dealer.select_option("2")
    page.locator("#start-match").click()
    page.wait_for_url("**/#/m/**")
    match_id, token = route_of(page)
    expect(page.locator("#dealer")).to_have_text("Cy")
    assert view(server, match_id, token)["dealer"] == 2
    created = api(server, "GET", f"/v1/matches/{match_id}/events?after=0&limit=1", token)["events"][0]
    assert created["kind"] == "create" and created["first_dealer"] == {"method": "given", "dealer": 2}, created


def test_a_first_dealer_drawn_on_the_phone_shows_the_draw(phones: Contexts, server: str) -> None:
    """The virtual draw kept (table mode, Boerenbridge): the match page shows, during the first
    round, each player's card as drawn and who deals (it showed only the result)."""
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    created = api(server, "GET", f"/v1/matches/{match_id}/events?after=0&limit=1", token)["events"][0]
    record = created["first_dealer"]
    assert record["method"] == "high_card_draw", record
    shown = page.locator("#first-draw")
    expect(shown).to_contain_text(f"{NAMES[record['dealer']]} deals first, drawn with virtual cards on a phone:")
    expect(shown.locator("li")).to_have_count(len(record["draws"]))
    for line, drawn in zip(shown.locator("li").all(), record["draws"], strict=True):
        labels = line.locator("[role=img]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
        assert len(labels) == len(drawn), (labels, drawn)
        for d in drawn:
            card = d["card"][:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[d["card"][-1]]
            expect(line).to_contain_text(f"{NAMES[d['seat']]} {card}")
