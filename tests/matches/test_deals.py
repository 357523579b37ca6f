"""Deals from the match seed (``service/matches/deals.py``, ``docs/deals.md``): the construction, its
fairness, its commitments in the views, and undo that never re-deals (issue 16 items 1 and 2)."""

from __future__ import annotations

import collections
import hashlib
import hmac
import random
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.matches.deals import commitment, deal_seed, shuffled
from service.rules.cards import DECK_52
from tests.api.match_driver import FlaskHttp, Match, create
from tests.fifth_game import with_the_fifth
from tests.profiles import profile

# a vector for re-implementers (also in docs/deals.md): match seed 32 zero bytes
ZERO = bytes(32)


def test_the_documented_vector() -> None:
    seed = deal_seed(ZERO, 0)
    assert seed == hmac.new(ZERO, b"deal" + bytes(8), hashlib.sha256).digest()
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert (seed.hex(), commitment(seed)) == (VECTOR_SEED, VECTOR_COMMITMENT)
    deck = [c.text for c in shuffled(DECK_52, seed)]
    assert deck[:8] == VECTOR_FIRST_EIGHT, deck[:8]
    assert sorted(deck) == sorted(c.text for c in DECK_52)


VECTOR_SEED = "b89c1761eab10eae25a1b120f74be7b34083c2153d47bb2f710cb368ed2f7f97"
VECTOR_COMMITMENT = "af2a76326cb240f0052c119e8ad7b1ea6395fd4ec5b438056a83e88b0dc1af13"
VECTOR_FIRST_EIGHT = ["2H", "KH", "2C", "3S", "2D", "AC", "5S", "6D"]


def test_each_deal_has_its_own_deck_and_the_same_index_the_same_deck() -> None:
    decks = [tuple(shuffled(DECK_52, deal_seed(ZERO, i))) for i in range(50)]
    assert len(set(decks)) == 50
    assert tuple(shuffled(DECK_52, deal_seed(ZERO, 7))) == decks[7]
    assert shuffled(DECK_52, deal_seed(b"\x01" * 32, 0)) != list(decks[0])


def test_the_shuffle_is_uniform() -> None:
    """All 6 orders of a 3-card pack come about equally often (chi-square, 5 degrees of freedom)."""
    rng = random.Random(3)
    counts = collections.Counter(tuple(shuffled("abc", rng.randbytes(32))) for _ in range(6000))
    assert len(counts) == 6
    chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi2 < 20.5  # p < 0.001 for a fair shuffle


@pytest.fixture
def http() -> FlaskHttp:
    app: Flask = create_app(Settings())
    app.config["TESTING"] = True
    return FlaskHttp(app.test_client())


def _acting(http: FlaskHttp, match: Match, rng: random.Random) -> tuple[str, dict[str, Any]]:
    view = http.get(match.path, match.referee).body
    seat = rng.choice(view["to_act"])
    own = http.get(match.path, match.seats[seat]).body["legal_actions"]
    return match.seats[seat], rng.choice(own)


def _hands(http: FlaskHttp, match: Match) -> list[Any]:
    return [http.get(match.path, token).body["hand"] for token in match.seats]


@pytest.mark.parametrize("ruleset_id", with_the_fifth(), indirect=True)
def test_undo_across_a_round_boundary_deals_the_same_cards_again(http: FlaskHttp, ruleset_id: str) -> None:
    game = profile(ruleset_id)
    match, created = create(http, ruleset_id, "dealt", game.usual_players, options=game.long)
    rng = random.Random(11)
    first = created.body["view"]["deal_commitment"]
    assert len(first) == 64
    for _ in range(400):
        token, action = _acting(http, match, rng)
        answer = http.post(f"{match.path}/actions", action, token)
        assert answer.status == 200, answer.body
        if answer.body["deal_commitment"] != first:
            break
    else:
        raise AssertionError("no second deal within 400 actions")
    second, hands = answer.body["deal_commitment"], _hands(http, match)
    undone = http.post(f"{match.path}/undo", None, match.referee)
    assert undone.status == 200 and undone.body["deal_commitment"] == first
    again = http.post(f"{match.path}/actions", action, token)
    assert again.status == 200 and again.body["deal_commitment"] == second
    assert _hands(http, match) == hands
    # every view of the round carries the same commitment, and no view holds the seed
    for viewer in (match.referee, *match.seats):
        view = http.get(match.path, viewer).body
        assert view["deal_commitment"] == second
        assert "seed" not in view


def test_table_mode_has_no_commitment(http: FlaskHttp) -> None:
    _, created = create(http, "forty_fives", "table", 3)
    assert "deal_commitment" not in created.body["view"]


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("ruleset_id", with_the_fifth(), indirect=True)
def test_every_round_is_in_the_event_log_when_it_finishes(http: FlaskHttp, ruleset_id: str, mode: str) -> None:
    """Issue 16 item 6: the round event of round N is logged as round N ends (it used to wait for
    round N+1), so the last round of a match is in ``/events`` too."""
    from tests.api.match_driver import play_match

    match, _ = create(http, ruleset_id, mode, profile(ruleset_id).usual_players, options=profile(ruleset_id).short)
    rng = random.Random(f"{ruleset_id}-{mode}")
    checked = 0

    def after_each(answer: Any) -> None:
        nonlocal checked
        body = answer.body
        if not isinstance(body, dict) or "history" not in body or body.get("viewer", {}).get("role") != "referee":
            return
        logged = [e["round"] for e in http.get(f"{match.path}/events", match.referee).body["events"]
                  if e["kind"] == "round" and not e["undone"]]
        assert logged == http.get(f"{match.path}/rounds", match.referee).body["rounds"]
        if body["history"]:
            assert logged[-1:] == body["history"]  # the round just finished is logged already
        checked += 1

    play_match(http, match, rng, after_each)
    final = http.get(match.path, match.referee).body
    events = http.get(f"{match.path}/events", match.referee).body["events"]
    logged = [e["round"] for e in events if e["kind"] == "round"]
    assert final["status"] == "finished" and logged and logged[-1:] == final["history"]
    assert checked > 0
