from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.other_ruleset_view_mode import OtherRulesetViewMode
from ..models.other_ruleset_view_status import OtherRulesetViewStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.action import Action
  from ..models.viewer import Viewer





T = TypeVar("T", bound="OtherRulesetView")



@_attrs_define
class OtherRulesetView:
    """ 
        Attributes:
            accepts_round_result (bool): True while the ruleset takes the round in progress reported whole (table mode): its
                referee posts {"type": "round_result", "result": <the round facts: the game's RoundFacts schema, as POST
                /v1/rulesets/{id}/score reads them>}
            claimed (list[bool] | None): Seats by invitation: which seats have been claimed (a computer seat counts as
                claimed); null when the seats' tokens were given at creation
            computers (list[None | str]): Each seat's computer level (null: a person plays it); the service acts for a
                computer seat before it answers, each of its actions an event by 'computer'
            dealer (int | None): The seat that deals the round in progress (or the next)
            expires_at (None | str): When the service forgets the match if nothing more happens (UTC, ISO 8601)
            id (str):
            legal_actions (list[Action]): Every action this token may post now, each postable as is (a round reported whole
                is not among them: see accepts_round_result)
            mode (OtherRulesetViewMode): dealt: the service deals; table: real cards, reported
            names (list[str]): The players' names, by seat
            phase (str): The step of the round the match is at (deal, bidding, play, finished ...: each game names its own)
            preset (None | str): The preset the match was created with (null: none)
            referee_sees_hands (bool): Whether the referee token sees every hand (dealt mode: only when the match was
                created so; table mode: always)
            ruleset (str): The ruleset's id: none of those the other views name
            scores (list[int]): The match scores, per seat or per team as the game keeps them
            seed_commitment (None | str): Dealt mode: SHA-256 (hex) committing the server's match seed, the ruleset, the
                options and the players (names and order) before any seat joined; the record reveals the seed once the match is
                over (docs/deals.md). Null: table mode, or a match made before commitments
            status (OtherRulesetViewStatus):
            to_act (list[int]): The seats that may act now (several while sealed bids are made at once)
            version (int): The match version (also the ETag)
            viewer (Viewer):
            waiting_for_seats (bool): True while a match whose seats are claimed waits for them: nothing dealt, no legal
                action, no dealer yet
            winners (list[int]): The winning seats or teams; empty until the match is over
            deal_commitment (str | Unset): Dealt mode: the hex SHA-256 of the seed the round in progress was dealt from; the
                match record reveals the seed once the round is over, so anyone can check the deal
            hand (list[str] | None | Unset): The seat's own hand (null for the referee and a spectator)
     """

    accepts_round_result: bool
    claimed: list[bool] | None
    computers: list[None | str]
    dealer: int | None
    expires_at: None | str
    id: str
    legal_actions: list[Action]
    mode: OtherRulesetViewMode
    names: list[str]
    phase: str
    preset: None | str
    referee_sees_hands: bool
    ruleset: str
    scores: list[int]
    seed_commitment: None | str
    status: OtherRulesetViewStatus
    to_act: list[int]
    version: int
    viewer: Viewer
    waiting_for_seats: bool
    winners: list[int]
    deal_commitment: str | Unset = UNSET
    hand: list[str] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.action import Action # noqa: PLC0415
        from ..models.viewer import Viewer # noqa: PLC0415
        accepts_round_result = self.accepts_round_result

        claimed: list[bool] | None
        if isinstance(self.claimed, list):
            claimed = self.claimed


        else:
            claimed = self.claimed

        computers = []
        for computers_item_data in self.computers:
            computers_item: None | str
            computers_item = computers_item_data
            computers.append(computers_item)



        dealer: int | None
        dealer = self.dealer

        expires_at: None | str
        expires_at = self.expires_at

        id = self.id

        legal_actions = []
        for legal_actions_item_data in self.legal_actions:
            legal_actions_item = legal_actions_item_data.to_dict()
            legal_actions.append(legal_actions_item)



        mode = self.mode.value

        names = self.names



        phase = self.phase

        preset: None | str
        preset = self.preset

        referee_sees_hands = self.referee_sees_hands

        ruleset = self.ruleset

        scores = self.scores



        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        status = self.status.value

        to_act = self.to_act



        version = self.version

        viewer = self.viewer.to_dict()

        waiting_for_seats = self.waiting_for_seats

        winners = self.winners



        deal_commitment = self.deal_commitment

        hand: list[str] | None | Unset
        if isinstance(self.hand, Unset):
            hand = UNSET
        elif isinstance(self.hand, list):
            hand = self.hand


        else:
            hand = self.hand


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accepts_round_result": accepts_round_result,
            "claimed": claimed,
            "computers": computers,
            "dealer": dealer,
            "expires_at": expires_at,
            "id": id,
            "legal_actions": legal_actions,
            "mode": mode,
            "names": names,
            "phase": phase,
            "preset": preset,
            "referee_sees_hands": referee_sees_hands,
            "ruleset": ruleset,
            "scores": scores,
            "seed_commitment": seed_commitment,
            "status": status,
            "to_act": to_act,
            "version": version,
            "viewer": viewer,
            "waiting_for_seats": waiting_for_seats,
            "winners": winners,
        })
        if deal_commitment is not UNSET:
            field_dict["deal_commitment"] = deal_commitment
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action import Action # noqa: PLC0415
        from ..models.viewer import Viewer # noqa: PLC0415
        d = dict(src_dict)
        accepts_round_result = d.pop("accepts_round_result")

        def _parse_claimed(data: object) -> list[bool] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                claimed_type_0 = cast(list[bool], data)

                return claimed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[bool] | None, data)

        claimed = _parse_claimed(d.pop("claimed"))


        computers = []
        _computers = d.pop("computers")
        for computers_item_data in (_computers):
            def _parse_computers_item(data: object) -> None | str:
                if data is None:
                    return data
                return cast(None | str, data)

            computers_item = _parse_computers_item(computers_item_data)

            computers.append(computers_item)


        def _parse_dealer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        dealer = _parse_dealer(d.pop("dealer"))


        def _parse_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))


        id = d.pop("id")

        legal_actions = []
        _legal_actions = d.pop("legal_actions")
        for legal_actions_item_data in (_legal_actions):
            legal_actions_item = Action.from_dict(legal_actions_item_data)



            legal_actions.append(legal_actions_item)


        mode = OtherRulesetViewMode(d.pop("mode"))




        names = cast(list[str], d.pop("names"))


        phase = d.pop("phase")

        def _parse_preset(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preset = _parse_preset(d.pop("preset"))


        referee_sees_hands = d.pop("referee_sees_hands")

        ruleset = d.pop("ruleset")

        scores = cast(list[int], d.pop("scores"))


        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))


        status = OtherRulesetViewStatus(d.pop("status"))




        to_act = cast(list[int], d.pop("to_act"))


        version = d.pop("version")

        viewer = Viewer.from_dict(d.pop("viewer"))




        waiting_for_seats = d.pop("waiting_for_seats")

        winners = cast(list[int], d.pop("winners"))


        deal_commitment = d.pop("deal_commitment", UNSET)

        def _parse_hand(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[str], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        hand = _parse_hand(d.pop("hand", UNSET))


        other_ruleset_view = cls(
            accepts_round_result=accepts_round_result,
            claimed=claimed,
            computers=computers,
            dealer=dealer,
            expires_at=expires_at,
            id=id,
            legal_actions=legal_actions,
            mode=mode,
            names=names,
            phase=phase,
            preset=preset,
            referee_sees_hands=referee_sees_hands,
            ruleset=ruleset,
            scores=scores,
            seed_commitment=seed_commitment,
            status=status,
            to_act=to_act,
            version=version,
            viewer=viewer,
            waiting_for_seats=waiting_for_seats,
            winners=winners,
            deal_commitment=deal_commitment,
            hand=hand,
        )


        other_ruleset_view.additional_properties = d
        return other_ruleset_view

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
