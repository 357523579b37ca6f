"""The path of one POST /v1/matches/{id}/actions through the service's own code: the files it
enters, the crossings between layers, and the calls it makes (bench/README.md, Matches).

    .venv/bin/python bench/matches/path.py [--ruleset forty_fives] [--limits]

The service's app (``create_app``) on a private ``redis-server``, driven by Flask's test client as
``bench/matches/stages.py`` drives it: a table-mode match with the referee token, the post under
test its tenth action, the worker's cached state dropped first (as on a worker that did not serve
the match's last post). ``sys.setprofile`` records every Python call made while the post is
answered; each call into a file of ``service/`` is counted. A *layer* is the first folder under
``service/`` (``api``, ``matches``, ``store``, ``rules``, ``computer``; a module directly in
``service/`` is its own); a *crossing* is a call from a function of one layer into one of another.
``--limits``: with the rate limiter on (its limits far above one post), as the service runs by
default. Prints one JSON document: the files in the order first entered, the counts, and the
crossings by pair of layers.
"""

from __future__ import annotations

import argparse
import collections
import json
import logging
import logging.config
import os
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.redis_server import RedisServer  # noqa: E402

SERVICE = str(ROOT / "service") + os.sep
#: posts before the one traced, so that the traced one is a play in the middle of a hand
WARM_UP = 9


def _layer(path: str) -> str:
    """``api``, ``matches`` ... for a file of ``service/``; the module name for one directly in it."""
    rest = path[len(SERVICE):]
    head, sep, _ = rest.partition(os.sep)
    return head if sep else head.removesuffix(".py")


def trace_one_post(ruleset_id: str) -> dict[str, Any]:
    import service.api.matches as api_matches
    from service.api.app import create_app
    from service.api.config import Settings
    from service.rules.registry import RULESETS

    app = create_app(Settings.from_env())
    client = app.test_client()
    use_cases = app.extensions[api_matches.MATCHES_KEY]
    players = RULESETS[ruleset_id].default_players
    body = {"ruleset": ruleset_id, "mode": "table", "players": [f"P{i + 1}" for i in range(players)]}
    created = client.post("/v1/matches", json=body).get_json()
    headers = {"Authorization": f"Bearer {created['referee_token']}"}
    path = f"/v1/matches/{created['id']}/actions"
    legal = created["view"]["legal_actions"]
    for _ in range(WARM_UP):
        legal = client.post(path, json=legal[0], headers=headers).get_json()["legal_actions"]

    files: dict[str, int] = {}  # file -> calls into it, in the order first entered
    crossings: collections.Counter[tuple[str, str]] = collections.Counter()
    calls = 0

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        nonlocal calls
        if event != "call":
            return
        calls += 1
        callee = frame.f_code.co_filename
        if not callee.startswith(SERVICE):
            return
        name = callee[len(str(ROOT)) + 1:]
        files[name] = files.get(name, 0) + 1
        caller = frame.f_back
        # the nearest caller in the service's own code (a library in between is not a layer)
        while caller is not None and not caller.f_code.co_filename.startswith(SERVICE):
            caller = caller.f_back
        if caller is not None:
            before, after = _layer(caller.f_code.co_filename), _layer(callee)
            if before != after:
                crossings[(before, after)] += 1

    use_cases._recent.clear()
    sys.setprofile(profile)
    try:
        answer = client.post(path, json=legal[0], headers=headers)
    finally:
        sys.setprofile(None)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return {
        "files": len(files),
        "layer_crossings": sum(crossings.values()),
        "python_calls": calls,
        "service_calls": sum(files.values()),
        "crossings_by_pair": {f"{a} -> {b}": n for (a, b), n in crossings.most_common()},
        "files_in_order": files,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="forty_fives")
    parser.add_argument("--limits", action="store_true", help="the rate limiter on, as deployed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp:
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tmp
        os.environ["LOG_LEVEL"] = "warning"
        if args.limits:
            os.environ["RATELIMIT_ENABLED"] = "true"
            os.environ["RATELIMIT_RULES"] = "1000000/minute"
        else:
            os.environ["RATELIMIT_ENABLED"] = "false"
        from service.api.logs import dict_config

        logging.config.dictConfig(dict_config("json", "warning"))
        server = RedisServer(Path(tmp))
        server.start()
        try:
            os.environ["REDIS_URL"] = server.url
            report: dict[str, Any] = {"ruleset": args.ruleset, "limits": args.limits}
            report.update(trace_one_post(args.ruleset))
        finally:
            server.stop()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
