from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Exposure")



@_attrs_define
class Exposure:
    """ 
        Attributes:
            face_up (bool): Shown to the whole table
            position (int): Its place in the deal (4 or 8)
            seat (int): Whose card
            card (str | Unset): The card, where this token sees it
            played (bool | Unset): Whether it has been played (where the card is seen)
     """

    face_up: bool
    position: int
    seat: int
    card: str | Unset = UNSET
    played: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        face_up = self.face_up

        position = self.position

        seat = self.seat

        card = self.card

        played = self.played


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "face_up": face_up,
            "position": position,
            "seat": seat,
        })
        if card is not UNSET:
            field_dict["card"] = card
        if played is not UNSET:
            field_dict["played"] = played

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        face_up = d.pop("face_up")

        position = d.pop("position")

        seat = d.pop("seat")

        card = d.pop("card", UNSET)

        played = d.pop("played", UNSET)

        exposure = cls(
            face_up=face_up,
            position=position,
            seat=seat,
            card=card,
            played=played,
        )


        exposure.additional_properties = d
        return exposure

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
