"""The turn-up and robbing (forty-fives.md §2.5, §3.4): the holder of the ace of trumps may take the
turn-up, discarding face down, until their first card; with ``unrobbed_trump_ace =
"lowest_unless_announced"`` they may announce instead (``decline``), else the ace drops to the lowest
trump for the deal (§1.5); a turned-up ace belongs to the dealer (``dealer_turned_ace``): taken
before the first lead, after trick 1, or declined, or discarded for before the lead. In table mode
the referee reports the turn-up, and a rob or an announcement for any seat that has not yet played.

Dealt mode: the holder robs or announces at their first turn, as part of it (the window ends with
their first card; acting earlier out of turn would show everyone who holds the ace).
"""

from __future__ import annotations

from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.errors import CardAlreadyPlayed, CardNotInHand, InvalidAction, wrong_phase
from service.rules.games.forty_fives.actions import (
    DECLINE_ACTS,
    ROB_ACTS,
    ROB_BLIND,
    TURN_UP_ACTS,
    illegal,
    may_announce,
    need_phase,
    need_turn,
    phase_types,
    seat_of,
    seat_to_act,
)
from service.rules.games.forty_fives.deal import dealer_duty
from service.rules.games.forty_fives.options import Config
from service.rules.games.forty_fives.ranking import ace_of
from service.rules.games.forty_fives.state import (
    ACE_AFTER_TRICK,
    ACE_BEFORE_LEAD,
    ACE_CHOOSE,
    ACE_DECLINED,
    ACE_MUST_ROB,
    ACE_NONE,
    ACE_PENDING,
    ACE_ROBBED,
    ACE_TAKEN_LATE,
    DEALER_ROB,
    PLAY,
    TURN_UP,
    FortyFivesState,
    current_round,
    has_played,
    played_cards,
)
from service.rules.handmask import BIT, pick, texts_of
from service.rules.messages import Msg
from service.rules.slots import evolve


def can_rob_or_announce(cfg: Config, state: FortyFivesState, seat: int) -> bool:
    """The ace-of-trumps window (§2.5, §3.4): not the dealer's turned ace, nobody robbed or
    announced yet, and ``seat`` has not played a card. In table mode, where any such seat may
    report, also: the ace of trumps has not been played (its holder's window closed with it, and
    nobody else holds it); in dealt mode only its holder may, whose first card closes the window."""
    rnd = state.round
    return (
        rnd is not None
        and not cfg.bidding
        and rnd.turn_up is not None
        and rnd.dealer_ace == ACE_NONE
        and rnd.robbed_by is None
        and rnd.announced_by is None
        and state.phase == PLAY
        and not has_played(state, seat)
        # table mode: the window is open in trick 1 only (``has_played``), so the trick in progress
        and (state.hands is not None or ace_of(rnd.turn_up.suit) not in state.current)
    )


def rob_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """``seat``'s robs and announcement in the play phase: in dealt mode the ace holder's (one rob per
    card to discard), in table mode any seat's while the window is open (the discard unreported)."""
    if not can_rob_or_announce(cfg, state, seat):
        return []
    hands = state.hands
    if hands is None:
        out = [ROB_BLIND[seat]]
    elif seat == current_round(state).ace_holder:
        out = pick(hands[seat], ROB_ACTS[seat])
    else:
        return []
    if may_announce(cfg):
        out.append(DECLINE_ACTS[seat])
    return out


def demotes_now(cfg: Config, state: FortyFivesState, seat: int) -> bool:
    """Whether a card played now by ``seat``, the holder of the ace of trumps, demotes the ace (§1.5):
    its first card, without having robbed or (where that saves it) announced."""
    rnd = current_round(state)
    return (
        rnd.robbed_by is None
        and rnd.demoted is None
        and cfg.demotes
        and (rnd.announced_by is None or cfg.unrobbed == "lowest")
        and not has_played(state, seat)
    )


def dealer_rob_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """The dealer's choices for a turned-up ace (phase ``dealer_rob``)."""
    rnd = current_round(state)
    if seat != rnd.dealer:
        return []
    hands = state.hands
    out = [ROB_BLIND[seat]] if hands is None else pick(hands[seat], ROB_ACTS[seat])
    if rnd.dealer_ace != ACE_MUST_ROB:
        out.append(DECLINE_ACTS[seat])
    return out


def turn_up_actions(state: FortyFivesState, seat: int) -> list[Action]:
    """Table mode: the dealer reports the turned-up card (any of the 52)."""
    rnd = state.round
    if rnd is None or seat != rnd.dealer:
        return []
    return list(TURN_UP_ACTS[seat])


def _need_turn_up(cfg: Config, state: FortyFivesState, action: Action) -> None:
    """Robbing and announcing belong to turn-up play; bidding mode has no turn-up (§3.6)."""
    if cfg.bidding:
        raise wrong_phase(Msg("forty_fives.no_turn_up_in_bidding", type=action.type), phase_types(cfg, state))


def apply_rob(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    """A rob: the ace holder takes the turn-up (discarding), or the dealer takes a turned-up ace."""
    seat = seat_of(state, action)
    _need_turn_up(cfg, state, action)
    need_phase(cfg, state, action, PLAY, DEALER_ROB)
    rnd = current_round(state)
    assert rnd.turn_up is not None
    if state.phase == DEALER_ROB:
        need_turn(state, seat)
        return _dealer_takes(state, seat, action)
    table = state.hands is None
    if not table:
        need_turn(state, seat)
    if not (can_rob_or_announce(cfg, state, seat) and (table or seat == rnd.ace_holder)):
        raise illegal(
            Msg("forty_fives.cannot_rob_dealers_ace" if rnd.dealer_ace != ACE_NONE else "forty_fives.cannot_rob"),
            "cannot_rob", rob_actions(cfg, state, seat),
        )
    if table:
        out = rnd.out
        if action.card is not None:
            out = _report_discard(state, action.card)
        return evolve(state, round=evolve(rnd, robbed_by=seat, out=out))
    hands = state.hands
    assert hands is not None
    hand = hands[seat]
    discard = _discard_card(state, seat, action)
    hand = (hand & ~BIT[discard.index]) | BIT[rnd.turn_up.index]
    discards = (*rnd.discards[:seat], rnd.discards[seat] + (discard,), *rnd.discards[seat + 1:])
    return evolve(state, hands=(*hands[:seat], hand, *hands[seat + 1:]),
                  round=evolve(rnd, robbed_by=seat, discards=discards))


def _discard_card(state: FortyFivesState, seat: int, action: Action) -> Card:
    assert state.hands is not None
    card = action.card
    hand = state.hands[seat]
    if card is None:
        raise InvalidAction(Msg("forty_fives.rob_needs_card"))
    if not hand & BIT[card.index]:
        raise CardNotInHand(Msg("forty_fives.rob_discard_not_in_hand", card=card),
                            legal=texts_of(hand))
    return card


def _report_discard(state: FortyFivesState, card: Card) -> tuple[Card, ...]:
    rnd = current_round(state)
    if card in played_cards(state) or card in rnd.out or card is rnd.turn_up:
        raise CardAlreadyPlayed(Msg("forty_fives.discard_already_seen", card=card))
    return (*rnd.out, card)


def _dealer_takes(state: FortyFivesState, seat: int, action: Action) -> FortyFivesState:
    """The dealer robs a turned-up ace (before the lead, after trick 1, or discarding first)."""
    rnd = current_round(state)
    assert rnd.turn_up is not None
    ace = rnd.turn_up
    late = rnd.dealer_ace == ACE_AFTER_TRICK
    next_turn = state.leader
    if state.hands is None:
        out = _report_discard(state, action.card) if action.card is not None else rnd.out
        status = ACE_PENDING if rnd.dealer_ace == ACE_CHOOSE else (ACE_TAKEN_LATE if late else ACE_ROBBED)
        return evolve(state, phase=PLAY, turn=next_turn, round=evolve(rnd, robbed_by=seat, dealer_ace=status,
                                                                          out=out))
    discard = _discard_card(state, seat, action)
    hand = state.hands[seat] & ~BIT[discard.index]
    if rnd.dealer_ace == ACE_CHOOSE:
        status = ACE_PENDING  # the ace joins the hand when trick 1 is complete
    else:
        hand |= BIT[ace.index]
        status = ACE_TAKEN_LATE if late else ACE_ROBBED
    discards = (*rnd.discards[:seat], rnd.discards[seat] + (discard,), *rnd.discards[seat + 1:])
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1:])
    return evolve(state, phase=PLAY, turn=next_turn, hands=hands,
                  round=evolve(rnd, robbed_by=seat, dealer_ace=status, discards=discards))


def apply_decline(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    """An announcement of the ace of trumps, or the dealer declining a turned-up ace."""
    seat = seat_of(state, action)
    _need_turn_up(cfg, state, action)
    need_phase(cfg, state, action, PLAY, DEALER_ROB)
    rnd = current_round(state)
    if state.phase == DEALER_ROB:
        need_turn(state, seat)
        if rnd.dealer_ace == ACE_MUST_ROB:
            raise illegal(Msg("forty_fives.dealer_must_rob"), "must_rob",
                          dealer_rob_actions(cfg, state, seat))
        return evolve(state, phase=PLAY, turn=state.leader, round=evolve(rnd, dealer_ace=ACE_DECLINED))
    table = state.hands is None
    if not table:
        need_turn(state, seat)
    ok = can_rob_or_announce(cfg, state, seat) and may_announce(cfg) and (table or seat == rnd.ace_holder)
    if not ok:
        why = Msg("forty_fives.announce_not_in_options" if not may_announce(cfg) else "forty_fives.cannot_announce")
        raise illegal(why, "cannot_announce", rob_actions(cfg, state, seat))
    return evolve(state, round=evolve(rnd, announced_by=seat))


def apply_turn_up(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    """Table mode: the dealer reports the turned-up card; it fixes trump (§2.4)."""
    seat_to_act(cfg, state, action, TURN_UP)  # the dealer, to act
    rnd = current_round(state)
    card = action.card
    if card is None:
        raise InvalidAction(Msg("forty_fives.turn_up_needs_card"))
    first = (rnd.dealer + 1) % state.match.players
    duty = dealer_duty(cfg, card)
    rnd = evolve(rnd, turn_up=card, trump=card.suit, dealer_ace=duty)
    if duty in ACE_BEFORE_LEAD:
        return FortyFivesState(state.match, DEALER_ROB, rnd.dealer, rnd, None, first)
    return FortyFivesState(state.match, PLAY, first, rnd, None, first)
