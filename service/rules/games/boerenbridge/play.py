"""The play of the tricks in Boerenbridge (docs/rules/boerenbridge.md §7, vectors §13.1-§13.2).

* The dealer's left leads the first trick; the winner of each trick leads the next.
* Follow suit if able, else any card (``verdict``, ``legal_mask``): the one rule of play.
* The highest card of the suit led wins; where a trump variant is on (§11, ``trump``), the highest
  trump played wins instead (``winner_index``).
* When the last trick of the round is played, the round is scored (``scoring.finish_round``).

In a dealt match a card must be in the player's hand and follow suit; in table mode any card not yet
seen this round is accepted and revokes are recorded (``table``). The stateless trick endpoints
(``trick_winner``, ``legal_plays``) judge bare facts with the same rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.actions import Action, acting_seat, made_once
from service.rules.cards import ALL_CARDS, SUITS, Card, Suit, check_distinct
from service.rules.errors import (
    CardAlreadyPlayed,
    CardNotInHand,
    IllegalPlay,
    InvalidAction,
    InvalidFacts,
    TooManyPlays,
    not_your_turn,
)
from service.rules.games.boerenbridge.actions import to_act
from service.rules.games.boerenbridge.options import MAX_HAND_SIZE, MAX_SEATS, config
from service.rules.games.boerenbridge.round_end import finish_round
from service.rules.games.boerenbridge.state import PLAY, BoerenbridgeState, make_state
from service.rules.games.boerenbridge.table import record_revokes, round_revokes
from service.rules.games.boerenbridge.trump import facts_trump
from service.rules.handmask import BIT, FULL_PACK, INDICES, SUIT_BITS, SUIT_FIELD, SUIT_MASKS, pick, texts_of
from service.rules.messages import Msg
from service.rules.revokes import Revoke
from service.rules.ruleset import Ruleset
from service.rules.tricks import Play, PlayVerdict, TrickContext, TrickDone, TrickOutcome

#: the rules of a verdict, one message each, made once (``verdict`` runs at every table-mode play)
_LEADING = Msg("boerenbridge.rule.leading")
_MUST_FOLLOW = {s: Msg("boerenbridge.rule.must_follow", suit=s) for s in SUITS}
_CANNOT_FOLLOW = {s: Msg("boerenbridge.rule.cannot_follow", suit=s) for s in SUITS}
#: one card of a suit ("the highest heart"), for the explanation of a trick's winner
_ONE_OF = {s: Msg(f"boerenbridge.suit_one.{s.value}") for s in SUITS}
_THE_TRICK = Msg("core.where.trick")
_THE_HAND = Msg("core.where.hand")

#: _PLAY_ACTIONS[seat][card.index]: actions are values, one object per (seat, card), built once.
#: ``legal_cards`` picks from it; building each legal action instead halves the engine's speed
#: (bench/engine.py, seed rules, alternating runs at load average about 10, 2026-12-01: 2,000-2,140
#: hands per CPU second against 3,860-4,080).
_PLAY_ACTIONS = tuple(tuple(made_once(Action("play", seat=s, card=c)) for c in ALL_CARDS) for s in range(MAX_SEATS))

# ------------------------------------------------------------------------------------------------
# The rules: following suit, winning the trick
# ------------------------------------------------------------------------------------------------


def winner_index(trick: Sequence[Card], trump: Suit | None) -> int:
    """Index of the winning card: the highest trump if any, else the highest of the suit led."""
    best = 0
    top = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        if c.suit is top.suit:
            if c.index > top.index:
                best, top = i, c
        elif c.suit is trump:
            best, top = i, c
    return best


def verdict(hand: tuple[Card, ...], trick: Sequence[Card]) -> PlayVerdict:
    """The cards of ``hand`` that may be played to ``trick``, with the rule that says so."""
    if not trick:
        return PlayVerdict(hand, "no_constraint", _LEADING)
    led = trick[0].suit
    follow = tuple(c for c in hand if c.suit is led)
    if follow:
        return PlayVerdict(follow, "must_follow_suit", _MUST_FOLLOW[led])
    return PlayVerdict(hand, "no_constraint", _CANNOT_FOLLOW[led])


def judge(
    hand: tuple[Card, ...], trick: tuple[Play, ...], ctx: TrickContext, options: Mapping[str, Any]
) -> PlayVerdict | None:
    """``legal_plays`` as ``find_revokes`` asks it of a state's own records (``revokes.Judge``): the
    verdict without the checks of input, which those records never fail (none for a legal play).
    ``verdict`` reads only the lead of the trick."""
    found = verdict(hand, (trick[0].card,) if trick else ())
    return None if hand[0] in found.legal else found


def legal_mask(hand: int, led: Card | None) -> int:
    """Follow suit if able, else any card (§7): the legal part of ``hand`` (a mask)."""
    if led is None:
        return hand
    return hand & SUIT_MASKS[led.index // SUIT_BITS] or hand


def max_plays(options: Mapping[str, Any]) -> int:
    """The plays of a trick, one per player: 4 in the seed game, up to 7 under other schedules."""
    return 4 if config(options).schedule == "fixed_13" else MAX_SEATS


def ranking_tables(options: Mapping[str, Any]) -> dict[str, Any]:
    """Each suit high to low, for each trump the mode allows (``Ruleset.ranking_tables``)."""
    mode = config(options).trump_mode
    keys: tuple[str, ...] = {"none": ("none",), "fixed_spades": ("S",)}.get(mode, ("none", "C", "D", "H", "S"))
    table = {s.value: [c.text for c in sorted((c for c in ALL_CARDS if c.suit is s), reverse=True)] for s in SUITS}
    return {k: {"trump": None if k == "none" else k, "suits": table,
                "rule": (Msg("boerenbridge.ranking.no_trump") if k == "none" else
                         Msg("boerenbridge.ranking.trump", suit=Suit(k)))}
            for k in keys}


# ------------------------------------------------------------------------------------------------
# Bare facts (the stateless trick endpoints)
# ------------------------------------------------------------------------------------------------


def trick_winner(plays: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]) -> TrickOutcome:
    """The winner of a trick given as bare facts, with the reason (``Ruleset.trick_winner``)."""
    if not plays:
        raise InvalidFacts(Msg("boerenbridge.trick.empty"), code="empty_trick")
    limit = max_plays(options)
    if len(plays) > limit:
        raise TooManyPlays(Msg("boerenbridge.trick.too_many_plays", plays=len(plays), most=limit))
    if any(p.face_down for p in plays):
        raise InvalidFacts(Msg("boerenbridge.trick.no_face_down"), code="no_face_down_plays")
    cards = tuple(p.card for p in plays)
    check_distinct(cards, _THE_TRICK)
    trump = facts_trump(ctx, config(options))
    i = winner_index(cards, trump)
    card = cards[i]
    led = cards[0].suit
    if card.suit is not led:
        reason = Msg("boerenbridge.trick.highest_trump", card=card, suit=card.suit)
    elif i == 0 and not any(c.suit is led for c in cards[1:]):
        key = "nobody_followed_no_trump_played" if trump is not None else "nobody_followed_no_trumps"
        reason = Msg(f"boerenbridge.trick.{key}", card=card, suit=led)
    else:
        key = "highest_of_led_no_trump" if trump is not None and trump is not led else "highest_of_led"
        reason = Msg(f"boerenbridge.trick.{key}", card=card, suit_one=_ONE_OF[led])
    return TrickOutcome(i, card, reason)


def legal_plays(
    hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]
) -> PlayVerdict:
    """The legal cards of a hand given as bare facts (``Ruleset.legal_plays``)."""
    if not hand:
        raise InvalidFacts(Msg("boerenbridge.legal.empty_hand"), code="empty_hand")
    limit = max_plays(options)
    if len(trick) >= limit:
        raise TooManyPlays(Msg("boerenbridge.legal.trick_full", plays=len(trick), most=limit))
    if any(p.face_down for p in trick):
        raise InvalidFacts(Msg("boerenbridge.trick.no_face_down"), code="no_face_down_plays")
    if len(hand) > MAX_HAND_SIZE:
        raise InvalidFacts(Msg("boerenbridge.legal.hand_too_big", most=MAX_HAND_SIZE), code="hand_too_big")
    held = set(hand)
    if len(held) != len(hand):
        check_distinct(hand, _THE_HAND)
    played = tuple(p.card for p in trick)
    if len(set(played)) != len(played):
        check_distinct(played, _THE_TRICK)
    if not held.isdisjoint(played):
        both = next(c for c in played if c in held)
        raise InvalidFacts(Msg("boerenbridge.legal.in_hand_and_trick", card=both), code="card_in_hand_and_trick")
    facts_trump(ctx, config(options))
    return verdict(tuple(hand), played)


# ------------------------------------------------------------------------------------------------
# A match: the legal cards, the play action
# ------------------------------------------------------------------------------------------------


def legal_cards(state: BoerenbridgeState, seat: int) -> list[Action]:
    """The plays ``seat`` may make (phase ``play``): none unless it is his turn; in table mode any
    card not seen this round."""
    trick = state.trick
    if seat != (state.leader + len(trick)) % state.match.players:
        return []
    hands = state.hands
    acts = _PLAY_ACTIONS[seat]
    if hands is None:
        return pick(FULL_PACK & ~state.shown, acts)
    if trick:
        led = trick[0].index // SUIT_BITS
        pattern = hands[seat] >> SUIT_BITS * led & SUIT_FIELD
        if pattern:
            return [acts[i] for i in INDICES[led][pattern]]
    return pick(hands[seat], acts)


def play(ruleset: Ruleset, state: BoerenbridgeState, action: Action) -> BoerenbridgeState:
    """A card played to the trick (phase ``play``); ``ruleset`` is for ``table``'s revokes."""
    m = state.match
    n = m.players
    trick = state.trick
    leader = state.leader
    seat = (leader + len(trick)) % n
    if action.seat != seat:
        acting_seat(action, n)
        raise not_your_turn(Msg("boerenbridge.play.not_your_turn", seat=seat, actor=action.seat), to_act(state))
    card = action.card
    if card is None:
        raise InvalidAction(Msg("boerenbridge.play.needs_card"))
    hands = state.hands
    bit = BIT[card.index]
    if hands is not None:
        hand = hands[seat]
        if not hand & bit:
            raise CardNotInHand(Msg("boerenbridge.play.not_in_hand", card=card, seat=seat),
                                legal=texts_of(legal_mask(hand, trick[0] if trick else None)))
        if trick and card.suit is not trick[0].suit:
            follow = legal_mask(hand, trick[0])
            if not follow & bit:
                raise IllegalPlay(Msg("core.card_may_not_be_played", card=card, rule=_MUST_FOLLOW[trick[0].suit]),
                                  code="must_follow_suit", legal=texts_of(follow))
        hands = (*hands[:seat], hand ^ bit, *hands[seat + 1:])
    elif state.shown & bit:
        raise CardAlreadyPlayed(Msg("boerenbridge.play.already_seen", card=card),
                                legal=texts_of(FULL_PACK & ~state.shown))
    trick = (*trick, card)
    shown = state.shown | bit
    r = state.round
    assert r is not None
    if len(trick) < n:
        if hands is None:
            r = record_revokes(ruleset, judge, r, state.done, trick, leader, m, seat)
        return make_state(m, PLAY, r, state.bids, hands, leader, trick, state.tricks_won, state.done, shown)
    winner = (leader + winner_index(trick, r.trump)) % n
    won = state.tricks_won
    won = (*won[:winner], won[winner] + 1, *won[winner + 1:])
    done = (*state.done, TrickDone(leader, trick, winner))
    if len(done) < r.hand_size:
        if hands is None:
            r = record_revokes(ruleset, judge, r, done, (), winner, m, seat)
        return make_state(m, PLAY, r, state.bids, hands, winner, (), won, done, shown)
    revokes: tuple[Revoke, ...] = ()
    if hands is None:  # every hand is known now: the last word on revokes
        revokes = round_revokes(ruleset, judge, r, done, n, m.options)
    return finish_round(state, r, state.bids, won, revokes, reported=False)
