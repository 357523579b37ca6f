"""Shared helpers of the Forty-Fives tests (no tests here): decks that deal given hands, drivers."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from service.rules.actions import Action
from service.rules.cards import DECK_52, Card, card
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.games.forty_fives.state import FortyFivesState
from service.rules.handmask import cards_of

RULESETS = {"forty_fives": FORTY_FIVES, "auction_forty_fives": AUCTION_FORTY_FIVES}


def deck_dealing(
    n: int,
    dealer: int,
    hands: Mapping[int, Iterable[str | Card]],
    turn_up: str | Card | None = None,
    first_batch: int = 3,
    keep_in_stock: Iterable[str | Card] = (),
) -> list[Card]:
    """A full deck (top first) that deals each listed seat the listed cards (the rest of its hand
    filled from other cards) and turns up ``turn_up``; ``keep_in_stock`` stays undealt."""
    want = {s: [card(c) if isinstance(c, str) else c for c in cs] for s, cs in hands.items()}
    reserved = {c for cs in want.values() for c in cs}
    reserved |= {card(c) if isinstance(c, str) else c for c in keep_in_stock}
    up = (card(turn_up) if isinstance(turn_up, str) else turn_up) if turn_up is not None else None
    if up is not None:
        reserved.add(up)
    filler = [c for c in DECK_52 if c not in reserved]
    for s in range(n):
        cs = want.setdefault(s, [])
        while len(cs) < 5:
            cs.append(filler.pop(0))
    order: list[Card] = []
    second = 5 - first_batch
    for size, start in ((first_batch, 0), (second, first_batch)):
        for k in range(n):
            seat = (dealer + 1 + k) % n
            order.extend(want[seat][start:start + size])
    if up is not None:
        order.append(up)
    rest = [c for c in DECK_52 if c not in set(order)]
    return order + rest


def cards(text: str) -> list[Card]:
    from tests.spec_tables import card_list

    return [card(c) for c in card_list(text)]


def hand_of(state: FortyFivesState, seat: int) -> set[Card]:
    assert state.hands is not None
    return set(cards_of(state.hands[seat]))


def play(ruleset: Any, state: FortyFivesState, seat: int, text: str) -> FortyFivesState:
    return ruleset.apply(state, Action("play", seat, card(text)))


def legal_cards(ruleset: Any, state: FortyFivesState, seat: int) -> set[Card]:
    return {a.card for a in ruleset.legal_actions(state, seat) if a.type == "play" and a.card is not None}


def with_scores(state: FortyFivesState, scores: Sequence[int]) -> FortyFivesState:
    return replace(state, match=replace(state.match, scores=tuple(scores)))


CALL_RE = re.compile(r"(\d):\s*(pass|hold|\?|\d+)")


def call_action(seat: int, what: str) -> Action:
    if what == "pass":
        return Action("pass", seat)
    if what == "hold":
        return Action("hold", seat)
    return Action("bid", seat, amount=int(what))


def options_in(text: str) -> dict[str, Any]:
    """``name="value"`` pairs written in a spec cell, as options (numbers and booleans read as such)."""
    out: dict[str, Any] = {}
    for name, value in re.findall(r'(\w+)="([^"]*)"', text):
        out[name] = value
    return out
