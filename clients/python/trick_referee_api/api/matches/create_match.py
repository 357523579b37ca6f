from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_match import CreateMatch
from ...models.match_created import MatchCreated
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: CreateMatch,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language



    

    params: dict[str, Any] = {}

    params["lang"] = lang


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/matches",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MatchCreated | Problem:
    if response.status_code == 201:
        response_201 = MatchCreated.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[MatchCreated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateMatch,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[MatchCreated | Problem]:
    """ Start a match: the referee's token, one token per seat (each shown once), and the referee's
    view. Dealt mode deals the first round at once.

    Args:
        lang (str | Unset):  Example: id.
        idempotency_key (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (CreateMatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchCreated | Problem]
     """


    kwargs = _get_kwargs(
        body=body,
lang=lang,
idempotency_key=idempotency_key,
accept_language=accept_language,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateMatch,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> MatchCreated | Problem | None:
    """ Start a match: the referee's token, one token per seat (each shown once), and the referee's
    view. Dealt mode deals the first round at once.

    Args:
        lang (str | Unset):  Example: id.
        idempotency_key (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (CreateMatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchCreated | Problem
     """


    return sync_detailed(
        client=client,
body=body,
lang=lang,
idempotency_key=idempotency_key,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateMatch,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[MatchCreated | Problem]:
    """ Start a match: the referee's token, one token per seat (each shown once), and the referee's
    view. Dealt mode deals the first round at once.

    Args:
        lang (str | Unset):  Example: id.
        idempotency_key (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (CreateMatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchCreated | Problem]
     """


    kwargs = _get_kwargs(
        body=body,
lang=lang,
idempotency_key=idempotency_key,
accept_language=accept_language,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateMatch,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> MatchCreated | Problem | None:
    """ Start a match: the referee's token, one token per seat (each shown once), and the referee's
    view. Dealt mode deals the first round at once.

    Args:
        lang (str | Unset):  Example: id.
        idempotency_key (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (CreateMatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchCreated | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,
lang=lang,
idempotency_key=idempotency_key,
accept_language=accept_language,

    )).parsed
