"""Undo's cost against an ordinary action's, at several match lengths (issue 14 item 6).

Plays a Boerenbridge table match by random legal actions (never a whole round at once) through the
match use cases, and at each length given times pairs of (post an action, undo it): the ratio of
the undo's median to the action's median is the figure; it must not grow with the length.

    .venv/bin/python bench/undo.py                       # memory store; lengths 150, 500, 1000
    .venv/bin/python bench/undo.py --redis redis://127.0.0.1:6379/0 --lengths 150 1000
    .venv/bin/python bench/undo.py --cold                # every undo a worker's first from its checkpoint

An undo decodes the checkpoint it starts from once per worker (``service.matches.undo.CHECKPOINTS``);
``--cold`` empties that cache before each undo, as for the first undo of a round in a worker.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from service.matches.undo import CHECKPOINTS
from service.matches.usecases import Matches
from service.store.base import Store
from service.store.factory import StoreSettings, make_store
from service.store.memory import MemoryStore


def _store(url: str | None) -> Store:
    return MemoryStore() if url is None else make_store(StoreSettings(redis_url=url))


def _one(matches: Matches, match_id: str, referee: str, rng: random.Random) -> dict[str, Any]:
    legal = [a for a in matches.view(match_id, referee).view["legal_actions"] if a["type"] != "round_result"]
    return rng.choice(legal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--redis", help="a Redis URL (default: the memory store)")
    parser.add_argument("--lengths", type=int, nargs="+", default=[150, 500, 1000])
    parser.add_argument("--pairs", type=int, default=40, help="(action, undo) pairs timed at each length")
    parser.add_argument("--cold", action="store_true", help="no decoded checkpoint kept from one undo to the next")
    args = parser.parse_args()
    matches = Matches(_store(args.redis), rng=random.Random(1))
    rng = random.Random(3)
    created = matches.create({"ruleset": "boerenbridge", "mode": "table", "players": ["A", "B", "C", "D"],
                              "dealer": 0})
    match_id, referee = created.match_id, created.referee_token
    played = 0
    print(f"{'actions':>8} {'action ms':>10} {'undo ms':>8} {'ratio':>6}")
    for length in sorted(args.lengths):
        while played < length and matches.view(match_id, referee).view["status"] != "finished":
            matches.act(match_id, referee, _one(matches, match_id, referee, rng))
            played += 1
        acts, undos = [], []
        for _ in range(args.pairs):
            action = _one(matches, match_id, referee, rng)
            t0 = time.perf_counter()
            matches.act(match_id, referee, action)
            if args.cold:
                CHECKPOINTS.clear()
            t1 = time.perf_counter()
            matches.undo(match_id, referee)
            t2 = time.perf_counter()
            acts.append(t1 - t0)
            undos.append(t2 - t1)
        act, undo = statistics.median(acts) * 1e3, statistics.median(undos) * 1e3
        print(f"{played:>8} {act:>10.2f} {undo:>8.2f} {undo / act:>6.2f}")


if __name__ == "__main__":
    main()
