from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.contract import Contract
  from ..models.forty_fives_round_record_contract_type_1_type_0 import FortyFivesRoundRecordContractType1Type0
  from ..models.forty_fives_trick import FortyFivesTrick
  from ..models.revoke import Revoke





T = TypeVar("T", bound="FortyFivesRoundRecord")



@_attrs_define
class FortyFivesRoundRecord:
    """ 
        Attributes:
            ace_announced_by (int | None): Who announced holding the ace of trumps
            bonus_seat (int | None): Who played it (null: no bonus)
            contract (Contract | FortyFivesRoundRecordContractType1Type0 | None): The winning bid (bidding only)
            dealer (int): Who dealt it
            demoted_ace (None | str): The ace of trumps ranked lowest this round, when the house rule demoted it
            highest_trump (None | str): The highest trump played (the bonus card)
            made (bool | None): Whether the contract was made (null: no contract)
            points (list[int]): The round's points, per seat or team
            reported (bool): True when it was reported whole (round_result) instead of card by card
            revokes (list[Revoke]):
            round_ (int): The round's number, from 1
            scores (list[int]): The match scores after it
            tricks (list[FortyFivesTrick]): Its tricks (empty when the round was reported whole, or kept for the last round
                only)
            tricks_won (list[int]): Tricks won, per seat
            trump (None | str): The trump suit: C, D, H or S
            turn_up (None | str): The card turned up
            turn_up_taken_by (int | None): Who robbed the turn-up (took it in)
            void (bool): True when the round did not count (a revoke's penalty voided it)
     """

    ace_announced_by: int | None
    bonus_seat: int | None
    contract: Contract | FortyFivesRoundRecordContractType1Type0 | None
    dealer: int
    demoted_ace: None | str
    highest_trump: None | str
    made: bool | None
    points: list[int]
    reported: bool
    revokes: list[Revoke]
    round_: int
    scores: list[int]
    tricks: list[FortyFivesTrick]
    tricks_won: list[int]
    trump: None | str
    turn_up: None | str
    turn_up_taken_by: int | None
    void: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.forty_fives_round_record_contract_type_1_type_0 import FortyFivesRoundRecordContractType1Type0 # noqa: PLC0415
        from ..models.forty_fives_trick import FortyFivesTrick # noqa: PLC0415
        from ..models.revoke import Revoke # noqa: PLC0415
        ace_announced_by: int | None
        ace_announced_by = self.ace_announced_by

        bonus_seat: int | None
        bonus_seat = self.bonus_seat

        contract: dict[str, Any] | None
        if isinstance(self.contract, Contract):
            contract = self.contract.to_dict()
        elif isinstance(self.contract, FortyFivesRoundRecordContractType1Type0):
            contract = self.contract.to_dict()
        else:
            contract = self.contract

        dealer = self.dealer

        demoted_ace: None | str
        demoted_ace = self.demoted_ace

        highest_trump: None | str
        highest_trump = self.highest_trump

        made: bool | None
        made = self.made

        points = self.points



        reported = self.reported

        revokes = []
        for revokes_item_data in self.revokes:
            revokes_item = revokes_item_data.to_dict()
            revokes.append(revokes_item)



        round_ = self.round_

        scores = self.scores



        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)



        tricks_won = self.tricks_won



        trump: None | str
        trump = self.trump

        turn_up: None | str
        turn_up = self.turn_up

        turn_up_taken_by: int | None
        turn_up_taken_by = self.turn_up_taken_by

        void = self.void


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ace_announced_by": ace_announced_by,
            "bonus_seat": bonus_seat,
            "contract": contract,
            "dealer": dealer,
            "demoted_ace": demoted_ace,
            "highest_trump": highest_trump,
            "made": made,
            "points": points,
            "reported": reported,
            "revokes": revokes,
            "round": round_,
            "scores": scores,
            "tricks": tricks,
            "tricks_won": tricks_won,
            "trump": trump,
            "turn_up": turn_up,
            "turn_up_taken_by": turn_up_taken_by,
            "void": void,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.forty_fives_round_record_contract_type_1_type_0 import FortyFivesRoundRecordContractType1Type0 # noqa: PLC0415
        from ..models.forty_fives_trick import FortyFivesTrick # noqa: PLC0415
        from ..models.revoke import Revoke # noqa: PLC0415
        d = dict(src_dict)
        def _parse_ace_announced_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ace_announced_by = _parse_ace_announced_by(d.pop("ace_announced_by"))


        def _parse_bonus_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        bonus_seat = _parse_bonus_seat(d.pop("bonus_seat"))


        def _parse_contract(data: object) -> Contract | FortyFivesRoundRecordContractType1Type0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contract_type_0 = Contract.from_dict(data)



                return contract_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contract_type_1_type_0 = FortyFivesRoundRecordContractType1Type0.from_dict(data)



                return contract_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Contract | FortyFivesRoundRecordContractType1Type0 | None, data)

        contract = _parse_contract(d.pop("contract"))


        dealer = d.pop("dealer")

        def _parse_demoted_ace(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        demoted_ace = _parse_demoted_ace(d.pop("demoted_ace"))


        def _parse_highest_trump(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        highest_trump = _parse_highest_trump(d.pop("highest_trump"))


        def _parse_made(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        made = _parse_made(d.pop("made"))


        points = cast(list[int], d.pop("points"))


        reported = d.pop("reported")

        revokes = []
        _revokes = d.pop("revokes")
        for revokes_item_data in (_revokes):
            revokes_item = Revoke.from_dict(revokes_item_data)



            revokes.append(revokes_item)


        round_ = d.pop("round")

        scores = cast(list[int], d.pop("scores"))


        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in (_tricks):
            tricks_item = FortyFivesTrick.from_dict(tricks_item_data)



            tricks.append(tricks_item)


        tricks_won = cast(list[int], d.pop("tricks_won"))


        def _parse_trump(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trump = _parse_trump(d.pop("trump"))


        def _parse_turn_up(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        turn_up = _parse_turn_up(d.pop("turn_up"))


        def _parse_turn_up_taken_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_up_taken_by = _parse_turn_up_taken_by(d.pop("turn_up_taken_by"))


        void = d.pop("void")

        forty_fives_round_record = cls(
            ace_announced_by=ace_announced_by,
            bonus_seat=bonus_seat,
            contract=contract,
            dealer=dealer,
            demoted_ace=demoted_ace,
            highest_trump=highest_trump,
            made=made,
            points=points,
            reported=reported,
            revokes=revokes,
            round_=round_,
            scores=scores,
            tricks=tricks,
            tricks_won=tricks_won,
            trump=trump,
            turn_up=turn_up,
            turn_up_taken_by=turn_up_taken_by,
            void=void,
        )


        forty_fives_round_record.additional_properties = d
        return forty_fives_round_record

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
