"""Random playouts: OpenSpiel's ``oh_hell`` driven from Python against our Boerenbridge, side by side.

    .venv/bin/python bench/openspiel_oh_hell.py [--seconds 10] [--chunk 0.5]

Both play 4 players, 12 cards each (OpenSpiel's most for 4 players: one card must be left to turn
up), random legal moves, one round at a time, on one core, in the same process:

* OpenSpiel: ``pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 12})``; from a new
  initial state to the terminal state. Decisions: ``random.choice(state.legal_actions())``.
  Chance nodes (trick count, dealer, 49 cards) are sampled from ``state.chance_outcomes()`` with
  their probabilities (``random.choices``), the general way to drive a game from Python; a second,
  leaner driver that picks chance outcomes uniformly from ``legal_actions()`` (correct for this
  game, whose chance outcomes are uniform) is also timed.
* Ours: ``service.rules.playout.play_hand`` (shuffle, deal, bids, 48 plays, scoring, all through
  the Ruleset interface), with the options that make the round OpenSpiel's game: a 12-card
  schedule, a turned-up trump, sequential bidding with the dealer hooked, no bid revision.
  The seed game's defaults with 12 cards each are timed too.

Time is CPU time of this process (``time.process_time``; OpenSpiel's C++ runs in it too), in short
chunks that alternate between the engines, so that other work on a shared machine weighs on both
alike. Prints JSON: rounds per CPU second of each (best and median chunk) and the ratios
ours / OpenSpiel (>= 1.0 is the goal; below 0.25 is a defect).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from typing import Any

import pyspiel

from service.rules.games.boerenbridge import BOERENBRIDGE
from service.rules.playout import play_hand
from service.rules.ruleset import FINISHED

HAND = 12
OPENSPIEL_LIKE: dict[str, Any] = {
    "hand_size_schedule": [HAND],
    "trump_mode": "turn_up",
    "bidding_mode": "sequential",
    "bid_revision_right": "none",
}
SEED_12: dict[str, Any] = {"hand_size_schedule": [HAND]}


def openspiel_chunk(seconds: float, rng: random.Random, game: Any, *, weighted_chance: bool) -> float:
    """Rounds per CPU second over one chunk of about ``seconds``."""
    choice, choices = rng.choice, rng.choices
    rounds = 0
    start = time.process_time()
    deadline = start + seconds
    now = start
    while now < deadline:
        for _ in range(10):
            state = game.new_initial_state()
            while not state.is_terminal():
                if weighted_chance and state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(choices(actions, probs)[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
            rounds += 1
        now = time.process_time()
    return rounds / (now - start)


class Ours:
    """Our engine through ``play_hand``; a finished match is replaced by a new one."""

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        self.options = BOERENBRIDGE.validate_options(options)
        self.rng = random.Random(seed)
        self.state = BOERENBRIDGE.new_match(self.options, 4, 0, "dealt")

    def chunk(self, seconds: float) -> float:
        ruleset, rng, opts = BOERENBRIDGE, self.rng, self.options
        state = self.state
        rounds = 0
        start = time.process_time()
        deadline = start + seconds
        now = start
        while now < deadline:
            for _ in range(10):
                if ruleset.status(state) == FINISHED:
                    state = ruleset.new_match(opts, 4, rng.randrange(4), "dealt")
                state = play_hand(ruleset, state, rng)
                rounds += 1
            now = time.process_time()
        self.state = state
        return rounds / (now - start)


def summary(rates: list[float]) -> dict[str, float]:
    return {"best": round(max(rates), 1), "median": round(statistics.median(rates), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per engine, in chunks")
    parser.add_argument("--chunk", type=float, default=0.5, help="CPU seconds per chunk")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": HAND})
    ours = Ours(OPENSPIEL_LIKE, args.seed)
    seed_rules = Ours(SEED_12, args.seed + 1)
    rates: dict[str, list[float]] = {"openspiel": [], "openspiel_uniform": [], "ours": [], "ours_seed_rules": []}
    # Interleave short chunks so that a change in machine load falls on every engine alike.
    for _ in range(max(1, round(args.seconds / args.chunk))):
        rates["openspiel"].append(openspiel_chunk(args.chunk, rng, game, weighted_chance=True))
        rates["ours"].append(ours.chunk(args.chunk))
        rates["openspiel_uniform"].append(openspiel_chunk(args.chunk, rng, game, weighted_chance=False))
        rates["ours_seed_rules"].append(seed_rules.chunk(args.chunk))
    best = {k: max(v) for k, v in rates.items()}
    median = {k: statistics.median(v) for k, v in rates.items()}
    result = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "players": 4,
        "cards_each": HAND,
        "cpu_seconds_per_engine": args.seconds,
        "rounds_per_cpu_second": {
            "openspiel_oh_hell_python_driver": summary(rates["openspiel"]),
            "openspiel_oh_hell_uniform_chance_driver": summary(rates["openspiel_uniform"]),
            "ours_openspiel_rules": summary(rates["ours"]),
            "ours_seed_rules_12_cards": summary(rates["ours_seed_rules"]),
        },
        "ratio_ours_to_openspiel": {
            "best": round(best["ours"] / best["openspiel"], 2),
            "median": round(median["ours"] / median["openspiel"], 2),
        },
        "ratio_ours_to_openspiel_uniform_chance_driver": {
            "best": round(best["ours"] / best["openspiel_uniform"], 2),
            "median": round(median["ours"] / median["openspiel_uniform"], 2),
        },
        "ratio_seed_rules_to_openspiel": {
            "best": round(best["ours_seed_rules"] / best["openspiel"], 2),
            "median": round(median["ours_seed_rules"] / median["openspiel"], 2),
        },
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
