"""Issues 16 and 34: the deal construction is written in ``docs/deals.md`` precisely enough that
someone else can re-implement it. This is such a re-implementation, written from that page and the
deal order of each game's rules (``docs/rules/*.md``) alone, using nothing of ``service`` but its HTTP
API: for a dealt match of each ruleset whose seats were claimed with entropies, played to the end, it
checks the seed commitment every view showed against the revealed match seed, ruleset, options and
players, derives the deal key from the seed and the entropies, the first dealer's draw, every deal's
seed, the commitment every view showed, the deck, and each seat's hand, and finds them all as the
record says."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from tests.api.match_driver import FlaskHttp, Match, play_match
from tests.profiles import profile


@pytest.fixture
def http() -> FlaskHttp:
    """The service with its random source seeded: the match seed (and so every deal) is the same each
    run, so a random match that happens to run very long cannot make this test fail once in a while."""
    app: Flask = create_app(Settings())
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(16)
    return FlaskHttp(app.test_client())

# --- docs/deals.md, steps 2 to 10 ---------------------------------------------------------------


def _hmac(key: bytes, message: bytes) -> bytes:
    return hmac.new(key, message, hashlib.sha256).digest()


def _canonical(value: Any) -> bytes:  # the page's canonical JSON
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def doc_seed_commitment(seed: bytes, ruleset: str, options: Any, players: list[str]) -> str:  # step 2
    return hashlib.sha256(_canonical({"options": options, "players": players, "ruleset": ruleset,
                                      "seed": seed.hex()})).hexdigest()


def doc_deal_key(seed: bytes, entropies: list[str | None]) -> bytes:  # step 4
    return _hmac(seed, b"entropy" + _canonical(entropies))


def doc_deal_seed(key: bytes, i: int) -> bytes:
    return _hmac(key, b"deal" + i.to_bytes(8, "big"))  # step 5


def doc_commitment(deal_seed: bytes) -> str:
    return hashlib.sha256(deal_seed).hexdigest()  # step 6


def _words(deal_seed: bytes) -> Iterator[int]:  # step 7
    counter = 0
    while True:
        block = _hmac(deal_seed, b"shuffle" + counter.to_bytes(8, "big"))
        for at in (0, 4, 8, 12, 16, 20, 24, 28):
            yield int.from_bytes(block[at:at + 4], "big")
        counter += 1


def _uniform(words: Iterator[int], m: int) -> int:  # step 8
    while True:
        u = next(words)
        if u < 2**32 - (2**32 % m):
            return u % m


def doc_pack(size: int) -> list[str]:  # step 9: suits C, D, H, S, each from its lowest rank up
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    if size == 32:
        ranks = ranks[5:]
    return [rank + suit for suit in "CDHS" for rank in ranks]


def _fisher_yates(deck: list[str], words: Iterator[int]) -> list[str]:  # step 9
    for k in range(len(deck) - 1, 0, -1):
        j = _uniform(words, k + 1)
        deck[k], deck[j] = deck[j], deck[k]
    return deck


def doc_deck(deal_seed: bytes, size: int) -> list[str]:  # step 9: Fisher-Yates, top first
    return _fisher_yates(doc_pack(size), _words(deal_seed))


def doc_first_dealer(key: bytes, players: int, recorded: dict[str, Any]) -> None:
    """Step 10: the first dealer's draw, from the stream of HMAC(K, "first dealer"), as recorded."""
    words = _words(_hmac(key, b"first dealer"))
    if recorded["method"] == "random":
        assert recorded["dealer"] == _uniform(words, players)
        return
    assert recorded["method"] == "high_card_draw"
    for draw in recorded["draws"]:  # each round of the draw: a fresh pack, the seats drawing in order
        pack = _fisher_yates(doc_pack(52), words)
        assert [d["card"] for d in draw] == pack[:len(draw)], draw


def test_the_vectors_of_the_page() -> None:
    key = doc_deal_key(bytes(32), ["a", None, "c"])
    assert doc_seed_commitment(bytes(32), "forty_fives", {"target_score": 25}, ["Ann", "Bob", "Cy"]) == (
        "a1bb29815a9fd60dcfe96cffb8d9a342a7b3d03645a26bbfb2f48bb7322518be")
    assert key.hex() == "cf1a0d34722f6ae6b716cb91c6c60864ff086d8ba06e4e5f8f8286ded6864f2f"
    assert doc_deal_seed(key, 0).hex() == "8e389f81d938fd6947e3005790efbe17f85a40ecd3cf8b8be4e9dfdcf039d434"
    seed = doc_deal_seed(bytes(32), 0)
    assert seed.hex() == "b89c1761eab10eae25a1b120f74be7b34083c2153d47bb2f710cb368ed2f7f97"
    assert doc_commitment(seed) == "af2a76326cb240f0052c119e8ad7b1ea6395fd4ec5b438056a83e88b0dc1af13"
    assert doc_deck(seed, 52)[:8] == ["2H", "KH", "2C", "3S", "2D", "AC", "5S", "6D"]


# --- each game's deal order, from its rules ------------------------------------------------------


def _in_batches(deck: list[str], players: int, dealer: int, batches: tuple[int, ...]) -> list[list[str]]:
    """Batches dealt clockwise from the dealer's left, round after round, from the top."""
    hands: list[list[str]] = [[] for _ in range(players)]
    top = 0
    for size in batches:
        for step in range(1, players + 1):
            seat = (dealer + step) % players
            hands[seat] += deck[top:top + size]
            top += size
    return hands


def forty_fives(deck: list[str], players: int, round_record: dict[str, Any], kitty: int = 0) -> list[list[str]]:
    """forty-fives.md §2.3 and §3.3: 3 then 2, clockwise from d+1; in bidding mode a kitty of ``kitty``
    cards is dealt face down after the round of 3; the turn-up (§2.4) is the next card."""
    first = _in_batches(deck, players, round_record["dealer"], (3,))
    rest = _in_batches(deck[3 * players + kitty:], players, round_record["dealer"], (2,))
    if round_record.get("turn_up") is not None:
        assert round_record["turn_up"] == deck[5 * players + kitty]
    return [a + b for a, b in zip(first, rest, strict=True)]


def boerenbridge(deck: list[str], players: int, round_record: dict[str, Any]) -> list[list[str]]:
    """boerenbridge.md §4: one card at a time, clockwise, from the dealer's left (the round's hand size)."""
    return _in_batches(deck, players, round_record["dealer"], (1,) * round_record["hand_size"])


def avinas(deck: list[str], players: int, round_record: dict[str, Any]) -> list[list[str]]:
    """avinas.md §4.1: in fours, clockwise, from the dealer's left, two packet rounds."""
    return _in_batches(deck, players, round_record["dealer"], (4, 4))


DEALS = {"forty_fives": forty_fives, "auction_forty_fives": forty_fives, "boerenbridge": boerenbridge,
         "avinas": avinas}
PACKS = {"forty_fives": 52, "auction_forty_fives": 52, "boerenbridge": 52, "avinas": 32}


KITTY = {"trump_selection": "bidding", "kitty_size": 3, "target_score": 10}  # random bids often fail: a short match


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "options"), [(r, {}) for r in sorted(DEALS)] + [("auction_forty_fives", KITTY)])
def test_every_deal_of_a_finished_match_is_the_one_the_docs_give(
    http: FlaskHttp, ruleset: str, options: dict[str, Any]
) -> None:
    game = profile(ruleset)
    names = [f"Player {i}" for i in range(game.usual_players)]
    body = {"ruleset": ruleset, "mode": "dealt", "players": names, "options": {**game.short, **options},
            "seats": "claim"}
    created = http.post("/v1/matches", body).body
    entropies = [f"entropy of seat {i}" for i in range(len(names))]
    claims = [http.post(f"/v1/matches/{created['id']}/seats/{s['seat']}/claim",
                        {"invite": s["invite"], "entropy": entropies[s["seat"]]}).body for s in created["seats"]]
    match = Match(created["id"], created["referee_token"], [c["token"] for c in claims], "dealt")
    committed = created["view"]["seed_commitment"]
    first = claims[-1]["view"]
    assert first["seed_commitment"] == committed
    shown: list[str] = [first["deal_commitment"]]

    def seen(answer: Any) -> None:
        body = answer.body
        if isinstance(body, dict) and "seed_commitment" in body:
            assert body["seed_commitment"] == committed
        if isinstance(body, dict) and "deal_commitment" in body and body["deal_commitment"] != shown[-1]:
            shown.append(body["deal_commitment"])

    play_match(http, match, random.Random(f"docs-{ruleset}"), seen)
    record = http.get(f"{match.path}/record", match.seats[0]).body
    seed = bytes.fromhex(record["match_seed"])
    assert len(seed) == 32
    assert doc_seed_commitment(seed, ruleset, record["options"], names) == committed
    assert record["entropies"] == entropies
    master = doc_deal_key(seed, entropies)
    doc_first_dealer(master, len(names), record["first_dealer"])
    assert len(record["deals"]) == len(record["rounds"]) == len(shown)  # a short match: no deal dealt again
    for i, (deal, round_record) in enumerate(zip(record["deals"], record["rounds"], strict=True)):
        seed = doc_deal_seed(master, i)
        assert deal["seed"] == seed.hex()
        assert doc_commitment(seed) == deal["commitment"] == shown[i]  # what every view showed
        deck = doc_deck(seed, PACKS[ruleset])
        assert deal["deck"] == deck
        if options:
            hands = forty_fives(deck, game.usual_players, round_record, kitty=options["kitty_size"])
        else:
            hands = DEALS[ruleset](deck, game.usual_players, round_record)
        assert [sorted(h) for h in hands] == [sorted(h) for h in deal["hands"]], (i, round_record["dealer"])
