"""The page and /docs under a Content-Security-Policy of 'self' (what the service sends with its
HTML answers): no inline script or style is needed, so nothing is blocked on the page."""

from __future__ import annotations

import urllib.request
from collections.abc import Callable

from playwright.sync_api import Route, expect

from tests.web.conftest import Contexts
from tests.web.screens import start_match

POLICY = "default-src 'self'"


def with_policy(url: str) -> Callable[[Route], None]:
    """A route answering ``url`` as the service does, with the policy added. The answer is read
    beforehand: while the browser holds a connection to the one sync worker, a second one would
    wait (route.fetch hangs the same way)."""
    with urllib.request.urlopen(url, timeout=10) as answer:
        body = answer.read()
        content_type = answer.headers["Content-Type"]
    assert content_type.startswith("text/html")

    def fulfill(route: Route) -> None:
        route.fulfill(status=200, body=body, headers={"Content-Type": content_type, "Content-Security-Policy": POLICY})

    return fulfill


def test_page_needs_nothing_the_policy_blocks(phones: Contexts, server: str) -> None:
    page = phones.page()
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    page.route(server + "/", with_policy(server + "/"))
    start_match(page, server, "forty_fives", ["Ann", "Bob", "Cy"], mode="dealt")
    expect(page.locator("#share [data-seat] canvas")).to_have_count(3)
    page.reload()
    expect(page.locator("#share [data-seat] canvas")).to_have_count(3)
    assert not blocked, blocked


def test_docs_under_the_policy(phones: Contexts, server: str) -> None:
    page = phones.page()
    page.route(server + "/docs", with_policy(server + "/docs"))
    page.goto(server + "/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Trick referee")
