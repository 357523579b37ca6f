from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.rounds_rounds_item import RoundsRoundsItem





T = TypeVar("T", bound="Rounds")



@_attrs_define
class Rounds:
    """ 
        Attributes:
            rounds (list[RoundsRoundsItem]): Every finished round's record, oldest first, as the view's history shows it
            version (int):
     """

    rounds: list[RoundsRoundsItem]
    version: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.rounds_rounds_item import RoundsRoundsItem # noqa: PLC0415
        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)



        version = self.version


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rounds": rounds,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rounds_rounds_item import RoundsRoundsItem # noqa: PLC0415
        d = dict(src_dict)
        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in (_rounds):
            rounds_item = RoundsRoundsItem.from_dict(rounds_item_data)



            rounds.append(rounds_item)


        version = d.pop("version")

        rounds = cls(
            rounds=rounds,
            version=version,
        )

        return rounds

