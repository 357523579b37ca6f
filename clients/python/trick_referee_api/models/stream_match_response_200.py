from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.stream_match_response_200_event import StreamMatchResponse200Event
from ..types import UNSET, Unset






T = TypeVar("T", bound="StreamMatchResponse200")



@_attrs_define
class StreamMatchResponse200:
    """ 
        Attributes:
            data (str | Unset): JSON: action, an item of /events; view, the caller's view; end, {"reason": "timeout" |
                "deleted" | "expired" | "unavailable"}
            event (StreamMatchResponse200Event | Unset):
            id (str | Unset): action: the event's seq
            retry (int | Unset): milliseconds to wait before reconnecting
     """

    data: str | Unset = UNSET
    event: StreamMatchResponse200Event | Unset = UNSET
    id: str | Unset = UNSET
    retry: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        data = self.data

        event: str | Unset = UNSET
        if not isinstance(self.event, Unset):
            event = self.event.value


        id = self.id

        retry = self.retry


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if data is not UNSET:
            field_dict["data"] = data
        if event is not UNSET:
            field_dict["event"] = event
        if id is not UNSET:
            field_dict["id"] = id
        if retry is not UNSET:
            field_dict["retry"] = retry

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data = d.pop("data", UNSET)

        _event = d.pop("event", UNSET)
        event: StreamMatchResponse200Event | Unset
        if isinstance(_event,  Unset):
            event = UNSET
        else:
            event = StreamMatchResponse200Event(_event)




        id = d.pop("id", UNSET)

        retry = d.pop("retry", UNSET)

        stream_match_response_200 = cls(
            data=data,
            event=event,
            id=id,
            retry=retry,
        )


        stream_match_response_200.additional_properties = d
        return stream_match_response_200

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
