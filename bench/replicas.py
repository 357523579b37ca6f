"""Throughput and CPU per request with 1, 2 and 4 instances of the service on one Redis
(bench/README.md, Replicas), and what one action costs Redis (docs/scaling.md).

    .venv/bin/python bench/replicas.py [--layouts 1x4,2x2,4x1,1x2,4x2] [--rounds 3] [--seconds 3]
                                       [--clients 8] [--processes 2] [--ruleset forty_fives] [--cluster]

A layout ``NxW`` is N gunicorn instances (separate processes on their own ports, ``gunicorn.conf.py``)
of W sync workers each, all on one private redis-server (AOF, ``appendfsync everysec``). Every
layout is started at once and they are measured in turn, in a rotating order each round, so that
load from anything else on the machine weighs on them alike.

Closed-loop clients (``--clients`` threads over ``--processes`` processes) each post plays to their
own table-mode match with the referee token (every answer lists the next legal plays, as
``bench/matches/run.py`` posts), each request to the next instance of the layout (no sticky
sessions: a match's consecutive actions go through different instances). With ``--cluster`` the
instances share a 3-master Redis Cluster (``REDIS_CLUSTER_NODES``) instead, and the Redis figures
add up its nodes. Per phase: requests per
second, p50/p99 latency, CPU per request (all instances' masters and workers, Redis, the load
generator, from ``/proc``), and per request what Redis saw: commands run (``INFO commandstats``:
those the service sends and those its scripts run, which Redis counts alike) and bytes received
and sent (``INFO stats``). Medians over rounds. Prints one JSON document.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import platform
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.matches.run import LONG  # noqa: E402
from bench.proc_cpu import cpu_seconds, with_children  # noqa: E402
from tests.api.match_driver import WireHttp  # noqa: E402
from tests.matches.gunicorn_server import Gunicorn  # noqa: E402
from tests.redis_server import LocalRedisCluster, RedisServer  # noqa: E402


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _new_match(http: WireHttp, ruleset: str, players: int) -> tuple[str, str, list[dict[str, Any]]]:
    body = {"ruleset": ruleset, "mode": "table", "players": [f"P{i}" for i in range(players)],
            "options": LONG.get(ruleset, {})}
    answer = http.post("/v1/matches", body)
    assert answer.status == 201, answer.body
    return answer.body["id"], answer.body["referee_token"], answer.body["view"]["legal_actions"]


def _client(ports: list[int], ruleset: str, players: int, deadline: float, out: list[float], n: int) -> None:
    conns = [WireHttp("127.0.0.1", port) for port in ports]
    turn = n
    match_id, referee, legal = _new_match(conns[turn % len(conns)], ruleset, players)
    while time.perf_counter() < deadline:
        turn += 1
        http = conns[turn % len(conns)]
        if not legal:
            match_id, referee, legal = _new_match(http, ruleset, players)
            continue
        started = time.perf_counter()
        answer = http.post(f"/v1/matches/{match_id}/actions", legal[0], referee)
        out.append(time.perf_counter() - started)
        assert answer.status == 200, answer.body
        legal = answer.body["legal_actions"]
    for conn in conns:
        conn.close()


def _process(ports: list[int], ruleset: str, players: int, seconds: float, threads: int, base: int,
             queue: Any) -> None:
    deadline = time.perf_counter() + seconds
    results: list[list[float]] = [[] for _ in range(threads)]
    workers = [threading.Thread(target=_client, args=(ports, ruleset, players, deadline, results[i], base + i))
               for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    queue.put([x for r in results for x in r])


def _redis_counters(redis: list[RedisServer]) -> tuple[dict[str, int], int, int]:
    calls: dict[str, int] = {}
    received = sent = 0
    for server in redis:
        with contextlib.closing(server.client()) as client:
            for k, v in client.info("commandstats").items():
                calls[k.removeprefix("cmdstat_")] = calls.get(k.removeprefix("cmdstat_"), 0) + int(v["calls"])
            stats = client.info("stats")
        received += int(stats["total_net_input_bytes"])
        sent += int(stats["total_net_output_bytes"])
    return calls, received, sent


def phase(servers: list[Gunicorn], redis: list[RedisServer], args: argparse.Namespace) -> dict[str, Any]:
    """One measured phase of closed-loop posts spread over ``servers``."""
    redis_pids = [server.pid for server in redis if server.pid is not None]
    pids = [pid for s in servers if s.process is not None for pid in with_children(s.process.pid)]
    ports = [s.port for s in servers]
    calls_before, in_before, out_before = _redis_counters(redis)
    server_before, redis_before = cpu_seconds(pids), cpu_seconds(redis_pids)
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    per = [args.clients // args.processes + (1 if i < args.clients % args.processes else 0)
           for i in range(args.processes)]
    procs = [ctx.Process(target=_process, args=(ports, args.ruleset, args.players, args.seconds, per[i],
                                                 sum(per[:i]), queue)) for i in range(args.processes)]
    for p in procs:
        p.start()
    latencies: list[float] = []
    for _ in procs:
        latencies.extend(queue.get(timeout=args.seconds + 120))
    for p in procs:
        p.join()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    calls_after, in_after, out_after = _redis_counters(redis)
    n = max(1, len(latencies))
    client = children.ru_utime + children.ru_stime - children_before.ru_utime - children_before.ru_stime
    cpu = {
        "server": round((cpu_seconds(pids) - server_before) / n * 1e6),
        "redis": round((cpu_seconds(redis_pids) - redis_before) / n * 1e6),
        "load_generator": round(client / n * 1e6),
    }
    cpu["total"] = sum(cpu.values())
    delta = {k: calls_after.get(k, 0) - calls_before.get(k, 0) for k in calls_after}
    for own in ("info", "cluster|info", "cluster|slots", "command"):  # this script's, and the clients' set-up
        delta.pop(own, None)
    return {
        "requests": len(latencies),
        "requests_per_second": round(len(latencies) / args.seconds, 1),
        "p50_ms": round(_percentile(latencies, 0.50) * 1000, 2),
        "p99_ms": round(_percentile(latencies, 0.99) * 1000, 2),
        "cpu_us_per_request": cpu,
        "redis_per_request": {
            "commands": round(sum(delta.values()) / n, 3),
            "by_command": {k: round(v / n, 3) for k, v in sorted(delta.items()) if v},
            "bytes_in": round((in_after - in_before) / n),
            "bytes_out": round((out_after - out_before) / n),
        },
    }


def _median(results: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "requests_per_second": round(statistics.median(r["requests_per_second"] for r in results), 1),
        "p50_ms": round(statistics.median(r["p50_ms"] for r in results), 2),
        "p99_ms": round(statistics.median(r["p99_ms"] for r in results), 2),
        "cpu_us_per_request": {
            part: round(statistics.median(r["cpu_us_per_request"][part] for r in results))
            for part in ("server", "redis", "load_generator", "total")
        },
        "redis_per_request": results[len(results) // 2]["redis_per_request"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--layouts", default="1x4,2x2,4x1,1x2,4x2", help="instances x workers, comma-separated")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--processes", type=int, default=2, help="load-generator processes")
    parser.add_argument("--ruleset", default="forty_fives")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--cluster", action="store_true", help="a 3-master Redis Cluster instead of one Redis")
    args = parser.parse_args()
    if args.players is None:
        from service.rules.registry import RULESETS

        args.players = RULESETS[args.ruleset].default_players
    layouts = [tuple(int(x) for x in item.split("x")) for item in args.layouts.split(",")]
    report: dict[str, Any] = {
        "python": platform.python_version(), "cpus": os.cpu_count(), "ruleset": args.ruleset,
        "clients": args.clients, "seconds": args.seconds, "rounds": args.rounds,
        "redis": "3-master cluster" if args.cluster else "one redis-server",
    }
    with tempfile.TemporaryDirectory(prefix="bench-replicas-") as tmp, contextlib.ExitStack() as stack:
        redis: list[RedisServer]
        if args.cluster:
            cluster = stack.enter_context(LocalRedisCluster(Path(tmp)))
            for node in cluster.nodes:
                with contextlib.closing(node.client()) as client:
                    client.config_set("appendfsync", "everysec")
            redis, env = list(cluster.nodes), {"REDIS_CLUSTER_NODES": cluster.setting}
        else:
            single = stack.enter_context(RedisServer(Path(tmp), extra_args=["--appendfsync", "everysec"]))
            redis, env = [single], {"REDIS_URL": single.url}
        started = {
            layout: [stack.enter_context(Gunicorn("service.wsgi:app", workers=layout[1], env=env))
                     for _ in range(layout[0])]
            for layout in layouts
        }
        results: dict[tuple[int, ...], list[dict[str, Any]]] = {layout: [] for layout in layouts}
        for number in range(args.rounds):
            order = layouts[number % len(layouts):] + layouts[:number % len(layouts)]
            for layout in order:
                results[layout].append(phase(started[layout], redis, args))
        report["layouts"] = {
            f"{n} instance{'s' if n > 1 else ''} x {w} worker{'s' if w > 1 else ''}": {
                **_median(results[(n, w)]), "rounds": [r["requests_per_second"] for r in results[(n, w)]],
            }
            for n, w in layouts
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
