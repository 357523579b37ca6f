from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.boerenbridge_bidding_status_item import BoerenbridgeBiddingStatusItem
from typing import cast






T = TypeVar("T", bound="BoerenbridgeBidding")



@_attrs_define
class BoerenbridgeBidding:
    """ 
        Attributes:
            active (list[bool]): Per seat: whether it bids this round
            bids (list[int | None]): Per seat: its bid, null while not made or still sealed
            forbidden_bid (int | None): The bid the last bidder may not make
            hook_player (int | None): The last bidder, who may not make the bids add up to the cards dealt
            hook_rule (bool): Whether that rule holds this round
            mode (str): simultaneous (sealed) or sequential
            revealed (bool): True once the bids are shown
            reviser (int | None): The seat that may still change its bid
            revision_open (bool): Whether it may change it now
            status (list[BoerenbridgeBiddingStatusItem]): Per seat: non_bidder, waiting, bid or sealed
            trump_chooser (int | None): The seat that names trumps (the highest bidder, under that house rule)
     """

    active: list[bool]
    bids: list[int | None]
    forbidden_bid: int | None
    hook_player: int | None
    hook_rule: bool
    mode: str
    revealed: bool
    reviser: int | None
    revision_open: bool
    status: list[BoerenbridgeBiddingStatusItem]
    trump_chooser: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        active = self.active



        bids = []
        for bids_item_data in self.bids:
            bids_item: int | None
            bids_item = bids_item_data
            bids.append(bids_item)



        forbidden_bid: int | None
        forbidden_bid = self.forbidden_bid

        hook_player: int | None
        hook_player = self.hook_player

        hook_rule = self.hook_rule

        mode = self.mode

        revealed = self.revealed

        reviser: int | None
        reviser = self.reviser

        revision_open = self.revision_open

        status = []
        for status_item_data in self.status:
            status_item = status_item_data.value
            status.append(status_item)



        trump_chooser: int | None
        trump_chooser = self.trump_chooser


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "active": active,
            "bids": bids,
            "forbidden_bid": forbidden_bid,
            "hook_player": hook_player,
            "hook_rule": hook_rule,
            "mode": mode,
            "revealed": revealed,
            "reviser": reviser,
            "revision_open": revision_open,
            "status": status,
            "trump_chooser": trump_chooser,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = cast(list[bool], d.pop("active"))


        bids = []
        _bids = d.pop("bids")
        for bids_item_data in (_bids):
            def _parse_bids_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            bids_item = _parse_bids_item(bids_item_data)

            bids.append(bids_item)


        def _parse_forbidden_bid(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        forbidden_bid = _parse_forbidden_bid(d.pop("forbidden_bid"))


        def _parse_hook_player(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        hook_player = _parse_hook_player(d.pop("hook_player"))


        hook_rule = d.pop("hook_rule")

        mode = d.pop("mode")

        revealed = d.pop("revealed")

        def _parse_reviser(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reviser = _parse_reviser(d.pop("reviser"))


        revision_open = d.pop("revision_open")

        status = []
        _status = d.pop("status")
        for status_item_data in (_status):
            status_item = BoerenbridgeBiddingStatusItem(status_item_data)



            status.append(status_item)


        def _parse_trump_chooser(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        trump_chooser = _parse_trump_chooser(d.pop("trump_chooser"))


        boerenbridge_bidding = cls(
            active=active,
            bids=bids,
            forbidden_bid=forbidden_bid,
            hook_player=hook_player,
            hook_rule=hook_rule,
            mode=mode,
            revealed=revealed,
            reviser=reviser,
            revision_open=revision_open,
            status=status,
            trump_chooser=trump_chooser,
        )


        boerenbridge_bidding.additional_properties = d
        return boerenbridge_bidding

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
