from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Players")



@_attrs_define
class Players:
    """ 
        Attributes:
            allowed (list[int]):
            default (int):
     """

    allowed: list[int]
    default: int





    def to_dict(self) -> dict[str, Any]:
        allowed = self.allowed



        default = self.default


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "allowed": allowed,
            "default": default,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        allowed = cast(list[int], d.pop("allowed"))


        default = d.pop("default")

        players = cls(
            allowed=allowed,
            default=default,
        )

        return players

