"""Dealt mode in a real browser: the referee's page shows a link and a QR code per seat; a
Forty-Fives hand played from three more browser contexts (one phone per seat), each showing only
its own hand, each following the others' plays live."""

from __future__ import annotations

import time
import urllib.error

from playwright.sync_api import Page, expect

from service.rules.cards import Card
from tests.web.conftest import LIVE_TIMEOUT_MS, Contexts, api, axe_violations, route_of, small_targets
from tests.web.screens import enabled_cards, start_match, view

NAMES = ["Ann", "Bob", "Cy"]


def spectator_served(server: str, match_id: str, token: str) -> bool:
    try:
        view(server, match_id, token)
    except urllib.error.HTTPError as err:
        assert err.code == 501, err.code  # the game does not serve spectators yet
        return False
    return True


def plays_shown(page: Page) -> int:
    return page.locator(".current-trick .plays li").count() + page.locator("#tricks-done > li .plays li").count()


def rob_turned_ace(page: Page, server: str, match_id: str, others: list[Page]) -> None:
    """A turned-up ace (one deal in thirteen): under the default dealer_turned_ace
    (must_rob_before_first_lead, docs/rules/forty-fives.md §2.5) the dealer must rob it before the
    opening lead. The dealer's phone says it is their turn and offers a discard of each card held;
    the rob puts the ace in the hand and the discard out of it, and no other phone is shown it."""
    token = route_of(page)[1]
    before = view(server, match_id, token)
    assert before["phase"] == "dealer_rob" and before["to_act"] == [before["viewer"]["seat"]], before["phase"]
    ace = before["turn_up"]
    expect(page.locator("#hand > p")).to_have_text("Your turn: choose below your hand", timeout=LIVE_TIMEOUT_MS)
    expect(page.locator('#hand button[data-type="play"]:not([disabled])')).to_have_count(0)
    robs = page.locator('button[data-type="rob"]')
    expect(robs).to_have_count(len(before["hand"]))
    for other in others:
        expect(other.locator("#hand > p")).to_have_text("Waiting for the others")
        expect(other.locator('button[data-type="rob"]')).to_have_count(0)
    discard = next(a["card"] for a in before["legal_actions"] if a["type"] == "rob")
    page.get_by_role("button", name=f"Rob {discard_label(discard)}", exact=True).click()
    expect(page.locator(f'#hand button[data-card="{ace}"]')).to_have_count(1, timeout=LIVE_TIMEOUT_MS)
    expect(page.locator(f'#hand button[data-card="{discard}"]')).to_have_count(0)
    after = view(server, match_id, token)
    assert after["phase"] == "play" and ace in after["hand"] and discard not in after["hand"]
    for other in others:  # the rob reaches every phone; the discard is face down: no other phone names it
        expect(other.locator("#app")).not_to_contain_text("dealer robs", timeout=LIVE_TIMEOUT_MS)
        assert discard_label(discard) not in other.locator("#app").inner_text()


def discard_label(card: str) -> str:
    """How the page writes a card on a button (cards.js ``short``), as the rules' explanations do."""
    return f"{Card.parse(card):sym}"


def test_forty_fives_dealt_hand_on_three_phones(phones: Contexts, server: str, shot) -> None:
    referee = phones.page()
    match_id, token = start_match(referee, server, "forty_fives", NAMES, mode="dealt")
    links = referee.locator("#share .seat-link[data-seat] a")
    expect(links).to_have_count(len(NAMES))
    expect(referee.locator("#share .seat-link[data-seat] canvas")).to_have_count(len(NAMES))
    spectator_token = referee.evaluate("JSON.parse(localStorage.getItem('tr.recent'))[0].spectator")
    spectator = None
    if spectator_token is not None:  # the service gives one (the live issue): a link and a code for it too
        expect(referee.locator("#share .seat-link[data-spectator] canvas")).to_have_count(1)
        spectator = phones.page()
        spectator.goto(referee.locator("#share .seat-link[data-spectator] a").get_attribute("href"))
        if spectator_served(server, match_id, spectator_token):
            expect(spectator.locator("#status-h")).to_be_visible()
            expect(spectator.locator("#hand")).to_have_count(0)
            expect(spectator.locator("button[data-card]")).to_have_count(0)
        else:  # a game that cannot show a spectator its view yet: the page says so, and follows nothing
            expect(spectator.locator("#app [role=alert]")).not_to_be_empty()
            spectator = None
    shot(referee, "dealt-links")
    violations = axe_violations(referee)
    assert not violations, violations
    assert not (small := small_targets(referee)), small
    urls = links.evaluate_all("els => els.map(e => e.href)")

    # each code carries its seat's invitation: the phone that opens it claims the seat and keeps its
    # token; nothing is dealt before the last seat is claimed
    assert all("#/c/" in url for url in urls), urls
    seats: list[Page] = []
    hands: list[list[str]] = []
    for seat, url in enumerate(urls):
        page = phones.page()
        page.goto(url)
        page.wait_for_url("**#/m/**")
        if seat < len(urls) - 1:
            expect(page.locator("#waiting")).to_be_visible()
            expect(page.locator("#hand")).to_have_count(0)
        seats.append(page)
    for seat, page in enumerate(seats):
        expect(page.locator("#hand")).to_be_visible(timeout=LIVE_TIMEOUT_MS)  # the start reaches it live
        assert route_of(page)[0] == match_id
        hand = view(server, match_id, route_of(page)[1])["hand"]
        shown = page.locator("#hand button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(shown) == sorted(hand) and len(hand) == 5, (seat, shown, hand)
        hands.append(hand)
    # the referee of a dealt match sees no hand (it was not created with referee_sees_hands)
    assert "hands" not in view(server, match_id, token) and view(server, match_id, token)["hand"] is None
    for seat, page in enumerate(seats):
        others = {c for s, h in enumerate(hands) if s != seat for c in h}
        assert not others & set(page.locator("#app").inner_text().split())

    if view(server, match_id, token)["phase"] == "dealer_rob":
        dealer = view(server, match_id, token)["dealer"]
        rob_turned_ace(seats[dealer], server, match_id, [p for s, p in enumerate(seats) if s != dealer])

    delays = []
    for n in range(15):
        v = view(server, match_id, token)
        assert v["round"] == 1 and v["status"] == "in_progress", n
        to_play = v["to_act"][0]
        page = seats[to_play]
        cards = enabled_cards(page, timeout=LIVE_TIMEOUT_MS)  # its turn reaches it through the stream
        assert cards, (n, to_play)
        seat_view = view(server, match_id, route_of(page)[1])
        legal = {a["card"] for a in seat_view["legal_actions"] if a["type"] == "play"}
        assert set(cards) == legal, (n, cards, legal)  # the legal cards of its hand, and only those
        for other, p in enumerate(seats):
            if other != to_play:  # only the seat to play may play
                expect(p.locator('button[data-type="play"]:not([disabled])')).to_have_count(0, timeout=LIVE_TIMEOUT_MS)
        followers = [p for other, p in enumerate(seats) if other != to_play] + ([spectator] if spectator else [])
        before = [plays_shown(p) for p in followers]
        page.locator(f'#hand button[data-card="{cards[0]}"]').click()
        posted = time.monotonic()
        if n < 14:  # (the last card of the hand is followed by a new deal, which may hold it again)
            expect(page.locator(f'#hand button[data-card="{cards[0]}"]')).to_have_count(0)  # out of the hand
        if n == 4:
            shot(page, "dealt-seat")
            violations = axe_violations(page)
            assert not violations, violations
            assert not (small := small_targets(page)), small
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
        if n == 14:
            break
        for p, shown_before in zip(followers, before, strict=True):
            # each play shows on every other phone and the spectator's screen (the trick, or the
            # finished tricks once it is full)
            expect(p.locator(".current-trick .plays li, #tricks-done > li .plays li")).to_have_count(
                shown_before + 1, timeout=LIVE_TIMEOUT_MS
            )
            delays.append(time.monotonic() - posted)
    for p in [*seats, referee] + ([spectator] if spectator else []):
        expect(p.locator("#status-h")).to_contain_text("Round 2", timeout=LIVE_TIMEOUT_MS)
    assert len(view(server, match_id, token)["history"]) == 1
    assert max(delays) < LIVE_TIMEOUT_MS / 1000
    shot(referee, "dealt-referee")
    if spectator:
        shot(spectator, "dealt-spectator")


def test_the_dealer_robs_a_turned_up_ace_from_their_phone(phones: Contexts, server: str) -> None:
    body = {"ruleset": "forty_fives", "mode": "dealt", "players": NAMES}
    for _ in range(300):  # a turned-up ace is one deal in thirteen
        created = api(server, "POST", "/v1/matches", body=body)
        if created["view"]["phase"] == "dealer_rob":
            break
    else:
        raise AssertionError("no turned-up ace in 300 deals")
    match_id, dealer = created["id"], created["view"]["dealer"]
    seats = []
    for seat in created["seats"]:
        page = phones.page()
        page.goto(f"{server}/#/m/{match_id}/{seat['token']}")
        expect(page.locator("#hand")).to_be_visible()
        seats.append(page)
    rob_turned_ace(seats[dealer], server, match_id, [p for s, p in enumerate(seats) if s != dealer])
    leader = view(server, match_id, created["referee_token"])["to_act"][0]
    assert enabled_cards(seats[leader], timeout=LIVE_TIMEOUT_MS)  # then the opening lead, on its phone
