from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.ready_status import ReadyStatus
from ..models.ready_store import ReadyStore






T = TypeVar("T", bound="Ready")



@_attrs_define
class Ready:
    """ 
        Attributes:
            status (ReadyStatus):
            store (ReadyStore): The match store this process uses (redis: a Redis server, Sentinels or a Cluster)
     """

    status: ReadyStatus
    store: ReadyStore





    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        store = self.store.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "status": status,
            "store": store,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = ReadyStatus(d.pop("status"))




        store = ReadyStore(d.pop("store"))




        ready = cls(
            status=status,
            store=store,
        )

        return ready

