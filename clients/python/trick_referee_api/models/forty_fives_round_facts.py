from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.forty_fives_bid import FortyFivesBid





T = TypeVar("T", bound="FortyFivesRoundFacts")



@_attrs_define
class FortyFivesRoundFacts:
    """ 
        Attributes:
            bid (FortyFivesBid | Unset):
            demoted_ace (None | str | Unset): Full form: the ace of trumps ranked lowest this round, where the house rule
                demoted it
            hand_number (int | Unset): The hand's number among the scored hands, from 1 (needed when the match lasts a set
                number of hands)
            highest_trump (str | Unset): Summary form: the highest trump played, when only the five of trumps earns the
                bonus
            highest_trump_seat (int | None | Unset): Summary form: who played the highest trump (null: no trump played)
            leader (int | Unset): Who led the first trick
            players (int | Unset): How many play (summary form: optional)
            revokes_applied (list[int] | Unset): Seats whose revokes this round are penalised (under the option
                revoke_penalty)
            scores (list[int] | Unset): The scores before the round
            tricks (list[list[str]] | Unset): Full form: the five tricks, each in play order from its own leader
            tricks_won (list[int] | Unset): Summary form: tricks won per seat (adding up to 5)
            trump (None | str | Unset): The trump suit (summary form: optional): C, D, H or S
     """

    bid: FortyFivesBid | Unset = UNSET
    demoted_ace: None | str | Unset = UNSET
    hand_number: int | Unset = UNSET
    highest_trump: str | Unset = UNSET
    highest_trump_seat: int | None | Unset = UNSET
    leader: int | Unset = UNSET
    players: int | Unset = UNSET
    revokes_applied: list[int] | Unset = UNSET
    scores: list[int] | Unset = UNSET
    tricks: list[list[str]] | Unset = UNSET
    tricks_won: list[int] | Unset = UNSET
    trump: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.forty_fives_bid import FortyFivesBid # noqa: PLC0415
        bid: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bid, Unset):
            bid = self.bid.to_dict()

        demoted_ace: None | str | Unset
        if isinstance(self.demoted_ace, Unset):
            demoted_ace = UNSET
        else:
            demoted_ace = self.demoted_ace

        hand_number = self.hand_number

        highest_trump = self.highest_trump

        highest_trump_seat: int | None | Unset
        if isinstance(self.highest_trump_seat, Unset):
            highest_trump_seat = UNSET
        else:
            highest_trump_seat = self.highest_trump_seat

        leader = self.leader

        players = self.players

        revokes_applied: list[int] | Unset = UNSET
        if not isinstance(self.revokes_applied, Unset):
            revokes_applied = self.revokes_applied



        scores: list[int] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores



        tricks: list[list[str]] | Unset = UNSET
        if not isinstance(self.tricks, Unset):
            tricks = []
            for tricks_item_data in self.tricks:
                tricks_item = tricks_item_data


                tricks.append(tricks_item)



        tricks_won: list[int] | Unset = UNSET
        if not isinstance(self.tricks_won, Unset):
            tricks_won = self.tricks_won



        trump: None | str | Unset
        if isinstance(self.trump, Unset):
            trump = UNSET
        else:
            trump = self.trump


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
        })
        if bid is not UNSET:
            field_dict["bid"] = bid
        if demoted_ace is not UNSET:
            field_dict["demoted_ace"] = demoted_ace
        if hand_number is not UNSET:
            field_dict["hand_number"] = hand_number
        if highest_trump is not UNSET:
            field_dict["highest_trump"] = highest_trump
        if highest_trump_seat is not UNSET:
            field_dict["highest_trump_seat"] = highest_trump_seat
        if leader is not UNSET:
            field_dict["leader"] = leader
        if players is not UNSET:
            field_dict["players"] = players
        if revokes_applied is not UNSET:
            field_dict["revokes_applied"] = revokes_applied
        if scores is not UNSET:
            field_dict["scores"] = scores
        if tricks is not UNSET:
            field_dict["tricks"] = tricks
        if tricks_won is not UNSET:
            field_dict["tricks_won"] = tricks_won
        if trump is not UNSET:
            field_dict["trump"] = trump

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.forty_fives_bid import FortyFivesBid # noqa: PLC0415
        d = dict(src_dict)
        _bid = d.pop("bid", UNSET)
        bid: FortyFivesBid | Unset
        if isinstance(_bid,  Unset):
            bid = UNSET
        else:
            bid = FortyFivesBid.from_dict(_bid)




        def _parse_demoted_ace(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        demoted_ace = _parse_demoted_ace(d.pop("demoted_ace", UNSET))


        hand_number = d.pop("hand_number", UNSET)

        highest_trump = d.pop("highest_trump", UNSET)

        def _parse_highest_trump_seat(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        highest_trump_seat = _parse_highest_trump_seat(d.pop("highest_trump_seat", UNSET))


        leader = d.pop("leader", UNSET)

        players = d.pop("players", UNSET)

        revokes_applied = cast(list[int], d.pop("revokes_applied", UNSET))


        scores = cast(list[int], d.pop("scores", UNSET))


        _tricks = d.pop("tricks", UNSET)
        tricks: list[list[str]] | Unset = UNSET
        if _tricks is not UNSET:
            tricks = []
            for tricks_item_data in _tricks:
                tricks_item = cast(list[str], tricks_item_data)

                tricks.append(tricks_item)


        tricks_won = cast(list[int], d.pop("tricks_won", UNSET))


        def _parse_trump(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trump = _parse_trump(d.pop("trump", UNSET))


        forty_fives_round_facts = cls(
            bid=bid,
            demoted_ace=demoted_ace,
            hand_number=hand_number,
            highest_trump=highest_trump,
            highest_trump_seat=highest_trump_seat,
            leader=leader,
            players=players,
            revokes_applied=revokes_applied,
            scores=scores,
            tricks=tricks,
            tricks_won=tricks_won,
            trump=trump,
        )


        forty_fives_round_facts.additional_properties = d
        return forty_fives_round_facts

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
