from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.card_play import CardPlay





T = TypeVar("T", bound="FortyFivesTrick")



@_attrs_define
class FortyFivesTrick:
    """ 
        Attributes:
            card (str): The winning card
            leader (int): The seat that led
            number (int): From 1
            plays (list[CardPlay]):
            winner (int): The seat that won it
     """

    card: str
    leader: int
    number: int
    plays: list[CardPlay]
    winner: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.card_play import CardPlay # noqa: PLC0415
        card = self.card

        leader = self.leader

        number = self.number

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)



        winner = self.winner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "card": card,
            "leader": leader,
            "number": number,
            "plays": plays,
            "winner": winner,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_play import CardPlay # noqa: PLC0415
        d = dict(src_dict)
        card = d.pop("card")

        leader = d.pop("leader")

        number = d.pop("number")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            plays_item = CardPlay.from_dict(plays_item_data)



            plays.append(plays_item)


        winner = d.pop("winner")

        forty_fives_trick = cls(
            card=card,
            leader=leader,
            number=number,
            plays=plays,
            winner=winner,
        )


        forty_fives_trick.additional_properties = d
        return forty_fives_trick

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
