"""Random legal hands through the rules core, per ruleset: prints hands per second as JSON.

    .venv/bin/python bench/engine.py [--seconds 3] [--ruleset forty_fives ...] [--options '{"k": v}']

A hand is a deal, its bidding or robbing where the game has them, every trick, and the scoring.
Runs on one core (one process). ``hands_per_second`` is wall clock; ``hands_per_cpu_second`` counts
only this process's CPU time (``time.process_time``), the steadier figure on a shared machine.
``--options`` applies the same options to every ruleset measured (a ``players`` option sets the
number of players). See bench/README.md for recorded figures.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the service, run from anywhere

from service.rules.playout import play_hand
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED


def measure(ruleset_id: str, seconds: float, seed: int, options: dict | None = None) -> dict:
    ruleset = RULESETS[ruleset_id]
    opts = ruleset.validate_options(options or {})
    n = opts.get("players", ruleset.default_players)
    if n not in ruleset.player_counts:
        n = ruleset.default_players
    rng = random.Random(seed)
    state = ruleset.new_match(opts, n, 0, "dealt")
    hands = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(50):
            if ruleset.status(state) == FINISHED:
                state = ruleset.new_match(opts, n, rng.randrange(n), "dealt")
            state = play_hand(ruleset, state, rng)
            hands += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    cpu = time.process_time() - cpu_start
    return {
        "ruleset": ruleset_id,
        "options": options or {},
        "players": n,
        "hands": hands,
        "seconds": round(elapsed, 3),
        "hands_per_second": round(hands / elapsed, 1),
        "cpu_seconds": round(cpu, 3),
        "hands_per_cpu_second": round(hands / cpu, 1) if cpu > 0 else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", action="append", help="ruleset id (repeatable); default: all")
    parser.add_argument("--options", type=json.loads, default=None, help="options as a JSON object")
    args = parser.parse_args()
    ids = args.ruleset or sorted(RULESETS)
    results = [measure(rid, args.seconds, args.seed, args.options) for rid in ids]
    print(json.dumps({"python": platform.python_version(), "machine": platform.machine(), "results": results},
                     indent=2))


if __name__ == "__main__":
    main()
