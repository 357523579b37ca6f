"""The codec's two ways of writing a state, each against msgspec's way, on a state 60 steps into a
random match of every ruleset and mode (bench/README.md, "Codec").

    .venv/bin/python bench/codec.py [--steps 60] [--number 2000]

* JSON-ready data (a document's state): ``codec.encode`` against msgspec to JSON text and back (its
  ``to_builtins`` leaves tuples as tuples, which the stores' JSON writer would then refuse to keep);
* JSON text (a checkpoint's state): ``codec.encode`` then the stores' writer against
  ``codec.encode_text`` (msgspec).

Prints microseconds per call (best of 5 repeats) and the ratio of msgspec's to the other, in one run.
"""

from __future__ import annotations

import argparse
import random
import timeit
from typing import Any

import msgspec

from service.matches import codec
from service.matches.codec.text import _ENCODER
from service.rules.playout import random_step, shuffled_deck
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED
from service.store import encoding


def state_after(ruleset_id: str, mode: str, steps: int) -> Any:
    ruleset = RULESETS[ruleset_id]
    rng = random.Random(3)
    state = ruleset.new_match(ruleset.validate_options({}), ruleset.default_players, 0, mode)
    for _ in range(steps):
        if ruleset.status(state) == FINISHED:
            break
        if ruleset.needs_deal(state):
            state = ruleset.deal(state, shuffled_deck(ruleset, rng) if mode == "dealt" else None)
        else:
            state = random_step(ruleset, state, rng)[0]
    return state


def best(call: Any, number: int) -> float:
    return min(timeit.repeat(call, number=number, repeat=5)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--number", type=int, default=2000)
    args = parser.parse_args()
    decode = msgspec.json.Decoder().decode
    print("| ruleset, mode | encode | msgspec data | ratio | encode + writer | encode_text | ratio |")
    print("|---|---|---|---|---|---|---|")
    for ruleset_id in sorted(RULESETS):
        for mode in ("dealt", "table"):
            state = state_after(ruleset_id, mode, args.steps)
            assert decode(_ENCODER.encode(state)) == codec.encode(state)
            data = best(lambda s=state: codec.encode(s), args.number)
            data_m = best(lambda s=state: decode(_ENCODER.encode(s)), args.number)
            text = best(lambda s=state: encoding.dumps(codec.encode(s)), args.number)
            text_m = best(lambda s=state: codec.encode_text(s), args.number)
            print(
                f"| {ruleset_id}, {mode} | {data:.1f} us | {data_m:.1f} us | {data_m / data:.2f} "
                f"| {text:.1f} us | {text_m:.1f} us | {text_m / text:.2f} |"
            )


if __name__ == "__main__":
    main()
