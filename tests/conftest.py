"""Shared pytest configuration."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

# Property tests play whole games; wall-clock deadlines only make them flaky on a shared machine.
settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("default")
