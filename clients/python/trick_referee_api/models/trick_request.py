from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.trick_request_options import TrickRequestOptions
  from ..models.trick_request_plays_item_type_1 import TrickRequestPlaysItemType1





T = TypeVar("T", bound="TrickRequest")



@_attrs_define
class TrickRequest:
    """ 
        Attributes:
            plays (list[str | TrickRequestPlaysItemType1]): The cards in play order, leader first
            trump (None | str): The trump suit (C, D, H, S), or null for none Example: H.
            demoted_ace (None | str | Unset): A card ranked lowest of its suit this deal (Forty-Fives: an unrobbed,
                unannounced ace of trumps) Example: 10H.
            options (TrickRequestOptions | Unset): House rules as option name -> value (see GET /v1/rulesets/{id} for each
                ruleset's options, types and defaults); absent options take their defaults.
            preset (None | str | Unset): A named preset of the ruleset (see 'presets' in GET /v1/rulesets/{id}): its values
                replace the defaults, and each option given in 'options' replaces the preset's value of that option; the
                combined options are validated as any options. An unknown id: 422 unknown_preset (allowed: the ruleset's preset
                ids). Example: seed.
            trick_number (int | Unset): 1-based number of the trick in the round, where the ruleset's duties depend on it
     """

    plays: list[str | TrickRequestPlaysItemType1]
    trump: None | str
    demoted_ace: None | str | Unset = UNSET
    options: TrickRequestOptions | Unset = UNSET
    preset: None | str | Unset = UNSET
    trick_number: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.trick_request_options import TrickRequestOptions # noqa: PLC0415
        from ..models.trick_request_plays_item_type_1 import TrickRequestPlaysItemType1 # noqa: PLC0415
        plays = []
        for plays_item_data in self.plays:
            plays_item: dict[str, Any] | str
            if isinstance(plays_item_data, TrickRequestPlaysItemType1):
                plays_item = plays_item_data.to_dict()
            else:
                plays_item = plays_item_data
            plays.append(plays_item)



        trump: None | str
        trump = self.trump

        demoted_ace: None | str | Unset
        if isinstance(self.demoted_ace, Unset):
            demoted_ace = UNSET
        else:
            demoted_ace = self.demoted_ace

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        preset: None | str | Unset
        if isinstance(self.preset, Unset):
            preset = UNSET
        else:
            preset = self.preset

        trick_number = self.trick_number


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "plays": plays,
            "trump": trump,
        })
        if demoted_ace is not UNSET:
            field_dict["demoted_ace"] = demoted_ace
        if options is not UNSET:
            field_dict["options"] = options
        if preset is not UNSET:
            field_dict["preset"] = preset
        if trick_number is not UNSET:
            field_dict["trick_number"] = trick_number

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trick_request_options import TrickRequestOptions # noqa: PLC0415
        from ..models.trick_request_plays_item_type_1 import TrickRequestPlaysItemType1 # noqa: PLC0415
        d = dict(src_dict)
        plays = []
        _plays = d.pop("plays")
        for plays_item_data in (_plays):
            def _parse_plays_item(data: object) -> str | TrickRequestPlaysItemType1:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    plays_item_type_1 = TrickRequestPlaysItemType1.from_dict(data)



                    return plays_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(str | TrickRequestPlaysItemType1, data)

            plays_item = _parse_plays_item(plays_item_data)

            plays.append(plays_item)


        def _parse_trump(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trump = _parse_trump(d.pop("trump"))


        def _parse_demoted_ace(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        demoted_ace = _parse_demoted_ace(d.pop("demoted_ace", UNSET))


        _options = d.pop("options", UNSET)
        options: TrickRequestOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = TrickRequestOptions.from_dict(_options)




        def _parse_preset(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        preset = _parse_preset(d.pop("preset", UNSET))


        trick_number = d.pop("trick_number", UNSET)

        trick_request = cls(
            plays=plays,
            trump=trump,
            demoted_ace=demoted_ace,
            options=options,
            preset=preset,
            trick_number=trick_number,
        )


        trick_request.additional_properties = d
        return trick_request

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
