"""Revokes (table mode): failures to play legally, proven from the cards a seat has shown.

At a real table a failure to follow suit is not refused (it happened); it is recorded as a revoke
as soon as it is provable from what the seat has shown, and at the latest when the round ends and
each hand is known. ``find_revokes`` proves them from a round's reported tricks, for any game
whose ``legal_plays`` judges a play against a hand; ``revokes_after_play`` does the same work
incrementally, after one more play.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from service.rules.cards import Card
from service.rules.messages import Msg
from service.rules.tricks import Play, PlayVerdict, TrickContext

if TYPE_CHECKING:
    from service.rules.ruleset import Ruleset

Options = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A trick as the table reported it: ``plays[i]`` was made by ``seats[i]``."""

    seats: tuple[int, ...]
    plays: tuple[Play, ...]
    ctx: TrickContext

    @classmethod
    def clockwise(cls, leader: int, cards: Sequence[Card], n_players: int, ctx: TrickContext) -> TrickRecord:
        """A trick of face-up cards played clockwise from ``leader`` (card ``i`` by seat ``leader + i``)."""
        return cls(tuple((leader + i) % n_players for i in range(len(cards))), tuple(Play(c) for c in cards), ctx)


@dataclass(frozen=True, slots=True)
class Revoke:
    """A proven failure to play legally: ``trick`` is 1-based within the round."""

    seat: int
    trick: int
    card: Card
    code: str
    rule: Msg | str
    #: the referee's ruling once settled (``service.rules.settlement``): "applied", "waived"; None until then
    ruling: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "trick": self.trick,
            "card": self.card.text,
            "code": self.code,
            "rule": self.rule,
            "ruling": self.ruling,
        }


#: ``judge(hand, trick, ctx, options)``, the verdict on one play as ``find_revokes`` asks for it:
#: ``hand`` is the card played first, then the cards its seat played later in the round; None when
#: that card is legal, else ``legal_plays``' verdict on the hand (whose ``code`` and ``rule`` the
#: revoke takes). Most plays are legal, and the sentence that explains a refusal is then not needed.
Judge = Callable[[tuple[Card, ...], tuple[Play, ...], TrickContext, Options], PlayVerdict | None]


def judge_by_legal_plays(ruleset: Ruleset[Any]) -> Judge:
    """The ``Judge`` that asks ``ruleset.legal_plays``."""
    legal_plays = ruleset.legal_plays

    def judge(
        hand: tuple[Card, ...], trick: tuple[Play, ...], ctx: TrickContext, options: Options
    ) -> PlayVerdict | None:
        verdict = legal_plays(hand, trick, ctx, options)
        return None if hand[0] in verdict.legal else verdict

    return judge


def find_revokes(
    ruleset: Ruleset[Any],
    tricks: Sequence[TrickRecord],
    options: Options,
    *,
    round_complete: bool,
    monotone: Callable[[TrickRecord], bool] = lambda _t: True,
    seats: Collection[int] | None = None,
    judge: Judge | None = None,
) -> list[Revoke]:
    """Revokes provable from the plays reported so far (table mode).

    For each play by seat ``s`` in trick ``i``, the cards ``s`` played in tricks ``i..`` were all in
    its hand at trick ``i``. If the played card is illegal against that known part of the hand, the
    revoke is proven, provided that legality can only shrink as a hand grows (``monotone``: true for
    follow-suit rules; a ruleset returns False for a context where a further unseen card could make
    the play legal, and such a play is then judged only when ``round_complete`` and the hand at
    that trick is fully known). Sorted by trick, then seat.

    ``seats``: judge only the plays of these seats (None: every seat); see ``revokes_after_play``.
    ``judge``: what stands for ``judge_by_legal_plays(ruleset)`` (same arguments, same answers on
    the records of a match state): a ruleset may pass its verdict without the checks of input that
    ``legal_plays`` makes for the stateless endpoint, which a state's own records never fail, and
    without the sentence of a verdict that finds the play legal.
    """
    later: dict[int, tuple[Card, ...]] = {}
    found: list[Revoke] = []
    refused = judge_by_legal_plays(ruleset) if judge is None else judge
    for number in range(len(tricks), 0, -1):
        record = tricks[number - 1]
        plays = record.plays
        if not plays:
            continue
        record_seats = record.seats
        judged = round_complete or monotone(record)
        for pos in range(len(plays) - 1, -1, -1):
            seat = record_seats[pos]
            play = plays[pos]
            known = later[seat] = (play.card, *later.get(seat, ()))
            if not judged or (seats is not None and seat not in seats):
                continue
            verdict = refused(known, plays[:pos], record.ctx, options)
            if verdict is not None:
                found.append(Revoke(seat, number, play.card, verdict.code, verdict.rule))
    found.sort(key=_revoke_order)
    return found


def _revoke_order(revoke: Revoke) -> tuple[int, int]:
    return revoke.trick, revoke.seat


def revokes_after_play(
    ruleset: Ruleset[Any],
    previous: Iterable[Revoke],
    tricks: Sequence[TrickRecord],
    options: Options,
    seat: int,
    *,
    round_complete: bool,
    monotone: Callable[[TrickRecord], bool] = lambda _t: True,
    judge: Judge | None = None,
) -> list[Revoke]:
    """``find_revokes(ruleset, tricks, options, ...)`` after one more play by ``seat``, judging only
    ``seat``'s plays again: ``previous`` is ``find_revokes`` of the tricks before that play (same
    ``round_complete``, ``monotone`` and options).

    Whether a play is a revoke depends only on its own trick (the plays before it, the context) and
    on its seat's later cards, so a play by ``seat`` added after every other play (the last of the
    last trick, or the first of a new one) leaves every other seat's judgements as they were. That
    holds as long as, for every other seat, its plays, the plays before each of them, their trick
    numbers and (with ``round_complete`` False) ``monotone`` of their tricks are unchanged; when
    ``round_complete`` turns True, call ``find_revokes`` on the whole round instead.
    """
    fresh = find_revokes(
        ruleset, tricks, options, round_complete=round_complete, monotone=monotone, seats=(seat,), judge=judge
    )
    kept = [r for r in previous if r.seat != seat]
    if not fresh:
        return kept
    kept += fresh
    kept.sort(key=_revoke_order)
    return kept
