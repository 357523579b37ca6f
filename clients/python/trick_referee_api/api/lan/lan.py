from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.lan import Lan
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
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
        "url": "/v1/lan",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Lan | Problem:
    if response.status_code == 200:
        response_200 = Lan.from_dict(response.json())



        return response_200

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Lan | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Lan | Problem]:
    """ The page's address for a phone on the same network ('url'), given only to a request from
    the host that runs the service (the page opened there shows it with a QR code); null for any
    other request, and where the service is not reachable from the network (bound to loopback).

    Args:
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Lan | Problem]
     """


    kwargs = _get_kwargs(
        lang=lang,
accept_language=accept_language,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Lan | Problem | None:
    """ The page's address for a phone on the same network ('url'), given only to a request from
    the host that runs the service (the page opened there shows it with a QR code); null for any
    other request, and where the service is not reachable from the network (bound to loopback).

    Args:
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Lan | Problem
     """


    return sync_detailed(
        client=client,
lang=lang,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Lan | Problem]:
    """ The page's address for a phone on the same network ('url'), given only to a request from
    the host that runs the service (the page opened there shows it with a QR code); null for any
    other request, and where the service is not reachable from the network (bound to loopback).

    Args:
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Lan | Problem]
     """


    kwargs = _get_kwargs(
        lang=lang,
accept_language=accept_language,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Lan | Problem | None:
    """ The page's address for a phone on the same network ('url'), given only to a request from
    the host that runs the service (the page opened there shows it with a QR code); null for any
    other request, and where the service is not reachable from the network (bound to loopback).

    Args:
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Lan | Problem
     """


    return (await asyncio_detailed(
        client=client,
lang=lang,
accept_language=accept_language,

    )).parsed
