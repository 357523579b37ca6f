from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Revoke")



@_attrs_define
class Revoke:
    """ 
        Attributes:
            code (str): The rule broken, as a stable code (must_follow_suit ...) Example: must_follow_suit.
            rule (str): The rule broken, in words
            ruling (None | str): The referee's ruling: apply (the penalty stands), waive, or null while not settled
            seat (int): The seat that revoked
            trick (int): The trick of the revoke, from 1
            card (str | Unset): The card played wrongly (absent while it lies face down and hidden from this token)
     """

    code: str
    rule: str
    ruling: None | str
    seat: int
    trick: int
    card: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        code = self.code

        rule = self.rule

        ruling: None | str
        ruling = self.ruling

        seat = self.seat

        trick = self.trick

        card = self.card


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "rule": rule,
            "ruling": ruling,
            "seat": seat,
            "trick": trick,
        })
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        rule = d.pop("rule")

        def _parse_ruling(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ruling = _parse_ruling(d.pop("ruling"))


        seat = d.pop("seat")

        trick = d.pop("trick")

        card = d.pop("card", UNSET)

        revoke = cls(
            code=code,
            rule=rule,
            ruling=ruling,
            seat=seat,
            trick=trick,
            card=card,
        )


        revoke.additional_properties = d
        return revoke

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
