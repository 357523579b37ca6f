"""Schemathesis over the match endpoints, against a live server of the app and the committed openapi.yaml.

Every check runs (``--checks all``: no 500s, statuses, content types, bodies and headers as
documented, invalid data refused, auth enforced ...) plus the three that
``tests/api/schemathesis_match_hooks.py`` adds: a rejected request changes nothing, every error is
problem+json with a stable code, a legal action is accepted as listed and a near miss is not.

It runs twice: on the memory store and on a private ``redis-server``.

Before the run a pool of matches is created over HTTP: every registered ruleset (and the test ruleset
``toy_tricks``), dealt and table, each fresh, part-played, and (where a random match ends quickly)
finished. The hooks aim most requests at them with their real tokens; the deals are seeded so a run
repeats. Bounded: a fixed seed and ``MAX_EXAMPLES`` per operation. After the run the tally of what
was sent shows the success paths were reached, not only the refusals.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.rules.registry import RULESETS
from tests.api.match_driver import Match, WireHttp, create, play_match, step
from tests.api.schemathesis_run import live_server, run_schemathesis
from tests.redis_server import RedisServer, redis_server

MAX_EXAMPLES = 80
SEED = 1
#: part-played pool matches take this many random legal actions first
PART_PLAYED = 7
#: a pool match is played to its end when a random match of its ruleset and mode ends within this
FINISH_WITHIN = 200


@pytest.fixture(params=["memory", "redis"])
def live_url(request: pytest.FixtureRequest, toy: str) -> Iterator[str]:
    """A live server of the app on each store: in memory, and on a private redis-server. Streams
    end at once (each a whole text/event-stream answer), so that fuzzing them takes no time."""
    settings = Settings(stream_max_seconds=0.1, stream_heartbeat_seconds=0.05)
    if request.param == "redis":
        server: RedisServer = request.getfixturevalue("redis_server")
        server.client().flushall()
        settings = Settings(redis_url=server.url, stream_max_seconds=0.1, stream_heartbeat_seconds=0.05)
    app = create_app(settings)
    app.extensions[MATCHES_KEY].rng = random.Random(SEED)  # seeded deals: a run repeats
    with live_server(app) as url:
        yield url


def make_pool(port: int) -> list[Match]:
    """Per ruleset and mode: a fresh match, a part-played one, and a finished one where that is quick."""
    http = WireHttp("127.0.0.1", port)
    rng = random.Random(SEED)
    pool: list[Match] = []
    try:
        for ruleset in sorted(RULESETS):
            for mode in ("dealt", "table"):
                players = RULESETS[ruleset].default_players
                fresh, _ = create(http, ruleset, mode, players)
                part, _ = create(http, ruleset, mode, players)
                for _ in range(PART_PLAYED):
                    if step(http, part, rng) is None:
                        break
                pool += [fresh, part]
                done, _ = create(http, ruleset, mode, players)
                try:
                    play_match(http, done, rng, max_actions=FINISH_WITHIN)
                except AssertionError:
                    continue  # too long a match for a setup: part-played is enough
                pool.append(done)
    finally:
        http.close()
    return pool


def test_schemathesis_on_match_endpoints_finds_nothing(live_url: str, tmp_path: Path) -> None:
    port = int(live_url.rsplit(":", 1)[1])
    pool = make_pool(port)
    tally = tmp_path / "tally.jsonl"
    config = {
        "url": live_url,
        "players": {r: RULESETS[r].default_players for r in sorted(RULESETS)},
        "matches": [{"id": m.id, "referee": m.referee, "seats": m.seats, "mode": m.mode} for m in pool],
        "tally": str(tally),
    }
    run_schemathesis(
        live_url, tmp_path,
        config_file="tests/api/schemathesis_matches.toml",
        hooks="tests.api.schemathesis_match_hooks",
        paths="^/v1/matches",
        max_examples=MAX_EXAMPLES,
        seed=SEED,
        env={"REFEREE_ST_MATCH_POOL": json.dumps(config)},
    )

    sent = [json.loads(line) for line in tally.read_text(encoding="utf-8").splitlines()]
    print(summary(sent))
    reached = {(s["operation"], s["status"]) for s in sent}
    # the hooks' aim: success paths too, not only refusals
    for wanted in [
        ("POST /v1/matches", 201),
        ("GET /v1/matches/{match_id}", 200),
        ("GET /v1/matches/{match_id}", 304),
        ("POST /v1/matches/{match_id}/actions", 200),
        ("GET /v1/matches/{match_id}/events", 200),
        ("GET /v1/matches/{match_id}/rounds", 200),
        ("GET /v1/matches/{match_id}/stream", 200),
        ("POST /v1/matches/{match_id}/undo", 200),
        ("DELETE /v1/matches/{match_id}", 204),
        ("GET /v1/matches/{match_id}", 401),
        ("GET /v1/matches/{match_id}", 404),
        ("POST /v1/matches/{match_id}/actions", 403),
        ("POST /v1/matches/{match_id}/actions", 422),
    ]:
        assert wanted in reached, f"never reached {wanted}:\n{summary(sent)}"
    assert any(s["body"] == "legal" and s["status"] == 200 for s in sent)
    assert any(s["body"] == "lenient" and s["status"] == 200 for s in sent)
    assert any(s["body"].startswith("near-miss:") for s in sent)


__all__ = ["redis_server"]


def summary(sent: list[dict[str, Any]]) -> str:
    """Requests sent per operation and status, and per kind of aimed body."""
    by_status = Counter((s["operation"], s["status"]) for s in sent)
    by_body = Counter((s["body"].split(":")[0], s["status"]) for s in sent if s["body"] != "generated")
    lines = [f"{len(sent)} requests"]
    lines += [f"  {op} -> {status}: {n}" for (op, status), n in sorted(by_status.items())]
    lines += [f"  body {kind} -> {status}: {n}" for (kind, status), n in sorted(by_body.items())]
    return "\n".join(lines)
