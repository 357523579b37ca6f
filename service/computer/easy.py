"""The easy computer: a simple policy a person can follow, decided from the seat's view at once.

* **Playing a card**: when its side already wins the trick, throw the lowest card; else win the
  trick with the cheapest card that wins it, else throw the lowest. A lead is its strongest card
  when that card is nearly unbeatable, else its lowest. In Boerenbridge, a seat that has made its
  bid tries not to win another trick (it throws its highest card that loses), and one that still
  needs tricks wins cheaply.
* **Bidding**: the hand's expected tricks (``strength.expected_tricks``, for the best trump where
  trump is still to be named). A bid of a number of tricks (Boerenbridge: its amounts are at most
  the hand's size) is the legal amount nearest to them; elsewhere a
  strong hand (at least half its cards expected to take tricks) makes the smallest bold call (a bid
  or declaration, a knock, a rob), a weak one the cautious one (pass, decline).
* **Naming trump**: the suit with the most expected tricks.

"Lowest" and "strongest" are the card's power (``strength.powers``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from service.computer.situation import Situation
from service.computer.strength import context_of, expected_tricks, powers, trick_plays, winning
from service.rules.actions import Action
from service.rules.cards import Card, Suit
from service.rules.tricks import Play, TrickContext

#: a lead of a card at least this strong is expected to win
STRONG_LEAD = 0.9
#: calls that commit a seat (against passing)
BOLD = frozenset({"bid", "declare", "knock", "rob", "call", "hold", "trump", "name_trump"})
CAUTIOUS = frozenset({"pass", "decline", "stop"})


def easy_choice(situation: Situation, rng: random.Random) -> Action:
    """The easy computer's action (one of ``situation.legal``)."""
    return easy_action(situation.ruleset, situation.seat, situation.view, situation.legal, situation.options)


def easy_action(ruleset: Any, seat: int, view: Mapping[str, Any], legal: Sequence[Action], options: Any) -> Action:
    """The easy policy on a view and its legal actions (also the play-out policy of ``hard``)."""
    if len(legal) == 1:
        return legal[0]
    plays = [a for a in legal if a.type == "play" and a.card is not None]
    others = [a for a in legal if a.type != "play"]
    ctx = context_of(view)
    power = powers(ruleset, options, ctx)
    hand = [Card.parse(c) for c in view.get("hand") or () if isinstance(c, str)]
    robs = [a for a in others if a.type == "rob"]
    if robs:  # the turn-up trump is worth taking: give up the weakest card for it
        return min(robs, key=lambda a: power.get(a.card, 0.0) if a.card is not None else 0.0)
    if plays:
        return _play(ruleset, seat, view, plays, ctx, power, options)
    return _call(ruleset, view, others, hand, options)


def _play(
    ruleset: Any, seat: int, view: Mapping[str, Any], plays: list[Action], ctx: TrickContext,
    power: Mapping[Card, float], options: Any,
) -> Action:
    face_up = [a for a in plays if not a.face_down] or plays
    by_power = sorted(face_up, key=lambda a: (power.get(a.card, 0.0), str(a.card)))  # type: ignore[arg-type]
    lowest, highest = by_power[0], by_power[-1]
    shown = [(s, p) for s, p in trick_plays(view) if p is not None and not p.face_down]
    cards = [p for _, p in shown]
    need = _tricks_needed(view, seat)
    if not cards:  # leading
        if need is not None and need <= 0:
            return lowest
        return highest if power.get(highest.card, 0.0) >= STRONG_LEAD else lowest  # type: ignore[arg-type]
    now = winning(ruleset, cards, ctx, options)
    if now is not None and _same_side(view, seat, shown[now][0]) and need is None:
        return lowest
    winners = [a for a in by_power if winning(ruleset, [*cards, Play(a.card)], ctx, options) == len(cards)]  # type: ignore[arg-type]
    losers = [a for a in by_power if a not in winners]
    if need is not None and need <= 0:
        return losers[-1] if losers else lowest
    return winners[0] if winners else lowest


def _tricks_needed(view: Mapping[str, Any], seat: int) -> int | None:
    """Boerenbridge: the tricks the seat still needs to make its bid exactly (None elsewhere)."""
    bidding = view.get("bidding")
    won = view.get("tricks_won")
    if not isinstance(bidding, Mapping) or not isinstance(won, list) or len(won) <= seat:
        return None
    bids = bidding.get("bids")
    if not isinstance(bids, list) or len(bids) <= seat or not isinstance(bids[seat], int):
        return None
    return int(bids[seat]) - int(won[seat])


def _same_side(view: Mapping[str, Any], seat: int, other: int) -> bool:
    if other == seat:
        return True
    for team in view.get("teams") or ():
        if seat in team:
            return other in team
    return False


def _call(ruleset: Any, view: Mapping[str, Any], legal: list[Action], hand: list[Card], options: Any) -> Action:
    players = int(view.get("players") or 4)
    ctx = context_of(view)
    suits = [a for a in legal if a.suit is not None]
    if suits:
        return max(suits, key=lambda a: _tricks_with(ruleset, options, hand, a.suit, ctx, players))
    known_trump = ctx.trump is not None or (view.get("trump") is None and view.get("phase") == "play")
    trumps = [ctx.trump] if known_trump else list(Suit)
    est = max(_tricks_with(ruleset, options, hand, t, ctx, players) for t in trumps)
    amounts = sorted((a for a in legal if a.amount is not None), key=lambda a: a.amount or 0)
    tricks = [a for a in amounts if a.type == "bid"]
    if tricks and len(tricks) == len(amounts) and (tricks[-1].amount or 0) <= len(hand):
        # a bid of a number of tricks (Boerenbridge): the nearest to the expected tricks
        return min(tricks, key=lambda a: (abs((a.amount or 0) - round(est)), a.amount or 0))
    strong = bool(hand) and est >= len(hand) / 2
    bold = [a for a in legal if a.type in BOLD]
    cautious = [a for a in legal if a.type in CAUTIOUS and a.amount is None]
    if strong and (amounts or bold):
        return amounts[0] if amounts else bold[0]
    if cautious:
        return cautious[0]
    return amounts[0] if amounts else legal[0]


def _tricks_with(
    ruleset: Any, options: Any, hand: list[Card], trump: Suit | None, ctx: TrickContext, players: int
) -> float:
    return expected_tricks(hand, powers(ruleset, options, TrickContext(trump=trump, demoted=ctx.demoted)), players)
