"""What a new referee, an attacker and a bad network found (issue 14), through the HTTP API.

Each test here failed before its fix: idempotency keys scoped to their callers, sealed create
answers that the store alone cannot open, the Bearer scheme, player names, the bound on ``after``,
chunked bodies, the 413 naming its limit, and strict integers.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from service.api.config import ConfigError, Settings
from service.matches.idempotency import Idempotency, fingerprint
from service.matches.usecases import MAX_SEQ
from tests.api.match_driver import FlaskHttp, create


@pytest.fixture
def match_app() -> Flask:
    app = create_app(Settings(idempotency_secret=b"s" * 32))
    app.config["TESTING"] = True
    return app


@pytest.fixture
def http(match_app: Flask) -> FlaskHttp:
    return FlaskHttp(match_app.test_client())


def _to_act(http: FlaskHttp, path: str, referee: str) -> int:
    seats: list[int] = http.get(path, referee).body["to_act"]
    return seats[0]


# --- 1. idempotency keys belong to their caller ---------------------------------------------------


def test_a_seat_may_reuse_a_key_another_seat_used(http: FlaskHttp) -> None:
    match, _ = create(http, "boerenbridge", "dealt", 4)
    first = _to_act(http, match.path, match.referee)
    bid = http.get(match.path, match.seats[first]).body["legal_actions"][0]
    assert http.post(f"{match.path}/actions", bid, match.seats[first], Idempotency_Key="same").status == 200
    second = _to_act(http, match.path, match.referee)
    assert second != first
    own = http.get(match.path, match.seats[second]).body["legal_actions"][0]
    answer = http.post(f"{match.path}/actions", own, match.seats[second], Idempotency_Key="same")
    assert answer.status == 200 and "Idempotent-Replayed" not in answer.headers
    assert answer.body["version"] == 3


def test_a_create_key_is_no_oracle_and_no_bearer_secret_for_another_body(http: FlaskHttp) -> None:
    body = {"ruleset": "forty_fives", "mode": "table", "players": ["Ann", "Bob", "Cy"]}
    first = http.post("/v1/matches", body, Idempotency_Key="guessable")
    again = http.post("/v1/matches", body, Idempotency_Key="guessable")
    assert again.status == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.body["referee_token"] == first.body["referee_token"]
    # a guesser with another body learns nothing about the key, and gets no one's tokens
    other = http.post("/v1/matches", {**body, "players": ["Eve", "Bob", "Cy"]}, Idempotency_Key="guessable")
    assert other.status == 201 and "Idempotent-Replayed" not in other.headers
    assert other.body["id"] != first.body["id"] and other.body["referee_token"] != first.body["referee_token"]
    # once the match is deleted, the replay no longer answers 201
    assert http.request("DELETE", f"/v1/matches/{first.body['id']}", first.body["referee_token"]).status == 204
    gone = http.post("/v1/matches", body, Idempotency_Key="guessable")
    assert gone.status == 404 and gone.body["code"] == "match_not_found"


def test_the_store_alone_cannot_open_a_sealed_create_answer(match_app: Flask, http: FlaskHttp) -> None:
    body = {"ruleset": "boerenbridge", "mode": "table", "players": ["Ann", "Bob", "Cy", "Di"]}
    first = http.post("/v1/matches", body, Idempotency_Key="k-1")
    store = match_app.extensions["trick_referee.matches"].store
    scopes = [s for s in store._records if s.startswith(f"{{match:{first.body['id']}}}:idem:")]
    assert len(scopes) == 1
    record = store.get_idempotency(scopes[0])
    stored = json.dumps(record.answer)
    assert first.body["referee_token"] not in stored
    assert all(s["token"] not in stored for s in first.body["seats"])
    sealed = record.answer["sealed"]
    ours = Idempotency(b"s" * 32)
    assert ours.unseal("k-1", scopes[0], sealed)["referee"] == first.body["referee_token"]
    for wrong in (Idempotency(b"t" * 32), ours):  # another server secret; or the right one, another key
        with pytest.raises(ValueError):
            wrong.unseal("k-1" if wrong is not ours else "k-2", scopes[0], sealed)
    with pytest.raises(ValueError):  # moved to another record
        ours.unseal("k-1", "create:other", sealed)


def test_a_keyed_create_files_its_record_in_the_new_matchs_own_slot(match_app: Flask, http: FlaskHttp) -> None:
    body = {"ruleset": "forty_fives", "mode": "table", "players": ["Ann", "Bob", "Cy"]}
    first = http.post("/v1/matches", body, Idempotency_Key="k-slot")
    store = match_app.extensions["trick_referee.matches"].store
    assert all(s.startswith("{match:") for s in store._records)  # no global record any more
    (scope,) = [s for s in store._records if s.startswith(f"{{match:{first.body['id']}}}:idem:")]
    # the id is an HMAC of the key and the body under the server's secret: the retry finds it again
    assert first.body["id"] == Idempotency(b"s" * 32).create_match_id("k-slot", _create_fp(body))
    assert first.body["id"] != Idempotency(b"t" * 32).create_match_id("k-slot", _create_fp(body))
    assert "k-slot" not in first.body["id"] and len(first.body["id"]) == 22
    again = http.post("/v1/matches", body, Idempotency_Key="k-slot")
    assert again.status == 201 and again.body["id"] == first.body["id"]
    assert again.body["referee_token"] == first.body["referee_token"]
    # a key reused after its record expired while the match lives on is a new create (a new id)
    del store._records[scope]
    later = http.post("/v1/matches", body, Idempotency_Key="k-slot")
    assert later.status == 201 and "Idempotent-Replayed" not in later.headers
    assert later.body["id"] != first.body["id"]


def test_a_create_record_filed_globally_before_the_upgrade_is_still_found(match_app: Flask, http: FlaskHttp) -> None:
    body = {"ruleset": "forty_fives", "mode": "table", "players": ["Ann", "Bob", "Cy"]}
    first = http.post("/v1/matches", body, Idempotency_Key="k-old")
    store = match_app.extensions["trick_referee.matches"].store
    ours = Idempotency(b"s" * 32)
    fp = _create_fp(body)
    scope = ours.create_scope(first.body["id"], "k-old", fp)
    record = store.get_idempotency(scope)
    assert record is not None
    del store._records[scope]  # filed as the earlier version did: under create:<digest>
    legacy = ours.legacy_create_scope("k-old", fp)
    tokens = ours.unseal("k-old", scope, record.answer["sealed"])
    answer = {**record.answer, "sealed": ours.seal("k-old", legacy, tokens)}
    assert store.put_idempotency(legacy, type(record)(record.fingerprint, answer)) is True
    again = http.post("/v1/matches", body, Idempotency_Key="k-old")
    assert again.status == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.body["id"] == first.body["id"] and again.body["referee_token"] == first.body["referee_token"]


def _create_fp(body: dict[str, Any]) -> str:
    return fingerprint("create", None, None, body)


def test_a_short_idempotency_secret_is_refused() -> None:
    with pytest.raises(ConfigError, match="IDEMPOTENCY_SECRET"):
        Settings.from_env({"IDEMPOTENCY_SECRET": "short"})
    assert Settings.from_env({"IDEMPOTENCY_SECRET": "x" * 16}).idempotency_secret == b"x" * 16
    assert "x" * 16 not in repr(Settings.from_env({"IDEMPOTENCY_SECRET": "x" * 16}))


# --- 5. the memory store with several workers ---------------------------------------------------


def test_several_workers_on_the_memory_store_are_refused() -> None:
    with pytest.raises(ConfigError, match="REDIS_URL") as refused:
        Settings.from_env({"WEB_CONCURRENCY": "3"})
    assert "WEB_CONCURRENCY=1" in str(refused.value)
    assert Settings.from_env({"WEB_CONCURRENCY": "3", "REDIS_URL": "redis://r:6379/0"}).web_concurrency == 3


# --- 7. the Bearer scheme ------------------------------------------------------------------------


@pytest.mark.parametrize("header", ["{token}", "Token {token}", "Basic {token}", "bearer{token}"])
def test_a_token_without_the_bearer_scheme_is_refused(http: FlaskHttp, header: str) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    answer = http.request("GET", match.path, headers={"Authorization": header.format(token=match.referee)})
    assert answer.status == 401 and answer.body["code"] == "invalid_authorization"
    assert answer.headers["WWW-Authenticate"].startswith("Bearer")
    for scheme in ("Bearer", "bearer", "BEARER"):  # the scheme in any case
        assert http.request("GET", match.path, headers={"Authorization": f"{scheme} {match.referee}"}).status == 200


# --- 8. player names -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Ann\x00", "control_character"),
        ("Bo\nb", "control_character"),
        ("\u202eAnn", "bidirectional_control"),
        ("Ann\u2066x", "bidirectional_control"),
        ("\u200b\u200b", "looks_empty"),
        ("   ", "looks_empty"),
        ("\u0301\u0301", "looks_empty"),
        ("", "looks_empty"),
        ("x" * 101, "too_long"),
    ],
)
def test_unreadable_player_names_are_refused_with_the_player_and_the_reason(
    http: FlaskHttp, name: str, reason: str
) -> None:
    body = {"ruleset": "forty_fives", "mode": "table", "players": ["Ann", name, "Cy"]}
    answer = http.post("/v1/matches", body)
    assert answer.status == 422 and answer.body["code"] == "invalid_player_name", answer.body
    assert answer.body["player"] == 1 and answer.body["reason"] == reason
    assert "player 2" in answer.body["detail"]  # the second player, counted from 1 as people count


@pytest.mark.parametrize(("first", "twin"), [("Ann", "ANN"), ("Ann", "ann"), ("Ann", " Ann "), ("Straße", "STRASSE"),
                                             ("Jos\u00e9", "JOSE\u0301")])
def test_names_equal_after_nfc_and_case_folding_are_refused(http: FlaskHttp, first: str, twin: str) -> None:
    answer = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "table", "players": [first, "Bob", twin]})
    assert answer.status == 422 and answer.body["reason"] == "duplicate" and answer.body["same_as"] == 0


def test_names_are_stored_nfc_normalised(http: FlaskHttp) -> None:
    decomposed = "Jose\u0301"  # e + combining acute
    assert http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "table",
                                     "players": ["José", decomposed, "Cy"]}).body["reason"] == "duplicate"
    created = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "table", "players": [decomposed, "B", "C"]})
    assert created.status == 201
    assert created.body["seats"][0]["name"] == "Jos\u00e9" and created.body["view"]["names"][0] == "Jos\u00e9"


# --- 4. after, chunked bodies, the 413 -----------------------------------------------------------


@pytest.mark.parametrize("after", [MAX_SEQ + 1, 2**64 - 1, 10**30])
def test_after_beyond_any_sequence_number_is_a_400(http: FlaskHttp, after: int) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3)
    answer = http.get(f"{match.path}/events?after={after}", match.referee)
    assert answer.status == 400 and answer.body["code"] == "invalid_input"
    assert http.get(f"{match.path}/events?after={MAX_SEQ}", match.referee).body["events"] == []


@pytest.mark.parametrize("query", [
    "limit=%C2%A09",  # a no-break space before the digit: int() would read 9
    "limit=1_0", "after=%D9%A3",  # an underscore; an Arabic-Indic three
    "limit=+5", "after=-0", "limit=%209", "limit=",
])
def test_a_query_number_is_ascii_digits_only(http: FlaskHttp, query: str) -> None:
    match, _ = create(http, "forty_fives", "table", 3)
    answer = http.get(f"{match.path}/events?{query}", match.referee)
    assert answer.status == 400 and answer.body["code"] == "invalid_input", query
    field = query.split("=")[0]
    assert list(answer.body["errors"]) == [f"query.{field}"]


@pytest.mark.parametrize("query", ["limit=9&limit=3", "after=0&after=0", "limit=5&lang=id&limit=x"])
def test_a_query_parameter_given_twice_is_a_400_in_the_callers_language(http: FlaskHttp, query: str) -> None:
    """webargs would read the first and drop the rest: a client sending two means something else."""
    match, _ = create(http, "forty_fives", "table", 3)
    answer = http.get(f"{match.path}/events?{query}", match.referee)
    field = query.split("=")[0]
    assert answer.status == 400 and answer.body["code"] == "invalid_input"
    assert list(answer.body["errors"]) == [f"query.{field}"]
    words = "Diberikan lebih dari sekali" if "lang=id" in query else "Given more than once"
    assert answer.body["errors"][f"query.{field}"][0].startswith(words)
    once = http.get(f"{match.path}/events?{query.split('&')[0]}", match.referee)
    assert once.status == 200


def test_the_413_names_the_limit(match_app: Flask) -> None:
    limit = match_app.config["MAX_CONTENT_LENGTH"]
    raw = b'{"ruleset": "forty_fives", "pad": "' + b"x" * limit + b'"}'
    answer = match_app.test_client().post("/v1/matches", data=raw, content_type="application/json")
    body = answer.get_json()
    assert answer.status_code == 413 and body["code"] == "payload_too_large"
    assert body["limit"] == limit and str(limit) in body["detail"]


def _chunked(app: Flask, chunks: list[bytes]) -> Any:
    """A POST whose body arrives as ``Transfer-Encoding: chunked`` (no Content-Length), as a WSGI
    server hands it over: already de-chunked, with the input marked terminated."""
    import io

    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": "/v1/matches", "SERVER_NAME": "t", "SERVER_PORT": "80",
        "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b"".join(chunks)), "wsgi.input_terminated": True,
        "CONTENT_TYPE": "application/json", "HTTP_TRANSFER_ENCODING": "chunked", "wsgi.errors": io.StringIO(),
        "wsgi.multithread": False, "wsgi.multiprocess": False, "wsgi.run_once": False, "wsgi.version": (1, 0),
    }
    status: list[str] = []
    body = b"".join(app.wsgi_app(environ, lambda s, h, *_: status.append(s)))  # type: ignore[arg-type]
    return int(status[0].split()[0]), json.loads(body)


def test_a_chunked_body_over_the_limit_is_a_413_like_a_declared_one(match_app: Flask) -> None:
    limit = match_app.config["MAX_CONTENT_LENGTH"]
    big = json.dumps({"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C"],
                      "options": {}, "pad": "x" * (limit + 5000)}).encode()
    status, body = _chunked(match_app, [big[i:i + 4096] for i in range(0, len(big), 4096)])
    assert status == 413 and body["code"] == "payload_too_large" and body["limit"] == limit
    small = json.dumps({"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C"]}).encode()
    status, body = _chunked(match_app, [small[:10], small[10:]])
    assert status == 201 and body["version"] == 1


def test_a_malformed_chunked_body_is_a_400(match_app: Flask) -> None:
    class Broken:
        def read(self, size: int = -1) -> bytes:
            raise OSError("Invalid chunk size: 'zz'")  # what gunicorn's chunked reader raises

    import io

    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": "/v1/matches", "SERVER_NAME": "t", "SERVER_PORT": "80",
        "wsgi.url_scheme": "http", "wsgi.input": Broken(), "wsgi.input_terminated": True,
        "CONTENT_TYPE": "application/json", "HTTP_TRANSFER_ENCODING": "chunked", "wsgi.errors": io.StringIO(),
        "wsgi.multithread": False, "wsgi.multiprocess": False, "wsgi.run_once": False, "wsgi.version": (1, 0),
    }
    status: list[str] = []
    body = b"".join(match_app.wsgi_app(environ, lambda s, h, *_: status.append(s)))  # type: ignore[arg-type]
    assert status[0].startswith("400") and json.loads(body)["code"] == "malformed_body"


def _declared(app: Flask, stream: Any, length: str) -> tuple[str, dict[str, Any]]:
    """A POST /v1/matches whose body is read from ``stream`` under ``Content-Length: length``, with
    the input marked terminated, as gunicorn hands it over."""
    import io

    environ = {
        "REQUEST_METHOD": "POST", "PATH_INFO": "/v1/matches", "SERVER_NAME": "t", "SERVER_PORT": "80",
        "wsgi.url_scheme": "http", "wsgi.input": stream, "wsgi.input_terminated": True, "CONTENT_LENGTH": length,
        "CONTENT_TYPE": "application/json", "wsgi.errors": io.StringIO(),
        "wsgi.multithread": False, "wsgi.multiprocess": False, "wsgi.run_once": False, "wsgi.version": (1, 0),
    }
    status: list[str] = []
    body = b"".join(app.wsgi_app(environ, lambda s, h, *_: status.append(s)))  # type: ignore[arg-type]
    return status[0], json.loads(body)


def test_a_body_of_declared_length_is_read_once_to_that_length(match_app: Flask) -> None:
    import io

    class Counted(io.BytesIO):
        def __init__(self, data: bytes) -> None:
            super().__init__(data)
            self.sizes: list[int] = []

        def read(self, size: int | None = -1) -> bytes:
            self.sizes.append(-1 if size is None else size)
            return super().read(size)

    text = json.dumps({"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C"]}).encode()
    stream = Counted(text + b"trailing bytes past the declared length")
    status, body = _declared(match_app, stream, str(len(text)))
    assert status.startswith("201") and body["view"]["ruleset"] == "forty_fives"
    assert stream.sizes == [len(text)]  # one read, of the declared length, nothing past it
    # a body that ends before its declared length is refused as such (issue 33 item 7)
    status, body = _declared(match_app, io.BytesIO(text[:20]), str(len(text)))
    assert status.startswith("400") and body["code"] == "malformed_body"
    # over the limit: werkzeug's 413, the body never read
    untouched = Counted(b"")
    status, body = _declared(match_app, untouched, str(10**9))
    assert status.startswith("413") and untouched.sizes == []


def test_a_body_read_by_the_limit_is_parsed_from_those_bytes(match_app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """The view parses the bytes ``BodyLimit`` read, not a second reading through werkzeug's stream."""
    import io

    import flask

    def no_second_read(self: flask.Request, *args: Any, **kwargs: Any) -> bytes:
        raise AssertionError("the body was read again")

    monkeypatch.setattr(flask.Request, "get_data", no_second_read)
    text = json.dumps({"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C"]}).encode()
    status, body = _declared(match_app, io.BytesIO(text), str(len(text)))
    assert status.startswith("201") and body["view"]["ruleset"] == "forty_fives"


def test_a_body_the_server_cannot_read_is_a_400(match_app: Flask) -> None:
    class Broken:
        def read(self, size: int = -1) -> bytes:
            raise OSError("connection reset")

    status, body = _declared(match_app, Broken(), "40")
    assert status.startswith("400") and body["code"] == "malformed_body"
    assert "declared" in body["detail"]


# --- 11. strict integers -------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [True, 1.0, 2.5, "1"])
def test_an_action_seat_must_be_a_json_integer(http: FlaskHttp, seat: Any) -> None:
    match, _ = create(http, "forty_fives", "table", 3)
    action = dict(http.get(match.path, match.referee).body["legal_actions"][0])
    action["seat"] = seat
    answer = http.post(f"{match.path}/actions", action, match.referee)
    assert answer.status == 400 and answer.body["code"] == "invalid_action", answer.body
    assert http.get(match.path, match.referee).body["version"] == 1


def test_random_names_never_give_a_server_error(http: FlaskHttp) -> None:
    rng = random.Random(5)
    alphabet = "aAéE\u0301 \u200b\u202e\x00\n\t漢ß\ufeff"
    for _ in range(200):
        names = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 6))) for _ in range(3)]
        answer = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "table", "players": names})
        assert answer.status in (201, 400, 422), answer.body


# --- issue 15 item 4: cards and trumps in the players' words, through the API -------------------


def test_cards_and_trump_in_words_are_read_and_written_canonically(http: FlaskHttp) -> None:
    answer = http.post("/v1/rulesets/forty_fives/trick", {"trump": "hati", "plays": ["Raja hati", "7 hati", "As Hati"]})
    assert answer.status == 200 and answer.body["card"] == "AH" and answer.body["winner"] == 2
    unknown = http.post("/v1/rulesets/forty_fives/trick", {"trump": "H", "plays": ["Raja hatti"]})
    assert unknown.status == 400 and unknown.body["code"] == "invalid_card"
    assert "Raja hatti" in unknown.body["detail"] and "As Hati" in unknown.body["detail"]
