from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.match_event_kind import MatchEventKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.match_event_action import MatchEventAction
  from ..models.match_event_round import MatchEventRound





T = TypeVar("T", bound="MatchEvent")



@_attrs_define
class MatchEvent:
    """ 
        Attributes:
            kind (MatchEventKind):
            seq (int):
            version (int): The match version this event produced
            action (MatchEventAction | Unset): The action, as this token may see it
            by (str | Unset): referee, seat or computer (the service, for a computer seat)
            round_ (MatchEventRound | Unset): round: a finished round's record, as the view's history shows it
            undone (Any | Unset): action, round: whether it was undone; undo: the seqs taken back
     """

    kind: MatchEventKind
    seq: int
    version: int
    action: MatchEventAction | Unset = UNSET
    by: str | Unset = UNSET
    round_: MatchEventRound | Unset = UNSET
    undone: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.match_event_action import MatchEventAction # noqa: PLC0415
        from ..models.match_event_round import MatchEventRound # noqa: PLC0415
        kind = self.kind.value

        seq = self.seq

        version = self.version

        action: dict[str, Any] | Unset = UNSET
        if not isinstance(self.action, Unset):
            action = self.action.to_dict()

        by = self.by

        round_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.round_, Unset):
            round_ = self.round_.to_dict()

        undone = self.undone


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "kind": kind,
            "seq": seq,
            "version": version,
        })
        if action is not UNSET:
            field_dict["action"] = action
        if by is not UNSET:
            field_dict["by"] = by
        if round_ is not UNSET:
            field_dict["round"] = round_
        if undone is not UNSET:
            field_dict["undone"] = undone

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_event_action import MatchEventAction # noqa: PLC0415
        from ..models.match_event_round import MatchEventRound # noqa: PLC0415
        d = dict(src_dict)
        kind = MatchEventKind(d.pop("kind"))




        seq = d.pop("seq")

        version = d.pop("version")

        _action = d.pop("action", UNSET)
        action: MatchEventAction | Unset
        if isinstance(_action,  Unset):
            action = UNSET
        else:
            action = MatchEventAction.from_dict(_action)




        by = d.pop("by", UNSET)

        _round_ = d.pop("round", UNSET)
        round_: MatchEventRound | Unset
        if isinstance(_round_,  Unset):
            round_ = UNSET
        else:
            round_ = MatchEventRound.from_dict(_round_)




        undone = d.pop("undone", UNSET)

        match_event = cls(
            kind=kind,
            seq=seq,
            version=version,
            action=action,
            by=by,
            round_=round_,
            undone=undone,
        )


        match_event.additional_properties = d
        return match_event

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
