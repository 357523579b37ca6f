"""Match state of the Forty-Fives family: frozen dataclasses that round-trip through ``codec``.

The state is split so that a card played rebuilds one small object: ``FortyFivesState`` holds
what changes trick by trick (phase, seat to act, hands, the trick in progress, the tricks done),
``MatchInfo`` what changes once per round (options, scores, history, dealer, status), and
``Round`` the facts of the round outside trick play (turn-up, trump, robbing, auction, discards).

``MatchInfo.history`` holds the records of finished rounds still in the state: every one, unless
``Ruleset.archive`` took the older ones out (the match's event log keeps them), which leaves the
last one only; ``MatchInfo.archived`` counts the rounds taken out, so ``archived + len(history)``
is the number of rounds finished (round numbers never restart). A state stored before the counter
existed decodes with ``archived`` 0, which is right: nothing had been taken out of it.

Hands (dealt mode) are 52-bit masks, bit ``Card.index`` set for each card held; ``None`` in table
mode, where the hands are unknown.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.cards import Card, Suit
from service.rules.options import Options
from service.rules.revokes import Revoke
from service.rules.slots import slot_maker
from service.rules.tricks import TrickDone

TRICKS_PER_HAND = 5

# Phases
DEAL = "deal"  # the next thing is a deal (needs_deal)
TURN_UP = "turn_up"  # table mode: the referee reports the turned-up card
DEALER_ROB = "dealer_rob"  # the dealer decides on a turned-up ace
AUCTION = "auction"
NAME_TRUMP = "name_trump"
DISCARD = "discard"
DEALER_DRAW = "dealer_draw"  # dealer_robs_pack: the dealer picks replacements from the stock
PLAY = "play"
OVER = "over"  # the match is finished

# Round.dealer_ace: the dealer and a turned-up ace (§2.5, §3.4)
ACE_NONE = ""  # the turn-up is not an ace (or bidding mode)
ACE_MUST_ROB = "must_rob"  # must take it before the first lead
ACE_CHOOSE = "choose"  # decides before the first lead (discard at once, ace after trick 1)
ACE_AFTER_TRICK = "after_trick"  # decides after trick 1
ACE_PENDING = "pending"  # discarded before the lead; takes the ace when trick 1 is complete
ACE_ROBBED = "robbed"
ACE_DECLINED = "declined"
ACE_TAKEN_LATE = "taken_after_trick"  # the dealer took a turned-up ace after trick 1
ACE_MAY_DECLINE = "may_decline"  # takes it or declines it (announced) before the first lead (§9.2)
#: the duties that open the phase ``dealer_rob`` before the first lead
ACE_BEFORE_LEAD = (ACE_MUST_ROB, ACE_CHOOSE, ACE_MAY_DECLINE)


#: A completed trick: the leader's seat, the cards in play order, the winning seat (the value every
#: game with plain-card tricks shares, ``service.rules.tricks.TrickDone``)
Trick = TrickDone


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction: ``call`` is ``"bid"``, ``"pass"`` or ``"hold"``."""

    seat: int
    call: str
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class Auction:
    """The auction so far: the calls, the standing high bid and its holder, who has passed."""

    calls: tuple[Call, ...] = ()
    high: int | None = None
    high_seat: int | None = None
    passed: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class Contract:
    """The auction's result: the high bidder (None when a table reported only the team), its team, the amount."""

    seat: int | None
    team: int
    amount: int


@dataclass(frozen=True, slots=True)
class Round:
    """The facts of the round in progress outside trick play."""

    number: int
    dealer: int
    turn_up: Card | None = None
    trump: Suit | None = None
    stock: tuple[Card, ...] = ()  # dealt mode: the undealt cards, top first (without the turn-up)
    kitty: tuple[Card, ...] = ()  # dealt mode: until the bidder takes it
    discards: tuple[tuple[Card, ...], ...] = ()  # dealt mode: each seat's face-down discards
    ace_holder: int | None = None  # dealt mode: the seat dealt the ace of trumps (never shown)
    robbed_by: int | None = None  # the seat that took the turn-up (the dealer too, for a turned ace)
    announced_by: int | None = None  # the seat that announced holding the ace of trumps
    dealer_ace: str = ACE_NONE
    demoted: Card | None = None  # the ace of trumps ranked lowest this deal (§1.5)
    auction: Auction | None = None
    contract: Contract | None = None
    drawn: tuple[int, ...] = ()  # bidding mode: cards each seat was dealt back (public counts)
    to_draw: int = 0  # dealer_robs_pack: replacements the dealer still has to pick
    out: tuple[Card, ...] = ()  # table mode: cards reported as discarded (out of play)
    revokes: tuple[Revoke, ...] = ()  # table mode
    kitty_bid: str = ""  # the bidder bid on the kitty (§9.6): "keep_one" or "whole_hand"; "" not


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A finished round as the history keeps it (everything here is public once the round is over)."""

    number: int
    dealer: int
    trump: Suit | None
    turn_up: Card | None
    robbed_by: int | None
    announced_by: int | None
    demoted: Card | None
    contract: Contract | None
    tricks: tuple[Trick, ...]  # the most recent finished round only; empty for older rounds and reported ones
    tricks_won: tuple[int, ...]  # per seat
    highest_trump: Card | None
    bonus_seat: int | None
    points: tuple[int, ...]  # per seat (forty_fives) or per team (auction)
    scores: tuple[int, ...]  # after the round
    void: bool = False  # bidding mode, everyone passed with all_pass = "redeal"
    reported: bool = False  # table mode: reported as a round_result
    revokes: tuple[Revoke, ...] = ()
    made: bool | None = None  # bidding mode: did the bidders make their bid


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """What changes once per round."""

    options: Options
    players: int
    mode: str
    dealer: int  # the dealer of the round in progress, or of the next deal
    scores: tuple[int, ...]  # per seat (forty_fives) or per team (auction)
    history: tuple[RoundRecord, ...] = ()  # the finished rounds not archived (the last one, once archived)
    status: str = "in_progress"
    winners: tuple[int, ...] = ()
    archived: int = 0  # finished rounds taken out of ``history`` by ``Ruleset.archive``
    scored: int = 0  # finished rounds that were scored (void ones not counted: §9.4)

    @property
    def rounds_done(self) -> int:
        """The rounds finished so far, archived ones included."""
        return self.archived + len(self.history)


@dataclass(frozen=True, slots=True)
class FortyFivesState:
    """A whole match of Forty-Fives or Auction Forty-Fives."""

    match: MatchInfo
    phase: str
    turn: int = -1  # the seat to act (-1: nobody)
    round: Round | None = None
    hands: tuple[int, ...] | None = None  # dealt mode: per seat, a mask of Card.index bits
    leader: int = -1  # the leader of the trick in progress
    current: tuple[Card, ...] = ()  # the trick in progress, leader first
    tricks: tuple[Trick, ...] = ()  # the completed tricks of this round


#: The fast constructors of the hot path (``service.rules.slots.slot_maker``: every field in order, the
#: slots set directly, the same object as the class's own ``__init__`` gives, about twice as fast):
#: a state per card played, a trick per five cards, a round per deal, a record and a match per round.
#: FortyFivesState(match, phase, turn, round, hands, leader, current, tricks)
make_state = slot_maker(FortyFivesState)
#: Trick(leader, cards, winner)
make_trick = slot_maker(Trick)
#: Round(number, dealer, turn_up, trump, stock, kitty, discards, ace_holder, robbed_by, announced_by,
#: dealer_ace, demoted, auction, contract, drawn, to_draw, out, revokes, kitty_bid)
make_round = slot_maker(Round)
#: RoundRecord(number, dealer, trump, turn_up, robbed_by, announced_by, demoted, contract, tricks,
#: tricks_won, highest_trump, bonus_seat, points, scores, void, reported, revokes, made)
make_record = slot_maker(RoundRecord)
#: MatchInfo(options, players, mode, dealer, scores, history, status, winners, archived, scored)
make_match = slot_maker(MatchInfo)


# ------------------------------------------------------------------------------------------------
# Questions on the round in progress
# ------------------------------------------------------------------------------------------------


def current_round(state: FortyFivesState) -> Round:
    """The round in progress (phases that have one only)."""
    rnd = state.round
    assert rnd is not None
    return rnd


def has_played_current(state: FortyFivesState, seat: int) -> bool:
    """Whether ``seat`` has played to the trick in progress."""
    return (seat - state.leader) % state.match.players < len(state.current)


def has_played(state: FortyFivesState, seat: int) -> bool:
    """Whether ``seat`` has played a card this round."""
    if state.tricks:
        return True
    return has_played_current(state, seat)


def played_cards(state: FortyFivesState) -> list[Card]:
    """Every card played this round, in order."""
    out = [c for t in state.tricks for c in t.cards]
    out.extend(state.current)
    return out


def plays_by(state: FortyFivesState, seat: int) -> int:
    """How many cards ``seat`` has played this round."""
    return len(state.tricks) + (1 if has_played_current(state, seat) else 0)
