from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.revoke import Revoke





T = TypeVar("T", bound="BoerenbridgeRoundRecord")



@_attrs_define
class BoerenbridgeRoundRecord:
    """ 
        Attributes:
            bids (list[int | None]): Per seat (null: the seat did not bid)
            dealer (int): Who dealt it
            hand_size (int): The cards dealt to each seat
            points (list[int]): The round's points, per seat
            reported (bool): True when it was reported whole (round_result)
            revokes (list[Revoke]):
            round_ (int): The round's number, from 1
            scores (list[int]): The match scores after it
            tricks (list[int]): Tricks won, per seat
            trump (None | str): The trump suit (null: none): C, D, H or S
            void (bool): True when the round did not count
     """

    bids: list[int | None]
    dealer: int
    hand_size: int
    points: list[int]
    reported: bool
    revokes: list[Revoke]
    round_: int
    scores: list[int]
    tricks: list[int]
    trump: None | str
    void: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.revoke import Revoke # noqa: PLC0415
        bids = []
        for bids_item_data in self.bids:
            bids_item: int | None
            bids_item = bids_item_data
            bids.append(bids_item)



        dealer = self.dealer

        hand_size = self.hand_size

        points = self.points



        reported = self.reported

        revokes = []
        for revokes_item_data in self.revokes:
            revokes_item = revokes_item_data.to_dict()
            revokes.append(revokes_item)



        round_ = self.round_

        scores = self.scores



        tricks = self.tricks



        trump: None | str
        trump = self.trump

        void = self.void


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "bids": bids,
            "dealer": dealer,
            "hand_size": hand_size,
            "points": points,
            "reported": reported,
            "revokes": revokes,
            "round": round_,
            "scores": scores,
            "tricks": tricks,
            "trump": trump,
            "void": void,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.revoke import Revoke # noqa: PLC0415
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


        dealer = d.pop("dealer")

        hand_size = d.pop("hand_size")

        points = cast(list[int], d.pop("points"))


        reported = d.pop("reported")

        revokes = []
        _revokes = d.pop("revokes")
        for revokes_item_data in (_revokes):
            revokes_item = Revoke.from_dict(revokes_item_data)



            revokes.append(revokes_item)


        round_ = d.pop("round")

        scores = cast(list[int], d.pop("scores"))


        tricks = cast(list[int], d.pop("tricks"))


        def _parse_trump(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trump = _parse_trump(d.pop("trump"))


        void = d.pop("void")

        boerenbridge_round_record = cls(
            bids=bids,
            dealer=dealer,
            hand_size=hand_size,
            points=points,
            reported=reported,
            revokes=revokes,
            round_=round_,
            scores=scores,
            tricks=tricks,
            trump=trump,
            void=void,
        )


        boerenbridge_round_record.additional_properties = d
        return boerenbridge_round_record

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
