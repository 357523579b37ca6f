""" Contains all the data models used in inputs/outputs """

from .action import Action
from .action_result import ActionResult
from .action_ruling import ActionRuling
from .claim import Claim
from .claimed import Claimed
from .create_match import CreateMatch
from .create_match_mode import CreateMatchMode
from .create_match_options import CreateMatchOptions
from .create_match_players_item_type_1 import CreateMatchPlayersItemType1
from .create_match_players_item_type_1_computer import CreateMatchPlayersItemType1Computer
from .create_match_seats import CreateMatchSeats
from .events import Events
from .get_record_format import GetRecordFormat
from .health import Health
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
from .match_view import MatchView
from .match_view_current_trick_type_1_type_0 import MatchViewCurrentTrickType1Type0
from .match_view_mode import MatchViewMode
from .match_view_options import MatchViewOptions
from .match_view_status import MatchViewStatus
from .match_view_trick_type_1_type_0 import MatchViewTrickType1Type0
from .option import Option
from .option_type import OptionType
from .pagination_metadata import PaginationMetadata
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
from .trick_in_progress import TrickInProgress
from .trick_play import TrickPlay
from .trick_request import TrickRequest
from .trick_request_options import TrickRequestOptions
from .trick_request_plays_item_type_1 import TrickRequestPlaysItemType1
from .viewer import Viewer
from .viewer_role import ViewerRole

__all__ = (
    "Action",
    "ActionResult",
    "ActionRuling",
    "Claim",
    "Claimed",
    "CreateMatch",
    "CreateMatchMode",
    "CreateMatchOptions",
    "CreateMatchPlayersItemType1",
    "CreateMatchPlayersItemType1Computer",
    "CreateMatchSeats",
    "Events",
    "GetRecordFormat",
    "Health",
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
    "MatchView",
    "MatchViewCurrentTrickType1Type0",
    "MatchViewMode",
    "MatchViewOptions",
    "MatchViewStatus",
    "MatchViewTrickType1Type0",
    "Option",
    "OptionType",
    "PaginationMetadata",
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
    "TrickInProgress",
    "TrickPlay",
    "TrickRequest",
    "TrickRequestOptions",
    "TrickRequestPlaysItemType1",
    "Viewer",
    "ViewerRole",
)
