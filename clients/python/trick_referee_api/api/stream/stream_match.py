from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.stream_match_response_200 import StreamMatchResponse200
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    match_id: str,
    *,
    after: int | Unset = UNSET,
    lang: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language



    

    params: dict[str, Any] = {}

    params["after"] = after

    params["lang"] = lang


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/matches/{match_id}/stream".format(match_id=quote(str(match_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | StreamMatchResponse200:
    if response.status_code == 200:
        response_200 = StreamMatchResponse200.from_dict(response.text)



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 501:
        response_501 = Problem.from_dict(response.json())



        return response_501

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | StreamMatchResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    lang: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Problem | StreamMatchResponse200]:
    """ Follow the match live (Server-Sent Events)

     Server-Sent Events (`text/event-stream`), with the same bearer tokens as the view (the referee's, a
    seat's or the spectator's). Events:

    - `event: action`, `id: <seq>`, `data`: one event exactly as `GET /v1/matches/{id}/events` gives it
    to this token (the same redaction: a seat never receives another seat's hidden card), for every
    event committed (a create, a deal, an action, a round record, an undo: its `kind` says which);
    - `event: view`, `data`: this token's view (as `GET /v1/matches/{id}`) after them; one is sent at
    once on connecting, after any events replayed;
    - a comment line (`: heartbeat`) every `STREAM_HEARTBEAT_SECONDS` (15) with nothing else to send;
    - `event: end`, `data: {"reason": ...}`, the last: `timeout` after `STREAM_MAX_SECONDS` (600), or
    within `STREAM_HEARTBEAT_SECONDS` when the server is stopping: reconnect with `Last-Event-ID`;
    `deleted` or `expired`: the match is gone, do not reconnect; `unavailable`: the store cannot be read
    now, reconnect later.

    Reconnection: send the last `id` received as `Last-Event-ID` (a browser's EventSource does it by
    itself; the stream asks for a reconnect after 1 s with `retry: 1000`), or `?after=<seq>` on the
    first connect: the events after it are replayed, then the view, then the stream goes live. Without
    either, or with one beyond the match's last event (another match's id), the stream starts at the
    match's last event (no history: the first view holds the state). `Last-Event-ID` wins over `after`.

    Args:
        match_id (str):
        after (int | Unset):
        lang (str | Unset):  Example: id.
        last_event_id (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamMatchResponse200]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
after=after,
lang=lang,
last_event_id=last_event_id,
accept_language=accept_language,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    match_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    lang: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Problem | StreamMatchResponse200 | None:
    """ Follow the match live (Server-Sent Events)

     Server-Sent Events (`text/event-stream`), with the same bearer tokens as the view (the referee's, a
    seat's or the spectator's). Events:

    - `event: action`, `id: <seq>`, `data`: one event exactly as `GET /v1/matches/{id}/events` gives it
    to this token (the same redaction: a seat never receives another seat's hidden card), for every
    event committed (a create, a deal, an action, a round record, an undo: its `kind` says which);
    - `event: view`, `data`: this token's view (as `GET /v1/matches/{id}`) after them; one is sent at
    once on connecting, after any events replayed;
    - a comment line (`: heartbeat`) every `STREAM_HEARTBEAT_SECONDS` (15) with nothing else to send;
    - `event: end`, `data: {"reason": ...}`, the last: `timeout` after `STREAM_MAX_SECONDS` (600), or
    within `STREAM_HEARTBEAT_SECONDS` when the server is stopping: reconnect with `Last-Event-ID`;
    `deleted` or `expired`: the match is gone, do not reconnect; `unavailable`: the store cannot be read
    now, reconnect later.

    Reconnection: send the last `id` received as `Last-Event-ID` (a browser's EventSource does it by
    itself; the stream asks for a reconnect after 1 s with `retry: 1000`), or `?after=<seq>` on the
    first connect: the events after it are replayed, then the view, then the stream goes live. Without
    either, or with one beyond the match's last event (another match's id), the stream starts at the
    match's last event (no history: the first view holds the state). `Last-Event-ID` wins over `after`.

    Args:
        match_id (str):
        after (int | Unset):
        lang (str | Unset):  Example: id.
        last_event_id (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamMatchResponse200
     """


    return sync_detailed(
        match_id=match_id,
client=client,
after=after,
lang=lang,
last_event_id=last_event_id,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    lang: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Problem | StreamMatchResponse200]:
    """ Follow the match live (Server-Sent Events)

     Server-Sent Events (`text/event-stream`), with the same bearer tokens as the view (the referee's, a
    seat's or the spectator's). Events:

    - `event: action`, `id: <seq>`, `data`: one event exactly as `GET /v1/matches/{id}/events` gives it
    to this token (the same redaction: a seat never receives another seat's hidden card), for every
    event committed (a create, a deal, an action, a round record, an undo: its `kind` says which);
    - `event: view`, `data`: this token's view (as `GET /v1/matches/{id}`) after them; one is sent at
    once on connecting, after any events replayed;
    - a comment line (`: heartbeat`) every `STREAM_HEARTBEAT_SECONDS` (15) with nothing else to send;
    - `event: end`, `data: {"reason": ...}`, the last: `timeout` after `STREAM_MAX_SECONDS` (600), or
    within `STREAM_HEARTBEAT_SECONDS` when the server is stopping: reconnect with `Last-Event-ID`;
    `deleted` or `expired`: the match is gone, do not reconnect; `unavailable`: the store cannot be read
    now, reconnect later.

    Reconnection: send the last `id` received as `Last-Event-ID` (a browser's EventSource does it by
    itself; the stream asks for a reconnect after 1 s with `retry: 1000`), or `?after=<seq>` on the
    first connect: the events after it are replayed, then the view, then the stream goes live. Without
    either, or with one beyond the match's last event (another match's id), the stream starts at the
    match's last event (no history: the first view holds the state). `Last-Event-ID` wins over `after`.

    Args:
        match_id (str):
        after (int | Unset):
        lang (str | Unset):  Example: id.
        last_event_id (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamMatchResponse200]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
after=after,
lang=lang,
last_event_id=last_event_id,
accept_language=accept_language,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    lang: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Problem | StreamMatchResponse200 | None:
    """ Follow the match live (Server-Sent Events)

     Server-Sent Events (`text/event-stream`), with the same bearer tokens as the view (the referee's, a
    seat's or the spectator's). Events:

    - `event: action`, `id: <seq>`, `data`: one event exactly as `GET /v1/matches/{id}/events` gives it
    to this token (the same redaction: a seat never receives another seat's hidden card), for every
    event committed (a create, a deal, an action, a round record, an undo: its `kind` says which);
    - `event: view`, `data`: this token's view (as `GET /v1/matches/{id}`) after them; one is sent at
    once on connecting, after any events replayed;
    - a comment line (`: heartbeat`) every `STREAM_HEARTBEAT_SECONDS` (15) with nothing else to send;
    - `event: end`, `data: {"reason": ...}`, the last: `timeout` after `STREAM_MAX_SECONDS` (600), or
    within `STREAM_HEARTBEAT_SECONDS` when the server is stopping: reconnect with `Last-Event-ID`;
    `deleted` or `expired`: the match is gone, do not reconnect; `unavailable`: the store cannot be read
    now, reconnect later.

    Reconnection: send the last `id` received as `Last-Event-ID` (a browser's EventSource does it by
    itself; the stream asks for a reconnect after 1 s with `retry: 1000`), or `?after=<seq>` on the
    first connect: the events after it are replayed, then the view, then the stream goes live. Without
    either, or with one beyond the match's last event (another match's id), the stream starts at the
    match's last event (no history: the first view holds the state). `Last-Event-ID` wins over `after`.

    Args:
        match_id (str):
        after (int | Unset):
        lang (str | Unset):  Example: id.
        last_event_id (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamMatchResponse200
     """


    return (await asyncio_detailed(
        match_id=match_id,
client=client,
after=after,
lang=lang,
last_event_id=last_event_id,
accept_language=accept_language,

    )).parsed
