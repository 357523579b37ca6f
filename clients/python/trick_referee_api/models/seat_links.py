from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.seat_token import SeatToken





T = TypeVar("T", bound="SeatLinks")



@_attrs_define
class SeatLinks:
    """ 
        Attributes:
            seats (list[SeatToken]): Each seat's token, as the create answer gave it
            spectator_token (str): The spectator's token
            version (int):
     """

    seats: list[SeatToken]
    spectator_token: str
    version: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_token import SeatToken # noqa: PLC0415
        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        spectator_token = self.spectator_token

        version = self.version


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seats": seats,
            "spectator_token": spectator_token,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_token import SeatToken # noqa: PLC0415
        d = dict(src_dict)
        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatToken.from_dict(seats_item_data)



            seats.append(seats_item)


        spectator_token = d.pop("spectator_token")

        version = d.pop("version")

        seat_links = cls(
            seats=seats,
            spectator_token=spectator_token,
            version=version,
        )

        return seat_links

