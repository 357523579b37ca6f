"""The end of a match, and the scores by round, in a real browser: a chart the page draws itself
(one line per side through the running scores, its numbers in text); the result shared as text
(the phone's share sheet, else the clipboard), in the page's language; a rematch with the same
players and rules, the next seat dealing first."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from playwright.sync_api import Locator, expect

from tests.web.conftest import Contexts, api, axe_violations, route_of, small_targets
from tests.web.test_score_sheet import LONG, four_rounds_and_a_capped_one, open_match

#: navigator.share replaced by one that keeps what it is given (a phone's share sheet)
SHARE_STUB = """
window.__shared = [];
navigator.share = (data) => { window.__shared.push(data.text); return Promise.resolve(); };
"""
#: no share sheet (a desktop browser): the clipboard's writeText keeps what it is given
CLIPBOARD_STUB = """
delete Navigator.prototype.share;
window.__copied = [];
const writeText = (text) => { window.__copied.push(text); return Promise.resolve(); };
Object.defineProperty(navigator, 'clipboard', { value: { writeText } });
"""


def two_rounds(server: str) -> tuple[str, str, list[list[int]]]:
    created = api(server, "POST", "/v1/matches", None, {"ruleset": "boerenbridge", "players": LONG, "mode": "table"})
    match_id, token = created["id"], created["referee_token"]
    for bids, tricks in (([13, 1, 0, 0], [13, 0, 0, 0]), ([12, 0, 0, 0], [12, 0, 0, 1])):
        api(server, "POST", f"/v1/matches/{match_id}/actions", token,
            {"type": "round_result", "result": {"bids": bids, "tricks": tricks}})
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    return match_id, token, [r["scores"] for r in rounds]


def points_of(line: Locator) -> list[tuple[float, float]]:
    """A polyline's points as (x, y) pairs."""
    pairs = [p.split(",") for p in (line.get_attribute("points") or "").split()]
    return [(float(x), float(y)) for x, y in pairs]


def test_chart_after_two_rounds_has_a_line_per_player_through_the_scores(phones: Contexts, server: str, shot) -> None:
    match_id, token, scores = two_rounds(server)
    page = phones.page()
    open_match(page, server, match_id, token)
    chart = page.locator("svg#score-chart")
    expect(chart).to_be_visible()
    lines = chart.locator("polyline")
    expect(lines).to_have_count(4)
    for side in range(4):
        line = lines.nth(side)
        want = [0, scores[0][side], scores[1][side]]
        assert line.get_attribute("data-scores") == ",".join(map(str, want))
        points = points_of(line)
        assert len(points) == 3 and points[0][0] < points[1][0] < points[2][0], points
        # higher scores are drawn higher (smaller y), equal scores at the same height
        for ((_, ya), (_, yb)), (va, vb) in zip(pairwise(points), pairwise(want), strict=True):
            assert (ya > yb) == (vb > va) and (ya == yb) == (va == vb), (side, points, want)
    # the same points for the same scores, whoever's line they are on
    heights = {v: y for side in range(4)
               for v, (_, y) in zip([0, scores[0][side], scores[1][side]], points_of(lines.nth(side)), strict=True)}
    assert len(set(heights.values())) == len(heights), heights
    # read out: a title and a description with every number, a key in text
    assert page.evaluate("document.querySelector('#score-chart').getAttribute('role')") == "img"
    expect(chart.locator("title")).to_have_text("Scores by round")
    desc = chart.locator("desc").text_content() or ""
    assert "After rounds 1, 2" in desc, desc
    for side, name in enumerate(LONG):
        assert f"{name}: {scores[0][side]}, {scores[1][side]}" in desc, desc
        expect(page.locator("#chart-key li").nth(side)).to_have_text(f"{name}: {scores[1][side]}")
    box = chart.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["height"] > 120, box
    violations = axe_violations(page)
    assert not violations, violations
    assert not (small := small_targets(page)), small
    chart.scroll_into_view_if_needed()
    shot(page, "score-chart", full_page=False)


def finished(server: str) -> tuple[str, str]:
    match_id, token = four_rounds_and_a_capped_one(server)
    v = api(server, "GET", f"/v1/matches/{match_id}", token)
    assert v["status"] == "finished" and v["winners"] == [0], (v["status"], v["winners"])
    return match_id, token


def test_share_the_result_with_the_share_sheet(phones: Contexts, server: str) -> None:
    match_id, token = finished(server)
    ctx = phones.new()
    ctx.add_init_script(SHARE_STUB)
    page = ctx.new_page()
    open_match(page, server, match_id, token)
    page.locator("#share-result").click()
    page.wait_for_function("window.__shared.length === 1")
    text = page.evaluate("window.__shared[0]")
    scores = api(server, "GET", f"/v1/matches/{match_id}", token)["scores"]
    assert text == "Boerenbridge: Winner: Nyoman Sudarsana. " + ", ".join(
        f"{name} {s}" for name, s in zip(LONG, scores, strict=True)) + ".", text
    violations = axe_violations(page)
    assert not violations, violations
    assert not (small := small_targets(page)), small


def test_share_the_result_by_the_clipboard_in_indonesian(phones: Contexts, server: str) -> None:
    match_id, token = finished(server)
    ctx = phones.new(locale="id-ID")
    ctx.add_init_script(CLIPBOARD_STUB)
    page = ctx.new_page()
    open_match(page, server, match_id, token)
    expect(page.locator("#share-result")).to_have_text("Bagikan hasil")
    page.locator("#share-result").click()
    expect(page.locator("#share-done")).to_have_text("Hasil sudah disalin: tempel di pesan.")
    text = page.evaluate("window.__copied[0]")
    assert text.startswith("Boerenbridge: Pemenang: Nyoman Sudarsana. Nyoman Sudarsana 100, Ketut Wirawan "), text
    violations = axe_violations(page)
    assert not violations, violations


#: no share sheet and a clipboard that refuses (a page over plain HTTP at a LAN address has none)
NO_CLIPBOARD_STUB = """
delete Navigator.prototype.share;
const writeText = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
Object.defineProperty(navigator, 'clipboard', { value: { writeText } });
"""


def test_share_the_result_to_copy_by_hand_in_tagalog(phones: Contexts, server: str) -> None:
    match_id, token = finished(server)
    ctx = phones.new(locale="fil-PH")
    ctx.add_init_script(NO_CLIPBOARD_STUB)
    page = ctx.new_page()
    open_match(page, server, match_id, token)
    page.locator("#share-result").click()
    box = page.locator("#share-text")
    expect(box).to_be_visible()
    expect(page.locator('label[for="share-text"]')).to_have_text("Kopyahin ang resulta mula rito:")
    text = box.input_value()
    assert text.startswith("Boerenbridge: Nanalo: Nyoman Sudarsana. Nyoman Sudarsana 100, "), text
    violations = axe_violations(page)
    assert not violations, violations


def test_rematch_same_players_next_dealer(phones: Contexts, server: str) -> None:
    match_id, token = finished(server)
    events = api(server, "GET", f"/v1/matches/{match_id}/events?after=0&limit=1", token)["events"]
    first = events[0]["first_dealer"]["dealer"]
    page = phones.page()
    open_match(page, server, match_id, token)
    nxt = (first + 1) % 4
    button = page.locator("#rematch")
    expect(button).to_have_text(f"Play again: {LONG[nxt]} deals first")
    button.click()
    page.wait_for_url(lambda url: "#/m/" in url and match_id not in url)
    expect(page.locator("#status-h")).to_contain_text("Round 1")
    new_id, new_token = route_of(page)
    old = api(server, "GET", f"/v1/matches/{match_id}", token)
    new = api(server, "GET", f"/v1/matches/{new_id}", new_token)
    assert new["status"] == "in_progress" and new["scores"] == [0, 0, 0, 0]
    assert (new["ruleset"], new["mode"], new["names"], new["options"]) == (
        old["ruleset"], old["mode"], old["names"], old["options"])
    created = api(server, "GET", f"/v1/matches/{new_id}/events?after=0&limit=1", new_token)["events"][0]
    assert created["first_dealer"] == {"method": "given", "dealer": nxt}, created["first_dealer"]
    expect(page.locator("#dealer")).to_have_text(LONG[nxt])
    # the new match is on this device's list of matches
    page.goto(server + "/")
    expect(page.locator(".recent li").first).to_contain_text(LONG[0])
    assert new_id in (page.locator(".recent li a").first.get_attribute("href") or "")


def test_rematch_keeps_computer_seats(phones: Contexts, server: str) -> None:
    """The rematch's request from a create event with a computer seat: the computer plays the same
    seat again, at its level; the dealer after the last seat is the first."""
    page = phones.page()
    page.goto(server + "/")
    expect(page.locator("button.game").first).to_be_visible()
    created: dict[str, Any] = {
        "ruleset": "forty_fives", "mode": "dealt", "players": ["Ann", "Bob"], "options": {"players": 2},
        "dealer": 1, "first_dealer": {"method": "random", "dealer": 1}, "computers": [None, "easy"]}
    body = page.evaluate("async (c) => (await import('/web/js/finish.js')).rematchBody(c)", created)
    assert body == {"ruleset": "forty_fives", "mode": "dealt", "players": ["Ann", {"name": "Bob", "computer": "easy"}],
                    "options": {"players": 2}, "dealer": 0}, body
    made = api(server, "POST", "/v1/matches", None, body)
    events = api(server, "GET", f"/v1/matches/{made['id']}/events?after=0&limit=1", made["referee_token"])["events"]
    assert events[0]["computers"] == [None, "easy"] and events[0]["first_dealer"]["dealer"] == 0
