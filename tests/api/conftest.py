"""Fixtures for the HTTP layer: an app built from default settings, its test client, and a test
ruleset (``plain_tricks``) registered for the duration of a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings
from service.rules.registry import RULESETS
from tests.api.plain_ruleset import BROKEN, PLAIN


@pytest.fixture(scope="session")
def app() -> Flask:
    app = create_app(Settings())
    app.config["TESTING"] = True
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Registers the plain_tricks test ruleset for one test; yields its id."""
    monkeypatch.setitem(RULESETS, PLAIN.id, PLAIN)
    yield PLAIN.id


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Registers a test ruleset whose trick_winner has a bug; yields its id."""
    monkeypatch.setitem(RULESETS, BROKEN.id, BROKEN)
    yield BROKEN.id
