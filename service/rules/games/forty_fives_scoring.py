"""Hand scoring and game end for the Forty-Fives family (forty-fives.md §2.7-2.8, §3.8-3.9), and the
reader of the round facts that both ``POST /v1/rulesets/{id}/score`` and a table-mode
``round_result`` action use.

Round facts, one of two forms (plus ``scores``, the totals before the round, and in bidding mode
``bid: {"team": 0, "amount": 20}``):

* **full**: ``{"trump": "D", "leader": 0, "players": 3, "tricks": [["KC", "2D", "AH"], ...]}``, the
  five tricks, each in play order from its own leader. The trick winners, who led each trick and
  the highest trump are worked out here. Optional ``demoted_ace`` (the ace of trumps, where the
  unrobbed-ace rule of §1.5 applies and its holder neither robbed nor announced).
* **summary** (for a scorekeeper who writes down only the outcome): ``{"tricks_won": [2, 0, 3],
  "highest_trump_seat": 2}`` with ``tricks_won`` per seat (summing to 5) and the seat that played
  the highest trump of the hand (``null`` when no trump was played). Under
  ``highest_trump_bonus = "five_of_trumps_only"`` add ``"highest_trump": "5S"`` (the card) so
  the bonus can be judged; ``trump`` and ``players`` are optional.

Points and scores are per seat in ``forty_fives`` and per team in ``auction_forty_fives``
(team 0 = the even seats).

Choices where the spec is silent: in turn-up partnership scoring a non-default highest-trump
bonus adds 5 to the team that won the trick with the highest trump, on top of the method's
score; two teams tied on the top total at or above the target (possible only with that bonus)
play another hand, as ties do in ``forty_fives``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import add
from typing import Any, NamedTuple

from service.rules.base import int_fact, int_list_fact, is_json_int
from service.rules.cards import Card, Rank, Suit, check_distinct
from service.rules.errors import InvalidFacts, InvalidInput
from service.rules.games.forty_fives_options import Config
from service.rules.games.forty_fives_ranking import TRUMP_BASE, RankTable, winner_position
from service.rules.games.forty_fives_state import Trick

TRICKS_PER_HAND = 5


# ------------------------------------------------------------------------------------------------
# Tally of a played hand
# ------------------------------------------------------------------------------------------------


class Tally(NamedTuple):
    """What the tricks of a hand amount to before the game's scoring method is applied."""

    tricks_won: tuple[int, ...]  # per seat
    highest_trump: Card | None  # the highest trump played (None: no trump played)
    bonus_seat: int | None  # the seat that earns the highest-trump bonus (None: no bonus)
    trick_winners: tuple[int, ...] = ()  # per trick (full facts and played hands)


def bonus_of(cfg: Config, highest: Card | None, seat: int | None, trump: Suit | None) -> int | None:
    """The seat earning the bonus trick under ``highest_trump_bonus`` (§2.7, A-16)."""
    if highest is None or seat is None or cfg.bonus == "none":
        return None
    if cfg.bonus == "five_of_trumps_only" and not (highest.rank is Rank.FIVE and highest.suit is trump):
        return None
    return seat


def tally_played(cfg: Config, table: RankTable, n: int, tricks: Sequence[Trick]) -> Tally:
    """Tally from tricks already decided."""
    won = [0] * n
    strength = table.strength
    best = TRUMP_BASE - 1
    best_card: Card | None = None
    best_seat: int | None = None
    winners = []
    for t in tricks:
        winner = t.winner
        won[winner] += 1
        winners.append(winner)
        for c in t.cards:
            k = strength[c.index]
            if k > best:
                best, best_card, best_seat = k, c, winner
    return Tally(tuple(won), best_card, bonus_of(cfg, best_card, best_seat, table.trump), tuple(winners))


def decide_tricks(table: RankTable, n: int, leader: int, tricks: Sequence[Sequence[Card]]) -> list[Trick]:
    """Each trick's winning seat, given the first leader: the winner leads the next trick."""
    out = []
    for cards in tricks:
        w = (leader + winner_position(table, cards)) % n
        out.append(Trick(leader, tuple(cards), w))
        leader = w
    return out


# ------------------------------------------------------------------------------------------------
# Settlement: points, totals, game end
# ------------------------------------------------------------------------------------------------


class Settlement(NamedTuple):
    points: tuple[int, ...]
    scores: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    explanation: tuple[str, ...]
    made: bool | None = None
    hand_points: tuple[int, ...] = ()  # bidding mode: each side's 5 per trick + bonus


def team_of(seat: int) -> int:
    return seat % 2


def settle(
    cfg: Config,
    n: int,
    before: Sequence[int],
    tally: Tally,
    bid: tuple[int, int] | None,
    explain: bool = True,
) -> Settlement:
    """Score one hand and apply the end-of-hand test. ``bid`` = (team, amount) in bidding mode."""
    if cfg.game == "forty_fives":
        return _settle_forty_fives(cfg, n, before, tally, explain)
    if cfg.bidding:
        if bid is None:
            raise InvalidFacts("bidding mode needs the contract: 'bid': {\"team\": 0, \"amount\": 20}")
        return _settle_bidding(cfg, n, before, tally, bid, explain)
    return _settle_turn_up(cfg, n, before, tally, explain)


def _settle_forty_fives(cfg: Config, n: int, before: Sequence[int], tally: Tally, explain: bool) -> Settlement:
    points = [5 * t for t in tally.tricks_won]
    lines: list[str] = []
    if tally.bonus_seat is not None:
        points[tally.bonus_seat] += 5
    if explain:
        lines = [f"seat {s}: {t} trick{'s' if t != 1 else ''} x 5 = {5 * t}" for s, t in enumerate(tally.tricks_won)]
        lines.append(_bonus_line(cfg, tally, f"seat {tally.bonus_seat}"))
        lines.append(f"hand total {sum(points)} ({'30 with' if tally.bonus_seat is not None else '25, no'} bonus)")
    after = tuple(map(add, before, points))
    over, winners, end_lines = forty_fives_end(cfg, after, explain)
    if explain:
        lines += [f"seat {s}: {b} + {p} = {a}" for s, (b, p, a) in enumerate(zip(before, points, after, strict=True))]
        lines += end_lines
    return Settlement(tuple(points), after, over, winners, tuple(lines))


def forty_fives_end(cfg: Config, after: Sequence[int], explain: bool = True) -> tuple[bool, tuple[int, ...], list[str]]:
    """§2.8: tested at the end of a hand only."""
    target = cfg.target
    reached = [s for s, v in enumerate(after) if v >= target]
    if not reached:
        return False, (), [f"nobody has reached {target}: the deal passes to the left"] if explain else []
    top = max(after[s] for s in reached)
    leaders = tuple(s for s in reached if after[s] == top)
    if len(leaders) == 1:
        why = f"seat {leaders[0]} reached {target} with the most points ({top}) and wins"
        return True, leaders, [why] if explain else []
    if cfg.tie_shared:
        return True, leaders, [f"seats {', '.join(map(str, leaders))} tie on {top} at or above {target} and share "
                               "the win (tie_at_target 'shared')"] if explain else []
    return False, (), [f"seats {', '.join(map(str, leaders))} tie on {top} at or above {target}: another hand is "
                       "played (tie_at_target 'play_another_hand')"] if explain else []


def _bonus_line(cfg: Config, tally: Tally, who: str) -> str:
    if cfg.bonus == "none":
        return "no highest-trump bonus (highest_trump_bonus 'none')"
    if tally.highest_trump is None and tally.bonus_seat is None:
        return "no trump was played: no bonus trick"
    if tally.bonus_seat is None:
        high = tally.highest_trump.text if tally.highest_trump else "?"
        return f"the highest trump played is {high}, not the 5 of trumps: no bonus (highest_trump_bonus " \
            "'five_of_trumps_only')"
    card = tally.highest_trump.text if tally.highest_trump is not None else "the highest trump"
    return f"bonus: the trick with {card}, the highest trump played, is worth 10: +5 to {who}"


def _team_tricks(n: int, tricks_won: Sequence[int]) -> tuple[int, int]:
    a = sum(tricks_won[s] for s in range(0, n, 2))
    return a, sum(tricks_won) - a


def _settle_turn_up(cfg: Config, n: int, before: Sequence[int], tally: Tally, explain: bool) -> Settlement:
    tt = _team_tricks(n, tally.tricks_won)
    winner = 0 if tt[0] > tt[1] else 1
    loser = 1 - winner
    points = [0, 0]
    if cfg.turn_up_scoring == "trick_difference":
        points[winner] = 5 * (tt[winner] - tt[loser])
        how = f"5 x ({tt[winner]} - {tt[loser]})"
    else:
        points[winner] = 10 if tt[winner] == TRICKS_PER_HAND else 5
        how = "5 tricks: 10" if tt[winner] == TRICKS_PER_HAND else f"{tt[winner]} tricks: 5"
    lines: list[str] = []
    if explain:
        lines = [f"team {t} (seats {', '.join(map(str, range(t, n, 2)))}): {tt[t]} tricks" for t in (0, 1)]
        lines.append(f"team {winner} scores {how} = {points[winner]} ({cfg.turn_up_scoring}); team {loser} scores 0")
    if tally.bonus_seat is not None:
        bt = team_of(tally.bonus_seat)
        points[bt] += 5
        if explain:
            lines.append(_bonus_line(cfg, tally, f"team {bt}"))
    after = (before[0] + points[0], before[1] + points[1])
    over, winners, end = _highest_reaching(cfg, after, explain)
    if explain:
        lines += [f"team {t}: {before[t]} + {points[t]} = {after[t]}" for t in (0, 1)] + end
    return Settlement(tuple(points), after, over, winners, tuple(lines))


def _highest_reaching(cfg: Config, after: Sequence[int], explain: bool) -> tuple[bool, tuple[int, ...], list[str]]:
    target = cfg.target
    reached = [t for t in (0, 1) if after[t] >= target]
    if not reached:
        return False, (), [f"no team has reached {target}: the deal passes to the left"] if explain else []
    top = max(after[t] for t in reached)
    leaders = tuple(t for t in reached if after[t] == top)
    if len(leaders) > 1:
        return False, (), [f"both teams tie on {top}: another hand is played"] if explain else []
    return True, leaders, [f"team {leaders[0]} reached {target} with the higher score and wins"] if explain else []


def _settle_bidding(
    cfg: Config, n: int, before: Sequence[int], tally: Tally, bid: tuple[int, int], explain: bool
) -> Settlement:
    team, amount = bid
    tt = _team_tricks(n, tally.tricks_won)
    bonus_team = team_of(tally.bonus_seat) if tally.bonus_seat is not None else None
    hand = [5 * tt[t] + (5 if bonus_team == t else 0) for t in (0, 1)]
    lines: list[str] = []
    if explain:
        lines = [
            f"team {t}: {tt[t]} tricks x 5{' + 5 bonus' if bonus_team == t else ''} = {hand[t]} hand points"
            for t in (0, 1)
        ]
        lines.append(_bonus_line(cfg, tally, f"team {bonus_team}"))
    if amount == 30:
        made = tt[team] == TRICKS_PER_HAND if cfg.bid30_all_tricks else hand[team] >= 30
        gain = cfg.bid30_value if made else -30
        need = "all five tricks" if cfg.bid30_all_tricks else "30 points"
    else:
        made = hand[team] >= amount
        gain = hand[team] if made else -amount
        need = f"{amount} points"
    points = [0, 0]
    points[team] = gain
    defenders = 1 - team
    d_points = hand[defenders]
    d_line = f"team {defenders} (defending) scores its {d_points} hand points"
    if cfg.defender_rule == "locked_from_100" and before[defenders] >= 100:
        d_line = f"team {defenders} (defending) has {before[defenders]} >= 100 and scores nothing (locked_from_100)"
        d_points = 0
    elif cfg.defender_rule == "capped_below_target":
        cap = cfg.target - 5
        capped = max(before[defenders], min(before[defenders] + d_points, cap))
        if capped != before[defenders] + d_points:
            d_line = f"team {defenders} (defending) would reach {before[defenders] + d_points} but is capped at {cap}"
        d_points = capped - before[defenders]
    points[defenders] = d_points
    after = (before[0] + points[0], before[1] + points[1])
    if explain:
        verdict = f"made ({need} needed): scores {gain}" if made else f"set ({need} needed): loses {amount}"
        lines.append(f"team {team} bid {amount} and {verdict}")
        lines.append(d_line)
        lines += [f"team {t}: {before[t]} + {points[t]} = {after[t]}" for t in (0, 1)]
    target = cfg.target
    over = False
    winners: tuple[int, ...] = ()
    if after[team] >= target and after[defenders] >= target and not cfg.bidder_wins:
        over = True
        winners = (defenders,) if after[defenders] > after[team] else (team,)
        end = f"both teams reached {target}: team {winners[0]} has the higher score (ties to the bidders) and wins"
    elif after[team] >= target:
        over, winners = True, (team,)
        end = f"the bidding team {team} reached {target} and wins"
    elif after[defenders] >= target:
        over, winners = True, (defenders,)
        end = f"the defending team {defenders} reached {target} and wins"
    else:
        end = f"no team has reached {target}: the deal passes to the left"
    if explain:
        lines.append(end)
    return Settlement(tuple(points), after, over, winners, tuple(lines), made, tuple(hand))


# ------------------------------------------------------------------------------------------------
# Reading round facts
# ------------------------------------------------------------------------------------------------

FULL_KEYS = ("trump", "leader", "players", "tricks", "scores", "demoted_ace", "bid")
SUMMARY_KEYS = ("trump", "players", "tricks_won", "highest_trump_seat", "highest_trump", "scores", "bid")


@dataclass(frozen=True)
class RoundFacts:
    """Round facts read and checked (see the module doc)."""

    players: int
    trump: Suit | None
    leader: int | None
    tricks: tuple[tuple[Card, ...], ...] | None  # full form
    demoted: Card | None
    tricks_won: tuple[int, ...] | None  # summary form
    highest_seat: int | None
    highest_card: Card | None
    scores: tuple[int, ...]
    bid: tuple[int, int] | None


def read_facts(cfg: Config, facts: Mapping[str, Any], player_counts: Sequence[int]) -> RoundFacts:
    if not isinstance(facts, Mapping):
        raise InvalidInput("the round facts are an object (see the ruleset's /score description)")
    full = "tricks" in facts
    if not full and "tricks_won" not in facts:
        raise InvalidInput("the round facts need 'tricks' (the five tricks as played) or 'tricks_won' (per seat)")
    if full and "tricks_won" in facts:
        raise InvalidInput("give either 'tricks' or 'tricks_won', not both")
    allowed = FULL_KEYS if full else SUMMARY_KEYS
    unknown = sorted(k for k in facts if k not in allowed)
    if unknown:
        raise InvalidInput(f"unknown round fact(s) {', '.join(map(repr, unknown))}; expected {', '.join(allowed)}")
    n = cfg.players
    if "players" in facts:
        n = facts["players"]
        if not is_json_int(n):
            raise InvalidInput(f"'players' must be an integer; got {n!r}")
        if n not in player_counts:
            raise InvalidFacts(f"{cfg.game} is played by {', '.join(map(str, player_counts))} players, not {n}")
    trump = None
    if facts.get("trump") is not None:
        trump = Suit.parse(facts["trump"])
    elif full:
        raise InvalidInput("'trump' (C, D, H or S) is required with 'tricks'")
    teams = cfg.game != "forty_fives"
    width = 2 if teams else n
    scores: tuple[int, ...] = (0,) * width
    if facts.get("scores") is not None:
        raw = int_list_fact(facts, "scores", "the totals before the round")
        if len(raw) != width:
            raise InvalidFacts(f"'scores' needs {width} entries ({'one per team' if teams else 'one per seat'}), "
                               f"got {len(raw)}")
        if not teams and any(v < 0 for v in raw):
            raise InvalidFacts("Forty-Fives scores never go negative")
        scores = tuple(raw)
    bid = _read_bid(cfg, facts)
    if full:
        return _read_full(cfg, facts, n, trump, scores, bid)
    return _read_summary(cfg, facts, n, trump, scores, bid)


def _read_bid(cfg: Config, facts: Mapping[str, Any]) -> tuple[int, int] | None:
    raw = facts.get("bid")
    if not cfg.bidding:
        if raw is not None:
            raise InvalidFacts("'bid' belongs to bidding mode; this ruleset/options play with a turned-up trump"
                               + (" (set option trump_selection to 'bidding')" if cfg.game != "forty_fives" else ""))
        return None
    if raw is None:
        raise InvalidInput("bidding mode needs the contract: 'bid': {\"team\": 0, \"amount\": 20}")
    if not isinstance(raw, Mapping) or set(raw) != {"team", "amount"}:
        raise InvalidInput("'bid' must be an object {\"team\": 0 or 1, \"amount\": <bid>}")
    team, amount = raw["team"], raw["amount"]
    if not is_json_int(team) or not is_json_int(amount):
        raise InvalidInput("'bid.team' and 'bid.amount' must be integers")
    if team not in (0, 1):
        raise InvalidFacts(f"'bid.team' must be 0 (even seats) or 1 (odd seats); got {team}")
    if amount not in cfg.bid_values:
        raise InvalidFacts(f"'bid.amount' must be one of the bid values {list(cfg.bid_values)}; got {amount}")
    return team, amount


def _read_full(
    cfg: Config, facts: Mapping[str, Any], n: int, trump: Suit | None, scores: tuple[int, ...],
    bid: tuple[int, int] | None,
) -> RoundFacts:
    if "leader" not in facts:
        raise InvalidInput("'leader' (the seat that led the first trick) is required with 'tricks'")
    leader = int_fact(facts, "leader", 0, n - 1, "the seat that led the first trick")
    raw = facts["tricks"]
    if not isinstance(raw, list) or not all(isinstance(t, list) for t in raw):
        raise InvalidInput("'tricks' must be a list of tricks, each a list of cards in play order")
    if len(raw) != TRICKS_PER_HAND:
        raise InvalidFacts(f"a hand has {TRICKS_PER_HAND} tricks; got {len(raw)}")
    tricks = []
    for i, t in enumerate(raw, 1):
        if len(t) != n:
            raise InvalidFacts(f"trick {i} has {len(t)} cards; with {n} players each trick has {n}")
        tricks.append(tuple(Card.parse(c) for c in t))
    check_distinct([c for t in tricks for c in t], "the tricks")
    demoted = None
    if facts.get("demoted_ace") is not None:
        demoted = Card.parse(facts["demoted_ace"])
        if not cfg.demotes:
            raise InvalidFacts("'demoted_ace' does not apply: the ace of trumps keeps its rank under these options "
                               "(unrobbed_trump_ace 'keeps_rank', or bidding mode)")
        if trump is None or demoted.rank is not Rank.ACE or demoted.suit is not trump:
            raise InvalidFacts(f"only the ace of trumps can be demoted; {demoted.text} is not")
        if all(demoted not in t for t in tricks):
            raise InvalidFacts(f"the demoted {demoted.text} must have been played (its holder plays every card)")
    return RoundFacts(n, trump, leader, tuple(tricks), demoted, None, None, None, scores, bid)


def _read_summary(
    cfg: Config, facts: Mapping[str, Any], n: int, trump: Suit | None, scores: tuple[int, ...],
    bid: tuple[int, int] | None,
) -> RoundFacts:
    won = int_list_fact(facts, "tricks_won", "one per seat, the tricks each took")
    if len(won) != n:
        raise InvalidFacts(f"'tricks_won' needs one entry per seat ({n}); got {len(won)}")
    if any(v < 0 for v in won) or sum(won) != TRICKS_PER_HAND:
        raise InvalidFacts(f"'tricks_won' must be non-negative and add up to {TRICKS_PER_HAND}; got {list(won)}")
    seat = None
    if facts.get("highest_trump_seat") is not None:
        seat = int_fact(facts, "highest_trump_seat", 0, n - 1, "the seat that played the highest trump")
        if won[seat] == 0:
            raise InvalidFacts(f"seat {seat} won no trick, but the highest trump always wins its trick")
    elif "highest_trump_seat" not in facts and cfg.bonus != "none":
        raise InvalidInput("'highest_trump_seat' is required (the seat that played the highest trump, "
                           "or null when no trump was played)")
    card = None
    if facts.get("highest_trump") is not None:
        card = Card.parse(facts["highest_trump"])
        if seat is None:
            raise InvalidFacts("'highest_trump' was given without 'highest_trump_seat'")
        if trump is not None and card.suit is not trump and card.text != "AH":
            raise InvalidFacts(f"{card.text} is not a trump when {trump.value} is trump")
    if cfg.bonus == "five_of_trumps_only" and seat is not None and card is None:
        raise InvalidInput("with highest_trump_bonus 'five_of_trumps_only' give 'highest_trump' (the card) too")
    if cfg.bonus == "five_of_trumps_only" and card is not None and trump is None and card.rank is Rank.FIVE:
        trump = card.suit
    return RoundFacts(n, trump, None, None, None, tuple(won), seat, card, scores, bid)
