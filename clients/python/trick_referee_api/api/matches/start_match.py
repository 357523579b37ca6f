from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.auction_forty_fives_view import AuctionFortyFivesView
from ...models.avinas_view import AvinasView
from ...models.boerenbridge_view import BoerenbridgeView
from ...models.forty_fives_view import FortyFivesView
from ...models.other_ruleset_view import OtherRulesetView
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    match_id: str,
    *,
    lang: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language



    

    params: dict[str, Any] = {}

    params["lang"] = lang


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/matches/{match_id}/start".format(match_id=quote(str(match_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem:
    if response.status_code == 200:
        def _parse_response_200(data: object) -> AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_match_view_type_0 = AuctionFortyFivesView.from_dict(data)



                return componentsschemas_match_view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_match_view_type_1 = AvinasView.from_dict(data)



                return componentsschemas_match_view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_match_view_type_2 = BoerenbridgeView.from_dict(data)



                return componentsschemas_match_view_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_match_view_type_3 = FortyFivesView.from_dict(data)



                return componentsschemas_match_view_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_match_view_type_4 = OtherRulesetView.from_dict(data)



            return componentsschemas_match_view_type_4

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

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

    if response.status_code == 412:
        response_412 = Problem.from_dict(response.json())



        return response_412

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    response_default = Problem.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem]:
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
    if_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem]:
    """ Start a match whose seats are claimed before every seat has joined (referee only; no body): the
    first dealer is drawn and the first round dealt; the seats not claimed yet contribute no entropy
    (their invitations still give them their tokens). 409 match_started when it is not waiting.

    Args:
        match_id (str):
        lang (str | Unset):  Example: id.
        if_match (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
lang=lang,
if_match=if_match,
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
    if_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem | None:
    """ Start a match whose seats are claimed before every seat has joined (referee only; no body): the
    first dealer is drawn and the first round dealt; the seats not claimed yet contribute no entropy
    (their invitations still give them their tokens). 409 match_started when it is not waiting.

    Args:
        match_id (str):
        lang (str | Unset):  Example: id.
        if_match (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem
     """


    return sync_detailed(
        match_id=match_id,
client=client,
lang=lang,
if_match=if_match,
accept_language=accept_language,

    ).parsed

async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    lang: str | Unset = UNSET,
    if_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> Response[AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem]:
    """ Start a match whose seats are claimed before every seat has joined (referee only; no body): the
    first dealer is drawn and the first round dealt; the seats not claimed yet contribute no entropy
    (their invitations still give them their tokens). 409 match_started when it is not waiting.

    Args:
        match_id (str):
        lang (str | Unset):  Example: id.
        if_match (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem]
     """


    kwargs = _get_kwargs(
        match_id=match_id,
lang=lang,
if_match=if_match,
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
    if_match: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,

) -> AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem | None:
    """ Start a match whose seats are claimed before every seat has joined (referee only; no body): the
    first dealer is drawn and the first round dealt; the seats not claimed yet contribute no entropy
    (their invitations still give them their tokens). 409 match_started when it is not waiting.

    Args:
        match_id (str):
        lang (str | Unset):  Example: id.
        if_match (str | Unset):
        accept_language (str | Unset):  Example: id-ID,id;q=0.9,en;q=0.5.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView | Problem
     """


    return (await asyncio_detailed(
        match_id=match_id,
client=client,
lang=lang,
if_match=if_match,
accept_language=accept_language,

    )).parsed
