from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Claim")



@_attrs_define
class Claim:
    """ 
        Attributes:
            invite (str): The seat's invitation
            entropy (str | Unset): A string the player's device draws (printable ASCII, 1 to 256 characters), mixed with the
                server's committed match seed into every deal (docs/deals.md); ignored once the match has started
     """

    invite: str
    entropy: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        invite = self.invite

        entropy = self.entropy


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "invite": invite,
        })
        if entropy is not UNSET:
            field_dict["entropy"] = entropy

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        invite = d.pop("invite")

        entropy = d.pop("entropy", UNSET)

        claim = cls(
            invite=invite,
            entropy=entropy,
        )

        return claim

