from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.match_view import MatchView





T = TypeVar("T", bound="Claimed")



@_attrs_define
class Claimed:
    """ 
        Attributes:
            entropy_used (bool): Whether the claim's entropy goes into the deals (not once the match has started)
            name (str):
            seat (int):
            token (str): The seat's bearer token, given this once
            version (int):
            view (MatchView):
     """

    entropy_used: bool
    name: str
    seat: int
    token: str
    version: int
    view: MatchView





    def to_dict(self) -> dict[str, Any]:
        from ..models.match_view import MatchView # noqa: PLC0415
        entropy_used = self.entropy_used

        name = self.name

        seat = self.seat

        token = self.token

        version = self.version

        view = self.view.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "entropy_used": entropy_used,
            "name": name,
            "seat": seat,
            "token": token,
            "version": version,
            "view": view,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_view import MatchView # noqa: PLC0415
        d = dict(src_dict)
        entropy_used = d.pop("entropy_used")

        name = d.pop("name")

        seat = d.pop("seat")

        token = d.pop("token")

        version = d.pop("version")

        view = MatchView.from_dict(d.pop("view"))




        claimed = cls(
            entropy_used=entropy_used,
            name=name,
            seat=seat,
            token=token,
            version=version,
            view=view,
        )

        return claimed

