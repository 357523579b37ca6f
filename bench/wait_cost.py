"""What waiting for a replica (``WAIT 1`` after each commit) costs per action, against ``WAIT 0``,
side by side in one run (bench/README.md, Replicas and failover).

    .venv/bin/python bench/wait_cost.py [--saves 2000] [--rounds 5] [--seconds 3] [--clients 8]

A private master (AOF, ``appendfsync everysec``) and one replica, both redis-server on 127.0.0.1.

1. **Store**: one thread saves to its own match through two ``RedisStore`` objects on the same
   master, one with ``min_replicas_ack=1`` and one with 0, ``--saves`` each per round, alternating
   which goes first; median and p99 microseconds per save, and the CPU each save cost the client,
   the master and the replica (``/proc``; the replica's clock ticks are coarse: 10 ms).
2. **HTTP**: two gunicorn instances of the service on the same master (``REDIS_MIN_REPLICAS_ACK``
   1 and 0), closed-loop clients posting plays to their own table-mode matches (as
   ``bench/matches/run.py`` does), alternating phases of ``--seconds``: requests per second,
   p50/p99 and server + Redis CPU per request.

Prints one JSON document.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.matches.run import load  # noqa: E402
from bench.proc_cpu import cpu_seconds, with_children  # noqa: E402
from service.store.redis_store import RedisOptions, RedisStore  # noqa: E402
from tests.matches.gunicorn_server import Gunicorn  # noqa: E402
from tests.redis_server import PROMPT_SYNC_ARGS, RedisServer, replica_args, wait_for_replicas  # noqa: E402


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def store_round(store: RedisStore, match_id: str, saves: int, pids: list[int]) -> dict[str, Any]:
    """``saves`` saves in a row; ``pids``: the master's and the replica's."""
    loaded = store.load(match_id)
    version, document = loaded.version, loaded.document
    took: list[float] = []
    master_before, replica_before = cpu_seconds(pids[:1]), cpu_seconds(pids[1:])
    client_before = time.process_time()
    for n in range(saves):
        started = time.perf_counter()
        version = store.save(match_id, version, document, [{"n": n, "pad": "x" * 100}])
        took.append(time.perf_counter() - started)
    client = time.process_time() - client_before
    return {
        "p50_us": round(statistics.median(took) * 1e6, 1),
        "p99_us": round(_percentile(took, 0.99) * 1e6, 1),
        "client_cpu_us": round(client / saves * 1e6, 1),
        "master_cpu_us": round((cpu_seconds(pids[:1]) - master_before) / saves * 1e6, 1),
        "replica_cpu_us": round((cpu_seconds(pids[1:]) - replica_before) / saves * 1e6, 1),
    }


def http_phase(server: Gunicorn, redis_pids: list[int], args: argparse.Namespace) -> dict[str, Any]:
    assert server.process is not None
    pids = with_children(server.process.pid)
    server_before, redis_before = cpu_seconds(pids), cpu_seconds(redis_pids)
    result: dict[str, Any] = load("service", server.port, "forty_fives", 3, args.seconds, args.clients, args.processes)
    n = max(1, result["requests"])
    result["server_cpu_us"] = round((cpu_seconds(pids) - server_before) / n * 1e6)
    result["redis_cpu_us"] = round((cpu_seconds(redis_pids) - redis_before) / n * 1e6)
    return result


def _medians(rounds: list[dict[str, Any]], keys: tuple[str, ...]) -> dict[str, float]:
    return {key: round(statistics.median(r[key] for r in rounds), 1) for key in keys}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--saves", type=int, default=2000, help="saves per store and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each HTTP phase")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per instance")
    args = parser.parse_args()
    report: dict[str, Any] = {"python": platform.python_version(), "cpus": os.cpu_count(), "saves": args.saves}
    with tempfile.TemporaryDirectory(prefix="bench-wait-") as tmp:
        master = RedisServer(Path(tmp) / "master", extra_args=["--appendfsync", "everysec", *PROMPT_SYNC_ARGS])
        replica = RedisServer(Path(tmp) / "replica",
                              extra_args=["--appendfsync", "everysec", *replica_args(master)])
        with master, replica:
            wait_for_replicas(master, 1)
            assert master.pid is not None and replica.pid is not None
            redis_pids = [master.pid, replica.pid]
            stores = {
                acks: RedisStore.from_url(master.url, options=RedisOptions(min_replicas_ack=acks)) for acks in (1, 0)
            }
            with contextlib.ExitStack() as stack:
                for acks, store in stores.items():
                    stack.callback(store.close)
                    store.create(f"wait-{acks}", {"state": "x" * 2000}, [])
                store_rounds: dict[int, list[dict[str, Any]]] = {1: [], 0: []}
                for number in range(args.rounds):
                    for acks in (1, 0) if number % 2 == 0 else (0, 1):
                        store_rounds[acks].append(store_round(stores[acks], f"wait-{acks}", args.saves, redis_pids))
                keys = ("p50_us", "p99_us", "client_cpu_us", "master_cpu_us", "replica_cpu_us")
                report["store_save"] = {f"wait_{acks}": _medians(store_rounds[acks], keys) for acks in (1, 0)}
                report["store_save"]["rounds"] = {f"wait_{acks}": store_rounds[acks] for acks in (1, 0)}

                servers = {
                    acks: stack.enter_context(Gunicorn(
                        "service.wsgi:app", workers=args.workers,
                        env={"REDIS_URL": master.url, "REDIS_MIN_REPLICAS_ACK": str(acks)},
                    ))
                    for acks in (1, 0)
                }
                http_rounds: dict[int, list[dict[str, Any]]] = {1: [], 0: []}
                for number in range(args.rounds):
                    for acks in (1, 0) if number % 2 == 0 else (0, 1):
                        http_rounds[acks].append(http_phase(servers[acks], redis_pids, args))
                keys = ("requests_per_second", "p50_ms", "p99_ms", "server_cpu_us", "redis_cpu_us")
                report["http_post_plays"] = {f"wait_{acks}": _medians(http_rounds[acks], keys) for acks in (1, 0)}
                report["http_post_plays"]["workers_per_instance"] = args.workers
                report["http_post_plays"]["clients"] = args.clients
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
