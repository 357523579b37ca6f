"""``body.JsonResponse``: the answer werkzeug's general path makes for the same JSON, byte for byte."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.wrappers import Response

from service.api.body import JSON_MIME, JsonResponse, json_response
from service.api.wire import dumps

CASES: list[tuple[int, dict[str, Any] | None]] = [
    (200, None),
    (200, {}),
    (200, {"Cache-Control": "no-store", "Vary": "Authorization", "ETag": '"7"'}),
    (200, {"Cache-Control": "no-store", "Vary": "Authorization", "ETag": '"7"', "Idempotent-Replayed": "true"}),
    (201, {"Cache-Control": "no-store", "ETag": '"1"', "Location": "/v1/matches/abc"}),
    (203, {"X-Thing": "a"}),
    (422, {"Content-Type": "application/problem+json"}),
    (200, {"Content-Length": "3"}),
    (200, {"X-Count": 3}),
    (200, {"X-List": ["a", "b"]}),
    (304, {"ETag": '"3"'}),
    (204, {"ETag": '"3"'}),
]


def _general(body: bytes, status: int, headers: dict[str, Any] | None) -> Response:
    return Response(body, status=status, headers=headers, content_type=JSON_MIME)


@pytest.mark.parametrize(("status", "headers"), CASES)
def test_same_answer_as_werkzeugs_path(status: int, headers: dict[str, Any] | None) -> None:
    body = dumps({"a": [1, 2, {"b": None}], "c": "é"})
    app = Flask(__name__)
    ours, theirs = JsonResponse(body, status, headers), _general(body, status, headers)
    environ = {"REQUEST_METHOD": "POST", "SERVER_NAME": "localhost", "SERVER_PORT": "80", "wsgi.url_scheme": "http",
               "PATH_INFO": "/v1/matches", "SCRIPT_NAME": "", "HTTP_HOST": "localhost"}
    assert ours.status == theirs.status and ours.status_code == theirs.status_code
    assert ours.headers.to_wsgi_list() == theirs.headers.to_wsgi_list()
    assert ours.get_data() == theirs.get_data() == body
    sent_ours, sent_theirs = ours.get_wsgi_response(environ), theirs.get_wsgi_response(environ)
    assert sent_ours[1:] == sent_theirs[1:]
    assert b"".join(sent_ours[0]) == b"".join(sent_theirs[0])
    with app.test_request_context():
        made = json_response({"a": [1, 2, {"b": None}], "c": "é"}, status, headers)
    assert isinstance(made, JsonResponse)
    assert made.get_wsgi_response(environ)[1:] == sent_theirs[1:]


def test_headers_added_later_are_sent() -> None:
    """after_request handlers (CORS, Vary: Origin) edit the headers through werkzeug's own API."""
    environ = {"REQUEST_METHOD": "GET"}
    response = JsonResponse(b"{}", 200, {"Vary": "Authorization", "ETag": '"2"'})
    response.vary.add("Origin")
    response.headers["Access-Control-Allow-Origin"] = "*"
    response.headers["Content-Length"] = "2"
    assert response.get_wsgi_response(environ)[2] == [
        ("Vary", "Authorization, Origin"), ("ETag", '"2"'), ("Content-Type", JSON_MIME), ("Content-Length", "2"),
        ("Access-Control-Allow-Origin", "*"),
    ]


def test_a_line_break_in_a_header_is_refused_as_before() -> None:
    with pytest.raises(ValueError, match="newline"):
        JsonResponse(b"{}", 200, {"X-Bad": "a\nb"})
    with pytest.raises(ValueError, match="newline"):
        _general(b"{}", 200, {"X-Bad": "a\nb"})


def test_a_sent_header_list_is_a_copy() -> None:
    """The edge extends the list it is given: the response's own headers stay as they were."""
    response = JsonResponse(b"{}", 200, {"ETag": '"2"'})
    sent = response.get_wsgi_response({"REQUEST_METHOD": "POST"})[2]
    sent.append(("X-Request-Id", "r"))
    assert response.headers.to_wsgi_list() == [("ETag", '"2"'), ("Content-Type", JSON_MIME), ("Content-Length", "2")]
