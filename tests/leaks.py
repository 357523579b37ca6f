"""Where hidden cards may not be: the leak checks shared by the conformance battery
(``tests/rules/test_every_ruleset.py``) and the HTTP match tests (``tests/api/test_matches_http.py``).

Only card texts in JSON values are read (``tests.api.match_driver.cards_in``), never a game's state:
a hidden card is one in a seat's own ``hand``, and it may show in another body only where its
holder's own body shows it too (a public fact reads the same for everyone).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from tests.api.match_driver import cards_in


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    """(where, card) for every card text in a JSON value (ids, tokens and type URIs excepted)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from places(item, (*path, i))
    elif isinstance(value, str):
        for card in cards_in({path[-1] if path else "": value}):
            yield path, card


def card_lists(value: Any) -> Iterator[set[str]]:
    """The cards of each list in a JSON value (each list's own strings)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from card_lists(item)
    elif isinstance(value, list):
        yield set(cards_in([item for item in value if isinstance(item, str)]))
        for item in value:
            yield from card_lists(item)


def leaks(bodies: list[Any], hands: list[set[str]]) -> list[str]:
    """Cards of one seat's hand that another seat's body shows where the holder's own body does not.

    Public facts read the same in every seat's body (a trick of an earlier round may hold a card
    that is in a hand again now, at the same place for everyone); a hidden card shows only in its
    holder's body. A whole hand (three cards or more) inside one list of another seat's body is a
    leak wherever it sits."""
    where = [set(places(body)) for body in bodies]
    found = []
    for s, body in enumerate(bodies):
        for t, hand in enumerate(hands):
            if t == s or not hand:
                continue
            for at, card in where[s]:
                if card in hand and (at, card) not in where[t]:
                    found.append(f"seat {s} sees {card} of seat {t} at {at}")
            if len(hand) >= 3:
                found += [f"seat {s} sees seat {t}'s hand" for cards in card_lists(body) if hand <= cards]
    return found


def spectator_leaks(spectator: Any, seat_bodies: list[Any]) -> list[str]:
    """Cards a spectator's body shows that some seat's body does not: a spectator sees the public
    facts only, and a public card is one every seat sees."""
    shown = set(cards_in(spectator))
    everyone = set.intersection(*(set(cards_in(b)) for b in seat_bodies)) if seat_bodies else set()
    return [f"the spectator sees {card}, which not every seat sees" for card in sorted(shown - everyone)]
