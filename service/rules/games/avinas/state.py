"""Avinas match state: frozen dataclasses that round-trip through ``service.matches.codec``
(docs/rules/avinas.md §1, §4, §11).

One ``AvinasState`` holds the whole match (options, mode, dealer, rams, pips, hand history,
status) and the ``HandState`` of the hand in progress, if any. ``history`` holds the records of the
finished hands still in the state: all of them, or only the last once ``Ruleset.archive`` has taken
the older ones out; ``hands_played`` counts every finished hand either way. Phases of a hand (§11):
``expose`` (table mode: the referee reports the 4th/8th cards one position at a time),
``knock`` (the knock window), ``auction`` (the no-seven declaration), ``play``.

Seats 0-3 sit clockwise; partners sit opposite (team 0 = seats 0 and 2, §1). The helpers at the end
place the #4/#8 exposures in dealing order (§4.2, §5.1) and list the cards played so far as a seat
has seen them (§4.3).

States are built and copied with ``service.rules.slots`` (``evolve``), which sets their slots
directly: every class here is a slotted dataclass whose ``__init__`` only sets its fields.

No human text is kept here, only what it is made from, so that the store reads a state back fast
(a message decodes several times slower than it is built): a trick's ``reason`` is a reason code
(``play.winner_of``), a hand's explanation is made again from its record (``round_end.explanation``),
the match's ``end_reason`` is a code (``END_BY_SCORE``, ``END_BY_MAX_HANDS``); the view builds the
messages. A state stored before the texts became messages holds English sentences in ``reason``,
``explanation`` and ``end_reason``, which its views show as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.cards import Card, Rank, Suit
from service.rules.options import Options
from service.rules.revokes import Revoke
from service.rules.ruleset import IN_PROGRESS
from service.rules.tricks import Play

#: the id the ruleset is registered under (``Avinas.id``), which every view names
RULESET_ID = "avinas"

#: why a match ended (``AvinasState.end_reason``): the score (§10), the ``max_hands`` limit, or a
#: proven lie under ``lie_penalty = "match"`` (§16.5)
END_BY_SCORE = "score"
END_BY_MAX_HANDS = "max_hands"
END_BY_LIE = "lie"

EXPOSE = "expose"
KNOCK = "knock"
AUCTION = "auction"
PLAY = "play"


@dataclass(frozen=True, slots=True)
class Exposure:
    """A player's #4 or #8 card (§4.2). ``public``: turned face up for everybody. A private one
    (a dealer-side card that is not a seven) is known to its holder and the dealer; in table mode
    its ``card`` is None (the table never shows it)."""

    seat: int
    position: int
    card: Card | None
    public: bool


@dataclass(frozen=True, slots=True)
class Call:
    """One auction call: ``amount`` None is a pass."""

    seat: int
    amount: int | None


@dataclass(frozen=True, slots=True)
class KnockCall:
    seat: int
    knocked: bool


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick, complete or in progress: ``plays[i]`` is by seat ``(leader + i) % 4``.

    ``signal``: the face-down lead's free hint (``facedown_signal``). ``winner`` (a seat) and
    ``points`` are set once the trick is complete.
    """

    number: int
    leader: int
    plays: tuple[Play, ...] = ()
    signal: str | None = None
    winner: int | None = None
    points: int = 0
    reason: str = ""

    def seat_of(self, index: int) -> int:
        return (self.leader + index) % 4


@dataclass(frozen=True, slots=True)
class HandState:
    """The hand in progress. ``dealt``/``hands`` are None in table mode (hands unknown)."""

    number: int
    dealer: int
    phase: str
    dealt: tuple[tuple[Card, ...], ...] | None
    hands: tuple[tuple[Card, ...], ...] | None
    exposures: tuple[Exposure, ...] = ()
    game: str | None = None
    trump: Suit | None = None
    declarer: int | None = None
    declared: int | None = None
    calls: tuple[Call, ...] = ()
    knocks: tuple[KnockCall, ...] = ()
    tricks: tuple[Trick, ...] = ()
    current: Trick | None = None
    revokes: tuple[Revoke, ...] = ()


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished hand in the match history (everything here is public once the hand is over)."""

    number: int
    dealer: int
    outcome: str  # "scored" | "thrown_in"
    source: str  # "play" | "round_result" | "auction"
    game: str | None = None
    declarer: int | None = None
    trump: Suit | None = None
    declared: int | None = None
    knocks: int = 0
    declarers_knocked: bool = False
    card_points: tuple[int, int] = (0, 0)
    tricks_won: tuple[int, int] = (0, 0)
    stopped_after: int | None = None
    stopped_by: int | None = None  # the seat that stopped play (the declarer, or with stop_by, his partner)
    lied: bool = False
    declarer_won: bool | None = None
    loser: int | None = None
    tier: int | None = None
    due: int = 0
    unit: str | None = None
    rams: tuple[int, int] = (0, 0)
    pips: tuple[int, int] = (0, 0)
    revokes: tuple[Revoke, ...] = ()
    cancelled: int = 0  # rams of the other team crossed out by this hand's (§9.2)
    sevens_exposed: int = 0  # the sevens exposed in the deal (§16.3), 0 where not known
    void: bool = False  # a revoke ruled void (revoke_penalty, §16.7): nothing due, the hand counts for nothing
    explanation: tuple[str, ...] = ()  # only in a state stored before the texts became messages
    tricks: tuple[Trick, ...] = ()  # the tricks played, where the hand was played card by card (source "play")


@dataclass(frozen=True, slots=True)
class AvinasState:
    """A whole match. ``dealer`` is the dealer of the hand in progress, or of the next hand."""

    options: Options
    mode: str
    dealer: int
    n_players: int = 4
    rams: tuple[int, int] = (0, 0)
    pips: tuple[int, int] = (0, 0)
    hands_played: int = 0  # every finished hand, archived ones included
    history: tuple[HandRecord, ...] = ()  # the finished hands not archived (the last one, once archived)
    hand: HandState | None = None
    status: str = IN_PROGRESS
    winners: tuple[int, ...] = ()
    result: str | None = None
    end_reason: str | None = None  # END_BY_SCORE, END_BY_MAX_HANDS, END_BY_LIE (or an older state's English)
    voided: int = 0  # finished hands made void by a revoke (§16.7): not counted for ``max_hands``


def sevens_exposed(hand: HandState) -> int:
    """The sevens exposed so far in this hand (§4.2, §5; all of them once the 8 exposures are in)."""
    return sum(1 for e in hand.exposures if e.public and e.card is not None and e.card.rank is Rank.SEVEN)


def opponent_of_dealer(seat: int, dealer: int) -> bool:
    """True for the dealer's opponents (their #4 and #8 are turned face up, §4.2)."""
    return (seat - dealer) % 2 == 1


def position_of(index: int, dealer: int) -> tuple[int, int]:
    """The seat and position (4 or 8) of exposure number ``index`` (0-7) in dealing order (§5)."""
    return (dealer + 1 + index % 4) % 4, (4 if index < 4 else 8)


def played_cards(hand: HandState, viewer: int | None = None) -> set[Card]:
    """The cards played this hand (as ``viewer`` saw them: without another seat's face-down lead
    of the trick in progress; ``None`` sees all)."""
    out = {p.card for t in hand.tricks for p in t.plays}
    cur = hand.current
    if cur is not None:
        out.update(
            p.card for i, p in enumerate(cur.plays) if viewer is None or not p.face_down or cur.seat_of(i) == viewer
        )
    return out


def cards_reported(hand: HandState) -> bool:
    """Whether any card of this hand has been played (table mode: reported one by one, after which
    the hand can no longer be reported whole as a ``round_result``)."""
    return bool(hand.tricks) or (hand.current is not None and bool(hand.current.plays))
