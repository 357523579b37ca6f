"""The facts of one Boerenbridge round, read and checked (docs/rules/boerenbridge.md §6, §8, §11): the
body of ``POST /v1/rulesets/boerenbridge/score`` and the ``result`` of a table-mode ``round_result``.

The checks of the bids (§6.1, and the hook rule §6.3) are ``bidding``'s (``active_bidders``,
``check_hook``).

Round facts (``parse_facts``), one entry per seat:

* ``bids``: an integer ``0..hand_size`` (``1..hand_size`` under ``zero_bid_allowed = false``,
  §15.4), or ``null`` for a non-bidder (§6.1);
* ``tricks``: tricks won, adding up to the hand size;
* ``scores``: match scores before the round (optional; default all 0). They decide who was a
  non-bidder: a seat at or over ``no_bid_threshold`` must have a ``null`` bid and the others a number;
* ``hand_size`` (optional): the cards dealt to each player. Without it the hand size comes from the
  schedule: 13 for ``fixed_13``; for the other schedules the round's number must be given;
* ``round`` (optional, 1-based): the round's number in the match; picks the hand size from the
  schedule and lets ``max_rounds``/``fixed_rounds_highest`` end the match;
* ``dealer`` (optional): with it the hook rule (§6.3) is checked against the exact hook player;
  without it, whenever every possible dealer gives a hook player, the active bids must not add up
  to the hand size.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.rules.errors import InvalidFacts
from service.rules.facts import LARGEST, check_fields, int_fact, int_list_fact
from service.rules.games.boerenbridge.bidding import active_bidders, check_hook, check_zero_bids, threshold_text
from service.rules.games.boerenbridge.options import (
    PLAYER_COUNTS,
    TARGET,
    Config,
    check_schedule,
    config,
    hand_size_for,
    max_hand,
)
from service.rules.messages import Msg

FACT_KEYS = ("bids", "tricks", "scores", "hand_size", "round", "dealer")


@dataclass(frozen=True)
class RoundFacts:
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    hand_size: int
    round_number: int | None
    dealer: int | None


def _opt_int(facts: Mapping[str, Any], key: str, lo: int, hi: int | None) -> int | None:
    """An optional integer fact; ``boerenbridge.fact.<key>`` says what it counts."""
    if facts.get(key) is None:
        return None
    return int_fact(facts, key, lo, hi, Msg(f"boerenbridge.fact.{key}"))


def parse_facts(
    facts: Any,
    options: Mapping[str, Any],
    *,
    n_players: int | None = None,
    scores: Sequence[int] | None = None,
    hand_size: int | None = None,
    round_number: int | None = None,
    dealer: int | None = None,
) -> RoundFacts:
    """Read and check one round's facts. Keyword values are what a match already knows (table-mode
    ``round_result``): a fact that is given must agree with them. The checks run in the order of the
    helpers below, so the first broken rule is the one refused."""
    cfg = config(options)
    bids, tricks = _seat_lists(facts, cfg, n_players)
    n = len(bids)
    given_scores = _scores_before(facts, cfg, n, scores)
    number = _opt_int(facts, "round", 1, None)
    if round_number is not None:
        if number is not None and number != round_number:
            raise InvalidFacts(Msg("boerenbridge.facts.round_mismatch", given=number, round=round_number),
                               code="round_mismatch")
        number = round_number
    given_dealer = _opt_int(facts, "dealer", 0, n - 1)
    if dealer is not None:
        if given_dealer is not None and given_dealer != dealer:
            raise InvalidFacts(Msg("boerenbridge.facts.dealer_mismatch", named=given_dealer, dealer=dealer),
                               code="dealer_mismatch")
        given_dealer = dealer
    size = _hand_size(facts, cfg, n, hand_size, number)
    if sum(tricks) != size:
        raise InvalidFacts(Msg("boerenbridge.facts.tricks_do_not_add_up", total=sum(tricks), size=size),
                           code="tricks_do_not_add_up")
    _check_bids(bids, given_scores, size, given_dealer, cfg)
    return RoundFacts(bids, tricks, given_scores, size, number, given_dealer)


def _seat_lists(
    facts: Any, cfg: Config, n_players: int | None
) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """The facts' ``bids`` and ``tricks``, one entry per seat, for a possible number of seats."""
    facts = check_fields(facts, Msg("boerenbridge.name"), FACT_KEYS, ("bids", "tricks"))
    most = max_hand(min(PLAYER_COUNTS))  # the largest hand of any table
    bids = int_list_fact(facts, "bids", Msg("boerenbridge.fact.bids"), nullable=True, lo=0, hi=most)
    tricks = int_list_fact(facts, "tricks", Msg("boerenbridge.fact.tricks"), lo=0, hi=most)
    n = len(bids)
    if n_players is not None and n != n_players:
        raise InvalidFacts(Msg("boerenbridge.facts.bids_for_match", entries=n, players=n_players),
                           code="wrong_seat_count")
    if n not in PLAYER_COUNTS:
        raise InvalidFacts(Msg("boerenbridge.facts.bids_seats", entries=n), code="wrong_seat_count")
    check_schedule(cfg, n)
    if len(tricks) != n:
        raise InvalidFacts(Msg("boerenbridge.facts.tricks_entries", entries=len(tricks), bids=n),
                           code="wrong_seat_count")
    return bids, tricks


def _scores_before(
    facts: Mapping[str, Any], cfg: Config, n: int, scores: Sequence[int] | None
) -> tuple[int, ...]:
    """The match scores before the round: given, the match's, or all 0; none over 100 (§9)."""
    if "scores" in facts and facts["scores"] is not None:
        # a score goes below 0 only where a round can score negative points (§11)
        given_scores = int_list_fact(facts, "scores", Msg("boerenbridge.fact.scores"),
                                     lo=-LARGEST if cfg.can_go_down else 0)
        if len(given_scores) != n:
            raise InvalidFacts(Msg("boerenbridge.facts.scores_entries", entries=len(given_scores), seats=n),
                               code="wrong_seat_count")
        if scores is not None and tuple(scores) != given_scores:
            raise InvalidFacts(Msg("boerenbridge.facts.scores_mismatch", given=str(list(given_scores)),
                                   scores=str(list(scores))),
                               code="scores_mismatch")
    else:
        given_scores = tuple(scores) if scores is not None else (0,) * n
    if not cfg.fixed_rounds:
        over = [i for i, s in enumerate(given_scores) if s > TARGET]
        if over:
            raise InvalidFacts(Msg("boerenbridge.facts.score_over", seat=over[0], score=given_scores[over[0]],
                                   target=TARGET),
                               code="score_over_100")
    return given_scores


def _hand_size(
    facts: Mapping[str, Any], cfg: Config, n: int, hand_size: int | None, number: int | None
) -> int:
    """The round's hand size: given, or the schedule's (§11); a given one must fit the schedule."""
    size = _opt_int(facts, "hand_size", 1, max_hand(n))
    sizes = cfg.hand_sizes[n]
    expected = hand_size if hand_size is not None else (
        hand_size_for(cfg, n, number) if number is not None else (sizes[0] if len(sizes) == 1 else None)
    )
    if size is None:
        if expected is None:
            raise InvalidFacts(Msg("boerenbridge.facts.hand_size_unknown", schedule=cfg.schedule),
                               code="hand_size_unknown")
        return expected
    if expected is not None and size != expected:
        raise InvalidFacts(Msg("boerenbridge.facts.hand_size_mismatch", given=size, expected=expected),
                           code="hand_size_mismatch")
    if size not in sizes:
        raise InvalidFacts(Msg("boerenbridge.facts.hand_size_not_in_schedule", given=size, sizes=str(list(sizes))),
                           code="hand_size_mismatch")
    return size


def _check_bids(
    bids: tuple[int | None, ...], scores: tuple[int, ...], size: int, dealer: int | None, cfg: Config
) -> None:
    """A bid from each active bidder and none from the others (§6.1), each 0 to the hand size, none
    0 under ``zero_bid_allowed = false`` (§15.4, ``bidding.check_zero_bids``), and the hook rule
    (§6.3, ``bidding.check_hook``)."""
    active = active_bidders(scores, cfg)
    for i, b in enumerate(bids):
        if b is None and active[i]:
            raise InvalidFacts(Msg("boerenbridge.facts.missing_bid", seat=i, score=scores[i],
                                   threshold=threshold_text(cfg)), code="missing_bid")
        if b is not None and not active[i]:
            raise InvalidFacts(Msg("boerenbridge.facts.non_bidder_bid", seat=i, score=scores[i],
                                   threshold=threshold_text(cfg)), code="non_bidder_bid")
        if b is not None and not 0 <= b <= size:
            raise InvalidFacts(Msg("boerenbridge.facts.bid_out_of_range", index=i, bid=b, size=size),
                               code="bid_out_of_range")
    check_zero_bids(bids, cfg)
    check_hook(bids, active, size, dealer, cfg)
