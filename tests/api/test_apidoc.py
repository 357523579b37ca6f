"""The OpenAPI document's operation ids, headers, policy and examples (issue 19 item 8).

The examples of ``service/api/openapi_examples.json`` are compared with what the service answers
today for the same requests: the same fields (at every level of a match answer), and for a problem
the same status, code, title and type."""

from __future__ import annotations

from typing import Any

import pytest
from apispec import APISpec
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from service.api.apidoc import HEADERS, OperationIds, camel_case, example, problem_example
from service.api.openapi import spec_dict

METHODS = ("get", "put", "post", "delete", "patch", "head", "options")
#: the ids client generators name their functions after: a change here breaks every client
EXPECTED_IDS = {
    "healthz", "readyz", "metrics", "listRulesets", "getRulesetDetail", "trick", "legalPlays", "score",
    "createMatch", "getMatch", "postAction", "getEvents", "getRounds", "getRecord", "undo", "deleteMatch",
}


def _operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, op) for path, item in spec["paths"].items() for method, op in item.items()
            if method in METHODS]


def test_every_operation_has_a_unique_operation_id() -> None:
    ops = _operations(spec_dict())
    ids = [op.get("operationId") for _, _, op in ops]
    assert all(ids), [f"{m} {p}" for p, m, op in ops if not op.get("operationId")]
    assert len(set(ids)) == len(ids)
    assert set(ids) >= EXPECTED_IDS
    assert all(i == camel_case(i) and i[0].islower() for i in ids if isinstance(i, str))


def test_camel_case() -> None:
    assert camel_case("create_match") == "createMatch"
    assert camel_case("post_action") == "postAction"
    assert camel_case("legal-plays") == "legalPlays"
    assert camel_case("healthz") == "healthz"


def _spec() -> APISpec:
    return APISpec("t", "1", "3.0.3", plugins=[OperationIds()])


def test_an_endpoint_with_several_methods_gets_the_method_in_front() -> None:
    spec = _spec()
    spec.path("/thing", operations={"get": {}, "put": {}}, rule=Rule("/thing", endpoint="things.thing"))
    ops = spec.to_dict()["paths"]["/thing"]
    assert [ops["get"]["operationId"], ops["put"]["operationId"]] == ["getThing", "putThing"]


def test_an_id_set_by_the_view_is_kept_and_a_duplicate_refused() -> None:
    spec = _spec()
    spec.path("/a", operations={"get": {"operationId": "custom"}}, rule=Rule("/a", endpoint="x.a"))
    assert spec.to_dict()["paths"]["/a"]["get"]["operationId"] == "custom"
    with pytest.raises(ValueError, match="already"):
        spec.path("/b", operations={"get": {}}, rule=Rule("/b", endpoint="y.custom"))


def test_headers_and_policy_are_documented() -> None:
    spec = spec_dict()
    assert set(HEADERS) <= set(spec["components"]["headers"])
    paths = spec["paths"]
    for path, method in (("/v1/matches", "post"), ("/v1/matches/{match_id}/actions", "post"),
                         ("/v1/matches/{match_id}/undo", "post")):
        headers = next(r for s, r in paths[path][method]["responses"].items() if s.startswith("2"))["headers"]
        assert headers["ETag"] == {"$ref": "#/components/headers/ETag"}
        assert headers["Idempotent-Replayed"] == {"$ref": "#/components/headers/Idempotent-Replayed"}
    responses = spec["components"]["responses"]
    assert "WWW-Authenticate" in responses["UNAUTHORIZED"]["headers"]
    assert "Retry-After" in responses["SERVICE_UNAVAILABLE"]["headers"]
    description = spec["info"]["description"]
    for words in ("Idempotency-Key", "IDEMPOTENCY_TTL_SECONDS", "MATCH_TTL_SECONDS", "expires_at", "If-Match"):
        assert words in description


def test_match_endpoints_and_problems_have_examples() -> None:
    spec = spec_dict()
    paths = spec["paths"]
    for path, method, status in (("/v1/matches", "post", "201"), ("/v1/matches/{match_id}", "get", "200"),
                                 ("/v1/matches/{match_id}/actions", "post", "200")):
        assert "example" in paths[path][method]["responses"][status]["content"]["application/json"]
    for name in ("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "PRECONDITION_FAILED",
                 "UNPROCESSABLE_ENTITY"):
        assert "example" in spec["components"]["responses"][name]["content"]["application/problem+json"]


def _shape(value: Any) -> Any:
    """The keys of a JSON value at every level of its objects (lists by their first item)."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items() if k not in ("hands", "discards")}
    if isinstance(value, list):
        return [_shape(value[0])] if value and isinstance(value[0], dict) else []
    return None


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _created_in_play(client: FlaskClient) -> dict[str, Any]:
    """A new dealt Forty-Fives match whose first deal went straight to play (no robbing), as the
    recorded examples' match did."""
    for _ in range(100):
        created = client.post("/v1/matches", json={"ruleset": "forty_fives", "mode": "dealt",
                                                   "players": ["Ann", "Bob", "Cy"]})
        assert created.status_code == 201
        body: dict[str, Any] = created.get_json()
        if body["view"]["phase"] == "play":
            return body
    raise AssertionError("100 deals, none straight to play")


def test_examples_are_what_the_service_answers(client: FlaskClient) -> None:
    body = _created_in_play(client)
    assert _shape(body) == _shape(example("created"))
    match = f"/v1/matches/{body['id']}"
    to_act = body["view"]["to_act"][0]
    tokens = [seat["token"] for seat in body["seats"]]
    mine, other = tokens[to_act], tokens[(to_act + 1) % 3]
    view = client.get(match, headers=_bearer(mine)).get_json()
    assert _shape(view) == _shape(example("seat_view"))
    legal = view["legal_actions"][0]
    card_not_held = next(f"{r}{s}" for s in "CDHS" for r in ("A", "K", "Q", "J", "10")
                         if f"{r}{s}" not in view["hand"])
    problems = {
        400: client.post(f"{match}/actions", headers=_bearer(mine), json={"type": "play", "card": "ZZ"}),
        401: client.get(match, headers=_bearer("not-a-token")),
        403: client.post(f"{match}/actions", headers=_bearer(other), json=legal),
        404: client.get("/v1/matches/nosuch", headers=_bearer("not-a-token")),
        409: client.post(f"{match}/actions", headers=_bearer(other), json={"type": "play", "card": "AS"}),
        412: client.post(f"{match}/actions", headers={**_bearer(mine), "If-Match": '"7"'}, json=legal),
        422: client.post(f"{match}/actions", headers=_bearer(mine), json={"type": "play", "card": card_not_held}),
    }
    for status, answer in problems.items():
        recorded = problem_example(status)
        assert recorded is not None, status
        got = answer.get_json()
        assert answer.status_code == status, got
        assert {k: got[k] for k in ("status", "code", "title", "type")} == {
            k: recorded[k] for k in ("status", "code", "title", "type")}, status
        assert set(got) == set(recorded), status
    after = client.post(f"{match}/actions", headers=_bearer(mine), json=legal).get_json()
    assert _shape(after) == _shape(example("seat_view_after_play"))
