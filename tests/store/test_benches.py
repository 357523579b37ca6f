"""The store benchmarks run: bench/redis_memory.py fills Redis the way the service does and measures
what it filled; bench/store_latency.py times both stores; bench/wait_cost.py times saves that wait
for a replica and saves that do not."""

from __future__ import annotations

import contextlib
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from service.store.memory import MemoryStore
from service.store.redis_store import RedisOptions, RedisStore
from tests.redis_server import PROMPT_SYNC_ARGS, RedisServer, replica_args, wait_for_replicas

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench(name: str = "redis_memory") -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_synthetic_matches_are_the_documented_size(redis_store: RedisStore, redis_server: RedisServer) -> None:
    bench = load_bench()
    ids = bench.fill_synthetic(redis_store, matches=3, events=40, records=5, seed=1)
    assert len(ids) == 3
    for match_id in ids:
        assert redis_store.load(match_id).version == 40  # one create, then one save per later event
        assert len(redis_store.events(match_id)) == 40
    sizes = bench.payload_sizes(redis_server, ids)
    assert 1800 <= sizes["document_bytes"] <= 2300
    assert (sizes["events"], sizes["records"]) == (40, 5)
    assert 60 <= sizes["event_bytes_avg"] <= 200
    assert 800 <= sizes["record_bytes_avg"] <= 1300
    usage = bench.key_usage(redis_server, ids)
    # what MEMORY USAGE counts covers what is stored: the deflated document and the compacted log
    # in the doc hash (40 events: two compactions of 16 after the create's first event), the Stream's
    # entries
    assert sizes["document_stored_bytes"] < sizes["document_bytes"]
    assert usage["doc"] > sizes["document_stored_bytes"] + sizes["log_bytes"] and sizes["log_bytes"] > 0
    assert sizes["events_in_stream"] == 40 - 1 - 2 * 16
    assert usage["events"] > sizes["events_in_stream"] * sizes["event_bytes_avg"]
    assert usage["idempotency"] > 5 * sizes["record_bytes_avg"]


def test_real_matches_go_through_the_use_cases(redis_store: RedisStore, redis_server: RedisServer) -> None:
    bench = load_bench()
    ids = bench.fill_real(redis_store, "forty_fives", matches=2, actions=6, seed=3)
    assert len(ids) == 2
    for match_id in ids:
        assert redis_store.load(match_id).version > 1
        assert len(redis_store.events(match_id)) > 1
    assert bench.payload_sizes(redis_server, ids)["records"] >= 1


def test_latency_bench_times_both_stores(redis_store: RedisStore) -> None:
    bench = load_bench("store_latency")
    for store in (MemoryStore(), redis_store):
        timings = bench.mean_us(store, 20)
        assert timings["load_us"] > 0 and timings["save_us"] > 0
        assert store.load("lat").version == 21
    assert bench.failing_ms(lambda: False) >= 0


def test_wait_cost_bench_times_saves_with_and_without_a_replica_acknowledging(
    redis_server_factory: Callable[..., RedisServer],
) -> None:
    bench = load_bench("wait_cost")
    master = redis_server_factory(extra_args=PROMPT_SYNC_ARGS)
    replica = redis_server_factory(extra_args=replica_args(master))
    wait_for_replicas(master, 1)
    assert master.pid is not None and replica.pid is not None
    for acks in (1, 0):
        # the acknowledgement waited for as long as a loaded machine may need (the default 0.1 s ran
        # out once on a CI run): this test is of the bench, not of the wait's bound
        store = RedisStore.from_url(master.url, options=RedisOptions(min_replicas_ack=acks, wait_timeout=5.0))
        with contextlib.closing(store):
            store.create(f"w{acks}", {"state": "x"}, [])
            timings = bench.store_round(store, f"w{acks}", 20, [master.pid, replica.pid])
            assert timings["p50_us"] > 0 and timings["client_cpu_us"] > 0
            assert store.load(f"w{acks}").version == 21


def test_the_compaction_bench_measures_saves_at_each_length() -> None:
    """bench/compaction.py saves events one by one on its own Redis and reports, at each length, the
    worker's CPU a saved event (compactions included) and the log's size, held or loaded."""
    bench = load_bench("compaction")
    events = [{"seq": n, "kind": "action", "action": {"type": "play", "card": f"{n % 13}H"}} for n in range(140)]
    report = bench.measure(events, [20, 80], 48)
    assert list(report) == ["20", "80"]
    assert all(figures["cpu_us_per_saved_event"] > 0 for figures in report.values())
    assert 0 < report["20"]["log_bytes"] < report["80"]["log_bytes"]
    # saves as after a load (every compaction reads the log back) write the very same log
    loaded = bench.measure(events, [20, 80], 48, loaded=True)
    assert [f["log_bytes"] for f in loaded.values()] == [f["log_bytes"] for f in report.values()]
