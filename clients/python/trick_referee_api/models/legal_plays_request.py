from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.legal_plays_request_options import LegalPlaysRequestOptions
  from ..models.legal_plays_request_trick_item_type_1 import LegalPlaysRequestTrickItemType1





T = TypeVar("T", bound="LegalPlaysRequest")



@_attrs_define
class LegalPlaysRequest:
    """ 
        Attributes:
            hand (list[str]): The player's hand
            trump (None | str): The trump suit (C, D, H, S), or null for none Example: H.
            card (str | Unset): A card to check: the answer then says whether it is allowed Example: 10H.
            demoted_ace (None | str | Unset): A card ranked lowest of its suit this deal (Forty-Fives: an unrobbed,
                unannounced ace of trumps) Example: 10H.
            options (LegalPlaysRequestOptions | Unset): House rules as option name -> value (see GET /v1/rulesets/{id} for
                each ruleset's options, types and defaults); absent options take their defaults.
            preset (None | str | Unset): A named preset of the ruleset (see 'presets' in GET /v1/rulesets/{id}): its values
                replace the defaults, and each option given in 'options' replaces the preset's value of that option; the
                combined options are validated as any options. An unknown id: 422 unknown_preset (allowed: the ruleset's preset
                ids). Example: seed.
            trick (list[LegalPlaysRequestTrickItemType1 | str] | Unset): Cards already played to the trick, leader first;
                empty or absent when leading
            trick_number (int | Unset): 1-based number of the trick in the round, where the ruleset's duties depend on it
     """

    hand: list[str]
    trump: None | str
    card: str | Unset = UNSET
    demoted_ace: None | str | Unset = UNSET
    options: LegalPlaysRequestOptions | Unset = UNSET
    preset: None | str | Unset = UNSET
    trick: list[LegalPlaysRequestTrickItemType1 | str] | Unset = UNSET
    trick_number: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.legal_plays_request_options import LegalPlaysRequestOptions # noqa: PLC0415
        from ..models.legal_plays_request_trick_item_type_1 import LegalPlaysRequestTrickItemType1 # noqa: PLC0415
        hand = self.hand



        trump: None | str
        trump = self.trump

        card = self.card

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

        trick: list[dict[str, Any] | str] | Unset = UNSET
        if not isinstance(self.trick, Unset):
            trick = []
            for trick_item_data in self.trick:
                trick_item: dict[str, Any] | str
                if isinstance(trick_item_data, LegalPlaysRequestTrickItemType1):
                    trick_item = trick_item_data.to_dict()
                else:
                    trick_item = trick_item_data
                trick.append(trick_item)



        trick_number = self.trick_number


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "hand": hand,
            "trump": trump,
        })
        if card is not UNSET:
            field_dict["card"] = card
        if demoted_ace is not UNSET:
            field_dict["demoted_ace"] = demoted_ace
        if options is not UNSET:
            field_dict["options"] = options
        if preset is not UNSET:
            field_dict["preset"] = preset
        if trick is not UNSET:
            field_dict["trick"] = trick
        if trick_number is not UNSET:
            field_dict["trick_number"] = trick_number

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.legal_plays_request_options import LegalPlaysRequestOptions # noqa: PLC0415
        from ..models.legal_plays_request_trick_item_type_1 import LegalPlaysRequestTrickItemType1 # noqa: PLC0415
        d = dict(src_dict)
        hand = cast(list[str], d.pop("hand"))


        def _parse_trump(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trump = _parse_trump(d.pop("trump"))


        card = d.pop("card", UNSET)

        def _parse_demoted_ace(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        demoted_ace = _parse_demoted_ace(d.pop("demoted_ace", UNSET))


        _options = d.pop("options", UNSET)
        options: LegalPlaysRequestOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = LegalPlaysRequestOptions.from_dict(_options)




        def _parse_preset(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        preset = _parse_preset(d.pop("preset", UNSET))


        _trick = d.pop("trick", UNSET)
        trick: list[LegalPlaysRequestTrickItemType1 | str] | Unset = UNSET
        if _trick is not UNSET:
            trick = []
            for trick_item_data in _trick:
                def _parse_trick_item(data: object) -> LegalPlaysRequestTrickItemType1 | str:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        trick_item_type_1 = LegalPlaysRequestTrickItemType1.from_dict(data)



                        return trick_item_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(LegalPlaysRequestTrickItemType1 | str, data)

                trick_item = _parse_trick_item(trick_item_data)

                trick.append(trick_item)


        trick_number = d.pop("trick_number", UNSET)

        legal_plays_request = cls(
            hand=hand,
            trump=trump,
            card=card,
            demoted_ace=demoted_ace,
            options=options,
            preset=preset,
            trick=trick,
            trick_number=trick_number,
        )


        legal_plays_request.additional_properties = d
        return legal_plays_request

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
