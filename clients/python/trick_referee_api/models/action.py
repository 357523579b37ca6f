from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.action_ruling import ActionRuling
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.action_result import ActionResult





T = TypeVar("T", bound="Action")



@_attrs_define
class Action:
    """ 
        Attributes:
            type_ (str): play, bid, pass, hold, rob, decline, name_trump, discard, knock, declare, stop, turn_up, expose,
                round_result, settle_revoke ... (each ruleset names its own) Example: play.
            amount (int | Unset): A bid or declared amount
            card (str | Unset): A card, rank then suit: ranks 2-10, J, Q, K, A; suits C, D, H, S. Input is lenient (10h, TH,
                th, 10♥ and 10♥️ are the ten of hearts; a rank and a suit may be written in words, either order, in Indonesian,
                Tagalog, Dutch or English: As Hati, 10 wajik, Raja sekop, alas ng puso, harten aas, queen of spades); output is
                canonical (10H). Example: 10H.
            cards (list[str] | Unset):
            face_down (bool | Unset):
            result (ActionResult | Unset): round_result (table mode): the round's facts, as POST /v1/rulesets/{id}/score
                reads them (each game's: the schemas FortyFivesRoundFacts, BoerenbridgeRoundFacts and AvinasRoundFacts)
            ruling (ActionRuling | Unset): settle_revoke: apply the match's revoke_penalty to the revoke, or waive it
            seat (int | Unset): The acting seat; with a seat token it may be left out (the token's seat)
            suit (str | Unset): A suit: C, D, H or S (names and symbols are read too) Example: H.
            trick (int | Unset): settle_revoke (table mode, referee): the 1-based trick of the revoke by `seat` in the last
                finished round
     """

    type_: str
    amount: int | Unset = UNSET
    card: str | Unset = UNSET
    cards: list[str] | Unset = UNSET
    face_down: bool | Unset = UNSET
    result: ActionResult | Unset = UNSET
    ruling: ActionRuling | Unset = UNSET
    seat: int | Unset = UNSET
    suit: str | Unset = UNSET
    trick: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.action_result import ActionResult # noqa: PLC0415
        type_ = self.type_

        amount = self.amount

        card = self.card

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards



        face_down = self.face_down

        result: dict[str, Any] | Unset = UNSET
        if not isinstance(self.result, Unset):
            result = self.result.to_dict()

        ruling: str | Unset = UNSET
        if not isinstance(self.ruling, Unset):
            ruling = self.ruling.value


        seat = self.seat

        suit = self.suit

        trick = self.trick


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })
        if amount is not UNSET:
            field_dict["amount"] = amount
        if card is not UNSET:
            field_dict["card"] = card
        if cards is not UNSET:
            field_dict["cards"] = cards
        if face_down is not UNSET:
            field_dict["face_down"] = face_down
        if result is not UNSET:
            field_dict["result"] = result
        if ruling is not UNSET:
            field_dict["ruling"] = ruling
        if seat is not UNSET:
            field_dict["seat"] = seat
        if suit is not UNSET:
            field_dict["suit"] = suit
        if trick is not UNSET:
            field_dict["trick"] = trick

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action_result import ActionResult # noqa: PLC0415
        d = dict(src_dict)
        type_ = d.pop("type")

        amount = d.pop("amount", UNSET)

        card = d.pop("card", UNSET)

        cards = cast(list[str], d.pop("cards", UNSET))


        face_down = d.pop("face_down", UNSET)

        _result = d.pop("result", UNSET)
        result: ActionResult | Unset
        if isinstance(_result,  Unset):
            result = UNSET
        else:
            result = ActionResult.from_dict(_result)




        _ruling = d.pop("ruling", UNSET)
        ruling: ActionRuling | Unset
        if isinstance(_ruling,  Unset):
            ruling = UNSET
        else:
            ruling = ActionRuling(_ruling)




        seat = d.pop("seat", UNSET)

        suit = d.pop("suit", UNSET)

        trick = d.pop("trick", UNSET)

        action = cls(
            type_=type_,
            amount=amount,
            card=card,
            cards=cards,
            face_down=face_down,
            result=result,
            ruling=ruling,
            seat=seat,
            suit=suit,
            trick=trick,
        )

        return action

