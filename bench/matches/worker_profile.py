"""Where a gunicorn worker's CPU goes while it serves POST /v1/matches/{id}/actions (bench/README.md,
Matches).

    .venv/bin/python bench/matches/worker_profile.py [--posts 1000] [--warm 100] [--worker-class gevent]
                                                     [--ruleset forty_fives] [--out FILE] [--top 25] [--bare]
                                                     [--limits]

``stages.py`` and ``instructions.py`` measure the app in process; this measures it as deployed: one
gunicorn worker (``gunicorn.conf.py``, the worker class of ``--worker-class``) on a private
``redis-server``, with the benchmark's settings (``tests/matches/gunicorn_server.py``: no rate
limits, ``LOG_LEVEL=warning``, metrics in a multiprocess directory). One client on one keep-alive
connection posts plays to table-mode matches with the referee token, as ``run.py`` does. The worker
runs ``profiled_app`` (the service's app with cProfile on the worker's CPU clock for ``--posts``
requests after ``--warm``), and this prints one JSON document: the profiled CPU per request, split
by where the code lives (gunicorn, gevent, Flask and werkzeug, redis-py, the metrics and logging
libraries, and the service's api / matches / store / rules packages; the time of a C function
goes to the code that called it), and the ``--top`` functions by own time. The profiler itself
slows the calls it counts (small functions most), so read the split as shares, not as microseconds
of an unprofiled worker. ``--bare`` profiles the bare endpoint (``bare_app``: one Redis GET and SET)
the same way, posting the same bodies: what is left of the split when the service's work is gone.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pstats
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.matches.run import LONG, raised_limits  # noqa: E402
from tests.api.match_driver import WireHttp  # noqa: E402
from tests.matches.gunicorn_server import Gunicorn  # noqa: E402
from tests.redis_server import RedisServer  # noqa: E402

#: (where the code lives, the part it is counted in), first match wins
PARTS = (
    ("/service/api/", "service: api"),
    ("/service/matches/", "service: matches (use cases)"),
    ("/service/store/", "service: store"),
    ("/service/rules/", "service: rules"),
    ("/gunicorn/", "gunicorn"),
    ("/gevent/", "gevent"),
    ("/flask_smorest/", "flask and werkzeug"),
    ("/flask/", "flask and werkzeug"),
    ("/werkzeug/", "flask and werkzeug"),
    ("/redis/", "redis-py"),
    ("/prometheus_client/", "metrics (prometheus_client)"),
    ("/structlog/", "logging"),
    ("/logging/", "logging"),
)


def part_of(filename: str) -> str:
    for marker, part in PARTS:
        if marker in filename:
            return part
    return "other Python"


def split(stats: pstats.Stats) -> dict[str, float]:
    """Seconds of own time per part; a C function's (``~`` file) goes to its callers' parts, in
    proportion to the time it spent under each."""
    seconds: collections.Counter[str] = collections.Counter()
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    for (filename, _, _), (_, _, own, _, callers) in table.items():
        if filename != "~":
            seconds[part_of(filename)] += own
            continue
        spent = {caller: edge[2] for caller, edge in callers.items()}
        whole = sum(spent.values())
        if not whole:
            seconds["other Python"] += own
            continue
        for (caller_file, _, _), under in spent.items():
            seconds[part_of(caller_file)] += own * under / whole
    return dict(seconds)


def drive(port: int, ruleset: str, requests: int, bare: bool) -> None:
    """``requests`` requests on one connection: a create, then plays, a new match every 40 (to the
    bare endpoint: the same play body, each to one of eight keys)."""
    http = WireHttp("127.0.0.1", port)
    sent = 0
    if bare:
        for i in range(requests):
            answer = http.request("POST", f"/bare/k{i % 8}", body={"type": "play", "seat": 0, "card": "10H"})
            if answer.status != 200:
                raise RuntimeError(f"the bare endpoint answered {answer.status}")
        return
    while sent < requests:
        created = http.request("POST", "/v1/matches", body={
            "ruleset": ruleset, "mode": "table", "options": LONG.get(ruleset, {}),
            "players": ["P0", "P1", "P2", "P3"] if ruleset == "boerenbridge" else ["P0", "P1", "P2"]}).body
        sent += 1
        token, legal = created["referee_token"], created["view"]["legal_actions"]
        for _ in range(40):
            answer = http.request("POST", f"/v1/matches/{created['id']}/actions", token=token, body=legal[0])
            sent += 1
            if answer.status != 200:
                raise RuntimeError(f"a play was answered {answer.status}: {answer.body}")
            legal = answer.body["legal_actions"]


def profile(args: argparse.Namespace, out: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp:
        redis_server = RedisServer(Path(tmp))
        redis_server.start()
        try:
            env = {"REDIS_URL": redis_server.url, "WORKER_CLASS": args.worker_class, "PROFILE_OUT": str(out),
                   "PROFILE_FROM": str(args.warm + 1), "PROFILE_TO": str(args.warm + args.posts),
                   "PROFILE_BARE": "1" if args.bare else "0"}
            if args.limits:  # as run.py --limits: the limiter on, its limits raised above the load
                env.update(RATELIMIT_ENABLED="true", **raised_limits())
            server = Gunicorn("bench.matches.profiled_app:app", workers=1, env=env).start()
            try:
                drive(server.port, args.ruleset, args.warm + args.posts + 1, args.bare)
            finally:
                server.stop()
        finally:
            redis_server.stop()
    if not out.exists():
        raise RuntimeError("the worker wrote no profile")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--posts", type=int, default=1000, help="profiled requests")
    parser.add_argument("--warm", type=int, default=100, help="requests before the profiler starts")
    parser.add_argument("--worker-class", default="gevent", choices=("gevent", "sync", "gthread"))
    parser.add_argument("--ruleset", default="forty_fives", choices=("forty_fives", "auction_forty_fives",
                                                                       "boerenbridge", "avinas"))
    parser.add_argument("--out", type=Path, help="also keep the cProfile statistics here")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--bare", action="store_true", help="profile the bare endpoint instead")
    parser.add_argument("--limits", action="store_true",
                        help="the rate limiter on, its limits raised above the load (as run.py --limits)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        out = args.out if args.out is not None else Path(tmp) / "worker.prof"
        profile(args, out)
        stats = pstats.Stats(str(out))
    parts = split(stats)
    whole = sum(parts.values())
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    top = sorted(table.items(), key=lambda item: item[1][2], reverse=True)[: args.top]
    report = {
        "app": "bare" if args.bare else "service",
        "rate_limiter": "on, limits raised above the load" if args.limits else "off",
        "ruleset": args.ruleset,
        "worker_class": args.worker_class,
        "requests": args.posts,
        "load_average": os.getloadavg(),
        "profiled_cpu_us_per_request": round(whole / args.posts * 1e6, 1),
        "parts": {part: {"us_per_request": round(s / args.posts * 1e6, 1), "share": round(s / whole, 3)}
                  for part, s in sorted(parts.items(), key=lambda item: -item[1])},
        "top_own_time": [
            {"function": f"{Path(file).name}:{line}({name})" if file != "~" else name,
             "calls_per_request": round(row[1] / args.posts, 2),
             "own_us_per_request": round(row[2] / args.posts * 1e6, 1)}
            for (file, line, name), row in top
        ],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
