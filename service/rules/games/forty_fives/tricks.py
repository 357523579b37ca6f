"""The play phase in dealt mode, the hot path of a match (forty-fives.md §4, §2.5, §1.5): the legal
actions of the seat to play, a card played (rebuilding one small state object, deciding legality
with the mask tables of ``play``), a trick completed, and the dealer's turned-up ace after trick 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.errors import CardNotInHand, IllegalPlay
from service.rules.games.forty_fives import round_end
from service.rules.games.forty_fives.actions import PLAY_ACTS
from service.rules.games.forty_fives.options import Config
from service.rules.games.forty_fives.play import R_LEAD, lead_against_30, legal_mask, verdict_text, winner_position
from service.rules.games.forty_fives.ranking import ace_of, table_for
from service.rules.games.forty_fives.robbing import demotes_now, rob_actions
from service.rules.games.forty_fives.scoring import TRICKS_PER_HAND
from service.rules.games.forty_fives.state import (
    ACE_AFTER_TRICK,
    ACE_PENDING,
    ACE_TAKEN_LATE,
    DEALER_ROB,
    PLAY,
    FortyFivesState,
    Round,
    Trick,
    make_state,
    make_trick,
)
from service.rules.handmask import BIT, pick, texts_of
from service.rules.messages import Msg
from service.rules.slots import evolve


def defends_30(rnd: Round, seat: int) -> bool:
    """Whether ``seat`` defends a contract of 30 (§9.7: its opening lead must then be a trump)."""
    contract = rnd.contract
    return contract is not None and contract.amount == 30 and contract.team != seat % 2


def play_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """The dealt-mode actions of the seat to play: its legal cards, and rob/announce in the window."""
    rnd = state.round
    hands = state.hands
    if TYPE_CHECKING:
        assert rnd is not None and hands is not None and rnd.trump is not None
    # The ace holder's first card without robbing or announcing demotes the ace of trumps from this
    # play on, this play included (§1.5, A-6): its cards are judged by the demoted table.
    demoted = rnd.demoted is not None or (seat == rnd.ace_holder and demotes_now(cfg, state, seat))
    trick = state.current
    if trick:
        legal, _reason = legal_mask(cfg.rules, table_for(cfg, rnd.trump, demoted), hands[seat], trick)
    elif cfg.bid30_lead and not state.tricks and defends_30(rnd, seat):
        legal, _reason = lead_against_30(table_for(cfg, rnd.trump, demoted), hands[seat])
    else:  # a lead: any card held (legal_mask's answer, without looking the table up: a third of the plays)
        legal = hands[seat]
    out = pick(legal, PLAY_ACTS[seat])
    if seat == rnd.ace_holder:
        out.extend(rob_actions(cfg, state, seat))
    return out


def dealt_play(cfg: Config, state: FortyFivesState, seat: int, card: Card) -> FortyFivesState:
    """``seat`` (to play) plays ``card``: checked, then the trick, the round or the turn moves on."""
    rnd = state.round
    hands = state.hands
    if TYPE_CHECKING:
        assert rnd is not None and hands is not None and rnd.trump is not None
    hand = hands[seat]
    bit = BIT[card.index]
    trump = rnd.trump
    if seat == rnd.ace_holder and demotes_now(cfg, state, seat):
        rnd = evolve(rnd, demoted=ace_of(trump))
    trick = state.current
    if trick or (cfg.bid30_lead and not state.tricks and defends_30(rnd, seat)):
        table = table_for(cfg, trump, rnd.demoted is not None)
        legal, reason = legal_mask(cfg.rules, table, hand, trick) if trick else lead_against_30(table, hand)
    else:  # a lead: any card held (legal_mask's answer, without the table; only a card not held is refused)
        legal, reason = hand, R_LEAD
    if not legal & bit:
        legal_texts = texts_of(legal)
        if not hand & bit:
            raise CardNotInHand(Msg("core.card_not_in_hand", card=card), legal=legal_texts)
        code, rule = verdict_text(reason, cfg.rules, table, hand, trick)
        raise IllegalPlay(Msg("core.card_may_not_be_played", card=card, rule=rule), code=code, legal=legal_texts)
    changed = list(hands)
    changed[seat] = hand ^ bit
    hands = tuple(changed)
    current = (*trick, card)
    n = state.match.players
    if len(current) < n:
        return make_state(state.match, PLAY, (seat + 1) % n, rnd, hands, state.leader, current, state.tricks)
    # the last card of a trick follows (two players at least), so ``table`` is the trick's
    w = (state.leader + winner_position(table, current)) % n
    tricks = (*state.tricks, make_trick(state.leader, current, w))
    if len(tricks) == TRICKS_PER_HAND:
        return round_end.finish_played_round(cfg, state, rnd, tricks, table, ())
    if len(tricks) == 1 and rnd.dealer_ace in (ACE_AFTER_TRICK, ACE_PENDING):
        return after_first_trick(state, rnd, hands, tricks, w)
    return make_state(state.match, PLAY, w, rnd, hands, w, (), tricks)


def after_first_trick(
    state: FortyFivesState, rnd: Round, hands: tuple[int, ...] | None, tricks: tuple[Trick, ...], w: int
) -> FortyFivesState:
    """Trick 1 is complete: the dealer now decides on a turned-up ace, or takes the one pending."""
    assert rnd.turn_up is not None
    if rnd.dealer_ace == ACE_AFTER_TRICK:
        return FortyFivesState(state.match, DEALER_ROB, rnd.dealer, rnd, hands, w, (), tricks)
    d = rnd.dealer
    if hands is not None:
        hands = (*hands[:d], hands[d] | BIT[rnd.turn_up.index], *hands[d + 1:])
    rnd = evolve(rnd, dealer_ace=ACE_TAKEN_LATE)
    return FortyFivesState(state.match, PLAY, w, rnd, hands, w, (), tricks)
