"""Bidding mode of Auction Forty-Fives (forty-fives.md §3.6-3.7): the auction with the dealer's hold,
naming trump, the kitty, discard and draw, and the first lead.

The auction is continuous ([DB]): players speak clockwise from the dealer's left, skipping those
who have passed, until a high bid stands and every other player has passed. A hold (the dealer
takes the bid at the same amount) reopens it for everyone still in (``"reopen"``), or leaves only
the displaced bidder to answer (``"duel"``). A side with 100 or more may not bid or hold below
``min_bid_at_100``. When all the others pass without a bid, the dealer must bid
(``"dealer_forced"``) or may pass too, and the hand is void (``"redeal"``).

Discards: each player from the dealer's left to the dealer (only the bidder, to get back to five,
when there is a kitty but no discard-and-draw) discards face down and is dealt back to five from
the top of the stock; with ``dealer_robs_pack`` the dealer picks the replacements one by one
(``draw`` actions). With six players each keeps at least ``min_keep_six_players`` cards, and no
one may discard more than the stock can replace. In table mode a discard is reported as a count
(``amount``), or as the cards when the table saw them.
"""

from __future__ import annotations

from itertools import combinations

from service.rules.base import Action
from service.rules.cards import SUITS
from service.rules.errors import CardAlreadyPlayed, CardNotInHand, IllegalAction, IllegalBid, InvalidAction
from service.rules.games.forty_fives_match import (
    MAX_SEATS,
    _seat,
    close_round,
    make_action,
    need_phase,
    need_turn,
    played_cards,
)
from service.rules.games.forty_fives_options import Config
from service.rules.games.forty_fives_scoring import team_of
from service.rules.games.forty_fives_state import (
    AUCTION,
    DEALER_DRAW,
    DISCARD,
    NAME_TRUMP,
    PLAY,
    Auction,
    Call,
    Contract,
    FortyFivesState,
    Round,
)
from service.rules.handmask import BIT, cards_of, mask_of, texts_of
from service.rules.slots import evolve

PASS_ACTS = tuple(Action("pass", s) for s in range(MAX_SEATS))
HOLD_ACTS = tuple(Action("hold", s) for s in range(MAX_SEATS))
NAME_ACTS = tuple(tuple(Action("name_trump", s, suit=x) for x in SUITS) for s in range(MAX_SEATS))


def _rnd(state: FortyFivesState) -> Round:
    rnd = state.round
    assert rnd is not None
    return rnd


# ------------------------------------------------------------------------------------------------
# The auction
# ------------------------------------------------------------------------------------------------


def floor_for(cfg: Config, state: FortyFivesState, seat: int) -> int:
    """The lowest bid or hold allowed to ``seat``'s side (§3.6 item 9)."""
    if cfg.floor is None:
        return 0
    return cfg.floor if state.match.scores[team_of(seat)] >= 100 else 0


def call_options(cfg: Config, state: FortyFivesState, seat: int) -> tuple[bool, list[int], bool]:
    """(may pass, the amounts it may bid, may hold) for the seat to speak."""
    rnd = _rnd(state)
    a = rnd.auction
    assert a is not None
    floor = floor_for(cfg, state, seat)
    high = a.high or 0
    bids = [v for v in cfg.bid_values if v > high and v >= floor]
    dealer = seat == rnd.dealer
    can_hold = (
        dealer and a.high is not None and a.high_seat != seat and cfg.dealer_hold != "off" and a.high >= floor
    )
    forced = dealer and a.high is None and not cfg.all_pass_redeal and bool(bids)
    return not forced, bids, can_hold


def auction_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    if seat != state.turn:
        return []
    can_pass, bids, can_hold = call_options(cfg, state, seat)
    out = [PASS_ACTS[seat]] if can_pass else []
    out += [Action("bid", seat, amount=v) for v in bids]
    if can_hold:
        out.append(HOLD_ACTS[seat])
    return out


def apply_call(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    seat = _seat(state, action)
    need_phase(cfg, state, action, AUCTION)
    need_turn(state, seat)
    rnd = _rnd(state)
    a = rnd.auction
    assert a is not None
    n = state.match.players
    can_pass, bids, can_hold = call_options(cfg, state, seat)

    def refuse(detail: str, code: str) -> IllegalBid:
        return IllegalBid(detail, code=code, legal=[x.to_json() for x in auction_actions(cfg, state, seat)])

    passed = list(a.passed)
    high, high_seat = a.high, a.high_seat
    kind = action.type
    if kind == "pass":
        if not can_pass:
            raise refuse("everyone else has passed: the dealer may not pass and must bid (all_pass 'dealer_forced')",
                         "dealer_must_bid")
        passed[seat] = True
        call = Call(seat, "pass")
    elif kind == "bid":
        amount = action.amount
        if amount is None:
            raise InvalidAction("a bid needs an 'amount'")
        if amount not in bids:
            floor = floor_for(cfg, state, seat)
            if amount not in cfg.bid_values:
                raise refuse(f"{amount} is not a bid; the bids are {', '.join(map(str, cfg.bid_values))}",
                             "invalid_bid_amount")
            if high is not None and amount <= high:
                raise refuse(f"a bid must be higher than the standing bid of {high}", "bid_too_low")
            raise refuse(f"a side with 100 or more may not bid less than {floor} (min_bid_at_100)",
                         "bid_below_floor")
        high, high_seat = amount, seat
        call = Call(seat, "bid", amount)
    else:  # hold
        if not can_hold:
            if seat != rnd.dealer:
                why, code = "only the dealer may hold", "hold_not_allowed"
            elif cfg.dealer_hold == "off":
                why, code = "holding is off (dealer_hold 'off')", "hold_not_allowed"
            elif high is None:
                why, code = "there is no bid to hold", "nothing_to_hold"
            elif high_seat == seat:
                why, code = "the dealer already holds the high bid", "nothing_to_hold"
            else:
                why = f"a side with 100 or more may not hold below {floor_for(cfg, state, seat)} (min_bid_at_100)"
                code = "bid_below_floor"
            raise refuse(why, code)
        displaced = high_seat
        high_seat = seat
        call = Call(seat, "hold", high)
        if cfg.dealer_hold == "duel":
            passed = [p or (s != seat and s != displaced) for s, p in enumerate(passed)]
    auction = Auction((*a.calls, call), high, high_seat, tuple(passed))
    rnd = evolve(rnd, auction=auction)
    if high_seat is not None and all(passed[s] for s in range(n) if s != high_seat):
        assert high is not None
        contract = Contract(high_seat, team_of(high_seat), high)
        return evolve(state, phase=NAME_TRUMP, turn=high_seat, round=evolve(rnd, contract=contract))
    if high_seat is None and all(passed):
        return close_round(cfg, state.match, rnd, (), None, (), reported=False)
    nxt = seat
    for _ in range(n):
        nxt = (nxt + 1) % n
        if not passed[nxt] and nxt != high_seat:
            break
    return evolve(state, turn=nxt, round=rnd)


# ------------------------------------------------------------------------------------------------
# Naming trump
# ------------------------------------------------------------------------------------------------


def name_trump_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    if seat != state.turn:
        return []
    acts = NAME_ACTS[seat]
    if cfg.must_hold_trump and state.hands is not None:
        hand = cards_of(state.hands[seat])
        return [a for a in acts if any(c.suit is a.suit for c in hand)]
    return list(acts)


def apply_name_trump(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    seat = _seat(state, action)
    need_phase(cfg, state, action, NAME_TRUMP)
    need_turn(state, seat)
    suit = action.suit
    if suit is None:
        raise InvalidAction("name_trump needs a 'suit' (C, D, H or S)")
    legal = name_trump_actions(cfg, state, seat)
    if all(a.suit is not suit for a in legal):
        raise IllegalAction(f"the bidder must hold a card of the suit named (bidder_must_hold_trump); "
                            f"no {suit.value} is held", code="must_hold_trump", legal=[a.to_json() for a in legal])
    rnd = evolve(_rnd(state), trump=suit)
    hands = state.hands
    if rnd.kitty and hands is not None:
        hands = (*hands[:seat], hands[seat] | mask_of(rnd.kitty), *hands[seat + 1:])
        rnd = evolve(rnd, kitty=())
    state = evolve(state, round=rnd, hands=hands)
    order = discard_order(cfg, state)
    if not order:
        return start_play(cfg, state)
    return evolve(state, phase=DISCARD, turn=order[0])


# ------------------------------------------------------------------------------------------------
# Discard and draw
# ------------------------------------------------------------------------------------------------


def discard_order(cfg: Config, state: FortyFivesState) -> list[int]:
    rnd = _rnd(state)
    n = state.match.players
    if cfg.discard_and_draw:
        return [(rnd.dealer + k) % n for k in range(1, n + 1)]
    if cfg.kitty and rnd.contract is not None and rnd.contract.seat is not None:
        return [rnd.contract.seat]
    return []


def _hand_size(cfg: Config, state: FortyFivesState, seat: int) -> int:
    rnd = _rnd(state)
    if state.hands is not None:
        return state.hands[seat].bit_count()
    bidder = rnd.contract.seat if rnd.contract is not None else None
    return 5 + (cfg.kitty if seat == bidder else 0)


def stock_count(cfg: Config, state: FortyFivesState) -> int:
    rnd = _rnd(state)
    if state.hands is not None:
        return len(rnd.stock)
    n = state.match.players
    return 52 - 5 * n - cfg.kitty - sum(rnd.drawn)


def discard_bounds(cfg: Config, state: FortyFivesState, seat: int) -> tuple[int, int]:
    """The fewest and the most cards ``seat`` may discard (§3.7, A-25)."""
    h = _hand_size(cfg, state, seat)
    lo = max(0, h - 5)
    if not cfg.discard_and_draw:
        return lo, lo
    keep_min = cfg.min_keep6 if state.match.players == 6 else 0
    hi = min(h - keep_min, stock_count(cfg, state) + h - 5)
    return lo, max(lo, hi)


def discard_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    if seat != state.turn:
        return []
    lo, hi = discard_bounds(cfg, state, seat)
    if state.hands is None:
        return [Action("discard", seat, amount=k) for k in range(lo, hi + 1)]
    hand = cards_of(state.hands[seat])
    return [make_action("discard", seat, cards=combo) for k in range(lo, hi + 1) for combo in combinations(hand, k)]


def apply_discard(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    seat = _seat(state, action)
    need_phase(cfg, state, action, DISCARD)
    need_turn(state, seat)
    rnd = _rnd(state)
    lo, hi = discard_bounds(cfg, state, seat)
    table = state.hands is None
    cards = action.cards
    if cards is None and not table:
        raise InvalidAction("a discard lists the cards discarded face down: {\"type\": \"discard\", \"cards\": [...]}")
    if cards is not None:
        if len(set(cards)) != len(cards):
            raise InvalidAction("a card is listed twice in the discard")
        count = len(cards)
        if action.amount is not None and action.amount != count:
            raise InvalidAction(f"'amount' ({action.amount}) disagrees with the {count} cards listed")
    else:
        if action.amount is None:
            raise InvalidAction("a table-mode discard gives the number of cards discarded ('amount') or the cards")
        count = action.amount
    if not lo <= count <= hi:
        legal = discard_actions(cfg, state, seat)
        why = []
        if count < lo:
            why.append(f"a hand must come back to five cards (discard at least {lo})")
        else:
            if state.match.players == 6:
                why.append(f"with six players each keeps at least {cfg.min_keep6} cards")
            why.append(f"the stock can replace {stock_count(cfg, state)} more")
        raise IllegalAction(f"seat {seat} may discard {lo} to {hi} cards, not {count}: " + "; ".join(why),
                            code="discard_count", legal=[a.to_json() for a in legal[:64]])
    draws = 5 - (_hand_size(cfg, state, seat) - count)
    drawn = (*rnd.drawn[:seat], draws, *rnd.drawn[seat + 1:])
    if table:
        out = rnd.out
        if cards:
            seen = set(played_cards(state)) | set(out)
            dup = [c.text for c in cards if c in seen]
            if dup:
                raise CardAlreadyPlayed(f"{', '.join(dup)} already reported this round")
            out = (*out, *cards)
        state = evolve(state, round=evolve(rnd, drawn=drawn, out=out))
        return _next_discarder(cfg, state, seat)
    hands = state.hands
    assert hands is not None and cards is not None
    hand = hands[seat]
    missing = [c.text for c in cards if not hand & BIT[c.index]]
    if missing:
        raise CardNotInHand(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in the hand",
                            legal=texts_of(hand))
    hand &= ~mask_of(cards)
    discards = (*rnd.discards[:seat], rnd.discards[seat] + tuple(cards), *rnd.discards[seat + 1:])
    rnd = evolve(rnd, discards=discards, drawn=drawn)
    if cfg.robs_pack and seat == rnd.dealer and draws:
        return evolve(state, phase=DEALER_DRAW, hands=(*hands[:seat], hand, *hands[seat + 1:]),
                       round=evolve(rnd, to_draw=draws))
    hand |= mask_of(rnd.stock[:draws])
    rnd = evolve(rnd, stock=rnd.stock[draws:])
    state = evolve(state, hands=(*hands[:seat], hand, *hands[seat + 1:]), round=rnd)
    return _next_discarder(cfg, state, seat)


def draw_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    if seat != state.turn:
        return []
    return [Action("draw", seat, card=c) for c in _rnd(state).stock]


def apply_draw(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    seat = _seat(state, action)
    need_phase(cfg, state, action, DEALER_DRAW)
    need_turn(state, seat)
    rnd = _rnd(state)
    card = action.card
    if card is None:
        raise InvalidAction("a draw names the card taken from the stock")
    if card not in rnd.stock:
        raise IllegalAction(f"{card.text} is not in the stock", code="card_not_in_stock",
                            legal=[c.text for c in rnd.stock])
    hands = state.hands
    assert hands is not None
    hands = (*hands[:seat], hands[seat] | BIT[card.index], *hands[seat + 1:])
    rnd = evolve(rnd, stock=tuple(c for c in rnd.stock if c is not card), to_draw=rnd.to_draw - 1)
    state = evolve(state, hands=hands, round=rnd)
    if rnd.to_draw:
        return state
    return _next_discarder(cfg, evolve(state, phase=DISCARD), seat)


def _next_discarder(cfg: Config, state: FortyFivesState, seat: int) -> FortyFivesState:
    order = discard_order(cfg, state)
    pos = order.index(seat)
    if pos + 1 < len(order):
        return evolve(state, phase=DISCARD, turn=order[pos + 1])
    return start_play(cfg, state)


def start_play(cfg: Config, state: FortyFivesState) -> FortyFivesState:
    """The first lead after bidding (§3.7): left of the bidder (default), the bidder, or left of the dealer."""
    rnd = _rnd(state)
    n = state.match.players
    bidder = rnd.contract.seat if rnd.contract is not None else None
    if cfg.first_lead == "left_of_dealer" or bidder is None:
        first = (rnd.dealer + 1) % n
    elif cfg.first_lead == "bidder":
        first = bidder
    else:
        first = (bidder + 1) % n
    return evolve(state, phase=PLAY, turn=first, leader=first)

