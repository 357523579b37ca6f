from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.reason import Reason





T = TypeVar("T", bound="LegalPlaysAnswer")



@_attrs_define
class LegalPlaysAnswer:
    """ 
        Attributes:
            code (str): The constraint in force (no_constraint, must_follow_suit ...)
            legal (list[str]): Legal cards, in hand order
            rule (str): The rule as a sentence ('must follow hearts or play a trump')
            allowed (bool | Unset): Whether that card may be played
            card (str | Unset): The card checked (when the body had 'card')
            reason (Reason | Unset):
     """

    code: str
    legal: list[str]
    rule: str
    allowed: bool | Unset = UNSET
    card: str | Unset = UNSET
    reason: Reason | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.reason import Reason # noqa: PLC0415
        code = self.code

        legal = self.legal



        rule = self.rule

        allowed = self.allowed

        card = self.card

        reason: dict[str, Any] | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "legal": legal,
            "rule": rule,
        })
        if allowed is not UNSET:
            field_dict["allowed"] = allowed
        if card is not UNSET:
            field_dict["card"] = card
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reason import Reason # noqa: PLC0415
        d = dict(src_dict)
        code = d.pop("code")

        legal = cast(list[str], d.pop("legal"))


        rule = d.pop("rule")

        allowed = d.pop("allowed", UNSET)

        card = d.pop("card", UNSET)

        _reason = d.pop("reason", UNSET)
        reason: Reason | Unset
        if isinstance(_reason,  Unset):
            reason = UNSET
        else:
            reason = Reason.from_dict(_reason)




        legal_plays_answer = cls(
            code=code,
            legal=legal,
            rule=rule,
            allowed=allowed,
            card=card,
            reason=reason,
        )


        legal_plays_answer.additional_properties = d
        return legal_plays_answer

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
