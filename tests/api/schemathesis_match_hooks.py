"""Schemathesis hooks for ``tests/api/test_schemathesis_matches.py`` (loaded through ``SCHEMATHESIS_HOOKS``).

Random match ids and bearer tokens name no match, so plain fuzzing of the match endpoints would
only meet 404s and 401s. The test creates a pool of matches before the run (every ruleset, dealt
and table, fresh, part-played and finished) and passes them in ``REFEREE_ST_MATCH_POOL`` (JSON:
the server's ``url``, ``players`` per ruleset, the ``matches`` with their referee and seat tokens,
and a ``tally`` file). Right before each request (``before_call``, so every phase gets it and the
match is read as it is then) the request is aimed:

* ``match_id``: a non-empty generated id is replaced by a pool match most of the time (about one
  request in eight keeps its generated id: the 404 path). An id of a match created during the run
  (a stateful link) is kept. DELETE gets a match created for it alone (or one a stateful link
  names), never a pool match; the id of a deleted match is kept (404).
* ``Authorization``: an ``@schemathesis.auth`` provider marks each request that should carry
  credentials with a placeholder (a request whose header schemathesis removed on purpose gets
  none: the missing-header path stays as generated); the placeholder becomes the referee's or a
  seat's token of the targeted match, or (about one request in six) nothing, a garbage token or
  another match's token: the 401 path. Being configured auth, it also makes ``ignored_auth`` probe
  2xx answers without and with an invalid token.
* POST ``.../actions``: the generated body is replaced, some of the time, by one of the match's
  current legal actions posted with the acting token (sometimes with its card written another
  accepted way: ``10h``, ``10♥``), or by a near miss of one (another card, another seat, a float
  amount, an unknown field ...); a generated ``If-Match`` then names the current version, so that
  the rules are what decide.
* POST ``/v1/matches``: a generated ruleset id is replaced by a registered one most of the time,
  and, some of the time, the players by the ruleset's number of names, so that 201 is reached.
* ``If-Match`` / ``If-None-Match``: a generated one names the match's current version half the
  time (412/304 stay tested by the other half).

Choices are made by a hash of the generated request, so a seeded run makes the same ones. Every
request is appended to the ``tally`` file (operation, status, how it was aimed), which the test
reads to check the success paths were reached.

Four checks are added to ``--checks all``: a rejected request (4xx) on a match changes nothing
(the referee's view and ETag before and after are the same); every error answer is problem+json
with a stable ``code`` and the right ``status`` (and ``WWW-Authenticate`` on 401); a request with
no token, a garbage one or another match's is refused before anything else is judged (401, or 400
/ 405 / 415 for a request that cannot be read); a legal action from ``legal_actions`` posted as is
(no ``Idempotency-Key``) is accepted, and a near miss is not.
"""

from __future__ import annotations

import json
import os
import re
import zlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import schemathesis
from schemathesis import Case, CheckContext, HookContext, Response
from schemathesis.generation import GenerationMode

from tests.api.match_driver import Match, WireHttp, create

POOL_ENV = "REFEREE_ST_MATCH_POOL"
_POOL: dict[str, Any] = json.loads(os.environ.get(POOL_ENV) or "{}")

BASE_URL: str = _POOL.get("url", "")
PLAYERS: dict[str, int] = _POOL.get("players", {})
RULESET_IDS = sorted(PLAYERS)
POOL = [Match(m["id"], m["referee"], list(m["seats"]), m["mode"]) for m in _POOL.get("matches", [])]
TALLY: str = _POOL.get("tally", "")

#: matches this run knows the tokens of: the pool, and every match created during the run
KNOWN: dict[str, Match] = {m.id: m for m in POOL}
POOL_IDS = frozenset(KNOWN)
#: matches deleted during the run
DELETED: set[str] = set()

PLACEHOLDER = "Bearer placeholder-replaced-before-call"
GARBAGE_TOKENS = ["Bearer ", "Bearer not-a-token", "Basic dXNlcjpwYXNz", "bearer", "Bearer " + "x" * 300, "Token abc"]
PROBLEM_CODE = re.compile(r"[a-z][a-z0-9_]*")
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["C", "D", "H", "S"]
DECK = [r + s for s in SUITS for r in RANKS]
SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


@dataclass
class Aim:
    """How one request was aimed: what the checks and the tally need to know about it."""

    target: str = "generated"  # pool | created | disposable | deleted | generated
    auth: str = "as generated"  # referee | seat | none | garbage | other-match | as generated
    body: str = "generated"  # legal | lenient | near-miss:<kind> | create:<...> | generated
    before: tuple[str | None, Any] | None = None  # the referee's (ETag, view) before a write
    match: Match | None = None
    has_idempotency_key: bool = False


AIMS: dict[str, Aim] = {}
_http: WireHttp | None = None


def http() -> WireHttp:
    global _http
    if _http is None:
        parts = urlsplit(BASE_URL)
        _http = WireHttp(parts.hostname or "127.0.0.1", parts.port or 80, timeout=30.0)
    return _http


def _fingerprint(case: Case) -> int:
    """A hash of the generated request. A match id this run knows (a stateful link passes one on) is
    hashed as its place in ``KNOWN``, not as the random id the server chose, so that a seeded run
    repeats its choices."""
    body = case.body if isinstance(case.body, (dict, list, str, int, float, bool, type(None))) else "<unset>"
    path = dict(case.path_parameters or {})
    if path.get("match_id") in KNOWN:
        path["match_id"] = f"known #{list(KNOWN).index(path['match_id'])}"
    parts = [case.method, case.path, path, case.query, dict(case.headers or {}), body]
    try:
        text = json.dumps(parts, sort_keys=True, default=str)
    except (TypeError, ValueError):
        text = repr(parts)
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def pick(key: int, salt: str, n: int) -> int:
    """A number in ``range(n)`` decided by the request's fingerprint; another salt, another choice."""
    return zlib.crc32(f"{salt}:{key}".encode()) % n


@schemathesis.auth(refresh_interval=None, retry_on=[]).apply_to(path_regex="^/v1/matches/")
class MatchToken:
    """Marks the requests that should carry a token; ``before_call`` chooses which one."""

    def get(self, case: Case, context: schemathesis.AuthContext) -> str:
        return PLACEHOLDER

    def set(self, case: Case, data: str, context: schemathesis.AuthContext) -> None:
        case.headers["Authorization"] = data


@schemathesis.hook
def before_call(context: HookContext, case: Case, kwargs: dict[str, Any]) -> None:
    if not BASE_URL or not case.path.startswith("/v1/matches"):
        return
    key = _fingerprint(case)
    aim = Aim()
    AIMS[case.id] = aim
    aim.has_idempotency_key = "Idempotency-Key" in (case.headers or {})
    # a probe with another method (unsupported_method) is aimed at a match too, but gets no action
    method = case.method.upper()
    own_method = method == case.operation.method.upper()
    if case.path == "/v1/matches":
        if own_method:
            _aim_create(case, key, aim)
        return
    match = _aim_match(case, key, aim)
    if match is None:
        # a malformed Authorization is refused before the match is looked up: give half of the
        # requests for an unknown match a well-formed one, so that they reach the lookup
        if case.headers and case.headers.get("Authorization") not in (None, PLACEHOLDER) \
                and pick(key, "unknown-match-bearer", 2) == 0:
            case.headers["Authorization"] = PLACEHOLDER
        _aim_token(case, key, aim, None)
        return
    if method == "GET":
        _aim_token(case, key, aim, match)
        if "If-None-Match" in case.headers and pick(key, "if-none-match", 2) == 0:
            etag, _ = _referee_view(match)
            if etag is not None:
                case.headers["If-None-Match"] = etag
        return
    aim.before = _referee_view(match)
    # a case sent without a body, or as another media type (a probe of the Content-Type), keeps it
    json_body = case.media_type == "application/json" and "Content-Type" not in case.headers
    actions = own_method and case.path.endswith("/actions")
    if actions and json_body and case.headers.get("Authorization") == PLACEHOLDER and not _negative_beside_body(case):
        bucket = pick(key, "action", 100)
        if bucket < 40 and _aim_legal(case, key, aim, match):
            return
        if bucket < 65 and _aim_near_miss(case, key, aim, match):
            return
    _aim_token(case, key, aim, match)
    if "If-Match" in case.headers and pick(key, "if-match", 2) == 0 and aim.before[0] is not None:
        case.headers["If-Match"] = aim.before[0]


def _negative_beside_body(case: Case) -> bool:
    """Whether schemathesis made a part of the request other than the body invalid (an unknown query
    parameter, a bad header): a legal or near-miss body put in would not make the request valid, and
    schemathesis would still expect it refused, so such a case is sent as generated."""
    meta = case.meta
    if meta is None:
        return False
    return any(
        location.value != "body" and info.mode == GenerationMode.NEGATIVE for location, info in meta.components.items()
    )


def _aim_create(case: Case, key: int, aim: Aim) -> None:
    body = case.body
    if not RULESET_IDS or not isinstance(body, dict) or not isinstance(body.get("ruleset"), str):
        return
    bucket = pick(key, "create", 100)
    if bucket >= 85:
        return
    ruleset = RULESET_IDS[pick(key, "ruleset", len(RULESET_IDS))]
    new = {**body, "ruleset": ruleset}
    aim.body = "create:ruleset"
    if bucket < 45:
        new["players"] = [f"P{i}" for i in range(PLAYERS[ruleset])]
        aim.body = "create:players"
        if bucket < 30:
            new.pop("options", None)
            new.pop("dealer", None)
            aim.body = "create:plain"
    case.body = new


def _aim_match(case: Case, key: int, aim: Aim) -> Match | None:
    value = (case.path_parameters or {}).get("match_id")
    if not isinstance(value, str) or not value or not POOL:
        return None
    if value not in DELETED and case.method.upper() == "GET" and DELETED and pick(key, "ask-deleted", 8) == 0:
        value = sorted(DELETED)[pick(key, "deleted", len(DELETED))]  # a deleted match asked again: 404
        case.path_parameters = {**case.path_parameters, "match_id": value}
    if value in DELETED:
        aim.target = "deleted"
        return None
    deleting = case.method.upper() == "DELETE"
    if value in KNOWN and not (deleting and value in POOL_IDS):  # the pool is never deleted
        aim.target = "pool" if value in POOL_IDS else "created"
        aim.match = KNOWN[value]
        return aim.match
    if pick(key, "keep-id", 8) == 0 and value not in POOL_IDS:
        return None
    if deleting:
        ruleset = RULESET_IDS[pick(key, "disposable", len(RULESET_IDS))]
        mode = ("dealt", "table")[pick(key, "disposable-mode", 2)]
        match, _ = create(http(), ruleset, mode, PLAYERS[ruleset])
        KNOWN[match.id] = match
        aim.target = "disposable"
    else:
        match = POOL[pick(key, "match", len(POOL))]
        aim.target = "pool"
    case.path_parameters = {**case.path_parameters, "match_id": match.id}
    aim.match = match
    return match


def _aim_token(case: Case, key: int, aim: Aim, match: Match | None) -> None:
    """Replace the placeholder by a token of ``match`` (or of a pool match), or by none or garbage."""
    if case.headers is None or case.headers.get("Authorization") != PLACEHOLDER:
        return
    bucket = pick(key, "auth", 100)
    if bucket < 6:
        del case.headers["Authorization"]
        aim.auth = "none"
        return
    # an unknown match is asked with a well-formed token (a malformed one is refused before the lookup)
    if bucket < 12 and match is not None:
        case.headers["Authorization"] = GARBAGE_TOKENS[pick(key, "garbage", len(GARBAGE_TOKENS))]
        aim.auth = "garbage"
        return
    owner = match if match is not None else POOL[pick(key, "token-match", len(POOL))]
    if match is not None and bucket < 16:
        others = [m for m in POOL if m.id != match.id]
        if others:
            owner = others[pick(key, "other-match", len(others))]
            aim.auth = "other-match"
    seat = pick(key, "seat", len(owner.seats) + 2) - 2  # referee for -2 and -1: about half the time
    case.headers["Authorization"] = f"Bearer {owner.token(None if seat < 0 else seat)}"
    if aim.auth != "other-match":
        aim.auth = "referee" if seat < 0 else "seat"


def _referee_view(match: Match) -> tuple[str | None, Any]:
    answer = http().get(match.path, match.referee)
    return answer.etag, answer.body


@dataclass
class Acting:
    """A seat to act, its legal actions, the token that posts them, and every action the token may post."""

    seat: int
    legal: list[dict[str, Any]]
    token: str
    postable: list[dict[str, Any]]


def _acting(key: int, match: Match) -> Acting | None:
    """A seat to act (chosen by ``key``) and what it may do; None when the match is over."""
    view = http().get(match.path, match.referee).body
    if not isinstance(view, dict) or view.get("status") != "in_progress" or not view.get("to_act"):
        return None
    to_act: list[int] = view["to_act"]
    seat = to_act[pick(key, "to-act", len(to_act))]
    if match.mode == "table":
        # a listed {"type": "round_result"} is posted with its round facts (documented), not as is
        legal = [a for a in view["legal_actions"] if a.get("seat") in (seat, None) and a["type"] != "round_result"]
        return Acting(seat, legal, match.referee, view["legal_actions"]) if legal else None
    seat_view = http().get(match.path, match.seats[seat]).body
    own: list[dict[str, Any]] = seat_view.get("legal_actions") or [] if isinstance(seat_view, dict) else []
    return Acting(seat, own, match.seats[seat], own) if own else None


def _post_as(case: Case, key: int, aim: Aim, body: dict[str, Any], token: str, auth: str) -> None:
    case.body = body
    case.headers["Authorization"] = f"Bearer {token}"
    aim.auth = auth
    # generated keys repeat ("0", "00" ...): most would answer 422 idempotency_key_reused, not the rules
    if aim.has_idempotency_key and pick(key, "idempotency-key", 4) != 0:
        del case.headers["Idempotency-Key"]
        aim.has_idempotency_key = False
    if "If-Match" in case.headers and aim.before is not None and aim.before[0] is not None:
        case.headers["If-Match"] = aim.before[0]


def _aim_legal(case: Case, key: int, aim: Aim, match: Match) -> bool:
    found = _acting(key, match)
    if found is None:
        return False
    action = dict(found.legal[pick(key, "legal", len(found.legal))])
    aim.body = "legal"
    if "card" in action and isinstance(action["card"], str) and pick(key, "lenient", 3) == 0:
        action["card"] = _lenient(action["card"], pick(key, "spelling", 3))
        aim.body = "lenient"
    _post_as(case, key, aim, action, found.token, "referee" if found.token == match.referee else "seat")
    return True


def _lenient(card: str, how: int) -> str:
    rank, suit = card[:-1], card[-1]
    if how == 0:
        return card.lower()
    if how == 1:
        return rank + SYMBOLS.get(suit, suit)
    return f" {rank} {suit} "


def _aim_near_miss(case: Case, key: int, aim: Aim, match: Match) -> bool:
    found = _acting(key, match)
    if found is None:
        return False
    legal, token, seat = found.legal, found.token, found.seat
    action = dict(legal[pick(key, "near-legal", len(legal))])
    players = len(match.seats)
    misses: dict[str, dict[str, Any]] = {
        "unknown-field": {**action, "comment": "hello"},
        "no-type": {k: v for k, v in action.items() if k != "type"},
        "other-type": {**action, "type": "Play" if action.get("type") != "Play" else "bid"},
        "deal": {**action, "type": "deal"},
        "far-seat": {**action, "seat": players + 3},
        "negative-seat": {**action, "seat": -1},
        "float-seat": {**action, "seat": seat + 0.5},
        "string-seat": {**action, "seat": str(seat)},
        "float-amount": {**action, "amount": (action.get("amount") or 0) + 0.5},
        "integral-float-amount": {**action, "amount": float(action.get("amount") or 1)},
        "bool-amount": {**action, "amount": True},
        "string-amount": {**action, "amount": str(action.get("amount", 1))},
        "null-type": {**action, "type": None},
        "card-garbage": {**action, "card": "1X"},
        "card-as-list": {**action, "card": [action.get("card", "AS")]},
    }
    if "card" in action:
        same_kind = {a.get("card") for a in legal if a.get("type") == action.get("type")}
        others = [c for c in DECK if c not in same_kind]
        if others:
            misses["other-card"] = {**action, "card": others[pick(key, "other-card", len(others))]}
    if isinstance(action.get("cards"), list) and action["cards"]:
        misses["cards-twice"] = {**action, "cards": [*action["cards"], action["cards"][0]]}
    if "suit" in action:
        misses["suit-garbage"] = {**action, "suit": "X"}
    if players > 1:
        misses["other-seat"] = {**action, "seat": (seat + 1) % players}
    # a near miss is a request that no action the token may post equals
    misses = {name: body for name, body in misses.items() if body not in found.postable}
    auth_misses = []
    if match.mode == "dealt":
        auth_misses.append("referee-token-in-dealt-mode")
        if players > 1:
            auth_misses.append("other-seat-token")
    names = sorted(misses) + auth_misses
    name = names[pick(key, "near-miss", len(names))]
    if "other-card" in misses and pick(key, "rule-refusal", 4) == 0:
        # a rule's own refusal (422, with the legal actions) is among what a run must reach, and this
        # near miss is refused by the rules themselves: one in four aims at it, not one in about
        # seventeen (a run had reached it 0 to 4 times)
        name = "other-card"
    aim.body = f"near-miss:{name}"
    if name == "referee-token-in-dealt-mode":
        _post_as(case, key, aim, action, match.referee, "referee")
    elif name == "other-seat-token":
        _post_as(case, key, aim, action, match.seats[(seat + 1) % players], "seat")
    else:
        _post_as(case, key, aim, misses[name], token, "referee" if token == match.referee else "seat")
    return True


@schemathesis.hook
def filter_failure(context: HookContext, failure: Exception, case: Case, response: Response) -> bool:
    """Keep every failure but two kinds that the deletion of a match explains:

    * ``ignored_auth`` repeats a successful DELETE without a token (and with a wrong one) and expects
      401, but the match is gone by then, so the repeat can only get 404. (``--checks all`` overrides
      a per-operation ``enabled = false``.) ``token_required`` covers DELETE instead.
    * ``ensure_resource_availability`` follows a create to the new match and expects no 404, unless
      it saw the match deleted, which it only looks for in the same scenario. A create retried with
      an ``Idempotency-Key`` answers the first answer again (as documented), naming a match that
      a DELETE in another scenario may have removed since: that 404 is kept only for a match this run
      never deleted."""
    name = type(failure).__name__
    if name == "IgnoredAuth":
        deleted = case.method.upper() == "DELETE" and 200 <= response.status_code < 300
        return not (deleted and "got `404 " in str(failure))
    if name == "EnsureResourceAvailability":
        return (case.path_parameters or {}).get("match_id") not in DELETED
    return True


@schemathesis.hook
def after_call(context: HookContext, case: Case, response: Response) -> None:
    aim = AIMS.get(case.id)
    if aim is None:
        return
    if case.path == "/v1/matches" and response.status_code == 201:
        created = response.json()
        seats = [seat.get("token") for seat in created["seats"]]
        if all(seats):  # (a match whose seats are claimed by invitation gives no seat a token)
            KNOWN[created["id"]] = Match(created["id"], created["referee_token"], seats, created["view"]["mode"])
    if case.method.upper() == "DELETE" and 200 <= response.status_code < 300 and aim.match is not None:
        DELETED.add(aim.match.id)
    if TALLY:
        line: dict[str, Any] = {
            "operation": f"{case.method.upper()} {case.path}",
            "status": response.status_code,
            "target": aim.target,
            "auth": aim.auth,
            "body": aim.body,
            "match": case.path_parameters.get("match_id") if aim.match is not None else None,
            "code": _problem_code(response),
        }
        if case.path == "/v1/matches" and response.status_code == 201:
            line["created"] = response.json()["id"]
            line["replayed"] = bool(response.headers.get("idempotent-replayed"))
        with open(TALLY, "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")


def _problem_code(response: Response) -> str | None:
    if response.status_code < 400:
        return None
    try:
        body = response.json()
    except ValueError:
        return None
    return body.get("code") if isinstance(body, dict) else None


@schemathesis.check
def rejected_request_changes_nothing(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    aim = AIMS.get(case.id)
    if aim is None or aim.before is None or aim.match is None or not 400 <= response.status_code < 500:
        return None
    after = _referee_view(aim.match)
    if after != aim.before:
        raise AssertionError(
            f"A rejected request ({response.status_code}) changed the match: ETag {aim.before[0]} -> {after[0]}"
        )
    return None


@schemathesis.check
def problem_with_stable_code(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    if not case.path.startswith("/v1/matches") or response.status_code < 400:
        return None
    content_type = (response.headers.get("content-type") or [""])[0]
    if not content_type.startswith("application/problem+json"):
        raise AssertionError(f"An error answer ({response.status_code}) is not problem+json: {content_type!r}")
    body = response.json()
    if not isinstance(body, dict) or not PROBLEM_CODE.fullmatch(str(body.get("code"))):
        raise AssertionError(f"An error answer has no stable code: {body!r}")
    if body.get("status") != response.status_code:
        raise AssertionError(f"The problem's status {body.get('status')!r} is not the answer's {response.status_code}")
    if response.status_code == 401 and not response.headers.get("www-authenticate"):
        raise AssertionError("A 401 answer without WWW-Authenticate")
    return None


#: what a request without a valid token may get: refused for its token, or for a request that cannot be
#: read at all (a method not allowed, a malformed Idempotency-Key, a body that is not JSON ...), which
#: is looked at first
NO_TOKEN_STATUSES = frozenset({400, 401, 405, 415})


@schemathesis.check
def token_required(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    aim = AIMS.get(case.id)
    if aim is None or aim.match is None or aim.auth not in ("none", "garbage", "other-match"):
        return None
    if case.method.upper() != case.operation.method.upper():
        return None  # another method's probe: 405, or OPTIONS answered for any caller
    if response.status_code not in NO_TOKEN_STATUSES:
        raise AssertionError(
            f"A request with {'no token' if aim.auth == 'none' else 'a token not of this match'} got "
            f"{response.status_code} {response.text[:300]}"
        )
    return None


@schemathesis.check
def legal_actions_are_postable(ctx: CheckContext, response: Response, case: Case) -> bool | None:
    aim = AIMS.get(case.id)
    if aim is None:
        return None
    if aim.body in ("legal", "lenient") and not aim.has_idempotency_key and response.status_code != 200:
        raise AssertionError(
            f"A legal action (from legal_actions{', card written leniently' if aim.body == 'lenient' else ''}) "
            f"posted with the acting token was refused: {response.status_code} {response.text[:300]}"
        )
    if aim.body.startswith("near-miss:") and 200 <= response.status_code < 300:
        raise AssertionError(f"A near miss of a legal action ({aim.body[10:]}) was accepted")
    return None
