from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.score_request_options import ScoreRequestOptions





T = TypeVar("T", bound="ScoreRequest")



@_attrs_define
class ScoreRequest:
    """ 
        Attributes:
            options (ScoreRequestOptions | Unset): House rules as option name -> value (see GET /v1/rulesets/{id} for each
                ruleset's options, types and defaults); absent options take their defaults.
            preset (None | str | Unset): A named preset of the ruleset (see 'presets' in GET /v1/rulesets/{id}): its values
                replace the defaults, and each option given in 'options' replaces the preset's value of that option; the
                combined options are validated as any options. An unknown id: 422 unknown_preset (allowed: the ruleset's preset
                ids). Example: seed.
     """

    options: ScoreRequestOptions | Unset = UNSET
    preset: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.score_request_options import ScoreRequestOptions # noqa: PLC0415
        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        preset: None | str | Unset
        if isinstance(self.preset, Unset):
            preset = UNSET
        else:
            preset = self.preset


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if options is not UNSET:
            field_dict["options"] = options
        if preset is not UNSET:
            field_dict["preset"] = preset

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.score_request_options import ScoreRequestOptions # noqa: PLC0415
        d = dict(src_dict)
        _options = d.pop("options", UNSET)
        options: ScoreRequestOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = ScoreRequestOptions.from_dict(_options)




        def _parse_preset(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        preset = _parse_preset(d.pop("preset", UNSET))


        score_request = cls(
            options=options,
            preset=preset,
        )


        score_request.additional_properties = d
        return score_request

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
