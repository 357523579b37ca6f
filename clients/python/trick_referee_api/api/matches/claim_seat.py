from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.claim import Claim
from ...models.claimed import Claimed
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    match_id: str,
    seat: int,
    *,
    body: Claim,
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
        "url": "/v1/matches/{match_id}/seats/{seat}/claim".format(match_id=quote(str(match_id), safe=""),seat=quote(str(seat), safe=""),),
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Claimed | Problem:
    if response.status_code == 200:
        response_200 = Claimed.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Claimed | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
    body: Claim,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Claimed | Problem]:
    """ Claim a seat of a match created with "seats": "claim", by the invitation the create answer gave
    for it (no Authorization: the invitation is the credential): the seat's token, given this once
    (409 invite_used after; a retry under the first claim's Idempotency-Key answers it again), and
    its view. The claim may carry the seat's entropy (a string the phone draws), mixed into every
    deal (docs/deals.md); the last seat claimed starts the match.

    Args:
        match_id (str):
        seat (int):
        lang (str | Unset):  Example: id.
        idempotency_key (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (Claim):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Claimed | Problem]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
seat=seat,
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
    match_id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
    body: Claim,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Claimed | Problem | None:
    """ Claim a seat of a match created with "seats": "claim", by the invitation the create answer gave
    for it (no Authorization: the invitation is the credential): the seat's token, given this once
    (409 invite_used after; a retry under the first claim's Idempotency-Key answers it again), and
    its view. The claim may carry the seat's entropy (a string the phone draws), mixed into every
    deal (docs/deals.md); the last seat claimed starts the match.

    Args:
        match_id (str):
        seat (int):
        lang (str | Unset):  Example: id.
        idempotency_key (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (Claim):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Claimed | Problem
     """


    return sync_detailed(
        match_id=match_id,
seat=seat,
client=client,
body=body,
lang=lang,
idempotency_key=idempotency_key,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    match_id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
    body: Claim,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Claimed | Problem]:
    """ Claim a seat of a match created with "seats": "claim", by the invitation the create answer gave
    for it (no Authorization: the invitation is the credential): the seat's token, given this once
    (409 invite_used after; a retry under the first claim's Idempotency-Key answers it again), and
    its view. The claim may carry the seat's entropy (a string the phone draws), mixed into every
    deal (docs/deals.md); the last seat claimed starts the match.

    Args:
        match_id (str):
        seat (int):
        lang (str | Unset):  Example: id.
        idempotency_key (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (Claim):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Claimed | Problem]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
seat=seat,
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
    match_id: str,
    seat: int,
    *,
    client: AuthenticatedClient | Client,
    body: Claim,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Claimed | Problem | None:
    """ Claim a seat of a match created with "seats": "claim", by the invitation the create answer gave
    for it (no Authorization: the invitation is the credential): the seat's token, given this once
    (409 invite_used after; a retry under the first claim's Idempotency-Key answers it again), and
    its view. The claim may carry the seat's entropy (a string the phone draws), mixed into every
    deal (docs/deals.md); the last seat claimed starts the match.

    Args:
        match_id (str):
        seat (int):
        lang (str | Unset):  Example: id.
        idempotency_key (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (Claim):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Claimed | Problem
     """


    return (await asyncio_detailed(
        match_id=match_id,
seat=seat,
client=client,
body=body,
lang=lang,
idempotency_key=idempotency_key,
accept_language=accept_language,

    )).parsed
