"""Match endpoints under gunicorn on a private Redis, measured in one run (bench/README.md, Matches).

    .venv/bin/python bench/matches/run.py [--seconds 3] [--rounds 5] [--clients 8] [--ruleset forty_fives]
                                          [--baseline DIR] [--limits]

1. **Throughput**: closed-loop clients (``--clients`` threads over ``--processes`` processes, one
   keep-alive connection each) against (a) a bare Flask endpoint doing one Redis GET and SET and
   (b) ``POST /v1/matches/{id}/actions`` posting plays, each client to its own table-mode match
   with the referee token (every answer lists the next legal plays, so no read is needed between
   posts). Same gunicorn settings (``gunicorn.conf.py``, ``WEB_CONCURRENCY``) and the same Redis
   for both; the two are measured in alternating phases (``--rounds``) so that load from anything
   else on the machine hits both alike. Requests per second and p50/p99 latency, median of rounds;
   the share is the median of the rounds' shares (each round's posts against its bare phase).
   Each phase also reports the CPU one request cost (``/proc``: the gunicorn master and workers,
   Redis, and the load generator), which explains the share and is steadier than it.
   With ``--baseline DIR`` another copy of the service (an earlier commit, say) is posted to in the
   same rounds, in alternating order with this one: its share, and this tree's server CPU per
   request against the baseline's (median of the rounds' ratios), the figure for "did a change
   make posting cheaper" on a machine whose speed moves between runs.
   With ``--limits`` the service (and the baseline) run with the rate limiter on, as deployed: the
   default strategy and storage (the store's Redis), every limit of the defaults kept in its shape
   (the same windows) but raised far above the load (``raised_limits``), so that every post is
   counted and none refused; the bare endpoint stays bare (``--baseline-off``: the baseline with
   the limiter off, so that ``--baseline .`` measures what the limiter costs). Each phase also reports the Redis
   commands a request cost, as Redis counts them (``INFO commandstats``, those its scripts run
   included; the phase's few match creations included).
2. **History**: one client takes ``--history-matches`` matches to 1,000 actions each, then posts
   to them and to as many fresh matches in alternation: the median latency of actions 1-25
   against that of actions 1,001-1,025.
3. **Memory**: Redis ``MEMORY USAGE`` of every key of a match, fresh and after 1,025 actions, and
   ``used_memory`` growth per match over ``--memory-matches`` fresh matches.

Everything runs on 127.0.0.1; the loops are bounded by time or count. Prints one JSON document.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import platform
import re
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.proc_cpu import cpu_seconds, with_children  # noqa: E402
from tests.api.match_driver import WireHttp  # noqa: E402
from tests.matches.gunicorn_server import Gunicorn  # noqa: E402
from tests.redis_server import RedisServer  # noqa: E402

SERVICE_APP = "service.wsgi:app"
#: seconds a gunicorn may take to answer its first /healthz
START_TIMEOUT = 180.0
BARE_APP = "bench.matches.bare_app:app"
#: options that keep a match going past the history phase's 1,025 actions
LONG: dict[str, dict[str, Any]] = {
    "forty_fives": {"target_score": 100_000},
    "auction_forty_fives": {"target_score": 100_000},
    "avinas": {"pips_to_end": 100_000},
}


def raised_limits(factor: int = 100_000) -> dict[str, str]:
    """The ``RATELIMIT_*`` settings of the default limits, each amount ``factor`` times higher: the
    same windows counted on every request, none of them ever reached by the bench's load."""
    from limits import parse_many

    from service.api.config import DEFAULT_LIMITS

    return {
        f"RATELIMIT_{kind.upper()}": ";".join(
            f"{item.amount * factor}/{item.multiples} {item.GRANULARITY.name}" for item in parse_many(value))
        for kind, value in DEFAULT_LIMITS.items()
    }


def deployed_logs() -> dict[str, str]:
    """``LOG_LEVEL`` and ``LOG_FORMAT`` as the manifests deploy the service (``k8s/configmap.yaml``):
    a request line a request, the benches' servers otherwise log warnings only."""
    text = (Path(__file__).resolve().parents[2] / "k8s" / "configmap.yaml").read_text(encoding="utf-8")
    found = dict(re.findall(r'^\s+(LOG_LEVEL|LOG_FORMAT): "([a-z]+)"$', text, re.MULTILINE))
    if set(found) != {"LOG_LEVEL", "LOG_FORMAT"}:
        raise RuntimeError("k8s/configmap.yaml names no LOG_LEVEL or LOG_FORMAT")
    return found


def _redis_calls(redis: RedisServer) -> int:
    """Every command Redis has run (``INFO commandstats``, those scripts ran included), ``INFO`` left out."""
    with contextlib.closing(redis.client()) as client:
        stats = client.info("commandstats")
    return sum(int(v["calls"]) for name, v in stats.items() if name != "cmdstat_info")


def _pid(server: Gunicorn) -> int:
    assert server.process is not None
    return server.process.pid


def measured(run: Any, server_pid: int, redis_server: RedisServer) -> dict[str, Any]:
    """``run()``'s result with the CPU each request cost: the server (gunicorn master and workers),
    Redis and the load generator (this process's children), in microseconds per request; and the
    Redis commands per request."""
    redis_pid = redis_server.pid
    assert redis_pid is not None
    pids = with_children(server_pid)
    calls = _redis_calls(redis_server)
    server, redis = cpu_seconds(pids), cpu_seconds([redis_pid])
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = run()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    n = max(1, result["requests"])
    result["redis_commands_per_request"] = round((_redis_calls(redis_server) - calls) / n, 2)
    client = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    result["cpu_us_per_request"] = {
        "server": round((cpu_seconds(pids) - server) / n * 1e6),
        "redis": round((cpu_seconds([redis_pid]) - redis) / n * 1e6),
        "load_generator": round(client / n * 1e6),
    }
    result["cpu_us_per_request"]["total"] = sum(result["cpu_us_per_request"].values())
    return result


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _new_match(http: WireHttp, ruleset: str, players: int) -> tuple[str, str, list[dict[str, Any]]]:
    body = {"ruleset": ruleset, "mode": "table", "players": [f"P{i}" for i in range(players)],
            "options": LONG.get(ruleset, {})}
    answer = http.post("/v1/matches", body)
    assert answer.status == 201, answer.body
    return answer.body["id"], answer.body["referee_token"], answer.body["view"]["legal_actions"]


def _client_loop(kind: str, port: int, ruleset: str, players: int, deadline: float, out: list[float], n: int) -> None:
    http = WireHttp("127.0.0.1", port)
    if kind == "bare":
        payload = {"type": "play", "seat": 0, "card": "10H"}
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            answer = http.post(f"/bare/k{n}", payload)
            out.append(time.perf_counter() - started)
            assert answer.status == 200
    else:
        match_id, referee, legal = _new_match(http, ruleset, players)
        while time.perf_counter() < deadline:
            if not legal:
                match_id, referee, legal = _new_match(http, ruleset, players)
                continue
            started = time.perf_counter()
            answer = http.post(f"/v1/matches/{match_id}/actions", legal[0], referee)
            out.append(time.perf_counter() - started)
            assert answer.status == 200, answer.body
            legal = answer.body["legal_actions"]
    http.close()


def _process(kind: str, port: int, ruleset: str, players: int, seconds: float, threads: int, base: int,
             queue: Any) -> None:
    start_at = time.perf_counter()
    deadline = start_at + seconds
    results: list[list[float]] = [[] for _ in range(threads)]
    workers = [
        threading.Thread(target=_client_loop, args=(kind, port, ruleset, players, deadline, results[i], base + i))
        for i in range(threads)
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    queue.put([x for r in results for x in r])


def load(kind: str, port: int, ruleset: str, players: int, seconds: float, clients: int, processes: int) -> dict:
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    per = [clients // processes + (1 if i < clients % processes else 0) for i in range(processes)]
    procs = [
        ctx.Process(target=_process, args=(kind, port, ruleset, players, seconds, per[i], sum(per[:i]), queue))
        for i in range(processes)
    ]
    started = time.perf_counter()
    for p in procs:
        p.start()
    latencies: list[float] = []
    for _ in procs:
        latencies.extend(queue.get(timeout=seconds + 120))
    for p in procs:
        p.join()
    elapsed = time.perf_counter() - started
    return {
        "requests": len(latencies),
        "seconds": round(elapsed, 2),
        "requests_per_second": round(len(latencies) / seconds, 1),
        "p50_ms": round(_percentile(latencies, 0.50) * 1000, 2),
        "p99_ms": round(_percentile(latencies, 0.99) * 1000, 2),
    }


def _median_round(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The medians over rounds of requests per second and of the latency percentiles."""
    return {
        "requests_per_second": round(statistics.median(r["requests_per_second"] for r in results), 1),
        "p50_ms": round(statistics.median(r["p50_ms"] for r in results), 2),
        "p99_ms": round(statistics.median(r["p99_ms"] for r in results), 2),
        "cpu_us_per_request": {
            part: round(statistics.median(r["cpu_us_per_request"][part] for r in results))
            for part in ("server", "redis", "load_generator", "total")
        },
        "redis_commands_per_request": round(statistics.median(r["redis_commands_per_request"] for r in results), 2),
    }


def history(port: int, ruleset: str, players: int, matches: int, later: int = 1000, window: int = 25) -> dict:
    """Latency of actions 1-``window`` of fresh matches against actions ``later``+1.. of matches
    already ``later`` actions in, posted in alternation (fresh, long, fresh, long ...) so that
    anything else running on the machine weighs on both alike."""
    http = WireHttp("127.0.0.1", port)

    def post(match: list[Any]) -> float:
        match_id, referee, legal = match
        assert legal, "the match ended; use a longer match"
        started = time.perf_counter()
        answer = http.post(f"/v1/matches/{match_id}/actions", legal[0], referee)
        took = time.perf_counter() - started
        assert answer.status == 200, answer.body
        match[2] = answer.body["legal_actions"]
        return took

    long_matches = [list(_new_match(http, ruleset, players)) for _ in range(matches)]
    for match in long_matches:
        for _ in range(later):
            post(match)
    first: list[float] = []
    late: list[float] = []
    for match in long_matches:
        fresh = list(_new_match(http, ruleset, players))
        for _ in range(window):
            first.append(post(fresh))
            late.append(post(match))
    http.close()
    a, b = statistics.median(first), statistics.median(late)
    return {
        "matches": matches,
        "first_actions_median_ms": round(a * 1000, 3),
        "after_1000_actions_median_ms": round(b * 1000, 3),
        "ratio": round(b / a, 3),
        "match_ids": [m[0] for m in long_matches],
    }


def memory(port: int, redis: RedisServer, ruleset: str, players: int, matches: int, long_ids: list[str]) -> dict:
    client = redis.client()

    def usage(match_id: str) -> int:
        keys = client.keys(f"{{match:{match_id}}}*")
        return sum(int(client.memory_usage(k) or 0) for k in keys)

    http = WireHttp("127.0.0.1", port)
    client.execute_command("MEMORY", "PURGE")
    before = int(client.info("memory")["used_memory"])
    fresh = [_new_match(http, ruleset, players)[0] for _ in range(matches)]
    after = int(client.info("memory")["used_memory"])
    http.close()
    out = {
        "fresh_match_keys_bytes": int(statistics.median(usage(m) for m in fresh)),
        "used_memory_per_fresh_match_bytes": round((after - before) / matches),
        "fresh_matches": matches,
    }
    if long_ids:
        out["match_after_1025_actions_keys_bytes"] = int(statistics.median(usage(m) for m in long_ids))
    client.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each measured phase")
    parser.add_argument("--rounds", type=int, default=5, help="bare/service phases, alternating")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--processes", type=int, default=2, help="load-generator processes")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1) + 1,
                        help="gunicorn workers (WEB_CONCURRENCY) for both apps; default: gunicorn.conf.py's with Redis")
    parser.add_argument("--ruleset", default="forty_fives", help="a registered ruleset (default forty_fives)")
    parser.add_argument("--players", type=int, default=None, help="default: the ruleset's default player count")
    parser.add_argument("--history-matches", type=int, default=4)
    parser.add_argument("--memory-matches", type=int, default=200)
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another tree (DIR/service and DIR/gunicorn.conf.py, e.g. from `git archive <rev> "
                             "service gunicorn.conf.py | tar -x -C DIR`), posted to in the same rounds; run by "
                             "DIR/.venv/bin/python when there is one")
    parser.add_argument("--limits", action="store_true",
                        help="the rate limiter on for the service and the baseline, its limits raised above the load")
    parser.add_argument("--logs", action="store_true",
                        help="the service and the baseline log as deployed (deployed_logs: a request line a request, "
                             "into the server's log file), where the bench's servers log warnings only")
    parser.add_argument("--baseline-off", action="store_true",
                        help="with --limits, the baseline with the limiter off (--baseline . : what the limiter costs)")
    args = parser.parse_args()
    if args.players is None:
        from service.rules.registry import RULESETS

        args.players = RULESETS[args.ruleset].default_players
    report: dict[str, Any] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "ruleset": args.ruleset,
        "players": args.players,
        "gunicorn_workers": args.workers,
        "clients": args.clients,
        "rate_limiter": "on, limits raised above the load" if args.limits else "off",
        "baseline_rate_limiter": "off" if args.baseline_off or not args.limits else "on",
        "service_logs": deployed_logs() if args.logs else {"LOG_LEVEL": "warning"},
    }
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp:
        redis = RedisServer(Path(tmp), extra_args=["--appendfsync", "everysec"])
        redis.start()
        try:
            env = {"REDIS_URL": redis.url}
            service_env = {**env, "RATELIMIT_ENABLED": "true", **raised_limits()} if args.limits else env
            if args.logs:
                service_env = {**service_env, **deployed_logs()}
            with contextlib.ExitStack() as servers:
                def started(server: Gunicorn) -> Gunicorn:
                    """Started, with up to START_TIMEOUT s for five workers to import the app on a
                    loaded machine; stopped with the stack (``push``: its ``__exit__`` only)."""
                    servers.push(server.start(START_TIMEOUT))
                    return server

                bare = started(Gunicorn(BARE_APP, workers=args.workers, env=env))
                service = started(Gunicorn(SERVICE_APP, workers=args.workers, env=service_env))
                phases = [("post_plays", service)]
                if args.baseline is not None:
                    tree = args.baseline.resolve()
                    own = tree / ".venv" / "bin" / "python"  # its own packages (the limiter's were others)
                    baseline = Gunicorn(SERVICE_APP, workers=args.workers, root=tree,
                                        env=({**env, **deployed_logs()} if args.logs else env) if args.baseline_off
                                        else service_env,
                                        python=str(own) if own.exists() else sys.executable)
                    phases.append(("baseline_post_plays", started(baseline)))
                rounds: list[dict[str, Any]] = []
                for number in range(args.rounds):  # alternate, so background load hits both alike
                    one: dict[str, Any] = {"bare_get_set": measured(
                        lambda: load("bare", bare.port, "", 0, args.seconds, args.clients, args.processes),
                        _pid(bare), redis,
                    )}
                    for name, server in phases if number % 2 == 0 else phases[::-1]:
                        one[name] = measured(
                            lambda server=server: load("service", server.port, args.ruleset, args.players,
                                                       args.seconds, args.clients, args.processes),
                            _pid(server), redis,
                        )
                    bare_rps = one["bare_get_set"]["requests_per_second"]
                    one["share"] = round(one["post_plays"]["requests_per_second"] / bare_rps, 3)
                    if args.baseline is not None:
                        one["baseline_share"] = round(one["baseline_post_plays"]["requests_per_second"] / bare_rps, 3)
                        one["server_cpu_vs_baseline"] = round(
                            one["post_plays"]["cpu_us_per_request"]["server"]
                            / max(1, one["baseline_post_plays"]["cpu_us_per_request"]["server"]), 3)
                    rounds.append(one)
                report["rounds"] = rounds
                report["bare_get_set"] = _median_round([r["bare_get_set"] for r in rounds])
                report["post_plays"] = _median_round([r["post_plays"] for r in rounds])
                report["post_plays"]["share_of_bare"] = round(statistics.median(r["share"] for r in rounds), 3)
                if args.baseline is not None:
                    report["baseline_post_plays"] = _median_round([r["baseline_post_plays"] for r in rounds])
                    report["baseline_post_plays"]["share_of_bare"] = round(
                        statistics.median(r["baseline_share"] for r in rounds), 3)
                    report["server_cpu_vs_baseline"] = round(
                        statistics.median(r["server_cpu_vs_baseline"] for r in rounds), 3)
                long_ids: list[str] = []
                if args.history_matches > 0:  # 0: no history phase (and no long match in the memory phase)
                    report["history"] = history(service.port, args.ruleset, args.players, args.history_matches)
                    long_ids = report["history"].pop("match_ids")
                if args.memory_matches > 0:  # 0: no memory phase
                    report["redis_memory"] = memory(
                        service.port, redis, args.ruleset, args.players, args.memory_matches, long_ids
                    )
        finally:
            redis.stop()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
