"""The match use cases on the memory store, with the test-double ruleset (``tests/toy_ruleset.py``).

The use cases return domain values; ``Service`` passes each through the API's own writer
(``service.api.matches``), so these tests also read the status and the headers each answer gets.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from service.api.matches import (
    DELETED,
    Answer,
    _expected,
    created_answer,
    events_answer,
    rounds_answer,
    viewed_answer,
)
from service.api.problems import headers_of, problem_body, status_of
from service.matches import errors
from service.matches.usecases import Matches
from service.rules.errors import IllegalPlay, InvalidAction, NotYourTurn, UnknownRuleset
from service.store.base import Loaded
from service.store.memory import MemoryStore
from tests.toy_ruleset import TOY


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


class Service:
    """The use cases as the API answers them: each result written by the API's own functions, each
    header (If-Match ...) read as the API reads it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.matches = Matches(*args, **kwargs)
        self.store = self.matches.store

    def create(self, body: Any, *, idempotency_key: str | None = None) -> Answer:
        return created_answer(self.matches.create(body, idempotency_key=idempotency_key))

    def view(self, match_id: str, token: str | None, *, if_none_match: str | None = None) -> Answer:
        return viewed_answer(self.matches.view(match_id, token, known=_expected(if_none_match)))

    def act(self, match_id: str, token: str | None, body: Any, *, if_match: str | None = None,
            idempotency_key: str | None = None) -> Answer:
        return viewed_answer(self.matches.act(match_id, token, body, expected=_expected(if_match),
                                              idempotency_key=idempotency_key))

    def undo(self, match_id: str, token: str | None, *, if_match: str | None = None,
             idempotency_key: str | None = None) -> Answer:
        return viewed_answer(self.matches.undo(match_id, token, expected=_expected(if_match),
                                               idempotency_key=idempotency_key))

    def events(self, match_id: str, token: str | None, **kwargs: Any) -> Answer:
        return events_answer(self.matches.events(match_id, token, **kwargs))

    def rounds(self, match_id: str, token: str | None) -> Answer:
        return rounds_answer(self.matches.rounds(match_id, token))

    def delete(self, match_id: str, token: str | None, *, if_match: str | None = None) -> Answer:
        self.matches.delete(match_id, token, expected=_expected(if_match))
        return DELETED


@pytest.fixture
def matches(store: MemoryStore) -> Service:
    return Service(store, {TOY.id: TOY}, random.Random(7))


Reply = Answer


def new(matches: Service, mode: str = "dealt", **extra: Any) -> Reply:
    """A toy match whose referee sees every hand (these tests read the hands through it)."""
    body = {"ruleset": TOY.id, "mode": mode, "players": ["Ann", "Bob", "Cy"], "dealer": 0,
            "referee_sees_hands": True, **extra}
    return matches.create(body)


def tokens(reply: Reply) -> tuple[str, list[str]]:
    return reply.body["referee_token"], [s["token"] for s in reply.body["seats"]]


def first_legal(matches: Service, match_id: str, seat_token: str) -> dict[str, Any]:
    return matches.view(match_id, seat_token).body["legal_actions"][0]


def to_act(matches: Service, match_id: str, referee: str) -> int:
    return matches.view(match_id, referee).body["to_act"][0]


def test_create_answers_tokens_and_the_referee_view(matches: Service, store: MemoryStore) -> None:
    reply = new(matches)
    assert reply.status == 201 and reply.headers["ETag"] == '"1"'
    body = reply.body
    assert body["version"] == 1 and body["view"]["version"] == 1
    assert [s["name"] for s in body["seats"]] == ["Ann", "Bob", "Cy"]
    referee, seats = tokens(reply)
    assert len({referee, *seats}) == 4 and all(len(t) >= 43 for t in [referee, *seats])
    # the store holds hashes only, never a token
    stored = json.dumps(store.load(body["id"]).document) + json.dumps([e.data for e in store.events(body["id"])])
    assert not any(t in stored for t in [referee, *seats])
    assert body["view"]["hands"] and body["view"]["legal_actions"] == []  # dealt: the referee does not act


def test_create_validates_its_body(matches: Service) -> None:
    with pytest.raises(UnknownRuleset):
        matches.create({"ruleset": "nope", "mode": "dealt", "players": ["a", "b"]})
    with pytest.raises(errors.InvalidRequest, match="mode"):
        matches.create({"ruleset": TOY.id, "mode": "live", "players": ["a", "b"]})
    with pytest.raises(errors.InvalidRequest, match="unknown field"):
        matches.create({"ruleset": TOY.id, "mode": "dealt", "players": ["a", "b"], "colour": 1})
    with pytest.raises(errors.InvalidDealer):
        matches.create({"ruleset": TOY.id, "mode": "dealt", "players": ["a", "b"], "dealer": 2})
    with pytest.raises(errors.InvalidRequest):
        matches.create({"ruleset": TOY.id, "mode": "dealt", "players": ["a", "b"], "dealer": True})
    for options in (False, 0, [], "", None, True, "x"):  # an object or nothing (a falsy one too)
        with pytest.raises(errors.InvalidRequest, match="'options' must be an object"):
            matches.create({"ruleset": TOY.id, "mode": "dealt", "players": ["a", "b"], "options": options})


def test_a_null_dealer_is_as_if_absent_the_ruleset_chooses(matches: Service) -> None:
    for given in ({}, {"dealer": None}):
        reply = matches.create({"ruleset": TOY.id, "mode": "dealt", "players": ["a", "b"], **given})
        assert reply.status == 201
        created = matches.store.events(reply.body["id"])[0].data
        assert created["first_dealer"]["method"] != "given" and created["dealer"] in (0, 1)
    reply = matches.create({"ruleset": TOY.id, "mode": "dealt", "players": ["a", "b"], "dealer": 1})
    assert matches.store.events(reply.body["id"])[0].data["first_dealer"] == {"method": "given", "dealer": 1}


def test_a_dealt_matchs_referee_sees_what_the_spectator_sees_by_default(matches: Service) -> None:
    """Issue 16 item 3: the creator of a dealt match sees no hand unless it asked to (a referee who
    does not play): not in the view, the events or an undo's answer."""
    reply = matches.create({"ruleset": TOY.id, "mode": "dealt", "players": ["Ann", "Bob", "Cy"], "dealer": 0})
    mid, spectator = reply.body["id"], reply.body["spectator_token"]
    referee, seats = tokens(reply)
    hands = [matches.view(mid, token).body["hand"] for token in seats]
    assert "hands" not in reply.body["view"] and reply.body["view"]["hand"] is None
    seat = to_act(matches, mid, referee)
    matches.act(mid, seats[seat], first_legal(matches, mid, seats[seat]))
    undone = matches.undo(mid, referee).body
    for view in (matches.view(mid, referee).body, undone):
        public = {k: v for k, v in matches.view(mid, spectator).body.items() if k not in ("viewer",)}
        assert {k: v for k, v in view.items() if k not in ("viewer",)} == public
        assert view["viewer"] == {"role": "referee", "seat": None}
    held = {c for hand in hands for c in hand}
    shown = json.dumps(matches.events(mid, referee).body) + json.dumps(matches.view(mid, referee).body)
    assert not [c for c in held if f'"{c}"' in shown]


def test_each_seat_sees_its_own_hand_only(matches: Service) -> None:
    reply = new(matches)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    hands = matches.view(mid, referee).body["hands"]
    for seat, token in enumerate(seats):
        view = matches.view(mid, token).body
        assert view["hand"] == hands[seat] and "hands" not in view
        text = json.dumps(view)
        for other, hand in enumerate(hands):
            if other != seat:
                assert not any(f'"{c}"' in text for c in hand)


def test_tokens_are_checked(matches: Service) -> None:
    mid = new(matches).body["id"]
    other = new(matches)
    with pytest.raises(errors.Unauthorized) as missing:
        matches.view(mid, None)
    assert missing.value.code == "missing_token" and headers_of(missing.value)["WWW-Authenticate"].startswith("Bearer")
    with pytest.raises(errors.Unauthorized):
        matches.view(mid, "x" * 43)
    with pytest.raises(errors.Unauthorized):  # a token of another match
        matches.view(mid, other.body["referee_token"])
    with pytest.raises(errors.MatchNotFound):
        matches.view("no-such-match", "x")


def test_seats_act_for_themselves_only(matches: Service) -> None:
    reply = new(matches)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    seat = to_act(matches, mid, referee)
    action = first_legal(matches, mid, seats[seat])
    with pytest.raises(errors.Forbidden) as other_seat:
        matches.act(mid, seats[(seat + 1) % 3], action)
    assert other_seat.value.code == "not_your_seat" and status_of(other_seat.value) == 403
    with pytest.raises(errors.Forbidden) as referee_acts:
        matches.act(mid, referee, action)
    assert referee_acts.value.code == "seat_token_required"
    with pytest.raises(InvalidAction):
        matches.act(mid, seats[seat], {"type": "deal", "seat": seat})
    without_seat = {k: v for k, v in action.items() if k != "seat"}
    done = matches.act(mid, seats[seat], without_seat)
    assert done.status == 200 and done.body["version"] == 2 and done.headers["ETag"] == '"2"'
    assert done.body["viewer"] == {"role": "seat", "seat": seat}


def test_rule_errors_pass_through_and_change_nothing(matches: Service, store: MemoryStore) -> None:
    reply = new(matches)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    seat = to_act(matches, mid, referee)
    wrong = (seat + 1) % 3
    with pytest.raises(NotYourTurn):
        matches.act(mid, seats[wrong], first_legal(matches, mid, seats[seat]) | {"seat": wrong})
    foreign = matches.view(mid, referee).body["hands"][wrong][0]
    with pytest.raises(IllegalPlay) as not_held:
        matches.act(mid, seats[seat], {"type": "play", "card": foreign})
    assert not_held.value.code == "card_not_in_hand"
    assert store.load(mid).version == 1


def test_if_match_and_lost_races(matches: Service, store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    reply = new(matches)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    seat = to_act(matches, mid, referee)
    action = first_legal(matches, mid, seats[seat])
    with pytest.raises(errors.PreconditionFailed) as stale:
        matches.act(mid, seats[seat], action, if_match='"7"')
    assert status_of(stale.value) == 412 and stale.value.code == "version_conflict"
    assert matches.act(mid, seats[seat], action, if_match='W/"1", "1"').body["version"] == 2

    # a request that read version 2 while another wrote version 3 loses the compare-and-set
    seat = to_act(matches, mid, referee)
    action = first_legal(matches, mid, seats[seat])
    old: Loaded = store.load(mid)
    matches.act(mid, seats[seat], action)
    monkeypatch.setattr(store, "load", lambda _mid, known_commit="": old)  # a stale read
    with pytest.raises(errors.VersionConflict) as lost:
        matches.act(mid, seats[seat], action)
    assert status_of(lost.value) == 409
    with pytest.raises(errors.PreconditionFailed):
        matches.act(mid, seats[seat], action, if_match='"2"')
    monkeypatch.undo()
    assert store.load(mid).version == 3


def test_a_worker_reads_back_only_what_another_wrote(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each worker keeps the state it saved or read last: while the store still holds that commit,
    the next request on it is not read again (the document is not parsed); once another worker
    has written, the new document is read."""
    one, other = (Service(store, {TOY.id: TOY}, random.Random(7)) for _ in range(2))
    reply = new(one)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    loads: list[tuple[str, bool]] = []
    real = store.load

    def load(match_id: str, known_commit: str = "") -> Loaded:
        loaded = real(match_id, known_commit)
        loads.append((known_commit, loaded.document is None))
        return loaded

    monkeypatch.setattr(store, "load", load)
    seat = to_act(one, mid, referee)
    action = first_legal(one, mid, seats[seat])
    loads.clear()
    assert one.act(mid, seats[seat], action).status == 200
    assert len(loads) == 1 and loads[0][0] and loads[0][1], loads  # its own commit named: nothing read
    seat = to_act(other, mid, referee)
    second = other.act(mid, seats[seat], first_legal(other, mid, seats[seat]))
    loads.clear()
    assert one.view(mid, referee).body["version"] == second.body["version"]
    assert len(loads) == 1 and loads[0][0] and not loads[0][1], loads  # its commit is gone: read anew
    seat = to_act(one, mid, referee)
    action = first_legal(one, mid, seats[seat])
    loads.clear()
    third = one.act(mid, seats[seat], action)
    assert third.body["version"] == second.body["version"] + 1
    assert len(loads) == 1 and loads[0][1], loads  # then what it read is its own again


def test_idempotent_retries(matches: Service, store: MemoryStore) -> None:
    reply = new(matches)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    seat = to_act(matches, mid, referee)
    action = first_legal(matches, mid, seats[seat])
    first = matches.act(mid, seats[seat], action, idempotency_key="k1", if_match='"1"')
    again = matches.act(mid, seats[seat], action, idempotency_key="k1", if_match='"1"')
    assert again.body == first.body and again.status == 200
    assert again.headers["Idempotent-Replayed"] == "true" and again.headers["ETag"] == first.headers["ETag"]
    assert store.load(mid).version == 2 and len(store.events(mid)) == 3  # create, deal, one action
    with pytest.raises(errors.IdempotencyKeyReused) as reused:
        matches.act(mid, seats[seat], {**action, "card": "2C"}, idempotency_key="k1")
    assert status_of(reused.value) == 422
    # another caller's key space is its own: the same key and body from another seat are judged afresh
    with pytest.raises(errors.Forbidden):
        matches.act(mid, seats[(seat + 1) % 3], action, idempotency_key="k1")
    # a refusal by the rules is not kept under its key (issue 33 item 6): a retry is judged again,
    # refused the same way while the match is as it was
    nxt = to_act(matches, mid, referee)
    early = first_legal(matches, mid, seats[nxt])
    late = (nxt + 1) % 3
    with pytest.raises(NotYourTurn):
        matches.act(mid, seats[late], {"type": "play", "card": early["card"]}, idempotency_key="k2")
    with pytest.raises(NotYourTurn) as again:
        matches.act(mid, seats[late], {"type": "play", "card": early["card"]}, idempotency_key="k2")
    assert not again.value.replayed and "Idempotent-Replayed" not in headers_of(again.value)
    assert status_of(again.value) == 409 and problem_body(again.value)["code"] == "not_your_turn"
    with pytest.raises(errors.InvalidRequest):
        matches.act(mid, seats[nxt], early, idempotency_key="")


def test_idempotent_create_returns_the_same_tokens(matches: Service, store: MemoryStore) -> None:
    body = {"ruleset": TOY.id, "mode": "table", "players": ["a", "b"]}
    first = matches.create(body, idempotency_key="create-1")
    again = matches.create(body, idempotency_key="create-1")
    assert again.body == first.body and again.status == 201
    record = store.get_idempotency(next(iter(store._records)))
    assert record is not None and first.body["referee_token"] not in json.dumps(record.answer)
    # a create's record is bound to its key *and* its body: another body under the same key is another
    # create, and nothing tells the caller that the key was used before
    other = matches.create({**body, "players": ["a", "b", "c"]}, idempotency_key="create-1")
    assert other.status == 201 and other.body["id"] != first.body["id"] and "Idempotent-Replayed" not in other.headers
    # once the match is deleted, its create is not answered again
    matches.delete(first.body["id"], first.body["referee_token"])
    with pytest.raises(errors.MatchNotFound):
        matches.create(body, idempotency_key="create-1")


def play_out(matches: Service, mid: str, referee: str, seats: list[str], table: bool) -> int:
    moves = 0
    while matches.view(mid, referee).body["status"] != "finished":
        seat = to_act(matches, mid, referee)
        view = matches.view(mid, referee if table else seats[seat]).body
        action = view["legal_actions"][0]
        matches.act(mid, referee if table else seats[seat], action, if_match=f'"{view["version"]}"')
        moves += 1
        assert moves < 200
    return moves


def test_a_dealt_match_plays_to_the_end_and_then_refuses(matches: Service) -> None:
    reply = new(matches)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    play_out(matches, mid, referee, seats, table=False)
    final = matches.view(mid, referee).body
    assert final["winners"] and max(final["scores"]) >= 3 and final["to_act"] == []
    with pytest.raises(errors.RuleError):
        matches.act(mid, seats[0], {"type": "play", "card": "2C"})


def test_a_table_match_with_round_results_and_a_revoke(matches: Service) -> None:
    reply = new(matches, mode="table", options={"target": 4})
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    view = matches.view(mid, referee).body
    assert "hand" not in view and "hands" not in view and view["revokes"] == []
    # seat 1 leads AH, seat 2 plays 2C, then leads hearts later: provably had a heart
    for seat, card in [(1, "AH"), (2, "2C"), (0, "3H"), (1, "4S"), (2, "5H")]:
        view = matches.act(mid, referee, {"type": "play", "seat": seat, "card": card}).body
    assert [(r["seat"], r["trick"], r["code"]) for r in view["revokes"]] == [(2, 1, "must_follow_suit")]
    view = matches.act(mid, seats[0], {"type": "play", "card": "6S"}).body
    for seat, card in [(0, "QD"), (1, "9D"), (2, "KD")]:
        view = matches.act(mid, referee, {"type": "play", "seat": seat, "card": card}).body
    assert view["rounds"] == 1 and view["scores"] == [1, 1, 1]
    view = matches.act(mid, referee, {"type": "round_result", "result": {"tricks": [0, 0, 3]}}).body
    assert view["status"] == "finished" and view["winners"] == [2]


def test_undo_takes_back_the_last_action_and_the_deal_after_it(matches: Service, store: MemoryStore) -> None:
    reply = new(matches, options={"target": 10})
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    with pytest.raises(errors.NothingToUndo):
        matches.undo(mid, referee)
    with pytest.raises(errors.Forbidden):
        matches.undo(mid, seats[0])
    before = matches.view(mid, referee).body
    seat = to_act(matches, mid, referee)
    matches.act(mid, seats[seat], first_legal(matches, mid, seats[seat]))
    undone = matches.undo(mid, referee, if_match='"2"')
    assert undone.body["version"] == 3
    after = matches.view(mid, referee).body
    assert {k: after[k] for k in ("hands", "trick", "to_act")} == {k: before[k] for k in ("hands", "trick", "to_act")}
    # play a whole round (3 tricks of 3): its last play triggers a deal; undo takes both back
    for _ in range(9):
        seat = to_act(matches, mid, referee)
        matches.act(mid, seats[seat], first_legal(matches, mid, seats[seat]))
    assert matches.view(mid, referee).body["rounds"] == 1
    matches.undo(mid, referee)
    view = matches.view(mid, referee).body
    assert view["rounds"] == 0 and len(view["tricks"]) == 2 and len(view["trick"]["plays"]) == 2
    kinds = [e.data["kind"] for e in store.events(mid)]
    assert kinds.count("undo") == 2 and kinds.count("deal") == 2


def test_events_hide_decks_and_undone_cards(matches: Service) -> None:
    reply = new(matches)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    seat = to_act(matches, mid, referee)
    action = first_legal(matches, mid, seats[seat])
    matches.act(mid, seats[seat], action)
    other = seats[(seat + 1) % 3]
    shown = matches.events(mid, other).body["events"]
    assert [e["kind"] for e in shown] == ["create", "deal", "action"]
    assert set(shown[1]) == {"seq", "version", "kind"}
    assert shown[2]["action"]["card"] == action["card"]
    matches.undo(mid, referee)
    shown = matches.events(mid, other, after=2).body
    assert shown["events"][0]["undone"] is True and "card" not in shown["events"][0]["action"]
    assert matches.events(mid, seats[seat]).body["events"][2]["action"]["card"] == action["card"]
    page = matches.events(mid, referee, after=0, limit=2).body
    assert page["last_seq"] == 2 and page["more"] is True
    with pytest.raises(errors.InvalidRequest):
        matches.events(mid, referee, after=-1)


def test_delete_is_for_the_referee(matches: Service) -> None:
    reply = new(matches)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    with pytest.raises(errors.Forbidden):
        matches.delete(mid, seats[0])
    with pytest.raises(errors.PreconditionFailed):
        matches.delete(mid, referee, if_match='"5"')
    assert matches.delete(mid, referee).status == 204
    with pytest.raises(errors.MatchNotFound):
        matches.view(mid, referee)


def test_an_unreachable_store_is_a_503(matches: Service, store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    from service.store.base import StoreUnavailable

    mid = new(matches).body["id"]

    def down(*_a: Any, **_k: Any) -> Any:
        raise StoreUnavailable("down")

    monkeypatch.setattr(store, "load", down)
    with pytest.raises(errors.StoreUnavailable) as err:
        matches.view(mid, "x")
    assert status_of(err.value) == 503 and headers_of(err.value)["Retry-After"]


class _KeepsEveryRound(type(TOY)):  # type: ignore[misc]
    """The toy game as it was before ``archive``: its state keeps every round's record."""

    def archive(self, state: Any) -> tuple[Any, list[dict[str, Any]]]:
        return state, []


def _play_rounds(matches: Service, mid: str, seats: list[str], rounds: int, referee: str) -> None:
    """Play (dealt mode) until ``rounds`` rounds are over."""
    while matches.view(mid, referee).body["rounds"] < rounds:
        seat = to_act(matches, mid, referee)
        matches.act(mid, seats[seat], first_legal(matches, mid, seats[seat]))


def test_finished_rounds_leave_the_state_for_the_event_log(store: MemoryStore) -> None:
    # one instant for both: the views' expires_at follows the last save's second, which the two
    # matches, played one after the other, could otherwise reach on either side of a second's turn
    now = time.time()
    archiving = Service(store, {TOY.id: TOY}, random.Random(3), clock=lambda: now)
    keeping = Service(MemoryStore(), {TOY.id: _KeepsEveryRound()}, random.Random(3), clock=lambda: now)
    body = {"ruleset": TOY.id, "mode": "dealt", "players": ["Ann", "Bob", "Cy"], "dealer": 0, "options": {"target": 50}}
    a, k = archiving.create(body), keeping.create(body)
    (mid_a, (ref_a, seats_a)), (mid_k, (ref_k, seats_k)) = (a.body["id"], tokens(a)), (k.body["id"], tokens(k))
    for rounds in range(1, 6):
        _play_rounds(archiving, mid_a, seats_a, rounds, ref_a)
        _play_rounds(keeping, mid_k, seats_k, rounds, ref_k)
        view_a, view_k = archiving.view(mid_a, ref_a).body, keeping.view(mid_k, ref_k).body
        # the same match (same decks, same plays): everything but the history agrees
        assert {x: v for x, v in view_a.items() if x not in ("id", "history")} == {
            x: v for x, v in view_k.items() if x not in ("id", "history")
        }
        assert view_a["history"] == view_k["history"][-1:] and len(view_k["history"]) == rounds
        for token in (ref_a, seats_a[1]):
            assert archiving.rounds(mid_a, token).body["rounds"] == view_k["history"]
        # each round is logged when it finishes (issue 16 item 6): the log holds the last one too
        logged = [e for e in store.events(mid_a) if e.data["kind"] == "round"]
        assert [e.data["round"] for e in logged] == view_k["history"]
    shown = archiving.events(mid_a, seats_a[0]).body["events"]
    assert [e["round"] for e in shown if e["kind"] == "round"] == view_k["history"]


def test_undo_takes_back_the_round_an_action_archived(matches: Service, store: MemoryStore) -> None:
    reply = new(matches, options={"target": 50})
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    _play_rounds(matches, mid, seats, 2, referee)
    before = matches.rounds(mid, referee).body["rounds"]
    # play round 3 to its last card: that play ends it and archives round 2
    while matches.view(mid, referee).body["rounds"] < 3:
        seat = to_act(matches, mid, referee)
        matches.act(mid, seats[seat], first_legal(matches, mid, seats[seat]))
    assert len(matches.rounds(mid, referee).body["rounds"]) == 3
    assert [e.data["kind"] for e in store.events(mid)][-3:] == ["action", "round", "deal"]
    matches.undo(mid, referee)
    assert matches.rounds(mid, referee).body["rounds"] == before
    view = matches.view(mid, referee).body
    assert view["rounds"] == 2 and view["history"] == before[-1:]
    shown = matches.events(mid, referee).body["events"]
    assert [e["undone"] for e in shown if e["kind"] == "round"] == [False, False, True]


def test_a_match_stored_before_rounds_were_archived_logs_them_on_its_next_action(store: MemoryStore) -> None:
    old = Service(store, {TOY.id: _KeepsEveryRound()}, random.Random(5))
    body = {"ruleset": TOY.id, "mode": "dealt", "players": ["A", "B"], "dealer": 0, "options": {"target": 50}}
    reply = old.create(body)
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    _play_rounds(old, mid, seats, 3, referee)
    every = old.view(mid, referee).body["history"]
    assert len(every) == 3
    new_service = Service(store, {TOY.id: TOY}, random.Random(5))
    assert new_service.rounds(mid, referee).body["rounds"] == every
    seat = to_act(new_service, mid, referee)
    new_service.act(mid, seats[seat], first_legal(new_service, mid, seats[seat]))
    assert new_service.view(mid, referee).body["history"] == every[-1:]
    assert new_service.rounds(mid, referee).body["rounds"] == every
    # undoing that action puts back a state that holds every round: the rounds are logged again
    new_service.undo(mid, referee)
    assert new_service.view(mid, referee).body["history"] == every[-1:]
    assert new_service.rounds(mid, referee).body["rounds"] == every


def test_rounds_answers_the_version_it_loaded(store: MemoryStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """A round that another request ends between the load and the read of the event log is not
    listed twice (once from the log, once from the state loaded before it)."""
    matches = Service(store, {TOY.id: TOY}, random.Random(3))
    other = Service(store, {TOY.id: TOY}, random.Random(4))
    reply = new(matches, options={"target": 50})
    mid = reply.body["id"]
    referee, seats = tokens(reply)
    _play_rounds(matches, mid, seats, 2, referee)
    before = matches.rounds(mid, referee).body
    read_events = store.events

    def events_after_a_concurrent_round(match_id: str, after: int = 0, limit: int | None = None) -> list[Any]:
        monkeypatch.setattr(store, "events", read_events)
        _play_rounds(other, mid, seats, 3, referee)  # commits while rounds() is between its reads
        return read_events(match_id, after=after, limit=limit)

    monkeypatch.setattr(store, "events", events_after_a_concurrent_round)
    racing = matches.rounds(mid, referee).body
    assert racing == before and len(racing["rounds"]) == 2
    assert len(matches.rounds(mid, referee).body["rounds"]) == 3
