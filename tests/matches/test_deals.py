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
from service.matches.deals import StreamRandom, commitment, deal_key, deal_seed, seed_commitment, shuffled
from service.rules.cards import DECK_52
from service.verify import verify
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
    """Undo back over the end of round 1 (the actions of deal 1 so far, then the last of round 1) and
    post the same actions again: deal 1 comes back with the same commitment and the same hands, and
    the record files every action under the deal it was played in (the verifier checks it)."""
    game = profile(ruleset_id)
    match, created = create(http, ruleset_id, "dealt", game.usual_players, options=game.long)
    rng = random.Random(11)
    first = created.body["view"]["deal_commitment"]
    assert len(first) == 64
    posted: list[tuple[str, dict[str, Any]]] = []
    for _ in range(400):
        token, action = _acting(http, match, rng)
        answer = http.post(f"{match.path}/actions", action, token)
        assert answer.status == 200, answer.body
        posted.append((token, action))
        if answer.body["deal_commitment"] != first:
            break
    else:
        raise AssertionError("no second deal within 400 actions")
    second, hands = answer.body["deal_commitment"], _hands(http, match)
    boundary = len(posted) - 1  # the action that ended round 1
    for _ in range(2):  # into deal 1, while its round goes on
        view = http.get(match.path, match.referee).body
        if view["deal_commitment"] != second or view["status"] == "finished":
            break
        token, action = _acting(http, match, rng)
        answer = http.post(f"{match.path}/actions", action, token)
        assert answer.status == 200, answer.body
        posted.append((token, action))
    tail, hands_then = posted[boundary:], _hands(http, match)
    for _ in tail:
        undone = http.post(f"{match.path}/undo", None, match.referee)
        assert undone.status == 200, undone.body
    assert undone.body["deal_commitment"] == first
    for i, (token, action) in enumerate(tail):
        again = http.post(f"{match.path}/actions", action, token)
        assert again.status == 200, again.body
        if i == 0:  # round 1 over again: deal 1 dealt again
            assert again.body["deal_commitment"] == second and _hands(http, match) == hands
    assert again.body["deal_commitment"] == second and _hands(http, match) == hands_then
    # every view of the round carries the same commitment, and no view holds the seed
    for viewer in (match.referee, *match.seats):
        view = http.get(match.path, viewer).body
        assert view["deal_commitment"] == second
        assert "seed" not in view
    record = http.get(f"{match.path}/record", match.seats[0]).body
    assert [d["index"] for d in record["deals"]] == [0]
    assert record["deals"][0]["commitment"] == first and commitment(bytes.fromhex(record["deals"][0]["seed"])) == first
    assert sum(a["undone"] for a in record["actions"]) >= 1
    verify(record)  # deal 0's actions, the undone ones left out, finish round 1 as the record says


def test_table_mode_has_no_commitment(http: FlaskHttp) -> None:
    _, created = create(http, "forty_fives", "table", 3)
    assert "deal_commitment" not in created.body["view"]


@pytest.mark.slow
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


def test_the_commitment_vectors_of_the_page() -> None:
    """docs/deals.md's second table (computed by hand with hashlib, from the page's steps)."""
    assert seed_commitment(bytes(32), "forty_fives", {"target_score": 25}, ["Ann", "Bob", "Cy"]) == (
        "a1bb29815a9fd60dcfe96cffb8d9a342a7b3d03645a26bbfb2f48bb7322518be")
    key = deal_key(bytes(32), ["a", None, "c"])
    assert key.hex() == "cf1a0d34722f6ae6b716cb91c6c60864ff086d8ba06e4e5f8f8286ded6864f2f"
    assert deal_seed(key, 0).hex() == "8e389f81d938fd6947e3005790efbe17f85a40ecd3cf8b8be4e9dfdcf039d434"


def test_a_committed_draw_reads_whole_integers_only() -> None:
    draw = StreamRandom(bytes(32))
    assert 0 <= draw.randrange(4) < 4 and 2 <= draw.randrange(2, 5) < 5
    with pytest.raises(TypeError):
        draw.random()
    with pytest.raises(ValueError):
        draw.randrange(0)
