from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.match_event import MatchEvent





T = TypeVar("T", bound="Events")



@_attrs_define
class Events:
    """ 
        Attributes:
            events (list[MatchEvent]):
            last_seq (int): Pass as 'after' to read on
            more (bool): True when 'limit' cut the page short
            version (int):
     """

    events: list[MatchEvent]
    last_seq: int
    more: bool
    version: int





    def to_dict(self) -> dict[str, Any]:
        from ..models.match_event import MatchEvent # noqa: PLC0415
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)



        last_seq = self.last_seq

        more = self.more

        version = self.version


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "events": events,
            "last_seq": last_seq,
            "more": more,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_event import MatchEvent # noqa: PLC0415
        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in (_events):
            events_item = MatchEvent.from_dict(events_item_data)



            events.append(events_item)


        last_seq = d.pop("last_seq")

        more = d.pop("more")

        version = d.pop("version")

        events = cls(
            events=events,
            last_seq=last_seq,
            more=more,
            version=version,
        )

        return events

