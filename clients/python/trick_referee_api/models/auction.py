from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.auction_call import AuctionCall





T = TypeVar("T", bound="Auction")



@_attrs_define
class Auction:
    """ 
        Attributes:
            calls (list[AuctionCall]): Every call so far, in order
            high_bid (int | None): The highest bid so far
            high_bidder (int | None): Who made it
            passed (list[int]): The seats that have passed
     """

    calls: list[AuctionCall]
    high_bid: int | None
    high_bidder: int | None
    passed: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.auction_call import AuctionCall # noqa: PLC0415
        calls = []
        for calls_item_data in self.calls:
            calls_item = calls_item_data.to_dict()
            calls.append(calls_item)



        high_bid: int | None
        high_bid = self.high_bid

        high_bidder: int | None
        high_bidder = self.high_bidder

        passed = self.passed




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "calls": calls,
            "high_bid": high_bid,
            "high_bidder": high_bidder,
            "passed": passed,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auction_call import AuctionCall # noqa: PLC0415
        d = dict(src_dict)
        calls = []
        _calls = d.pop("calls")
        for calls_item_data in (_calls):
            calls_item = AuctionCall.from_dict(calls_item_data)



            calls.append(calls_item)


        def _parse_high_bid(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        high_bid = _parse_high_bid(d.pop("high_bid"))


        def _parse_high_bidder(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        high_bidder = _parse_high_bidder(d.pop("high_bidder"))


        passed = cast(list[int], d.pop("passed"))


        auction = cls(
            calls=calls,
            high_bid=high_bid,
            high_bidder=high_bidder,
            passed=passed,
        )


        auction.additional_properties = d
        return auction

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
