"""Hand-written layer over the generated ``trick_referee_api``: the ``Match`` helper and its errors."""

from trick_referee_client.errors import OutcomeUnknown, ProblemError
from trick_referee_client.match import Match, MatchView, Rules, StreamEvent, create_match, seat_token

__all__ = ["Match", "MatchView", "OutcomeUnknown", "ProblemError", "Rules", "StreamEvent", "create_match", "seat_token"]
