"""A new match and the deal of a round (forty-fives.md §2.3-2.4, §3.3): five cards each in batches
of 3 then 2 (or 2 then 3) from the dealer's left, a kitty after the first batch in bidding mode,
the turn-up that fixes trump, and the dealer's duty for a turned-up ace (§2.5, §3.4). In table mode
the hands stay unknown: the round opens at the turn-up report (or the auction)."""

from __future__ import annotations

from collections.abc import Sequence

from service.rules.cards import Card, Rank
from service.rules.errors import InvalidInput, MatchOver, wrong_phase
from service.rules.games.forty_fives.actions import phase_types
from service.rules.games.forty_fives.options import FORTY_FIVES_ID, Config
from service.rules.games.forty_fives.ranking import ace_of
from service.rules.games.forty_fives.state import (
    ACE_AFTER_TRICK,
    ACE_BEFORE_LEAD,
    ACE_CHOOSE,
    ACE_MAY_DECLINE,
    ACE_MUST_ROB,
    ACE_NONE,
    AUCTION,
    DEAL,
    DEALER_ROB,
    PLAY,
    TURN_UP,
    Auction,
    FortyFivesState,
    MatchInfo,
    Round,
    make_round,
    make_state,
)
from service.rules.handmask import BIT
from service.rules.messages import Msg
from service.rules.options import Options
from service.rules.ruleset import FINISHED


def new_state(cfg: Config, options: Options, n: int, dealer: int, mode: str) -> FortyFivesState:
    """A match before its first deal: scores per seat (Forty-Fives) or per team (Auction)."""
    width = n if cfg.game == FORTY_FIVES_ID else 2
    return FortyFivesState(MatchInfo(options, n, mode, dealer, (0,) * width), DEAL)


def check_deck(deck: Sequence[Card] | None) -> list[int]:
    """The card indexes of a full shuffled deck (InvalidInput for anything else)."""
    if deck is None or isinstance(deck, (str, bytes)):
        raise InvalidInput(Msg("forty_fives.deck_needed"))
    try:
        idx = [c.index for c in deck]
    except AttributeError:
        raise InvalidInput(Msg("forty_fives.deck_not_cards")) from None
    if len(idx) != 52 or len(set(idx)) != 52:
        raise InvalidInput(Msg("forty_fives.deck_not_full", cards=len(idx), different=len(set(idx))))
    return idx


def deal(cfg: Config, state: FortyFivesState, deck: Sequence[Card] | None) -> FortyFivesState:
    """Deal the next round: from ``deck`` in dealt mode; with ``deck=None`` in table mode."""
    m = state.match
    if m.status == FINISHED:
        raise MatchOver(Msg("forty_fives.match_over"))
    if state.phase != DEAL:
        raise wrong_phase(Msg("forty_fives.no_deal_due", phase=state.phase),
                          phase_types(cfg, state))
    n = m.players
    d = m.dealer
    number = m.rounds_done + 1
    first = (d + 1) % n
    if m.mode == "table":
        if deck is not None:
            raise InvalidInput(Msg("forty_fives.table_deal_no_deck"))
        if cfg.bidding:
            return FortyFivesState(m, AUCTION, first, Round(number, d, auction=Auction(passed=(False,) * n),
                                                            drawn=(0,) * n))
        return FortyFivesState(m, TURN_UP, d, Round(number, d))
    idx = check_deck(deck)
    a = cfg.deal_first
    b = 5 - a
    kitty_n = cfg.kitty
    hands = [0] * n
    bit = BIT.__getitem__
    for k in range(n):
        base = n * a + kitty_n + k * b
        hands[(first + k) % n] = sum(map(bit, idx[k * a:(k + 1) * a])) + sum(map(bit, idx[base:base + b]))
    cards = tuple(deck or ())
    kitty = cards[n * a:n * a + kitty_n]
    rest = 5 * n + kitty_n
    if cfg.bidding:
        rnd = Round(number, d, stock=cards[rest:], kitty=kitty,
                    discards=((),) * n, auction=Auction(passed=(False,) * n), drawn=(0,) * n)
        return FortyFivesState(m, AUCTION, first, rnd, tuple(hands))
    return _turn_up_round(cfg, m, number, tuple(hands), cards[rest], cards[rest + 1:])


def _turn_up_round(cfg: Config, m: MatchInfo, number: int, hands: tuple[int, ...], turn_up: Card,
                   stock: tuple[Card, ...]) -> FortyFivesState:
    """The dealt round with its turn-up: who holds the ace of trumps, and the dealer's duty."""
    n = m.players
    d = m.dealer
    first = (d + 1) % n
    at_bit = BIT[ace_of(turn_up.suit).index]
    holder = None
    for s in range(n):
        if hands[s] & at_bit:
            holder = s
    duty = dealer_duty(cfg, turn_up)
    rnd = make_round(number, d, turn_up, turn_up.suit, stock, (), ((),) * n, holder, None, None, duty, None, None,
                     None, (), 0, (), ())
    if duty in ACE_BEFORE_LEAD:
        return make_state(m, DEALER_ROB, d, rnd, hands, first, (), ())
    return make_state(m, PLAY, first, rnd, hands, first, (), ())


_DUTIES = {"must_rob_before_first_lead": ACE_MUST_ROB, "may_rob_discard_before_first_lead": ACE_CHOOSE,
           "may_rob_after_first_trick": ACE_AFTER_TRICK, "may_decline": ACE_MAY_DECLINE}


def dealer_duty(cfg: Config, turn_up: Card) -> str:
    """The dealer's duty for a turned-up ace (§2.5, §3.4), none for any other turn-up."""
    return _DUTIES[cfg.dealer_ace] if turn_up.rank is Rank.ACE else ACE_NONE
