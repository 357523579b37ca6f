from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.avinas_call_call_type_1 import AvinasCallCallType1
from typing import cast






T = TypeVar("T", bound="AvinasCall")



@_attrs_define
class AvinasCall:
    """ 
        Attributes:
            call (AvinasCallCallType1 | int): The trumps declared, or pass
            seat (int): Who called
     """

    call: AvinasCallCallType1 | int
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        call: int | str
        if isinstance(self.call, AvinasCallCallType1):
            call = self.call.value
        else:
            call = self.call

        seat = self.seat


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "call": call,
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_call(data: object) -> AvinasCallCallType1 | int:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                call_type_1 = AvinasCallCallType1(data)



                return call_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AvinasCallCallType1 | int, data)

        call = _parse_call(d.pop("call"))


        seat = d.pop("seat")

        avinas_call = cls(
            call=call,
            seat=seat,
        )


        avinas_call.additional_properties = d
        return avinas_call

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
