from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="Lan")



@_attrs_define
class Lan:
    """ 
        Attributes:
            url (None | str): The page's address for a phone on the same network; null unless the request came from the host
                that runs the service and the service listens on the network. Example: http://192.168.1.20:8000/.
     """

    url: None | str





    def to_dict(self) -> dict[str, Any]:
        url: None | str
        url = self.url


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))


        lan = cls(
            url=url,
        )

        return lan

