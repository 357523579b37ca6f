"""How the page follows a match: a change made elsewhere (another device, straight through the API)
shows on the page, whether the service streams it or the page has to poll; and the page reads the
Server-Sent Events format as the stream sends it, resuming with Last-Event-ID."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

from playwright.sync_api import Route, expect

from tests.web.conftest import LIVE_TIMEOUT_MS, Contexts, api
from tests.web.screens import start_match, view

NAMES = ["Ann", "Bob", "Cy", "Di"]


def test_a_change_made_elsewhere_shows_within_the_live_timeout(phones: Contexts, server: str) -> None:
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    seat = view(server, match_id, token)["to_act"][0]
    api(server, "POST", f"/v1/matches/{match_id}/actions", token, {"type": "bid", "seat": seat, "amount": 2})
    posted = time.monotonic()
    expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text("2", timeout=LIVE_TIMEOUT_MS)
    assert time.monotonic() - posted < LIVE_TIMEOUT_MS / 1000
    # the page follows the stream where the service has one, and polls where it has none
    following = "live" if has_stream(server, match_id, token) else "live (checking every second)"
    expect(page.locator("#live-state")).to_have_text(following)


def has_stream(server: str, match_id: str, token: str) -> bool:
    request = urllib.request.Request(
        f"{server}/v1/matches/{match_id}/stream", headers={"Authorization": f"Bearer {token}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.headers.get_content_type() == "text/event-stream"
    except urllib.error.HTTPError as err:
        assert err.code in (404, 405), err.code
        return False


def test_stream_events_are_read_and_resumed(phones: Contexts, server: str) -> None:
    page = phones.page()
    asked: list[dict[str, str]] = []
    body: dict[str, str] = {"text": ": nothing yet\n\n"}

    def stream(route: Route) -> None:
        asked.append(route.request.headers)
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body["text"])

    page.route("**/v1/matches/*/stream*", stream)
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    expect(page.locator("#live-state")).to_have_text("live")
    seat = view(server, match_id, token)["to_act"][0]
    api(server, "POST", f"/v1/matches/{match_id}/actions", token, {"type": "bid", "seat": seat, "amount": 3})
    page.wait_for_timeout(1500)  # streaming: the page does not poll, so nothing shows until an event
    expect(page.locator("td[data-bid-seat]")).to_have_count(0)
    events = api(server, "GET", f"/v1/matches/{match_id}/events", token)["events"]
    last = events[-1]
    new_view = view(server, match_id, token)
    body["text"] = (
        f"event: action\r\nid: {last['seq']}\r\ndata: {json.dumps(last)}\r\n\r\n"
        f": keep-alive\n\nevent: view\ndata: {json.dumps(new_view)}\n\n"
    )
    expect(page.locator(f'td[data-bid-seat="{seat}"]')).to_have_text("3", timeout=LIVE_TIMEOUT_MS)
    body["text"] = 'event: end\ndata: {"reason": "timeout"}\n\n'  # the stream's lifetime: reconnect
    count = len(asked)
    page.wait_for_timeout(2500)
    assert len(asked) > count
    expect(page.locator("#error")).to_be_empty()
    body["text"] = 'event: end\ndata: {"reason": "deleted"}\n\n'
    expect(page.locator("#error")).to_contain_text("deleted", timeout=LIVE_TIMEOUT_MS)
    resumed = [h.get("last-event-id") for h in asked]
    assert str(last["seq"]) in resumed
    assert all(h.get("authorization") == f"Bearer {token}" for h in asked)
    count = len(asked)
    page.wait_for_timeout(1500)
    assert len(asked) == count  # an ended stream is not opened again
