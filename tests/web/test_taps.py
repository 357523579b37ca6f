"""A tap while the page redraws (another device's entry arrives through the stream between the
finger going down and coming up): it lands on what the person pressed, or does nothing; never on
another entry that moved under the finger, and it is not lost when what was pressed is still there.

The presses are held with the mouse (Playwright's) and with a finger (chromium's touch input over
CDP, as a phone's screen sends it), and the redraw is made to happen between press and release."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from tests.web.conftest import Contexts, api
from tests.web.screens import settled, shown_version, start_match, view

NAMES = ["Ann", "Bob", "Cy", "Di"]


def centre(locator: Locator) -> tuple[float, float]:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def bid_elsewhere(page: Page, server: str, match_id: str, token: str, seat: int, amount: int) -> None:
    """A bid entered on another device; returns once this page shows it (it has redrawn)."""
    api(server, "POST", f"/v1/matches/{match_id}/actions", token, {"type": "bid", "seat": seat, "amount": amount})
    expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text(str(amount))


def bids(server: str, match_id: str, token: str) -> list[int | None]:
    return view(server, match_id, token)["bidding"]["bids"]


def test_a_press_held_through_a_redraw_enters_what_was_pressed(phones: Contexts, server: str) -> None:
    """The mouse goes down on Ann's bid of 2; Bob's bid arrives and the page redraws every button;
    the mouse comes up on the new button that means the same (Ann bids 2): Ann's bid is entered.
    (The browser gave no click at all, as the button pressed was gone: the tap was lost, the cause
    of the table-mode tests' rare 'the entry did not land'.)"""
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    to_act = view(server, match_id, token)["to_act"]  # simultaneous bidding: the three before the hook
    ann, bob = to_act[0], to_act[1]
    x, y = centre(page.locator(f'[data-seat="{ann}"] button[data-bid="2"]'))
    before = shown_version(page)
    page.mouse.move(x, y)
    page.mouse.down()
    bid_elsewhere(page, server, match_id, token, bob, 3)
    page.mouse.up()
    settled(page, before + 2)
    assert bids(server, match_id, token)[ann] == 2
    expect(page.locator(f'td[data-bid-seat="{ann}"]')).to_have_text("2")


def test_a_finger_held_while_another_entry_moves_under_it_enters_nothing(phones: Contexts, server: str) -> None:
    """A finger goes down on the first bidder's bid of 2; that bid is entered on another device
    (4), the first bidder's buttons go away and the second bidder's move up under the finger; the
    finger comes up on the second bidder's 2, which the person never pressed: nothing is entered.
    (The browser's tap went to the element under the finger at release: it entered the second
    bidder's 2.)"""
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    first, second, third = view(server, match_id, token)["to_act"]
    x, y = centre(page.locator(f'[data-seat="{first}"] button[data-bid="2"]'))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    bid_elsewhere(page, server, match_id, token, first, 4)
    under = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('[data-seat]')?.dataset.seat", [x, y])
    assert under == str(second), under  # the second bidder's buttons are under the finger now
    before = shown_version(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    # the next tap, a real one: entries are sent one after the other, so once it has landed any
    # entry the lifted finger made would have landed before it
    page.locator(f'[data-seat="{third}"] button[data-bid="1"]').tap()
    settled(page, before + 1)
    assert bids(server, match_id, token) == [4 if s == first else 1 if s == third else None for s in range(4)]
    expect(page.locator(f'td[data-bid-seat="{second}"]')).to_have_text("—")
