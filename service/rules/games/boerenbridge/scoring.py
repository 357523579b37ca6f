"""Boerenbridge round scoring, the overshoot rule and the end of the match (docs/rules/boerenbridge.md
§8-§11, vectors §13.4-§13.6).

* §8: 1 point per trick, +10 for an exact bid, 20 for a made zero bid (``nil_made_score``); the
  other scoring systems of §11 (``scoring_system``, ``miss_penalty``).
* §9: a total above 100 is capped at 100 by default (``overshoot_rule``: also bounce, subtract from
  the previous score, or bust), under ``match_end = "exact_100"`` only.
* §10: the match ends when one player has exactly 100 (several: joint winners, or play on), or
  after ``max_rounds``; under ``match_end = "fixed_rounds_highest"`` after a fixed number of rounds,
  the highest total winning.

One piece of code serves the stateless ``POST /v1/rulesets/boerenbridge/score`` endpoint, the
table-mode ``round_result`` action and the end of every dealt round (``finish_round``, which also
keeps the round's record in the match's history; ``archive`` takes old records out). The checks of
the bids in a round's facts (§6.1, and the hook rule §6.3) are ``bidding``'s.

Round facts (``parse_facts``), one entry per seat:

* ``bids``: an integer ``0..hand_size``, or ``null`` for a non-bidder (§6.1);
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

from service.rules.base import Revoke, RoundScore, int_fact, int_list_fact
from service.rules.errors import InvalidFacts, InvalidInput
from service.rules.games.boerenbridge.bidding import active_bidders, check_hook, threshold_text
from service.rules.games.boerenbridge.options import (
    PLAYER_COUNTS,
    TARGET,
    check_players,
    hand_size_for,
    max_hand,
    rounds_in_match,
    schedule,
)
from service.rules.games.boerenbridge.state import (
    DEAL,
    FINISHED_PHASE,
    BoerenbridgeState,
    MatchInfo,
    RoundRecord,
    RoundSetup,
)
from service.rules.slots import evolve

FACT_KEYS = ("bids", "tricks", "scores", "hand_size", "round", "dealer")

# ------------------------------------------------------------------------------------------------
# Points, overshoot, end of match
# ------------------------------------------------------------------------------------------------

_SYSTEM_RATES = {"seed": (1, 1), "oh_hell": (1, 1), "nl_10_2": (2, 2), "vlaams_10_3": (3, 0),
                 "nederlands_10_3": (3, 3)}


def round_points(bid: int | None, tricks: int, options: Mapping[str, Any]) -> int:
    """§8 and §11: the round points of one player (``bid`` None: a non-bidder scores 1 per trick)."""
    if bid is None:
        return tricks
    system = options["scoring_system"]
    if tricks == bid:
        if bid == 0:
            return int(options["nil_made_score"])
        rate = _SYSTEM_RATES[system][0]
        return rate * tricks + 10
    if system in ("seed", "oh_hell"):
        return tricks if options["miss_penalty"] == "none" else -abs(tricks - bid)
    return -_SYSTEM_RATES[system][1] * abs(tricks - bid)


def explain_points(seat: int, bid: int | None, tricks: int, points: int, options: Mapping[str, Any]) -> str:
    head = f"seat {seat}: "
    won = f"won {tricks} trick{'s' if tricks != 1 else ''}"
    if bid is None:
        return head + f"non-bidder, {won}: 1 point per trick = {points}"
    system = options["scoring_system"]
    if tricks == bid:
        if bid == 0:
            return head + f"bid 0, {won}: a made zero bid scores {points}"
        rate = _SYSTEM_RATES[system][0]
        return head + f"bid {bid}, {won}: exact, {rate} x {tricks} + 10 bonus = {points}"
    off = abs(tricks - bid)
    if system in ("seed", "oh_hell") and options["miss_penalty"] == "none":
        return head + f"bid {bid}, {won}: missed, 1 point per trick, no bonus = {points}"
    rate = 1 if system in ("seed", "oh_hell") else _SYSTEM_RATES[system][1]
    if rate == 0:
        return head + f"bid {bid}, {won}: missed, no points = 0"
    return head + f"bid {bid}, {won}: missed by {off}, -{rate} per trick off = {points}"


def apply_overshoot(before: int, gained: int, options: Mapping[str, Any]) -> int:
    """§9: the new match score. Only under ``match_end = "exact_100"`` is a total above 100 changed."""
    raw = before + gained
    if raw <= TARGET or options["match_end"] != "exact_100":
        return raw
    rule = options["overshoot_rule"]
    if rule == "cap":
        return TARGET
    if rule == "bounce":
        return 2 * TARGET - raw
    if rule == "subtract_from_previous":
        return before - (raw - TARGET)
    return before  # bust


def explain_overshoot(seat: int, before: int, gained: int, after: int, options: Mapping[str, Any]) -> str:
    raw = before + gained
    sign = "+" if gained >= 0 else "-"
    line = f"seat {seat}: {before} {sign} {abs(gained)} = {raw}"
    if raw <= TARGET or options["match_end"] != "exact_100":
        return line
    excess = raw - TARGET
    rule = options["overshoot_rule"]
    if rule == "cap":
        return line + f" is over {TARGET}: the excess {excess} is taken off, {after}"
    if rule == "bounce":
        return line + f" is over {TARGET}: bounced back by the excess {excess}, {after}"
    if rule == "subtract_from_previous":
        return line + f" is over {TARGET}: the excess {excess} is taken from {before}, {after}"
    return line + f" is over {TARGET}: the round does not count (bust), {after}"


def best_seats(scores: Sequence[int]) -> tuple[int, ...]:
    top = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == top)


def match_outcome(
    scores: Sequence[int], options: Mapping[str, Any], rounds_played: int | None, n_players: int
) -> tuple[str | None, tuple[int, ...]]:
    """§10: (result, winners) after a round; result None while the match goes on.

    Results: ``"won"`` (one player at exactly 100), ``"joint_win"``, ``"no_winner"`` and
    ``"closest_to_100"`` (``max_rounds`` reached), ``"highest_score"`` (``fixed_rounds_highest``).
    """
    limit = rounds_in_match(options, n_players)
    if options["match_end"] == "fixed_rounds_highest":
        if limit is not None and rounds_played is not None and rounds_played >= limit:
            return "highest_score", best_seats(scores)
        return None, ()
    at_target = tuple(i for i, s in enumerate(scores) if s == TARGET)
    if len(at_target) == 1:
        return "won", at_target
    if at_target and options["simultaneous_100"] == "joint_win":
        return "joint_win", at_target
    if limit is not None and rounds_played is not None and rounds_played >= limit:
        if options["max_rounds_outcome"] == "closest_to_100":
            return "closest_to_100", best_seats(scores)
        return "no_winner", ()
    return None, ()


def explain_outcome(result: str | None, winners: Sequence[int], scores: Sequence[int]) -> str:
    names = ", ".join(f"seat {w}" for w in winners)
    if result is None:
        if TARGET in scores:
            return f"several players have exactly {TARGET}: play on (simultaneous_100 = play_on)"
        return f"nobody has exactly {TARGET}: the match goes on"
    if result == "won":
        return f"{names} has exactly {TARGET}: the match is over, {names} wins"
    if result == "joint_win":
        return f"{names} have exactly {TARGET}: the match is over, joint winners"
    if result == "no_winner":
        return f"max_rounds reached with nobody at exactly {TARGET}: the match ends with no winner"
    if result == "closest_to_100":
        return f"max_rounds reached: the highest score {max(scores)} wins ({names})"
    return f"the last round is played: the highest total {max(scores)} wins ({names})"


# ------------------------------------------------------------------------------------------------
# Facts
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundFacts:
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    hand_size: int
    round_number: int | None
    dealer: int | None


def _opt_int(facts: Mapping[str, Any], key: str, lo: int, hi: int | None, what: str) -> int | None:
    return None if facts.get(key) is None else int_fact(facts, key, lo, hi, what, code=f"invalid_{key}")



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
    bids, tricks = _seat_lists(facts, options, n_players)
    n = len(bids)
    given_scores = _scores_before(facts, options, n, scores)
    number = _opt_int(facts, "round", 1, None, "the round's number in the match")
    if round_number is not None:
        if number is not None and number != round_number:
            raise InvalidFacts(f"'round' is {number} but this is round {round_number}", code="round_mismatch")
        number = round_number
    given_dealer = _opt_int(facts, "dealer", 0, n - 1, "the dealer's seat")
    if dealer is not None:
        if given_dealer is not None and given_dealer != dealer:
            raise InvalidFacts(f"'dealer' is {given_dealer} but seat {dealer} dealt", code="dealer_mismatch")
        given_dealer = dealer
    size = _hand_size(facts, options, n, hand_size, number)
    for i, t in enumerate(tricks):
        if t < 0:
            raise InvalidFacts(f"tricks[{i}] is {t}: tricks won cannot be negative", code="invalid_tricks")
    if sum(tricks) != size:
        raise InvalidFacts(f"the tricks won add up to {sum(tricks)}, but a round of {size} cards each has "
                           f"{size} tricks", code="tricks_do_not_add_up")
    _check_bids(bids, given_scores, size, given_dealer, options)
    return RoundFacts(bids, tricks, given_scores, size, number, given_dealer)


def _seat_lists(
    facts: Any, options: Mapping[str, Any], n_players: int | None
) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """The facts' ``bids`` and ``tricks``, one entry per seat, for a possible number of seats."""
    if not isinstance(facts, Mapping):
        raise InvalidInput("the round facts are an object: {\"bids\": [..], \"tricks\": [..], \"scores\": [..]}")
    unknown = sorted(str(k) for k in facts if k not in FACT_KEYS)
    if unknown:
        raise InvalidInput(
            f"unknown round fact(s) {', '.join(map(repr, unknown))}; the facts are {', '.join(FACT_KEYS)}",
            legal=list(FACT_KEYS),
        )
    for key in ("bids", "tricks"):
        if key not in facts:
            raise InvalidInput(f"the round facts need {key!r}: one entry per seat")
    bids = int_list_fact(facts, "bids", "one per seat; null for a non-bidder", nullable=True)
    tricks = int_list_fact(facts, "tricks", "one per seat, the tricks each took")
    n = len(bids)
    if n_players is not None and n != n_players:
        raise InvalidFacts(f"'bids' has {n} entries for a match of {n_players} players", code="wrong_seat_count")
    if n not in PLAYER_COUNTS:
        raise InvalidFacts(f"'bids' has {n} entries; Boerenbridge has 3 to 7 seats", code="wrong_seat_count")
    check_players(options, n)
    if len(tricks) != n:
        raise InvalidFacts(f"'tricks' has {len(tricks)} entries and 'bids' {n}: one of each per seat",
                           code="wrong_seat_count")
    return bids, tricks


def _scores_before(
    facts: Mapping[str, Any], options: Mapping[str, Any], n: int, scores: Sequence[int] | None
) -> tuple[int, ...]:
    """The match scores before the round: given, the match's, or all 0; none over 100 (§9)."""
    if "scores" in facts and facts["scores"] is not None:
        given_scores = int_list_fact(facts, "scores", "one per seat, the match scores before the round")
        if len(given_scores) != n:
            raise InvalidFacts(f"'scores' has {len(given_scores)} entries for {n} seats", code="wrong_seat_count")
        if scores is not None and tuple(scores) != given_scores:
            raise InvalidFacts(f"'scores' {list(given_scores)} differ from the match scores {list(scores)}",
                               code="scores_mismatch")
    else:
        given_scores = tuple(scores) if scores is not None else (0,) * n
    if options["match_end"] == "exact_100":
        over = [i for i, s in enumerate(given_scores) if s > TARGET]
        if over:
            raise InvalidFacts(f"seat {over[0]} has {given_scores[over[0]]}: no score can exceed {TARGET}",
                               code="score_over_100")
    return given_scores


def _hand_size(
    facts: Mapping[str, Any], options: Mapping[str, Any], n: int, hand_size: int | None, number: int | None
) -> int:
    """The round's hand size: given, or the schedule's (§11); a given one must fit the schedule."""
    size = _opt_int(facts, "hand_size", 1, max_hand(n), "cards dealt to each player")
    sizes = schedule(options, n)
    expected = hand_size if hand_size is not None else (
        hand_size_for(options, n, number) if number is not None else (sizes[0] if len(sizes) == 1 else None)
    )
    if size is None:
        if expected is None:
            raise InvalidFacts(
                f"the schedule {options['hand_size_schedule']!r} varies the hand size: give 'hand_size' "
                "or the round's number as 'round'", code="hand_size_unknown")
        return expected
    if expected is not None and size != expected:
        raise InvalidFacts(f"'hand_size' is {size} but this round deals {expected} cards each",
                           code="hand_size_mismatch")
    if size not in sizes:
        raise InvalidFacts(f"'hand_size' {size} is not in the schedule {list(sizes)}", code="hand_size_mismatch")
    return size


def _check_bids(
    bids: tuple[int | None, ...], scores: tuple[int, ...], size: int, dealer: int | None, options: Mapping[str, Any]
) -> None:
    """A bid from each active bidder and none from the others (§6.1), each 0 to the hand size, and
    the hook rule (§6.3, ``bidding.check_hook``)."""
    active = active_bidders(scores, options)
    for i, b in enumerate(bids):
        if b is None and active[i]:
            raise InvalidFacts(f"seat {i} has {scores[i]} points and must bid (only players at "
                               f"{threshold_text(options)} do not bid)", code="missing_bid")
        if b is not None and not active[i]:
            raise InvalidFacts(f"seat {i} has {scores[i]} points: players at {threshold_text(options)} "
                               "do not bid; its bid must be null", code="non_bidder_bid")
        if b is not None and not 0 <= b <= size:
            raise InvalidFacts(f"bids[{i}] is {b}: a bid is from 0 to {size}", code="bid_out_of_range")
    check_hook(bids, active, size, dealer, options)


def score_facts(rf: RoundFacts, options: Mapping[str, Any]) -> RoundScore:
    """Score parsed facts, with the explanation of every number."""
    n = len(rf.bids)
    lines = [f"hand size {rf.hand_size}: the tricks won add up to {rf.hand_size}"]
    points = tuple(round_points(b, t, options) for b, t in zip(rf.bids, rf.tricks, strict=True))
    lines.extend(explain_points(i, rf.bids[i], rf.tricks[i], points[i], options) for i in range(n))
    after = tuple(apply_overshoot(s, g, options) for s, g in zip(rf.scores, points, strict=True))
    lines.extend(explain_overshoot(i, rf.scores[i], points[i], after[i], options) for i in range(n))
    result, winners = match_outcome(after, options, rf.round_number, n)
    lines.append(explain_outcome(result, winners, after))
    return RoundScore(
        points=points,
        scores=after,
        match_over=result is not None,
        winners=winners,
        explanation=tuple(lines),
        extra={
            "hand_size": rf.hand_size,
            "raw_scores": [s + g for s, g in zip(rf.scores, points, strict=True)],
            "result": result,
            "non_bidders": [i for i, b in enumerate(rf.bids) if b is None],
        },
    )


# ------------------------------------------------------------------------------------------------
# The end of a round and the match's history
# ------------------------------------------------------------------------------------------------


def finish_round(
    state: BoerenbridgeState,
    r: RoundSetup,
    bids: tuple[int | None, ...],
    tricks: tuple[int, ...],
    revokes: tuple[Revoke, ...],
    *,
    reported: bool,
) -> BoerenbridgeState:
    """Score the round (§8, §9), keep its record, and end the match (§10) or pass the deal left."""
    m = state.match
    o = m.options
    n = m.players
    points = tuple(round_points(bids[i], tricks[i], o) for i in range(n))
    scores = tuple(apply_overshoot(m.scores[i], points[i], o) for i in range(n))
    record = RoundRecord(r.number, r.dealer, r.hand_size, r.trump, bids, tricks, points, scores, revokes, reported)
    result, winners = match_outcome(scores, o, r.number, n)
    info = MatchInfo(o, n, m.mode, scores, (r.dealer + 1) % n, (*m.history, record), result, winners, m.archived)
    return BoerenbridgeState(info, DEAL if result is None else FINISHED_PHASE)


def archive(state: BoerenbridgeState) -> tuple[BoerenbridgeState, list[dict[str, Any]]]:
    """Take the finished rounds but the last out of ``state.match.history`` (``Ruleset.archive``),
    as the view shows them; ``MatchInfo.archived`` counts them."""
    m = state.match
    history = m.history
    if len(history) <= 1:
        return state, []
    old = history[:-1]
    match = evolve(m, history=history[-1:], archived=m.archived + len(old))
    return evolve(state, match=match), [h.to_json() for h in old]
