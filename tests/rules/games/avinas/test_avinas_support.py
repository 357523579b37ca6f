"""Helpers shared by the Avinas tests (no tests here): deck arrangement, view scanning, playing on."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from service.rules.actions import Action
from service.rules.cards import DECK_32, Card, Rank, card
from service.rules.games.avinas import AVINAS
from service.rules.games.avinas.state import AvinasState
from service.rules.ruleset import FINISHED
from tests.english import english_text

CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[CDHS]")
#: a card text as a whole word: no ASCII letter or digit just before or after it
CARD_WORD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")


def deck_from_hands(dealt: Sequence[Sequence[Card]], dealer: int) -> list[Card]:
    """The deck order (top first) that deals ``dealt[seat]`` (cards #1-#8 in order) to each seat (§4.1)."""
    deck: list[Card | None] = [None] * 32
    for seat in range(4):
        off = (seat - dealer - 1) % 4
        for j, c in enumerate(dealt[seat]):
            deck[(j // 4) * 16 + off * 4 + j % 4] = c
    assert all(c is not None for c in deck)
    out = [c for c in deck if c is not None]
    assert sorted(out) == sorted(DECK_32)
    return out


def hands_of(texts: Sequence[str]) -> list[list[Card]]:
    """Four dealt hands written as strings of 8 cards each (#1 to #8)."""
    out = [[card(t) for t in hand.split()] for hand in texts]
    assert all(len(h) == 8 for h in out)
    return out


def arrange(
    rng: random.Random,
    dealer: int = 0,
    positions: Mapping[tuple[int, int], Card] | None = None,
) -> list[Card]:
    """A deck where each (seat, position 4|8) of ``positions`` holds its card and every other
    exposure position holds a card that is not a seven; everything else at random."""
    positions = dict(positions or {})
    dealt: list[list[Card | None]] = [[None] * 8 for _ in range(4)]
    used = set(positions.values())
    for (seat, pos), c in positions.items():
        dealt[seat][pos - 1] = c
    rest = [c for c in DECK_32 if c not in used]
    rng.shuffle(rest)
    plain = [c for c in rest if c.rank is not Rank.SEVEN]
    for seat in range(4):
        for pos in (4, 8):
            if dealt[seat][pos - 1] is None:
                c = plain.pop()
                rest.remove(c)
                dealt[seat][pos - 1] = c
    for seat in range(4):
        for j in range(8):
            if dealt[seat][j] is None:
                dealt[seat][j] = rest.pop()
    return deck_from_hands([[c for c in h if c is not None] for h in dealt], dealer)


def cards_in(value: Any) -> set[str]:
    """Every card text anywhere in a JSON value (keys and strings, messages as written in English),
    as a whole word. A view's ``history`` (equal at every step of a hand, and growing with the match)
    is written out only when it differs from the last ones read."""
    if isinstance(value, dict) and "history" in value:
        rest = {k: v for k, v in value.items() if k != "history"}
        return _cards_of_text(english_text(rest)) | _history_cards(value["history"])
    return _cards_of_text(english_text(value))


#: the last histories read, and their cards
_HISTORIES: list[tuple[Any, set[str]]] = []


def _history_cards(history: Any) -> set[str]:
    for seen, cards in _HISTORIES:
        if seen == history:
            return cards
    cards = _cards_of_text(english_text(history))
    _HISTORIES[:] = [(history, cards), *_HISTORIES[:3]]
    return cards


def _cards_of_text(text: str) -> set[str]:
    return set(CARD_WORD.findall(text))


def may_see(state: AvinasState, seat: int) -> set[str]:
    """The cards ``seat`` may see now, by the knowledge model of §4.3, computed independently."""
    hand = state.hand
    # cards of earlier hands that the history shows (table-mode revokes, the tricks of a hand played
    # card by card: played, so public)
    out: set[str] = {r.card.text for record in state.history for r in record.revokes}
    out |= {p.card.text for record in state.history for t in record.tricks for p in t.plays}
    if hand is None:
        return out
    dealer = hand.dealer
    if hand.dealt is not None:
        out |= {c.text for c in hand.dealt[seat]}
        for pos in (4, 8):
            for holder in range(4):
                c = hand.dealt[holder][pos - 1]
                if (holder - dealer) % 2 == 1 or c.rank is Rank.SEVEN or seat == dealer:
                    out.add(c.text)
    else:
        out |= {e.card.text for e in hand.exposures if e.card is not None}
    for t in hand.tricks:
        out |= {p.card.text for p in t.plays}
    if hand.current is not None:
        for i, p in enumerate(hand.current.plays):
            if not p.face_down or hand.current.seat_of(i) == seat:
                out.add(p.card.text)
    return out


def act(state: AvinasState, kind: str, seat: int | None = None, **fields: Any) -> AvinasState:
    data: dict[str, Any] = {"type": kind, **fields}
    if seat is not None:
        data["seat"] = seat
    return AVINAS.apply(state, Action.from_json(data))


def play_on(state: AvinasState, rng: random.Random, avoid: Iterable[str] = ("stop",)) -> AvinasState:
    """Random legal actions until the hand ends (avoiding ``avoid`` types while others exist)."""
    avoid = set(avoid)
    while not AVINAS.needs_deal(state) and AVINAS.status(state) != FINISHED:
        seats = AVINAS.to_act(state)
        actions = [a for s in seats for a in AVINAS.legal_actions(state, s)]
        preferred = [a for a in actions if a.type not in avoid] or actions
        state = AVINAS.apply(state, rng.choice(preferred))
    return state
