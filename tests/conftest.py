"""Shared pytest configuration."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from tests.fifth_game import FIFTH_ID, register

# Property tests play whole games; wall-clock deadlines only make them flaky on a shared machine.
settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("default")


@pytest.fixture
def ruleset_id(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """A ruleset id given by ``parametrize(..., indirect=True)``; the fifth game's id registers it
    (``tests/fifth_game.py``) for this test only."""
    rid: str = request.param
    if rid == FIFTH_ID:
        register(monkeypatch)
    return rid
