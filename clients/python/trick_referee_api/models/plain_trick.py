from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.card_play import CardPlay





T = TypeVar("T", bound="PlainTrick")



@_attrs_define
class PlainTrick:
    """ 
        Attributes:
            leader (int | None): The seat that leads (or led) the trick
            plays (list[CardPlay]):
            number (int | Unset): The trick's number in the round, from 1 (Boerenbridge)
     """

    leader: int | None
    plays: list[CardPlay]
    number: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_play import CardPlay # noqa: PLC0415
        leader: int | None
        leader = self.leader

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)



        number = self.number


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "leader": leader,
            "plays": plays,
        })
        if number is not UNSET:
            field_dict["number"] = number

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_play import CardPlay # noqa: PLC0415
        d = dict(src_dict)
        def _parse_leader(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        leader = _parse_leader(d.pop("leader"))


        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            plays_item = CardPlay.from_dict(plays_item_data)



            plays.append(plays_item)


        number = d.pop("number", UNSET)

        plain_trick = cls(
            leader=leader,
            plays=plays,
            number=number,
        )


        plain_trick.additional_properties = d
        return plain_trick

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
