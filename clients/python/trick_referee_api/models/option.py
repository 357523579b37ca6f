from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.option_type import OptionType
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Option")



@_attrs_define
class Option:
    """ 
        Attributes:
            default (Any):
            description (str):
            name (str):
            type_ (OptionType):
            allowed (list[Any] | Unset):
            maximum (int | Unset):
            minimum (int | Unset):
            rule (str | Unset): For developers: the section(s) of the game's rules spec (docs/rules) the option comes from,
                such as 15.4; the description never shows them
     """

    default: Any
    description: str
    name: str
    type_: OptionType
    allowed: list[Any] | Unset = UNSET
    maximum: int | Unset = UNSET
    minimum: int | Unset = UNSET
    rule: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        default = self.default

        description = self.description

        name = self.name

        type_ = self.type_.value

        allowed: list[Any] | Unset = UNSET
        if not isinstance(self.allowed, Unset):
            allowed = self.allowed



        maximum = self.maximum

        minimum = self.minimum

        rule = self.rule


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "default": default,
            "description": description,
            "name": name,
            "type": type_,
        })
        if allowed is not UNSET:
            field_dict["allowed"] = allowed
        if maximum is not UNSET:
            field_dict["maximum"] = maximum
        if minimum is not UNSET:
            field_dict["minimum"] = minimum
        if rule is not UNSET:
            field_dict["rule"] = rule

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        default = d.pop("default")

        description = d.pop("description")

        name = d.pop("name")

        type_ = OptionType(d.pop("type"))




        allowed = cast(list[Any], d.pop("allowed", UNSET))


        maximum = d.pop("maximum", UNSET)

        minimum = d.pop("minimum", UNSET)

        rule = d.pop("rule", UNSET)

        option = cls(
            default=default,
            description=description,
            name=name,
            type_=type_,
            allowed=allowed,
            maximum=maximum,
            minimum=minimum,
            rule=rule,
        )

        return option

