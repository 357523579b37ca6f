from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.seat_links import SeatLinks
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    match_id: str,
    *,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language



    

    params: dict[str, Any] = {}

    params["lang"] = lang


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/matches/{match_id}/links".format(match_id=quote(str(match_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SeatLinks:
    if response.status_code == 200:
        response_200 = SeatLinks.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SeatLinks]:
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
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Problem | SeatLinks]:
    """ The seats' tokens and the spectator's again, for the referee's token only (403 referee_only for
    any other), so that the seat links can be shown again on any device holding the referee's link.
    409 links_not_kept: a match made before they could be given again.

    Args:
        match_id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeatLinks]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
lang=lang,
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
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Problem | SeatLinks | None:
    """ The seats' tokens and the spectator's again, for the referee's token only (403 referee_only for
    any other), so that the seat links can be shown again on any device holding the referee's link.
    409 links_not_kept: a match made before they could be given again.

    Args:
        match_id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeatLinks
     """


    return sync_detailed(
        match_id=match_id,
client=client,
lang=lang,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Problem | SeatLinks]:
    """ The seats' tokens and the spectator's again, for the referee's token only (403 referee_only for
    any other), so that the seat links can be shown again on any device holding the referee's link.
    409 links_not_kept: a match made before they could be given again.

    Args:
        match_id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SeatLinks]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
lang=lang,
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
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Problem | SeatLinks | None:
    """ The seats' tokens and the spectator's again, for the referee's token only (403 referee_only for
    any other), so that the seat links can be shown again on any device holding the referee's link.
    409 links_not_kept: a match made before they could be given again.

    Args:
        match_id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SeatLinks
     """


    return (await asyncio_detailed(
        match_id=match_id,
client=client,
lang=lang,
accept_language=accept_language,

    )).parsed
