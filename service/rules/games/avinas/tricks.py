"""The Avinas play phase: whose card it is, the cards a seat may play, playing them, completing
tricks, and the declarer's stop (docs/rules/avinas.md §7).

* The declarer leads to trick 1 (the no-seven declarer's lead names trumps: ``opening``); the winner
  of each trick leads to the next. Which cards may be played and who wins are ``play``'s rules.
* Trick 2's leader without a trump may lead face down (``play`` with ``face_down: true``; with
  option ``facedown_signal`` a public, unverified hint, ``amount`` 1 = valuable, 0 = worthless). A
  face-down lead is seen by its leader only until the fourth card of the trick is down (``view``).
* §7.4 the declarer's ``stop`` between tricks, after the first and before the last (the no-seven
  game; also the sevens game with option ``stop_in_sevens_game``); with ``stop_by =
  "declaring_side"`` (§16.6) his partner's too, never a defender's: they are then listed to act
  beside the seat to play, and the hand ends (``round_end.finish_played``).
* Table mode: any card not seen elsewhere may be reported (``table``), every trump counted as
  possible, and the revokes are updated after every play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from service.rules.actions import Action, actions_json
from service.rules.cards import Card, Suit
from service.rules.errors import CardNotInHand, IllegalAction, IllegalPlay, InvalidAction
from service.rules.games.avinas import opening
from service.rules.games.avinas.actions import FACE_DOWN, HINTS, PLAY_CARD, SIGNALS, STOP
from service.rules.games.avinas.options import config
from service.rules.games.avinas.play import legal_cards, winner_of
from service.rules.games.avinas.ranking import CARD_POINTS, PACK, is_trump, trumps_of
from service.rules.games.avinas.round_end import finish_played
from service.rules.games.avinas.state import AvinasState, HandState, Trick
from service.rules.games.avinas.table import check_play, revokes, unseen_cards
from service.rules.messages import Msg
from service.rules.ruleset import Ruleset
from service.rules.slots import evolve
from service.rules.tricks import Play


def may_stop(hand: HandState, opts: Mapping[str, Any]) -> bool:
    """Whether the declarer may stop play now: between tricks, after the first and before the last."""
    cur = hand.current
    if cur is None or cur.plays or not 1 <= len(hand.tricks) <= 7:
        return False
    return hand.game == "no_seven" or config(opts).stop_in_sevens_game


def stoppers(hand: HandState, opts: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats that may stop play (§7.4, §16.6): the declarer, and his partner with ``stop_by =
    "declaring_side"``."""
    decl = hand.declarer
    if decl is None:
        return ()
    return (decl, (decl + 2) % 4) if config(opts).stop_by_declaring_side else (decl,)


def to_act(hand: HandState, opts: Mapping[str, Any]) -> tuple[int, ...]:
    """The seat to play, and after it those who may stop instead (``stoppers``)."""
    cur = hand.current
    assert cur is not None
    nxt = cur.seat_of(len(cur.plays))
    if hand.declarer is not None and may_stop(hand, opts):
        return (nxt, *(s for s in stoppers(hand, opts) if s != nxt))
    return (nxt,)


def actions(state: AvinasState, hand: HandState, seat: int, viewer: int | None) -> list[Action]:
    """``seat``'s plays and stop (none for a seat not in ``to_act``); with ``viewer``, as that seat
    may know them (``table.unseen_cards``)."""
    out: list[Action] = []
    cur = hand.current
    assert cur is not None
    if cur.seat_of(len(cur.plays)) == seat:
        out.extend(play_actions(state, hand, cur, seat, viewer))
    if may_stop(hand, state.options) and seat in stoppers(hand, state.options):
        out.append(STOP[seat])
    return out


def candidates(hand: HandState, seat: int, viewer: int | None = None) -> tuple[Card, ...]:
    """The cards ``seat`` might play: its hand (dealt mode) or every card not yet seen elsewhere
    (by ``viewer``, when given)."""
    if hand.hands is not None:
        return hand.hands[seat]
    return unseen_cards(hand, seat, viewer)


def play_actions(
    state: AvinasState, hand: HandState, cur: Trick, seat: int, viewer: int | None = None
) -> list[Action]:
    """The ``play`` actions of the seat to play ``cur``: its legal cards face up, and at trick 2's
    lead without a trump each non-trump face down too (with each hint, under ``facedown_signal``)."""
    opts = state.options
    cards = candidates(hand, seat, viewer)
    table = hand.hands is None
    if opening.is_opening(hand, cur):
        return opening.actions(cards, seat, table)
    trump = hand.trump
    assert trump is not None
    if table:
        legal: Sequence[Card] = cards
    else:
        legal = legal_cards(cards, cur.plays, trump, cur.number, opts)[0]
    plays = PLAY_CARD[seat]
    out = [plays[c] for c in legal]
    if not cur.plays and cur.number == 2 and (table or not trumps_of(cards, trump)):
        face_down = FACE_DOWN[seat]
        hints = len(HINTS) if config(opts).facedown_signal else 1
        out.extend(a for c in legal if not is_trump(c, trump) for a in face_down[c][:hints])
    return out


def apply(ruleset: Ruleset[AvinasState], state: AvinasState, hand: HandState, action: Action) -> AvinasState:
    """A play or the declarer's stop by a seat to act; the hand ends after the 8th trick or a stop.
    In table mode each play updates the revokes (``table.revokes``, which passes ``ruleset`` on)."""
    if action.type == "stop":
        return finish_played(state, hand, stopped_by=action.seat)
    new_hand = apply_play(state, hand, action)
    if new_hand.hands is None:
        complete = new_hand.current is None
        found = revokes(ruleset, new_hand, state.options, complete, None if complete else action.seat)
        new_hand = evolve(new_hand, revokes=found)
    if new_hand.current is None:
        return finish_played(state, new_hand)
    return evolve(state, hand=new_hand)


def check_stop(state: AvinasState, hand: HandState, seat: int) -> None:
    """Refuse a stop by anyone but the declarer (or, with ``stop_by = "declaring_side"``, his
    partner), outside the games that allow it, or mid-trick."""
    opts = state.options
    legal = actions_json(actions(state, hand, seat, seat))
    if seat not in stoppers(hand, opts):
        key = "avinas.stop.not_declaring_side" if config(opts).stop_by_declaring_side else "avinas.stop.not_declarer"
        raise IllegalAction(Msg(key), code="stop_not_allowed", legal=legal)
    if hand.game == "sevens" and not config(opts).stop_in_sevens_game:
        raise IllegalAction(Msg("avinas.stop.not_in_sevens"), code="stop_not_allowed", legal=legal)
    if not may_stop(hand, opts):
        raise IllegalAction(Msg("avinas.stop.not_now"), code="stop_not_allowed", legal=legal)


def apply_play(state: AvinasState, hand: HandState, action: Action) -> HandState:
    """The hand after a ``play`` by the seat to play (its revokes not yet updated), each rule checked
    in turn (the refusals list that seat's plays as it may know them)."""
    seat = action.seat
    assert seat is not None
    c = action.card
    opts = state.options
    cur = hand.current
    assert cur is not None

    def legal() -> list[Any]:
        return actions_json(play_actions(state, hand, cur, seat, seat))

    if c is None:
        raise InvalidAction(Msg("avinas.play.card_missing"), legal=legal())
    if c not in PACK:
        raise IllegalPlay(Msg("avinas.not_in_pack", card=c), code="card_not_in_pack", legal=legal())
    is_opening = opening.is_opening(hand, cur)
    signal = _check_form(action, cur, is_opening, opts, legal)
    table = hand.hands is None
    if table:
        check_play(hand, seat, c, legal)
        held: tuple[Card, ...] = ()
    else:
        assert hand.hands is not None
        held = hand.hands[seat]
        if c not in held:
            raise CardNotInHand(Msg("avinas.play.not_in_hand", card=c, seat=seat), legal=legal())
    if is_opening:
        trump: Suit = opening.named_trump(action, c, held, table, legal)
        new = evolve(hand, trump=trump)
    else:
        assert hand.trump is not None
        trump, new = hand.trump, hand
        if not table:
            verdict, code, rule = legal_cards(held, cur.plays, trump, cur.number, opts)
            if c not in verdict:
                raise IllegalPlay(Msg("core.card_may_not_be_played", card=c, rule=rule), code=code, legal=legal())
    if action.face_down:
        if is_trump(c, trump):
            raise IllegalPlay(Msg("avinas.play.face_down_trump", card=c), code="face_down_not_allowed", legal=legal())
        if not table and trumps_of(held, trump):
            raise IllegalPlay(Msg("avinas.play.face_down_holding_trump"), code="face_down_not_allowed", legal=legal())
    return _place(new, cur, seat, Play(c, action.face_down), signal, trump, opts)


def _check_form(
    action: Action, cur: Trick, is_opening: bool, opts: Mapping[str, Any], legal: Callable[[], list[Any]]
) -> str | None:
    """Refuse a named suit but at the opening lead, a hint but on a face-down lead with option
    ``facedown_signal``, and a face-down card but at trick 2's lead; the hint's word, if any."""
    if action.suit is not None and not is_opening:
        raise InvalidAction(Msg("avinas.play.suit_not_named_here"), legal=legal())
    signal: str | None = None
    if action.amount is not None:
        if not (config(opts).facedown_signal and action.face_down and action.amount in SIGNALS):
            raise InvalidAction(Msg("avinas.play.hint_not_allowed"), legal=legal())
        signal = SIGNALS[action.amount]
    if action.face_down and not (not cur.plays and cur.number == 2):
        raise IllegalPlay(Msg("avinas.play.face_down_not_here"), code="face_down_not_allowed", legal=legal())
    return signal


def _place(
    hand: HandState, cur: Trick, seat: int, play: Play, signal: str | None, trump: Suit, opts: Mapping[str, Any]
) -> HandState:
    """The hand with ``play`` added to ``cur`` (and taken out of ``seat``'s hand, dealt mode); the
    fourth play completes the trick, whose winner leads the next (none after the 8th)."""
    plays = (*cur.plays, play)
    cur = evolve(cur, plays=plays, signal=signal if len(plays) == 1 else cur.signal)
    hands = hand.hands
    if hands is not None:
        c = play.card
        hands = tuple(tuple(x for x in h if x is not c) if i == seat else h for i, h in enumerate(hands))
    if len(plays) < 4:
        return evolve(hand, current=cur, hands=hands)
    index, reason = winner_of(plays, trump, cur.number, opts)
    done = evolve(cur, winner=cur.seat_of(index), points=sum(CARD_POINTS[p.card] for p in plays), reason=reason)
    tricks = (*hand.tricks, done)
    nxt = Trick(done.number + 1, done.winner or 0) if len(tricks) < 8 else None
    return evolve(hand, tricks=tricks, current=nxt, hands=hands)
