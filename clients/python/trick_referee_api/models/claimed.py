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





T = TypeVar("T", bound="Claimed")



@_attrs_define
class Claimed:
    """ 
        Attributes:
            entropy_used (bool): Whether the claim's entropy goes into the deals (not once the match has started)
            name (str):
            seat (int):
            token (str): The seat's bearer token, given this once
            version (int):
            view (AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView): What one token
                may see of a match: one schema per ruleset, told apart by 'ruleset' (each view's ruleset enum; OtherRulesetView:
                a ruleset added after this document)
     """

    entropy_used: bool
    name: str
    seat: int
    token: str
    version: int
    view: AuctionFortyFivesView | AvinasView | BoerenbridgeView | FortyFivesView | OtherRulesetView





    def to_dict(self) -> dict[str, Any]:
        from ..models.auction_forty_fives_view import AuctionFortyFivesView # noqa: PLC0415
        from ..models.avinas_view import AvinasView # noqa: PLC0415
        from ..models.boerenbridge_view import BoerenbridgeView # noqa: PLC0415
        from ..models.forty_fives_view import FortyFivesView # noqa: PLC0415
        from ..models.other_ruleset_view import OtherRulesetView # noqa: PLC0415
        entropy_used = self.entropy_used

        name = self.name

        seat = self.seat

        token = self.token

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
            "entropy_used": entropy_used,
            "name": name,
            "seat": seat,
            "token": token,
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
        d = dict(src_dict)
        entropy_used = d.pop("entropy_used")

        name = d.pop("name")

        seat = d.pop("seat")

        token = d.pop("token")

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


        claimed = cls(
            entropy_used=entropy_used,
            name=name,
            seat=seat,
            token=token,
            version=version,
            view=view,
        )

        return claimed

