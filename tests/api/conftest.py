"""Fixtures for the HTTP layer: an app built from default settings, its test client, and the test
ruleset (``toy_tricks``, ``tests/toy_ruleset.py``) registered for the duration of a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

# The modules that write the registered rulesets into the API's documentation when imported are
# imported here, before any test registers a test ruleset, as a deployment imports them (a first
# import inside the ``toy`` fixture wrote toy_tricks into openapi.yaml's text for the whole run).
import service.api.rulesets  # noqa: F401
from service.api.app import create_app
from service.api.config import Settings
from service.rules.registry import RULESETS
from tests.toy_ruleset import BROKEN, TOY


@pytest.fixture(scope="session")
def app() -> Flask:
    app = create_app(Settings())
    app.config["TESTING"] = True
    return app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Registers the toy_tricks test ruleset for one test; yields its id."""
    monkeypatch.setitem(RULESETS, TOY.id, TOY)
    yield TOY.id


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Registers a test ruleset whose trick_winner has a bug; yields its id."""
    monkeypatch.setitem(RULESETS, BROKEN.id, BROKEN)
    yield BROKEN.id
