"""The state of a Boerenbridge match: frozen dataclasses that round-trip through ``service.matches.codec``.

The state is split so that a play, the commonest action, rebuilds only the top-level
``BoerenbridgeState``: the match totals (``MatchInfo``) change once per round and the round's set-up
(``RoundSetup``) is fixed from the end of the bidding on (table mode adds its revokes to it).

Phases, in the order of a round (docs/rules/boerenbridge.md §5): ``deal`` (the next round must be
dealt; ``needs_deal``), ``turn_up`` (table mode with a turn-up trump: the referee reports the turned
card, §11), ``bidding`` (§6), ``trump`` (the highest bidder names trumps, §11), ``play`` (§7), and
``finished`` once the match is over (§10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.rules.cards import Card, Suit
from service.rules.games.boerenbridge.options import MAX_SEATS
from service.rules.options import Options
from service.rules.revokes import Revoke
from service.rules.slots import slot_maker
from service.rules.tricks import TrickDone

DEAL = "deal"
TURN_UP = "turn_up"
BIDDING = "bidding"
TRUMP = "trump"
PLAY = "play"
FINISHED_PHASE = "finished"

#: ALONE[seat] is ``(seat,)``, made once: ``to_act`` returns one at nearly every step of a match, and
#: reading the tuple is cheaper than building it
ALONE = tuple((s,) for s in range(MAX_SEATS))


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """What a scorekeeper keeps of a finished round (``scores`` are the totals after it)."""

    number: int
    dealer: int
    hand_size: int
    trump: Suit | None
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    revokes: tuple[Revoke, ...] = ()
    reported: bool = False  # table mode: scored from a round_result instead of the plays
    #: the totals before the round (for a revoke's settlement; () in a state stored before it)
    before: tuple[int, ...] = ()
    void: bool = False  # a revoke ruled under revoke_penalty = "hand_void" (§15.5)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "dealer": self.dealer,
            "hand_size": self.hand_size,
            "trump": self.trump.value if self.trump is not None else None,
            "bids": list(self.bids),
            "tricks": list(self.tricks),
            "points": list(self.points),
            "scores": list(self.scores),
            "revokes": [r.to_json() for r in self.revokes],
            "reported": self.reported,
            "void": self.void,
        }


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """The match: totals and history. ``next_dealer`` deals the next round (phase ``deal``).

    ``history`` holds the records of the finished rounds still in the state: all of them, or only
    the last once ``Ruleset.archive`` has taken the older ones out; ``archived`` counts those, so
    ``rounds_done`` (round numbers, the hand-size schedule) counts every round. A state stored before
    the counter existed decodes with ``archived`` 0: nothing had been taken out of it."""

    options: Options
    players: int
    mode: str
    scores: tuple[int, ...]
    next_dealer: int
    history: tuple[RoundRecord, ...] = ()
    result: str | None = None
    winners: tuple[int, ...] = ()
    archived: int = 0  # finished rounds taken out of ``history`` by ``Ruleset.archive``
    voided: int = 0  # finished rounds made void by a revoke (§15.5): not counted by the schedule or limits

    @property
    def rounds_done(self) -> int:
        """The rounds finished so far, archived ones included."""
        return self.archived + len(self.history)

    @property
    def rounds_counted(self) -> int:
        """The rounds finished that count (the hand-size schedule, ``max_rounds``): void ones not."""
        return self.rounds_done - self.voided


@dataclass(frozen=True, slots=True)
class RoundSetup:
    """One round's set-up: fixed from the end of the bidding (the bids are in the match state).

    ``active``: who bids (§6.1); ``hook``: the hook player (§6.2) or None; ``hook_rule``: whether
    §6.3 restricts him (``hook_min_hand_size``); ``reviser``: who may change his bid until the opening
    lead (§6.5); ``trump_chooser``: the highest bidder under ``highest_bidder_chooses``; ``revokes``
    (table mode): the failures to follow suit that the plays so far prove, updated at each play;
    ``lowest_bid``: the lowest bid an active bidder may make (0, or 1 under ``zero_bid_allowed =
    false``, §15.4; a state stored before the option existed decodes with 0).
    """

    number: int
    dealer: int
    hand_size: int
    active: tuple[bool, ...]
    hook: int | None
    hook_rule: bool
    reviser: int | None
    turn_up: Card | None
    trump: Suit | None
    trump_chooser: int | None = None
    revokes: tuple[Revoke, ...] = ()  # table mode: the revokes proven by the plays so far
    lowest_bid: int = 0


@dataclass(frozen=True, slots=True)
class BoerenbridgeState:
    """The whole match. While a round is on: ``round`` (its set-up), ``bids`` (None: no bid, or a
    non-bidder; a sealed bid is here too and ``view`` hides it), ``hands`` as 52-bit
    masks (``service.rules.handmask``; None in table mode, where hands are unknown), the trick in
    progress (cards from ``leader``), tricks won per seat, the completed tricks, and ``shown``: the
    mask of the cards seen this round (played, or turned up)."""

    match: MatchInfo
    phase: str
    round: RoundSetup | None = None
    bids: tuple[int | None, ...] = ()
    hands: tuple[int, ...] | None = None
    leader: int = 0
    trick: tuple[Card, ...] = ()
    tricks_won: tuple[int, ...] = ()
    done: tuple[TrickDone, ...] = ()
    shown: int = 0


#: ``BoerenbridgeState(match, phase, round, bids, hands, leader, trick, tricks_won, done, shown)``, all
#: ten fields in order, for the hot path (every play rebuilds the state): ``slots.slot_maker`` sets the
#: slots directly, the one way the rules core builds states fast; the same, equal, immutable object.
#: What it buys (bench/engine.py, seed rules, alternating runs at load average about 10, 2026-12-01):
#: 3,770-4,060 hands per CPU second against 3,270-3,590 with the dataclass's own constructor (~12%).
make_state = slot_maker(BoerenbridgeState)
