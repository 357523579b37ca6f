"""Where hidden cards may not be: the leak checks shared by the conformance battery
(``tests/rules/test_every_ruleset.py``) and the HTTP match tests (``tests/api/test_matches_http.py``).

Only card texts in JSON values are read (``tests.api.match_driver.cards_in``), never a game's state:
a hidden card is one in a seat's own ``hand``, and it may show in another body only where its
holder's own body shows it too (a public fact reads the same for everyone).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from tests.api.match_driver import CARD, NOT_SCANNED, cards_in


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    """(where, card) for every card text in a JSON value (ids, tokens and type URIs excepted)."""
    found: list[tuple[tuple[Any, ...], str]] = []
    _places(value, path, found)
    return iter(found)


def _places(value: Any, path: tuple[Any, ...], found: list[tuple[tuple[Any, ...], str]]) -> None:
    if isinstance(value, dict):
        items: Iterable[tuple[Any, Any]] = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        if isinstance(value, str) and (not path or path[-1] not in NOT_SCANNED):
            found.extend((path, card) for card in CARD.findall(value))
        return
    for key, item in items:  # the leaves here, the containers by recursion (most leaves are numbers)
        kind = type(item)
        if kind is str:
            if key not in NOT_SCANNED:
                found.extend(((*path, key), card) for card in CARD.findall(item))
        elif kind is dict or kind is list or (kind not in _NUMBERS and isinstance(item, (dict, list, str))):
            _places(item, (*path, key), found)


#: leaves that hold no card text, and the leaves
_NUMBERS = frozenset({int, float, bool, type(None)})
_LEAVES = _NUMBERS | {str}


def card_lists(value: Any) -> Iterator[set[str]]:
    """The cards of each list in a JSON value (each list's own strings)."""
    found: list[set[str]] = []
    _card_lists(value, found)
    return iter(found)


def _card_lists(value: Any, found: list[set[str]]) -> None:
    if isinstance(value, dict):
        children: Iterable[Any] = value.values()
    elif isinstance(value, list):
        found.append({card for item in value if isinstance(item, str) for card in CARD.findall(item)})
        children = value
    else:
        return
    for item in children:
        kind = type(item)
        if kind is dict or kind is list or (kind not in _LEAVES and isinstance(item, (dict, list))):
            _card_lists(item, found)


def leaks(bodies: list[Any], hands: list[set[str]]) -> list[str]:
    """Cards of one seat's hand that another seat's body shows where the holder's own body does not.

    Public facts read the same in every seat's body (a trick of an earlier round may hold a card
    that is in a hand again now, at the same place for everyone); a hidden card shows only in its
    holder's body. A whole hand (three cards or more) inside one list of another seat's body is a
    leak wherever it sits."""
    where = [set(places(body)) for body in bodies]
    lists = [list(card_lists(body)) for body in bodies]
    found = []
    for s in range(len(bodies)):
        for t, hand in enumerate(hands):
            if t == s or not hand:
                continue
            for at, card in where[s]:
                if card in hand and (at, card) not in where[t]:
                    found.append(f"seat {s} sees {card} of seat {t} at {at}")
            if len(hand) >= 3:
                found += [f"seat {s} sees seat {t}'s hand" for cards in lists[s] if hand <= cards]
    return found


def spectator_leaks(spectator: Any, seat_bodies: list[Any]) -> list[str]:
    """Cards a spectator's body shows that some seat's body does not: a spectator sees the public
    facts only, and a public card is one every seat sees."""
    shown = set(cards_in(spectator))
    everyone = set.intersection(*(set(cards_in(b)) for b in seat_bodies)) if seat_bodies else set()
    return [f"the spectator sees {card}, which not every seat sees" for card in sorted(shown - everyone)]
