"""TLS between the service and Redis (``REDIS_URL=rediss://...``, ``REDIS_TLS_*``): a real
redis-server listening with TLS only for clients (``tls-port``, ``tls-auth-clients yes``), with
certificates made by the test; a match created and played through the store over TLS; a client
that trusts another CA, or shows no certificate, is refused."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from service.api.config import ConfigError, Settings
from service.matches.usecases import Matches
from service.store.factory import make_store
from service.store.redis_store import RedisStore
from tests.ports import free_port
from tests.redis_server import RedisServer
from tests.tls_certs import make_certificates

pytestmark = pytest.mark.redis


def _tls_server(make: Callable[..., RedisServer], tmp_path: Path) -> tuple[RedisServer, int, Path]:
    certs = make_certificates(tmp_path / "certs")
    tls_port = free_port()
    server = make(extra_args=[
        "--tls-port", str(tls_port), "--tls-cert-file", str(certs.server_cert), "--tls-key-file", str(certs.server_key),
        "--tls-ca-cert-file", str(certs.ca), "--tls-auth-clients", "yes",
    ])
    return server, tls_port, tmp_path / "certs"


def test_a_match_is_played_over_tls_with_a_self_made_certificate(
    redis_server_factory: Callable[..., RedisServer], tmp_path: Path
) -> None:
    server, tls_port, certs = _tls_server(redis_server_factory, tmp_path)
    env = {
        "REDIS_URL": f"rediss://127.0.0.1:{tls_port}/0",
        "REDIS_TLS_CA_FILE": str(certs / "ca.crt"),
        "REDIS_TLS_CERT_FILE": str(certs / "client.crt"),
        "REDIS_TLS_KEY_FILE": str(certs / "client.key"),
    }
    settings = Settings.from_env(env)
    assert settings.redis_tls
    store = make_store(settings.store)
    assert isinstance(store, RedisStore)
    try:
        assert store.ping()
        matches = Matches(store, rng=random.Random(3))
        created = matches.create({"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C", "D"],
                                  "dealer": 0})
        before = matches.view(created.match_id, created.referee_token).view
        matches.act(created.match_id, created.referee_token, before["legal_actions"][0])
        after = matches.view(created.match_id, created.referee_token).view
        assert after["version"] == before["version"] + 1
    finally:
        store.close()
    # The match is in that Redis: TLS carried it, not another store.
    with server.client() as plain:
        assert list(plain.scan_iter(f"*{created.match_id}*"))
    # The rate limiter counts in that Redis over TLS too (it fails open to memory when it cannot).
    from service.api.app import create_app

    app = create_app(Settings.from_env({**env, "RATELIMIT_ENABLED": "true"}))
    for _ in range(3):
        assert app.test_client().get("/v1/rulesets").status_code == 200
    with server.client() as plain:
        assert list(plain.scan_iter("*referee-limits*")), "the limiter counted nothing in Redis"

    # A client that trusts another CA is refused (the server's certificate is checked) ...
    other = make_certificates(tmp_path / "other", ca_name="another CA")
    stranger = make_store(Settings.from_env({**env, "REDIS_TLS_CA_FILE": str(other.ca)}).store)
    try:
        assert not stranger.ping()
    finally:
        stranger.close()
    # ... and so is one without a client certificate, since the server asks for one.
    no_certificate = {"REDIS_URL": env["REDIS_URL"], "REDIS_TLS_CA_FILE": env["REDIS_TLS_CA_FILE"]}
    anonymous = make_store(Settings.from_env(no_certificate).store)
    try:
        assert not anonymous.ping()
    finally:
        anonymous.close()


def test_tls_settings_that_cannot_work_stop_the_start(tmp_path: Path) -> None:
    certs = make_certificates(tmp_path / "certs")
    with pytest.raises(ConfigError, match="REDIS_TLS must agree"):
        Settings.from_env({"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_TLS": "true"})
    with pytest.raises(ConfigError, match="REDIS_TLS_CA_FILE is set but TLS to Redis is off"):
        Settings.from_env({"REDIS_URL": "redis://127.0.0.1:6379/0", "REDIS_TLS_CA_FILE": str(certs.ca)})
    with pytest.raises(ConfigError, match="no file at"):
        Settings.from_env({"REDIS_URL": "rediss://127.0.0.1:6379/0", "REDIS_TLS_CA_FILE": str(tmp_path / "none")})
    with pytest.raises(ConfigError, match="together"):
        Settings.from_env({"REDIS_URL": "rediss://127.0.0.1:6379/0", "REDIS_TLS_CERT_FILE": str(certs.client_cert)})
    sentinels = Settings.from_env(
        {"REDIS_SENTINELS": "s:26379", "REDIS_TLS": "true", "REDIS_TLS_CA_FILE": str(certs.ca)}
    )
    assert sentinels.redis_options.tls_kwargs() == {"ssl_cert_reqs": "required", "ssl_ca_certs": str(certs.ca)}
