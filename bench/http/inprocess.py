"""The same comparison as bench/http/run.py without gunicorn or sockets: each app's own CPU time per
request, calling the WSGI apps directly with the same four-card trick.

    .venv/bin/python bench/http/inprocess.py [--requests 2000] [--rounds 15] [--accept-language id]

Figures are CPU time (``time.process_time``), the lowest and the median of the rounds, so other work
on the machine moves them little. ``referee_without_hooks`` is the service without its request
metrics (``service/api/ops.py``'s middleware) and app-wide hooks, to show what they cost. With
``--accept-language`` every request carries that header (the service answers in that language).
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.http.run import EXTRA_HEADERS, RULESET, TRICK_BODY  # noqa: E402

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def environ(path: str) -> dict[str, Any]:
    env = {
        "REQUEST_METHOD": "POST", "PATH_INFO": path, "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(TRICK_BODY),
        "wsgi.errors": sys.stderr, "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(TRICK_BODY)),
    }
    env.update({"HTTP_" + name.upper().replace("-", "_"): value for name, value in EXTRA_HEADERS.items()})
    return env


def cpu_per_request(app: WsgiApp, path: str, requests: int) -> float:
    statuses: list[str] = []

    def start_response(status: str, headers: Any, exc_info: Any = None) -> None:
        statuses.append(status)

    started = time.process_time()
    for _ in range(requests):
        b"".join(app(environ(path), start_response))
    elapsed = time.process_time() - started
    if not all(s.startswith("200") for s in statuses):
        raise RuntimeError(f"{path}: {set(statuses)}")
    return elapsed / requests * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=2000, help="requests per app and round")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--accept-language", default=None, help="send this Accept-Language header, e.g. id")
    args = parser.parse_args()
    if args.accept_language:
        EXTRA_HEADERS["Accept-Language"] = args.accept_language
    logging.disable(logging.WARNING)

    from service.api.app import create_app
    from service.api.config import Settings

    referee = create_app(Settings())
    path = f"/v1/rulesets/{RULESET}/trick"
    answer = b"".join(referee(environ(path), lambda *a: None))
    os.environ["BARE_RESPONSE_BYTES"] = str(len(answer))
    from bench.http.bare_app import app as bare
    from service.api.edge import Edge

    edge = referee.wsgi_app
    assert isinstance(edge, Edge)
    apps: dict[str, tuple[WsgiApp, str]] = {
        "referee": (referee, path),
        "referee_without_edge": (edge.app, path),
        "bare_flask": (bare, "/bare"),
    }
    for app, app_path in apps.values():  # warm up
        cpu_per_request(app, app_path, 200)
    samples: dict[str, list[float]] = {name: [] for name in apps}
    for _ in range(args.rounds):
        for name, (app, app_path) in apps.items():
            samples[name].append(cpu_per_request(app, app_path, args.requests))
    summary = {
        name: {"min_us": round(min(v), 1), "median_us": round(statistics.median(v), 1)} for name, v in samples.items()
    }
    print(json.dumps({
        "request": {"path": path, "body": TRICK_BODY.decode(), "headers": EXTRA_HEADERS, "answer_bytes": len(answer)},
        "cpu_per_request": summary,
        "ratio_bare_over_referee": round(summary["bare_flask"]["min_us"] / summary["referee"]["min_us"], 3),
    }, indent=2))


if __name__ == "__main__":
    main()
