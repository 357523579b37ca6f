from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="BoerenbridgeRoundFacts")



@_attrs_define
class BoerenbridgeRoundFacts:
    """ 
        Attributes:
            bids (list[int | None]): Each seat's bid (null: a seat that does not bid)
            tricks (list[int]): Tricks won, adding up to the hand size
            dealer (int | Unset): Who dealt (checks the last bidder's rule exactly)
            hand_size (int | Unset): The cards dealt to each seat (default: from the schedule)
            revokes_applied (list[int] | Unset): Seats whose revokes this round are penalised (under the option
                revoke_penalty)
            round_ (int | Unset): The round's number, from 1 (picks the hand size)
            scores (list[int] | Unset): The match scores before the round (default all 0)
     """

    bids: list[int | None]
    tricks: list[int]
    dealer: int | Unset = UNSET
    hand_size: int | Unset = UNSET
    revokes_applied: list[int] | Unset = UNSET
    round_: int | Unset = UNSET
    scores: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        bids = []
        for bids_item_data in self.bids:
            bids_item: int | None
            bids_item = bids_item_data
            bids.append(bids_item)



        tricks = self.tricks



        dealer = self.dealer

        hand_size = self.hand_size

        revokes_applied: list[int] | Unset = UNSET
        if not isinstance(self.revokes_applied, Unset):
            revokes_applied = self.revokes_applied



        round_ = self.round_

        scores: list[int] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bids": bids,
            "tricks": tricks,
        })
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if revokes_applied is not UNSET:
            field_dict["revokes_applied"] = revokes_applied
        if round_ is not UNSET:
            field_dict["round"] = round_
        if scores is not UNSET:
            field_dict["scores"] = scores

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bids = []
        _bids = d.pop("bids")
        for bids_item_data in (_bids):
            def _parse_bids_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            bids_item = _parse_bids_item(bids_item_data)

            bids.append(bids_item)


        tricks = cast(list[int], d.pop("tricks"))


        dealer = d.pop("dealer", UNSET)

        hand_size = d.pop("hand_size", UNSET)

        revokes_applied = cast(list[int], d.pop("revokes_applied", UNSET))


        round_ = d.pop("round", UNSET)

        scores = cast(list[int], d.pop("scores", UNSET))


        boerenbridge_round_facts = cls(
            bids=bids,
            tricks=tricks,
            dealer=dealer,
            hand_size=hand_size,
            revokes_applied=revokes_applied,
            round_=round_,
            scores=scores,
        )


        boerenbridge_round_facts.additional_properties = d
        return boerenbridge_round_facts

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
