"""What a save costs the worker as a match's event log grows (bench/README.md, "Small matches").

    .venv/bin/python bench/compaction.py [--at 100,1000,3000,6000] [--window 320] [--repeat 3]
                                         [--baseline DIR] [--loaded]

Every ``compact_every`` (16) events a save moves the Stream's events into the compacted log
(``service/store/event_log.py``). This plays one Forty-Fives match of ``--events`` events through
the app (table mode, random legal plays, memory store) for real event texts, then saves them one
by one into a ``RedisStore`` on a private ``redis-server`` (a small document each time, so that what
grows is the log; each save naming the commit of the one before, as a worker holding the match
saves it, so that the store compacts from what it kept, ``open_segments``; ``--loaded``: on the
version alone, as after a load, so that every compaction reads the log's open segment), and
reports, at each length of ``--at``, the worker's CPU a saved event over the ``--window`` events
from there (its compactions included, as each save pays them in turn), and
the log's size; each tree is measured ``--repeat`` times, in a new process each time, and the
least CPU of the repeats is kept (the machine's other work only ever adds). With ``--baseline DIR``
the same is measured on another tree's code (an earlier commit), in the same run, the two trees
alternating. Prints one JSON document.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()


def play(events: int, seed: int) -> list[Any]:
    """The events of one table-mode Forty-Fives match of at least ``events`` events (random plays)."""
    os.environ.pop("REDIS_URL", None)
    os.environ["RATELIMIT_ENABLED"] = "false"
    import logging

    import service.api.matches as api_matches
    from service.api.app import create_app
    from service.api.config import Settings

    logging.disable(logging.WARNING)
    app = create_app(Settings.from_env())
    client, steps = app.test_client(), app.extensions[api_matches.MATCHES_KEY].steps
    body = {"ruleset": "forty_fives", "mode": "table", "players": ["Ann", "Bob", "Cy"],
            "options": {"target_score": 1_000_000}}
    created = client.post("/v1/matches", json=body).get_json()
    match_id, legal = created["id"], created["view"]["legal_actions"]
    headers = {"Authorization": f"Bearer {created['referee_token']}"}
    rng = random.Random(seed)
    while steps.store.events(match_id, after=events - 1, limit=1) == []:
        answer = client.post(f"/v1/matches/{match_id}/actions", json=rng.choice(legal), headers=headers)
        legal = answer.get_json()["legal_actions"]
    return [event.data for event in steps.store.events(match_id)][:events]


def measure(events: list[Any], at: list[int], window: int, loaded: bool = False) -> dict[str, Any]:
    """Save ``events`` one by one; the worker's CPU a saved event over ``window`` events from each of
    ``at``. Each save names the commit of the one before (as a worker holding the match saves it),
    unless ``loaded`` (as after a load: on the version alone)."""
    from service.store.redis_store import RedisStore
    from tests.redis_server import RedisServer

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="bench-compaction-") as tmp, RedisServer(Path(tmp)) as server:
        store = RedisStore.from_url(server.url)
        store.create("m", {"n": 0}, events[:1], commit="c1")
        version, saved = 1, 1
        client = server.client()

        def save() -> int:
            held = "" if loaded else f"c{version}"
            return store.save("m", version, {"n": version}, [events[saved]], commit=f"c{version + 1}",
                              expected_commit=held)

        for start in at:
            while saved < start:
                version = save()
                saved += 1
            began = time.process_time()
            for _ in range(window):
                version = save()
                saved += 1
            spent = time.process_time() - began
            log = client.hget("{match:m}:doc", "l") or b""
            out[str(start)] = {"cpu_us_per_saved_event": round(spent / window * 1e6, 1),
                               "log_bytes": len(log), "log_bytes_per_event": round(len(log) / max(1, saved - 16), 2)}
        client.close()
        store.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--at", default="100,1000,3000,6000", help="lengths (events) to measure from")
    parser.add_argument("--window", type=int, default=320, help="events saved at each length")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree; the least CPU kept")
    parser.add_argument("--baseline", type=Path, help="another tree (an earlier commit) measured alike")
    parser.add_argument("--loaded", action="store_true",
                        help="each save on the version alone, as after a load (else naming the last commit, as a "
                             "worker holding the match saves)")
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--events-file", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.path.insert(0, str((args.tree or HERE.parents[1]).resolve()))
    at = [int(n) for n in args.at.split(",")]
    if args.events_file is not None:  # a child: measure this tree on the events given
        events = json.loads(args.events_file.read_text())
        print(json.dumps(measure(events, at, args.window, args.loaded)))
        return
    events = play(max(at) + args.window + 1, args.seed)
    report: dict[str, Any] = {"events": len(events), "window": args.window,
                              "saves": "loaded" if args.loaded else "held", "load_average": os.getloadavg()}
    with tempfile.TemporaryDirectory(prefix="bench-compaction-") as tmp:
        path = Path(tmp) / "events.json"
        path.write_text(json.dumps(events))
        trees = {"this": HERE.parents[1]} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
        for _ in range(args.repeat):
            for name, tree in trees.items():
                child = subprocess.run([sys.executable, str(HERE), "--tree", str(tree), "--events-file", str(path),
                                        "--at", args.at, "--window", str(args.window),
                                        *(["--loaded"] if args.loaded else [])],
                                       capture_output=True, text=True, check=True,
                                       env={**os.environ, "PYTHONPATH": str(tree)}, timeout=1800)
                runs = report.setdefault(name, {})
                for length, figures in json.loads(child.stdout).items():
                    kept = runs.get(length)
                    if kept is None or figures["cpu_us_per_saved_event"] < kept["cpu_us_per_saved_event"]:
                        runs[length] = figures
    report["load_average_after"] = os.getloadavg()
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
