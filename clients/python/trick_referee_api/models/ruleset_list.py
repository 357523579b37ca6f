from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.ruleset import Ruleset





T = TypeVar("T", bound="RulesetList")



@_attrs_define
class RulesetList:
    """ 
        Attributes:
            rulesets (list[Ruleset]):
     """

    rulesets: list[Ruleset]





    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset import Ruleset # noqa: PLC0415
        rulesets = []
        for rulesets_item_data in self.rulesets:
            rulesets_item = rulesets_item_data.to_dict()
            rulesets.append(rulesets_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "rulesets": rulesets,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset import Ruleset # noqa: PLC0415
        d = dict(src_dict)
        rulesets = []
        _rulesets = d.pop("rulesets")
        for rulesets_item_data in (_rulesets):
            rulesets_item = Ruleset.from_dict(rulesets_item_data)



            rulesets.append(rulesets_item)


        ruleset_list = cls(
            rulesets=rulesets,
        )

        return ruleset_list

