"""Where one POST /v1/matches/{id}/actions spends its CPU, in process (bench/README.md, Matches).

    .venv/bin/python bench/matches/stages.py [--ruleset forty_fives] [--matches 12] [--actions 30]

The service's app (``create_app``) on a private ``redis-server``, driven by Flask's test client:
table-mode matches with the referee token, each action the first legal one the previous answer
listed. Before each post the worker's cached state is dropped, as it is for 4 posts in 5 under
gunicorn with 5 workers. Each step of the post is wrapped in ``time.thread_time_ns`` (CPU of this
thread, so Redis's own time and the waits are not counted; nested steps count in their parents
too) and the mean per post is printed, with the same for the bare app (one Redis GET and SET)
and for one plain redis-py ``GET``. Prints one JSON document.
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import logging
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


def stages(ruleset_id: str, matches: int, actions: int) -> dict[str, Any]:
    import service.api.matches as api_matches
    import service.matches.documents as documents
    import service.matches.usecases as usecases
    import service.store.redis_store as redis_store
    from service.api.app import create_app
    from service.api.config import Settings
    from service.rules.registry import RULESETS

    cpu: collections.Counter[str] = collections.Counter()

    def timed(owner: Any, name: str, label: str) -> None:
        inner = getattr(owner, name)

        @functools.wraps(inner)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = time.thread_time_ns()
            try:
                return inner(*args, **kwargs)
            finally:
                cpu[label] += time.thread_time_ns() - started

        setattr(owner, name, wrapper)

    game = type(RULESETS[ruleset_id])
    for owner, name, label in [
        (usecases.Matches, "act", "use case (act)"),
        (redis_store.RedisStore, "load", "store load (HMGET + JSON)"),
        (redis_store.RedisStore, "save", "store save (EVALSHA + JSON)"),
        (redis_store, "dumps", "store JSON writes"),
        (redis_store, "loads", "store JSON reads"),
        (documents.MatchDocument, "from_json", "decode the document"),
        (documents.MatchDocument, "to_json", "encode the document"),
        (game, "apply", "rules apply"),
        (game, "view", "rules view"),
        (usecases, "advance", "deal and archive"),
        (usecases, "identify", "token"),
        (usecases.Action, "from_json", "read the action"),
        (api_matches, "read_json_body", "API: read the body"),
        (api_matches, "_write", "API: write the answer"),
    ]:
        timed(owner, name, label)
    app = create_app(Settings.from_env())
    client = app.test_client()
    use_cases = app.extensions[api_matches.MATCHES_KEY]
    players = RULESETS[ruleset_id].default_players
    posts, whole = 0, 0
    totals: collections.Counter[str] = collections.Counter()
    for _ in range(matches):
        body = {"ruleset": ruleset_id, "mode": "table", "players": [f"P{i}" for i in range(players)],
                "options": LONG.get(ruleset_id, {})}
        created = client.post("/v1/matches", json=body).get_json()
        headers = {"Authorization": f"Bearer {created['referee_token']}"}
        legal = created["view"]["legal_actions"]
        before = collections.Counter(cpu)  # the match's creation is not counted
        for _ in range(actions):
            use_cases._recent.clear()  # as on a worker that did not serve the match's last post
            started = time.thread_time_ns()
            answer = client.post(f"/v1/matches/{created['id']}/actions", json=legal[0], headers=headers)
            whole += time.thread_time_ns() - started
            posts += 1
            legal = answer.get_json()["legal_actions"]
        totals.update({k: v - before[k] for k, v in cpu.items()})
    return {"posts": posts, "whole_post_us": round(whole / posts / 1000, 1),
            "stages_us": {k: round(v / posts / 1000, 1) for k, v in totals.most_common()}}


def bare_and_redis(posts: int) -> dict[str, float]:
    import redis

    from bench.matches.bare_app import app
    from service.store.factory import redis_options

    client = app.test_client()
    started = time.thread_time_ns()
    for i in range(posts):
        client.post(f"/bare/k{i % 8}", json={"type": "play", "seat": 0, "card": "10H"}).get_json()
    bare = (time.thread_time_ns() - started) / posts / 1000
    plain = redis.Redis.from_url(os.environ["REDIS_URL"], **redis_options().client_kwargs())
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
    args = parser.parse_args()
    logging.disable(logging.INFO)
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp:
        server = RedisServer(Path(tmp))
        server.start()
        try:
            os.environ["REDIS_URL"] = server.url
            report: dict[str, Any] = {"ruleset": args.ruleset, "load_average": os.getloadavg()}
            report.update(stages(args.ruleset, args.matches, args.actions))
            report.update(bare_and_redis(args.matches * args.actions))
        finally:
            server.stop()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
