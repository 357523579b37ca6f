"""Random legal hands through the rules core, per ruleset: prints hands per second as JSON.

    .venv/bin/python bench/engine.py [--seconds 3] [--ruleset forty_fives ...] [--options '{"k": v}']
    .venv/bin/python bench/engine.py --ruleset forty_fives --baseline DIR [--rounds 5]

A hand is a deal, its bidding or robbing where the game has them, every trick, and the scoring.
Runs on one core (one process). ``hands_per_second`` is wall clock; ``hands_per_cpu_second`` counts
only this process's CPU time (``time.process_time``), the steadier figure on a shared machine.
``--options`` applies the same options to every ruleset measured (a ``players`` option sets the
number of players). ``--baseline DIR`` compares this tree with another checkout (DIR/service, e.g. a
``git worktree`` of the parent commit): the script runs itself ``--rounds`` times on each tree in
turn, alternating which goes first, so that the neighbours on a shared machine weigh on both alike,
and prints each tree's figures per round, their medians and the ratio (this tree over the baseline).

    .venv/bin/python bench/engine.py --instructions [--ruleset forty_fives ...] [--baseline DIR]

``--instructions`` counts instead of timing: the CPU instructions a hand takes (valgrind's callgrind,
user space, the hash seed fixed), from two runs of the same seeded play, of 200 hands and of
``--hands`` (default 2,000): their difference over the difference in hands, so that starting the
process cancels out (each tree is first run once uncounted, so that both counted runs find its
modules compiled alike). The count hardly moves with the machine's load, so a change to the rules
core can be judged to a fraction of a percent where the timed figures move by a third; it leaves
out what cache misses cost. With ``--baseline`` both trees are counted. Needs valgrind.
See bench/README.md for recorded figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

# the service, run from anywhere; ``--tree DIR`` (how --baseline runs itself) measures another checkout's
sys.path.insert(0, sys.argv[sys.argv.index("--tree") + 1] if "--tree" in sys.argv[:-1]
                else str(Path(__file__).resolve().parents[1]))

from service.rules.playout import play_hand
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED

HERE = str(Path(__file__).resolve().parents[1])


def new_match(ruleset_id: str, seed: int, options: dict | None) -> tuple[Any, Any, int, random.Random, Any]:
    """The ruleset, its options, the players, the seeded generator and a new dealt-mode match."""
    ruleset = RULESETS[ruleset_id]
    opts = ruleset.validate_options(options or {})
    n = opts.get("players", ruleset.default_players)
    if n not in ruleset.player_counts:
        n = ruleset.default_players
    return ruleset, opts, n, random.Random(seed), ruleset.new_match(opts, n, 0, "dealt")


def measure(ruleset_id: str, seconds: float, seed: int, options: dict | None = None) -> dict:
    ruleset, opts, n, rng, state = new_match(ruleset_id, seed, options)
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


def compare(baseline: str, rounds: int, passed: list[str]) -> dict[str, Any]:
    """Run this script ``rounds`` times on each tree, alternating (the baseline first in even rounds,
    this tree first in odd ones); per ruleset each tree's figures per round, their medians, the ratio."""
    trees = {"baseline": os.path.abspath(baseline), "current": HERE}
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
    load_before = os.getloadavg()
    for i in range(rounds):
        for name in ("baseline", "current") if i % 2 == 0 else ("current", "baseline"):
            out = subprocess.run([sys.executable, os.path.abspath(__file__), *passed, "--tree", trees[name]],
                                 check=True, capture_output=True, text=True).stdout
            runs[name].append(json.loads(out))
    results = []
    for i, first in enumerate(runs["current"][0]["results"]):
        row: dict[str, Any] = {"ruleset": first["ruleset"], "players": first["players"]}
        for figure in ("hands_per_second", "hands_per_cpu_second"):
            per_round = {name: [r["results"][i][figure] for r in runs[name]] for name in trees}
            medians = {name: statistics.median(v) for name, v in per_round.items()}
            row[figure] = {**{f"{name}_rounds": v for name, v in per_round.items()},
                           **{f"{name}_median": m for name, m in medians.items()},
                           "ratio": round(medians["current"] / medians["baseline"], 3)}
        results.append(row)
    return {"trees": trees, "rounds": rounds, "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()], "results": results}


def play_hands(ruleset_id: str, hands: int, seed: int, options: dict | None) -> None:
    """``hands`` random hands as ``measure`` plays them, untimed (what ``--instructions`` counts)."""
    ruleset, opts, n, rng, state = new_match(ruleset_id, seed, options)
    for _ in range(hands):
        if ruleset.status(state) == FINISHED:
            state = ruleset.new_match(opts, n, rng.randrange(n), "dealt")
        state = play_hand(ruleset, state, rng)


def instructions(tree: str, ruleset_id: str, hands: int, seed: int, options: dict | None) -> int:
    """Instructions a hand of ``ruleset_id`` takes on ``tree``: callgrind's count of ``hands``
    hands less its count of 200, over the difference."""
    # here, not above: a child measuring another ``--tree`` imports that tree's modules, and an older
    # tree has no bench/callgrind.py (only this process counts)
    from bench.callgrind import collected

    few = 200
    env = {**os.environ, "PYTHONHASHSEED": "0"}

    def play(n: int) -> list[str]:
        command = [sys.executable, os.path.abspath(__file__), "--tree", tree, "--play-hands", str(n),
                   "--ruleset", ruleset_id, "--seed", str(seed)]
        return [*command, "--options", json.dumps(options)] if options is not None else command

    # uncounted: a tree without compiled modules (a new worktree) gets them now, where Python writes
    # them, so that the first counted run does not count compiling them
    subprocess.run(play(1), check=True, capture_output=True, env=env)

    def count(n: int) -> int:
        try:
            return collected(play(n), env, "--callgrind-out-file=/dev/null", what=tree)
        except RuntimeError as err:
            raise SystemExit(str(err)) from None

    return round((count(hands) - count(few)) / (hands - few))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", action="append", help="ruleset id (repeatable); default: all")
    parser.add_argument("--options", type=json.loads, default=None, help="options as a JSON object")
    parser.add_argument("--baseline", help="a directory holding another copy of the tree (its service/): "
                                           "compare it with this one, alternating runs")
    parser.add_argument("--rounds", type=int, default=5, help="with --baseline: runs of each tree")
    parser.add_argument("--instructions", action="store_true",
                        help="count the instructions a hand takes (callgrind) instead of timing")
    parser.add_argument("--hands", type=int, default=2000,
                        help="with --instructions: the hands of the longer counted run (the shorter plays 200)")
    parser.add_argument("--tree", help=argparse.SUPPRESS)  # read before the imports, above
    parser.add_argument("--play-hands", type=int, help=argparse.SUPPRESS)  # what --instructions counts
    args = parser.parse_args()
    ids = args.ruleset or sorted(RULESETS)
    if args.play_hands is not None:
        play_hands(ids[0], args.play_hands, args.seed, args.options)
        return
    if args.instructions:
        if args.hands <= 200:
            parser.error("--hands must be more than 200")
        if shutil.which("valgrind") is None:
            parser.error("--instructions needs valgrind (apt-get install valgrind)")
        trees = {"current": HERE, **({"baseline": os.path.abspath(args.baseline)} if args.baseline else {})}
        rows = []
        for rid in ids:
            row: dict[str, Any] = {"ruleset": rid}
            for name, tree in trees.items():
                row[f"{name}_instructions_per_hand"] = instructions(tree, rid, args.hands, args.seed, args.options)
            if args.baseline:
                row["ratio"] = round(row["current_instructions_per_hand"] / row["baseline_instructions_per_hand"], 4)
            rows.append(row)
        print(json.dumps({"python": platform.python_version(), "machine": platform.machine(), "hands": args.hands,
                          "trees": trees, "results": rows}, indent=1))
        return
    if args.baseline:
        passed = ["--seconds", str(args.seconds), "--seed", str(args.seed)]
        for rid in ids:
            passed += ["--ruleset", rid]
        if args.options is not None:
            passed += ["--options", json.dumps(args.options)]
        print(json.dumps(compare(args.baseline, args.rounds, passed), indent=1))
        return
    results = [measure(rid, args.seconds, args.seed, args.options) for rid in ids]
    print(json.dumps({"python": platform.python_version(), "machine": platform.machine(), "results": results},
                     indent=2))


if __name__ == "__main__":
    main()
