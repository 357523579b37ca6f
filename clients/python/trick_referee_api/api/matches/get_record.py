from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_record_format import GetRecordFormat
from ...models.match_record import MatchRecord
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    match_id: str,
    *,
    format_: GetRecordFormat | Unset = GetRecordFormat.JSON,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language



    

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["lang"] = lang


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/matches/{match_id}/record".format(match_id=quote(str(match_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MatchRecord | Problem:
    if response.status_code == 200:
        response_200 = MatchRecord.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[MatchRecord | Problem]:
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
    format_: GetRecordFormat | Unset = GetRecordFormat.JSON,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[MatchRecord | Problem]:
    """ The whole match as one document: ruleset, options, players, the first dealer, every deal (its
    commitment; its seed, deck and hands once its round is over), every action (who, what, undone),
    every action the rules refused (who, what, the refusal's code; another seat's cards hidden until
    its round is over), each round's record, scores and winners, and the match seed once the match is
    over. A seat (and the referee of a dealt match who does not see the hands) gets the finished rounds
    only.
    'python -m service.verify RECORD.json' checks a record offline.

    Args:
        match_id (str):
        format_ (GetRecordFormat | Unset):  Default: GetRecordFormat.JSON.
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchRecord | Problem]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
format_=format_,
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
    format_: GetRecordFormat | Unset = GetRecordFormat.JSON,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> MatchRecord | Problem | None:
    """ The whole match as one document: ruleset, options, players, the first dealer, every deal (its
    commitment; its seed, deck and hands once its round is over), every action (who, what, undone),
    every action the rules refused (who, what, the refusal's code; another seat's cards hidden until
    its round is over), each round's record, scores and winners, and the match seed once the match is
    over. A seat (and the referee of a dealt match who does not see the hands) gets the finished rounds
    only.
    'python -m service.verify RECORD.json' checks a record offline.

    Args:
        match_id (str):
        format_ (GetRecordFormat | Unset):  Default: GetRecordFormat.JSON.
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchRecord | Problem
     """


    return sync_detailed(
        match_id=match_id,
client=client,
format_=format_,
lang=lang,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    format_: GetRecordFormat | Unset = GetRecordFormat.JSON,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[MatchRecord | Problem]:
    """ The whole match as one document: ruleset, options, players, the first dealer, every deal (its
    commitment; its seed, deck and hands once its round is over), every action (who, what, undone),
    every action the rules refused (who, what, the refusal's code; another seat's cards hidden until
    its round is over), each round's record, scores and winners, and the match seed once the match is
    over. A seat (and the referee of a dealt match who does not see the hands) gets the finished rounds
    only.
    'python -m service.verify RECORD.json' checks a record offline.

    Args:
        match_id (str):
        format_ (GetRecordFormat | Unset):  Default: GetRecordFormat.JSON.
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MatchRecord | Problem]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
format_=format_,
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
    format_: GetRecordFormat | Unset = GetRecordFormat.JSON,
    lang: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> MatchRecord | Problem | None:
    """ The whole match as one document: ruleset, options, players, the first dealer, every deal (its
    commitment; its seed, deck and hands once its round is over), every action (who, what, undone),
    every action the rules refused (who, what, the refusal's code; another seat's cards hidden until
    its round is over), each round's record, scores and winners, and the match seed once the match is
    over. A seat (and the referee of a dealt match who does not see the hands) gets the finished rounds
    only.
    'python -m service.verify RECORD.json' checks a record offline.

    Args:
        match_id (str):
        format_ (GetRecordFormat | Unset):  Default: GetRecordFormat.JSON.
        lang (str | Unset):  Example: id.
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MatchRecord | Problem
     """


    return (await asyncio_detailed(
        match_id=match_id,
client=client,
format_=format_,
lang=lang,
accept_language=accept_language,

    )).parsed
