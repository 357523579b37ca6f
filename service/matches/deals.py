"""Deals anyone can verify: every deck of a dealt match comes from the match's secret seed.

The construction (``docs/deals.md`` states it for re-implementers):

* The **match seed** is 32 bytes from the operating system's secure generator (``secrets``), drawn
  when a dealt match is created. It never leaves the server before the match ends.
* The seed of **deal i** (``i`` = 0 for the first deal of the match, 1 for the next, ...) is
  ``HMAC-SHA256(match_seed, b"deal" + i.to_bytes(8, "big"))``, 32 bytes.
* Its **commitment** is ``SHA-256(deal_seed)``, written as 64 lower-case hex digits. Every view of
  a dealt round shows it (``deal_commitment``); the round's record reveals the deal seed once the
  round is over, so anyone can check that the seed matches the commitment shown before the cards
  were played, and that the deck is the one the seed gives.
* The **deck** of deal i is the ruleset's pack in its fixed order (``Ruleset.deck()``: suits C, D,
  H, S, each from the lowest rank up), shuffled by Fisher-Yates from the last position down: for
  ``k`` from ``n - 1`` down to 1, swap position ``k`` with position ``j``, a uniform integer in
  ``[0, k]``.
* The uniform integers come from a byte stream: blocks ``HMAC-SHA256(deal_seed, b"shuffle" +
  c.to_bytes(8, "big"))`` for ``c`` = 0, 1, 2 ..., concatenated. Each draw reads the next 4 bytes as
  a big-endian unsigned integer ``u``; for a draw in ``[0, m)`` (``m = k + 1``) the value ``u`` is
  rejected and the next 4 bytes read while ``u >= 2**32 - (2**32 % m)``; the draw is ``u % m``
  (so every value is exactly equally likely).

Since a deal depends on the match seed and its index only, undoing an action and playing it again
deals exactly the same cards: nobody can re-roll a deal.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Sequence
from typing import TypeVar

SEED_BYTES = 32
_T = TypeVar("_T")


def new_match_seed() -> bytes:
    """A fresh match seed from the secure generator."""
    return secrets.token_bytes(SEED_BYTES)


def deal_seed(match_seed: bytes, index: int) -> bytes:
    """The seed of deal ``index`` (0-based) of the match."""
    return hmac.new(match_seed, b"deal" + index.to_bytes(8, "big"), hashlib.sha256).digest()


def commitment(seed: bytes) -> str:
    """The public commitment to a deal seed: its SHA-256, hex."""
    return hashlib.sha256(seed).hexdigest()


def _stream(seed: bytes) -> Iterator[int]:
    """4-byte big-endian unsigned integers from the deal seed's HMAC-SHA256 counter stream."""
    counter = 0
    while True:
        block = hmac.new(seed, b"shuffle" + counter.to_bytes(8, "big"), hashlib.sha256).digest()
        for at in range(0, len(block), 4):
            yield int.from_bytes(block[at:at + 4], "big")
        counter += 1


def shuffled(pack: Sequence[_T], seed: bytes) -> list[_T]:
    """``pack`` shuffled by Fisher-Yates with unbiased draws from ``seed`` (the construction above)."""
    deck = list(pack)
    draws = _stream(seed)
    for k in range(len(deck) - 1, 0, -1):
        m = k + 1
        limit = 2**32 - (2**32 % m)
        u = next(draws)
        while u >= limit:
            u = next(draws)
        j = u % m
        deck[k], deck[j] = deck[j], deck[k]
    return deck
