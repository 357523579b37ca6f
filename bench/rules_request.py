"""The rules core's share of one POST /v1/matches/{id}/actions, per step, in microseconds.

    .venv/bin/python bench/rules_request.py [--actions 200] [--reps 5] [--seed 1] [--config forty_fives:3:table ...]

A request decodes the stored state (``codec.decode`` of the parsed JSON), applies the action, views
the new state (the referee's ``view(None)`` and a seat's ``view(seat)``), lists legal actions and
encodes the new state for the store. For each configuration this plays random legal matches through
the ``Ruleset`` interface (dealt mode: from shuffled decks; table mode: every action any seat may
report), picks ``--actions`` steps spread evenly over them (early and late rounds alike), times each
operation ``--reps`` times per step with ``time.perf_counter_ns`` and prints, per operation, the
median over the steps of the mean time per call (microseconds). ``encode_like`` is what the service
really does when it saves (``service/matches/documents.py``: reuse of the previous encoding).

``legal_all`` is ``legal_actions`` for every seat; ``view_seat`` is the view of the seat that acted
(seat 0 when the action names none); ``median_us_request_total`` adds decode, apply, view_seat and
encode_like, one seat's post. The printed ``code`` says which tree was measured.

``--baseline DIR`` compares this tree with another copy (DIR/service, e.g. from
``git archive <rev> service | tar -x -C DIR``): the script runs itself ``--rounds`` times on each,
alternating, with PYTHONPATH set to the tree, and prints per operation each tree's best median and
their ratio (current / baseline), the best of several runs being the figure least disturbed by
other work on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from service.matches import codec
from service.matches.codec import encode_like
from service.rules.playout import shuffled_deck
from service.rules.registry import RULESETS

try:
    from service.rules.actions import Action
    from service.rules.ruleset import FINISHED, Ruleset
except ModuleNotFoundError:  # a --baseline tree from before service/rules/base.py was split (db42f44)
    from service.rules.base import FINISHED, Action, Ruleset  # type: ignore[no-redef]

DEFAULT_CONFIGS = (
    "forty_fives:3:table",
    "forty_fives:3:dealt",
    "boerenbridge:4:dealt",
    "avinas:4:dealt",
    "boerenbridge:4:table",
    "avinas:4:table",
)
OPS = ("decode", "apply", "view_referee", "view_seat", "legal_all", "encode", "encode_like")

Step = tuple[Any, Action, Any, Any]  # state before, action, state after (dealt/archived), stored JSON of before


def advance(ruleset: Ruleset, state: Any, rng: random.Random, mode: str) -> Any:
    """What the service does after an action: deal while the rules ask for it, archive old rounds."""
    while ruleset.status(state) != FINISHED and ruleset.needs_deal(state):
        state = ruleset.deal(state, None if mode == "table" else shuffled_deck(ruleset, rng))
    state, _records = ruleset.archive(state)
    return state


def play(ruleset: Ruleset, n: int, mode: str, rng: random.Random, max_steps: int) -> list[tuple[Any, Action, Any]]:
    """Random legal matches, one after the other, until ``max_steps`` actions (the last match is cut)."""
    options = ruleset.validate_options({}, n)
    steps: list[tuple[Any, Action, Any]] = []
    while len(steps) < max_steps:
        state = advance(ruleset, ruleset.new_match(options, n, rng.randrange(n), mode), rng, mode)  # type: ignore[arg-type]
        while ruleset.status(state) != FINISHED and len(steps) < max_steps:
            seats = ruleset.to_act(state) or tuple(range(n))  # table mode: a report any seat may make
            actions = [a for s in seats for a in ruleset.legal_actions(state, s)]
            if mode == "dealt":  # one seat acts, as in playout.random_step
                seat = rng.choice(seats)
                actions = [a for a in actions if a.seat == seat] or actions
            action = rng.choice(actions)
            after = advance(ruleset, ruleset.apply(state, action), rng, mode)
            steps.append((state, action, after))
            state = after
    return steps


def timed(fn: Callable[[], Any], reps: int) -> float:
    """Mean microseconds per call of ``fn`` over ``reps`` calls."""
    clock = time.perf_counter_ns
    start = clock()
    for _ in range(reps):
        fn()
    return (clock() - start) / reps / 1000.0


def measure(config: str, actions: int, reps: int, seed: int) -> dict[str, Any]:
    rid, players, mode = config.split(":")
    ruleset = RULESETS[rid]
    n = int(players)
    rng = random.Random(seed)
    played = play(ruleset, n, mode, rng, max_steps=max(actions * 8, 1500))
    stride = len(played) / actions
    chosen = [played[int(i * stride)] for i in range(actions)] if len(played) > actions else played
    steps: list[Step] = []
    for before, action, after in chosen:
        stored = json.loads(json.dumps(codec.encode(before)))
        if codec.decode(ruleset.state_type, stored) != before:
            raise AssertionError(f"{config}: decode(encode(state)) != state")
        steps.append((before, action, after, stored))
    state_type = ruleset.state_type
    times: dict[str, list[float]] = {op: [] for op in OPS}
    sizes: list[int] = []
    for before, action, after, stored in steps:
        seat = action.seat if action.seat is not None else 0
        before_json = codec.encode(before)
        sizes.append(len(json.dumps(stored, separators=(",", ":"))))
        times["decode"].append(timed(lambda: codec.decode(state_type, stored), reps))  # noqa: B023
        times["apply"].append(timed(lambda: ruleset.apply(before, action), reps))  # noqa: B023
        times["view_referee"].append(timed(lambda: ruleset.view(after, None), reps))  # noqa: B023
        times["view_seat"].append(timed(lambda: ruleset.view(after, seat), reps))  # noqa: B023
        times["legal_all"].append(timed(lambda: [ruleset.legal_actions(after, s) for s in range(n)], reps))  # noqa: B023
        times["encode"].append(timed(lambda: codec.encode(after), reps))  # noqa: B023
        times["encode_like"].append(timed(lambda: encode_like(after, before, before_json), reps))  # noqa: B023
    medians = {op: round(statistics.median(v), 1) for op, v in times.items()}
    return {
        "config": config,
        "steps_played": len(played),
        "steps_timed": len(steps),
        "median_state_json_bytes": int(statistics.median(sizes)),
        "median_us": medians,
        "median_us_request_total": round(sum(medians[op] for op in ("decode", "apply", "view_seat", "encode_like")), 1),
    }


def compare(baseline: str, rounds: int, passed: list[str]) -> dict[str, Any]:
    """Run this script ``rounds`` times on each tree, alternating (baseline first in even rounds,
    this tree first in odd ones), and keep per operation the best (least) median of each tree."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = {"baseline": os.path.abspath(baseline), "current": here}
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
    load_before = os.getloadavg()
    for i in range(rounds):
        for name in ("baseline", "current") if i % 2 == 0 else ("current", "baseline"):
            env = {**os.environ, "PYTHONPATH": trees[name]}
            out = subprocess.run([sys.executable, os.path.abspath(__file__), *passed], env=env, check=True,
                                 capture_output=True, text=True).stdout
            runs[name].append(json.loads(out))
    results = []
    for i, first in enumerate(runs["current"][0]["results"]):
        row: dict[str, Any] = {"config": first["config"]}
        for op in (*OPS, "request_total"):
            best = {}
            for name in trees:
                values = [r["results"][i]["median_us" if op != "request_total" else "median_us_request_total"]
                          for r in runs[name]]
                best[name] = min(v[op] if op != "request_total" else v for v in values)
            row[op] = {"baseline_us": best["baseline"], "current_us": best["current"],
                       "ratio": round(best["current"] / best["baseline"], 2) if best["baseline"] else None}
        results.append(row)
    return {"trees": trees, "rounds": rounds, "load_average_before": load_before,
            "load_average_after": os.getloadavg(), "code_measured": {k: v[0]["code"] for k, v in runs.items()},
            "results": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=200, help="steps timed per configuration")
    parser.add_argument("--reps", type=int, default=5, help="calls timed per step and operation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--config", action="append", help="ruleset:players:mode (repeatable); default: all six")
    parser.add_argument("--baseline", help="a directory holding another copy of the tree (its service/): "
                                           "compare it with this one, alternating runs")
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline: runs of each tree")
    args = parser.parse_args()
    configs = args.config or list(DEFAULT_CONFIGS)
    if args.baseline:
        passed = ["--actions", str(args.actions), "--reps", str(args.reps), "--seed", str(args.seed)]
        for c in configs:
            passed += ["--config", c]
        print(json.dumps(compare(args.baseline, args.rounds, passed), indent=1))
        return
    started = time.perf_counter()
    results = [measure(c, args.actions, args.reps, args.seed) for c in configs]
    print(json.dumps({
        "python": platform.python_version(),
        "machine": platform.machine(),
        "load_average": os.getloadavg(),
        "code": os.path.dirname(os.path.abspath(codec.__file__)),
        "seconds": round(time.perf_counter() - started, 1),
        "results": results,
    }, indent=2))


if __name__ == "__main__":
    main()
