"""The status lines at the top of a match as a person reads them (issue 31, the smaller ones): the
trump said only once it is known, one name where one person acts, the last round's tricks kept
reviewable after the next deal."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.web.conftest import Contexts, api
from tests.web.screens import settled, start_match, view

NAMES = ["Ketut", "Nyoman", "Made", "Wayan"]


def post(server: str, match_id: str, token: str, action: dict[str, Any]) -> dict[str, Any]:
    return api(server, "POST", f"/v1/matches/{match_id}/actions", token, action)


def test_the_trump_is_not_said_to_be_none_before_it_is_known(phones: Contexts, server: str) -> None:
    """Forty-Fives before the turn-up: the trump is not known yet, and the page says so (it said
    "Trump: no trump"); once turned up, the suit."""
    page = phones.page()
    match_id, token = start_match(page, server, "forty_fives", NAMES[:3])
    assert view(server, match_id, token)["trump"] is None
    expect(page.locator("#trump")).to_have_text("not yet chosen")
    dealer = view(server, match_id, token)["to_act"][0]
    post(server, match_id, token, {"type": "turn_up", "seat": dealer, "card": "2C"})
    expect(page.locator("#trump")).to_contain_text("clubs")


def test_during_play_the_one_whose_turn_it_is_is_named(phones: Contexts, server: str) -> None:
    """Boerenbridge at the opening lead: the service lists the leader and the hook player (who may
    still revise his bid); the page names the one whose turn it is to play (it listed both)."""
    page = phones.page()
    match_id, token = start_match(page, server, "boerenbridge", NAMES)
    for _ in range(20):
        v = view(server, match_id, token)
        if v["phase"] == "play":
            break
        post(server, match_id, token, v["legal_actions"][0])
    v = view(server, match_id, token)
    assert v["phase"] == "play" and len(v["to_act"]) == 2, v["to_act"]
    settled(page, v["version"])
    expect(page.locator("#to-act")).to_have_text(NAMES[v["to_act"][0]])
