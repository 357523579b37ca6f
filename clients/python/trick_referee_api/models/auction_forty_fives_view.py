from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.auction_forty_fives_view_mode import AuctionFortyFivesViewMode
from ..models.auction_forty_fives_view_ruleset import AuctionFortyFivesViewRuleset
from ..models.auction_forty_fives_view_status import AuctionFortyFivesViewStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.action import Action
  from ..models.auction import Auction
  from ..models.auction_forty_fives_view_contract_type_1_type_0 import AuctionFortyFivesViewContractType1Type0
  from ..models.auction_forty_fives_view_discards_type_1 import AuctionFortyFivesViewDiscardsType1
  from ..models.auction_forty_fives_view_hands import AuctionFortyFivesViewHands
  from ..models.auction_forty_fives_view_options import AuctionFortyFivesViewOptions
  from ..models.contract import Contract
  from ..models.forty_fives_round_record import FortyFivesRoundRecord
  from ..models.forty_fives_trick import FortyFivesTrick
  from ..models.plain_trick import PlainTrick
  from ..models.revoke import Revoke
  from ..models.viewer import Viewer





T = TypeVar("T", bound="AuctionFortyFivesView")



@_attrs_define
class AuctionFortyFivesView:
    """ An Auction Forty-Fives match as one token sees it (the bidding fields only when trumps are bid for).

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
            hands_scored (int): The finished rounds that were scored (a fixed-length match counts them)
            history (list[FortyFivesRoundRecord]):
            id (str):
            legal_actions (list[Action]): Every action this token may post now, each postable as is (a round reported whole
                is not among them: see accepts_round_result)
            mode (AuctionFortyFivesViewMode): dealt: the service deals; table: real cards, reported
            names (list[str]): The players' names, by seat
            options (AuctionFortyFivesViewOptions): Every option in force (the defaults, the preset's values and the options
                given at creation, combined)
            phase (str): The step of the round the match is at (deal, bidding, play, finished ...: each game names its own)
            players (int): How many seats the match has
            preset (None | str): The preset the match was created with (null: none)
            referee_sees_hands (bool): Whether the referee token sees every hand (dealt mode: only when the match was
                created so; table mode: always)
            round_ (int): The round in progress (or the next), from 1
            ruleset (AuctionFortyFivesViewRuleset): The ruleset's id
            scores (list[int]): The match scores, per seat or per team as the game keeps them
            seed_commitment (None | str): Dealt mode: SHA-256 (hex) committing the server's match seed, the ruleset, the
                options and the players (names and order) before any seat joined; the record reveals the seed once the match is
                over (docs/deals.md). Null: table mode, or a match made before commitments
            status (AuctionFortyFivesViewStatus):
            teams (list[list[int]]): The partnerships, each a list of seats (scores are per team, in this order)
            to_act (list[int]): The seats that may act now (several while sealed bids are made at once)
            version (int): The match version (also the ETag)
            viewer (Viewer):
            waiting_for_seats (bool): True while a match whose seats are claimed waits for them: nothing dealt, no legal
                action, no dealer yet
            winners (list[int]): The winning seats or teams; empty until the match is over
            ace_announced_by (int | None | Unset): Who announced holding the ace of trumps
            ace_holder (int | None | Unset): The referee who sees the hands: who holds the ace of trumps
            auction (Auction | Unset):
            contract (AuctionFortyFivesViewContractType1Type0 | Contract | None | Unset): The winning bid, once the auction
                is over
            deal_commitment (str | Unset): Dealt mode: the hex SHA-256 of the seed the round in progress was dealt from; the
                match record reveals the seed once the round is over, so anyone can check the deal
            dealer_turned_ace (None | str | Unset): When the dealer turned up an ace: what the dealer may do with it now
                (the house rule's step), null otherwise
            demoted_ace (None | str | Unset): The ace of trumps ranked lowest this round (shown once played; the referee
                sees it at once)
            discards (AuctionFortyFivesViewDiscardsType1 | list[str] | Unset): Dealt mode: a seat's own discards this round
                (a list); the referee who sees the hands: every seat's, by seat
            drawn (list[int] | Unset): How many cards each seat drew after discarding
            hand_sizes (list[int] | Unset): Dealt mode: how many cards each seat holds
            hands (AuctionFortyFivesViewHands | Unset): The referee who sees the hands: every seat's hand, by seat
            kitty (list[str] | Unset): The referee who sees the hands: the kitty
            kitty_bid (None | str | Unset): What the bidder bid on the kitty (keep_one, whole_hand), or null
            kitty_size (int | Unset): The cards in the kitty
            reported_discards (list[str] | Unset): Table mode: the cards reported discarded this round
            revokes (list[Revoke] | Unset): Table mode: the revokes found in the round in progress (between rounds: in the
                last finished round, which the referee may settle)
            stock (list[str] | Unset): The stock: the referee who sees the hands, or the dealer picking replacements from it
            stock_size (int | Unset): Dealt mode: the cards left in the stock
            trick (PlainTrick | Unset):
            tricks (list[FortyFivesTrick] | Unset): The round's finished tricks
            tricks_won (list[int] | Unset): Tricks won this round, per seat
            trump (None | str | Unset): The trump suit of the round (null before it is known): C, D, H or S
            turn_up (None | str | Unset): The card turned up for trumps
            turn_up_taken_by (int | None | Unset): Who robbed the turn-up
     """

    accepts_round_result: bool
    claimed: list[bool] | None
    computers: list[None | str]
    dealer: int | None
    expires_at: None | str
    hand: list[str] | None
    hands_scored: int
    history: list[FortyFivesRoundRecord]
    id: str
    legal_actions: list[Action]
    mode: AuctionFortyFivesViewMode
    names: list[str]
    options: AuctionFortyFivesViewOptions
    phase: str
    players: int
    preset: None | str
    referee_sees_hands: bool
    round_: int
    ruleset: AuctionFortyFivesViewRuleset
    scores: list[int]
    seed_commitment: None | str
    status: AuctionFortyFivesViewStatus
    teams: list[list[int]]
    to_act: list[int]
    version: int
    viewer: Viewer
    waiting_for_seats: bool
    winners: list[int]
    ace_announced_by: int | None | Unset = UNSET
    ace_holder: int | None | Unset = UNSET
    auction: Auction | Unset = UNSET
    contract: AuctionFortyFivesViewContractType1Type0 | Contract | None | Unset = UNSET
    deal_commitment: str | Unset = UNSET
    dealer_turned_ace: None | str | Unset = UNSET
    demoted_ace: None | str | Unset = UNSET
    discards: AuctionFortyFivesViewDiscardsType1 | list[str] | Unset = UNSET
    drawn: list[int] | Unset = UNSET
    hand_sizes: list[int] | Unset = UNSET
    hands: AuctionFortyFivesViewHands | Unset = UNSET
    kitty: list[str] | Unset = UNSET
    kitty_bid: None | str | Unset = UNSET
    kitty_size: int | Unset = UNSET
    reported_discards: list[str] | Unset = UNSET
    revokes: list[Revoke] | Unset = UNSET
    stock: list[str] | Unset = UNSET
    stock_size: int | Unset = UNSET
    trick: PlainTrick | Unset = UNSET
    tricks: list[FortyFivesTrick] | Unset = UNSET
    tricks_won: list[int] | Unset = UNSET
    trump: None | str | Unset = UNSET
    turn_up: None | str | Unset = UNSET
    turn_up_taken_by: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.action import Action # noqa: PLC0415
        from ..models.auction import Auction # noqa: PLC0415
        from ..models.auction_forty_fives_view_contract_type_1_type_0 import AuctionFortyFivesViewContractType1Type0 # noqa: PLC0415
        from ..models.auction_forty_fives_view_discards_type_1 import AuctionFortyFivesViewDiscardsType1 # noqa: PLC0415
        from ..models.auction_forty_fives_view_hands import AuctionFortyFivesViewHands # noqa: PLC0415
        from ..models.auction_forty_fives_view_options import AuctionFortyFivesViewOptions # noqa: PLC0415
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.forty_fives_round_record import FortyFivesRoundRecord # noqa: PLC0415
        from ..models.forty_fives_trick import FortyFivesTrick # noqa: PLC0415
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

        hands_scored = self.hands_scored

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

        round_ = self.round_

        ruleset = self.ruleset.value

        scores = self.scores



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



        ace_announced_by: int | None | Unset
        if isinstance(self.ace_announced_by, Unset):
            ace_announced_by = UNSET
        else:
            ace_announced_by = self.ace_announced_by

        ace_holder: int | None | Unset
        if isinstance(self.ace_holder, Unset):
            ace_holder = UNSET
        else:
            ace_holder = self.ace_holder

        auction: dict[str, Any] | Unset = UNSET
        if not isinstance(self.auction, Unset):
            auction = self.auction.to_dict()

        contract: dict[str, Any] | None | Unset
        if isinstance(self.contract, Unset):
            contract = UNSET
        elif isinstance(self.contract, Contract):
            contract = self.contract.to_dict()
        elif isinstance(self.contract, AuctionFortyFivesViewContractType1Type0):
            contract = self.contract.to_dict()
        else:
            contract = self.contract

        deal_commitment = self.deal_commitment

        dealer_turned_ace: None | str | Unset
        if isinstance(self.dealer_turned_ace, Unset):
            dealer_turned_ace = UNSET
        else:
            dealer_turned_ace = self.dealer_turned_ace

        demoted_ace: None | str | Unset
        if isinstance(self.demoted_ace, Unset):
            demoted_ace = UNSET
        else:
            demoted_ace = self.demoted_ace

        discards: dict[str, Any] | list[str] | Unset
        if isinstance(self.discards, Unset):
            discards = UNSET
        elif isinstance(self.discards, list):
            discards = self.discards


        else:
            discards = self.discards.to_dict()


        drawn: list[int] | Unset = UNSET
        if not isinstance(self.drawn, Unset):
            drawn = self.drawn



        hand_sizes: list[int] | Unset = UNSET
        if not isinstance(self.hand_sizes, Unset):
            hand_sizes = self.hand_sizes



        hands: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = self.hands.to_dict()

        kitty: list[str] | Unset = UNSET
        if not isinstance(self.kitty, Unset):
            kitty = self.kitty



        kitty_bid: None | str | Unset
        if isinstance(self.kitty_bid, Unset):
            kitty_bid = UNSET
        else:
            kitty_bid = self.kitty_bid

        kitty_size = self.kitty_size

        reported_discards: list[str] | Unset = UNSET
        if not isinstance(self.reported_discards, Unset):
            reported_discards = self.reported_discards



        revokes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.revokes, Unset):
            revokes = []
            for revokes_item_data in self.revokes:
                revokes_item = revokes_item_data.to_dict()
                revokes.append(revokes_item)



        stock: list[str] | Unset = UNSET
        if not isinstance(self.stock, Unset):
            stock = self.stock



        stock_size = self.stock_size

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

        turn_up_taken_by: int | None | Unset
        if isinstance(self.turn_up_taken_by, Unset):
            turn_up_taken_by = UNSET
        else:
            turn_up_taken_by = self.turn_up_taken_by


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accepts_round_result": accepts_round_result,
            "claimed": claimed,
            "computers": computers,
            "dealer": dealer,
            "expires_at": expires_at,
            "hand": hand,
            "hands_scored": hands_scored,
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
            "round": round_,
            "ruleset": ruleset,
            "scores": scores,
            "seed_commitment": seed_commitment,
            "status": status,
            "teams": teams,
            "to_act": to_act,
            "version": version,
            "viewer": viewer,
            "waiting_for_seats": waiting_for_seats,
            "winners": winners,
        })
        if ace_announced_by is not UNSET:
            field_dict["ace_announced_by"] = ace_announced_by
        if ace_holder is not UNSET:
            field_dict["ace_holder"] = ace_holder
        if auction is not UNSET:
            field_dict["auction"] = auction
        if contract is not UNSET:
            field_dict["contract"] = contract
        if deal_commitment is not UNSET:
            field_dict["deal_commitment"] = deal_commitment
        if dealer_turned_ace is not UNSET:
            field_dict["dealer_turned_ace"] = dealer_turned_ace
        if demoted_ace is not UNSET:
            field_dict["demoted_ace"] = demoted_ace
        if discards is not UNSET:
            field_dict["discards"] = discards
        if drawn is not UNSET:
            field_dict["drawn"] = drawn
        if hand_sizes is not UNSET:
            field_dict["hand_sizes"] = hand_sizes
        if hands is not UNSET:
            field_dict["hands"] = hands
        if kitty is not UNSET:
            field_dict["kitty"] = kitty
        if kitty_bid is not UNSET:
            field_dict["kitty_bid"] = kitty_bid
        if kitty_size is not UNSET:
            field_dict["kitty_size"] = kitty_size
        if reported_discards is not UNSET:
            field_dict["reported_discards"] = reported_discards
        if revokes is not UNSET:
            field_dict["revokes"] = revokes
        if stock is not UNSET:
            field_dict["stock"] = stock
        if stock_size is not UNSET:
            field_dict["stock_size"] = stock_size
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
        if turn_up_taken_by is not UNSET:
            field_dict["turn_up_taken_by"] = turn_up_taken_by

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.action import Action # noqa: PLC0415
        from ..models.auction import Auction # noqa: PLC0415
        from ..models.auction_forty_fives_view_contract_type_1_type_0 import AuctionFortyFivesViewContractType1Type0 # noqa: PLC0415
        from ..models.auction_forty_fives_view_discards_type_1 import AuctionFortyFivesViewDiscardsType1 # noqa: PLC0415
        from ..models.auction_forty_fives_view_hands import AuctionFortyFivesViewHands # noqa: PLC0415
        from ..models.auction_forty_fives_view_options import AuctionFortyFivesViewOptions # noqa: PLC0415
        from ..models.contract import Contract # noqa: PLC0415
        from ..models.forty_fives_round_record import FortyFivesRoundRecord # noqa: PLC0415
        from ..models.forty_fives_trick import FortyFivesTrick # noqa: PLC0415
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


        hands_scored = d.pop("hands_scored")

        history = []
        _history = d.pop("history")
        for history_item_data in (_history):
            history_item = FortyFivesRoundRecord.from_dict(history_item_data)



            history.append(history_item)


        id = d.pop("id")

        legal_actions = []
        _legal_actions = d.pop("legal_actions")
        for legal_actions_item_data in (_legal_actions):
            legal_actions_item = Action.from_dict(legal_actions_item_data)



            legal_actions.append(legal_actions_item)


        mode = AuctionFortyFivesViewMode(d.pop("mode"))




        names = cast(list[str], d.pop("names"))


        options = AuctionFortyFivesViewOptions.from_dict(d.pop("options"))




        phase = d.pop("phase")

        players = d.pop("players")

        def _parse_preset(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preset = _parse_preset(d.pop("preset"))


        referee_sees_hands = d.pop("referee_sees_hands")

        round_ = d.pop("round")

        ruleset = AuctionFortyFivesViewRuleset(d.pop("ruleset"))




        scores = cast(list[int], d.pop("scores"))


        def _parse_seed_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_commitment = _parse_seed_commitment(d.pop("seed_commitment"))


        status = AuctionFortyFivesViewStatus(d.pop("status"))




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


        def _parse_ace_announced_by(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ace_announced_by = _parse_ace_announced_by(d.pop("ace_announced_by", UNSET))


        def _parse_ace_holder(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ace_holder = _parse_ace_holder(d.pop("ace_holder", UNSET))


        _auction = d.pop("auction", UNSET)
        auction: Auction | Unset
        if isinstance(_auction,  Unset):
            auction = UNSET
        else:
            auction = Auction.from_dict(_auction)




        def _parse_contract(data: object) -> AuctionFortyFivesViewContractType1Type0 | Contract | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
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
                contract_type_1_type_0 = AuctionFortyFivesViewContractType1Type0.from_dict(data)



                return contract_type_1_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuctionFortyFivesViewContractType1Type0 | Contract | None | Unset, data)

        contract = _parse_contract(d.pop("contract", UNSET))


        deal_commitment = d.pop("deal_commitment", UNSET)

        def _parse_dealer_turned_ace(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dealer_turned_ace = _parse_dealer_turned_ace(d.pop("dealer_turned_ace", UNSET))


        def _parse_demoted_ace(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        demoted_ace = _parse_demoted_ace(d.pop("demoted_ace", UNSET))


        def _parse_discards(data: object) -> AuctionFortyFivesViewDiscardsType1 | list[str] | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                discards_type_0 = cast(list[str], data)

                return discards_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            discards_type_1 = AuctionFortyFivesViewDiscardsType1.from_dict(data)



            return discards_type_1

        discards = _parse_discards(d.pop("discards", UNSET))


        drawn = cast(list[int], d.pop("drawn", UNSET))


        hand_sizes = cast(list[int], d.pop("hand_sizes", UNSET))


        _hands = d.pop("hands", UNSET)
        hands: AuctionFortyFivesViewHands | Unset
        if isinstance(_hands,  Unset):
            hands = UNSET
        else:
            hands = AuctionFortyFivesViewHands.from_dict(_hands)




        kitty = cast(list[str], d.pop("kitty", UNSET))


        def _parse_kitty_bid(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kitty_bid = _parse_kitty_bid(d.pop("kitty_bid", UNSET))


        kitty_size = d.pop("kitty_size", UNSET)

        reported_discards = cast(list[str], d.pop("reported_discards", UNSET))


        _revokes = d.pop("revokes", UNSET)
        revokes: list[Revoke] | Unset = UNSET
        if _revokes is not UNSET:
            revokes = []
            for revokes_item_data in _revokes:
                revokes_item = Revoke.from_dict(revokes_item_data)



                revokes.append(revokes_item)


        stock = cast(list[str], d.pop("stock", UNSET))


        stock_size = d.pop("stock_size", UNSET)

        _trick = d.pop("trick", UNSET)
        trick: PlainTrick | Unset
        if isinstance(_trick,  Unset):
            trick = UNSET
        else:
            trick = PlainTrick.from_dict(_trick)




        _tricks = d.pop("tricks", UNSET)
        tricks: list[FortyFivesTrick] | Unset = UNSET
        if _tricks is not UNSET:
            tricks = []
            for tricks_item_data in _tricks:
                tricks_item = FortyFivesTrick.from_dict(tricks_item_data)



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


        def _parse_turn_up_taken_by(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_up_taken_by = _parse_turn_up_taken_by(d.pop("turn_up_taken_by", UNSET))


        auction_forty_fives_view = cls(
            accepts_round_result=accepts_round_result,
            claimed=claimed,
            computers=computers,
            dealer=dealer,
            expires_at=expires_at,
            hand=hand,
            hands_scored=hands_scored,
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
            round_=round_,
            ruleset=ruleset,
            scores=scores,
            seed_commitment=seed_commitment,
            status=status,
            teams=teams,
            to_act=to_act,
            version=version,
            viewer=viewer,
            waiting_for_seats=waiting_for_seats,
            winners=winners,
            ace_announced_by=ace_announced_by,
            ace_holder=ace_holder,
            auction=auction,
            contract=contract,
            deal_commitment=deal_commitment,
            dealer_turned_ace=dealer_turned_ace,
            demoted_ace=demoted_ace,
            discards=discards,
            drawn=drawn,
            hand_sizes=hand_sizes,
            hands=hands,
            kitty=kitty,
            kitty_bid=kitty_bid,
            kitty_size=kitty_size,
            reported_discards=reported_discards,
            revokes=revokes,
            stock=stock,
            stock_size=stock_size,
            trick=trick,
            tricks=tricks,
            tricks_won=tricks_won,
            trump=trump,
            turn_up=turn_up,
            turn_up_taken_by=turn_up_taken_by,
        )


        auction_forty_fives_view.additional_properties = d
        return auction_forty_fives_view

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
