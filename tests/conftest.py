"""Shared pytest configuration: hypothesis's profile, the ruleset fixture, and the quick tier.

The quick tier (``bash scripts/test.sh -m "not slow"``) leaves out every test marked ``slow``: those
marked one by one, and every test of the places in ``SLOW_PLACES`` (a real browser, npm, a real
gunicorn or a group of Redis servers started for the test), which are marked here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.fifth_game import FIFTH_ID, register
from tests.schedule import spread

# Property tests play whole games; wall-clock deadlines only make them flaky on a shared machine.
settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("default")


ROOT = Path(__file__).resolve().parents[1]

#: folders and modules whose every test is slow (paths from the repository's root)
SLOW_PLACES = (
    "tests/web/",  # chromium
    "tests/clients/",  # npm, tsc and node; the Python client against a live server
    "tests/matches/test_gunicorn_",  # a real gunicorn (and Redis servers)
    "tests/matches/test_worker_profile.py",
    "tests/store/test_sentinel_failover.py",  # Sentinels
    "tests/store/test_redis_cluster.py",  # a Redis Cluster
    "tests/test_redis_scripts.py",  # the manifests' Redis nodes and Sentinels
    "tests/test_deploy.py",  # checkov, hadolint, kubernetes-validate
    "tests/api/test_schemathesis",  # schemathesis against a live server
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every test of ``SLOW_PLACES``; start the longest tests early, on different workers
    (``tests/schedule.py``)."""
    for item in items:
        where = item.path.relative_to(ROOT).as_posix()
        if where.startswith(SLOW_PLACES):
            item.add_marker(pytest.mark.slow)
    items[:] = spread(items)


@pytest.fixture
def ruleset_id(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """A ruleset id given by ``parametrize(..., indirect=True)``; the fifth game's id registers it
    (``tests/fifth_game.py``) for this test only."""
    rid: str = request.param
    if rid == FIFTH_ID:
        register(monkeypatch)
    return rid
