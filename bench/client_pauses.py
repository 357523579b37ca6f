"""Bots with the shipped Python client, pausing as people do, against a real gunicorn at its defaults
(issue 38: "what a bot with the shipped client finishes").

``--bots`` bots (default 119) run at once, each in its own thread: it creates a dealt Forty-Fives match
with the client's ``create_match``, then posts ``--posts`` actions (default 8; a bot whose match ends
first stops there), each by the seat to act, through ``Match.view`` and ``Match.act``, pausing 2 to 3 s
(``--pause``) between posts, so that each kept-alive connection sits idle between requests as a
phone's does. Reported for the client's default retries and for none (``retries=0``): how many bots
finished, how many failed and with what, and how many transport errors the retrying client met on the
way (counted by a transport that passes every request on).

    .venv/bin/python bench/client_pauses.py --bots 119 --posts 8

The server is ``gunicorn -c gunicorn.conf.py`` with its defaults (the rate limiter on; the per-address
limits raised above the load with ``RATELIMIT_ADDRESS`` and ``MAX_CONNECTIONS_PER_ADDRESS``, since every
bot comes from 127.0.0.1 with four connections), on the memory store unless ``--env`` says otherwise.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "clients" / "python"))

from trick_referee_client import Match, ProblemError, create_match  # noqa: E402

from tests.matches.gunicorn_server import Gunicorn  # noqa: E402


class Counting(httpx.HTTPTransport):
    """Passes every request on and counts the transport errors (shared by every bot)."""

    errors: ClassVar[Counter[str]] = Counter()
    lock: ClassVar[threading.Lock] = threading.Lock()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        try:
            return super().handle_request(request)
        except httpx.TransportError as err:
            with self.lock:
                self.errors[type(err).__name__] += 1
            raise


def counted(match: Match) -> Match:
    match._client.set_httpx_client(httpx.Client(
        base_url=match.base_url, transport=Counting(), timeout=10,
        headers={"Authorization": f"Bearer {match._client.token}"}))
    return match


def bot(url: str, posts: int, pause: tuple[float, float], retries: int, seed: int, out: dict[str, Any]) -> None:
    rng = random.Random(seed)
    try:
        created, referee = create_match(url, {"ruleset": "forty_fives", "mode": "dealt",
                                              "players": ["Ann", "Bob", "Cy"]}, retries=retries)
        referee = counted(Match(url, created.id, created.referee_token, retries=retries))
        seats = [counted(Match(url, created.id, s.token, retries=retries)) for s in created.seats]
        for _ in range(posts):
            table = referee.view()
            if table.status == "finished":
                break
            seat = seats[table.to_act[0]]
            seat.act(rng.choice(seat.view().legal_actions))
            time.sleep(rng.uniform(*pause))
        out["result"] = "finished"
    except ProblemError as err:
        out["result"] = f"problem {err.status} {err.code}"
    except Exception as err:
        out["result"] = type(err).__name__


def run(url: str, bots: int, posts: int, pause: tuple[float, float], retries: int) -> dict[str, Any]:
    Counting.errors.clear()
    results: list[dict[str, Any]] = [{} for _ in range(bots)]
    threads = [threading.Thread(target=bot, args=(url, posts, pause, retries, i, results[i])) for i in range(bots)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    outcomes = Counter(r.get("result", "no result") for r in results)
    return {"retries": retries, "bots": bots, "finished": outcomes.pop("finished", 0), "failed": dict(outcomes),
            "transport_errors_met": dict(Counting.errors), "seconds": round(time.monotonic() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", type=int, default=119)
    parser.add_argument("--posts", type=int, default=8)
    parser.add_argument("--pause", type=float, nargs=2, default=(2.0, 3.0))
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server")
    args = parser.parse_args()
    # every bot comes from 127.0.0.1 with four kept-alive connections (its referee and three seats):
    # the per-address limits are raised above that load
    env = {"RATELIMIT_ADDRESS": "5000/second", "MAX_CONNECTIONS_PER_ADDRESS": "2000",
           **dict(e.split("=", 1) for e in args.env)}
    server = Gunicorn(workers=1, env=env).start()  # the memory store: one process, as scripts/serve.sh runs it
    url = f"http://127.0.0.1:{server.port}"
    try:
        for retries in (3, 0):
            print(run(url, args.bots, args.posts, tuple(args.pause), retries), flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
