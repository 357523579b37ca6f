from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.avinas_view_mode import AvinasViewMode
from ..models.avinas_view_ruleset import AvinasViewRuleset
from ..models.avinas_view_scores_are import AvinasViewScoresAre
from ..models.avinas_view_status import AvinasViewStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.action import Action
  from ..models.avinas_call import AvinasCall
  from ..models.avinas_hand_record import AvinasHandRecord
  from ..models.avinas_knock import AvinasKnock
  from ..models.avinas_trick import AvinasTrick
  from ..models.avinas_view_current_trick_type_1_type_0 import AvinasViewCurrentTrickType1Type0
  from ..models.avinas_view_options import AvinasViewOptions
  from ..models.avinas_view_trick_type_1_type_0 import AvinasViewTrickType1Type0
  from ..models.expose_next import ExposeNext
  from ..models.exposure import Exposure
  from ..models.revoke import Revoke
  from ..models.viewer import Viewer





T = TypeVar("T", bound="AvinasView")



@_attrs_define
class AvinasView:
    """ An Avinas match as one token sees it (scores: the pips per team).

        Attributes:
            accepts_round_result (bool): True while the ruleset takes the round in progress reported whole (table mode): its
                referee posts {"type": "round_result", "result": <the round facts: the game's RoundFacts schema, as POST
                /v1/rulesets/{id}/score reads them>}
            claimed (list[bool] | None): Seats by invitation: which seats have been claimed (a computer seat counts as
                claimed); null when the seats' tokens were given at creation
            computers (list[None | str]): Each seat's computer level (null: a person plays it); the service acts for a
                computer seat before it answers, each of its actions an event by 'computer'
            dealer (int | None): The seat that deals the round in progress (or the next)
            end_reason (None | str): Why the match ended
            expires_at (None | str): When the service forgets the match if nothing more happens (UTC, ISO 8601)
            hand (list[str] | None): The seat's own hand (null for the referee and a spectator)
            hands_played (int): The hands finished so far
            history (list[AvinasHandRecord]):
            id (str):
            last_hand_explanation (list[str]): How the last hand was scored, line by line
            legal_actions (list[Action]): Every action this token may post now, each postable as is (a round reported whole
                is not among them: see accepts_round_result)
            mode (AvinasViewMode): dealt: the service deals; table: real cards, reported
            names (list[str]): The players' names, by seat
            options (AvinasViewOptions): Every option in force (the defaults, the preset's values and the options given at
                creation, combined)
            phase (str): The step of the round the match is at (deal, bidding, play, finished ...: each game names its own)
            pips (list[int]): Pips per team
            players (int): How many seats the match has
            preset (None | str): The preset the match was created with (null: none)
            rams (list[int]): Rams per team
            referee_sees_hands (bool): Whether the referee token sees every hand (dealt mode: only when the match was
                created so; table mode: always)
            result (None | str): How the match ended (won, draw), null while played
            ruleset (AvinasViewRuleset): The ruleset's id
            scores (list[int]): The match scores, per seat or per team as the game keeps them
            scores_are (AvinasViewScoresAre): What scores counts
            seed_commitment (None | str): Dealt mode: SHA-256 (hex) committing the server's match seed, the ruleset, the
                options and the players (names and order) before any seat joined; the record reveals the seed once the match is
                over (docs/deals.md). Null: table mode, or a match made before commitments
            status (AvinasViewStatus):
            teams (list[list[int]]): The partnerships, each a list of seats (scores are per team, in this order)
            to_act (list[int]): The seats that may act now (several while sealed bids are made at once)
            version (int): The match version (also the ETag)
            viewer (Viewer):
            waiting_for_seats (bool): True while a match whose seats are claimed waits for them: nothing dealt, no legal
                action, no dealer yet
            winners (list[int]): The winning seats or teams; empty until the match is over
            calls (list[AvinasCall] | Unset): The auction's calls
            card_points (list[int] | Unset): Card points taken this hand, per team
            current_trick (AvinasTrick | AvinasViewCurrentTrickType1Type0 | None | Unset): The same as trick, under the name
                Avinas' views used before; deprecated, removed in the next release
            deal_commitment (str | Unset): Dealt mode: the hex SHA-256 of the seed the round in progress was dealt from; the
                match record reveals the seed once the round is over, so anyone can check the deal
            declared (int | None | Unset): The trumps declared
            declarer (int | None | Unset): Who declared
            expose_next (ExposeNext | Unset):
            exposures (list[Exposure] | Unset):
            game (None | str | Unset): The hand's game, once known: sevens or no_seven
            hand_number (int | Unset): The hand in progress, from 1
            hands (list[list[str]] | Unset): The referee who sees the hands: every seat's hand, by seat
            knock_count (int | Unset): How many knocks were made
            knocks (list[AvinasKnock] | Unset):
            revokes (list[Revoke] | Unset): Table mode: the revokes found in the round in progress (between rounds: in the
                last finished round, which the referee may settle)
            round_result_allowed (bool | Unset): Table mode: whether the hand may still be reported whole (no card reported
                yet)
            trick (AvinasTrick | AvinasViewTrickType1Type0 | None | Unset): The trick in progress
            tricks (list[AvinasTrick] | Unset): The finished tricks
            tricks_won (list[int] | Unset): Tricks won this hand, per team
            trump (None | str | Unset): The trump suit (null before it is known): C, D, H or S
     """

    accepts_round_result: bool
    claimed: list[bool] | None
    computers: list[None | str]
    dealer: int | None
    end_reason: None | str
    expires_at: None | str
    hand: list[str] | None
    hands_played: int
    history: list[AvinasHandRecord]
    id: str
    last_hand_explanation: list[str]
    legal_actions: list[Action]
    mode: AvinasViewMode
    names: list[str]
    options: AvinasViewOptions
    phase: str
    pips: list[int]
    players: int
    preset: None | str
    rams: list[int]
    referee_sees_hands: bool
    result: None | str
    ruleset: AvinasViewRuleset
    scores: list[int]
    scores_are: AvinasViewScoresAre
    seed_commitment: None | str
    status: AvinasViewStatus
    teams: list[list[int]]
    to_act: list[int]
    version: int
    viewer: Viewer
    waiting_for_seats: bool
    winners: list[int]
    calls: list[AvinasCall] | Unset = UNSET
    card_points: list[int] | Unset = UNSET
    current_trick: AvinasTrick | AvinasViewCurrentTrickType1Type0 | None | Unset = UNSET
    deal_commitment: str | Unset = UNSET
    declared: int | None | Unset = UNSET
    declarer: int | None | Unset = UNSET
    expose_next: ExposeNext | Unset = UNSET
    exposures: list[Exposure] | Unset = UNSET
    game: None | str | Unset = UNSET
    hand_number: int | Unset = UNSET
    hands: list[list[str]] | Unset = UNSET
    knock_count: int | Unset = UNSET
    knocks: list[AvinasKnock] | Unset = UNSET
    revokes: list[Revoke] | Unset = UNSET
    round_result_allowed: bool | Unset = UNSET
    trick: AvinasTrick | AvinasViewTrickType1Type0 | None | Unset = UNSET
    tricks: list[AvinasTrick] | Unset = UNSET
    tricks_won: list[int] | Unset = UNSET
    trump: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.action import Action # noqa: PLC0415
        from ..models.avinas_call import AvinasCall # noqa: PLC0415
        from ..models.avinas_hand_record import AvinasHandRecord # noqa: PLC0415
        from ..models.avinas_knock import AvinasKnock # noqa: PLC0415
        from ..models.avinas_trick import AvinasTrick # noqa: PLC0415
        from ..models.avinas_view_current_trick_type_1_type_0 import AvinasViewCurrentTrickType1Type0 # noqa: PLC0415
        from ..models.avinas_view_options import AvinasViewOptions # noqa: PLC0415
        from ..models.avinas_view_trick_type_1_type_0 import AvinasViewTrickType1Type0 # noqa: PLC0415
        from ..models.expose_next import ExposeNext # noqa: PLC0415
        from ..models.exposure import Exposure # noqa: PLC0415
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

        end_reason: None | str
        end_reason = self.end_reason

        expires_at: None | str
        expires_at = self.expires_at

        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = self.hand


        else:
            hand = self.hand

        hands_played = self.hands_played

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)



        id = self.id

        last_hand_explanation = self.last_hand_explanation



        legal_actions = []
        for legal_actions_item_data in self.legal_actions:
            legal_actions_item = legal_actions_item_data.to_dict()
            legal_actions.append(legal_actions_item)



        mode = self.mode.value

        names = self.names



        options = self.options.to_dict()

        phase = self.phase

        pips = self.pips



        players = self.players

        preset: None | str
        preset = self.preset

        rams = self.rams



        referee_sees_hands = self.referee_sees_hands

        result: None | str
        result = self.result

        ruleset = self.ruleset.value

        scores = self.scores



        scores_are = self.scores_are.value

        seed_commitment: None | str
        seed_commitment = self.seed_commitment

        status = self.status.value

        teams = []
        for teams_item_data in self.teams:
            teams_item = teams_item_data


            teams.append(teams_item)



        to_act = self.to_act



        version = self.version

        viewer = self.viewer.to_dict()

        waiting_for_seats = self.waiting_for_seats

        winners = self.winners



        calls: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.calls, Unset):
            calls = []
            for calls_item_data in self.calls:
                calls_item = calls_item_data.to_dict()
                calls.append(calls_item)



        card_points: list[int] | Unset = UNSET
        if not isinstance(self.card_points, Unset):
            card_points = self.card_points



        current_trick: dict[str, Any] | None | Unset
        if isinstance(self.current_trick, Unset):
            current_trick = UNSET
        elif isinstance(self.current_trick, AvinasTrick):
            current_trick = self.current_trick.to_dict()
        elif isinstance(self.current_trick, AvinasViewCurrentTrickType1Type0):
            current_trick = self.current_trick.to_dict()
        else:
            current_trick = self.current_trick

        deal_commitment = self.deal_commitment

        declared: int | None | Unset
        if isinstance(self.declared, Unset):
            declared = UNSET
        else:
            declared = self.declared

        declarer: int | None | Unset
        if isinstance(self.declarer, Unset):
            declarer = UNSET
        else:
            declarer = self.declarer

        expose_next: dict[str, Any] | Unset = UNSET
        if not isinstance(self.expose_next, Unset):
            expose_next = self.expose_next.to_dict()

        exposures: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.exposures, Unset):
            exposures = []
            for exposures_item_data in self.exposures:
                exposures_item = exposures_item_data.to_dict()
                exposures.append(exposures_item)



        game: None | str | Unset
        if isinstance(self.game, Unset):
            game = UNSET
        else:
            game = self.game

        hand_number = self.hand_number

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = hands_item_data


                hands.append(hands_item)



        knock_count = self.knock_count

        knocks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.knocks, Unset):
            knocks = []
            for knocks_item_data in self.knocks:
                knocks_item = knocks_item_data.to_dict()
                knocks.append(knocks_item)



        revokes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.revokes, Unset):
            revokes = []
            for revokes_item_data in self.revokes:
                revokes_item = revokes_item_data.to_dict()
                revokes.append(revokes_item)



        round_result_allowed = self.round_result_allowed

        trick: dict[str, Any] | None | Unset
        if isinstance(self.trick, Unset):
            trick = UNSET
        elif isinstance(self.trick, AvinasTrick):
            trick = self.trick.to_dict()
        elif isinstance(self.trick, AvinasViewTrickType1Type0):
            trick = self.trick.to_dict()
        else:
            trick = self.trick

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


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accepts_round_result": accepts_round_result,
            "claimed": claimed,
            "computers": computers,
            "dealer": dealer,
            "end_reason": end_reason,
            "expires_at": expires_at,
            "hand": hand,
            "hands_played": hands_played,
            "history": history,
            "id": id,
            "last_hand_explanation": last_hand_explanation,
            "legal_actions": legal_actions,
            "mode": mode,
            "names": names,
            "options": options,
            "phase": phase,
            "pips": pips,
            "players": players,
            "preset": preset,
            "rams": rams,
            "referee_sees_hands": referee_sees_hands,
            "result": result,
            "ruleset": ruleset,
            "scores": scores,
            "scores_are": scores_are,
            "seed_commitment": seed_commitment,
            "status": status,
            "teams": teams,
            "to_act": to_act,
            "version": version,
            "viewer": viewer,
            "waiting_for_seats": waiting_for_seats,
            "winners": winners,
        })
        if calls is not UNSET:
            field_dict["calls"] = calls
        if card_points is not UNSET:
            field_dict["card_points"] = card_points
        if current_trick is not UNSET:
            field_dict["current_trick"] = current_trick
        if deal_commitment is not UNSET:
            field_dict["deal_commitment"] = deal_commitment
        if declared is not UNSET:
            field_dict["declared"] = declared
        if declarer is not UNSET:
            field_dict["declarer"] = declarer
        if expose_next is not UNSET:
            field_dict["expose_next"] = expose_next
        if exposures is not UNSET:
            field_dict["exposures"] = exposures
        if game is not UNSET:
            field_dict["game"] = game
        if hand_number is not UNSET:
            field_dict["hand_number"] = hand_number
        if hands is not UNSET:
            field_dict["hands"] = hands
        if knock_count is not UNSET:
            field_dict["knock_count"] = knock_count
        if knocks is not UNSET:
            field_dict["knocks"] = knocks
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

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action import Action # noqa: PLC0415
        from ..models.avinas_call import AvinasCall # noqa: PLC0415
        from ..models.avinas_hand_record import AvinasHandRecord # noqa: PLC0415
        from ..models.avinas_knock import AvinasKnock # noqa: PLC0415
        from ..models.avinas_trick import AvinasTrick # noqa: PLC0415
        from ..models.avinas_view_current_trick_type_1_type_0 import AvinasViewCurrentTrickType1Type0 # noqa: PLC0415
        from ..models.avinas_view_options import AvinasViewOptions # noqa: PLC0415
        from ..models.avinas_view_trick_type_1_type_0 import AvinasViewTrickType1Type0 # noqa: PLC0415
        from ..models.expose_next import ExposeNext # noqa: PLC0415
        from ..models.exposure import Exposure # noqa: PLC0415
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


        def _parse_end_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))


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


        hands_played = d.pop("hands_played")

        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = AvinasHandRecord.from_dict(history_item_data)



            history.append(history_item)


        id = d.pop("id")

        last_hand_explanation = cast(list[str], d.pop("last_hand_explanation"))


        legal_actions = []
        _legal_actions = d.pop("legal_actions")
        for legal_actions_item_data in (_legal_actions):
            legal_actions_item = Action.from_dict(legal_actions_item_data)



            legal_actions.append(legal_actions_item)


        mode = AvinasViewMode(d.pop("mode"))




        names = cast(list[str], d.pop("names"))


        options = AvinasViewOptions.from_dict(d.pop("options"))




        phase = d.pop("phase")

        pips = cast(list[int], d.pop("pips"))


        players = d.pop("players")

        def _parse_preset(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preset = _parse_preset(d.pop("preset"))


        rams = cast(list[int], d.pop("rams"))


        referee_sees_hands = d.pop("referee_sees_hands")

        def _parse_result(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        result = _parse_result(d.pop("result"))


        ruleset = AvinasViewRuleset(d.pop("ruleset"))




        scores = cast(list[int], d.pop("scores"))


        scores_are = AvinasViewScoresAre(d.pop("scores_are"))




        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))


        status = AvinasViewStatus(d.pop("status"))




        teams = []
        _teams = d.pop("teams")
        for teams_item_data in (_teams):
            teams_item = cast(list[int], teams_item_data)

            teams.append(teams_item)


        to_act = cast(list[int], d.pop("to_act"))


        version = d.pop("version")

        viewer = Viewer.from_dict(d.pop("viewer"))




        waiting_for_seats = d.pop("waiting_for_seats")

        winners = cast(list[int], d.pop("winners"))


        _calls = d.pop("calls", UNSET)
        calls: list[AvinasCall] | Unset = UNSET
        if _calls is not UNSET:
            calls = []
            for calls_item_data in _calls:
                calls_item = AvinasCall.from_dict(calls_item_data)



                calls.append(calls_item)


        card_points = cast(list[int], d.pop("card_points", UNSET))


        def _parse_current_trick(data: object) -> AvinasTrick | AvinasViewCurrentTrickType1Type0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                current_trick_type_0 = AvinasTrick.from_dict(data)



                return current_trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                current_trick_type_1_type_0 = AvinasViewCurrentTrickType1Type0.from_dict(data)



                return current_trick_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AvinasTrick | AvinasViewCurrentTrickType1Type0 | None | Unset, data)

        current_trick = _parse_current_trick(d.pop("current_trick", UNSET))


        deal_commitment = d.pop("deal_commitment", UNSET)

        def _parse_declared(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        declared = _parse_declared(d.pop("declared", UNSET))


        def _parse_declarer(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        declarer = _parse_declarer(d.pop("declarer", UNSET))


        _expose_next = d.pop("expose_next", UNSET)
        expose_next: ExposeNext | Unset
        if isinstance(_expose_next,  Unset):
            expose_next = UNSET
        else:
            expose_next = ExposeNext.from_dict(_expose_next)




        _exposures = d.pop("exposures", UNSET)
        exposures: list[Exposure] | Unset = UNSET
        if _exposures is not UNSET:
            exposures = []
            for exposures_item_data in _exposures:
                exposures_item = Exposure.from_dict(exposures_item_data)



                exposures.append(exposures_item)


        def _parse_game(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        game = _parse_game(d.pop("game", UNSET))


        hand_number = d.pop("hand_number", UNSET)

        _hands = d.pop("hands", UNSET)
        hands: list[list[str]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = cast(list[str], hands_item_data)

                hands.append(hands_item)


        knock_count = d.pop("knock_count", UNSET)

        _knocks = d.pop("knocks", UNSET)
        knocks: list[AvinasKnock] | Unset = UNSET
        if _knocks is not UNSET:
            knocks = []
            for knocks_item_data in _knocks:
                knocks_item = AvinasKnock.from_dict(knocks_item_data)



                knocks.append(knocks_item)


        _revokes = d.pop("revokes", UNSET)
        revokes: list[Revoke] | Unset = UNSET
        if _revokes is not UNSET:
            revokes = []
            for revokes_item_data in _revokes:
                revokes_item = Revoke.from_dict(revokes_item_data)



                revokes.append(revokes_item)


        round_result_allowed = d.pop("round_result_allowed", UNSET)

        def _parse_trick(data: object) -> AvinasTrick | AvinasViewTrickType1Type0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trick_type_0 = AvinasTrick.from_dict(data)



                return trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                trick_type_1_type_0 = AvinasViewTrickType1Type0.from_dict(data)



                return trick_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AvinasTrick | AvinasViewTrickType1Type0 | None | Unset, data)

        trick = _parse_trick(d.pop("trick", UNSET))


        _tricks = d.pop("tricks", UNSET)
        tricks: list[AvinasTrick] | Unset = UNSET
        if _tricks is not UNSET:
            tricks = []
            for tricks_item_data in _tricks:
                tricks_item = AvinasTrick.from_dict(tricks_item_data)



                tricks.append(tricks_item)


        tricks_won = cast(list[int], d.pop("tricks_won", UNSET))


        def _parse_trump(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trump = _parse_trump(d.pop("trump", UNSET))


        avinas_view = cls(
            accepts_round_result=accepts_round_result,
            claimed=claimed,
            computers=computers,
            dealer=dealer,
            end_reason=end_reason,
            expires_at=expires_at,
            hand=hand,
            hands_played=hands_played,
            history=history,
            id=id,
            last_hand_explanation=last_hand_explanation,
            legal_actions=legal_actions,
            mode=mode,
            names=names,
            options=options,
            phase=phase,
            pips=pips,
            players=players,
            preset=preset,
            rams=rams,
            referee_sees_hands=referee_sees_hands,
            result=result,
            ruleset=ruleset,
            scores=scores,
            scores_are=scores_are,
            seed_commitment=seed_commitment,
            status=status,
            teams=teams,
            to_act=to_act,
            version=version,
            viewer=viewer,
            waiting_for_seats=waiting_for_seats,
            winners=winners,
            calls=calls,
            card_points=card_points,
            current_trick=current_trick,
            deal_commitment=deal_commitment,
            declared=declared,
            declarer=declarer,
            expose_next=expose_next,
            exposures=exposures,
            game=game,
            hand_number=hand_number,
            hands=hands,
            knock_count=knock_count,
            knocks=knocks,
            revokes=revokes,
            round_result_allowed=round_result_allowed,
            trick=trick,
            tricks=tricks,
            tricks_won=tricks_won,
            trump=trump,
        )


        avinas_view.additional_properties = d
        return avinas_view

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
