"""The service under gunicorn on a real 3-master Redis Cluster (``REDIS_CLUSTER_NODES``), through
real HTTP requests only.

* **Every ruleset**: a dealt match of each ruleset is played to its end (the service deals; each
  seat posts with its own token), and more matches are created until every master holds some.
* **A master restart mid-match**: the master holding a match's slot is killed by its pid (SIGKILL;
  its AOF has every acknowledged write): the service answers 503 ``store_unavailable`` for that
  match while ``/readyz`` stays ready (the process serves; issue 33) and liveness stays up, and a
  match on another master carries on until the cluster marks the master failed
  (``cluster-node-timeout``, 2 s here); from then on
  every master refuses every slot (``CLUSTERDOWN``, Redis's default full coverage), also 503.
  Started again on the same port and data directory, the master is taken back and both matches
  carry on from their last accepted action.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.rules.registry import RULESETS
from tests.api.match_driver import Match, WireHttp, create, play_match, step
from tests.matches.gunicorn_server import Gunicorn
from tests.redis_server import LocalRedisCluster

pytestmark = [pytest.mark.redis, pytest.mark.slow]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Gunicorn, LocalRedisCluster]]:
    with LocalRedisCluster(tmp_path / "cluster") as cluster:
        env = {"REDIS_CLUSTER_NODES": cluster.setting}
        with Gunicorn("service.wsgi:app", workers=2, env=env) as server:
            yield server, cluster


def holder(cluster: LocalRedisCluster, match: Match) -> int:
    """The port of the master that holds the match."""
    node = cluster.node_for(f"{{match:{match.id}}}:doc")
    with node.client() as client:
        assert client.exists(f"{{match:{match.id}}}:doc") == 1
    return node.port


def test_a_dealt_match_of_every_ruleset_plays_to_its_end_on_a_cluster(
    served: tuple[Gunicorn, LocalRedisCluster],
) -> None:
    server, cluster = served
    http = WireHttp("127.0.0.1", server.port)
    try:
        ready = http.get("/readyz")
        assert ready.status == 200 and ready.body == {"status": "ready", "store": "redis"}
        used: set[int] = set()
        for n, (ruleset_id, ruleset) in enumerate(sorted(RULESETS.items())):
            match, _ = create(http, ruleset_id, "dealt", ruleset.default_players)
            actions = play_match(http, match, random.Random(n))
            final = http.get(match.path, match.referee).body
            assert final["status"] == "finished", ruleset_id
            events = http.get(f"{match.path}/events", match.referee).body["events"]
            assert sum(1 for e in events if e["kind"] == "action") == actions
            assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
            assert final["version"] == max(e["version"] for e in events)
            used.add(holder(cluster, match))
        for _ in range(40):  # more matches, until every master holds one
            if len(used) == len(cluster.nodes):
                break
            match, _ = create(http, "forty_fives", "dealt", 3)
            used.add(holder(cluster, match))
        assert used == {node.port for node in cluster.nodes}
    finally:
        http.close()


def test_a_master_restart_mid_match_answers_503_and_loses_nothing_accepted(
    served: tuple[Gunicorn, LocalRedisCluster],
) -> None:
    server, cluster = served
    http = WireHttp("127.0.0.1", server.port)
    long_match: dict[str, Any] = {"options": {"target_score": 1000}}
    match, _ = create(http, "forty_fives", "dealt", 3, **long_match)
    node = cluster.node_for(f"{{match:{match.id}}}:doc")
    other = match
    while cluster.node_for(f"{{match:{other.id}}}:doc") is node:
        other, _ = create(http, "forty_fives", "dealt", 3, **long_match)
    rng = random.Random(7)
    accepted: dict[str, list[int]] = {match.id: [], other.id: []}

    def play(which: Match, count: int) -> None:
        for _ in range(count):
            answer = step(http, which, rng, None)
            assert answer is not None
            accepted[which.id].append(answer.body["version"])

    try:
        play(match, 8)
        play(other, 4)
        node.kill()
        down_since = time.monotonic()
        assert http.get(other.path, other.referee).status == 200  # its master is up, the cluster still ok
        for method, path, body in [
            ("GET", match.path, None),
            ("POST", f"{match.path}/actions", {"type": "play", "card": "2C"}),
            ("GET", f"{match.path}/events", None),
        ]:
            began = time.monotonic()
            down = http.request(method, path, match.seats[0], body)
            assert down.status == 503 and down.body["code"] == "store_unavailable", (path, down.body)
            assert down.headers.get("Retry-After") == "1"
            assert time.monotonic() - began < 3.0
        assert http.get("/healthz").status == 200
        assert http.get("/readyz").status == 200  # readiness is the process's, not the store's (issue 33)
        while http.get(other.path, other.referee).status == 200:
            assert time.monotonic() - down_since < 30, "the cluster never marked the master failed"
            time.sleep(0.1)
        refused = http.get(other.path, other.referee)
        assert refused.status == 503 and refused.body["code"] == "store_unavailable"
        node.start()  # same port, same directory
        while any(http.get(m.path, m.referee).status != 200 for m in (match, other)):  # cluster_state:ok
            assert time.monotonic() - down_since < 60
            time.sleep(0.1)
        print(f"\n503s for {time.monotonic() - down_since:.1f} s (the master down for longer than the node timeout)")
        play(match, 8)
        play(other, 4)
        for which in (match, other):
            events = http.get(f"{which.path}/events", which.referee).body["events"]
            assert [e["version"] for e in events if e["kind"] == "action"] == accepted[which.id]
            assert http.get(which.path, which.referee).body["version"] == accepted[which.id][-1]
    finally:
        http.close()
