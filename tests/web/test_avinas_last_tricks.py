"""Avinas: the tricks of the hand just played stay reviewable on the page after the next deal, the
last one with its winner (the hand's record keeps its tricks where it was played card by card); the
chart of the scores draws each team's pips (what an Avinas view's scores are)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import Contexts, api
from tests.web.test_score_sheet import open_match

NAMES = ["Ann", "Bob", "Cy", "Di"]


def play_a_hand(server: str) -> tuple[str, str, dict]:
    """A dealt Avinas match played from the seats' own views (each seat's first legal action, a
    pass only where it has nothing else, never a stop) until a hand has been played card by card
    (a no-seven hand every player passes is thrown in unplayed); returns (match id, referee token,
    that hand's record)."""
    created = api(server, "POST", "/v1/matches", None, {"ruleset": "avinas", "players": NAMES, "mode": "dealt"})
    match_id, token = created["id"], created["referee_token"]
    seats = {s["seat"]: s["token"] for s in created["seats"]}
    path = f"/v1/matches/{match_id}"
    for _ in range(400):
        v = api(server, "GET", path, token)
        if v["history"] and v["history"][-1]["source"] == "play":
            break
        seat = v["to_act"][0]
        legal = [a for a in api(server, "GET", path, seats[seat])["legal_actions"]
                 if a["type"] != "stop" and a.get("seat", seat) == seat]
        action = next((a for a in legal if a["type"] != "pass"), legal[0])
        api(server, "POST", f"{path}/actions", seats[seat], action)
    rounds = api(server, "GET", f"{path}/rounds", token)["rounds"]
    assert rounds and rounds[-1]["source"] == "play", rounds
    return match_id, token, rounds[-1]


def test_avinas_hand_tricks_reviewable_after_the_next_deal(phones: Contexts, server: str) -> None:
    match_id, token, record = play_a_hand(server)
    tricks = record["tricks"]
    assert len(tricks) == 8 and all(len(t["plays"]) == 4 and all("card" in p for p in t["plays"]) for t in tricks)
    assert sum(1 for t in tricks if t["winner"] % 2 == 0) == record["tricks_won"][0]
    page = phones.page()
    open_match(page, server, match_id, token)
    section = page.locator("#last-round-tricks")
    expect(section.locator("h2")).to_have_text(f"Tricks of round {record['number']}")
    shown = section.locator("ol.tricks > li")
    expect(shown).to_have_count(8)
    last = tricks[-1]
    expect(shown.last).to_contain_text(f"won by {NAMES[last['winner']]}")
    for play in last["plays"]:
        expect(shown.last.locator("ul.plays")).to_contain_text(NAMES[play["seat"]])
    # the chart: a line per team, through its pips after each hand
    rounds = api(server, "GET", f"/v1/matches/{match_id}/rounds", token)["rounds"]
    lines = page.locator("#score-chart polyline")
    expect(lines).to_have_count(2)
    for team in (0, 1):
        wanted = ",".join(str(v) for v in [0, *(r["pips"][team] for r in rounds)])
        expect(lines.nth(team)).to_have_attribute("data-scores", wanted)
