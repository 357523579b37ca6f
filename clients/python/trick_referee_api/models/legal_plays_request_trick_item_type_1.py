from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="LegalPlaysRequestTrickItemType1")



@_attrs_define
class LegalPlaysRequestTrickItemType1:
    """ A card played face down, where the ruleset has face-down plays

        Attributes:
            card (str): A card, rank then suit: ranks 2-10, J, Q, K, A; suits C, D, H, S. Input is lenient (10h, TH, th, 10♥
                and 10♥️ are the ten of hearts; a rank and a suit may be written in words, either order, in Indonesian, Tagalog,
                Dutch or English: As Hati, 10 wajik, Raja sekop, alas ng puso, harten aas, queen of spades); output is canonical
                (10H). Example: 10C.
            face_down (bool | Unset):  Default: False.
     """

    card: str
    face_down: bool | Unset = False





    def to_dict(self) -> dict[str, Any]:
        card = self.card

        face_down = self.face_down


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "card": card,
        })
        if face_down is not UNSET:
            field_dict["face_down"] = face_down

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        face_down = d.pop("face_down", UNSET)

        legal_plays_request_trick_item_type_1 = cls(
            card=card,
            face_down=face_down,
        )

        return legal_plays_request_trick_item_type_1

