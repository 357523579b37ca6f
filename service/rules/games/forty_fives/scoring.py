"""Hand scoring and game end for the Forty-Fives family (forty-fives.md §2.7-2.8, §3.8-3.9), and
``score_round``, the score of a round from its facts (``facts``), for ``POST /v1/rulesets/{id}/score``
and a table-mode ``round_result``.

Points and scores are per seat in ``forty_fives`` and per team in ``auction_forty_fives``
(team 0 = the even seats).

Choices where the spec is silent: in turn-up partnership scoring a non-default highest-trump
bonus adds 5 to the team that won the trick with the highest trump, on top of the method's
score; two teams tied on the top total at or above the target (possible only with that bonus)
play another hand, as ties do in ``forty_fives``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import add
from typing import Any, NamedTuple

from service.rules.cards import Card, Rank, Suit
from service.rules.errors import InvalidFacts
from service.rules.games.forty_fives.facts import RoundFacts, read_facts
from service.rules.games.forty_fives.options import FORTY_FIVES_ID, Config
from service.rules.games.forty_fives.play import win_reason, winner_position
from service.rules.games.forty_fives.ranking import TRUMP_BASE, RankTable, table_for
from service.rules.games.forty_fives.state import TRICKS_PER_HAND, Trick
from service.rules.messages import Msg
from service.rules.scores import RoundScore

__all__ = ["TRICKS_PER_HAND", "Settlement", "Tally", "score_round", "settle", "tally_facts", "tally_played"]



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
    explanation: tuple[Msg, ...]
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
    hand: int | None = None,
) -> Settlement:
    """Score one hand and apply the end-of-hand test. ``bid`` = (team, amount) in bidding mode;
    ``hand``: the hand's number among the match's scored hands, which a fixed-length match ends by
    (§9.4; the facts' ``hand_number``)."""
    if cfg.game == FORTY_FIVES_ID:
        return _settle_forty_fives(cfg, n, before, tally, explain, hand)
    if cfg.bidding:
        if bid is None:
            raise InvalidFacts(Msg("forty_fives.needs_bid"))
        return _settle_bidding(cfg, n, before, tally, bid, explain, hand)
    return _settle_turn_up(cfg, n, before, tally, explain, hand)


def _settle_forty_fives(cfg: Config, n: int, before: Sequence[int], tally: Tally, explain: bool,
                        hand: int | None) -> Settlement:
    """§2.7 with the amounts of §9.3: ``trick_value`` a trick, ``highest_trump_bonus_value`` more for
    the bonus trick."""
    value = cfg.trick_value
    points = [value * t for t in tally.tricks_won]
    lines: list[Msg] = []
    if tally.bonus_seat is not None:
        points[tally.bonus_seat] += cfg.bonus_value
    if explain:
        lines = [Msg("forty_fives.score.seat_tricks_one" if t == 1 else "forty_fives.score.seat_tricks", seat=s,
                     tricks=t, value=value, points=value * t) for s, t in enumerate(tally.tricks_won)]
        lines.append(_bonus_line(cfg, tally, Msg("forty_fives.seat", seat=tally.bonus_seat)))
        key = "forty_fives.score.hand_total_bonus" if tally.bonus_seat is not None else "forty_fives.score.hand_total"
        lines.append(Msg(key, total=sum(points)))
    after = tuple(map(add, before, points))
    if cfg.fixed_hands is not None:
        over, winners, end_lines = fixed_end(cfg, after, hand, cfg.tie_shared, explain, seats=True)
    else:
        over, winners, end_lines = forty_fives_end(cfg, after, explain)
    if explain:
        lines += [Msg("forty_fives.score.seat_total", seat=s, before=b, points=p, after=a)
                  for s, (b, p, a) in enumerate(zip(before, points, after, strict=True))]
        lines += end_lines
    return Settlement(tuple(points), after, over, winners, tuple(lines))


def forty_fives_end(cfg: Config, after: Sequence[int], explain: bool = True) -> tuple[bool, tuple[int, ...], list[Msg]]:
    """§2.8: tested at the end of a hand only."""
    target = cfg.target
    reached = [s for s, v in enumerate(after) if v >= target]
    if not reached:
        return False, (), [Msg("forty_fives.end.nobody", target=target)] if explain else []
    top = max(after[s] for s in reached)
    leaders = tuple(s for s in reached if after[s] == top)
    if len(leaders) == 1:
        why = Msg("forty_fives.end.seat_wins", seat=leaders[0], target=target, top=top)
        return True, leaders, [why] if explain else []
    if cfg.tie_shared:
        return True, leaders, [Msg("forty_fives.end.tie_shared", seats=leaders, top=top,
                                   target=target)] if explain else []
    return False, (), [Msg("forty_fives.end.tie_again", seats=leaders, top=top,
                           target=target)] if explain else []


def fixed_end(cfg: Config, after: Sequence[int], hand: int | None, shared: bool, explain: bool, seats: bool
              ) -> tuple[bool, tuple[int, ...], list[Msg]]:
    """§9.4: a fixed-length match ends after its last counted hand (``hand`` of ``cfg.fixed_hands``)
    with the highest total; a tie at the top shares the win (``shared``) or plays another hand, and
    the test is repeated after each. The target is not tested. ``seats``: totals per seat, else per
    team."""
    hands = cfg.fixed_hands
    assert hands is not None and hand is not None  # the facts require the hand's number (``read_facts``)
    kind = "seat" if seats else "team"
    if hand < hands:
        return False, (), [Msg("forty_fives.end.fixed_goes_on", hand=hand, hands=hands)] if explain else []
    top = max(after)
    leaders = tuple(u for u, v in enumerate(after) if v == top)
    if len(leaders) == 1:
        return True, leaders, [Msg(f"forty_fives.end.fixed_{kind}_wins", hand=hand, hands=hands, top=top,
                                   **{kind: leaders[0]})] if explain else []
    who = leaders
    if shared:
        return True, leaders, [Msg("forty_fives.end.fixed_tie_shared", seats=who, top=top, hand=hand,
                                   hands=hands)] if explain else []
    return False, (), [Msg(f"forty_fives.end.fixed_{kind}s_tie", who=who, top=top, hand=hand,
                           hands=hands)] if explain else []


def _bonus_line(cfg: Config, tally: Tally, who: Msg) -> Msg:
    if cfg.bonus == "none":
        return Msg("forty_fives.bonus.off")
    if tally.highest_trump is None and tally.bonus_seat is None:
        return Msg("forty_fives.bonus.no_trump")
    if tally.bonus_seat is None:
        high = tally.highest_trump.text if tally.highest_trump else "?"
        return Msg("forty_fives.bonus.not_five", card=high)
    if tally.highest_trump is None:
        return Msg("forty_fives.bonus.unknown_card", who=who, worth=cfg.trick_value + cfg.bonus_value,
                   bonus=cfg.bonus_value)
    return Msg("forty_fives.bonus.trick", card=tally.highest_trump, who=who, worth=cfg.trick_value + cfg.bonus_value,
               bonus=cfg.bonus_value)


def _team_tricks(n: int, tricks_won: Sequence[int]) -> tuple[int, int]:
    a = sum(tricks_won[s] for s in range(0, n, 2))
    return a, sum(tricks_won) - a


def _settle_turn_up(cfg: Config, n: int, before: Sequence[int], tally: Tally, explain: bool,
                    hand: int | None) -> Settlement:
    tt = _team_tricks(n, tally.tricks_won)
    winner = 0 if tt[0] > tt[1] else 1
    loser = 1 - winner
    points = [0, 0]
    if cfg.turn_up_scoring == "trick_difference":
        points[winner] = 5 * (tt[winner] - tt[loser])
        how = Msg("forty_fives.score.difference", won=tt[winner], lost=tt[loser])
    else:
        points[winner] = 10 if tt[winner] == TRICKS_PER_HAND else 5
        how = (Msg("forty_fives.score.march") if tt[winner] == TRICKS_PER_HAND
               else Msg("forty_fives.score.three_four", tricks=tt[winner]))
    lines: list[Msg] = []
    if explain:
        lines = [Msg("forty_fives.score.team_tricks", team=t, seats=tuple(range(t, n, 2)), tricks=tt[t])
                 for t in (0, 1)]
        lines.append(Msg("forty_fives.score.turn_up", team=winner, how=how, points=points[winner],
                         method=cfg.turn_up_scoring, loser=loser))
    if tally.bonus_seat is not None:
        bt = team_of(tally.bonus_seat)
        points[bt] += 5
        if explain:
            lines.append(_bonus_line(cfg, tally, Msg("forty_fives.team", team=bt)))
    after = (before[0] + points[0], before[1] + points[1])
    if cfg.fixed_hands is not None:
        over, winners, end = fixed_end(cfg, after, hand, False, explain, seats=False)
    else:
        over, winners, end = _highest_reaching(cfg, after, explain)
    if explain:
        lines += [Msg("forty_fives.score.team_total", team=t, before=before[t], points=points[t], after=after[t])
                  for t in (0, 1)] + end
    return Settlement(tuple(points), after, over, winners, tuple(lines))


def _highest_reaching(cfg: Config, after: Sequence[int], explain: bool) -> tuple[bool, tuple[int, ...], list[Msg]]:
    target = cfg.target
    reached = [t for t in (0, 1) if after[t] >= target]
    if not reached:
        return False, (), [Msg("forty_fives.end.no_team", target=target)] if explain else []
    top = max(after[t] for t in reached)
    leaders = tuple(t for t in reached if after[t] == top)
    if len(leaders) > 1:
        return False, (), [Msg("forty_fives.end.teams_tie", top=top)] if explain else []
    return True, leaders, [Msg("forty_fives.end.team_wins", team=leaders[0], target=target)] if explain else []


def _settle_bidding(
    cfg: Config, n: int, before: Sequence[int], tally: Tally, bid: tuple[int, int], explain: bool,
    number: int | None,
) -> Settlement:
    team, amount = bid
    tt = _team_tricks(n, tally.tricks_won)
    bonus_team = team_of(tally.bonus_seat) if tally.bonus_seat is not None else None
    hand = [5 * tt[t] + (5 if bonus_team == t else 0) for t in (0, 1)]
    lines: list[Msg] = []
    if explain:
        lines = [
            Msg("forty_fives.score.hand_points_bonus" if bonus_team == t else "forty_fives.score.hand_points",
                team=t, tricks=tt[t], points=hand[t])
            for t in (0, 1)
        ]
        lines.append(_bonus_line(cfg, tally, Msg("forty_fives.team", team=bonus_team)))
    if amount == 30:
        made = tt[team] == TRICKS_PER_HAND if cfg.bid30_all_tricks else hand[team] >= 30
        gain = cfg.bid30_value if made else -30
        need = Msg("forty_fives.need.all_tricks") if cfg.bid30_all_tricks else Msg("forty_fives.need.points", points=30)
    else:
        made = hand[team] >= amount
        gain = hand[team] if made else -amount
        need = Msg("forty_fives.need.points", points=amount)
    points = [0, 0]
    points[team] = gain
    defenders = 1 - team
    points[defenders], d_line = _defender_points(cfg, defenders, before[defenders], hand[defenders], made,
                                                 before[team] + gain)
    after = (before[0] + points[0], before[1] + points[1])
    if cfg.fixed_hands is not None:
        over, winners, ends = fixed_end(cfg, after, number, False, True, seats=False)
        end = ends[0]
    else:
        over, winners, end = _bidding_end(cfg, team, after)
    if explain:
        verdict = (Msg("forty_fives.score.made", need=need, gain=gain) if made
                   else Msg("forty_fives.score.set", need=need, amount=amount))
        lines.append(Msg("forty_fives.score.bid", team=team, amount=amount, verdict=verdict))
        lines.append(d_line)
        lines += [Msg("forty_fives.score.team_total", team=t, before=before[t], points=points[t], after=after[t])
                  for t in (0, 1)]
        lines.append(end)
    return Settlement(tuple(points), after, over, winners, tuple(lines), made, tuple(hand))


def _defender_points(cfg: Config, defenders: int, before: int, hand_points: int, made: bool,
                     bidders_after: int) -> tuple[int, Msg]:
    """What the defending team scores (``defender_out_rule``; §9.8: the lock only when the bid is made,
    the cap waived while the bidders are in the hole after the hand), and the line saying so."""
    d_line = Msg("forty_fives.defence.scores", team=defenders, points=hand_points)
    rule = cfg.defender_rule
    if before >= 100 and (rule == "locked_from_100" or (rule == "locked_from_100_when_made" and made)):
        key = "forty_fives.defence.locked_made" if rule == "locked_from_100_when_made" else "forty_fives.defence.locked"
        return 0, Msg(key, team=defenders, before=before)
    if rule == "capped_below_target" and cfg.cap_waived_in_hole and bidders_after < 0:
        return hand_points, Msg("forty_fives.defence.cap_waived", team=defenders, points=hand_points,
                                bidders=1 - defenders, total=bidders_after)
    if rule == "capped_below_target":
        cap = cfg.target - 5
        capped = max(before, min(before + hand_points, cap))
        if capped != before + hand_points:
            d_line = Msg("forty_fives.defence.capped", team=defenders, total=before + hand_points, cap=cap)
        return capped - before, d_line
    return hand_points, d_line


def _bidding_end(cfg: Config, team: int, after: Sequence[int]) -> tuple[bool, tuple[int, ...], Msg]:
    """§3.9-B: whether the match is over after a bidding hand, who wins, and the line saying so."""
    target = cfg.target
    defenders = 1 - team
    if after[team] >= target and after[defenders] >= target and not cfg.bidder_wins:
        winners = (defenders,) if after[defenders] > after[team] else (team,)
        return True, winners, Msg("forty_fives.end.both_reached", target=target, team=winners[0])
    if after[team] >= target:
        return True, (team,), Msg("forty_fives.end.bidders_win", team=team, target=target)
    if after[defenders] >= target:
        return True, (defenders,), Msg("forty_fives.end.defenders_win", team=defenders, target=target)
    return False, (), Msg("forty_fives.end.no_team", target=target)


# ------------------------------------------------------------------------------------------------
# A round scored from its facts
# ------------------------------------------------------------------------------------------------


def tally_facts(cfg: Config, facts: Mapping[str, Any], player_counts: Sequence[int]
                ) -> tuple[RoundFacts, Tally, list[Msg]]:
    """The round facts read, their tally, and (full form) each trick's winner explained."""
    f = read_facts(cfg, facts, player_counts)
    lines: list[Msg] = []
    if f.tricks is not None:
        assert f.trump is not None and f.leader is not None
        table = table_for(cfg, f.trump, f.demoted is not None)
        decided = decide_tricks(table, f.players, f.leader, f.tricks)
        for i, t in enumerate(decided, 1):
            pos = (t.winner - t.leader) % f.players
            lines.append(Msg("forty_fives.score.trick", number=i, leader=t.leader,
                             reason=win_reason(table, t.cards, pos), winner=t.winner))
        return f, tally_played(cfg, table, f.players, decided), lines
    seat = f.highest_seat
    bonus = None
    if seat is not None and cfg.bonus == "highest_trump_played":
        bonus = seat
    elif seat is not None and cfg.bonus == "five_of_trumps_only":
        card = f.highest_card
        if card is not None and card.rank is Rank.FIVE and card.suit is f.trump:
            bonus = seat
    return f, Tally(f.tricks_won or (), f.highest_card, bonus), lines


def score_round(cfg: Config, facts: Mapping[str, Any], player_counts: Sequence[int]) -> RoundScore:
    """The score of one round from its facts (``Ruleset.score_round``)."""
    f, tally, lines = tally_facts(cfg, facts, player_counts)
    s = settle(cfg, f.players, f.scores, tally, f.bid, hand=f.hand)
    return RoundScore(s.points, s.scores, s.over, s.winners, (*lines, *s.explanation),
                      _score_extra(cfg, f.players, tally, s, f.bid))


def _score_extra(cfg: Config, n: int, tally: Tally, s: Settlement, bid: tuple[int, int] | None) -> dict[str, Any]:
    extra: dict[str, Any] = {
        "tricks_won": list(tally.tricks_won),
        "highest_trump": tally.highest_trump.text if tally.highest_trump is not None else None,
        "bonus_seat": tally.bonus_seat,
    }
    if tally.trick_winners:
        extra["trick_winners"] = list(tally.trick_winners)
    if cfg.game != FORTY_FIVES_ID:
        extra["team_tricks"] = list(_team_tricks(n, tally.tricks_won))
    if cfg.bidding and bid is not None:
        extra["hand_points"] = list(s.hand_points)
        extra["made"] = s.made
        extra["bid"] = {"team": bid[0], "amount": bid[1]}
    return extra
