"""The order the suite runs in, so that its longest tests start early and on different workers.

pytest-xdist's ``worksteal`` (``scripts/test.sh``) gives each worker an equal, contiguous share of
the collected tests, then lets a worker that runs out take the second half of the longest queue
left. Collected in path order, the longest tests (schemathesis, the clients, the gunicorn and Redis
groups) would all fall in the first worker's share and run one after another there while the
others run out of work. ``spread`` moves them: each of ``LONG`` (a file, or one test) is put at the
front of one of ``SHARES`` equal parts of the run, the parts balanced by the figures below (seconds
on the 2-core machine, each measured alone under a parallel run's load), every other test in its
collected order. Only the order changes: no test depends on it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

#: the longest places and tests, and about how long each takes (seconds)
LONG: dict[str, float] = {
    "tests/test_redis_scripts.py": 110,
    "tests/clients/test_typescript_client.py": 100,
    "tests/clients/test_python_client.py": 60,
    "tests/api/test_schemathesis_matches.py::test_schemathesis_on_match_endpoints_finds_nothing[redis]": 55,
    "tests/api/test_schemathesis_matches.py::test_schemathesis_on_match_endpoints_finds_nothing[memory]": 45,
    "tests/matches/test_gunicorn_cluster.py": 50,
    "tests/matches/test_gunicorn_connections.py": 50,
    "tests/api/test_schemathesis.py": 40,
    "tests/api/test_matches_http.py": 40,
    "tests/api/test_catalog_words.py": 40,
    "tests/api/test_view_schema.py": 40,
    "tests/web/test_table_mode.py": 40,
    "tests/matches/test_gunicorn_limits.py": 34,
    "tests/rules/games/avinas/test_avinas_properties.py::test_two_thousand_hands_of_each_game_type[2025]": 30,
    "tests/rules/games/avinas/test_avinas_properties.py::test_two_thousand_hands_of_each_game_type[2024]": 25,
    "tests/matches/test_gunicorn_defaults.py": 30,
    "tests/api/test_headers.py": 30,
    "tests/matches/test_gunicorn_shutdown.py": 28,
    "tests/matches/test_gunicorn_stream.py": 27,
    "tests/matches/test_gunicorn_replicas.py": 26,
    "tests/matches/test_gunicorn_logs.py": 25,
    "tests/matches/test_gunicorn_bodies.py": 23,
    "tests/test_deploy.py::test_checkov_finds_no_failed_check": 38,
    "tests/api/test_settle_revoke_properties.py::"
    "test_random_table_matches_with_random_settlements_keep_the_invariants[avinas-0]": 36,
}
#: the parts the run is cut into (``TEST_WORKERS``' default in scripts/test.sh)
SHARES = 3


def _place(item: pytest.Item) -> str | None:
    """The entry of ``LONG`` that ``item`` belongs to: its own test id, else its file."""
    nodeid = item.nodeid
    if nodeid in LONG:
        return nodeid
    path = nodeid.split("::", 1)[0]
    return path if path in LONG else None


def spread(items: Sequence[pytest.Item]) -> list[pytest.Item]:
    """``items`` with each of ``LONG``'s groups at the front of one of ``SHARES`` equal parts."""
    groups: dict[str, list[pytest.Item]] = {}
    rest: list[pytest.Item] = []
    for item in items:
        place = _place(item)
        if place is None:
            rest.append(item)
        else:
            groups.setdefault(place, []).append(item)
    # the longest first, each to the part with the least so far
    loads = [0.0] * SHARES
    parts: list[list[pytest.Item]] = [[] for _ in range(SHARES)]
    for place in sorted(groups, key=lambda p: -LONG[p]):
        share = loads.index(min(loads))
        loads[share] += LONG[place]
        parts[share] += groups[place]
    size = -(-len(items) // SHARES)  # the share of the run each worker is given first
    ordered: list[pytest.Item] = []
    for part in parts:
        room = max(0, size - len(part))
        ordered += part + rest[:room]
        del rest[:room]
    return ordered + rest
