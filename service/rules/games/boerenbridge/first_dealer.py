"""The first dealer of a Boerenbridge match (docs/rules/boerenbridge.md §3, vectors §13.7).

``first_dealer_method``: ``high_card_draw`` (each player draws a card from a shuffled pack; the
highest rank deals; equal highest draw again, or with ``first_dealer_tiebreak = "suit_order"`` the
bridge order of suits, spades high, decides), ``random`` (the server picks a seat), or ``fixed``
(the client names the dealer when creating the match). Afterwards the deal passes to the left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from service.rules.cards import DECK_52, Card, Suit
from service.rules.errors import InvalidOption
from service.rules.games.boerenbridge.options import config
from service.rules.messages import Msg

#: Bridge order, for ``first_dealer_tiebreak = "suit_order"`` (§3).
SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


def resolve_draw(draws: Mapping[int, Card], tiebreak: str) -> int | tuple[int, ...]:
    """§3: the seat holding the highest rank, or the tied seats that draw again (``"redraw"``)."""
    top = max(c.rank for c in draws.values())
    tied = tuple(s for s, c in draws.items() if c.rank == top)
    if len(tied) == 1:
        return tied[0]
    if tiebreak == "suit_order":
        return max(tied, key=lambda s: SUIT_ORDER[draws[s].suit])
    return tied


def first_dealer(options: Mapping[str, Any], n_players: int, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """The first dealer and the record of how he was chosen (``Ruleset.first_dealer``)."""
    cfg = config(options)
    method = cfg.first_dealer_method
    if method == "random":
        seat = rng.randrange(n_players)
        return seat, {"method": "random", "dealer": seat}
    if method == "fixed":
        raise InvalidOption(Msg("boerenbridge.first_dealer.fixed"), option="first_dealer_method")
    tiebreak = cfg.first_dealer_tiebreak
    drawers: tuple[int, ...] = tuple(range(n_players))
    rounds: list[list[dict[str, Any]]] = []
    while True:
        pack = list(DECK_52)
        rng.shuffle(pack)
        drawn = {seat: pack[i] for i, seat in enumerate(drawers)}
        rounds.append([{"seat": s, "card": c.text} for s, c in drawn.items()])
        outcome = resolve_draw(drawn, tiebreak)
        if isinstance(outcome, int):
            return outcome, {"method": "high_card_draw", "tiebreak": tiebreak, "draws": rounds,
                             "dealer": outcome}
        drawers = outcome
