from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="SeatToken")



@_attrs_define
class SeatToken:
    """ 
        Attributes:
            name (str):
            seat (int):
            invite (None | str | Unset): Seats by invitation ("seats": "claim"): the invitation its player claims the seat
                with (POST /v1/matches/{id}/seats/{seat}/claim), once; absent for a computer seat and, in the links, for a seat
                already claimed
            token (None | str | Unset): This seat's bearer token (shown once); absent when the seats are claimed by
                invitation (see invite), null for a seat already claimed
     """

    name: str
    seat: int
    invite: None | str | Unset = UNSET
    token: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        name = self.name

        seat = self.seat

        invite: None | str | Unset
        if isinstance(self.invite, Unset):
            invite = UNSET
        else:
            invite = self.invite

        token: None | str | Unset
        if isinstance(self.token, Unset):
            token = UNSET
        else:
            token = self.token


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "seat": seat,
        })
        if invite is not UNSET:
            field_dict["invite"] = invite
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        seat = d.pop("seat")

        def _parse_invite(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        invite = _parse_invite(d.pop("invite", UNSET))


        def _parse_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        token = _parse_token(d.pop("token", UNSET))


        seat_token = cls(
            name=name,
            seat=seat,
            invite=invite,
            token=token,
        )

        return seat_token

