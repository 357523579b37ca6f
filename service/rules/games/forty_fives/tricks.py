"""The play phase in dealt mode, the hot path of a match (forty-fives.md §4, §2.5, §1.5): what the
seat to play may play (``decide``: legality from the mask tables of ``play``, decided once for its
legal actions and the play that follows them), its legal actions, a card played (rebuilding one
small state object), a trick completed, and the dealer's turned-up ace after trick 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.errors import CardNotInHand, IllegalPlay
from service.rules.games.forty_fives import round_end
from service.rules.games.forty_fives.actions import PLAY_ACTS
from service.rules.games.forty_fives.options import Config
from service.rules.games.forty_fives.play import R_LEAD, lead_against_30, legal_mask, verdict_text, winner_position
from service.rules.games.forty_fives.ranking import RankTable, ace_of, table_for
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


#: What ``decide`` decides: (state, ruleset, cfg, round, table, legal, reason), as ``decide`` says.
Decision = tuple[FortyFivesState, object, Config, Round, "RankTable | None", int, int]

#: What ``decide`` decided last (a ``Decision``, or nothing yet). The seat to play asks for its
#: legal actions, then plays one of them, on the same state: its play is then judged by the decision
#: its actions were listed from (``apply`` reads this entry), not decided again; the next listing
#: takes its config from here while the match's ``MatchInfo`` is the same (bench/HISTORY.md,
#: "The engine: a play decided once"). States are immutable and the entry holds its state, so that
#: state's identity cannot be taken by another object while the entry stands; one tuple, read and
#: replaced whole, so threads can share it (a race makes a miss, and a miss decides again).
decided: Decision = cast(Decision, (None, None, None, None, None, 0, 0))


def decide(ruleset: object, cfg: Config, state: FortyFivesState) -> Decision:
    """What the seat to play (``state.turn``) may play now, as ``decided`` holds it: the round its
    play leaves (the ace of trumps demoted by its holder's first card without a rob or an
    announcement, §1.5, A-6: that play is judged by the demoted table too), the rank table of the
    trick (None for a lead, which needs none, but for a defender's first lead against a bid of 30
    under ``bid_30_trump_lead``, §9.7), the legal cards' mask and the reason (``R_*``)."""
    global decided
    rnd = state.round
    hands = state.hands
    if TYPE_CHECKING:
        assert rnd is not None and hands is not None and rnd.trump is not None
    seat = state.turn
    trump = rnd.trump
    if seat == rnd.ace_holder and demotes_now(cfg, state, seat):
        rnd = evolve(rnd, demoted=ace_of(trump))
    trick = state.current
    table: RankTable | None = None
    if trick:
        found = table_for(cfg, trump, rnd.demoted is not None)
        legal, reason = legal_mask(cfg.rules, found, hands[seat], trick)
        table = found
    elif cfg.bid30_lead and not state.tricks and defends_30(rnd, seat):
        table = table_for(cfg, trump, rnd.demoted is not None)
        legal, reason = lead_against_30(table, hands[seat])
    else:  # a lead: any card held (legal_mask's answer, without looking the table up: a third of the plays)
        legal, reason = hands[seat], R_LEAD
    out: Decision = (state, ruleset, cfg, rnd, table, legal, reason)
    decided = out
    return out


def play_actions(d: Decision) -> list[Action]:
    """The dealt-mode actions of the seat to play, from what ``decide`` decided: its legal cards,
    and rob/announce in the window."""
    state = d[0]
    seat = state.turn
    out = pick(d[5], PLAY_ACTS[seat])
    if seat == d[3].ace_holder:
        out.extend(rob_actions(d[2], state, seat))
    return out


def dealt_play(d: Decision, card: Card) -> FortyFivesState:
    """The seat to play plays ``card``, judged by what ``decide`` decided: checked, then the trick,
    the round or the turn moves on."""
    state, _ruleset, cfg, rnd, table, legal, reason = d
    hands = state.hands
    if TYPE_CHECKING:
        assert hands is not None
    seat = state.turn
    bit = BIT[card.index]
    trick = state.current
    if not legal & bit:
        hand = hands[seat]
        legal_texts = texts_of(legal)
        if not hand & bit:
            raise CardNotInHand(Msg("core.card_not_in_hand", card=card), legal=legal_texts)
        assert table is not None  # a lead refuses only a card not held
        code, rule = verdict_text(reason, cfg.rules, table, hand, trick)
        raise IllegalPlay(Msg("core.card_may_not_be_played", card=card, rule=rule), code=code, legal=legal_texts)
    changed = list(hands)
    changed[seat] ^= bit
    hands = tuple(changed)
    current = (*trick, card)
    n = state.match.players
    if len(current) < n:
        return make_state(state.match, PLAY, (seat + 1) % n, rnd, hands, state.leader, current, state.tricks)
    # the last card of a trick follows (two players at least), so ``table`` is the trick's
    assert table is not None
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
