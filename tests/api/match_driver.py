"""Drive matches through the HTTP API, generically: only ``to_act`` and ``legal_actions`` are read.

``Http`` is a tiny client interface with two implementations: ``FlaskHttp`` (the app's test client)
and ``WireHttp`` (``http.client`` to a real server, for gunicorn tests and benchmarks). ``play_match``
plays a whole match to ``finished``, choosing among the legal actions with a seeded generator, and
calls ``on_response`` with every answer it got, so a test can inspect each one (leaks, versions).
"""

from __future__ import annotations

import http.client
import json
import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient

#: A whole random match of any ruleset here ends well within this (boerenbridge: ~1,400 actions);
#: a match that does not is reported as a failure instead of running on.
MAX_ACTIONS = 3000


@dataclass(frozen=True)
class Answer:
    status: int
    headers: Mapping[str, str]
    body: Any
    token: str | None  # the token the request was made with

    @property
    def etag(self) -> str | None:
        return self.headers.get("ETag")


class Http:
    def request(
        self,
        method: str,
        path: str,
        token: str | None = None,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        raise NotImplementedError

    def get(self, path: str, token: str | None = None, **headers: str) -> Answer:
        return self.request("GET", path, token, None, _headers(headers))

    def post(self, path: str, body: Any, token: str | None = None, **headers: str) -> Answer:
        return self.request("POST", path, token, body, _headers(headers))


def _headers(kw: Mapping[str, str]) -> dict[str, str]:
    return {k.replace("_", "-"): v for k, v in kw.items()}


def _with_token(headers: Mapping[str, str] | None, token: str | None) -> dict[str, str]:
    """The request's headers plus the bearer token, when there is one."""
    out = dict(headers or {})
    if token is not None:
        out["Authorization"] = f"Bearer {token}"
    return out


class FlaskHttp(Http):
    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def request(
        self,
        method: str,
        path: str,
        token: str | None = None,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        all_headers = _with_token(headers, token)
        response = self.client.open(path, method=method, json=body, headers=all_headers)
        data = response.get_json(silent=True)
        return Answer(response.status_code, dict(response.headers), data, token)


class WireHttp(Http):
    """One keep-alive connection to a real server (not thread-safe: one per thread)."""

    def __init__(self, host: str, port: int, timeout: float = 10.0) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.conn = http.client.HTTPConnection(host, port, timeout=timeout)

    def request(
        self,
        method: str,
        path: str,
        token: str | None = None,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> Answer:
        all_headers = _with_token(headers, token)
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=payload, headers=all_headers)
                response = self.conn.getresponse()
                raw = response.read()
                break
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
                if attempt == 2:
                    raise
        data = json.loads(raw) if raw else None
        return Answer(response.status, dict(response.getheaders()), data, token)

    def close(self) -> None:
        self.conn.close()


@dataclass
class Match:
    id: str
    referee: str
    seats: list[str]
    mode: str

    @property
    def path(self) -> str:
        return f"/v1/matches/{self.id}"

    def token(self, seat: int | None) -> str:
        return self.referee if seat is None else self.seats[seat]


def create(http: Http, ruleset: str, mode: str, players: int, **extra: Any) -> tuple[Match, Answer]:
    """A new match with players P0, P1 ... (``extra``: more of the create body; an audit that reads
    every action through the referee of a dealt match passes ``referee_sees_hands=True``)."""
    body = {"ruleset": ruleset, "mode": mode, "players": [f"P{i}" for i in range(players)], **extra}
    answer = http.post("/v1/matches", body)
    assert answer.status == 201, answer.body
    match = Match(answer.body["id"], answer.body["referee_token"], [s["token"] for s in answer.body["seats"]], mode)
    return match, answer


def step(
    http: Http, match: Match, rng: random.Random, on_response: Callable[[Answer], None] | None = None
) -> Answer | None:
    """One legal action by a seat to act (table mode: posted with the referee token). None when over."""
    seen = on_response or (lambda _a: None)
    referee_view = http.get(match.path, match.referee)
    seen(referee_view)
    assert referee_view.status == 200, referee_view.body
    if referee_view.body["status"] == "finished":
        return None
    to_act = referee_view.body["to_act"]
    assert to_act, f"nobody to act in an unfinished match: {referee_view.body.get('phase')}"
    seat = rng.choice(to_act)
    actor = match.referee if match.mode == "table" else match.seats[seat]
    view = http.get(match.path, match.seats[seat])
    seen(view)
    assert view.status == 200, view.body
    if match.mode == "table":
        view = referee_view
        # a listed round_result needs its round facts: the driver reports the cards one by one
        legal = [a for a in view.body["legal_actions"] if a.get("seat") in (seat, None) and "result" not in a
                 and a["type"] != "round_result"]
    else:
        legal = view.body["legal_actions"]
    assert legal, f"seat {seat} is to act but has no legal action"
    action = rng.choice(legal)
    answer = http.post(f"{match.path}/actions", action, actor, If_Match=view.etag or "")
    seen(answer)
    assert answer.status == 200, (action, answer.body)
    return answer


def play_match(
    http: Http,
    match: Match,
    rng: random.Random,
    on_response: Callable[[Answer], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> int:
    """Play ``match`` to its end; returns the number of actions taken."""
    for taken in range(max_actions + 1):
        if step(http, match, rng, on_response) is None:
            return taken
    raise AssertionError(f"the match did not finish in {max_actions} actions")


CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])[CDHS](?![A-Za-z0-9])")
NOT_SCANNED = frozenset({"id", "token", "referee_token", "instance", "type"})


def cards_in(value: Any, key: str | None = None) -> Iterator[str]:
    """Every card text in a JSON value's strings (ids, tokens and problem type URIs excepted), in
    the order they stand. The strings are gathered first and read by one search (joined by a line
    break, which no card text runs across)."""
    if isinstance(value, str):
        return iter(CARD.findall(value))
    texts: list[str] = []
    _scanned_strings(value, texts)
    return iter(CARD.findall("\n".join(texts)))


def _scanned_strings(value: Any, out: list[str]) -> None:
    """The strings of a JSON value that ``cards_in`` reads (not those of an excepted key)."""
    if type(value) is dict or (type(value) is not list and isinstance(value, Mapping)):
        for k, v in value.items():
            t = type(v)
            if t is str or (t not in _OTHERS and isinstance(v, str)):
                if k not in NOT_SCANNED:
                    out.append(v)
            elif t in _CONTAINERS or (t not in _OTHERS and isinstance(v, (Mapping, list))):
                _scanned_strings(v, out)
    elif isinstance(value, list):
        for v in value:
            t = type(v)
            if t is str or (t not in _OTHERS and isinstance(v, str)):
                out.append(v)
            elif t in _CONTAINERS or (t not in _OTHERS and isinstance(v, (Mapping, list))):
                _scanned_strings(v, out)


#: the types of JSON values as the tests hold them, told apart by type first (it is quicker than
#: ``isinstance`` against an abstract class)
_CONTAINERS = frozenset({dict, list})
_OTHERS = frozenset({dict, list, int, float, bool, type(None)})


def _all_cards(action: Mapping[str, Any]) -> set[str]:
    return set(cards_in({k: v for k, v in action.items() if k in ("card", "cards")}))


def _card_places(view: Any, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], set[str]]:
    """Where each card text sits in a view, the seat's own ``hand`` and ``legal_actions`` left out;
    list positions zero-padded so that places sort in list order."""
    out: dict[tuple[str, ...], set[str]] = {}
    if isinstance(view, Mapping):
        for key, item in view.items():
            if not path and key in ("hand", "legal_actions"):
                continue
            out.update(_card_places(item, (*path, str(key))))
    elif isinstance(view, list):
        for i, item in enumerate(view):
            out.update(_card_places(item, (*path, f"{i:06d}")))
    elif isinstance(view, str):
        found = set(CARD.findall(view))
        if found and (not path or path[-1] not in NOT_SCANNED):
            out[path] = found
    return out


def play_table_like_a_real_table(
    http: Http, ruleset: str, players: int, rng: random.Random, max_actions: int = MAX_ACTIONS
) -> tuple[Match, Match, int]:
    """A table match reported from a real game: a dealt match on the same service plays the part of
    the physical cards, and the referee reports to the table match what happens there.

    Each step the dealt match's next action (a random legal one) is posted to both when the table
    match lists it among its legal actions (or lists it with less said: a rob without the discarded
    card, which the referee cannot see). When it does not, the table match is waiting for a fact
    the cards decide (a turn-up, an exposed card): the referee reports, among the table match's
    legal actions of a kind the dealt match does not offer now, the one naming the card at the
    earliest place the acting seat is shown in the dealt match and the table has not been told of
    (facts come in order), or, when no legal report names that card, the report that names none (a
    card that stays face down). Only ``to_act``, ``legal_actions`` and card texts are read.
    Returns the table match, the dealt one, and the number of actions reported."""
    dealt, _ = create(http, ruleset, "dealt", players, dealer=0)
    table, _ = create(http, ruleset, "table", players, dealer=0)
    for reported in range(max_actions + 1):
        table_view = http.get(table.path, table.referee).body
        if table_view["status"] == "finished":
            return table, dealt, reported
        dealt_view = http.get(dealt.path, dealt.referee).body
        assert dealt_view["status"] != "finished", "the dealt match ended first: the reports went astray"
        seat = rng.choice(dealt_view["to_act"])
        options = http.get(dealt.path, dealt.seats[seat]).body["legal_actions"]
        action = rng.choice(options)
        table_legal = table_view["legal_actions"]
        # the same action, or the same with less said (a rob reported without its hidden discard)
        same = [a for a in table_legal if a == action] or [
            a for a in table_legal if a["type"] == action["type"] and a.items() <= action.items()
        ]
        if same:
            assert http.post(f"{dealt.path}/actions", action, dealt.seats[seat]).status == 200
            answer = http.post(f"{table.path}/actions", same[0], table.referee)
            assert answer.status == 200, (same[0], answer.body)
            continue
        report = _fact_to_report(http, dealt, table, table_legal, {a["type"] for a in options})
        assert report is not None, f"no legal report tells the table what happened: {action} in {table_legal[:8]}"
        answer = http.post(f"{table.path}/actions", report, table.referee)
        assert answer.status == 200, (report, answer.body)
    raise AssertionError(f"the table match did not finish in {max_actions} reports")


def _fact_to_report(
    http: Http, dealt: Match, table: Match, table_legal: list[dict[str, Any]], dealt_kinds: set[str]
) -> dict[str, Any] | None:
    """The report of the next fact the cards decide. For each seat with reports to make: the earliest
    place its dealt view shows a card that the table has not been told of yet (facts come in order);
    the report naming that card, or, when no legal report names it (a card laid face down, a
    dealer-side card that is not a seven), the report that names none."""
    best: tuple[tuple[str, ...], dict[str, Any]] | None = None
    by_seat: dict[int, list[dict[str, Any]]] = {}
    for candidate in table_legal:
        seat = candidate.get("seat")
        if candidate["type"] not in dealt_kinds and isinstance(seat, int):
            by_seat.setdefault(seat, []).append(candidate)
    for seat, candidates in by_seat.items():
        table_view = http.get(table.path, table.seats[seat]).body
        in_dealt = _card_places(http.get(dealt.path, dealt.seats[seat]).body)
        in_table = _card_places(table_view)
        untold = sorted(where for where in in_dealt if where not in in_table and not _holds(table_view, where))
        if not untold:
            continue
        first = untold[0]
        named = [c for c in candidates if _all_cards(c) and _all_cards(c) <= in_dealt[first]]
        if named and (best is None or first < best[0]):
            best = (first, named[0])
    if best is not None:
        return best[1]
    # no report names the next card: report what can be said without naming one
    silent = [a for a in table_legal if a["type"] not in dealt_kinds and a.get("cards") == [] and "card" not in a]
    return silent[0] if silent else None


def _holds(view: Any, where: tuple[str, ...]) -> bool:
    """True when ``view`` holds the list entry that the place ``where`` (from ``_card_places``) belongs
    to: the table was told of that position, even if it was told no card (it shows none there)."""
    last = max((i for i, key in enumerate(where) if _INDEX.fullmatch(key)), default=None)
    if last is None:
        return False
    node = view
    for key in where[: last + 1]:
        if isinstance(node, list) and _INDEX.fullmatch(key) and int(key) < len(node):
            node = node[int(key)]
        elif isinstance(node, Mapping) and key in node:
            node = node[key]
        else:
            return False
    return True


_INDEX = re.compile(r"\d{6}")
