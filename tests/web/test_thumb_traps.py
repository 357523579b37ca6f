"""The traps a busy thumb on a 360 px phone fell into (issue 31), each driven as a phone's screen
sends it (chromium's touch input over CDP): a second tap on the last card of a round, which landed on
the next round's turn-up drawn under the finger; the new round announced."""

from __future__ import annotations

from playwright.sync_api import CDPSession, FloatRect, Locator, Page, expect

from tests.web.conftest import Contexts, api
from tests.web.screens import settled, shown_version, start_match, view

NAMES = ["Ann", "Bob", "Cy"]


def centre(locator: Locator) -> tuple[float, float]:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drawn_box(page: Page, locator: Locator) -> FloatRect:
    """Where ``locator`` is drawn, once it is: the page may redraw between a check that it is shown
    and the measure (a live event for the version it shows), and a box is not measured mid-redraw."""
    for _ in range(50):
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(100)
    raise AssertionError(f"{locator} is never drawn")


def touch(cdp: CDPSession, x: float, y: float) -> None:
    """A finger's tap at (x, y): down and up, as a phone's screen sends them."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def shown_at_once(page: Page, version: int) -> None:
    """Returns as soon as the page shows ``version`` with nothing waiting (a mutation observer in the
    page, not a poll from here: the next tap must land the moment the redraw is on screen, as a
    finger's second tap does)."""
    page.evaluate("""(v) => new Promise((resolve) => {
      const done = () => document.querySelector(`#app[aria-busy="false"] > #status-h[data-version="${v}"]`);
      if (done()) return resolve();
      new MutationObserver((_, watch) => { if (done()) { watch.disconnect(); resolve(); } })
        .observe(document.body, { subtree: true, childList: true, attributes: true });
    })""", version)


def play_forty_fives_round_but_the_last_card(server: str, match_id: str, token: str, last: str) -> int:
    """Turns up 2C and enters 14 of the round's 15 cards through the API (table mode takes any card,
    a revoke is only flagged); returns the seat whose card comes last."""
    actions = f"/v1/matches/{match_id}/actions"
    dealer = view(server, match_id, token)["to_act"][0]
    api(server, "POST", actions, token, {"type": "turn_up", "seat": dealer, "card": "2C"})
    deck = [f"{r}{s}" for s in "SDC" for r in ("3", "4", "5", "6", "7", "8")]
    cards = iter(c for c in deck if c != last)
    for _ in range(14):
        seat = view(server, match_id, token)["to_act"][0]
        api(server, "POST", actions, token, {"type": "play", "seat": seat, "card": next(cards)})
    return view(server, match_id, token)["to_act"][0]


def test_a_double_tap_on_the_last_card_enters_nothing_in_the_next_round(phones: Contexts, server: str) -> None:
    """The last card of a round tapped twice: the first tap enters it, the page redraws with the next
    round's turn-up grid under the finger, and the second tap (a moment after the redraw, on the same
    spot) enters nothing; the new round is announced. (The second tap entered a turn-up card for the
    next round, and nothing said that a round began.)"""
    page = phones.page()
    match_id, token = start_match(page, server, "forty_fives", NAMES)
    seat = play_forty_fives_round_but_the_last_card(server, match_id, token, "9H")
    card = page.locator(f'[data-seat="{seat}"] button[data-type="play"][data-card="9H"]')
    expect(card).to_be_enabled()
    x, y = centre(card)
    before = shown_version(page)
    cdp = page.context.new_cdp_session(page)
    touch(cdp, x, y)
    shown_at_once(page, before + 1)
    under = page.evaluate(
        "([x, y]) => { const b = document.elementFromPoint(x, y)?.closest('button');"
        " return b && !b.disabled ? b.dataset.type : null; }", [x, y])
    assert under == "turn_up", under  # the next round's turn-up grid is under the finger now
    touch(cdp, x, y)
    dealer = NAMES[view(server, match_id, token)["dealer"]]  # the first dealer is drawn: any
    expect(page.locator("#round-notice")).to_have_text(f"Round 2 has begun. Dealer: {dealer}.")
    expect(page.locator("#round-notice")).to_be_visible()
    expect(page.locator("#tap-notice")).to_be_visible()  # the second tap was held back, and said so
    # a real tap after it, elsewhere: entries are sent in order, so any entry of the second tap
    # would have landed before this one
    page.wait_for_timeout(1200)
    real = page.locator('button[data-type="turn_up"][data-card="AS"]')
    real.tap()
    settled(page, before + 2)
    v = view(server, match_id, token)
    assert v["round"] == 2 and v["turn_up"] == "AS", (v["round"], v.get("turn_up"))
    expect(page.locator("#round-notice")).to_have_count(0)


def test_a_refused_round_keeps_its_values_and_says_why_beside_the_field(phones: Contexts, server: str) -> None:
    """The whole round at once, refused (the tricks add up to 12 of 13): the form stays open with the
    eight values typed, and the reason shows beside the tricks; one value corrected, it is scored.
    (The form closed on the refusal and the values were lost.)"""
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", ["Ann", "Bob", "Cy", "Di"])
    page.locator("#enter-round").click()
    typed = {"rr-bid-0": "3", "rr-bid-1": "4", "rr-bid-2": "2", "rr-bid-3": "3",
             "rr-tricks-0": "3", "rr-tricks-1": "5", "rr-tricks-2": "2", "rr-tricks-3": "2"}
    for field, value in typed.items():
        page.locator(f"#{field}").fill(value)
    page.locator("#round-result button[type=submit]").click()
    reason = page.locator("#round-result .field-error:not([hidden])")
    expect(reason).to_contain_text("add up to 12")
    for field, value in typed.items():
        expect(page.locator(f"#{field}")).to_have_value(value)
    tricks = page.locator("#rr-tricks-0")
    expect(tricks).to_have_attribute("aria-invalid", "true")
    described = tricks.get_attribute("aria-describedby") or ""
    assert reason.first.get_attribute("id") in described.split(), described
    # beside the field: the reason's box starts just below the field's, in the same column
    box, near = tricks.bounding_box(), reason.first.bounding_box()
    assert box and near and 0 <= near["y"] - (box["y"] + box["height"]) < 40, (box, near)
    assert api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"] == []
    page.locator("#rr-tricks-3").fill("3")
    page.locator("#round-result button[type=submit]").click()
    expect(page.locator("#status-h")).to_contain_text("Round 2")
    expect(page.locator("#round-result")).to_have_count(0)
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    assert rounds[0]["tricks"] == [3, 5, 2, 3]


REVOKE_NAMES = ["Ann", "Bob", "Cy", "Di"]


def revoke_match(server: str, di_bid: int = 0) -> tuple[str, str]:
    """Boerenbridge in table mode (revoke penalty: the hand is lost), Ann deals, one card then two:
    round 1 scored at once, round 2 bid (Di bids ``di_bid``, the others 0) and played but for its
    last card, Di showing out of hearts in trick 1 and playing one in trick 2 (a revoke proven
    mid-hand). Returns (match id, referee token)."""
    created = api(server, "POST", "/v1/matches", None, {
        "ruleset": "boerenbridge", "players": REVOKE_NAMES, "mode": "table", "dealer": 0,
        "options": {"first_dealer_method": "fixed", "hand_size_schedule": "up", "revoke_penalty": "hand_lost"}})
    match_id, token = created["id"], created["referee_token"]
    actions = f"/v1/matches/{match_id}/actions"
    first = {"bids": [1, 1, 1, 1], "tricks": [1, 0, 0, 0]}
    api(server, "POST", actions, token, {"type": "round_result", "result": first})
    for seat in (2, 3, 0, 1):
        api(server, "POST", actions, token, {"type": "bid", "seat": seat, "amount": di_bid if seat == 3 else 0})
    for seat, card in ((2, "2H"), (3, "3C"), (0, "4H"), (1, "5H"), (1, "6H"), (2, "7H"), (3, "8H")):
        api(server, "POST", actions, token, {"type": "play", "seat": seat, "card": card})
    return match_id, token


def test_a_revoke_proven_mid_hand_shows_beside_the_card_buttons(phones: Contexts, server: str) -> None:
    """Di's revoke, proven by her card in trick 2, shows just above the card buttons the referee taps
    next, on the same screen. (It showed only in the finished tricks, about 3,000 px below them.)"""
    match_id, token = revoke_match(server)
    page = phones.page()
    page.goto(f"{server}/#/m/{match_id}/{token}")
    card = page.locator('[data-seat="0"] button[data-type="play"][data-card="9H"]')
    expect(card).to_be_enabled()
    near = page.locator("section.actions #revokes-now .revoke")
    expect(near).to_contain_text("Revoke by Di in trick 1")
    for shown in ("9H", "AC", "2S"):  # wherever in the 52 cards the finger is, the revoke is on screen
        page.locator(f'[data-seat="0"] button[data-card="{shown}"]').scroll_into_view_if_needed()
        expect(near).to_be_in_viewport()


def test_a_revoke_ruling_blocks_the_next_round_and_says_what_it_changed(phones: Contexts, server: str) -> None:
    """The round that proved Di's revoke ends; the ruling is offered where the referee taps next, and
    the next round's first entry (its bids, the whole round at once) waits until it is made: no tap
    can close it unseen. Applied, the page says what it changed. (The ruling sat below the next
    round's grid, a bid closed it, and applying it said nothing.)"""
    match_id, token = revoke_match(server)
    page = phones.page()
    page.goto(f"{server}/#/m/{match_id}/{token}")
    before = shown_version(page)
    page.locator('[data-seat="0"] button[data-type="play"][data-card="9H"]').click()
    settled(page, before + 1)
    settle = page.locator("#settle")
    expect(settle).to_be_visible()
    expect(page.locator("#settle-first")).to_contain_text("next round")
    expect(page.locator("button[data-bid]")).to_have_count(0)
    expect(page.locator("#enter-round")).to_have_count(0)
    settle_top = drawn_box(page, settle)
    status = drawn_box(page, page.locator("section.status"))
    assert settle_top and status and settle_top["y"] < status["y"] + status["height"] + 400, settle_top
    assert view(server, match_id, token)["scores"] == [12, 1, 20, 20]
    page.locator('#settle button[data-ruling="apply"]').click()
    settled(page, before + 2)
    expect(page.locator("#ruling-notice")).to_have_text("Penalty applied for Di's revoke in trick 1: Di 20 → 0.")
    assert view(server, match_id, token)["scores"] == [12, 1, 20, 0]
    expect(page.locator("#settle")).to_have_count(0)
    expect(page.locator("button[data-bid]").first).to_be_visible()
    expect(page.locator("#enter-round")).to_be_visible()


def test_a_ruling_that_changes_no_score_says_why(phones: Contexts, server: str) -> None:
    """The penalty (the hand is lost) applied to Di, who had missed her bid anyway: the page says that
    no score changed, and why."""
    match_id, token = revoke_match(server, di_bid=1)
    api(server, "POST", f"/v1/matches/{match_id}/actions", token, {"type": "play", "seat": 0, "card": "9H"})
    scores = view(server, match_id, token)["scores"]
    page = phones.page()
    page.goto(f"{server}/#/m/{match_id}/{token}")
    before = shown_version(page)
    page.locator('#settle button[data-ruling="apply"]').click()
    settled(page, before + 1)
    assert view(server, match_id, token)["scores"] == scores
    expect(page.locator("#ruling-notice")).to_have_text(
        "Penalty applied for Di's revoke in trick 1. No score changed: the round as played already gave Di what the"
        " penalty gives.")


def test_undo_names_what_it_takes_back(phones: Contexts, server: str) -> None:
    """The undo button names the entry it takes back, and after an undo the one before it."""
    page = phones.page()
    match_id, token = start_match(page, server, "forty_fives", NAMES)
    dealer = NAMES[view(server, match_id, token)["dealer"]]
    page.locator('button[data-type="turn_up"][data-card="2C"]').click()
    undo = page.locator("#undo")
    expect(undo).to_have_text(f"Undo: {dealer}: Turn up 2♣")
    seat = view(server, match_id, token)["to_act"][0]
    page.locator(f'[data-seat="{seat}"] button[data-type="play"][data-card="9H"]').click()
    expect(undo).to_have_text(f"Undo: {NAMES[seat]}: Play 9♥")
    before = shown_version(page)
    undo.click()
    settled(page, before + 1)
    expect(undo).to_have_text(f"Undo: {dealer}: Turn up 2♣")
    api(server, "POST", f"/v1/matches/{match_id}/actions", token, {"type": "play", "seat": seat, "card": "KS"})
    expect(undo).to_have_text(f"Undo: {NAMES[seat]}: Play K♠")  # an entry made elsewhere, named too


def test_the_brand_link_is_a_full_size_target(phones: Contexts, server: str) -> None:
    """The link home at the top (the one target under 44 px) is as tall as the other targets."""
    page = phones.page()
    page.goto(server + "/")
    box = page.locator(".brand").bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, box
