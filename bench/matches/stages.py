"""Where one POST /v1/matches/{id}/actions spends its CPU, in process (bench/README.md, Matches).

    .venv/bin/python bench/matches/stages.py [--ruleset forty_fives] [--matches 12] [--actions 30] [--held]

The service's app (``create_app``) on a private ``redis-server``, driven by Flask's test client:
table-mode matches with the referee token, each action the first legal one the previous answer
listed. Before each post the worker's cached state is dropped, as it is for a client whose posts
reach any of the workers; ``--held`` keeps it, as it is for ``run.py``'s clients (each posts on one
keep-alive connection, so to one worker). Each step of the post is wrapped in ``time.thread_time_ns`` (CPU of this
thread, so Redis's own time and the waits are not counted; nested steps count in their parents
too) and the mean per post is printed, with the same for the bare app (one Redis GET and SET)
and for one plain redis-py ``GET``. Prints one JSON document.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import functools
import json
import logging
import logging.config
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.redis_server import RedisServer  # noqa: E402

LONG = {"forty_fives": {"target_score": 100_000}, "auction_forty_fives": {"target_score": 100_000},
        "avinas": {"pips_to_end": 100_000}}


def _stage_targets() -> list[tuple[str, list[tuple[Any, str]]]]:
    """Each stage: its label and every (owner, name) through which the code calls it (a function
    imported by name into another module is patched there too, with the same wrapper)."""
    import prometheus_client.metrics as prom
    import structlog

    import service.api.body as body
    import service.api.edge as edge
    import service.api.logs as logs
    import service.api.matches as api_matches
    import service.api.metrics as metrics
    import service.matches.documents as documents
    import service.matches.steps as steps
    import service.matches.usecases as usecases
    import service.store.encoding as encoding
    import service.store.event_log as event_log
    import service.store.redis_store as redis_store
    import service.store.redis_wire as redis_wire

    return [
        ("API: the edge middleware (whole)", [(edge.Edge, "__call__")]),
        ("API: the edge: the request id", [(edge, "request_id")]),
        ("API: request log: bind/reset contextvars", [(structlog.contextvars, "bind_contextvars"),
                                                       (structlog.contextvars, "reset_contextvars")]),
        ("API: request log: route and line", [(edge, "_route_of"), (logs.REQUEST_LOGGER, "log")]),
        ("API: the edge: the answer's headers", [(edge.Edge, "finish_headers")]),
        ("API: read the body", [(api_matches, "read_json_body")]),
        ("API: write the answer", [(api_matches, "_respond")]),
        ("API: JSON of the answer", [(body, "dumps")]),
        ("metrics: use cases counted (ObservedMatches.act)", [(metrics.ObservedMatches, "act")]),
        ("metrics: histogram observe", [(prom.Histogram, "observe")]),
        ("metrics: counter inc", [(prom.Counter, "inc")]),
        ("use case (act)", [(usecases.Matches, "act")]),
        ("use case: load (store + decode)", [(steps.MatchSteps, "_load")]),
        ("use case: the view", [(steps.MatchSteps, "_view")]),
        ("use case: commit (record + save)", [(steps.MatchSteps, "_commit")]),
        ("token", [(usecases, "identify")]),
        ("read the action", [(usecases.Action, "from_json")]),
        ("deal and archive", [(usecases, "advance")]),
        ("store load (HMGET, inflate, JSON)", [(redis_store.RedisStore, "load")]),
        ("store save (EVALSHA, deflate, JSON)", [(redis_store.RedisStore, "save")]),
        ("store compaction (read log, frame, script)", [(redis_store.RedisStore, "_compact")]),
        ("store: Redis exchanges (socket CPU)", [(redis_wire.OwnConnections, "exchange")]),
        ("store: pack the document (JSON + deflate)", [(redis_store, "pack_document")]),
        ("store: unpack the document (inflate + JSON)", [(redis_store, "unpack_document")]),
        ("store: JSON writes", [(encoding, "dumps"), (redis_store, "dumps")]),
        ("store: JSON reads", [(encoding, "loads"), (redis_store, "loads")]),
        ("store: event log frame / read", [(event_log, "frame"), (event_log, "read_log")]),
        ("decode the document", [(documents.MatchDocument, "from_json")]),
        ("encode the document", [(documents.MatchDocument, "to_json")]),
        ("document after the commit (checkpoints)", [(documents.MatchDocument, "committed")]),
    ]


def stages(ruleset_id: str, matches: int, actions: int, profile: Path | None, held: bool = False) -> dict[str, Any]:
    import service.api.matches as api_matches
    from service.api.app import create_app
    from service.api.config import Settings
    from service.rules.registry import RULESETS

    cpu: collections.Counter[str] = collections.Counter()

    def timed(label: str, targets: list[tuple[Any, str]]) -> None:
        wrappers: dict[int, Any] = {}  # one wrapper per function, however many names it has
        for owner, name in targets:
            inner = getattr(owner, name)
            wrapper = wrappers.get(id(inner))
            if wrapper is None:
                wrapper = wrappers[id(inner)] = _wrapped(inner, label)
            setattr(owner, name, wrapper)

    def _wrapped(inner: Any, label: str) -> Any:
        @functools.wraps(inner)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.thread_time_ns()
            try:
                return inner(*args, **kwargs)
            finally:
                cpu[label] += time.thread_time_ns() - started

        return wrapper

    game = type(RULESETS[ruleset_id])
    for label, targets in [*_stage_targets(), ("rules apply", [(game, "apply")]), ("rules view", [(game, "view")])]:
        timed(label, targets)
    app = create_app(Settings.from_env())
    client = app.test_client()
    use_cases = app.extensions[api_matches.MATCHES_KEY]
    players = RULESETS[ruleset_id].default_players
    posts, whole = 0, 0
    totals: collections.Counter[str] = collections.Counter()
    profiler = cProfile.Profile() if profile is not None else None
    for _ in range(matches):
        body = {"ruleset": ruleset_id, "mode": "table", "players": [f"P{i}" for i in range(players)],
                "options": LONG.get(ruleset_id, {})}
        created = client.post("/v1/matches", json=body).get_json()
        headers = {"Authorization": f"Bearer {created['referee_token']}"}
        legal = created["view"]["legal_actions"]
        before = collections.Counter(cpu)  # the match's creation is not counted
        for _ in range(actions):
            if not held:
                use_cases._recent.clear()  # as on a worker that did not serve the match's last post
            started = time.thread_time_ns()
            if profiler is not None:
                profiler.enable()
            answer = client.post(f"/v1/matches/{created['id']}/actions", json=legal[0], headers=headers)
            if profiler is not None:
                profiler.disable()
            whole += time.thread_time_ns() - started
            posts += 1
            legal = answer.get_json()["legal_actions"]
        totals.update({k: v - before[k] for k, v in cpu.items()})
    if profiler is not None and profile is not None:
        profiler.dump_stats(profile)
    return {"posts": posts, "whole_post_us": round(whole / posts / 1000, 1),
            "stages_us": {k: round(v / posts / 1000, 1) for k, v in totals.most_common()}}


def bare_and_redis(posts: int) -> dict[str, float]:
    import redis

    from bench.matches.bare_app import app
    from service.api.config import Settings

    client = app.test_client()
    started = time.thread_time_ns()
    for i in range(posts):
        client.post(f"/bare/k{i % 8}", json={"type": "play", "seat": 0, "card": "10H"}).get_json()
    bare = (time.thread_time_ns() - started) / posts / 1000
    plain = redis.Redis.from_url(os.environ["REDIS_URL"], **Settings.from_env().redis_options.client_kwargs())
    plain.set("stages:k", "x" * 40)
    started = time.thread_time_ns()
    for _ in range(posts):
        plain.get("stages:k")
    get = (time.thread_time_ns() - started) / posts / 1000
    return {"bare_post_us": round(bare, 1), "redis_py_get_us": round(get, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="forty_fives")
    parser.add_argument("--matches", type=int, default=12)
    parser.add_argument("--actions", type=int, default=30, help="posts per match")
    parser.add_argument("--profile", type=Path, help="also write cProfile statistics of the posts here")
    parser.add_argument("--held", action="store_true",
                        help="keep the worker's cached state between posts (a keep-alive client's posts all reach "
                             "one worker: run.py's clients)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp:
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tmp
        os.environ["RATELIMIT_ENABLED"] = "false"
        os.environ["LOG_LEVEL"] = "warning"
        # as the benchmark's gunicorn runs the app (tests/matches/gunicorn_server.py): no rate limits,
        # LOG_LEVEL=warning, metrics in a multiprocess directory (set before prometheus_client is imported)
        from service.api.logs import dict_config

        logging.config.dictConfig(dict_config("json", "warning"))
        server = RedisServer(Path(tmp))
        server.start()
        try:
            os.environ["REDIS_URL"] = server.url
            report: dict[str, Any] = {"ruleset": args.ruleset, "load_average": os.getloadavg()}
            report.update(stages(args.ruleset, args.matches, args.actions, args.profile, args.held))
            report["held"] = args.held
            report.update(bare_and_redis(args.matches * args.actions))
        finally:
            server.stop()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
