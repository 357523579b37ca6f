from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="AvinasPlay")



@_attrs_define
class AvinasPlay:
    """ 
        Attributes:
            face_down (bool): Played face down
            seat (int): Who played it
            card (str | Unset): The card; absent while a face-down card is hidden from this token
     """

    face_down: bool
    seat: int
    card: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        face_down = self.face_down

        seat = self.seat

        card = self.card


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "face_down": face_down,
            "seat": seat,
        })
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        face_down = d.pop("face_down")

        seat = d.pop("seat")

        card = d.pop("card", UNSET)

        avinas_play = cls(
            face_down=face_down,
            seat=seat,
            card=card,
        )


        avinas_play.additional_properties = d
        return avinas_play

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
