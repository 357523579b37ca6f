from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.boerenbridge_view_mode import BoerenbridgeViewMode
from ..models.boerenbridge_view_ruleset import BoerenbridgeViewRuleset
from ..models.boerenbridge_view_status import BoerenbridgeViewStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.action import Action
  from ..models.boerenbridge_bidding import BoerenbridgeBidding
  from ..models.boerenbridge_round_record import BoerenbridgeRoundRecord
  from ..models.boerenbridge_trick import BoerenbridgeTrick
  from ..models.boerenbridge_view_options import BoerenbridgeViewOptions
  from ..models.plain_trick import PlainTrick
  from ..models.revoke import Revoke
  from ..models.viewer import Viewer





T = TypeVar("T", bound="BoerenbridgeView")



@_attrs_define
class BoerenbridgeView:
    """ A Boerenbridge match as one token sees it.

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
            hand (list[str] | None): The seat's own hand (null for the referee and a spectator)
            history (list[BoerenbridgeRoundRecord]):
            id (str):
            legal_actions (list[Action]): Every action this token may post now, each postable as is (a round reported whole
                is not among them: see accepts_round_result)
            mode (BoerenbridgeViewMode): dealt: the service deals; table: real cards, reported
            names (list[str]): The players' names, by seat
            options (BoerenbridgeViewOptions): Every option in force (the defaults, the preset's values and the options
                given at creation, combined)
            phase (str): The step of the round the match is at (deal, bidding, play, finished ...: each game names its own)
            players (int): How many seats the match has
            preset (None | str): The preset the match was created with (null: none)
            referee_sees_hands (bool): Whether the referee token sees every hand (dealt mode: only when the match was
                created so; table mode: always)
            result (None | str): How the match ended (null while it is played), such as no_winner
            round_ (int): The round in progress (or the next), from 1
            ruleset (BoerenbridgeViewRuleset): The ruleset's id
            scores (list[int]): The match scores, per seat or per team as the game keeps them
            seed_commitment (None | str): Dealt mode: SHA-256 (hex) committing the server's match seed, the ruleset, the
                options and the players (names and order) before any seat joined; the record reveals the seed once the match is
                over (docs/deals.md). Null: table mode, or a match made before commitments
            status (BoerenbridgeViewStatus):
            to_act (list[int]): The seats that may act now (several while sealed bids are made at once)
            version (int): The match version (also the ETag)
            viewer (Viewer):
            waiting_for_seats (bool): True while a match whose seats are claimed waits for them: nothing dealt, no legal
                action, no dealer yet
            winners (list[int]): The winning seats or teams; empty until the match is over
            bidding (BoerenbridgeBidding | Unset):
            cards_left (list[int] | Unset): The cards each seat still holds
            deal_commitment (str | Unset): Dealt mode: the hex SHA-256 of the seed the round in progress was dealt from; the
                match record reveals the seed once the round is over, so anyone can check the deal
            hand_size (int | Unset): The cards dealt to each seat this round
            hands (list[list[str]] | Unset): The referee who sees the hands: every seat's hand, by seat
            revokes (list[Revoke] | Unset): Table mode: the revokes found in the round in progress (between rounds: in the
                last finished round, which the referee may settle)
            round_result_allowed (bool | Unset): Table mode: whether the round may still be reported whole (no card reported
                yet)
            trick (PlainTrick | Unset):
            tricks (list[BoerenbridgeTrick] | Unset): The round's finished tricks
            tricks_won (list[int] | Unset): Tricks won this round, per seat
            trump (None | str | Unset): The trump suit (null: none, or not named yet): C, D, H or S
            turn_up (None | str | Unset): The card turned up for trumps
     """

    accepts_round_result: bool
    claimed: list[bool] | None
    computers: list[None | str]
    dealer: int | None
    expires_at: None | str
    hand: list[str] | None
    history: list[BoerenbridgeRoundRecord]
    id: str
    legal_actions: list[Action]
    mode: BoerenbridgeViewMode
    names: list[str]
    options: BoerenbridgeViewOptions
    phase: str
    players: int
    preset: None | str
    referee_sees_hands: bool
    result: None | str
    round_: int
    ruleset: BoerenbridgeViewRuleset
    scores: list[int]
    seed_commitment: None | str
    status: BoerenbridgeViewStatus
    to_act: list[int]
    version: int
    viewer: Viewer
    waiting_for_seats: bool
    winners: list[int]
    bidding: BoerenbridgeBidding | Unset = UNSET
    cards_left: list[int] | Unset = UNSET
    deal_commitment: str | Unset = UNSET
    hand_size: int | Unset = UNSET
    hands: list[list[str]] | Unset = UNSET
    revokes: list[Revoke] | Unset = UNSET
    round_result_allowed: bool | Unset = UNSET
    trick: PlainTrick | Unset = UNSET
    tricks: list[BoerenbridgeTrick] | Unset = UNSET
    tricks_won: list[int] | Unset = UNSET
    trump: None | str | Unset = UNSET
    turn_up: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.action import Action # noqa: PLC0415
        from ..models.boerenbridge_bidding import BoerenbridgeBidding # noqa: PLC0415
        from ..models.boerenbridge_round_record import BoerenbridgeRoundRecord # noqa: PLC0415
        from ..models.boerenbridge_trick import BoerenbridgeTrick # noqa: PLC0415
        from ..models.boerenbridge_view_options import BoerenbridgeViewOptions # noqa: PLC0415
        from ..models.plain_trick import PlainTrick # noqa: PLC0415
        from ..models.revoke import Revoke # noqa: PLC0415
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

        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = self.hand


        else:
            hand = self.hand

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)



        id = self.id

        legal_actions = []
        for legal_actions_item_data in self.legal_actions:
            legal_actions_item = legal_actions_item_data.to_dict()
            legal_actions.append(legal_actions_item)



        mode = self.mode.value

        names = self.names



        options = self.options.to_dict()

        phase = self.phase

        players = self.players

        preset: None | str
        preset = self.preset

        referee_sees_hands = self.referee_sees_hands

        result: None | str
        result = self.result

        round_ = self.round_

        ruleset = self.ruleset.value

        scores = self.scores



        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        status = self.status.value

        to_act = self.to_act



        version = self.version

        viewer = self.viewer.to_dict()

        waiting_for_seats = self.waiting_for_seats

        winners = self.winners



        bidding: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bidding, Unset):
            bidding = self.bidding.to_dict()

        cards_left: list[int] | Unset = UNSET
        if not isinstance(self.cards_left, Unset):
            cards_left = self.cards_left



        deal_commitment = self.deal_commitment

        hand_size = self.hand_size

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = hands_item_data


                hands.append(hands_item)



        revokes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.revokes, Unset):
            revokes = []
            for revokes_item_data in self.revokes:
                revokes_item = revokes_item_data.to_dict()
                revokes.append(revokes_item)



        round_result_allowed = self.round_result_allowed

        trick: dict[str, Any] | Unset = UNSET
        if not isinstance(self.trick, Unset):
            trick = self.trick.to_dict()

        tricks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tricks, Unset):
            tricks = []
            for tricks_item_data in self.tricks:
                tricks_item = tricks_item_data.to_dict()
                tricks.append(tricks_item)



        tricks_won: list[int] | Unset = UNSET
        if not isinstance(self.tricks_won, Unset):
            tricks_won = self.tricks_won



        trump: None | str | Unset
        if isinstance(self.trump, Unset):
            trump = UNSET
        else:
            trump = self.trump

        turn_up: None | str | Unset
        if isinstance(self.turn_up, Unset):
            turn_up = UNSET
        else:
            turn_up = self.turn_up


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accepts_round_result": accepts_round_result,
            "claimed": claimed,
            "computers": computers,
            "dealer": dealer,
            "expires_at": expires_at,
            "hand": hand,
            "history": history,
            "id": id,
            "legal_actions": legal_actions,
            "mode": mode,
            "names": names,
            "options": options,
            "phase": phase,
            "players": players,
            "preset": preset,
            "referee_sees_hands": referee_sees_hands,
            "result": result,
            "round": round_,
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
        if bidding is not UNSET:
            field_dict["bidding"] = bidding
        if cards_left is not UNSET:
            field_dict["cards_left"] = cards_left
        if deal_commitment is not UNSET:
            field_dict["deal_commitment"] = deal_commitment
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if hands is not UNSET:
            field_dict["hands"] = hands
        if revokes is not UNSET:
            field_dict["revokes"] = revokes
        if round_result_allowed is not UNSET:
            field_dict["round_result_allowed"] = round_result_allowed
        if trick is not UNSET:
            field_dict["trick"] = trick
        if tricks is not UNSET:
            field_dict["tricks"] = tricks
        if tricks_won is not UNSET:
            field_dict["tricks_won"] = tricks_won
        if trump is not UNSET:
            field_dict["trump"] = trump
        if turn_up is not UNSET:
            field_dict["turn_up"] = turn_up

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action import Action # noqa: PLC0415
        from ..models.boerenbridge_bidding import BoerenbridgeBidding # noqa: PLC0415
        from ..models.boerenbridge_round_record import BoerenbridgeRoundRecord # noqa: PLC0415
        from ..models.boerenbridge_trick import BoerenbridgeTrick # noqa: PLC0415
        from ..models.boerenbridge_view_options import BoerenbridgeViewOptions # noqa: PLC0415
        from ..models.plain_trick import PlainTrick # noqa: PLC0415
        from ..models.revoke import Revoke # noqa: PLC0415
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


        def _parse_hand(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = cast(list[str], data)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        hand = _parse_hand(d.pop("hand"))


        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = BoerenbridgeRoundRecord.from_dict(history_item_data)



            history.append(history_item)


        id = d.pop("id")

        legal_actions = []
        _legal_actions = d.pop("legal_actions")
        for legal_actions_item_data in (_legal_actions):
            legal_actions_item = Action.from_dict(legal_actions_item_data)



            legal_actions.append(legal_actions_item)


        mode = BoerenbridgeViewMode(d.pop("mode"))




        names = cast(list[str], d.pop("names"))


        options = BoerenbridgeViewOptions.from_dict(d.pop("options"))




        phase = d.pop("phase")

        players = d.pop("players")

        def _parse_preset(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preset = _parse_preset(d.pop("preset"))


        referee_sees_hands = d.pop("referee_sees_hands")

        def _parse_result(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        result = _parse_result(d.pop("result"))


        round_ = d.pop("round")

        ruleset = BoerenbridgeViewRuleset(d.pop("ruleset"))




        scores = cast(list[int], d.pop("scores"))


        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))


        status = BoerenbridgeViewStatus(d.pop("status"))




        to_act = cast(list[int], d.pop("to_act"))


        version = d.pop("version")

        viewer = Viewer.from_dict(d.pop("viewer"))




        waiting_for_seats = d.pop("waiting_for_seats")

        winners = cast(list[int], d.pop("winners"))


        _bidding = d.pop("bidding", UNSET)
        bidding: BoerenbridgeBidding | Unset
        if isinstance(_bidding,  Unset):
            bidding = UNSET
        else:
            bidding = BoerenbridgeBidding.from_dict(_bidding)




        cards_left = cast(list[int], d.pop("cards_left", UNSET))


        deal_commitment = d.pop("deal_commitment", UNSET)

        hand_size = d.pop("hand_size", UNSET)

        _hands = d.pop("hands", UNSET)
        hands: list[list[str]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = cast(list[str], hands_item_data)

                hands.append(hands_item)


        _revokes = d.pop("revokes", UNSET)
        revokes: list[Revoke] | Unset = UNSET
        if _revokes is not UNSET:
            revokes = []
            for revokes_item_data in _revokes:
                revokes_item = Revoke.from_dict(revokes_item_data)



                revokes.append(revokes_item)


        round_result_allowed = d.pop("round_result_allowed", UNSET)

        _trick = d.pop("trick", UNSET)
        trick: PlainTrick | Unset
        if isinstance(_trick,  Unset):
            trick = UNSET
        else:
            trick = PlainTrick.from_dict(_trick)




        _tricks = d.pop("tricks", UNSET)
        tricks: list[BoerenbridgeTrick] | Unset = UNSET
        if _tricks is not UNSET:
            tricks = []
            for tricks_item_data in _tricks:
                tricks_item = BoerenbridgeTrick.from_dict(tricks_item_data)



                tricks.append(tricks_item)


        tricks_won = cast(list[int], d.pop("tricks_won", UNSET))


        def _parse_trump(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trump = _parse_trump(d.pop("trump", UNSET))


        def _parse_turn_up(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        turn_up = _parse_turn_up(d.pop("turn_up", UNSET))


        boerenbridge_view = cls(
            accepts_round_result=accepts_round_result,
            claimed=claimed,
            computers=computers,
            dealer=dealer,
            expires_at=expires_at,
            hand=hand,
            history=history,
            id=id,
            legal_actions=legal_actions,
            mode=mode,
            names=names,
            options=options,
            phase=phase,
            players=players,
            preset=preset,
            referee_sees_hands=referee_sees_hands,
            result=result,
            round_=round_,
            ruleset=ruleset,
            scores=scores,
            seed_commitment=seed_commitment,
            status=status,
            to_act=to_act,
            version=version,
            viewer=viewer,
            waiting_for_seats=waiting_for_seats,
            winners=winners,
            bidding=bidding,
            cards_left=cards_left,
            deal_commitment=deal_commitment,
            hand_size=hand_size,
            hands=hands,
            revokes=revokes,
            round_result_allowed=round_result_allowed,
            trick=trick,
            tricks=tricks,
            tricks_won=tricks_won,
            trump=trump,
            turn_up=turn_up,
        )


        boerenbridge_view.additional_properties = d
        return boerenbridge_view

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
