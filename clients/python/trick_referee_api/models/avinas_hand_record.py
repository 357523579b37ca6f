from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.avinas_hand_record_game import AvinasHandRecordGame
from ..models.avinas_hand_record_source import AvinasHandRecordSource
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.avinas_trick import AvinasTrick
  from ..models.revoke import Revoke





T = TypeVar("T", bound="AvinasHandRecord")



@_attrs_define
class AvinasHandRecord:
    """ 
        Attributes:
            card_points (list[int]): Card points per team
            dealer (int): Who dealt it
            declared (int | None): The trumps declared
            declarer (int | None): Who declared
            declarer_won (bool | None):
            declarers_knocked (bool):
            due (int): What the loser owes, in unit
            game (AvinasHandRecordGame):
            knocks (int): How many knocks (each doubles the stake)
            lied (bool): The declarer held fewer trumps than declared
            loser (int | None): The losing team
            number (int): The hand's number, from 1
            outcome (str): scored, or thrown_in (nobody declared)
            pips (list[int]): Pips per team after the hand
            rams (list[int]): Rams per team after the hand
            revokes (list[Revoke]):
            sevens_exposed (int | None): The sevens shown at dealing
            source (AvinasHandRecordSource): How it ended: played out, reported whole (round_result), or thrown in at the
                auction
            stopped_after (int | None): The trick after which the declarer stopped play
            stopped_by (int | None): Who stopped
            tier (int | None): How badly it lost (1 to 3)
            tricks_won (list[int]): Tricks per team
            trump (None | str): The trump suit: C, D, H or S
            unit (None | str): What the due is counted in: rams or pips; null for a hand thrown in (every player passed:
                nothing scored)
            void (bool): True when the hand did not count
            tricks (list[AvinasTrick] | Unset): The hand's tricks, every card face up, where it was played card by card
                (empty for a hand reported whole or thrown in; absent from hands recorded before the service kept them)
     """

    card_points: list[int]
    dealer: int
    declared: int | None
    declarer: int | None
    declarer_won: bool | None
    declarers_knocked: bool
    due: int
    game: AvinasHandRecordGame
    knocks: int
    lied: bool
    loser: int | None
    number: int
    outcome: str
    pips: list[int]
    rams: list[int]
    revokes: list[Revoke]
    sevens_exposed: int | None
    source: AvinasHandRecordSource
    stopped_after: int | None
    stopped_by: int | None
    tier: int | None
    tricks_won: list[int]
    trump: None | str
    unit: None | str
    void: bool
    tricks: list[AvinasTrick] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.avinas_trick import AvinasTrick # noqa: PLC0415
        from ..models.revoke import Revoke # noqa: PLC0415
        card_points = self.card_points



        dealer = self.dealer

        declared: int | None
        declared = self.declared

        declarer: int | None
        declarer = self.declarer

        declarer_won: bool | None
        declarer_won = self.declarer_won

        declarers_knocked = self.declarers_knocked

        due = self.due

        game = self.game.value

        knocks = self.knocks

        lied = self.lied

        loser: int | None
        loser = self.loser

        number = self.number

        outcome = self.outcome

        pips = self.pips



        rams = self.rams



        revokes = []
        for revokes_item_data in self.revokes:
            revokes_item = revokes_item_data.to_dict()
            revokes.append(revokes_item)



        sevens_exposed: int | None
        sevens_exposed = self.sevens_exposed

        source = self.source.value

        stopped_after: int | None
        stopped_after = self.stopped_after

        stopped_by: int | None
        stopped_by = self.stopped_by

        tier: int | None
        tier = self.tier

        tricks_won = self.tricks_won



        trump: None | str
        trump = self.trump

        unit: None | str
        unit = self.unit

        void = self.void

        tricks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tricks, Unset):
            tricks = []
            for tricks_item_data in self.tricks:
                tricks_item = tricks_item_data.to_dict()
                tricks.append(tricks_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "card_points": card_points,
            "dealer": dealer,
            "declared": declared,
            "declarer": declarer,
            "declarer_won": declarer_won,
            "declarers_knocked": declarers_knocked,
            "due": due,
            "game": game,
            "knocks": knocks,
            "lied": lied,
            "loser": loser,
            "number": number,
            "outcome": outcome,
            "pips": pips,
            "rams": rams,
            "revokes": revokes,
            "sevens_exposed": sevens_exposed,
            "source": source,
            "stopped_after": stopped_after,
            "stopped_by": stopped_by,
            "tier": tier,
            "tricks_won": tricks_won,
            "trump": trump,
            "unit": unit,
            "void": void,
        })
        if tricks is not UNSET:
            field_dict["tricks"] = tricks

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.avinas_trick import AvinasTrick # noqa: PLC0415
        from ..models.revoke import Revoke # noqa: PLC0415
        d = dict(src_dict)
        card_points = cast(list[int], d.pop("card_points"))


        dealer = d.pop("dealer")

        def _parse_declared(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        declared = _parse_declared(d.pop("declared"))


        def _parse_declarer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        declarer = _parse_declarer(d.pop("declarer"))


        def _parse_declarer_won(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        declarer_won = _parse_declarer_won(d.pop("declarer_won"))


        declarers_knocked = d.pop("declarers_knocked")

        due = d.pop("due")

        game = AvinasHandRecordGame(d.pop("game"))




        knocks = d.pop("knocks")

        lied = d.pop("lied")

        def _parse_loser(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        loser = _parse_loser(d.pop("loser"))


        number = d.pop("number")

        outcome = d.pop("outcome")

        pips = cast(list[int], d.pop("pips"))


        rams = cast(list[int], d.pop("rams"))


        revokes = []
        _revokes = d.pop("revokes")
        for revokes_item_data in (_revokes):
            revokes_item = Revoke.from_dict(revokes_item_data)



            revokes.append(revokes_item)


        def _parse_sevens_exposed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        sevens_exposed = _parse_sevens_exposed(d.pop("sevens_exposed"))


        source = AvinasHandRecordSource(d.pop("source"))




        def _parse_stopped_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        stopped_after = _parse_stopped_after(d.pop("stopped_after"))


        def _parse_stopped_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        stopped_by = _parse_stopped_by(d.pop("stopped_by"))


        def _parse_tier(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        tier = _parse_tier(d.pop("tier"))


        tricks_won = cast(list[int], d.pop("tricks_won"))


        def _parse_trump(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trump = _parse_trump(d.pop("trump"))


        def _parse_unit(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        unit = _parse_unit(d.pop("unit"))


        void = d.pop("void")

        _tricks = d.pop("tricks", UNSET)
        tricks: list[AvinasTrick] | Unset = UNSET
        if _tricks is not UNSET:
            tricks = []
            for tricks_item_data in _tricks:
                tricks_item = AvinasTrick.from_dict(tricks_item_data)



                tricks.append(tricks_item)


        avinas_hand_record = cls(
            card_points=card_points,
            dealer=dealer,
            declared=declared,
            declarer=declarer,
            declarer_won=declarer_won,
            declarers_knocked=declarers_knocked,
            due=due,
            game=game,
            knocks=knocks,
            lied=lied,
            loser=loser,
            number=number,
            outcome=outcome,
            pips=pips,
            rams=rams,
            revokes=revokes,
            sevens_exposed=sevens_exposed,
            source=source,
            stopped_after=stopped_after,
            stopped_by=stopped_by,
            tier=tier,
            tricks_won=tricks_won,
            trump=trump,
            unit=unit,
            void=void,
            tricks=tricks,
        )


        avinas_hand_record.additional_properties = d
        return avinas_hand_record

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
