"""The score sheet on a 360 px phone: four players' columns all on screen (long names shortened,
no number broken over lines), a one-line legend, a capped round that explains itself; seven
players' sheet scrolls sideways with its round column kept in place and a visible sign that it
scrolls."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import Contexts, api, axe_violations, small_targets

LONG = ["Nyoman Sudarsana", "Ketut Wirawan", "Maria Clara Santos", "Juan Dela Cruz"]


def open_match(page: Page, server: str, match_id: str, token: str) -> None:
    page.goto(f"{server}/#/m/{match_id}/{token}")
    expect(page.locator("#score-sheet")).to_be_visible()


def four_rounds_and_a_capped_one(server: str) -> tuple[str, str]:
    """Nyoman bids and takes 13 three times (69) then 12 (91); from 80 on he does not bid, and his 12
    tricks in round 5 make 103: capped at 100 (overshoot_rule "cap", the default)."""
    created = api(server, "POST", "/v1/matches", None, {"ruleset": "boerenbridge", "players": LONG, "mode": "table"})
    match_id, token = created["id"], created["referee_token"]
    actions = f"/v1/matches/{match_id}/actions"
    for bids, tricks in (([13, 1, 0, 0], [13, 0, 0, 0]),) * 3 + (([12, 0, 0, 0], [12, 1, 0, 0]),):
        api(server, "POST", actions, token, {"type": "round_result", "result": {"bids": bids, "tricks": tricks}})
    v = api(server, "GET", f"/v1/matches/{match_id}", token)
    assert v["scores"][0] == 91, v["scores"]
    bids = [None if not active else 0 for active in v["bidding"]["active"]]
    api(server, "POST", actions, token, {"type": "round_result", "result": {"bids": bids, "tricks": [12, 1, 0, 0]}})
    assert api(server, "GET", f"/v1/matches/{match_id}", token)["scores"][0] == 100
    return match_id, token


def test_four_players_fit_at_360_px(phones: Contexts, server: str, shot) -> None:
    match_id, token = four_rounds_and_a_capped_one(server)
    page = phones.page()
    open_match(page, server, match_id, token)
    sheet = page.locator("#score-sheet")
    sheet.scroll_into_view_if_needed()
    # every player's column on screen, nothing to scroll
    heads = sheet.locator("thead th")
    expect(heads).to_have_count(5)
    for i in range(5):
        box = heads.nth(i).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, (i, box)
    assert page.evaluate("(() => { const s = document.querySelector('#score-sheet').parentElement;"
                         " return s.scrollWidth <= s.clientWidth; })()")
    # no number broken over lines: each number of a cell is one line box
    broken = page.evaluate("""[...document.querySelectorAll('#score-sheet td .num')]
        .filter((el) => el.getClientRects().length !== 1 || el.getBoundingClientRect().height > 30)
        .map((el) => el.textContent)""")
    assert not broken, broken
    assert page.locator("#score-sheet td .num").count() >= 20
    # a one-line legend
    legend = page.locator("#score-legend")
    expect(legend).to_be_visible()
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#score-legend')).lineHeight)")
    box = legend.bounding_box()
    assert box and box["height"] < 1.5 * line, (box, line)
    # the capped round explains itself: 91 + 12 = 103, capped at 100
    expect(page.locator("#score-sheet tbody tr").nth(4).locator("td").first).to_contain_text("100*")
    expect(page.locator("#score-notes")).to_contain_text("Round 5, Nyoman Sudarsana: 91 + 12 = 103")
    expect(page.locator("#score-notes")).to_contain_text("100")
    shot(page, "score-sheet-4")
    violations = axe_violations(page)
    assert not violations, violations
    assert not (small := small_targets(page)), small


def test_seven_players_scroll_with_the_round_column_kept_and_a_sign(phones: Contexts, server: str) -> None:
    names = ["Ann", "Bob", "Cy", "Di", "Eko", "Fe", "Gus"]
    created = api(server, "POST", "/v1/matches", None, {
        "ruleset": "boerenbridge", "players": names, "mode": "table", "options": {"hand_size_schedule": "up"}})
    match_id, token = created["id"], created["referee_token"]
    page = phones.page()
    open_match(page, server, match_id, token)
    scroller = page.locator("#score-sheet").locator("xpath=..")
    assert page.evaluate("(() => { const s = document.querySelector('#score-sheet').parentElement;"
                         " return s.scrollWidth > s.clientWidth; })()")
    expect(page.locator("#score-scroll-sign")).to_be_visible()
    first = page.locator("#score-sheet thead th").first
    left = first.bounding_box()
    scroller.evaluate("(s) => { s.scrollLeft = s.scrollWidth; }")
    page.wait_for_timeout(100)
    after = first.bounding_box()
    assert left and after and abs(after["x"] - left["x"]) < 2, (left, after)  # the round column stays
    last = page.locator("#score-sheet thead th").last.bounding_box()
    assert last and last["x"] + last["width"] <= 360, last  # the last player reached by scrolling


def test_avinas_total_counts_rams_and_a_hand_says_why(phones: Contexts, server: str) -> None:
    """Avinas: Team 1 declares sevens and takes 88 card points: Team 2 is due a ram. The total row
    shows the rams each side holds, the hand's row the card points (88/32), and a line says why.
    (The total row showed "0 | 0" after a team took a ram.)"""
    created = api(server, "POST", "/v1/matches", None,
                  {"ruleset": "avinas", "players": ["Ann", "Bob", "Cy", "Di"], "mode": "table"})
    match_id, token = created["id"], created["referee_token"]
    api(server, "POST", f"/v1/matches/{match_id}/actions", token, {"type": "round_result", "result": {
        "game": "sevens", "declarer": 0, "knocks": 0, "declarer_points": 88, "declarer_tricks": 5, "lied": False}})
    page = phones.page()
    open_match(page, server, match_id, token)
    total = page.locator("#score-sheet tbody tr").last.locator("td")
    expect(total.nth(0)).to_have_text("rams 0, pips 0")
    expect(total.nth(1)).to_have_text("rams 1, pips 0")
    hand = page.locator("#score-sheet tbody tr").first.locator("td")
    expect(hand.nth(0)).to_contain_text("88 card points")
    expect(hand.nth(1)).to_contain_text("32 card points")
    expect(page.locator("#hand-notes")).to_have_text(
        "Round 1: Ann declared; the declaring side took 88 card points and 5 tricks; Team 2 (Bob & Di): rams +1.")
