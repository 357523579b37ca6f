from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.auction_forty_fives_view import AuctionFortyFivesView
  from ..models.avinas_view import AvinasView
  from ..models.boerenbridge_view import BoerenbridgeView
  from ..models.forty_fives_view import FortyFivesView
  from ..models.other_ruleset_view import OtherRulesetView
  from ..models.seat_token import SeatToken





T = TypeVar("T", bound="MatchCreated")



@_attrs_define
class MatchCreated:
    """ 
        Attributes:
            id (str):
            referee_token (str): Undoes and deletes; acts for any seat in table mode, where it sees every card. In dealt
                mode it sees the hands only when the match was created with referee_sees_hands; otherwise it sees what the
                spectator token sees
            seats (list[SeatToken]):
            spectator_token (None | str): Read-only, for a shared screen: the view (public facts only: no hand, no legal
                actions), the events and the stream; any write with it is 403 spectator_read_only. Null only when a create made
                before spectators is answered again
            version (int):
            view (AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView): What one token
                may see of a match: one schema per ruleset, told apart by 'ruleset' (each view's ruleset enum; OtherRulesetView:
                a ruleset added after this document)
     """

    id: str
    referee_token: str
    seats: list[SeatToken]
    spectator_token: None | str
    version: int
    view: AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView





    def to_dict(self) -> dict[str, Any]:
        from ..models.auction_forty_fives_view import AuctionFortyFivesView # noqa: PLC0415
        from ..models.avinas_view import AvinasView # noqa: PLC0415
        from ..models.boerenbridge_view import BoerenbridgeView # noqa: PLC0415
        from ..models.forty_fives_view import FortyFivesView # noqa: PLC0415
        from ..models.other_ruleset_view import OtherRulesetView # noqa: PLC0415
        from ..models.seat_token import SeatToken # noqa: PLC0415
        id = self.id

        referee_token = self.referee_token

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)



        spectator_token: None | str
        spectator_token = self.spectator_token

        version = self.version

        view: dict[str, Any]
        if isinstance(self.view, AuctionFortyFivesView):
            view = self.view.to_dict()
        elif isinstance(self.view, AvinasView):
            view = self.view.to_dict()
        elif isinstance(self.view, BoerenbridgeView):
            view = self.view.to_dict()
        elif isinstance(self.view, FortyFivesView):
            view = self.view.to_dict()
        else:
            view = self.view.to_dict()



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "referee_token": referee_token,
            "seats": seats,
            "spectator_token": spectator_token,
            "version": version,
            "view": view,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.auction_forty_fives_view import AuctionFortyFivesView # noqa: PLC0415
        from ..models.avinas_view import AvinasView # noqa: PLC0415
        from ..models.boerenbridge_view import BoerenbridgeView # noqa: PLC0415
        from ..models.forty_fives_view import FortyFivesView # noqa: PLC0415
        from ..models.other_ruleset_view import OtherRulesetView # noqa: PLC0415
        from ..models.seat_token import SeatToken # noqa: PLC0415
        d = dict(src_dict)
        id = d.pop("id")

        referee_token = d.pop("referee_token")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in (_seats):
            seats_item = SeatToken.from_dict(seats_item_data)



            seats.append(seats_item)


        def _parse_spectator_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        spectator_token = _parse_spectator_token(d.pop("spectator_token"))


        version = d.pop("version")

        def _parse_view(data: object) -> AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_match_view_type_0 = AuctionFortyFivesView.from_dict(data)



                return componentsschemas_match_view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_match_view_type_1 = AvinasView.from_dict(data)



                return componentsschemas_match_view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_match_view_type_2 = BoerenbridgeView.from_dict(data)



                return componentsschemas_match_view_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_match_view_type_3 = FortyFivesView.from_dict(data)



                return componentsschemas_match_view_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_match_view_type_4 = OtherRulesetView.from_dict(data)



            return componentsschemas_match_view_type_4

        view = _parse_view(d.pop("view"))


        match_created = cls(
            id=id,
            referee_token=referee_token,
            seats=seats,
            spectator_token=spectator_token,
            version=version,
            view=view,
        )

        return match_created

