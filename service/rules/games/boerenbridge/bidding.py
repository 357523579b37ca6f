"""Boerenbridge bidding (docs/rules/boerenbridge.md §6): who bids, in what order, the hook player,
the hook rule, the hook player's revision right, and the ``bid`` action.

* §6.1: a player whose match score at the start of the round reaches ``no_bid_threshold`` (80 or
  more, or with ``no_bid_comparison = "gt"`` more than 80) does not bid; the others bid 0 to the
  hand size (with ``zero_bid_allowed = false``, §15.4: 1 to the hand size; ``lowest_bid``).
* §6.2: the hook player is the dealer if he bids; else the last active bidder clockwise from the
  dealer's left (``hook_fallback = "last_active_bidder"``), or nobody (``"none"``).
* §6.3, the hook rule: the hook player may not bid so that the active bids add up to the hand size
  (the number of tricks). It applies when at least ``hook_min_hand_size`` cards are dealt. When it
  would forbid the only bid left (zero not allowed, one card, the hook player bidding alone: §15.4
  item 3) it gives way. This
  module is the one place that knows it, and ``forbidden_bid`` is the rule itself: ``forbidden_for``
  gives a match's forbidden bid (the legal bids, the refusal of a bid, whether a revision is
  possible; ``hook_forbidden``: the view's ``forbidden_bid``) and ``check_hook`` checks a round's
  reported facts (the score endpoint and ``round_result``); both ask ``forbidden_bid``.
* §6.4: by default every active bidder but the hook player submits a sealed bid (hidden from the
  other seats until all are in, then revealed together), then the hook player bids knowing them;
  ``bidding_mode = "sequential"``: one at a time clockwise from the dealer's left, the hook player
  last.
* §6.5: the reviser (the hook player, or with ``bid_revision_right = "dealer_only"`` the dealer
  when he is the hook player, or nobody) may change his bid, under the hook rule, until the opening
  lead.
* The end of the bidding: under ``trump_mode = "highest_bidder_chooses"`` (§11) the highest bidder
  names trumps (equal highest: the first of them from the dealer's left), else play begins.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.rules.actions import Action, actions_json
from service.rules.errors import IllegalBid, InvalidAction, InvalidFacts, not_your_turn
from service.rules.games.boerenbridge.options import MAX_HAND_SIZE, MAX_SEATS, PLAYER_COUNTS, Config, config
from service.rules.games.boerenbridge.state import (
    ALONE,
    BIDDING,
    PLAY,
    TRUMP,
    BoerenbridgeState,
    RoundSetup,
    make_state,
)
from service.rules.messages import Msg
from service.rules.slots import evolve

Bids = tuple[int | None, ...]

# Speed tables: the bids and the bidding order are read, not built, at every step of the bidding
# (bench/engine.py; the figures: bench/HISTORY.md, Boerenbridge).

#: _BID_ACTIONS[seat][amount]: actions are values, one object per (seat, amount), built once
_BID_ACTIONS = tuple(tuple(Action("bid", seat=s, amount=a) for a in range(MAX_HAND_SIZE + 1)) for s in range(MAX_SEATS))


def bidding_order(dealer: int, n: int) -> tuple[int, ...]:
    """Clockwise from the dealer's left, the dealer last."""
    return tuple((dealer + 1 + i) % n for i in range(n))


#: _ORDER[n][dealer]: ``bidding_order(dealer, n)``, made once (``to_act`` and every view in the
#: bidding ask)
_ORDER = {n: tuple(bidding_order(d, n) for d in range(n)) for n in PLAYER_COUNTS}

# ------------------------------------------------------------------------------------------------
# Who bids, the hook player, the hook rule (§6.1-§6.3, §6.5)
# ------------------------------------------------------------------------------------------------


def is_non_bidder(score: int, cfg: Config) -> bool:
    """§6.1: a match score at (``gte``) or over (``gt``) ``no_bid_threshold`` stops bidding."""
    threshold = cfg.no_bid_threshold
    if threshold is None:
        return False
    return score >= threshold if cfg.no_bid_at_threshold else score > threshold


def active_bidders(scores: Sequence[int], cfg: Config) -> tuple[bool, ...]:
    return tuple(not is_non_bidder(s, cfg) for s in scores)


def threshold_text(cfg: Config) -> Msg:
    """Who does not bid (§6.1), as a message: "80 or more", "more than 80"."""
    if cfg.no_bid_at_threshold:
        return Msg("boerenbridge.threshold.at_least", limit=cfg.no_bid_threshold)
    return Msg("boerenbridge.threshold.above", limit=cfg.no_bid_threshold)


def hook_player(dealer: int, active: Sequence[bool], cfg: Config) -> int | None:
    """§6.2: the dealer if he bids; else the last active bidder from the dealer's left (or none)."""
    if active[dealer]:
        return dealer
    if cfg.no_hook_fallback:
        return None
    for seat in reversed(bidding_order(dealer, len(active))):
        if active[seat]:
            return seat
    return None


def hook_applies(hand_size: int, cfg: Config) -> bool:
    return hand_size >= cfg.hook_min_hand_size


def lowest_bid(cfg: Config) -> int:
    """The lowest bid (§6.1): 0, or 1 under ``zero_bid_allowed = false`` (§15.4)."""
    return 0 if cfg.zero_bid_allowed else 1


def forbidden_bid(hand_size: int, others: int, lowest: int = 0) -> int | None:
    """§6.3, the hook rule: the hook player may not bid ``hand_size - others`` (``others``: the
    other active bids) when that is a possible bid (``lowest`` to ``hand_size``), so that the bids
    never add up to the tricks. When it is the only possible bid, the hook gives way (§15.4 item 3:
    every active bidder must bid)."""
    f = hand_size - others
    if not lowest <= f <= hand_size or lowest == hand_size:
        return None
    return f


def others_bid(bids: Sequence[int | None], seat: int) -> int:
    """The sum of the bids made by the seats other than ``seat``."""
    return sum(b for i, b in enumerate(bids) if b is not None and i != seat)


def round_bidders(
    scores: Sequence[int], dealer: int, hand_size: int, cfg: Config
) -> tuple[tuple[bool, ...], int | None, bool, int | None]:
    """A new round's bidders (``RoundSetup``): who bids (§6.1), the hook player (§6.2), whether the
    hook rule restricts him (§6.3) and who may revise his bid (§6.5)."""
    active = active_bidders(scores, cfg)
    hook = hook_player(dealer, active, cfg)
    right = cfg.bid_revision_right
    reviser = hook if right == "hook_player" or (right == "dealer_only" and hook == dealer) else None
    return active, hook, hook is not None and hook_applies(hand_size, cfg), reviser


def forbidden_for(r: RoundSetup, bids: Bids, seat: int) -> int | None:
    """The bid the hook rule forbids ``seat`` in this round, given the others' ``bids``: None unless
    ``seat`` is the hook player and the rule applies."""
    if seat != r.hook or not r.hook_rule:
        return None
    return forbidden_bid(r.hand_size, others_bid(bids, seat), r.lowest_bid)


def hook_forbidden(r: RoundSetup, bids: Bids) -> int | None:
    """The bid the hook rule forbids the hook player now (None: no hook player, or no rule)."""
    return None if r.hook is None else forbidden_for(r, bids, r.hook)


def check_hook(
    bids: Sequence[int | None], active: Sequence[bool], size: int, dealer: int | None, cfg: Config
) -> None:
    """A round's facts: raise InvalidFacts when the hook player made the bid the hook rule forbids him,
    so that the active bids add up to the hand size (with ``dealer`` None, the hook player is not
    known: whenever every possible dealer gives one, each active bidder may be him)."""
    if not hook_applies(size, cfg) or not any(active):
        return
    if dealer is not None:
        hook = hook_player(dealer, active, cfg)
        if hook is None:
            return
        hooks: tuple[int, ...] = (hook,)
        message = Msg("boerenbridge.hook.facts_seat", size=size, hook=hook)
    elif cfg.no_hook_fallback and not all(active):
        return  # the dealer may have been a non-bidder, in which case there was no hook
    else:
        hooks = tuple(s for s, a in enumerate(active) if a)
        message = Msg("boerenbridge.hook.facts", size=size)
    low = lowest_bid(cfg)
    if not any(bids[s] == forbidden_bid(size, others_bid(bids, s), low) for s in hooks):
        return
    raise InvalidFacts(message, code="bid_forbidden_by_hook")


def check_zero_bids(bids: Sequence[int | None], cfg: Config) -> None:
    """A round's facts: raise InvalidFacts when an active bidder bid 0 under ``zero_bid_allowed =
    false`` (§15.4 item 4)."""
    if cfg.zero_bid_allowed:
        return
    for seat, b in enumerate(bids):
        if b == 0:
            raise InvalidFacts(Msg("boerenbridge.facts.zero_bid", index=seat), code="zero_bid_not_allowed")


def can_revise(r: RoundSetup, bids: Bids) -> bool:
    """Whether the reviser has another bid he may switch to (§6.5); with one card each and the
    hook rule on, his only allowed bid may be the one he made."""
    seat = r.reviser
    if seat is None:
        return False
    low = r.lowest_bid
    if r.hand_size - low > 1:
        return True
    banned = forbidden_for(r, bids, seat)
    return any(a != banned and a != bids[seat] for a in range(low, r.hand_size + 1))


# ------------------------------------------------------------------------------------------------
# The procedure (§6.4): whose turn, what is shown, the legal bids
# ------------------------------------------------------------------------------------------------


def bidders_to_act(r: RoundSetup, bids: Bids, sequential: bool) -> tuple[int, ...]:
    """Sequential: the next active bidder clockwise from the dealer's left. Simultaneous: every
    active bidder but the hook player who has not bid yet, then the hook player (§6.4)."""
    order = _ORDER[len(bids)][r.dealer]
    active = r.active
    if sequential:
        for s in order:
            if active[s] and bids[s] is None:
                return ALONE[s]
        return ()
    hook = r.hook
    sealed = tuple(s for s in order if active[s] and s != hook and bids[s] is None)
    if sealed:
        return sealed
    if hook is not None and bids[hook] is None:
        return ALONE[hook]
    return ()


def revealed(r: RoundSetup, bids: Bids, sequential: bool) -> bool:
    """Sequential bids are public; sealed bids are revealed when every one of them is in (§6.4)."""
    if sequential:
        return True
    return all(b is not None for i, b in enumerate(bids) if r.active[i] and i != r.hook)


def bid_actions(r: RoundSetup, bids: Bids, seat: int) -> list[Action]:
    """The bids ``seat`` may make now: the lowest bid (0, or 1) to the hand size, but his current bid
    (a revision) and the one the hook rule forbids."""
    low = r.lowest_bid
    out = list(_BID_ACTIONS[seat][low: r.hand_size + 1])
    banned = forbidden_for(r, bids, seat)
    current = bids[seat]
    if current is not None:
        del out[current - low]
        if banned is not None and banned != current:
            del out[(banned if banned < current else banned - 1) - low]
    elif banned is not None:
        del out[banned - low]
    return out


def check_amount(r: RoundSetup, bids: Bids, seat: int, amount: int) -> None:
    """Refuse a bid out of range, a zero bid where zero is not allowed (§15.4), or the one the hook
    rule forbids (§6.3)."""
    if not 0 <= amount <= r.hand_size:
        raise IllegalBid(Msg("boerenbridge.bid.out_of_range", low=r.lowest_bid, size=r.hand_size, amount=amount),
                         code="bid_out_of_range", legal=actions_json(bid_actions(r, bids, seat)))
    if amount < r.lowest_bid:
        raise IllegalBid(Msg("boerenbridge.bid.zero_not_allowed", size=r.hand_size),
                         code="zero_bid_not_allowed", legal=actions_json(bid_actions(r, bids, seat)))
    if amount == forbidden_for(r, bids, seat):
        others = others_bid(bids, seat)
        raise IllegalBid(Msg("boerenbridge.hook.forbidden", amount=amount, others=others, size=r.hand_size),
                         code="bid_forbidden_by_hook", legal=actions_json(bid_actions(r, bids, seat)))


def highest_bidder(r: RoundSetup, bids: Bids) -> int | None:
    """The highest bid; equal highest: the first of them clockwise from the dealer's left."""
    best: int | None = None
    best_bid = -1
    for s in _ORDER[len(bids)][r.dealer]:
        b = bids[s]
        if b is not None and b > best_bid:
            best, best_bid = s, b
    return best


# ------------------------------------------------------------------------------------------------
# The bid action
# ------------------------------------------------------------------------------------------------


def check_bidder(state: BoerenbridgeState, seat: int, action: Action) -> int:
    """The bid's amount; refused first, in any phase of a round: a bid without one, or by a
    non-bidder (§6.1)."""
    r = state.round
    assert r is not None
    amount = action.amount
    if amount is None:
        raise InvalidAction(Msg("boerenbridge.bid.needs_amount"))
    if not r.active[seat]:
        score = state.match.scores[seat]
        limit = threshold_text(config(state.match.options))
        raise IllegalBid(Msg("boerenbridge.bid.not_a_bidder", seat=seat, score=score, threshold=limit),
                         code="not_a_bidder", legal=[])
    return amount


def bid(state: BoerenbridgeState, seat: int, action: Action) -> BoerenbridgeState:
    """A bid during the bidding, or the reviser's new bid before the opening lead (phases
    ``bidding``, ``trump`` and ``play``; ``actions.apply`` refuses a bid in any other)."""
    r = state.round
    assert r is not None
    amount = check_bidder(state, seat, action)
    phase = state.phase
    sequential = config(state.match.options).sequential
    if phase == BIDDING:
        if state.bids[seat] is not None:
            raise IllegalBid(Msg("boerenbridge.bid.already_made", seat=seat), code="bid_already_made", legal=[])
        waiting = bidders_to_act(r, state.bids, sequential)
        if seat not in waiting:
            key = "hook_waits" if seat == r.hook and not sequential else "clockwise"
            seats = ", ".join(str(s) for s in waiting)
            raise not_your_turn(Msg(f"boerenbridge.bid.{key}", seat=seat, waiting=seats), waiting)
    else:
        if phase == PLAY and (state.trick or state.done):
            raise IllegalBid(Msg("boerenbridge.bid.frozen"), code="bids_frozen", legal=[])
        if seat != r.reviser:
            message = (Msg("boerenbridge.bid.only_reviser", seat=seat, reviser=r.reviser) if r.reviser is not None
                       else Msg("boerenbridge.bid.no_reviser", seat=seat))
            raise IllegalBid(message, code="bid_already_made", legal=[])
        if amount == state.bids[seat]:  # a revision changes the bid (§6.5); the same one is no revision
            raise IllegalBid(Msg("boerenbridge.bid.unchanged", amount=amount), code="bid_unchanged",
                             legal=actions_json(bid_actions(r, state.bids, seat)))
    old = state.bids
    check_amount(r, old, seat, amount)
    bids = (*old[:seat], amount, *old[seat + 1:])
    if phase == BIDDING and not bidders_to_act(r, bids, sequential):
        return after_bidding(state, r, bids)
    return make_state(state.match, phase, r, bids, state.hands, state.leader, state.trick, state.tricks_won,
                      state.done, state.shown)


def after_bidding(state: BoerenbridgeState, setup: RoundSetup, bids: Bids) -> BoerenbridgeState:
    """Every bid is in: the highest bidder names trumps (``highest_bidder_chooses``), or play."""
    phase = PLAY
    if config(state.match.options).trump_mode == "highest_bidder_chooses":
        chooser = highest_bidder(setup, bids)
        if chooser is not None:
            setup = evolve(setup, trump_chooser=chooser)
            phase = TRUMP
    return make_state(state.match, phase, setup, bids, state.hands, state.leader, state.trick, state.tricks_won,
                      state.done, state.shown)
