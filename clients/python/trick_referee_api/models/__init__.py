""" Contains all the data models used in inputs/outputs """

from .action import Action
from .action_result import ActionResult
from .action_ruling import ActionRuling
from .auction import Auction
from .auction_call import AuctionCall
from .auction_forty_fives_view import AuctionFortyFivesView
from .auction_forty_fives_view_contract_type_1_type_0 import AuctionFortyFivesViewContractType1Type0
from .auction_forty_fives_view_discards_type_1 import AuctionFortyFivesViewDiscardsType1
from .auction_forty_fives_view_hands import AuctionFortyFivesViewHands
from .auction_forty_fives_view_mode import AuctionFortyFivesViewMode
from .auction_forty_fives_view_options import AuctionFortyFivesViewOptions
from .auction_forty_fives_view_ruleset import AuctionFortyFivesViewRuleset
from .auction_forty_fives_view_status import AuctionFortyFivesViewStatus
from .avinas_call import AvinasCall
from .avinas_call_call_type_1 import AvinasCallCallType1
from .avinas_hand_record import AvinasHandRecord
from .avinas_hand_record_game import AvinasHandRecordGame
from .avinas_hand_record_source import AvinasHandRecordSource
from .avinas_knock import AvinasKnock
from .avinas_play import AvinasPlay
from .avinas_round_facts import AvinasRoundFacts
from .avinas_round_facts_game import AvinasRoundFactsGame
from .avinas_trick import AvinasTrick
from .avinas_view import AvinasView
from .avinas_view_current_trick_type_1_type_0 import AvinasViewCurrentTrickType1Type0
from .avinas_view_mode import AvinasViewMode
from .avinas_view_options import AvinasViewOptions
from .avinas_view_ruleset import AvinasViewRuleset
from .avinas_view_scores_are import AvinasViewScoresAre
from .avinas_view_status import AvinasViewStatus
from .avinas_view_trick_type_1_type_0 import AvinasViewTrickType1Type0
from .boerenbridge_bidding import BoerenbridgeBidding
from .boerenbridge_bidding_status_item import BoerenbridgeBiddingStatusItem
from .boerenbridge_round_facts import BoerenbridgeRoundFacts
from .boerenbridge_round_record import BoerenbridgeRoundRecord
from .boerenbridge_trick import BoerenbridgeTrick
from .boerenbridge_view import BoerenbridgeView
from .boerenbridge_view_mode import BoerenbridgeViewMode
from .boerenbridge_view_options import BoerenbridgeViewOptions
from .boerenbridge_view_ruleset import BoerenbridgeViewRuleset
from .boerenbridge_view_status import BoerenbridgeViewStatus
from .card_play import CardPlay
from .claim import Claim
from .claimed import Claimed
from .contract import Contract
from .create_match import CreateMatch
from .create_match_mode import CreateMatchMode
from .create_match_options import CreateMatchOptions
from .create_match_players_item_type_1 import CreateMatchPlayersItemType1
from .create_match_players_item_type_1_computer import CreateMatchPlayersItemType1Computer
from .create_match_seats import CreateMatchSeats
from .events import Events
from .expose_next import ExposeNext
from .exposure import Exposure
from .forty_fives_bid import FortyFivesBid
from .forty_fives_round_facts import FortyFivesRoundFacts
from .forty_fives_round_record import FortyFivesRoundRecord
from .forty_fives_round_record_contract_type_1_type_0 import FortyFivesRoundRecordContractType1Type0
from .forty_fives_trick import FortyFivesTrick
from .forty_fives_view import FortyFivesView
from .forty_fives_view_discards_type_1 import FortyFivesViewDiscardsType1
from .forty_fives_view_hands import FortyFivesViewHands
from .forty_fives_view_mode import FortyFivesViewMode
from .forty_fives_view_options import FortyFivesViewOptions
from .forty_fives_view_ruleset import FortyFivesViewRuleset
from .forty_fives_view_status import FortyFivesViewStatus
from .get_record_format import GetRecordFormat
from .health import Health
from .lan import Lan
from .legal_plays_answer import LegalPlaysAnswer
from .legal_plays_request import LegalPlaysRequest
from .legal_plays_request_options import LegalPlaysRequestOptions
from .legal_plays_request_trick_item_type_1 import LegalPlaysRequestTrickItemType1
from .match_created import MatchCreated
from .match_event import MatchEvent
from .match_event_action import MatchEventAction
from .match_event_kind import MatchEventKind
from .match_event_round import MatchEventRound
from .match_record import MatchRecord
from .match_record_actions_item import MatchRecordActionsItem
from .match_record_deals_item import MatchRecordDealsItem
from .match_record_first_dealer import MatchRecordFirstDealer
from .match_record_options import MatchRecordOptions
from .match_record_refused_item import MatchRecordRefusedItem
from .match_record_rounds_item import MatchRecordRoundsItem
from .option import Option
from .option_type import OptionType
from .other_ruleset_view import OtherRulesetView
from .other_ruleset_view_mode import OtherRulesetViewMode
from .other_ruleset_view_status import OtherRulesetViewStatus
from .pagination_metadata import PaginationMetadata
from .plain_trick import PlainTrick
from .players import Players
from .players_needs import PlayersNeeds
from .preset import Preset
from .preset_options import PresetOptions
from .problem import Problem
from .problem_errors import ProblemErrors
from .ready import Ready
from .ready_status import ReadyStatus
from .ready_store import ReadyStore
from .reason import Reason
from .revoke import Revoke
from .rounds import Rounds
from .rounds_rounds_item import RoundsRoundsItem
from .ruleset import Ruleset
from .ruleset_detail import RulesetDetail
from .ruleset_detail_computer_levels_item import RulesetDetailComputerLevelsItem
from .ruleset_detail_options_schema import RulesetDetailOptionsSchema
from .ruleset_detail_ranking_tables import RulesetDetailRankingTables
from .ruleset_list import RulesetList
from .score_answer import ScoreAnswer
from .score_request import ScoreRequest
from .score_request_options import ScoreRequestOptions
from .seat_links import SeatLinks
from .seat_token import SeatToken
from .stream_match_response_200 import StreamMatchResponse200
from .stream_match_response_200_event import StreamMatchResponse200Event
from .trick_answer import TrickAnswer
from .trick_request import TrickRequest
from .trick_request_options import TrickRequestOptions
from .trick_request_plays_item_type_1 import TrickRequestPlaysItemType1
from .viewer import Viewer
from .viewer_role import ViewerRole

__all__ = (
    "Action",
    "ActionResult",
    "ActionRuling",
    "Auction",
    "AuctionCall",
    "AuctionFortyFivesView",
    "AuctionFortyFivesViewContractType1Type0",
    "AuctionFortyFivesViewDiscardsType1",
    "AuctionFortyFivesViewHands",
    "AuctionFortyFivesViewMode",
    "AuctionFortyFivesViewOptions",
    "AuctionFortyFivesViewRuleset",
    "AuctionFortyFivesViewStatus",
    "AvinasCall",
    "AvinasCallCallType1",
    "AvinasHandRecord",
    "AvinasHandRecordGame",
    "AvinasHandRecordSource",
    "AvinasKnock",
    "AvinasPlay",
    "AvinasRoundFacts",
    "AvinasRoundFactsGame",
    "AvinasTrick",
    "AvinasView",
    "AvinasViewCurrentTrickType1Type0",
    "AvinasViewMode",
    "AvinasViewOptions",
    "AvinasViewRuleset",
    "AvinasViewScoresAre",
    "AvinasViewStatus",
    "AvinasViewTrickType1Type0",
    "BoerenbridgeBidding",
    "BoerenbridgeBiddingStatusItem",
    "BoerenbridgeRoundFacts",
    "BoerenbridgeRoundRecord",
    "BoerenbridgeTrick",
    "BoerenbridgeView",
    "BoerenbridgeViewMode",
    "BoerenbridgeViewOptions",
    "BoerenbridgeViewRuleset",
    "BoerenbridgeViewStatus",
    "CardPlay",
    "Claim",
    "Claimed",
    "Contract",
    "CreateMatch",
    "CreateMatchMode",
    "CreateMatchOptions",
    "CreateMatchPlayersItemType1",
    "CreateMatchPlayersItemType1Computer",
    "CreateMatchSeats",
    "Events",
    "ExposeNext",
    "Exposure",
    "FortyFivesBid",
    "FortyFivesRoundFacts",
    "FortyFivesRoundRecord",
    "FortyFivesRoundRecordContractType1Type0",
    "FortyFivesTrick",
    "FortyFivesView",
    "FortyFivesViewDiscardsType1",
    "FortyFivesViewHands",
    "FortyFivesViewMode",
    "FortyFivesViewOptions",
    "FortyFivesViewRuleset",
    "FortyFivesViewStatus",
    "GetRecordFormat",
    "Health",
    "Lan",
    "LegalPlaysAnswer",
    "LegalPlaysRequest",
    "LegalPlaysRequestOptions",
    "LegalPlaysRequestTrickItemType1",
    "MatchCreated",
    "MatchEvent",
    "MatchEventAction",
    "MatchEventKind",
    "MatchEventRound",
    "MatchRecord",
    "MatchRecordActionsItem",
    "MatchRecordDealsItem",
    "MatchRecordFirstDealer",
    "MatchRecordOptions",
    "MatchRecordRefusedItem",
    "MatchRecordRoundsItem",
    "Option",
    "OptionType",
    "OtherRulesetView",
    "OtherRulesetViewMode",
    "OtherRulesetViewStatus",
    "PaginationMetadata",
    "PlainTrick",
    "Players",
    "PlayersNeeds",
    "Preset",
    "PresetOptions",
    "Problem",
    "ProblemErrors",
    "Ready",
    "ReadyStatus",
    "ReadyStore",
    "Reason",
    "Revoke",
    "Rounds",
    "RoundsRoundsItem",
    "Ruleset",
    "RulesetDetail",
    "RulesetDetailComputerLevelsItem",
    "RulesetDetailOptionsSchema",
    "RulesetDetailRankingTables",
    "RulesetList",
    "ScoreAnswer",
    "ScoreRequest",
    "ScoreRequestOptions",
    "SeatLinks",
    "SeatToken",
    "StreamMatchResponse200",
    "StreamMatchResponse200Event",
    "TrickAnswer",
    "TrickRequest",
    "TrickRequestOptions",
    "TrickRequestPlaysItemType1",
    "Viewer",
    "ViewerRole",
)
