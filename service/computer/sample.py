"""Determinization: full states the seat cannot tell from the real one, for ``hard`` to play out.

A sample is a deck dealt from the public state before the deal (``Situation.before_deal``) and the
round's actions played again on it. It is kept only when the seat's view after the deal and after
every action is the one the seat saw (``same_view``): then the seat cannot tell the sample from the
real match.

The deck is built so that most samples pass: every card the seat saw at the deal (its hand, a
turn-up, exposed cards) goes where a reference deal puts that part of the view; a card another
seat has since played goes to that seat's hand; the rest are shuffled. An action the seat saw only
in part (a hidden discard, a face-down card, a sealed bid) is played as one of that seat's legal
actions that look the same to the seat and lead to the view it saw.

The samples also learn what a seat cannot hold: when a card another seat played is not a legal play
in a sample, that seat held none of the cards it would have had to play instead (a suit it had to
follow, a trump it had to lead), so later samples deal those cards elsewhere. This is only a better
guess at the deck: every sample is still checked against what the seat saw.
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


def _dealt_part(view: Mapping[str, Any], settled: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of a view after the deal that differ from the view before it (``settled``): the
    parts the deal left as they were (the finished rounds' records, the scores) hold no card of
    this deal, and walking them late in a long match costs more than the search."""
    return {key: value for key, value in view.items() if key not in settled or settled[key] != value}


def same_view(view: Mapping[str, Any], seen: Mapping[str, Any]) -> bool:
    """Whether the seat would see ``view`` as ``seen``: equal but for the order of its legal actions,
    which follows the order its own cards were dealt in (a sample places them in any order)."""
    if view == seen:
        return True
    if set(view) != set(seen) or any(view[k] != seen[k] for k in view if k != "legal_actions"):
        return False
    return sorted(map(repr, view.get("legal_actions") or ())) == sorted(map(repr, seen.get("legal_actions") or ()))


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
        settled = ruleset.view(situation.before_deal, seat)
        for k in range(REFERENCE_DEALS):
            deck = list(self.deck)
            random.Random(k).shuffle(deck)
            reference = ruleset.deal(situation.before_deal, deck)
            at = {card: i for i, card in enumerate(deck)}
            for other in range(players):
                for text in ruleset.view(reference, other).get("hand") or ():
                    if isinstance(text, str):
                        self.owner[at[Card.parse(text)]] = other
            for path, text in _cards_at(_dealt_part(ruleset.view(reference, seat), settled)):
                where.setdefault(path, set()).add(at[Card.parse(text)])
        # a part of the view that always shows the card of one deck position (a turn-up, an exposure)
        stable = {path: next(iter(found)) for path, found in where.items() if len(found) == 1}
        self.pinned: dict[int, Card] = {}
        placed: set[Card] = set()
        for path, text in _cards_at(_dealt_part(situation.dealt_view, settled)):
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
        #: the cards known to be where the seat saw them (not to be dealt at random)
        self.known = placed | set(self.own) | {card for _, card in self.played}
        #: per other seat, the cards earlier samples showed it cannot have held (see the module's docstring)
        self.barred: dict[int, set[Card]] = {}
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
        full = self._filled(deck, rest)
        self.work += 1
        try:
            state = ruleset.deal(situation.before_deal, full)
        except RuleError:
            return None
        if not same_view(ruleset.view(state, seat), situation.dealt_view):
            return None
        for public, seen in situation.steps:
            state = self._again(state, public, seen, rng)
            if state is None:
                return None
        return state

    def _filled(self, deck: list[Card | None], rest: list[Card]) -> list[Card]:
        """``deck`` with its empty positions filled from ``rest`` (shuffled) in order, except that a
        seat's position takes no card the seat is barred from while another card can go there."""
        if not self.barred:
            filled = iter(rest)
            return [card if card is not None else next(filled) for card in deck]
        empty = [p for p, card in enumerate(deck) if card is None]
        # the most barred seats' positions first, so that their few allowed cards are still left
        empty.sort(key=lambda p: -len(self.barred.get(self.owner.get(p, -1), ())))
        for position in empty:
            barred = self.barred.get(self.owner.get(position, -1), set())
            pick = next((i for i, card in enumerate(rest) if card not in barred), 0)
            deck[position] = rest.pop(pick)
        return [card for card in deck if card is not None]

    def _bar(self, state: Any, by: int, public: Mapping[str, Any]) -> None:
        """Learn from a card ``by`` played that is not legal in this sample: the cards it would have
        had to play instead were not in its hand."""
        ruleset = self.situation.ruleset
        text = public.get("card")
        if public.get("type") != "play" or by == self.situation.seat or not isinstance(text, str):
            return
        if text not in (ruleset.view(state, by).get("hand") or ()):  # not a matter of what it had to play
            return
        cards = {a.card for a in ruleset.legal_actions(state, by) if a.type == "play" and a.card is not None}
        if cards and Card.parse(text) not in cards:
            self.barred.setdefault(by, set()).update(cards - self.known)

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
            if isinstance(by, int):
                self._bar(state, by, public)
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
            if same_view(ruleset.view(after, seat), seen):
                return after
        return None
