"""Issue 34 on the page: a dealt match started from the start screen gives each seat an invitation
(its QR code and link); the phone that opens it claims the seat with an entropy of its own and
keeps the token; the invitation works once (another phone is told the seat is taken, the same
phone goes back to its seat); the referee sees which seats are taken and may start without the
others."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import LIVE_TIMEOUT_MS, Contexts, api, axe_violations, route_of
from tests.web.screens import start_match, view

NAMES = ["Ann", "Bob", "Cy"]


def test_an_invitation_is_claimed_once_and_the_referee_starts_without_the_others(
    phones: Contexts, server: str
) -> None:
    referee = phones.page()
    match_id, token = start_match(referee, server, "forty_fives", NAMES, mode="dealt")
    codes = referee.locator("#share .seat-link[data-seat] canvas")
    expect(codes).to_have_count(len(NAMES))
    links = referee.locator("#share .seat-link[data-seat] a").evaluate_all("els => els.map(e => e.href)")
    texts = codes.evaluate_all("els => els.map(e => e.dataset.text)")
    assert texts == links and all("#/c/" in url for url in links), links
    # the creator's device holds invitations, never a seat's token
    kept = referee.evaluate("JSON.parse(localStorage.getItem('tr.recent'))[0].seats")
    assert all(s["token"] is None and s["invite"] for s in kept), kept
    expect(referee.locator("#waiting")).to_contain_text("0 of 3")

    phone = phones.page()
    phone.goto(links[0])
    phone.wait_for_url("**#/m/**")
    seat_token = route_of(phone)[1]
    mine = view(server, match_id, seat_token)
    assert mine["viewer"] == {"role": "seat", "seat": 0} and mine["waiting_for_seats"]
    expect(phone.locator("#waiting")).to_be_visible()
    # the commitment a player notes, to check the record against at the end (--commitment)
    expect(phone.locator("#seed-commitment")).to_have_text(mine["seed_commitment"])
    expect(phone.locator("#referee-sees")).to_have_count(0)
    expect(phone.locator("#start-now")).to_have_count(0)  # a seat cannot start the match
    record = api(server, "GET", f"/v1/matches/{match_id}/record", seat_token)
    assert record["entropies"][0] and len(record["entropies"][0]) == 64  # the phone's entropy
    # the same phone opening its code again goes back to its seat; another phone is told it is taken
    phone.goto(links[0])
    phone.wait_for_url(f"**#/m/{match_id}/**")
    assert route_of(phone)[1] == seat_token
    thief = phones.page()
    thief.goto(links[0])
    expect(thief.locator("#claim-error")).to_contain_text("taken already")
    assert not (violations := axe_violations(thief)), violations

    expect(referee.locator('#share .seat-link[data-claimed][data-seat="0"]')).to_be_attached(timeout=LIVE_TIMEOUT_MS)
    expect(referee.locator("#waiting")).to_contain_text("1 of 3")
    referee.locator("#start-now").click()
    expect(phone.locator("#hand")).to_be_visible(timeout=LIVE_TIMEOUT_MS)
    assert view(server, match_id, token)["hand"] is None
    assert api(server, "GET", f"/v1/matches/{match_id}/record", seat_token)["entropies"][1:] == [None, None]
    # a seat not claimed before the start is still claimed by its invitation
    late = phones.page()
    late.goto(links[1])
    expect(late.locator("#hand")).to_be_visible(timeout=LIVE_TIMEOUT_MS)


def test_a_seat_is_told_when_the_referee_sees_every_hand(phones: Contexts, server: str) -> None:
    created = api(server, "POST", "/v1/matches", body={"ruleset": "forty_fives", "mode": "dealt", "players": NAMES,
                                                        "seats": "claim", "referee_sees_hands": True})
    seat = created["seats"][1]
    phone = phones.page()
    phone.goto(f"{server}/#/c/{created['id']}/1/{seat['invite']}")
    expect(phone.locator("#referee-sees")).to_have_text("The referee can see every player's cards.")


def test_a_claim_whose_answer_is_lost_gets_its_seat_on_the_next_try(phones: Contexts, server: str) -> None:
    """The claim reaches the service but its answer never reaches the phone (the network drops it):
    opening the invitation again on that phone claims under the key it kept and gets the same seat's
    token, where another phone is told the seat is taken."""
    referee = phones.page()
    match_id, _ = start_match(referee, server, "forty_fives", NAMES, mode="dealt")
    links = referee.locator("#share .seat-link[data-seat] a").evaluate_all("els => els.map(e => e.href)")
    phone = phones.page()
    lost: list[str] = []

    def drop_the_answer(route) -> None:  # type: ignore[no-untyped-def]
        answer = route.fetch()  # the service claims the seat ...
        lost.append(answer.json()["token"])
        route.abort("connectionreset")  # ... and the phone never hears of it

    phone.route("**/seats/0/claim", drop_the_answer)
    phone.goto(links[0])
    expect(phone.locator("#claim-error")).to_be_visible()
    assert len(lost) == 1
    phone.unroute("**/seats/0/claim")
    phone.goto(links[0])
    phone.reload()
    phone.wait_for_url(f"**#/m/{match_id}/**")
    assert route_of(phone)[1] == lost[0]
    assert view(server, match_id, lost[0])["viewer"] == {"role": "seat", "seat": 0}
    thief = phones.page()
    thief.goto(links[0])
    expect(thief.locator("#claim-error")).to_contain_text("taken already")
