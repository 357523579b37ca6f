"""Computer seats through the HTTP API and the use cases (issue 37): a person and computers play
every ruleset to its end; a seed gives the same match; a computer decides from its seat's view."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

import service.computer as computer
import service.matches.computers as computer_seats
from service.computer import choose, situation_of
from service.computer.hard import HardSettings
from service.matches.usecases import Matches
from service.rules.cards import Card
from service.rules.playout import shuffled_deck
from service.rules.registry import RULESETS
from service.store.memory import MemoryStore
from service.verify import main as verify_main
from tests.profiles import PROFILES

RULESET_IDS = sorted(RULESETS)
#: the parts of a view about finished rounds, which hide nothing
FINISHED_ROUNDS = frozenset({"history", "last_hand_explanation", "result", "last_round"})
#: what the rules show a seat of another seat's hand beyond the public facts (Avinas: the dealer sees
#: its partner's face-down exposure), judged by the rules' own leak tests (tests/rules)
SEAT_SIGHT = frozenset({"exposures"})


@pytest.fixture
def quick_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard level with a small search, so whole matches stay short (its logic is the same)."""
    monkeypatch.setattr(computer, "HARD", HardSettings(samples=4, steps=800))


def _cards(value: Any) -> Iterator[str]:
    if isinstance(value, Mapping):
        for item in value.values():
            yield from _cards(item)
    elif isinstance(value, list):
        for item in value:
            yield from _cards(item)
    elif isinstance(value, str) and 2 <= len(value) <= 3:
        try:
            yield Card.parse(value).text
        except Exception:
            return


def _players(n: int, person: int) -> list[Any]:
    levels = ("hard", "easy")
    return [f"P{i}" if i == person else {"name": f"C{i}", "computer": levels[i % 2]} for i in range(n)]


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_person_and_computers_play_to_the_end(
    client: FlaskClient, ruleset_id: str, quick_hard: None, tmp_path: Path
) -> None:
    profile = PROFILES[ruleset_id]
    n = profile.usual_players
    rng = random.Random(ruleset_id)
    person = rng.randrange(n)
    body = {"ruleset": ruleset_id, "mode": "dealt", "players": _players(n, person), "options": dict(profile.short),
            "referee_sees_hands": True}
    created = client.post("/v1/matches", json=body)
    assert created.status_code == 201, created.json
    match_id = created.json["id"]
    token = created.json["seats"][person]["token"]
    referee = created.json["referee_token"]
    spectator = created.json["spectator_token"]
    view = client.get(f"/v1/matches/{match_id}", headers={"Authorization": f"Bearer {token}"}).json
    assert view["computers"] == [None if i == person else ("hard", "easy")[i % 2] for i in range(n)]
    for _ in range(3000):
        _no_hidden_card(client, match_id, token, referee, spectator, person, view)
        if view["status"] == "finished":
            break
        assert view["to_act"] == [person] or person in view["to_act"], view["to_act"]
        action = rng.choice(view["legal_actions"])
        answer = client.post(f"/v1/matches/{match_id}/actions", json=action,
                             headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 200, answer.json
        view = answer.json
    assert view["status"] == "finished"
    events = client.get(f"/v1/matches/{match_id}/events", headers={"Authorization": f"Bearer {token}"}).json
    computer_events = sum(1 for e in events["events"] if e.get("by") == "computer")
    assert computer_events > 0
    assert all(e["action"]["seat"] != person for e in events["events"] if e.get("by") == "computer")
    record = client.get(f"/v1/matches/{match_id}/record", headers={"Authorization": f"Bearer {referee}"}).json
    assert record["refused"] == []
    # the record, computers' actions and all, replays offline (python -m service.verify)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert verify_main([str(path)]) == 0


def _no_hidden_card(
    client: FlaskClient, match_id: str, token: str, referee: str, spectator: str, person: int, view: Mapping[str, Any]
) -> None:
    """No card of another seat's hand that the table cannot see is in the person's answers."""
    full = client.get(f"/v1/matches/{match_id}", headers={"Authorization": f"Bearer {referee}"}).json
    public = client.get(f"/v1/matches/{match_id}", headers={"Authorization": f"Bearer {spectator}"}).json
    hands = full.get("hands") or []
    hidden = {c for seat, hand in enumerate(hands) if seat != person for c in _cards(hand)} - set(_cards(public))
    events = client.get(f"/v1/matches/{match_id}/events", headers={"Authorization": f"Bearer {token}"}).json["events"]
    deals = [i for i, e in enumerate(events) if e["kind"] == "deal"]
    this_round = [e for e in events[deals[-1] if deals else 0:] if e["kind"] != "round"]
    # the finished rounds (history) show every card, and the same cards are dealt again
    now = {k: v for k, v in view.items() if k not in FINISHED_ROUNDS | SEAT_SIGHT}
    for answer in (now, this_round):
        for key, part in (answer.items() if isinstance(answer, dict) else enumerate(answer)):
            leaked = hidden & set(_cards(json.loads(json.dumps(part))))
            assert not leaked, f"hidden cards {sorted(leaked)} in the person's answer, at {key}: {part}"


def _play_use_cases(seed: int, ruleset_id: str) -> list[Any]:
    matches = Matches(MemoryStore(), rng=random.Random(seed), idempotency_secret=b"k" * 32)
    profile = PROFILES[ruleset_id]
    n = profile.usual_players
    created = matches.create({"ruleset": ruleset_id, "mode": "dealt", "players": _players(n, 0),
                              "options": dict(profile.short)})
    token = created.seats[0].token
    pick = random.Random(seed)
    view = created.view
    for _ in range(40):
        mine = matches.view(created.match_id, token).view
        assert mine is not None
        if mine["status"] == "finished" or not mine["legal_actions"]:
            break
        matches.act(created.match_id, token, pick.choice(mine["legal_actions"]))
    page = matches.events(created.match_id, created.referee_token)
    assert view is not None
    return [e for e in page.events if e["kind"] == "action"]


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_seed_gives_the_same_match(ruleset_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock guards off (they only cut a search that a loaded machine slows far beyond its
    step budget): the seed alone decides."""
    monkeypatch.setattr(computer, "HARD", HardSettings(samples=4, steps=800, guard_seconds=1e6))
    monkeypatch.setattr(computer_seats, "REQUEST_SEARCH_SECONDS", 1e6)
    first = _play_use_cases(11, ruleset_id)
    assert any(e["by"] == "computer" for e in first)
    assert _play_use_cases(11, ruleset_id) == first


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_decision_is_the_same_whatever_the_hidden_cards(ruleset_id: str, level: str) -> None:
    """Two deals that give the deciding seat the same view (its own cards and what it saw) but the
    other seats different hidden cards: the computer decides the same, for the same seed."""
    ruleset = RULESETS[ruleset_id]
    n = PROFILES[ruleset_id].usual_players
    options = ruleset.validate_options(dict(PROFILES[ruleset_id].short), n)
    settings = HardSettings(samples=6, steps=2000, guard_seconds=60.0)
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        start = ruleset.new_match(options, n, rng.randrange(n), "dealt")
        deck = shuffled_deck(ruleset, rng)
        dealt = ruleset.deal(start, deck)
        seat = ruleset.to_act(dealt)[0]
        legal = ruleset.legal_actions(dealt, seat)
        if len(legal) < 2:
            continue
        other = _other_deal(ruleset, start, deck, dealt, seat, rng)
        if other is None:
            continue
        first = situation_of(ruleset, seat, dealt, [])
        second = situation_of(ruleset, seat, other, [])
        assert first.view == second.view
        assert first.before_deal == second.before_deal  # the computer's whole input is the same
        if level == "hard":
            from service.computer.hard import hard_choice

            a = hard_choice(first, random.Random(5), settings)
            b = hard_choice(second, random.Random(5), settings)
        else:
            a, b = choose(level, first, random.Random(5)), choose(level, second, random.Random(5))
        assert a == b
        checked += 1
        if checked >= 3:
            break
    assert checked > 0


def _other_deal(ruleset: Any, start: Any, deck: list[Card], dealt: Any, seat: int, rng: random.Random) -> Any:
    """A deal of ``start`` that looks the same to ``seat`` as ``dealt`` and differs for another seat:
    two cards of the deck swapped where the seat's view stays the same."""
    seen = ruleset.view(dealt, seat)
    for _ in range(200):
        i, j = rng.sample(range(len(deck)), 2)
        swapped = list(deck)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        try:
            other = ruleset.deal(start, swapped)
        except Exception:
            continue
        if ruleset.view(other, seat) == seen and any(
            ruleset.view(other, s) != ruleset.view(dealt, s) for s in range(ruleset.table(dealt).players) if s != seat
        ):
            return other
    return None


def test_after_an_undo_the_computers_play_again_and_the_person_is_to_act(client: FlaskClient) -> None:
    """An undo that takes back a computer's action leaves a computer to act: it acts again at once,
    so the match never waits for a seat no person plays."""
    body = {"ruleset": "forty_fives", "mode": "dealt", "players": _players(3, 0)}
    created = client.post("/v1/matches", json=body).json
    match_id, token, referee = created["id"], created["seats"][0]["token"], created["referee_token"]
    view = client.get(f"/v1/matches/{match_id}", headers={"Authorization": f"Bearer {token}"}).json
    answer = client.post(f"/v1/matches/{match_id}/actions", json=view["legal_actions"][0],
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200
    undone = client.post(f"/v1/matches/{match_id}/undo", headers={"Authorization": f"Bearer {referee}"})
    assert undone.status_code == 200, undone.json
    after = client.get(f"/v1/matches/{match_id}", headers={"Authorization": f"Bearer {token}"}).json
    assert after["status"] == "finished" or 0 in after["to_act"], after["to_act"]


def test_computer_seats_a_match_cannot_have_are_refused_with_a_reason(toy: str) -> None:
    """A computer at a real table (it would hold no cards), computers in every seat, an unknown level,
    and a game no computer plays (the test ruleset builds its own views: its catalogue lists no levels)
    are each refused before anything is made, with a stable code; never a 500."""
    from service.api.app import create_app
    from service.api.config import Settings

    client = create_app(Settings()).test_client()
    one = {"name": "X", "computer": "easy"}
    alone = [{"name": name, "computer": "easy"} for name in "XYZ"]
    cases = [
        ({"ruleset": "boerenbridge", "mode": "table", "players": ["A", "B", "C", one]}, 422,
         "computer_needs_dealt_mode"),
        ({"ruleset": "forty_fives", "mode": "dealt", "players": alone}, 422, "computers_only"),
        ({"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B", {"name": "C", "computer": "wise"}]}, 400,
         "unknown_computer_level"),
        ({"ruleset": toy, "mode": "dealt", "players": [one, "B", "C", "D"]}, 422, "no_computer_players"),
    ]
    for body, status, code in cases:
        answer = client.post("/v1/matches", json=body)
        assert (answer.status_code, answer.get_json()["code"]) == (status, code), body
        assert answer.get_json()["detail"]
    assert client.get(f"/v1/rulesets/{toy}").get_json()["computer_levels"] == []
    levels = client.get("/v1/rulesets/avinas").get_json()["computer_levels"]
    assert [level["id"] for level in levels] == ["easy", "hard"]
