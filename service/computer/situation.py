"""What a computer seat may know when it decides: exactly what its seat sees, nothing more.

``Situation`` holds the seat's view now, its view just after this round's deal, the round's actions
in order as the seat saw them (``Ruleset.public_action``) each with the seat's view after it, the
public state before the deal (the match as the last round left it: a finished round hides nothing)
and the seat's legal actions. ``situation_of`` builds it from the state just after the deal and the
round's actions; it is the one place a full state is read, and it hands on views only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.rules.actions import Action
from service.rules.ruleset import Ruleset

#: an action as the seat saw it, and the seat's view after it
Step = tuple[Mapping[str, Any], Mapping[str, Any]]


@dataclass(frozen=True)
class Situation:
    """One decision of one seat (see the module's docstring)."""

    ruleset: Ruleset[Any]
    seat: int
    #: the public state before this round's deal, to deal sampled decks from
    before_deal: Any
    #: the seat's view just after the deal
    dealt_view: Mapping[str, Any]
    #: the round's actions as the seat saw them, each with the seat's view after it
    steps: tuple[tuple[Mapping[str, Any], Mapping[str, Any]], ...]
    #: the seat's legal actions now
    legal: tuple[Action, ...]

    @property
    def options(self) -> Any:
        """The match's options (public)."""
        return self.ruleset.table(self.before_deal).options

    @property
    def view(self) -> Mapping[str, Any]:
        """The seat's view now."""
        return self.steps[-1][1] if self.steps else self.dealt_view


def before_deal(ruleset: Ruleset[Any], dealt: Any) -> Any:
    """The public state this round was dealt from: the one the last finished round left, or a new
    match with the same options and dealer before the first round."""
    undealt = ruleset.undealt(dealt)
    if undealt is not None:
        return undealt
    table = ruleset.table(dealt)
    return ruleset.new_match(table.options, table.players, table.dealer or 0, "dealt")


def situation_of(ruleset: Ruleset[Any], seat: int, dealt: Any, actions: Sequence[Action]) -> Situation:
    """``seat``'s situation in the round dealt as ``dealt`` (the state just after its deal) after
    ``actions`` (the round's actions so far, in order)."""
    state = dealt
    steps: list[Step] = []
    for action in actions:
        state = ruleset.apply(state, action)
        steps.append((ruleset.public_action(action, seat), ruleset.view(state, seat)))
    return Situation(
        ruleset=ruleset,
        seat=seat,
        before_deal=before_deal(ruleset, dealt),
        dealt_view=ruleset.view(dealt, seat),
        steps=tuple(_learned(steps)),
        legal=tuple(ruleset.legal_actions(state, seat)),
    )


def _learned(steps: list[Step]) -> list[Step]:
    """The steps with what the seat learned later written into the actions it saw in part: a sealed
    bid shows no amount when it is made, and the view shows every bid once they are revealed
    (Boerenbridge's ``bidding.bids``); each seat's last bid before the reveal then gets its amount."""
    out = list(steps)
    for at, (_, seen) in enumerate(steps):
        bidding = seen.get("bidding")
        if not isinstance(bidding, Mapping) or not bidding.get("revealed"):
            continue
        bids = bidding.get("bids")
        if not isinstance(bids, list):
            continue
        done: set[int] = set()
        for back in range(at, -1, -1):
            public, after = out[back]
            seat = public.get("seat")
            if public.get("type") != "bid" or not isinstance(seat, int) or seat in done:
                continue
            done.add(seat)
            if "amount" not in public and seat < len(bids) and isinstance(bids[seat], int):
                out[back] = ({**public, "amount": bids[seat]}, after)
        break
    return out
