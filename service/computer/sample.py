"""Determinization: full states the seat cannot tell from the real one, for ``hard`` to play out.

A sample is a deck dealt from the public state before the deal (``Situation.before_deal``) and the
round's actions played again on it. It is kept only when the seat's view after the deal and after
every action is the one the seat saw: then the seat cannot tell the sample from the real match.

The deck is built so that most samples pass: every card the seat saw at the deal (its hand, a
turn-up, exposed cards) goes where a reference deal puts that part of the view; a card another
seat has since played goes to that seat's hand; the rest are shuffled. An action the seat saw only
in part (a hidden discard, a face-down card, a sealed bid) is played as one of that seat's legal
actions that look the same to the seat and lead to the view it saw.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from service.computer.situation import Situation
from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.errors import RuleError


def _cards_at(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """(path, card text) for every string in a view that reads as a card."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            if key not in ("legal_actions", "options"):
                yield from _cards_at(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from _cards_at(item, f"{path}[{_place(item, i)}]")
    elif isinstance(value, str) and 2 <= len(value) <= 3:
        try:
            Card.parse(value)
        except (RuleError, ValueError):
            return
        yield path, value


def _place(item: Any, index: int) -> str:
    """Where a list item is: a mapping by its whole-number fields (an exposure's seat and position),
    so that the same part of two views is found whatever order they list it in; else its index."""
    if isinstance(item, Mapping):
        keys = [f"{k}={v}" for k, v in item.items() if isinstance(v, int) and not isinstance(v, bool)]
        if keys:
            return ",".join(keys)
    return str(index)


#: the reference deals that find where each part of the dealt view comes from in the deck
REFERENCE_DEALS = 6


class Sampler:
    """Samples of one situation (see the module's docstring)."""

    def __init__(self, situation: Situation) -> None:
        self.situation = situation
        ruleset, seat = situation.ruleset, situation.seat
        self.deck: list[Card] = list(ruleset.deck())
        players = ruleset.table(situation.before_deal).players
        self.owner: dict[int, int] = {}
        where: dict[str, set[int]] = {}
        for k in range(REFERENCE_DEALS):
            deck = list(self.deck)
            random.Random(k).shuffle(deck)
            reference = ruleset.deal(situation.before_deal, deck)
            at = {card: i for i, card in enumerate(deck)}
            for other in range(players):
                for text in ruleset.view(reference, other).get("hand") or ():
                    if isinstance(text, str):
                        self.owner[at[Card.parse(text)]] = other
            for path, text in _cards_at(ruleset.view(reference, seat)):
                where.setdefault(path, set()).add(at[Card.parse(text)])
        # a part of the view that always shows the card of one deck position (a turn-up, an exposure)
        stable = {path: next(iter(found)) for path, found in where.items() if len(found) == 1}
        self.pinned: dict[int, Card] = {}
        placed: set[Card] = set()
        for path, text in _cards_at(situation.dealt_view):
            seen = Card.parse(text)
            position = stable.get(path)
            if position is None or seen in placed or position in self.pinned:
                continue
            self.pinned[position] = seen
            placed.add(seen)
        #: the seat's own cards not pinned: they go to its own positions, in any order
        self.own = [Card.parse(t) for t in situation.dealt_view.get("hand") or () if isinstance(t, str)]
        self.own = [card for card in self.own if card not in placed]
        self.played: list[tuple[int, Card]] = []
        for public, _ in situation.steps:
            card, by = public.get("card"), public.get("seat")
            if isinstance(card, str) and isinstance(by, int) and by != seat:
                self.played.append((by, Card.parse(card)))
        #: how many rules steps (deals and actions) the samples have cost
        self.work = 0

    def sample(self, rng: random.Random) -> Any | None:
        """A full state the seat cannot tell from the real one, or None when this try failed."""
        situation = self.situation
        ruleset, seat = situation.ruleset, situation.seat
        deck: list[Card | None] = [None] * len(self.deck)
        for position, card in self.pinned.items():
            deck[position] = card
        left = set(self.deck) - set(self.pinned.values())
        mine = [p for p, owner in self.owner.items() if owner == situation.seat and deck[p] is None]
        rng.shuffle(mine)
        for position, card in zip(mine, self.own, strict=False):
            deck[position] = card
            left.discard(card)
        for by, card in self.played:
            if card not in left:
                continue
            free = [p for p, owner in self.owner.items() if owner == by and deck[p] is None]
            if free:
                deck[rng.choice(free)] = card
                left.discard(card)
        rest = sorted(left, key=str)
        rng.shuffle(rest)
        filled = iter(rest)
        full = [card if card is not None else next(filled) for card in deck]
        self.work += 1
        try:
            state = ruleset.deal(situation.before_deal, full)
        except RuleError:
            return None
        if ruleset.view(state, seat) != situation.dealt_view:
            return None
        for public, seen in situation.steps:
            state = self._again(state, public, seen, rng)
            if state is None:
                return None
        return state

    def _again(self, state: Any, public: Mapping[str, Any], seen: Mapping[str, Any], rng: random.Random) -> Any | None:
        """``state`` after an action that looked like ``public`` to the seat and left it ``seen``."""
        ruleset, seat = self.situation.ruleset, self.situation.seat
        by = public.get("seat")
        candidates: list[Action] = []
        if isinstance(by, int):
            candidates = [
                a for a in ruleset.legal_actions(state, by)
                if a.type == public.get("type") and ruleset.public_action(a, seat) == public
            ]
        if not candidates:
            try:
                candidates = [Action.from_json(public)]
            except RuleError:
                return None
        if len(candidates) > 1:
            rng.shuffle(candidates)
        for action in candidates:
            self.work += 1
            try:
                after = ruleset.apply(state, action)
            except RuleError:
                continue
            if ruleset.view(after, seat) == seen:
                return after
        return None
