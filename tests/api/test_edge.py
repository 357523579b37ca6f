"""The edge (service/api/edge.py): the usual answer's headers, made once per language, are exactly
those the general path (``announce``, ``add_headers``, the request id last) gives, in order."""

from __future__ import annotations

import itertools

import pytest
from flask import Flask

from service.api.edge import Edge
from service.api.headers import add_headers
from service.api.i18n import LANGUAGES
from service.api.languages import announce

RID = "0123456789abcdef0123456789abcdef"
APP_HEADERS = [
    ("Content-Type", "application/json"),
    ("Content-Type", "text/html; charset=utf-8"),
    ("Content-Length", "103"),
    ("Vary", "Authorization"),
    ("vary", "Origin, Accept-Language"),
    ("Vary", " "),
    ("ETag", '"2"'),
    ("X-Request-ID", "the-app's"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "SAMEORIGIN"),
]


def general(headers: list[tuple[str, str]], lang: str) -> list[tuple[str, str]]:
    """What the edge's five former layers did, one after the other."""
    out = list(headers)
    announce(out, lang)
    add_headers(out)
    return [(k, v) for k, v in out if k.lower() != "x-request-id"] + [("X-Request-ID", RID)]


@pytest.fixture(scope="module")
def edge() -> Edge:
    return Edge(lambda environ, start_response: [], Flask(__name__))


@pytest.mark.parametrize("lang", [*LANGUAGES, "xx"])
def test_every_answer_gets_the_headers_of_the_general_path(edge: Edge, lang: str) -> None:
    for size in range(4):
        for chosen in itertools.permutations(APP_HEADERS, size):
            headers = list(chosen)
            edge.finish_headers(headers, lang, RID)
            assert headers == general(list(chosen), lang), chosen
