"""Deals anyone can verify: every deck of a dealt match comes from the match's secret seed.

The construction (``docs/deals.md`` states it for re-implementers):

* The **match seed** is 32 bytes from the operating system's secure generator (``secrets``), drawn
  when a dealt match is created. It never leaves the server before the match ends.
* The seed of **deal i** (``i`` = 0 for the first deal of the match, 1 for the next, ...) is
  ``HMAC-SHA256(key, b"deal" + i.to_bytes(8, "big"))``, 32 bytes, ``key`` being the deal key
  (``deal_key``: the match seed mixed with the seats' entropies; the match seed itself in a match
  made before seed commitments).
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

A match made since seed commitments (issue 34) deals from a **deal key** instead of the match seed
itself: the server commits to its seed, to the ruleset, the options and the players before any seat
joins (``seed_commitment``), each seat may add its own ``entropy`` when it claims its invitation, and
the deal key mixes them all (``deal_key``); the first dealer's draw comes from the same key
(``first_dealer_seed``, ``StreamRandom``). A match made before has no commitment: its deal key is its
match seed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from collections.abc import Iterator, Mapping, MutableSequence, Sequence
from typing import Any, NoReturn, TypeVar

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
    StreamRandom(seed).shuffle(deck)
    return deck


def canonical_json(value: Any) -> bytes:
    """``value`` as the commitments hash it: JSON with object keys sorted, no white space, non-ASCII
    characters as themselves, in UTF-8 (``docs/deals.md``)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def seed_commitment(match_seed: bytes, ruleset: str, options: Mapping[str, Any], players: Sequence[str]) -> str:
    """The commitment to the match seed, binding the ruleset, the options in force (as the create event
    and the record list them) and the players' names in seat order: SHA-256 of the canonical JSON of
    ``{"options", "players", "ruleset", "seed"}`` (the seed as 64 hex digits), as hex."""
    body = {"options": dict(options), "players": list(players), "ruleset": ruleset, "seed": match_seed.hex()}
    return hashlib.sha256(canonical_json(body)).hexdigest()


def deal_key(match_seed: bytes, entropies: Sequence[str | None]) -> bytes:
    """The key every deal of the match comes from: ``HMAC(match_seed, "entropy" || canonical JSON of the
    seats' entropies)``, one per seat in seat order, null for a seat that gave none."""
    return hmac.new(match_seed, b"entropy" + canonical_json(list(entropies)), hashlib.sha256).digest()


def first_dealer_seed(key: bytes) -> bytes:
    """The seed the first dealer's draw comes from: ``HMAC(deal_key, "first dealer")``."""
    return hmac.new(key, b"first dealer", hashlib.sha256).digest()


def _uniform(draws: Iterator[int], m: int) -> int:
    limit = 2**32 - (2**32 % m)
    u = next(draws)
    while u >= limit:
        u = next(draws)
    return u % m


class StreamRandom(random.Random):
    """The generator a ruleset's first-dealer draw is given in a match with a seed commitment: every
    draw, a seat in ``[0, n)`` (``randrange``) or a shuffled pack (``shuffle``, Fisher-Yates as above),
    reads the next uniform integers of one stream (``_stream(seed)``), so that anyone holding the seed
    draws the same. Any other use of it is a mistake and fails."""

    def __init__(self, seed: bytes) -> None:
        super().__init__(0)
        self._draws = _stream(seed)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        low, high = (0, start) if stop is None else (start, stop)
        if step != 1 or high <= low:
            raise ValueError("StreamRandom.randrange draws from a non-empty range with step 1")
        return low + _uniform(self._draws, high - low)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        for k in range(len(x) - 1, 0, -1):
            j = _uniform(self._draws, k + 1)
            x[k], x[j] = x[j], x[k]

    def random(self) -> NoReturn:
        raise TypeError("a committed draw reads whole integers only (randrange, shuffle)")
