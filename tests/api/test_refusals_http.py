"""Refused actions in the match record (issue 16 item 4: "every action with who made it and what it
was, refused or undone"), through the HTTP API: a refusal changes nothing (no version, no event, the
same ETag) yet the record lists it, with who and the refusal's code; another seat's refused card is
hidden until its round is over (a refused play names a card of that seat's hand); the log keeps the
last 200; deleting the match deletes it; a refusal that cannot be logged is still the answer; the
verifier accepts a record with refusals and refuses a malformed list. On the memory store and on a
real redis-server."""

from __future__ import annotations

import contextlib
import json
import logging
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.matches.usecases import Matches
from service.store import base as store_base
from service.store.base import REFUSAL_LOG_LIMIT, Store
from service.store.memory import MemoryStore
from service.store.redis_store import RedisStore
from service.verify import main as verify_main
from tests.api.match_driver import FlaskHttp, Match, create, step
from tests.redis_server import RedisServer, redis_server

__all__ = ["redis_server"]


def _matches(app: Flask) -> Matches:
    matches = app.extensions[MATCHES_KEY]
    matches = getattr(matches, "_inner", matches)  # the use cases behind the app's metrics
    assert isinstance(matches, Matches)
    return matches


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
def served(request: pytest.FixtureRequest) -> Iterator[tuple[FlaskHttp, Store]]:
    """The app on the memory store, or on a Redis store on the session's private redis-server."""
    app = create_app(Settings())
    app.config["TESTING"] = True
    store: Store
    if request.param == "memory":
        store = MemoryStore(ttl_seconds=3600)
    else:
        server: RedisServer = request.getfixturevalue("redis_server")
        server.flush()
        store = RedisStore(server.client(), ttl_seconds=3600)
    _matches(app).store = store
    with contextlib.closing(store) if isinstance(store, RedisStore) else contextlib.nullcontext():
        yield FlaskHttp(app.test_client()), store


def _turn(http: FlaskHttp, match: Match) -> tuple[int, int]:
    """The seat to act and another seat."""
    seat = http.get(match.path, match.referee).body["to_act"][0]
    return seat, (seat + 1) % len(match.seats)


def _names(text: str, card: str) -> bool:
    """Whether ``text`` names ``card`` as a word: not inside a match id or token, whose letters
    include ``-`` and ``_`` (a random id holds a text such as "6C" now and then)."""
    return re.search(rf"(?<![\w-]){re.escape(card)}(?![\w-])", text) is not None


def _refused(http: FlaskHttp, match: Match, token: str) -> list[dict[str, Any]]:
    answer = http.get(f"{match.path}/record", token)
    assert answer.status == 200, answer.body
    refused: list[dict[str, Any]] = answer.body["refused"]
    return refused


def test_a_refused_play_is_in_the_record_and_changes_nothing(served: tuple[FlaskHttp, Store]) -> None:
    http, store = served
    match, _ = create(http, "forty_fives", "dealt", 3)
    seat, other = _turn(http, match)
    before = http.get(match.path, match.seats[other])
    card = before.body["hand"][0]
    events = http.get(f"{match.path}/events", match.referee).body

    refused = http.post(f"{match.path}/actions", {"type": "play", "card": card}, match.seats[other])
    assert refused.status == 409 and refused.body["code"] in ("not_your_turn", "wrong_phase"), refused.body

    after = http.get(match.path, match.seats[other])
    assert after.body["version"] == before.body["version"] and after.etag == before.etag
    assert http.get(f"{match.path}/events", match.referee).body == events
    # If-Match with the version held still holds: the refusal made no new version
    ok = http.post(f"{match.path}/actions", http.get(match.path, match.seats[seat]).body["legal_actions"][0],
                   match.seats[seat], If_Match=before.etag or "")
    assert ok.status == 200, ok.body

    entries = _refused(http, match, match.seats[other])
    assert len(entries) == 1
    entry = entries[0]
    assert entry["by"] == other and entry["code"] == refused.body["code"]
    assert entry["action"] == {"type": "play", "card": card}
    assert entry["seq_after"] == events["last_seq"] and entry["deal"] == 0 and entry["at"].endswith("Z")
    assert len(store.refusals(match.id)) == 1


def test_another_seats_refused_card_is_hidden_until_its_round_is_over(served: tuple[FlaskHttp, Store]) -> None:
    http, _ = served
    match, created = create(http, "forty_fives", "dealt", 3, options={"target_score": 45})
    spectator = created.body["spectator_token"]
    seat, other = _turn(http, match)
    card = http.get(match.path, match.seats[other]).body["hand"][0]
    assert http.post(f"{match.path}/actions", {"type": "play", "card": card}, match.seats[other]).status == 409

    assert _refused(http, match, match.seats[other])[0]["action"] == {"type": "play", "card": card}  # its own
    for token in (match.seats[seat], match.referee, spectator):  # the referee sees no hand here
        entry = _refused(http, match, token)[0]
        assert entry["action"] == {"type": "play"} and entry["by"] == other
        text = http.client.get(f"{match.path}/record?format=text",
                               headers={"Authorization": f"Bearer {token}"}).get_data(as_text=True)
        assert entry["code"] in text and not _names(text.split("Refused actions", 1)[1], card)

    rng = random.Random(5)
    while not http.get(f"{match.path}/rounds", match.referee).body["rounds"]:
        step(http, match, rng)
    for token in (match.seats[seat], match.referee, spectator):  # its round is over: shown like the hands
        assert _refused(http, match, token)[0]["action"] == {"type": "play", "card": card}

    sees = create(http, "forty_fives", "dealt", 3, referee_sees_hands=True)[0]
    s_seat, s_other = _turn(http, sees)
    s_card = http.get(sees.path, sees.seats[s_other]).body["hand"][0]
    assert http.post(f"{sees.path}/actions", {"type": "play", "card": s_card}, sees.seats[s_other]).status == 409
    assert _refused(http, sees, sees.referee)[0]["action"] == {"type": "play", "card": s_card}
    assert _refused(http, sees, sees.seats[s_seat])[0]["action"] == {"type": "play"}


def test_in_a_table_match_everyone_sees_every_refusal(served: tuple[FlaskHttp, Store]) -> None:
    http, _ = served
    match, _ = create(http, "forty_fives", "table", 3)
    _, other = _turn(http, match)
    refused = http.post(f"{match.path}/actions", {"type": "play", "seat": other, "card": "5H"}, match.referee)
    assert refused.status == 409, refused.body
    for token in (match.referee, *match.seats):
        entry = _refused(http, match, token)[0]
        assert entry["by"] == "referee" and entry["action"] == {"type": "play", "seat": other, "card": "5H"}


def test_only_what_the_rules_refuse_is_logged(served: tuple[FlaskHttp, Store]) -> None:
    """A token's standing (another seat, the referee of a dealt match), a stale version and an
    idempotent replay are not refusals of an action by the rules; an unreadable action is, with
    only its code when the body is no action object."""
    http, _ = served
    match, created = create(http, "forty_fives", "dealt", 3)
    seat, other = _turn(http, match)
    play = http.get(match.path, match.seats[seat]).body["legal_actions"][0]
    assert http.post(f"{match.path}/actions", play | {"seat": other}, match.seats[seat]).status == 403
    assert http.post(f"{match.path}/actions", play, match.referee).status == 403
    assert http.post(f"{match.path}/actions", play, created.body["spectator_token"]).status == 403
    assert http.post(f"{match.path}/actions", play, match.seats[seat], If_Match='"99"').status == 412
    assert _refused(http, match, match.referee) == []

    card = http.get(match.path, match.seats[other]).body["hand"][0]
    codes = []
    for _ in range(2):  # a refusal is not kept under its key (issue 33): the retry is judged, and logged, again
        again = http.post(f"{match.path}/actions", {"type": "play", "card": card}, match.seats[other],
                          Idempotency_Key="refused-once-0001")
        assert again.status == 409
        codes.append(again.body["code"])
    assert [e["code"] for e in _refused(http, match, match.referee)] == codes

    assert http.post(f"{match.path}/actions", [1, 2], match.seats[seat]).status == 400
    assert http.post(f"{match.path}/actions", {"type": "play", "card": "ZZ"}, match.seats[seat]).status == 400
    assert http.post(f"{match.path}/actions", {"type": "fly", "x": 1}, match.seats[seat]).status == 400
    entries = _refused(http, match, match.seats[seat])
    assert [(e["by"], e["code"], e["action"]) for e in entries[2:]] == [
        (seat, "invalid_action", None), (seat, "invalid_card", {"type": "play", "card": "ZZ"}),
        (seat, "unknown_field", {"type": "fly"})]


def test_a_large_refused_action_is_kept_as_its_type_and_seat(served: tuple[FlaskHttp, Store]) -> None:
    http, _ = served
    match, _ = create(http, "forty_fives", "table", 3)
    big = {"type": "round_result", "seat": 0, "result": {"notes": "x" * 4000}}
    assert http.post(f"{match.path}/actions", big, match.referee).status == 400
    assert _refused(http, match, match.referee)[0]["action"] == {"type": "round_result", "seat": 0}


def test_the_log_keeps_the_last_200_and_goes_with_the_match(served: tuple[FlaskHttp, Store]) -> None:
    http, store = served
    match, _ = create(http, "forty_fives", "dealt", 3)
    _, other = _turn(http, match)
    hand = http.get(match.path, match.seats[other]).body["hand"]
    for i in range(REFUSAL_LOG_LIMIT + 5):
        answer = http.post(f"{match.path}/actions", {"type": "play", "card": hand[i % len(hand)]}, match.seats[other])
        assert answer.status == 409
    entries = _refused(http, match, match.seats[other])
    assert len(entries) == REFUSAL_LOG_LIMIT
    assert [e["action"]["card"] for e in entries[:3]] == [hand[i % len(hand)] for i in range(5, 8)]  # oldest dropped
    assert http.get(match.path, match.referee).body["version"] == 1

    assert http.request("DELETE", match.path, match.referee).status == 204
    with pytest.raises(store_base.MatchNotFound):
        store.refusals(match.id)
    assert store.append_refusal(match.id, {"seq_after": 0}) is False
    with pytest.raises(store_base.MatchNotFound):
        store.load(match.id)  # the log never brings a deleted match back


def test_a_refusal_that_cannot_be_logged_is_still_the_answer(
    served: tuple[FlaskHttp, Store], monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    http, store = served
    match, _ = create(http, "forty_fives", "dealt", 3)
    _, other = _turn(http, match)
    card = http.get(match.path, match.seats[other]).body["hand"][0]

    def down(match_id: str, entry: Any) -> bool:
        raise store_base.StoreUnavailable("the store is down")

    monkeypatch.setattr(store, "append_refusal", down)
    with caplog.at_level(logging.WARNING, logger="service.matches"):
        refused = http.post(f"{match.path}/actions", {"type": "play", "card": card}, match.seats[other])
    assert refused.status == 409 and refused.body["code"] in ("not_your_turn", "wrong_phase"), refused.body
    logged = [r for r in caplog.records if r.name == "service.matches"]
    assert logged and logged[0].levelno == logging.WARNING
    said = " ".join(f"{r.getMessage()} {r.__dict__}" for r in logged)
    assert match.seats[other] not in said and not _names(said, card)
    monkeypatch.undo()
    assert _refused(http, match, match.referee) == []


def _verify(tmp_path: Path, record: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code = verify_main([str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_the_verifier_accepts_refusals_and_refuses_a_malformed_list(
    served: tuple[FlaskHttp, Store], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    http, _ = served
    match, _ = create(http, "forty_fives", "dealt", 3)
    _, other = _turn(http, match)
    card = http.get(match.path, match.seats[other]).body["hand"][0]
    http.post(f"{match.path}/actions", {"type": "play", "card": card}, match.seats[other])
    http.post(f"{match.path}/actions", "not an action", match.seats[other])
    step(http, match, random.Random(1))
    record = http.get(f"{match.path}/record", match.referee).body
    assert len(record["refused"]) == 2
    code, said = _verify(tmp_path, record, capsys)
    assert code == 0 and "2 refused action(s)" in said, said

    def broken(change: Any) -> dict[str, Any]:
        copy = json.loads(json.dumps(record))
        change(copy)
        return copy

    for bad in (
        broken(lambda r: r.pop("refused")),
        broken(lambda r: r.__setitem__("refused", {"a": 1})),
        broken(lambda r: r["refused"].append("x")),
        broken(lambda r: r["refused"][0].__setitem__("by", 7)),
        broken(lambda r: r["refused"][0].__setitem__("by", "seat")),
        broken(lambda r: r["refused"][0].pop("code")),
        broken(lambda r: r["refused"][0].__setitem__("seq_after", -1)),
        broken(lambda r: r["refused"][0].__setitem__("action", "play")),
        broken(lambda r: r["refused"].reverse() or r["refused"][0].__setitem__("seq_after", 99)),
    ):
        code, said = _verify(tmp_path, bad, capsys)
        assert code == 2 and "refused" in said and "Traceback" not in said, said
