from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.create_match_players_item_type_1_computer import CreateMatchPlayersItemType1Computer






T = TypeVar("T", bound="CreateMatchPlayersItemType1")



@_attrs_define
class CreateMatchPlayersItemType1:
    """ A seat the service plays (dealt mode; at least one seat a person's)

        Attributes:
            computer (CreateMatchPlayersItemType1Computer): The computer's level (computer_levels in GET /v1/rulesets/{id})
            name (str):
     """

    computer: CreateMatchPlayersItemType1Computer
    name: str





    def to_dict(self) -> dict[str, Any]:
        computer = self.computer.value

        name = self.name


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "computer": computer,
            "name": name,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        computer = CreateMatchPlayersItemType1Computer(d.pop("computer"))




        name = d.pop("name")

        create_match_players_item_type_1 = cls(
            computer=computer,
            name=name,
        )

        return create_match_players_item_type_1

