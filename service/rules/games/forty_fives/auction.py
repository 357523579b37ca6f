"""Bidding mode of Auction Forty-Fives (forty-fives.md §3.6): the auction with the dealer's hold, and
naming trump (the kitty joins the bidder's hand).

The auction is continuous ([DB]): players speak clockwise from the dealer's left, skipping those
who have passed, until a high bid stands and every other player has passed. A hold (the dealer
takes the bid at the same amount) reopens it for everyone still in (``"reopen"``), or leaves only
the displaced bidder to answer (``"duel"``). A side with 100 or more may not bid or hold below
``min_bid_at_100``. When all the others pass without a bid, the dealer must bid
(``"dealer_forced"``) or may pass too, and the hand is void (``"redeal"``).

The 120s house rules (§9.5): ``dealer_hold = "final"`` ends the auction at the hold;
``hold_minimum`` keeps the dealer from holding a lower bid; ``auction_rounds = "single"`` has each
player speak once, from the dealer's left to the dealer, whose pass or raise ends it and whose hold
ends it (``"final"``), leaves the displaced bidder to answer (``"duel"``, found from the calls) or
opens another round for those who have not passed (``"reopen"``). The bid on the kitty that may
follow the auction is in ``kitty``; the discard and draw in ``discard``.
"""

from __future__ import annotations

from service.rules.actions import Action, actions_json
from service.rules.errors import IllegalAction, IllegalBid, InvalidAction
from service.rules.games.forty_fives import round_end
from service.rules.games.forty_fives.actions import HOLD_ACTS, NAME_ACTS, PASS_ACTS, seat_to_act
from service.rules.games.forty_fives.discard import discard_order, start_play
from service.rules.games.forty_fives.options import Config
from service.rules.games.forty_fives.scoring import team_of
from service.rules.games.forty_fives.state import (
    AUCTION,
    DISCARD,
    NAME_TRUMP,
    Auction,
    Call,
    Contract,
    FortyFivesState,
    current_round,
)
from service.rules.handmask import cards_of, mask_of
from service.rules.messages import Msg
from service.rules.slots import evolve


def floor_for(cfg: Config, state: FortyFivesState, seat: int) -> int:
    """The lowest bid or hold allowed to ``seat``'s side (§3.6 item 9)."""
    if cfg.floor is None:
        return 0
    return cfg.floor if state.match.scores[team_of(seat)] >= 100 else 0


def call_options(cfg: Config, state: FortyFivesState, seat: int) -> tuple[bool, list[int], bool]:
    """(may pass, the amounts it may bid, may hold) for the seat to speak."""
    rnd = current_round(state)
    a = rnd.auction
    assert a is not None
    floor = floor_for(cfg, state, seat)
    high = a.high or 0
    bids = [v for v in cfg.bid_values if v > high and v >= floor]
    dealer = seat == rnd.dealer
    can_hold = (
        dealer and a.high is not None and a.high_seat != seat and cfg.dealer_hold != "off" and a.high >= floor
        and a.high >= (cfg.hold_minimum or 0)
    )
    forced = dealer and a.high is None and not cfg.all_pass_redeal and bool(bids)
    return not forced, bids, can_hold


def auction_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """The calls the seat to speak may make."""
    if seat != state.turn:
        return []
    can_pass, bids, can_hold = call_options(cfg, state, seat)
    out = [PASS_ACTS[seat]] if can_pass else []
    out += [Action("bid", seat, amount=v) for v in bids]
    if can_hold:
        out.append(HOLD_ACTS[seat])
    return out


def apply_call(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    """A ``bid``, ``pass`` or ``hold``; the auction ends when the others have all passed a high bid."""
    seat = seat_to_act(cfg, state, action, AUCTION)
    rnd = current_round(state)
    a = rnd.auction
    assert a is not None
    can_pass, bids, can_hold = call_options(cfg, state, seat)

    def refuse(detail: Msg, code: str) -> IllegalBid:
        return IllegalBid(detail, code=code, legal=actions_json(auction_actions(cfg, state, seat)))

    passed = list(a.passed)
    high, high_seat = a.high, a.high_seat
    kind = action.type
    if kind == "pass":
        if not can_pass:
            raise refuse(Msg("forty_fives.dealer_must_bid"),
                         "dealer_must_bid")
        passed[seat] = True
        call = Call(seat, "pass")
    elif kind == "bid":
        amount = action.amount
        if amount is None:
            raise InvalidAction(Msg("forty_fives.bid_needs_amount"))
        if amount not in bids:
            why, code = _bid_refusal(cfg, state, seat, amount, high)
            raise refuse(why, code)
        high, high_seat = amount, seat
        call = Call(seat, "bid", amount)
    else:  # hold
        if not can_hold:
            raise refuse(*_hold_refusal(cfg, state, seat, high, high_seat))
        displaced = high_seat
        high_seat = seat
        call = Call(seat, "hold", high)
        if cfg.dealer_hold == "duel" and not cfg.single_round:
            passed = [p or (s != seat and s != displaced) for s, p in enumerate(passed)]
    auction = Auction((*a.calls, call), high, high_seat, tuple(passed))
    if cfg.single_round:
        return _after_single_round_call(cfg, state, seat, auction, kind)
    if kind == "hold" and cfg.dealer_hold == "final":
        return _auction_won(state, auction)
    return _after_call(cfg, state, seat, auction)


def _bid_refusal(cfg: Config, state: FortyFivesState, seat: int, amount: int, high: int | None) -> tuple[Msg, str]:
    if amount not in cfg.bid_values:
        bids = ", ".join(map(str, cfg.bid_values))
        return Msg("forty_fives.not_a_bid", amount=amount, bids=bids), "invalid_bid_amount"
    if high is not None and amount <= high:
        return Msg("forty_fives.bid_too_low", high=high), "bid_too_low"
    floor = floor_for(cfg, state, seat)
    return Msg("forty_fives.bid_below_floor", floor=floor), "bid_below_floor"


def _hold_refusal(cfg: Config, state: FortyFivesState, seat: int, high: int | None,
                  high_seat: int | None) -> tuple[Msg, str]:
    if seat != current_round(state).dealer:
        return Msg("forty_fives.hold_dealer_only"), "hold_not_allowed"
    if cfg.dealer_hold == "off":
        return Msg("forty_fives.hold_off"), "hold_not_allowed"
    if high is None:
        return Msg("forty_fives.hold_no_bid"), "nothing_to_hold"
    if high_seat == seat:
        return Msg("forty_fives.hold_already"), "nothing_to_hold"
    if cfg.hold_minimum is not None and high < cfg.hold_minimum:
        return Msg("forty_fives.hold_below_minimum", minimum=cfg.hold_minimum, high=high), "hold_below_minimum"
    return Msg("forty_fives.hold_below_floor", floor=floor_for(cfg, state, seat)), "bid_below_floor"


def _after_call(cfg: Config, state: FortyFivesState, seat: int, auction: Auction) -> FortyFivesState:
    """The auction after ``seat``'s call: won (naming trump next), void (all passed), or the next to speak."""
    rnd = evolve(current_round(state), auction=auction)
    n = state.match.players
    passed, high_seat = auction.passed, auction.high_seat
    if high_seat is not None and all(passed[s] for s in range(n) if s != high_seat):
        return _auction_won(state, auction)
    if high_seat is None and all(passed):
        return round_end.close_round(cfg, state.match, rnd, (), None, (), reported=False)
    nxt = seat
    for _ in range(n):
        nxt = (nxt + 1) % n
        if not passed[nxt] and nxt != high_seat:
            break
    return evolve(state, turn=nxt, round=rnd)


def _auction_won(state: FortyFivesState, auction: Auction) -> FortyFivesState:
    """The high bidder wins the contract and names trump next."""
    seat, amount = auction.high_seat, auction.high
    assert seat is not None and amount is not None
    rnd = evolve(current_round(state), auction=auction, contract=Contract(seat, team_of(seat), amount))
    return evolve(state, phase=NAME_TRUMP, turn=seat, round=rnd)


def duel_partner(auction: Auction) -> int | None:
    """In a single-round duel (§9.5): the bidder the dealer's first hold displaced (None before it)."""
    high_seat = None
    for call in auction.calls:
        if call.call == "hold":
            return high_seat
        if call.call == "bid":
            high_seat = call.seat
    return None


def _after_single_round_call(cfg: Config, state: FortyFivesState, seat: int, auction: Auction,
                             kind: str) -> FortyFivesState:
    """``auction_rounds = "single"`` (§9.5): each speaks once from the dealer's left to the dealer; the
    dealer's pass or raise ends it; a hold ends it (``"final"``), leaves the displaced bidder to answer
    (``"duel"``), or opens another round for those who have not passed (``"reopen"``)."""
    rnd = evolve(current_round(state), auction=auction)
    state = evolve(state, round=rnd)
    n, d = state.match.players, rnd.dealer
    duel = duel_partner(auction) if cfg.dealer_hold == "duel" else None
    if seat == d:
        if kind == "pass" and auction.high_seat is None:
            return round_end.close_round(cfg, state.match, rnd, (), None, (), reported=False)
        if kind == "pass" or (kind == "bid" and duel is None) or (kind == "hold" and cfg.dealer_hold == "final"):
            return _auction_won(state, auction)
        if duel is not None:
            return evolve(state, turn=duel)
        seat = d  # "reopen": another round, from the dealer's left
    elif duel is not None:
        if kind == "pass":
            return _auction_won(state, auction)
        return evolve(state, turn=d)
    nxt = next((s for s in ((seat + k) % n for k in range(1, n)) if s != d and not auction.passed[s]
                and (s - d) % n > (seat - d) % n), None)
    if nxt is not None:
        return evolve(state, turn=nxt)
    if auction.high_seat == d:  # nobody bid in the reopened round: the hold stands
        return _auction_won(state, auction)
    return evolve(state, turn=d)


# ------------------------------------------------------------------------------------------------
# Naming trump
# ------------------------------------------------------------------------------------------------


def name_trump_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """The suits the winning bidder may name (``bidder_must_hold_trump``: the suits it holds; after a
    bid on the whole kitty, the suits the kitty holds, §9.6)."""
    if seat != state.turn:
        return []
    acts = NAME_ACTS[seat]
    if (cfg.must_hold_trump or current_round(state).kitty_bid == "whole_hand") and state.hands is not None:
        hand = cards_of(state.hands[seat])
        return [a for a in acts if any(c.suit is a.suit for c in hand)]
    return list(acts)


def apply_name_trump(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    """The bidder names trump and takes the kitty; then the discards, or the first lead."""
    seat = seat_to_act(cfg, state, action, NAME_TRUMP)
    suit = action.suit
    if suit is None:
        raise InvalidAction(Msg("forty_fives.name_trump_needs_suit"))
    legal = name_trump_actions(cfg, state, seat)
    if all(a.suit is not suit for a in legal):
        if current_round(state).kitty_bid == "whole_hand":
            raise IllegalAction(Msg("forty_fives.trump_not_in_kitty", suit=suit.value), code="trump_not_in_kitty",
                                legal=actions_json(legal))
        raise IllegalAction(Msg("forty_fives.must_hold_trump", suit=suit.value), code="must_hold_trump",
                            legal=actions_json(legal))
    rnd = evolve(current_round(state), trump=suit)
    hands = state.hands
    if rnd.kitty and hands is not None:
        hands = (*hands[:seat], hands[seat] | mask_of(rnd.kitty), *hands[seat + 1:])
        rnd = evolve(rnd, kitty=())
    state = evolve(state, round=rnd, hands=hands)
    order = discard_order(cfg, state)
    if not order:
        return start_play(cfg, state)
    return evolve(state, phase=DISCARD, turn=order[0])
