"""Helpers for the Boerenbridge tests: building states at a given point, reading the spec's prose vectors."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.actions import Action
from service.rules.cards import DECK_52, Card
from service.rules.games.boerenbridge import BOERENBRIDGE
from service.rules.games.boerenbridge.state import BoerenbridgeState
from tests.spec_tables import RULES_DIR

B = BOERENBRIDGE
SPEC = "boerenbridge.md"


def options(**given: Any) -> dict[str, Any]:
    return B.validate_options(given)


def at_round(
    scores: Sequence[int],
    dealer: int,
    given: Mapping[str, Any] | None = None,
    *,
    mode: str = "table",
    deck: Sequence[Card] | None = None,
) -> BoerenbridgeState:
    """A match whose next round is dealt by ``dealer`` with these match scores, dealt."""
    n = len(scores)
    state = B.new_match(dict(given or {}), n, dealer, mode)  # type: ignore[arg-type]
    state = dataclasses.replace(state, match=dataclasses.replace(state.match, scores=tuple(scores)))
    if mode == "dealt" and deck is None:
        deck = DECK_52
    return B.deal(state, deck)


def bid(state: BoerenbridgeState, seat: int, amount: int) -> BoerenbridgeState:
    return B.apply(state, Action("bid", seat=seat, amount=amount))


def play(state: BoerenbridgeState, seat: int, card: str) -> BoerenbridgeState:
    return B.apply(state, Action("play", seat=seat, card=Card.parse(card)))


def bid_amounts(state: BoerenbridgeState, seat: int) -> set[int]:
    return {a.amount for a in B.legal_actions(state, seat) if a.type == "bid" and a.amount is not None}


# --- reading the spec's prose -------------------------------------------------------------------


def spec_text() -> str:
    return (RULES_DIR / SPEC).read_text(encoding="utf-8")


def bullet(vector_id: str) -> str:
    """The text of the bullet ``- **<id>.** ...`` (continuation lines joined)."""
    lines = spec_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"- **{vector_id}.**"))
    out = [lines[start]]
    for line in lines[start + 1:]:
        if not line.startswith("  "):
            break
        out.append(line.strip())
    return " ".join(out)


def ints(text: str) -> list[int]:
    """Every integer in ``text`` (the spec writes minus as U+2212)."""
    return [int(m) for m in re.findall(r"-?\d+", text.replace("\u2212", "-"))]


def int_lists(text: str) -> list[list[int]]:
    """Every ``[a, b, ...]`` list of integers in ``text``."""
    return [ints(m) for m in re.findall(r"\[([-\d,\s\u2212]+)\]", text)]


def spec_options(text: str) -> dict[str, Any]:
    """The options written as `name = value` (backticked) in ``text``."""
    out: dict[str, Any] = {}
    for name, value in re.findall(r"`(\w+)\s*=\s*([^`]+)`", text):
        out[name] = json.loads(value)
    return out


def int_set(text: str) -> set[int]:
    """``{0,1,2,3,5,…,13}`` or ``0–12`` (an en dash range) as a set of integers."""
    text = text.strip()
    m = re.fullmatch(r"(\d+)\s*[–-]\s*(\d+)", text)
    if m:
        return set(range(int(m.group(1)), int(m.group(2)) + 1))
    body = text.strip("{}")
    parts = [p.strip() for p in body.split(",")]
    out: set[int] = set()
    for i, p in enumerate(parts):
        if p == "…":
            out.update(range(int(parts[i - 1]) + 1, int(parts[i + 1])))
        else:
            out.add(int(p))
    return out
