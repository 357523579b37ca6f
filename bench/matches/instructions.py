"""Instructions one POST /v1/matches/{id}/actions executes, per step, counted by callgrind
(bench/README.md, Matches).

    .venv/bin/python bench/matches/instructions.py [--ruleset forty_fives] [--posts 200] [--warm N] [--cached]
        [--limits] [--logs] [--stage service.matches.usecases:Matches.act ...]

Timings of one process on a shared machine move by 10-30% from run to run; instruction counts
hardly move (the hash seed is fixed; only the random match ids and tokens differ), whatever else
the machine is doing. So a change to the request path can be judged here to about a percent before
the noisy throughput run (``run.py``) says what it is worth under gunicorn. The count is of
user-space instructions only: the kernel's work (the sockets) and the cost of cache misses are not
in it. The wrapper around a stage costs ~1-2K instructions per call: name coarse steps.

The service's app runs in process on a private ``redis-server``, driven as ``stages.py`` drives it
(table-mode matches, the referee token, each post the first legal action the last answer listed,
the worker's cached state dropped before each post, unless ``--cached``: then each post finds the
state the last one saved, as under ``run.py``, whose clients keep one connection to one worker).
For each ``--stage`` (``module:qualname``; by
default the whole request and its main steps) the script runs itself under
``valgrind --tool=callgrind --collect-atstart=no``; a small C function built here with gcc toggles
the collection on entering the stage's function and off on leaving it, during the measured posts
only (after ``--warm`` posts, which also build the codec's per-class functions). The rate limiter
is off, unless ``--limits``: then it is on, as in ``run.py --limits`` (its limits raised above the
load, its counts in the same Redis), each post counted at a time that moves as fast as the posts
would (``PostClock``: on the wall clock, under callgrind, every post made the limiter's Redis call),
after ``LIMITS_WARM`` posts unless ``--warm`` says. The service logs nothing, unless ``--logs``:
then it logs as ``k8s/configmap.yaml`` deploys it (``run.py --logs``: a JSON request line a post,
into ``/dev/null``, through the handler and formatter gunicorn is given). Prints one JSON
document: instructions per post for each stage. Needs valgrind (with its headers) and gcc.
"""

from __future__ import annotations

import argparse
import ctypes
import functools
import importlib
import json
import logging
import logging.config
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.callgrind import collected  # noqa: E402
from bench.matches.run import deployed_logs, raised_limits  # noqa: E402
from bench.matches.stages import LONG  # noqa: E402
from tests.redis_server import RedisServer  # noqa: E402

DEFAULT_STAGES = [
    "service.api.edge:Edge.__call__",  # the whole request, as gunicorn calls the app
    "service.api.edge:CountedBody.close",  # ... and the request's log line, when the answer is sent
    "service.api.edge:Edge.finish_headers",
    "service.api.ops:RequestMetrics.observe",
    "service.api.body:read_json_body",
    "service.matches.usecases:Matches.act",
    "service.matches.steps:MatchSteps._load",
    "service.matches.documents:MatchDocument.from_json",
    "service.matches.steps:MatchSteps._view",
    "service.matches.steps:MatchSteps._commit",
    "service.matches.documents:MatchDocument.to_json",
    "service.store.redis_wire:exchange",
    "service.store.redis_store:pack_document",
    "service.store.redis_store:unpack_document",
    "service.store.redis_store:dumps",
    "service.store.redis_store:loads",
    "service.store.redis_store:RedisStore._compact",
    "service.api.metrics:ObservedMatches.act",
    "service.api.matches:_respond",
]
#: the time the limiter counts a post at moves on this many ms a post (``PostClock``): eight matches
#: posted to in turn, each every 5 ms, as ``run.py``'s eight clients post, each to its own match,
#: about 200 posts a second each
POST_MS = 5.0 / 8
#: posts before measuring with ``--limits`` unless ``--warm`` says: by then each match's lease of
#: permits (1, 2, 4 ... a call) has grown to what one lease covers, about 20 posts of a match
LIMITS_WARM = 400


class PostClock:
    """The time at which the rate limiter counts a measured child's posts (``--limits``), ``POST_MS``
    later each post. Under callgrind a post takes some fifty times as long as at full speed, so on
    the wall clock every lease of permits (``service/api/leases.py``: a tenth of a second at most)
    ended before its match posted again and every measured post made the limiter's Redis call, where
    about one in twenty does at full speed once the leases have grown. The limiter's Redis counts
    (``RedisCounts.take``) are given this time; nothing else reads it."""

    def __init__(self) -> None:
        self.now = time.time()

    def tick(self) -> None:
        self.now += POST_MS / 1000

    def install(self) -> None:
        """Make the limiter's Redis counts take each post at this clock's time."""
        from service.api.limits import Check, RedisCounts, Refusal

        take = RedisCounts.take

        def at_post_time(counts: RedisCounts, checks: Sequence[Check], now: float | None = None) -> Refusal | None:
            return take(counts, checks, self.now if now is None else now)

        RedisCounts.take = at_post_time  # type: ignore[method-assign]


TOGGLE_SOURCE = "#include <valgrind/callgrind.h>\nvoid toggle(void) { CALLGRIND_TOGGLE_COLLECT; }\n"


def count(stage: str, args: argparse.Namespace, shim: Path) -> int:
    """Instructions per measured post inside ``stage``, from one run of this script under callgrind."""
    with tempfile.TemporaryDirectory(prefix="bench-callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        command = [sys.executable, __file__, "--child", stage, "--shim", str(shim), "--ruleset", args.ruleset,
                   "--posts", str(args.posts), "--warm", str(args.warm), *(["--cached"] if args.cached else []),
                   *(["--logs"] if args.logs else []), *(["--limits"] if args.limits else [])]
        # metrics in a multiprocess directory and the rate limits as under gunicorn in run.py
        limits = {"RATELIMIT_ENABLED": "true", **raised_limits()} if args.limits else {"RATELIMIT_ENABLED": "false"}
        env = {**os.environ, "PYTHONHASHSEED": "0", "PROMETHEUS_MULTIPROC_DIR": tmp, **limits}
        return collected(command, env, "--collect-atstart=no", f"--callgrind-out-file={out}", what=stage) // args.posts


def child(stage: str, args: argparse.Namespace) -> None:
    """Under callgrind: post, collecting inside ``stage`` during the measured posts only."""
    toggle = ctypes.CDLL(args.shim).toggle
    measuring, depth = [False], [0]
    module, qualname = stage.split(":")
    owner: Any = importlib.import_module(module)
    *path, name = qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    inner = getattr(owner, name)

    @functools.wraps(inner)
    def counted(*a: Any, **k: Any) -> Any:
        if not measuring[0]:
            return inner(*a, **k)
        if depth[0] == 0:
            toggle()
        depth[0] += 1
        try:
            return inner(*a, **k)
        finally:
            depth[0] -= 1
            if depth[0] == 0:
                toggle()

    setattr(owner, name, counted)
    if args.logs:
        from service.api.logs import dict_config

        deployed = deployed_logs()
        config = dict_config(deployed["LOG_FORMAT"], deployed["LOG_LEVEL"])
        config["handlers"]["stderr"]["stream"] = open(os.devnull, "w")  # noqa: SIM115 (for the process's life)
        logging.config.dictConfig(config)
    else:
        logging.disable(logging.INFO)
    clock = None
    if args.limits:
        clock = PostClock()
        clock.install()
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp, RedisServer(Path(tmp)) as server:
        os.environ["REDIS_URL"] = server.url
        post_all(args, measuring, clock)


def post_all(args: argparse.Namespace, measuring: list[bool], clock: PostClock | None = None) -> None:
    import service.api.matches as api_matches
    from service.api.app import create_app
    from service.api.config import Settings
    from service.rules.registry import RULESETS

    app = create_app(Settings.from_env())
    client = app.test_client()
    use_cases = app.extensions[api_matches.MATCHES_KEY]
    players = RULESETS[args.ruleset].default_players

    def new_match() -> list[Any]:
        body = {"ruleset": args.ruleset, "mode": "table", "players": [f"P{i}" for i in range(players)],
                "options": LONG.get(args.ruleset, {})}
        created = client.post("/v1/matches", json=body).get_json()
        return [created["id"], {"Authorization": f"Bearer {created['referee_token']}"},
                created["view"]["legal_actions"]]

    matches = [new_match() for _ in range(8)]
    for done in range(args.warm + args.posts):
        match = matches[done % len(matches)]
        if not args.cached:
            use_cases._recent.clear()  # as on a worker that did not serve the match's last post
        if clock is not None:
            clock.tick()
        measuring[0] = done >= args.warm
        # buffered: the answer is read and closed within the post, as a server does (the log line)
        answer = client.post(f"/v1/matches/{match[0]}/actions", json=match[2][0], headers=match[1], buffered=True)
        measuring[0] = False
        assert answer.status_code == 200, answer.get_json()
        match[2] = answer.get_json()["legal_actions"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="forty_fives")
    parser.add_argument("--posts", type=int, default=200, help="measured posts")
    parser.add_argument("--warm", type=int, default=None,
                        help=f"posts before measuring (default 80; {LIMITS_WARM} with --limits: the leases grow)")
    parser.add_argument("--cached", action="store_true",
                        help="keep the worker's cached states: each post lands on the worker that served the match's "
                             "last one, as a client's keep-alive connection does (run.py's clients)")
    parser.add_argument("--limits", action="store_true",
                        help="the rate limiter on, its limits raised above the load (as run.py --limits)")
    parser.add_argument("--logs", action="store_true",
                        help="log as k8s/configmap.yaml deploys the service (a request line a post), into /dev/null")
    parser.add_argument("--stage", action="append", help="module:qualname (repeatable); default: the main steps")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--shim", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.warm is None:
        args.warm = LIMITS_WARM if args.limits else 80
    if args.child:
        child(args.child, args)
        return
    with tempfile.TemporaryDirectory(prefix="bench-shim-") as tmp:
        source, shim = Path(tmp) / "toggle.c", Path(tmp) / "toggle.so"
        source.write_text(TOGGLE_SOURCE)
        subprocess.run(["gcc", "-O1", "-shared", "-fPIC", "-o", str(shim), str(source)], check=True)
        stages = args.stage or DEFAULT_STAGES
        report = {"ruleset": args.ruleset, "posts": args.posts, "warm": args.warm, "cached": args.cached,
                  "rate_limiter": "on, limits raised above the load" if args.limits else "off",
                  "logs": "as k8s/configmap.yaml deploys them, into /dev/null" if args.logs else "none",
                  "instructions_per_post": {stage: count(stage, args, shim) for stage in stages}}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
