from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.viewer_role import ViewerRole
from typing import cast






T = TypeVar("T", bound="Viewer")



@_attrs_define
class Viewer:
    """ 
        Attributes:
            role (ViewerRole):
            seat (int | None):
     """

    role: ViewerRole
    seat: int | None





    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        seat: int | None
        seat = self.seat


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "role": role,
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        role = ViewerRole(d.pop("role"))




        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        viewer = cls(
            role=role,
            seat=seat,
        )

        return viewer

