"""Settings from environment variables (issue 4, item 1)."""

from __future__ import annotations

import pytest

from service.api.config import ConfigError, Settings


def test_defaults() -> None:
    settings = Settings.from_env({})
    assert settings == Settings()
    assert (settings.port, settings.host, settings.bind) == (8000, "0.0.0.0", "0.0.0.0:8000")
    assert settings.web_concurrency == 1  # matches in memory: one process
    assert settings.redis_url is None and not settings.uses_redis
    assert settings.match_ttl_seconds == 604800
    assert settings.log_level == "info"


def test_values_from_the_environment() -> None:
    settings = Settings.from_env({
        "PORT": "9000", "HOST": "127.0.0.1", "WEB_CONCURRENCY": "4", "REDIS_URL": "redis://r:6379/0",
        "MATCH_TTL_SECONDS": "3600", "LOG_LEVEL": "DEBUG", "MAX_BODY_BYTES": "2048",
    })
    assert settings.bind == "127.0.0.1:9000"
    assert settings.web_concurrency == 4
    assert settings.uses_redis and settings.redis_url == "redis://r:6379/0"
    assert (settings.match_ttl_seconds, settings.log_level, settings.max_body_bytes) == (3600, "debug", 2048)
    assert Settings.from_env({"HOST": "::1"}).bind == "[::1]:8000"


def test_workers_default_to_the_cores_with_redis() -> None:
    import os

    assert Settings.from_env({"REDIS_URL": "redis://x"}).web_concurrency == 2 * (os.cpu_count() or 1) + 1


def test_sentinels() -> None:
    settings = Settings.from_env({"REDIS_SENTINELS": "a:26379, b:26380", "REDIS_SENTINEL_MASTER": "m"})
    assert settings.redis_sentinels == (("a", 26379), ("b", 26380))
    assert settings.redis_sentinel_master == "m"
    assert settings.uses_redis


@pytest.mark.parametrize(
    ("name", "value"),
    [("PORT", "eighty"), ("PORT", "0"), ("PORT", "70000"), ("WEB_CONCURRENCY", "0"), ("MATCH_TTL_SECONDS", "-5"),
     ("LOG_LEVEL", "loud"), ("REDIS_SENTINELS", "nohost"), ("MAX_BODY_BYTES", "1")],
)
def test_unusable_values_stop_the_start(name: str, value: str) -> None:
    with pytest.raises(ConfigError) as caught:
        Settings.from_env({name: value})
    assert name in str(caught.value)


def test_stream_and_cors_settings() -> None:
    defaults = Settings.from_env({})
    assert (defaults.stream_heartbeat_seconds, defaults.stream_max_seconds, defaults.cors_origins) == (15.0, 600.0, ())
    settings = Settings.from_env({
        "STREAM_HEARTBEAT_SECONDS": "0.5", "STREAM_MAX_SECONDS": "30",
        "CORS_ORIGINS": " https://a.example , https://b.example,", "WORKER_CLASS": "GThread", "WORKER_THREADS": "64",
    })
    assert (settings.stream_heartbeat_seconds, settings.stream_max_seconds) == (0.5, 30.0)
    assert settings.cors_origins == ("https://a.example", "https://b.example")
    assert (settings.worker_class, settings.worker_threads) == ("gthread", 64)


@pytest.mark.parametrize(
    ("name", "value"),
    [("STREAM_HEARTBEAT_SECONDS", "soon"), ("STREAM_HEARTBEAT_SECONDS", "0"), ("STREAM_MAX_SECONDS", "-1"),
     ("WORKER_CLASS", "eventlet"), ("WORKER_CONNECTIONS", "0")],
)
def test_unusable_stream_and_worker_values_stop_the_start(name: str, value: str) -> None:
    with pytest.raises(ConfigError, match=name):
        Settings.from_env({name: value})


def test_the_readme_lists_every_variable_the_service_reads() -> None:
    """The README's table of variables names exactly ``VARIABLES`` (issue 33 item 1), and nothing in
    the service reads the environment but ``config.py`` (and gunicorn.conf.py, which hands a
    multiprocess directory to the metrics library and turns the limits on by default)."""
    import re
    from pathlib import Path

    from service.api.config import VARIABLES

    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text()
    start = readme.index("| variable | meaning | default |")
    table = readme[start:readme.index("\n\n", start)]
    assert set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)`", table, re.M)) == set(VARIABLES)
    readers = sorted(
        str(path.relative_to(root)) for path in (root / "service").rglob("*.py")
        if re.search(r"os\.environ|os\.getenv|getenv\(", path.read_text()) and path.name != "config.py"
    )
    assert readers == ["service/api/ops.py"]  # whether the metrics library is in multiprocess mode
