from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.score_answer import ScoreAnswer
from ...models.score_request import ScoreRequest
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: ScoreRequest,
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
        "url": "/v1/rulesets/{id}/score".format(id=quote(str(id), safe=""),),
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ScoreAnswer:
    if response.status_code == 200:
        response_200 = ScoreAnswer.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | ScoreAnswer]:
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
    body: ScoreRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Problem | ScoreAnswer]:
    """ Score one round: round points, the scores after it, whether the match is over and who won,
    and how each number was counted.

    Args:
        id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (ScoreRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScoreAnswer]
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
    body: ScoreRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Problem | ScoreAnswer | None:
    """ Score one round: round points, the scores after it, whether the match is over and who won,
    and how each number was counted.

    Args:
        id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (ScoreRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScoreAnswer
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
    body: ScoreRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[Problem | ScoreAnswer]:
    """ Score one round: round points, the scores after it, whether the match is over and who won,
    and how each number was counted.

    Args:
        id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (ScoreRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScoreAnswer]
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
    body: ScoreRequest,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Problem | ScoreAnswer | None:
    """ Score one round: round points, the scores after it, whether the match is over and who won,
    and how each number was counted.

    Args:
        id (str):
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.
        body (ScoreRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScoreAnswer
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
lang=lang,
accept_language=accept_language,

    )).parsed
