"""The page in a short network loss (an entry made offline is sent again with its Idempotency-Key
and applied once, also when the first attempt did reach the service and only its answer was lost),
the language switch, the start screen's accessibility, and /docs without any outside request."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from playwright.sync_api import Page, Route, expect

from tests.web.conftest import Contexts, answer_problem, api, axe_violations, small_targets
from tests.web.screens import start_match, view

NAMES = ["Ann", "Bob", "Cy", "Di"]


def bids_of(server: str, match_id: str, token: str) -> list[dict]:
    events = api(server, "GET", f"/v1/matches/{match_id}/events", token)["events"]
    return [e for e in events if e["kind"] == "action" and e["action"]["type"] == "bid"]


def hold_the_first(page: Page, pattern: str) -> list[Route]:
    """The first request of the page to ``pattern``, held (a slow phone line) until the test lets it
    go on (``continue_``); later ones go through. The list the held one goes into."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route(pattern, hold)
    return held


def wait_until_held(page: Page, held: list[Route], what: str) -> None:
    for _ in range(100):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the page never asked for {what}")


def test_entry_made_offline_is_sent_once(phones: Contexts, server: str, shot) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    seat = view(server, match_id, token)["to_act"][0]
    page.context.set_offline(True)
    page.locator(f'[data-seat="{seat}"] button[data-bid="2"]').click()
    expect(page.locator("#pending")).to_be_visible()
    expect(page.locator("#net")).to_contain_text("No connection")
    shot(page, "offline")
    assert bids_of(server, match_id, token) == []
    page.context.set_offline(False)
    expect(page.locator("#pending")).to_have_count(0, timeout=10000)
    expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text("2")
    bids = bids_of(server, match_id, token)
    assert [(b["action"]["seat"], b["action"]["amount"]) for b in bids] == [(seat, 2)]


def test_entry_whose_answer_was_lost_is_applied_once(phones: Contexts, server: str) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    seat = view(server, match_id, token)["to_act"][0]
    keys: list[str | None] = []

    def lose_first_answer(route: Route) -> None:
        keys.append(route.request.headers.get("idempotency-key"))
        if len(keys) == 1:
            route.fetch()  # the service applies it; the answer never reaches the page
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route("**/actions", lose_first_answer)
    page.locator(f'[data-seat="{seat}"] button[data-bid="1"]').click()
    expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text("1", timeout=10000)
    expect(page.locator("#pending")).to_have_count(0)
    assert len(keys) == 2 and keys[0] == keys[1] and keys[0]
    assert len(bids_of(server, match_id, token)) == 1
    expect(page.locator("#error")).to_be_empty()


def test_language_switch(phones: Contexts, server: str, shot) -> None:
    page = phones.page(locale="id-ID")
    page.goto(server + "/")
    expect(page.locator("h1")).to_have_text("Pertandingan baru")  # the browser's language first
    assert page.evaluate("document.documentElement.lang") == "id"
    page.locator("#lang-switch").select_option("tl")
    expect(page.locator("h1")).to_have_text("Bagong laban")
    page.locator('button.game[data-ruleset="boerenbridge"]').click()
    expect(page.locator("#start-match")).to_have_text("Simulan ang laban")
    shot(page, "start-tagalog")
    page.reload()
    expect(page.locator("h1")).to_have_text("Bagong laban")  # the choice is kept on the device
    page.locator("#lang-switch").select_option("en")
    expect(page.locator("h1")).to_have_text("New match")
    assert page.evaluate("document.documentElement.lang") == "en"


def test_a_language_chosen_while_the_strings_load_is_kept(phones: Contexts, server: str) -> None:
    """The switch is changed before the page's strings have arrived (a slow phone line): the page
    starts in that language, and the switch still shows it, instead of falling back to the
    browser's."""
    page = phones.page(locale="id-ID")
    held = hold_the_first(page, "**/web/strings.json")
    page.goto(server + "/")
    wait_until_held(page, held, "its strings")  # the page asks for them as soon as its script runs
    page.locator("#lang-switch").select_option("tl")
    held[0].continue_()
    expect(page.locator("h1")).to_have_text("Bagong laban")
    expect(page.locator("#lang-switch")).to_have_value("tl")
    assert page.evaluate("document.documentElement.lang") == "tl"
    page.reload()
    expect(page.locator("h1")).to_have_text("Bagong laban")  # and it is the one kept on the device


def test_an_older_answer_does_not_draw_over_the_game_chosen(phones: Contexts, server: str) -> None:
    """The start screen asked for the games, and the language was switched before they came (a slow
    phone line): the game chosen on the newer screen stays chosen when the first screen's answer
    comes late, and so does the game chosen last when an earlier choice's rules come after it."""
    page = phones.page(locale="id-ID")
    held = hold_the_first(page, "**/v1/rulesets")
    page.goto(server + "/")
    expect(page.locator("h1")).to_have_text("Pertandingan baru")
    wait_until_held(page, held, "the games")
    page.locator("#lang-switch").select_option("tl")
    page.locator('button.game[data-ruleset="boerenbridge"]').click()
    expect(page.locator("#start-match")).to_have_text("Simulan ang laban")
    page.evaluate("document.getElementById('start-match').dataset.drawn = 'once'")
    with page.expect_response("**/v1/rulesets"):
        held[0].continue_()
    page.wait_for_timeout(500)  # the late answer has been read (it drew over the form within this before)
    expect(page.locator('button.game[data-ruleset="boerenbridge"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#start-match")).to_have_attribute("data-drawn", "once")

    late = hold_the_first(page, "**/v1/rulesets/avinas")
    page.locator('button.game[data-ruleset="avinas"]').click()
    wait_until_held(page, late, "the rules of the game chosen")
    page.locator('button.game[data-ruleset="forty_fives"]').click()
    # the form of Forty-Fives' own rules (an option only it has), not the one drawn before
    expect(page.locator("#opt-trick_value")).to_have_count(1)
    with page.expect_response("**/v1/rulesets/avinas"):
        late[0].continue_()
    page.wait_for_timeout(500)
    expect(page.locator('button.game[data-ruleset="forty_fives"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#opt-trick_value")).to_have_count(1)
    expect(page.locator("#opt-auction_rounds")).to_have_count(0)  # Avinas' own option
    expect(page.locator("#player-count option")).to_have_text(["2", "3", "4", "5", "6"])


def test_a_match_read_late_is_not_shown_twice(phones: Contexts, server: str) -> None:
    """The language is switched while a match is read: the match is shown once, in the language
    chosen, and followed by one live stream (the older reading, answered late, starts none)."""
    page = phones.page()
    match_id, _ = start_match(page, server, "boerenbridge", NAMES)
    held = hold_the_first(page, f"**/v1/matches/{match_id}")
    page.reload()
    # counted from the new page on (the stream the page had before the reload is not this one's)
    streams: list[str] = []
    page.on("request", lambda request: streams.append(request.url) if "/stream" in request.url else None)
    wait_until_held(page, held, "the match")
    page.locator("#lang-switch").select_option("id")
    expect(page.locator("#status-h")).to_be_visible()
    with page.expect_response(f"**/v1/matches/{match_id}"):
        held[0].continue_()
    page.wait_for_timeout(1000)  # the late reading has been answered (it started a second stream before)
    assert len(streams) == 1, streams
    assert "lang=id" in streams[0]
    expect(page.locator("#status-h")).to_have_count(1)


def test_a_seat_claimed_by_the_older_screen_is_still_opened(phones: Contexts, server: str) -> None:
    """The language is switched while a seat's claim is on its way, and the newer screen's claim is
    lost on the line: the older claim's answer, coming late, still opens the seat it took (the page
    is still at that invitation), instead of leaving the newer screen's error shown."""
    referee = phones.page()
    start_match(referee, server, "forty_fives", NAMES[:3], mode="dealt")
    link = referee.locator('#share .seat-link[data-seat="0"] a').get_attribute("href")
    assert link and "#/c/" in link
    phone = phones.page()
    claims: list[Route] = []

    def hold_the_first_lose_the_second(route: Route) -> None:
        claims.append(route)
        if len(claims) > 1:
            route.abort("connectionreset")

    phone.route("**/seats/0/claim", hold_the_first_lose_the_second)
    phone.goto(link)
    wait_until_held(phone, claims, "the seat")
    phone.locator("#lang-switch").select_option("id")
    expect(phone.locator("#claim-error")).to_be_visible()  # the newer screen's claim, lost
    claims[0].continue_()
    phone.wait_for_url("**#/m/**")
    expect(phone.locator("#status-h")).to_be_visible()


def test_start_screen_accessible(phones: Contexts, server: str, shot) -> None:
    page = phones.page()
    page.goto(server + "/")
    page.locator('button.game[data-ruleset="boerenbridge"]').click()
    expect(page.locator("#player-0")).to_be_focused()
    shot(page, "start", full_page=False)
    page.locator("details summary").click()
    expect(page.locator("#opt-hand_size_schedule")).to_be_visible()
    shot(page, "start-options")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    violations = axe_violations(page)
    assert not violations, violations
    assert not (small := small_targets(page)), small
    manifest = page.evaluate("async () => (await fetch('/manifest.webmanifest')).json()")
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    # installable: chromium's own check finds nothing in the way but the test's incognito context
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    assert errors in ([], ["in-incognito"]), errors


def test_docs_offline(phones: Contexts, server: str) -> None:
    page = phones.page()
    page.goto(server + "/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Trick referee")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()


def test_a_refusal_reads_in_the_chosen_language(phones: Contexts, server: str) -> None:
    body = {"ruleset": "boerenbridge", "players": NAMES, "mode": "table", "options": {"first_dealer_method": "fixed"}}
    request = urllib.request.Request(
        server + "/v1/matches", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Accept-Language": "id"},
    )
    try:
        urllib.request.urlopen(request, timeout=10)
        raise AssertionError("a fixed first dealer without a dealer is refused")
    except urllib.error.HTTPError as err:
        indonesian = json.load(err)["detail"]
    page = phones.page(locale="id-ID")
    page.goto(server + "/")
    page.locator('button.game[data-ruleset="boerenbridge"]').click()
    for i, name in enumerate(NAMES):
        page.locator(f"#player-{i}").fill(name)
    page.locator("details summary").click()
    page.locator("#opt-first_dealer_method").select_option("fixed")
    page.locator("#start-match").click()
    expect(page.locator("form .error")).to_have_text(indonesian)


def test_entry_the_service_could_not_confirm_is_sent_again_and_applied_once(phones: Contexts, server: str) -> None:
    """A 503 to an entry (the store unreachable, or the write's outcome unknown: it may have been
    applied) keeps it: the page says the service cannot take it now and sends it again with the same
    key after Retry-After, and it is applied once; nothing to enter again, no refusal shown."""
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    seat = view(server, match_id, token)["to_act"][0]
    detail = "the change was sent to the match store but its outcome is unknown"
    keys: list[str | None] = []

    def outcome_unknown_first(route: Route) -> None:
        keys.append(route.request.headers.get("idempotency-key"))
        if len(keys) == 1:
            route.fetch()  # the service applies it; the page is told the outcome is unknown
            answer_problem(route, 503, "store_outcome_unknown", detail, retry_after=1)
        else:
            route.continue_()

    page.route("**/actions", outcome_unknown_first)
    page.locator(f'[data-seat="{seat}"] button[data-bid="1"]').click()
    waiting = "The service cannot take this now"
    expect(page.locator("#net")).to_contain_text(waiting)
    expect(page.locator("#pending")).to_be_visible()
    expect(page.locator("#pending")).to_have_count(0, timeout=20000)
    expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text("1")
    expect(page.locator("#net")).not_to_contain_text(waiting)
    assert len(keys) == 2 and keys[0] == keys[1] and keys[0]
    assert len(bids_of(server, match_id, token)) == 1
    expect(page.locator("#error")).to_be_empty()
