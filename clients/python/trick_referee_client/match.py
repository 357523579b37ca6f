"""The ``Match`` helper: one token's handle on one match, over the generated ``trick_referee_api``.

It keeps the match's ETag and sends it as ``If-Match`` with every action, gives each action a fresh
``Idempotency-Key`` and keeps that key until the action's outcome is known: it retries with the same
key after any transport error (a reset or refused connection, a timeout: the first post may have gone
through, and the service answers a retry with the first answer), after a 503 whose outcome is
unknown (``store_outcome_unknown``: the service then applies the action at most once), and after a
429 or a 503, waiting what their ``Retry-After`` asks (at most ``MAX_RETRY_AFTER`` seconds). Reads
and creates are retried the same way (a create with its own Idempotency-Key). After ``retries``
retries the last problem is raised, a ``ProblemError`` (``code``, ``detail``, ``legal``, ``headers``,
``retry_after``), or ``OutcomeUnknown`` when no answer came. It follows the live stream
(``GET /v1/matches/{id}/stream``, Server-Sent Events with the bearer token), reconnecting with
``Last-Event-ID`` when the server ends it on ``timeout``.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
from trick_referee_api.api.matches import create_match as _create
from trick_referee_api.api.matches import delete_match as _delete
from trick_referee_api.api.matches import get_events as _events
from trick_referee_api.api.matches import get_match as _get
from trick_referee_api.api.matches import get_record as _record
from trick_referee_api.api.matches import get_rounds as _rounds
from trick_referee_api.api.matches import post_action as _post
from trick_referee_api.api.matches import undo as _undo
from trick_referee_api.api.rulesets import get_ruleset_detail as _ruleset
from trick_referee_api.api.rulesets import legal_plays as _legal_plays
from trick_referee_api.api.rulesets import list_rulesets as _rulesets
from trick_referee_api.api.rulesets import score as _score
from trick_referee_api.api.rulesets import trick as _trick
from trick_referee_api.client import AuthenticatedClient, Client
from trick_referee_api.models import (
    Action,
    AuctionFortyFivesView,
    AvinasView,
    BoerenbridgeView,
    CreateMatch,
    Events,
    FortyFivesView,
    LegalPlaysAnswer,
    LegalPlaysRequest,
    MatchCreated,
    MatchEvent,
    MatchRecord,
    OtherRulesetView,
    Rounds,
    RulesetDetail,
    RulesetList,
    ScoreAnswer,
    ScoreRequest,
    TrickAnswer,
    TrickRequest,
)
from trick_referee_api.types import UNSET, Response

from trick_referee_client.errors import OutcomeUnknown, ProblemError, problem_from

DEFAULT_TIMEOUT = 10.0
DEFAULT_RETRIES = 3
RETRY_PAUSE = 0.2
#: a Retry-After longer than this is not waited for: the problem is raised at once
MAX_RETRY_AFTER = 30.0
#: the statuses whose answer asks the client to come back later
RETRY_LATER = (429, 503)

T = TypeVar("T")

#: a match view: one generated model per ruleset, told apart by ``ruleset`` (``MatchView`` in the
#: OpenAPI document is their union; ``OtherRulesetView``: a ruleset added after this client was built)
MatchView = AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView
VIEW_MODELS = (AuctionFortyFivesView, AvinasView, BoerenbridgeView, FortyFivesView, OtherRulesetView)


@dataclass(frozen=True)
class StreamEvent:
    """One Server-Sent Event: ``event`` (action, view, end), its ``id`` (an action's seq) and JSON ``data``."""

    event: str
    id: str | None
    data: Any


def _checked(answer: Response[Any], expected: type[T]) -> T:
    """The parsed answer of a 2xx, of the ``expected`` model; a ``ProblemError`` for anything else."""
    if answer.status_code >= 400:
        try:
            body = json.loads(answer.content)
        except ValueError:
            body = answer.content.decode("utf-8", "replace")
        raise problem_from(int(answer.status_code), body, answer.headers)
    if not isinstance(answer.parsed, expected):
        detail = f"a {int(answer.status_code)} answer that is no {expected.__name__}"
        raise ProblemError(int(answer.status_code), {"code": "unexpected_answer", "detail": detail})
    return answer.parsed


def _view(answer: Response[Any]) -> MatchView:
    """The parsed view of a 2xx answer (its ruleset's model); a ``ProblemError`` for anything else."""
    parsed = _checked(answer, object)
    if not isinstance(parsed, VIEW_MODELS):
        detail = f"a {int(answer.status_code)} answer that is no match view"
        raise ProblemError(int(answer.status_code), {"code": "unexpected_answer", "detail": detail})
    return parsed


def _text(answer: httpx.Response) -> str:
    """The text of a 2xx answer; a ``ProblemError`` for anything else."""
    if answer.status_code >= 400:
        raise problem_from(answer.status_code, answer.json(), answer.headers)
    return answer.text


def _sent(send: Callable[[], Any], expected: type[T] | None, retries: int,
          parse: Callable[[Any], T] | None = None) -> tuple[T, Any]:
    """``send()``'s answer, parsed as ``expected`` (or by ``parse``), retried (the same request: the same
    Idempotency-Key) after a transport error, an outcome the service did not know, or a 429 or 503
    (after their Retry-After), at most ``retries`` times; then the last problem, or ``OutcomeUnknown``."""
    last: Exception | None = None
    for attempt in range(retries + 1):
        pause = RETRY_PAUSE * (attempt + 1)
        try:
            answer = send()
            if parse is not None:
                return parse(answer), answer
            assert expected is not None, "a model to parse the answer as, or a parse"
            return _checked(answer, expected), answer
        except httpx.TransportError as err:  # reset, refused, timed out: the request may have gone through
            last = err
        except ProblemError as err:
            if not isinstance(err, OutcomeUnknown) and err.status not in RETRY_LATER:
                raise
            waited = err.retry_after
            if waited is not None and waited > MAX_RETRY_AFTER:
                raise
            last, pause = err, pause if waited is None else waited
        if attempt < retries:
            time.sleep(pause)
    if isinstance(last, ProblemError):
        raise last
    raise OutcomeUnknown(0, {"code": "transport_error", "detail": str(last)}) from last


def create_match(
    base_url: str,
    body: Mapping[str, Any],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    idempotency_key: str | None = None,
    retries: int = DEFAULT_RETRIES,
) -> tuple[MatchCreated, Match]:
    """Start a match; returns what the service answered (every token) and the referee's ``Match``. The
    create is retried with its Idempotency-Key as an action is (one match however many retries)."""
    key = idempotency_key or uuid.uuid4().hex
    request = CreateMatch.from_dict(dict(body))
    with Client(base_url=base_url, timeout=httpx.Timeout(timeout)) as client:
        created, answer = _sent(lambda: _create.sync_detailed(client=client, body=request, idempotency_key=key),
                                MatchCreated, retries)
    match = Match(base_url, created.id, created.referee_token, timeout=timeout, retries=retries)
    match.etag = answer.headers.get("ETag")
    return created, match


def seat_token(created: MatchCreated, seat: int) -> str:
    """A seat's token from a create's answer. A match created with ``"seats": "claim"`` answers an
    invitation per seat instead, which the seat's own player claims
    (``POST /v1/matches/{id}/seats/{seat}/claim``)."""
    token = created.seats[seat].token
    if not isinstance(token, str) or not token:
        raise ValueError(f"seat {seat + 1} has no token in this answer: its player claims it by invitation")
    return token


_H = TypeVar("_H", bound="_Handle")


class _Handle:
    """A helper over one HTTP client of its own, closed with it (or by ``with``)."""

    _client: Client | AuthenticatedClient

    def close(self) -> None:
        self._client.get_httpx_client().close()

    def __enter__(self: _H) -> _H:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Rules(_Handle):
    """The rules endpoints (no match, no token): the catalogue, a trick's winner, the legal plays, a
    round's score; retried after a transport error or a 429/503 like the match helpers."""

    def __init__(self, base_url: str, *, timeout: float = DEFAULT_TIMEOUT, retries: int = DEFAULT_RETRIES) -> None:
        self.retries = retries
        self._client = Client(base_url=base_url, timeout=httpx.Timeout(timeout))

    def rulesets(self) -> RulesetList:
        return _sent(lambda: _rulesets.sync_detailed(client=self._client), RulesetList, self.retries)[0]

    def ruleset(self, ruleset_id: str) -> RulesetDetail:
        return _sent(lambda: _ruleset.sync_detailed(ruleset_id, client=self._client), RulesetDetail, self.retries)[0]

    def trick(self, ruleset_id: str, body: Mapping[str, Any]) -> TrickAnswer:
        """Who wins a trick (``{"plays": [...], "trump": ..., "options": ...}``)."""
        request = TrickRequest.from_dict(dict(body))
        return _sent(lambda: _trick.sync_detailed(ruleset_id, client=self._client, body=request), TrickAnswer,
                     self.retries)[0]

    def legal_plays(self, ruleset_id: str, body: Mapping[str, Any]) -> LegalPlaysAnswer:
        """The cards a hand may play to a trick (``{"hand": [...], "trick": [...], "trump": ...}``)."""
        request = LegalPlaysRequest.from_dict(dict(body))
        return _sent(lambda: _legal_plays.sync_detailed(ruleset_id, client=self._client, body=request),
                     LegalPlaysAnswer, self.retries)[0]

    def score(self, ruleset_id: str, body: Mapping[str, Any]) -> ScoreAnswer:
        """A round's score from its facts (each ruleset's, as its catalogue describes them)."""
        request = ScoreRequest.from_dict(dict(body))
        return _sent(lambda: _score.sync_detailed(ruleset_id, client=self._client, body=request), ScoreAnswer,
                     self.retries)[0]


class Match(_Handle):
    """One token's handle on one match (the referee's, a seat's or the spectator's)."""

    _client: AuthenticatedClient

    def __init__(
        self,
        base_url: str,
        match_id: str,
        token: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        retries: int = DEFAULT_RETRIES,
    ) -> None:
        self.base_url = base_url
        self.id = match_id
        self.retries = retries
        self.etag: str | None = None
        self._client = AuthenticatedClient(base_url=base_url, token=token, timeout=httpx.Timeout(timeout))

    def view(self) -> MatchView:
        """This token's view of the match; keeps its ETag for the next action."""
        view, answer = _sent(lambda: _get.sync_detailed(self.id, client=self._client), None, self.retries,
                             parse=_view)
        self.etag = answer.headers.get("ETag")
        return view

    def act(self, action: Action | Mapping[str, Any]) -> MatchView:
        """Post one action on the kept ETag, with an Idempotency-Key kept until its outcome is known."""
        body = action if isinstance(action, Action) else Action.from_dict(dict(action))
        if self.etag is None:
            self.view()
        key, etag = uuid.uuid4().hex, self.etag or ""
        view, answer = _sent(
            lambda: _post.sync_detailed(self.id, client=self._client, body=body, if_match=etag, idempotency_key=key),
            None, self.retries, parse=_view,
        )
        self.etag = answer.headers.get("ETag")
        return view

    def events(self, after: int = 0, limit: int | None = None) -> Events:
        """One page of the match's history after the event ``after``, as this token may see it."""
        return _sent(lambda: _events.sync_detailed(self.id, client=self._client, after=after,
                                                   limit=limit if limit is not None else UNSET),
                     Events, self.retries)[0]

    def all_events(self, after: int = 0) -> Iterator[MatchEvent]:
        """Every event after ``after``, page after page."""
        while True:
            page = self.events(after)
            yield from page.events
            if not page.more:
                return
            after = page.last_seq

    def rounds(self) -> Rounds:
        """The score sheet: every finished round."""
        return _sent(lambda: _rounds.sync_detailed(self.id, client=self._client), Rounds, self.retries)[0]

    def record(self) -> MatchRecord:
        """The whole match as one document (what this token may see of it)."""
        return _sent(lambda: _record.sync_detailed(self.id, client=self._client), MatchRecord, self.retries)[0]

    def record_text(self, format: str = "text", lang: str | None = None) -> str:
        """The record as a person reads it (``text``) or as a spreadsheet does (``csv``), in ``lang``."""
        params: dict[str, str] = {"format": format}
        if lang is not None:
            params["lang"] = lang
        http = self._client.get_httpx_client()
        return _sent(lambda: http.get(f"/v1/matches/{self.id}/record", params=params), str, self.retries,
                     parse=_text)[0]

    def undo(self) -> MatchView:
        """Take back the last action (the referee), on the kept ETag, with a key kept until the outcome is known."""
        if self.etag is None:
            self.view()
        key, etag = uuid.uuid4().hex, self.etag or ""
        view, answer = _sent(
            lambda: _undo.sync_detailed(self.id, client=self._client, if_match=etag, idempotency_key=key),
            None, self.retries, parse=_view,
        )
        self.etag = answer.headers.get("ETag")
        return view

    def delete(self) -> None:
        """Remove the match (the referee). A retry that finds it gone already counts as done."""
        try:
            _sent(lambda: _delete.sync_detailed(self.id, client=self._client), type(None), self.retries)
        except ProblemError as err:
            if err.status != 404:
                raise

    def stream(self, *, after: int | None = None, reconnects: int = 3) -> Iterator[StreamEvent]:
        """The match's live events; reconnects with Last-Event-ID on ``end: timeout`` or ``unavailable``."""
        last_id: str | None = None
        for _ in range(reconnects + 1):
            headers = {"Accept": "text/event-stream"}
            params: dict[str, Any] = {}
            if last_id is not None:
                headers["Last-Event-ID"] = last_id
            elif after is not None:
                params["after"] = after
            reason = None
            for event in self._one_stream(headers, params):
                if event.id is not None:
                    last_id = event.id
                yield event
                if event.event == "end":
                    reason = (event.data or {}).get("reason")
            if reason not in ("timeout", "unavailable"):
                return

    def _one_stream(self, headers: dict[str, str], params: dict[str, Any]) -> Iterator[StreamEvent]:
        http = self._client.get_httpx_client()
        url = f"/v1/matches/{self.id}/stream"
        with http.stream("GET", url, headers=headers, params=params) as answer:
            if answer.status_code >= 400:
                answer.read()
                raise problem_from(answer.status_code, answer.json(), answer.headers)
            fields: dict[str, str] = {}
            for line in answer.iter_lines():
                if line == "":
                    if "event" in fields or "data" in fields:
                        data = json.loads(fields["data"]) if fields.get("data") else None
                        yield StreamEvent(fields.get("event", "message"), fields.get("id"), data)
                    fields = {}
                elif not line.startswith(":"):
                    name, _, value = line.partition(":")
                    value = value[1:] if value.startswith(" ") else value
                    fields[name] = fields[name] + "\n" + value if name == "data" and name in fields else value
