from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.match_view_mode import MatchViewMode
from ..models.match_view_status import MatchViewStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.action import Action
  from ..models.match_view_current_trick_type_1_type_0 import MatchViewCurrentTrickType1Type0
  from ..models.match_view_options import MatchViewOptions
  from ..models.match_view_trick_type_1_type_0 import MatchViewTrickType1Type0
  from ..models.trick_in_progress import TrickInProgress
  from ..models.viewer import Viewer





T = TypeVar("T", bound="MatchView")



@_attrs_define
class MatchView:
    """ 
        Attributes:
            accepts_round_result (bool): True while the ruleset takes the round in progress reported whole (table mode): its
                referee posts {"type": "round_result", "result": <the round facts, as POST /v1/rulesets/{id}/score reads them>}
            claimed (list[bool] | None): Seats by invitation: which seats have been claimed (a computer seat counts as
                claimed); null when the seats' tokens were given at creation
            computers (list[None | str]): Each seat's computer level (null: a person plays it); the service acts for a
                computer seat before it answers, each of its actions an event by 'computer'
            dealer (int | None):
            id (str):
            legal_actions (list[Action]): Every action this token may post now, each postable as is (a round reported whole
                is not among them: see accepts_round_result)
            mode (MatchViewMode):
            names (list[str]):
            phase (str):
            preset (None | str): The preset the match was created with (null: none)
            referee_sees_hands (bool): Whether the referee token sees every hand (dealt mode: only when the match was
                created so; table mode: always)
            ruleset (str):
            scores (Any): Per seat or per team, as the ruleset keeps them
            seed_commitment (None | str): Dealt mode: SHA-256 (hex) committing the server's match seed, the ruleset, the
                options and the players (names and order) before any seat joined; the record reveals the seed once the match is
                over (docs/deals.md). Null: table mode, or a match made before commitments
            status (MatchViewStatus):
            to_act (list[int]):
            version (int): The match version (also the ETag)
            viewer (Viewer):
            waiting_for_seats (bool): True while a match whose seats are claimed waits for them: nothing dealt, no legal
                action, no dealer yet
            winners (list[int]):
            current_trick (MatchViewCurrentTrickType1Type0 | None | TrickInProgress | Unset): Avinas only: the same as
                trick, under the name its views used before; deprecated, removed in the next release
            hand (list[str] | None | Unset): The seat's own hand
            options (MatchViewOptions | Unset): Every option in force (the defaults, the preset's values and the options
                given at creation, combined)
            trick (MatchViewTrickType1Type0 | None | TrickInProgress | Unset): The trick in progress (every game's name for
                it; null or absent when no round is being played)
     """

    accepts_round_result: bool
    claimed: list[bool] | None
    computers: list[None | str]
    dealer: int | None
    id: str
    legal_actions: list[Action]
    mode: MatchViewMode
    names: list[str]
    phase: str
    preset: None | str
    referee_sees_hands: bool
    ruleset: str
    scores: Any
    seed_commitment: None | str
    status: MatchViewStatus
    to_act: list[int]
    version: int
    viewer: Viewer
    waiting_for_seats: bool
    winners: list[int]
    current_trick: MatchViewCurrentTrickType1Type0 | None | TrickInProgress | Unset = UNSET
    hand: list[str] | None | Unset = UNSET
    options: MatchViewOptions | Unset = UNSET
    trick: MatchViewTrickType1Type0 | None | TrickInProgress | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.action import Action # noqa: PLC0415
        from ..models.match_view_current_trick_type_1_type_0 import MatchViewCurrentTrickType1Type0 # noqa: PLC0415
        from ..models.match_view_options import MatchViewOptions # noqa: PLC0415
        from ..models.match_view_trick_type_1_type_0 import MatchViewTrickType1Type0 # noqa: PLC0415
        from ..models.trick_in_progress import TrickInProgress # noqa: PLC0415
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



        current_trick: dict[str, Any] | None | Unset
        if isinstance(self.current_trick, Unset):
            current_trick = UNSET
        elif isinstance(self.current_trick, TrickInProgress):
            current_trick = self.current_trick.to_dict()
        elif isinstance(self.current_trick, MatchViewCurrentTrickType1Type0):
            current_trick = self.current_trick.to_dict()
        else:
            current_trick = self.current_trick

        hand: list[str] | None | Unset
        if isinstance(self.hand, Unset):
            hand = UNSET
        elif isinstance(self.hand, list):
            hand = self.hand


        else:
            hand = self.hand

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        trick: dict[str, Any] | None | Unset
        if isinstance(self.trick, Unset):
            trick = UNSET
        elif isinstance(self.trick, TrickInProgress):
            trick = self.trick.to_dict()
        elif isinstance(self.trick, MatchViewTrickType1Type0):
            trick = self.trick.to_dict()
        else:
            trick = self.trick


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accepts_round_result": accepts_round_result,
            "claimed": claimed,
            "computers": computers,
            "dealer": dealer,
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
        if current_trick is not UNSET:
            field_dict["current_trick"] = current_trick
        if hand is not UNSET:
            field_dict["hand"] = hand
        if options is not UNSET:
            field_dict["options"] = options
        if trick is not UNSET:
            field_dict["trick"] = trick

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action import Action # noqa: PLC0415
        from ..models.match_view_current_trick_type_1_type_0 import MatchViewCurrentTrickType1Type0 # noqa: PLC0415
        from ..models.match_view_options import MatchViewOptions # noqa: PLC0415
        from ..models.match_view_trick_type_1_type_0 import MatchViewTrickType1Type0 # noqa: PLC0415
        from ..models.trick_in_progress import TrickInProgress # noqa: PLC0415
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


        id = d.pop("id")

        legal_actions = []
        _legal_actions = d.pop("legal_actions")
        for legal_actions_item_data in (_legal_actions):
            legal_actions_item = Action.from_dict(legal_actions_item_data)



            legal_actions.append(legal_actions_item)


        mode = MatchViewMode(d.pop("mode"))




        names = cast(list[str], d.pop("names"))


        phase = d.pop("phase")

        def _parse_preset(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preset = _parse_preset(d.pop("preset"))


        referee_sees_hands = d.pop("referee_sees_hands")

        ruleset = d.pop("ruleset")

        scores = d.pop("scores")

        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))


        status = MatchViewStatus(d.pop("status"))




        to_act = cast(list[int], d.pop("to_act"))


        version = d.pop("version")

        viewer = Viewer.from_dict(d.pop("viewer"))




        waiting_for_seats = d.pop("waiting_for_seats")

        winners = cast(list[int], d.pop("winners"))


        def _parse_current_trick(data: object) -> MatchViewCurrentTrickType1Type0 | None | TrickInProgress | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                current_trick_type_0 = TrickInProgress.from_dict(data)



                return current_trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                current_trick_type_1_type_0 = MatchViewCurrentTrickType1Type0.from_dict(data)



                return current_trick_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchViewCurrentTrickType1Type0 | None | TrickInProgress | Unset, data)

        current_trick = _parse_current_trick(d.pop("current_trick", UNSET))


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


        _options = d.pop("options", UNSET)
        options: MatchViewOptions | Unset
        if isinstance(_options,  Unset):
            options = UNSET
        else:
            options = MatchViewOptions.from_dict(_options)




        def _parse_trick(data: object) -> MatchViewTrickType1Type0 | None | TrickInProgress | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trick_type_0 = TrickInProgress.from_dict(data)



                return trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trick_type_1_type_0 = MatchViewTrickType1Type0.from_dict(data)



                return trick_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchViewTrickType1Type0 | None | TrickInProgress | Unset, data)

        trick = _parse_trick(d.pop("trick", UNSET))


        match_view = cls(
            accepts_round_result=accepts_round_result,
            claimed=claimed,
            computers=computers,
            dealer=dealer,
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
            current_trick=current_trick,
            hand=hand,
            options=options,
            trick=trick,
        )


        match_view.additional_properties = d
        return match_view

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
