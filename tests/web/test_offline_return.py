"""A match opened with no network (issue 31 item 6): the page shows the last state this device saw
of it and opens it by itself when the network returns; a reload with no network shows the page from
the service worker's copy (the tests' server is on 127.0.0.1, a secure context)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import Contexts, api
from tests.web.screens import start_match, view

NAMES = ["Ann", "Bob", "Cy", "Di"]


def bid_elsewhere(server: str, match_id: str, token: str) -> int:
    seat = view(server, match_id, token)["to_act"][0]
    api(server, "POST", f"/v1/matches/{match_id}/actions", token, {"type": "bid", "seat": seat, "amount": 3})
    return seat


def test_a_match_opened_offline_shows_its_last_state_and_recovers_by_itself(phones: Contexts, server: str) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    match_url = page.url
    expect(page.locator("button[data-bid]").first).to_be_visible()
    page.goto(server + "/#/")
    expect(page.locator("h1")).to_have_text("New match")
    page.context.set_offline(True)
    page.evaluate("(url) => { location.href = url; }", match_url)
    expect(page.locator("#last-known")).to_be_visible()
    expect(page.locator("#status-h")).to_contain_text("Boerenbridge")
    expect(page.locator("#net")).to_contain_text("No connection")
    seat = bid_elsewhere(server, match_id, token)  # made elsewhere while this phone is offline
    page.context.set_offline(False)
    # back by itself: the live match, with what was entered meanwhile
    expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text("3", timeout=8000)
    expect(page.locator("#last-known")).to_have_count(0)
    expect(page.locator("#net")).not_to_contain_text("No connection")
def wait_controlled(page: Page) -> None:
    """Until a service worker controls the page (its second load, once the worker is active)."""
    for _ in range(150):
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            return
        page.wait_for_timeout(100)
    raise AssertionError("no service worker controls the page")


def test_a_reload_with_no_network_shows_the_page_and_the_last_state(phones: Contexts, server: str) -> None:
    page = phones.page()
    start_match(page, server, "boerenbridge", NAMES)
    expect(page.locator("button[data-bid]").first).to_be_visible()
    page.reload()  # the service worker controls the page from its second load
    wait_controlled(page)
    expect(page.locator("#status-h")).to_be_visible()
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#last-known")).to_be_visible()
    expect(page.locator("#status-h")).to_contain_text("Boerenbridge")
    assert page.evaluate("document.documentElement.lang") == "en"
    page.context.set_offline(False)
    expect(page.locator("button[data-bid]").first).to_be_visible(timeout=8000)
    expect(page.locator("#last-known")).to_have_count(0)
