"""Issue 34 through the HTTP API: seats by invitation (``"seats": "claim"``), a match that waits for
them, the seed commitment every view carries, and a creator whose referee token reads no hand (on
the memory store and on a real Redis)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask import Flask

from tests.api.match_driver import FlaskHttp, Match, step
from tests.api.test_stream import Stream, is_view, make_app, store_kind, streams
from tests.fifth_game import with_the_fifth
from tests.profiles import profile
from tests.redis_server import redis_server

__all__ = ["redis_server", "store_kind", "streams"]


@pytest.fixture
def app(store_kind: str, request: pytest.FixtureRequest) -> Flask:
    # a whole match is followed on one stream: it must outlive the slowest run of it
    return make_app(store_kind, request, stream_heartbeat_seconds=0.3, stream_max_seconds=90)


@pytest.fixture
def http(app: Flask) -> FlaskHttp:
    return FlaskHttp(app.test_client())


def invited(http: FlaskHttp, ruleset: str, players: int, **extra: Any) -> tuple[dict[str, Any], list[str]]:
    body = {"ruleset": ruleset, "mode": "dealt", "players": [f"P{i}" for i in range(players)], "seats": "claim",
            **extra}
    answer = http.post("/v1/matches", body)
    assert answer.status == 201, answer.body
    return answer.body, [s["invite"] for s in answer.body["seats"]]


def claim(http: FlaskHttp, match_id: str, seat: int, invite: str, entropy: str | None = None) -> Any:
    body = {"invite": invite} if entropy is None else {"invite": invite, "entropy": entropy}
    return http.post(f"/v1/matches/{match_id}/seats/{seat}/claim", body)


def test_an_invitation_opens_its_seat_once_and_the_match_waits_for_every_seat(http: FlaskHttp) -> None:
    created, invites = invited(http, "forty_fives", 3)
    path = f"/v1/matches/{created['id']}"
    referee = created["referee_token"]
    assert all("token" not in s and s["invite"] for s in created["seats"])
    assert len(set(invites)) == 3
    view = created["view"]
    assert view["waiting_for_seats"] is True and view["claimed"] == [False] * 3
    assert view["legal_actions"] == [] and view["dealer"] is None and "deal_commitment" not in view
    assert len(view["seed_commitment"]) == 64 and view["referee_sees_hands"] is False
    commitment = view["seed_commitment"]

    # a wrong invitation, another seat's invitation, a seat out of range
    for seat, invite in ((0, "nope"), (0, invites[1]), (7, invites[0])):
        refused = claim(http, created["id"], seat, invite)
        assert refused.status == 401 and refused.body["code"] == "invalid_invite", refused.body
    first = claim(http, created["id"], 0, invites[0], "phone-0-entropy")
    assert first.status == 200, first.body
    token0 = first.body["token"]
    assert first.body["entropy_used"] is True and first.body["seat"] == 0 and first.body["name"] == "P0"
    again = claim(http, created["id"], 0, invites[0], "other")
    assert again.status == 409 and again.body["code"] == "invite_used", again.body
    assert "once" in again.body["detail"]
    seat_view = http.get(path, token0).body
    assert seat_view["waiting_for_seats"] and seat_view["claimed"] == [True, False, False]
    assert seat_view["seed_commitment"] == commitment and seat_view["referee_sees_hands"] is False
    assert seat_view["hand"] is None and seat_view["legal_actions"] == []
    early = http.post(f"{path}/actions", {"type": "play", "card": "AH"}, token0)
    assert early.status == 409 and early.body["code"] == "waiting_for_seats", early.body
    by_seat = http.post(f"{path}/start", {}, token0)
    assert by_seat.status == 403 and by_seat.body["code"] == "referee_only"
    # the referee's links give the invitations not claimed yet, never a token
    links = http.get(f"{path}/links", referee).body
    assert [s.get("invite") for s in links["seats"]] == [None, invites[1], invites[2]]
    assert all(s.get("token") is None for s in links["seats"])

    tokens = [token0]
    for seat in (1, 2):
        answer = claim(http, created["id"], seat, invites[seat], f"phone-{seat}")
        assert answer.status == 200, answer.body
        tokens.append(answer.body["token"])
    started = answer.body["view"]
    assert started["waiting_for_seats"] is False and started["claimed"] == [True] * 3
    assert started["hand"] and len(started["deal_commitment"]) == 64 and started["dealer"] in (0, 1, 2)
    assert started["seed_commitment"] == commitment
    assert http.get(path, referee).body["hand"] is None
    assert http.post(f"{path}/start", None, referee).body["code"] == "match_started"
    record = http.get(f"{path}/record", tokens[0]).body
    assert record["entropies"] == ["phone-0-entropy", "phone-1", "phone-2"]
    assert record["seed_commitment"] == commitment and record["record_version"] == 2
    events = http.get(f"{path}/events", tokens[1]).body["events"]
    assert [e["kind"] for e in events[:5]] == ["create", "claim", "claim", "claim", "start"]


def test_the_referee_may_start_with_seats_unclaimed(http: FlaskHttp) -> None:
    created, invites = invited(http, "boerenbridge", 4)
    path = f"/v1/matches/{created['id']}"
    referee = created["referee_token"]
    one = claim(http, created["id"], 2, invites[2], "only-me").body["token"]
    started = http.post(f"{path}/start", None, referee)
    assert started.status == 200, started.body
    assert started.body["waiting_for_seats"] is False and started.body["claimed"] == [False, False, True, False]
    late = claim(http, created["id"], 0, invites[0], "too-late")
    assert late.status == 200 and late.body["entropy_used"] is False and late.body["view"]["hand"]
    record = http.get(f"{path}/record", one).body
    assert record["entropies"] == [None, None, "only-me", None]
    assert record["first_dealer"]["method"] != "pending"


def test_seats_by_invitation_are_for_dealt_matches_and_the_claim_is_checked(http: FlaskHttp) -> None:
    table = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C"],
                                      "seats": "claim"})
    assert table.status == 422 and table.body["code"] == "claim_needs_dealt_mode", table.body
    other = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B", "C"],
                                      "seats": "all"})
    assert other.status == 400 and other.body["code"] == "invalid_seats" and other.body["legal"] == ["claim"]
    created, invites = invited(http, "forty_fives", 3)
    for body, code in (([], "invalid_input"), ({"invite": invites[0], "entropy": "é"}, "invalid_entropy"),
                       ({"invite": invites[0], "entropy": 7}, "invalid_entropy"),
                       ({"invite": invites[0], "colour": 1}, "unknown_field")):
        answer = http.post(f"/v1/matches/{created['id']}/seats/0/claim", body)
        assert answer.status == 400 and answer.body["code"] == code, (body, answer.body)
    # still claimable after those refusals
    assert claim(http, created["id"], 0, invites[0]).status == 200
    # a match created without seats gives tokens, as before, and carries the commitment too
    plain = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B", "C"]}).body
    assert all(s["token"] for s in plain["seats"]) and plain["view"]["claimed"] is None
    assert len(plain["view"]["seed_commitment"]) == 64 and plain["view"]["waiting_for_seats"] is False
    assert http.post(f"/v1/matches/{plain['id']}/seats/0/claim", {"invite": "x"}).body["code"] == "invalid_invite"


def _held(http: FlaskHttp, path: str, tokens: list[str], public: str) -> set[str]:
    """The cards in the seats' hands that no public body shows (a card face up is everyone's)."""
    return {c for t in tokens for c in http.get(path, t).body.get("hand") or [] if f'"{c}"' not in public}


@pytest.mark.parametrize("ruleset_id", with_the_fifth(), indirect=True)
def test_the_creator_with_the_referee_token_reads_no_hand(
    app: Flask, http: FlaskHttp, streams: list[Stream], ruleset_id: str
) -> None:
    """At every version: the referee's view, events, stream and record show no card of a hand."""
    game = profile(ruleset_id)
    created, invites = invited(http, ruleset_id, game.usual_players, options=game.short)
    referee = created["referee_token"]
    tokens = [claim(http, created["id"], s, inv, f"e{s}").body["token"] for s, inv in enumerate(invites)]
    match = Match(created["id"], referee, tokens, "dealt")
    stream = Stream(app, match.path, referee)
    streams.append(stream)
    rng = random.Random(f"creator-{ruleset_id}")
    seen_stream: list[Any] = []
    for _ in range(600):
        view = http.get(match.path, referee).body
        assert view["hand"] is None and "hands" not in view
        if view["status"] == "finished":  # the record reveals every deal to everyone now
            break
        events = http.get(f"{match.path}/events", referee).body["events"]
        record = http.get(f"{match.path}/record", referee).body
        seen_stream += [item.data for item in stream.reader.until(is_view, timeout=20)]
        # the cards of earlier rounds are public once played or revealed, and may be in a hand again
        # now: what the referee reads of the deal in play is checked
        dealt = max(e["seq"] for e in events if e["kind"] in ("deal", "start"))
        deal = sum(1 for e in events if e["kind"] == "deal") - 1
        assert not record["complete"] and all(d["index"] < deal for d in record["deals"])
        now = [e for e in events if e["seq"] > dealt]
        # the stream's latest view (an older one shows an earlier round) and its events of this deal
        streamed = [seen_stream[-1], *(d for d in seen_stream if isinstance(d, dict) and d.get("seq", 0) > dealt)]
        in_play = [a for a in record["actions"] + record["refused"] if a["deal"] == deal]
        public = json.dumps(http.get(match.path, created["spectator_token"]).body)
        held = _held(http, match.path, tokens, public)
        shown = json.dumps([view, now, in_play, streamed])
        assert not [c for c in held if f'"{c}"' in shown], ruleset_id
        step(http, match, rng)
    else:
        raise AssertionError("the match did not finish")


def test_a_claim_whose_answer_was_lost_is_answered_again_under_its_key(http: FlaskHttp) -> None:
    """A phone keeps an Idempotency-Key before it claims: when the answer is lost on the way, the
    same invitation and key get the same token again (and the seat's view now); the invitation
    without that key (the referee holds it) stays dead."""
    created, invites = invited(http, "forty_fives", 3)
    path = f"/v1/matches/{created['id']}/seats/0/claim"
    body = {"invite": invites[0], "entropy": "phone-0"}
    first = http.request("POST", path, None, body, headers={"Idempotency-Key": "phone-0-key"})
    assert first.status == 200 and first.headers.get("Idempotent-Replayed") is None, first.body
    token = first.body["token"]
    for seat in (1, 2):  # the match starts meanwhile
        assert claim(http, created["id"], seat, invites[seat], f"phone-{seat}").status == 200
    again = http.request("POST", path, None, body, headers={"Idempotency-Key": "phone-0-key"})
    assert again.status == 200, again.body
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.body["token"] == token and again.body["entropy_used"] is True
    assert again.body["view"]["viewer"] == {"role": "seat", "seat": 0} and again.body["view"]["hand"]
    assert http.get(f"/v1/matches/{created['id']}", token).status == 200
    for headers in ({}, {"Idempotency-Key": "another-key"}):
        refused = http.request("POST", path, None, body, headers=headers)
        assert refused.status == 409 and refused.body["code"] == "invite_used", refused.body
    bad = http.request("POST", path, None, body, headers={"Idempotency-Key": "k" * 300})
    assert bad.status == 400 and bad.body["code"] == "invalid_idempotency_key", bad.body
