from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.avinas_round_facts_game import AvinasRoundFactsGame
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AvinasRoundFacts")



@_attrs_define
class AvinasRoundFacts:
    """ 
        Attributes:
            declarer (int): Who declared
            declarer_points (int): The declaring side's card points
            declarer_tricks (int): The declaring side's tricks
            game (AvinasRoundFactsGame):
            declarers_knocked (bool | Unset): Whether the declaring side knocked (default: knocks at least 1)
            defender_points (int | Unset): After a stop whose rest goes to nobody
            defender_tricks (int | Unset): After a stop whose rest goes to nobody
            knocks (int | Unset): How many knocks (default 0)
            lied (bool | Unset): The declarer held fewer trumps than declared (default false)
            pips (list[int] | Unset): Pips per team before the hand (default [0, 0])
            rams (list[int] | Unset): Rams per team before the hand (default [0, 0])
            revokes_applied (list[int] | Unset): Seats whose revokes this round are penalised (under the option
                revoke_penalty)
            sevens_exposed (int | Unset): The sevens shown at dealing (1 to 4), in a sevens hand where rams count them
     """

    declarer: int
    declarer_points: int
    declarer_tricks: int
    game: AvinasRoundFactsGame
    declarers_knocked: bool | Unset = UNSET
    defender_points: int | Unset = UNSET
    defender_tricks: int | Unset = UNSET
    knocks: int | Unset = UNSET
    lied: bool | Unset = UNSET
    pips: list[int] | Unset = UNSET
    rams: list[int] | Unset = UNSET
    revokes_applied: list[int] | Unset = UNSET
    sevens_exposed: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        declarer = self.declarer

        declarer_points = self.declarer_points

        declarer_tricks = self.declarer_tricks

        game = self.game.value

        declarers_knocked = self.declarers_knocked

        defender_points = self.defender_points

        defender_tricks = self.defender_tricks

        knocks = self.knocks

        lied = self.lied

        pips: list[int] | Unset = UNSET
        if not isinstance(self.pips, Unset):
            pips = self.pips



        rams: list[int] | Unset = UNSET
        if not isinstance(self.rams, Unset):
            rams = self.rams



        revokes_applied: list[int] | Unset = UNSET
        if not isinstance(self.revokes_applied, Unset):
            revokes_applied = self.revokes_applied



        sevens_exposed = self.sevens_exposed


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "declarer": declarer,
            "declarer_points": declarer_points,
            "declarer_tricks": declarer_tricks,
            "game": game,
        })
        if declarers_knocked is not UNSET:
            field_dict["declarers_knocked"] = declarers_knocked
        if defender_points is not UNSET:
            field_dict["defender_points"] = defender_points
        if defender_tricks is not UNSET:
            field_dict["defender_tricks"] = defender_tricks
        if knocks is not UNSET:
            field_dict["knocks"] = knocks
        if lied is not UNSET:
            field_dict["lied"] = lied
        if pips is not UNSET:
            field_dict["pips"] = pips
        if rams is not UNSET:
            field_dict["rams"] = rams
        if revokes_applied is not UNSET:
            field_dict["revokes_applied"] = revokes_applied
        if sevens_exposed is not UNSET:
            field_dict["sevens_exposed"] = sevens_exposed

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        declarer = d.pop("declarer")

        declarer_points = d.pop("declarer_points")

        declarer_tricks = d.pop("declarer_tricks")

        game = AvinasRoundFactsGame(d.pop("game"))




        declarers_knocked = d.pop("declarers_knocked", UNSET)

        defender_points = d.pop("defender_points", UNSET)

        defender_tricks = d.pop("defender_tricks", UNSET)

        knocks = d.pop("knocks", UNSET)

        lied = d.pop("lied", UNSET)

        pips = cast(list[int], d.pop("pips", UNSET))


        rams = cast(list[int], d.pop("rams", UNSET))


        revokes_applied = cast(list[int], d.pop("revokes_applied", UNSET))


        sevens_exposed = d.pop("sevens_exposed", UNSET)

        avinas_round_facts = cls(
            declarer=declarer,
            declarer_points=declarer_points,
            declarer_tricks=declarer_tricks,
            game=game,
            declarers_knocked=declarers_knocked,
            defender_points=defender_points,
            defender_tricks=defender_tricks,
            knocks=knocks,
            lied=lied,
            pips=pips,
            rams=rams,
            revokes_applied=revokes_applied,
            sevens_exposed=sevens_exposed,
        )


        avinas_round_facts.additional_properties = d
        return avinas_round_facts

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
