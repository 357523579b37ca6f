from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.preset_options import PresetOptions





T = TypeVar("T", bound="Preset")



@_attrs_define
class Preset:
    """ 
        Attributes:
            description (str): One line: what the preset plays
            id (str):  Example: seed.
            name (str):
            options (PresetOptions): The option values the preset sets (the others keep their defaults)
     """

    description: str
    id: str
    name: str
    options: PresetOptions





    def to_dict(self) -> dict[str, Any]:
        from ..models.preset_options import PresetOptions # noqa: PLC0415
        description = self.description

        id = self.id

        name = self.name

        options = self.options.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "description": description,
            "id": id,
            "name": name,
            "options": options,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preset_options import PresetOptions # noqa: PLC0415
        d = dict(src_dict)
        description = d.pop("description")

        id = d.pop("id")

        name = d.pop("name")

        options = PresetOptions.from_dict(d.pop("options"))




        preset = cls(
            description=description,
            id=id,
            name=name,
            options=options,
        )

        return preset

