"""openapi.yaml is generated from the code, valid, and committed as generated (issue 4, item 4)."""

from __future__ import annotations

from pathlib import Path

import yaml
from flask import Flask
from flask.testing import FlaskClient
from openapi_spec_validator import validate

from service.api.openapi import main, spec_dict, spec_yaml
from service.rules.registry import RULESETS

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"
REGENERATE = "python -m service.api.openapi (or bash scripts/openapi.sh)"


def test_committed_file_is_what_the_code_generates() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == spec_yaml(), (
        f"openapi.yaml differs from the code; regenerate it with: {REGENERATE}"
    )


def test_committed_file_is_a_valid_openapi_document() -> None:
    validate(yaml.safe_load(COMMITTED.read_text(encoding="utf-8")))


def test_check_mode_reports_drift(tmp_path: Path) -> None:
    stale = tmp_path / "openapi.yaml"
    stale.write_text("openapi: 3.0.3\n", encoding="utf-8")
    assert main(["--check", str(stale)]) == 1
    assert main([str(stale)]) == 0
    assert main(["--check", str(stale)]) == 0


def test_served_document_is_the_generated_one(app: Flask, client: FlaskClient) -> None:
    served = client.get("/openapi.json")
    assert served.status_code == 200
    assert served.get_json() == spec_dict(app)


def test_docs_page(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert "swagger-ui" in page.get_data(as_text=True)


def test_rules_contract_paths_and_error_responses() -> None:
    spec = spec_dict()
    for path, method in (
        ("/v1/rulesets", "get"),
        ("/v1/rulesets/{id}", "get"),
        ("/v1/rulesets/{id}/trick", "post"),
        ("/v1/rulesets/{id}/legal-plays", "post"),
        ("/v1/rulesets/{id}/score", "post"),
        ("/healthz", "get"),
    ):
        operation = spec["paths"][path][method]
        default = spec["components"]["responses"][operation["responses"]["default"]["$ref"].rsplit("/", 1)[1]]
        assert list(default["content"]) == ["application/problem+json"]
    trick = spec["components"]["schemas"]["TrickRequest"]
    assert trick["properties"]["trick_number"] == {
        "type": "integer", "minimum": 1, "description": trick["properties"]["trick_number"]["description"]
    }
    score = spec["paths"]["/v1/rulesets/{id}/score"]["post"]["requestBody"]["content"]["application/json"]
    assert set(RULESETS) <= set(score["examples"])


def test_flask_cli_writes_the_same_document(app: Flask, tmp_path: Path) -> None:
    """``flask openapi write --format=yaml`` (STACK.md's command) and ``python -m service.api.openapi``
    write the same bytes."""
    target = tmp_path / "openapi.yaml"
    result = app.test_cli_runner().invoke(args=["openapi", "write", "--format=yaml", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8") == spec_yaml()
