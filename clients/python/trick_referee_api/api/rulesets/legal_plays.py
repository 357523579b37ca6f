from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.legal_plays_answer import LegalPlaysAnswer
from ...models.legal_plays_request import LegalPlaysRequest
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: LegalPlaysRequest,
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
        "method": "post",
        "url": "/v1/rulesets/{id}/legal-plays".format(id=quote(str(id), safe=""),),
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LegalPlaysAnswer | Problem:
    if response.status_code == 200:
        response_200 = LegalPlaysAnswer.from_dict(response.json())



        return response_200

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

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[LegalPlaysAnswer | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: LegalPlaysRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[LegalPlaysAnswer | Problem]:
    """ The cards of a hand that may be played to a trick, in hand order, with the rule that constrains
    them; with 'card', whether that card is allowed and, if not, why.

    Args:
        id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (LegalPlaysRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LegalPlaysAnswer | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
lang=lang,
accept_language=accept_language,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: LegalPlaysRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> LegalPlaysAnswer | Problem | None:
    """ The cards of a hand that may be played to a trick, in hand order, with the rule that constrains
    them; with 'card', whether that card is allowed and, if not, why.

    Args:
        id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (LegalPlaysRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LegalPlaysAnswer | Problem
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
lang=lang,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: LegalPlaysRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[LegalPlaysAnswer | Problem]:
    """ The cards of a hand that may be played to a trick, in hand order, with the rule that constrains
    them; with 'card', whether that card is allowed and, if not, why.

    Args:
        id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (LegalPlaysRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LegalPlaysAnswer | Problem]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
lang=lang,
accept_language=accept_language,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: LegalPlaysRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> LegalPlaysAnswer | Problem | None:
    """ The cards of a hand that may be played to a trick, in hand order, with the rule that constrains
    them; with 'card', whether that card is allowed and, if not, why.

    Args:
        id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (LegalPlaysRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LegalPlaysAnswer | Problem
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
lang=lang,
accept_language=accept_language,

    )).parsed
