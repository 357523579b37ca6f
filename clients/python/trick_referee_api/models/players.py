from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.players_needs import PlayersNeeds





T = TypeVar("T", bound="Players")



@_attrs_define
class Players:
    """ 
        Attributes:
            allowed (list[int]):
            default (int):
            needs (PlayersNeeds): For each other allowed count, what it needs (the options to set), as the refusal of a
                match created with the default options says it Example: {'3': 'the seed game deals 13 cards to each of 4
                players; 3 players need another hand_size_schedule (up_down, down_up, up, down or a list)'}.
            with_default_options (list[int]): The player counts a match with the default options takes
     """

    allowed: list[int]
    default: int
    needs: PlayersNeeds
    with_default_options: list[int]





    def to_dict(self) -> dict[str, Any]:
        from ..models.players_needs import PlayersNeeds # noqa: PLC0415
        allowed = self.allowed



        default = self.default

        needs = self.needs.to_dict()

        with_default_options = self.with_default_options




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "allowed": allowed,
            "default": default,
            "needs": needs,
            "with_default_options": with_default_options,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.players_needs import PlayersNeeds # noqa: PLC0415
        d = dict(src_dict)
        allowed = cast(list[int], d.pop("allowed"))


        default = d.pop("default")

        needs = PlayersNeeds.from_dict(d.pop("needs"))




        with_default_options = cast(list[int], d.pop("with_default_options"))


        players = cls(
            allowed=allowed,
            default=default,
            needs=needs,
            with_default_options=with_default_options,
        )

        return players

