from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.avinas_play import AvinasPlay





T = TypeVar("T", bound="AvinasTrick")



@_attrs_define
class AvinasTrick:
    """ 
        Attributes:
            leader (int): The seat that led
            number (int): From 1
            plays (list[AvinasPlay]):
            points (int | Unset): Finished tricks: the card points in it
            reason (str | Unset): Finished tricks: why the winning card won
            signal (str | Unset): A face-down lead's hint, where the house rule allows one
            winner (int | None | Unset): Finished tricks: who won it
     """

    leader: int
    number: int
    plays: list[AvinasPlay]
    points: int | Unset = UNSET
    reason: str | Unset = UNSET
    signal: str | Unset = UNSET
    winner: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.avinas_play import AvinasPlay # noqa: PLC0415
        leader = self.leader

        number = self.number

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)



        points = self.points

        reason = self.reason

        signal = self.signal

        winner: int | None | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "leader": leader,
            "number": number,
            "plays": plays,
        })
        if points is not UNSET:
            field_dict["points"] = points
        if reason is not UNSET:
            field_dict["reason"] = reason
        if signal is not UNSET:
            field_dict["signal"] = signal
        if winner is not UNSET:
            field_dict["winner"] = winner

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.avinas_play import AvinasPlay # noqa: PLC0415
        d = dict(src_dict)
        leader = d.pop("leader")

        number = d.pop("number")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            plays_item = AvinasPlay.from_dict(plays_item_data)



            plays.append(plays_item)


        points = d.pop("points", UNSET)

        reason = d.pop("reason", UNSET)

        signal = d.pop("signal", UNSET)

        def _parse_winner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))


        avinas_trick = cls(
            leader=leader,
            number=number,
            plays=plays,
            points=points,
            reason=reason,
            signal=signal,
            winner=winner,
        )


        avinas_trick.additional_properties = d
        return avinas_trick

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
