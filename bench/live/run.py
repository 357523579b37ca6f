"""Live streams and slow clients under each gunicorn worker class, in one run (bench/README.md, Live).

    .venv/bin/python bench/live/run.py [--designs gevent,gthread,sync] [--streams 1000] [--seconds 10]

For each design the service (``service.wsgi:app``, ``gunicorn.conf.py``, ``WEB_CONCURRENCY`` 5 =
its default with Redis on 2 cores) runs on a private redis-server (AOF, ``appendfsync everysec``);
``WORKER_CLASS`` picks the design (gthread: ``WORKER_THREADS`` enough for every stream). Then:

1. **none**: ``--posters`` closed-loop clients post plays (table-mode Forty-Fives, the referee
   token, the first legal action of the last answer) for ``--seconds``: requests per second.
2. **held**: ``--streams`` streams opened (``--per-match`` per match, the referee's and the seats'
   tokens): how many got their first view within 20 s; the server's memory (RSS of the master and
   workers) before and after, per stream.
3. **idle**: the posters again, to other matches, with every stream open: the share of (1).
4. **watched**: the posters post to the followed matches: throughput share of (1), and from each
   accepted POST (its answer) to the event at each watching stream, p50/p99/max (and from the
   POST's sending); events missing at the end are counted.
5. **slow**: the streams closed; ``--slow`` connections send a header a byte every 0.5 s while a
   probe asks ``/healthz`` (a new connection each, every 50 ms): p50/p99/max of the probes.

Designs whose workers cannot hold the streams (sync) skip (3) and (4). Prints one JSON document.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.live.clients import hold_streams, new_table_match, post, slow_clients  # noqa: E402
from bench.proc_cpu import cpu_seconds, with_children  # noqa: E402
from tests.api.match_driver import WireHttp  # noqa: E402
from tests.matches.gunicorn_server import Gunicorn  # noqa: E402
from tests.redis_server import RedisServer  # noqa: E402

CTX = multiprocessing.get_context("fork")


def rss_bytes(master: int) -> int:
    total = 0
    for pid in with_children(master):
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def posting(port: int, matches: list[Any], threads: int, seconds: float) -> list[Any]:
    """``threads`` posters over two processes for ``seconds``: every accepted post."""
    out = CTX.Queue()
    halves = [matches[0::2], matches[1::2]]
    procs = [CTX.Process(target=post, args=(port, half, max(1, threads // 2), seconds, out)) for half in halves]
    for p in procs:
        p.start()
    results = [x for _ in procs for x in out.get(timeout=seconds + 120)]
    for p in procs:
        p.join()
    return results


def rate(posts: list[Any], seconds: float) -> float:
    return round(len(posts) / seconds, 1)


def measured_posting(
    master: int, port: int, matches: list[Any], threads: int, seconds: float
) -> tuple[list[Any], float, int]:
    """``posting``, with the server's CPU (master and workers) per accepted post, in microseconds."""
    pids = with_children(master)
    before = cpu_seconds(pids)
    posts = posting(port, matches, threads, seconds)
    return posts, rate(posts, seconds), round((cpu_seconds(pids) - before) / max(1, len(posts)) * 1e6)


def probe_latencies(port: int, seconds: float) -> list[float]:
    out: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            conn.getresponse().read()
            conn.close()
            out.append(time.monotonic() - started)
        except OSError:
            out.append(2.0)  # no answer within 2 s: counted as 2 s
        time.sleep(max(0.0, 0.05 - (time.monotonic() - started)))
    return out


def ms(value: float) -> float:
    return round(value * 1000, 1)


def run_design(design: str, redis: RedisServer, args: argparse.Namespace) -> dict[str, Any]:
    env = {"REDIS_URL": redis.url, "WORKER_CLASS": design}
    if design == "gthread":
        env["WORKER_THREADS"] = str(2 * args.streams // args.workers)  # the kernel spreads streams unevenly
    redis.flush()
    result: dict[str, Any] = {"design": design, "workers": args.workers}
    with Gunicorn(workers=args.workers, env=env) as server:
        assert server.process is not None
        master = server.process.pid
        http = WireHttp("127.0.0.1", server.port, timeout=30)
        posted = [new_table_match(http) for _ in range(args.posters * 4)]
        followed = [new_table_match(http) for _ in range(args.streams // args.per_match)]
        tokens = {m[0]: [m[1], *m[3]] for m in followed}  # the referee's and the seats': every device
        http.close()
        _, result["none_rps"], result["none_cpu_us_per_post"] = measured_posting(
            master, server.port, posted, args.posters, args.seconds
        )

        before = rss_bytes(master)
        streams = [(m[0], tokens[m[0]][i % len(tokens[m[0]])]) for m in followed for i in range(args.per_match)]
        stop, out = CTX.Event(), CTX.Queue()
        holder = CTX.Process(target=hold_streams, args=(server.port, streams, 20.0, stop, out))
        opened_at = time.monotonic()
        holder.start()
        _, held = out.get(timeout=120)
        result["held"] = held
        result["held_within_s"] = round(time.monotonic() - opened_at, 1)
        time.sleep(1.0)
        after = rss_bytes(master)
        result["rss_mib_before"] = round(before / 2**20, 1)
        result["rss_mib_with_streams"] = round(after / 2**20, 1)
        result["rss_kib_per_stream"] = round((after - before) / max(1, held) / 1024, 1)
        if held == len(streams):
            _, result["idle_rps"], result["idle_cpu_us_per_post"] = measured_posting(
                master, server.port, posted, args.posters, args.seconds
            )
            result["idle_share"] = round(result["idle_rps"] / result["none_rps"], 3)
            watched, result["watched_rps"], result["watched_cpu_us_per_post"] = measured_posting(
                master, server.port, followed, args.posters, args.seconds
            )
            result["watched_share"] = round(result["watched_rps"] / result["none_rps"], 3)
            time.sleep(2.0)  # the last events arrive
        stop.set()
        _, events = out.get(timeout=120)
        holder.join(30)
        if held == len(streams):
            result.update(delivery(watched, events, streams))

        stop, out = CTX.Event(), CTX.Queue()
        slow = CTX.Process(target=slow_clients, args=(server.port, args.slow, 0.5, stop, out))
        slow.start()
        out.get(timeout=60)
        time.sleep(2.0)  # every slow connection is open and trickling
        probes = probe_latencies(server.port, args.seconds)
        stop.set()
        slow.join(30)
        result["slow_clients"] = args.slow
        result["probe_p50_ms"] = ms(percentile(probes, 0.5))
        result["probe_p99_ms"] = ms(percentile(probes, 0.99))
        result["probe_max_ms"] = ms(max(probes))
        result["probes"] = len(probes)
        log = server.log_path.read_text(errors="replace").splitlines()
        warnings = [line for line in log if "WARNING" in line or "ERROR" in line or "Traceback" in line]
        result["server_log_warnings"] = len(warnings)
        result["server_log_first"] = warnings[:3]
    return result


def delivery(posts: list[Any], events: list[tuple[int, int, float]], streams: list[tuple[str, str]]) -> dict[str, Any]:
    """From each accepted post (answered, and sent) to its event at every stream of its match."""
    answered = {(m, v): (sent, done) for m, v, sent, done in posts}
    watchers: dict[str, int] = {}
    for match_id, _ in streams:
        watchers[match_id] = watchers.get(match_id, 0) + 1
    from_answer: list[float] = []
    from_send: list[float] = []
    first: dict[tuple[int, int], float] = {}
    for index, version, arrived in events:  # an action and the round it ended share a version: the first
        first.setdefault((index, version), arrived)
    for (index, version), arrived in first.items():
        key = (streams[index][0], version)
        if key in answered:
            sent, done = answered[key]
            from_answer.append(max(0.0, arrived - done))
            from_send.append(arrived - sent)
    expected = sum(watchers[m] for m, _ in answered)
    return {
        "events_expected": expected,
        "events_received": len(from_answer),
        "post_to_event_p50_ms": ms(percentile(from_answer, 0.5)),
        "post_to_event_p99_ms": ms(percentile(from_answer, 0.99)),
        "post_to_event_max_ms": ms(max(from_answer)) if from_answer else None,
        "send_to_event_p99_ms": ms(percentile(from_send, 0.99)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--designs", default="gevent,gthread,sync")
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--per-match", type=int, default=4)
    parser.add_argument("--posters", type=int, default=8)
    parser.add_argument("--workers", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--slow", type=int, default=50)
    args = parser.parse_args()
    started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    with open("/proc/loadavg") as f:
        load_before = f.read().split()[:3]
    with tempfile.TemporaryDirectory(prefix="bench-live-") as tmp, RedisServer(
        Path(tmp), extra_args=["--appendfsync", "everysec"]
    ) as redis:
        results = [run_design(design, redis, args) for design in args.designs.split(",")]
    with open("/proc/loadavg") as f:
        load_after = f.read().split()[:3]
    print(json.dumps({
        "started": started, "python": platform.python_version(), "load_before": load_before,
        "load_after": load_after, "args": vars(args), "results": results,
    }, indent=1))


if __name__ == "__main__":
    main()
