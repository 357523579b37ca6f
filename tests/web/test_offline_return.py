"""A match opened with no network (issue 31 item 6): the page shows the last state this device saw
of it and opens it by itself when the network returns; a reload with no network shows the page from
the service worker's copy (the tests' server is on 127.0.0.1, a secure context)."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from tests.web.conftest import Contexts, answer_problem, api
from tests.web.screens import start_match, view

NAMES = ["Ann", "Bob", "Cy", "Di"]


def bid_elsewhere(server: str, match_id: str, token: str) -> int:
    seat = view(server, match_id, token)["to_act"][0]
    api(server, "POST", f"/v1/matches/{match_id}/actions", token, {"type": "bid", "seat": seat, "amount": 3})
    return seat


def a_match_left(page: Page, server: str) -> tuple[str, str, str]:
    """A Boerenbridge match started on ``page``, then left for the start screen: its id, the referee's
    token and the match's address (to go back to)."""
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    match_url = page.url
    expect(page.locator("button[data-bid]").first).to_be_visible()
    page.goto(server + "/#/")
    expect(page.locator("h1")).to_have_text("New match")
    return match_id, token, match_url


def test_a_match_opened_offline_shows_its_last_state_and_recovers_by_itself(phones: Contexts, server: str) -> None:
    page = phones.page()
    match_id, token, match_url = a_match_left(page, server)
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


def test_a_match_the_service_cannot_open_now_opens_by_itself(phones: Contexts, server: str) -> None:
    """A 503 (the store unreachable, or during an update a game only the other release offers) is not
    the end of the match: the page shows the last state this phone saw and says the service cannot
    take it now (its own words, not the problem's advice to programs), keeps that screen while it asks
    again, and opens the match by itself after the answer's Retry-After (2 s at the least), as it does
    when the network is back."""
    page = phones.page()
    match_id, token, match_url = a_match_left(page, server)
    detail = "the match store cannot be reached; nothing was changed, try again"
    refused: list[str] = []

    def unavailable(route: Route) -> None:
        if len(refused) < 2:  # the match's next two readings (the first, and the page's own retry)
            refused.append(route.request.url)
            answer_problem(route, 503, "store_unavailable", detail, retry_after=1)
        else:
            route.continue_()

    page.route(f"**/v1/matches/{match_id}", unavailable)
    page.evaluate("(url) => { location.href = url; }", match_url)
    expect(page.locator("#last-known")).to_contain_text("The service cannot open this match now")
    expect(page.locator("#status-h")).to_contain_text("Boerenbridge")
    expect(page.locator("#net")).to_have_text("The service cannot take this now: the page asks again by itself.")
    seat = bid_elsewhere(server, match_id, token)  # made elsewhere meanwhile
    # the waiting screen stays while the match is read again (no "Loading…" between the readings)
    loading = page.evaluate("""() => new Promise((done) => {
      const seen = [];
      const watch = new MutationObserver(() => { if (document.body.innerText.includes("Loading")) seen.push(1); });
      watch.observe(document.body, { childList: true, subtree: true, characterData: true });
      setTimeout(() => { watch.disconnect(); done(seen.length); }, 2500);
    })""")
    assert loading == 0
    # back by itself (two refusals, each followed 2 s later by the next reading): the live match
    expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text("3", timeout=20000)
    expect(page.locator("#last-known")).to_have_count(0)
    expect(page.locator("#net")).not_to_contain_text("The service cannot take this now")
    assert len(refused) == 2, refused


def test_a_match_whose_game_is_not_found_now_opens_by_itself(phones: Contexts, server: str) -> None:
    """During an update the match is read from a pod of the new release and its game asked of an old
    one, which does not know it (404): the page waits and tries again, as for a 503."""
    page = phones.page()
    _, _, match_url = a_match_left(page, server)
    refused: list[str] = []

    def not_found(route: Route) -> None:
        if not refused:
            refused.append(route.request.url)
            answer_problem(route, 404, "unknown_ruleset", "there is no ruleset 'boerenbridge'")
        else:
            route.continue_()

    page.route("**/v1/rulesets/boerenbridge*", not_found)
    page.evaluate("(url) => { location.href = url; }", match_url)
    expect(page.locator("#last-known")).to_contain_text("The service cannot open this match now")
    expect(page.locator("#net")).not_to_contain_text("boerenbridge")  # no id shown
    expect(page.locator("button[data-bid]").first).to_be_visible(timeout=20000)
    expect(page.locator("#last-known")).to_have_count(0)
    assert len(refused) == 1, refused
