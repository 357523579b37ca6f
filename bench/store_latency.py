"""Store call latency, and how fast calls fail while Redis is stopped or hung, on a private server.

    .venv/bin/python bench/store_latency.py [--calls 500] [--appendfsync always|everysec|no-aof]

Prints JSON: mean microseconds of ``load`` and ``save`` (~2 KB document, one event) on the Redis
store (AOF with ``appendfsync always`` unless told otherwise; its fsync cost is the disk's) and
the memory store; then, on the same Redis store object,
milliseconds until ``load``/``save`` raise StoreUnavailable and ``ping`` answers False with Redis
stopped and with Redis hung (SIGSTOP), and whether the store works again after a restart.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.redis_server when run as a script

from service.store.base import MatchNotFound, Store, StoreUnavailable
from service.store.memory import MemoryStore
from service.store.redis_store import RedisStore
from tests.redis_server import RedisServer

PAD = "x" * 1900


def mean_us(store: Store, calls: int) -> dict[str, float]:
    store.create("lat", {"n": 0, "pad": PAD}, [])
    version = 1
    started = time.perf_counter()
    for i in range(calls):
        version = store.save("lat", version, {"n": i, "pad": PAD}, [{"type": "play", "seat": i % 4, "card": "10H"}])
    save = (time.perf_counter() - started) / calls
    started = time.perf_counter()
    for _ in range(calls):
        store.load("lat")
    load = (time.perf_counter() - started) / calls
    return {"load_us": round(load * 1e6, 1), "save_us": round(save * 1e6, 1)}


def failing_ms(call: Callable[[], Any]) -> float:
    started = time.perf_counter()
    try:
        result = call()
    except StoreUnavailable:
        result = "StoreUnavailable"
    elapsed = round((time.perf_counter() - started) * 1000, 1)
    if result not in ("StoreUnavailable", False):
        raise AssertionError(f"expected a failure, got {result!r}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--appendfsync", choices=["always", "everysec", "no-aof"], default="always")
    args = parser.parse_args()
    out: dict[str, Any] = {"appendfsync": args.appendfsync, "memory": mean_us(MemoryStore(), args.calls)}
    aof = args.appendfsync != "no-aof"
    extra = ["--appendfsync", args.appendfsync] if aof else []
    with tempfile.TemporaryDirectory() as tmp, RedisServer(Path(tmp), appendonly=aof, extra_args=extra) as server:
        store = RedisStore.from_url(server.url)
        out["redis"] = mean_us(store, args.calls)
        version = store.load("lat").version
        calls = {
            "load": lambda: store.load("lat"),
            "save": lambda: store.save("lat", version, {}, []),
            "ping": store.ping,
        }
        server.stop()
        out["stopped_ms"] = {name: failing_ms(call) for name, call in calls.items()}
        server.start()
        try:
            intact = store.load("lat").version == version
        except MatchNotFound:
            intact = False  # no AOF: a restarted Redis starts empty
        out["after_restart"] = {"data_intact": intact, "ping": store.ping()}
        server.pause()
        try:
            out["hung_ms"] = {name: failing_ms(call) for name, call in calls.items()}
        finally:
            server.resume()
        out["after_resume"] = {"ping": store.ping()}
        store.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
