"""Browser tests of the web page: the real service under gunicorn on a free loopback port (memory
store, one worker), driven in Debian's headless ``chromium`` by Playwright for Python
(``executable_path=/usr/bin/chromium``; ``.ci/run`` installs the package, no browser download).

Every browser context refuses and records any request that leaves the service (the page must
make none); ``shot`` saves a screen to ``build/screenshots/`` (``SCREENSHOT_DIR``; the README's come from
``SCREENSHOT_DIR=docs/screenshots``).
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Route, expect, sync_playwright

from tests.matches.gunicorn_server import Gunicorn

ROOT = Path(__file__).resolve().parents[2]
#: where the screens are saved: build/screenshots (not committed), or SCREENSHOT_DIR; the README's
#: pictures are made with SCREENSHOT_DIR=docs/screenshots
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR") or ROOT / "build" / "screenshots")
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 360, "height": 740}
#: Every context is a phone: that viewport, with a touch screen.
PHONE_CONTEXT: dict[str, Any] = {"viewport": PHONE, "has_touch": True}
#: How long the page may take to show a change (the issue asks for under a second; the margin is
#: for a loaded 2-core CI machine).
LIVE_TIMEOUT_MS = 3000
#: How long an expectation waits for the page to show something, where no live bound is asserted
#: (a loaded CI machine; a sync worker held by the browser's idle preconnected socket stalls for seconds).
EXPECT_TIMEOUT_MS = 15000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    # A stream whose page has gone learns it at its next heartbeat, and a stopping worker waits for
    # that: a heartbeat each second lets the server stop within about one (15 s by default).
    with Gunicorn(workers=1, env={"STREAM_HEARTBEAT_SECONDS": "1"}) as g:
        yield f"http://127.0.0.1:{g.port}"


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: .ci/run installs Debian's chromium"
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    yield b
    b.close()


class Contexts:
    """Browser contexts (each its own phone) that record every request leaving the service."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser = browser
        self.base = base
        self.outside: list[str] = []
        self.contexts: list[BrowserContext] = []

    def new(self, locale: str = "en-US", **kwargs: Any) -> BrowserContext:
        ctx = self.browser.new_context(**{**PHONE_CONTEXT, "locale": locale, **kwargs})
        ctx.set_default_timeout(EXPECT_TIMEOUT_MS)

        def guard(route: Any) -> None:
            url = route.request.url
            if url.startswith(self.base + "/") or url.startswith("blob:") or url.startswith("data:"):
                route.continue_()
            else:
                self.outside.append(url)
                route.abort()

        ctx.route("**/*", guard)
        self.contexts.append(ctx)
        return ctx

    def page(self, locale: str = "en-US", **kwargs: Any) -> Page:
        page = self.new(locale, **kwargs).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.errors = errors  # type: ignore[attr-defined]
        return page


@pytest.fixture
def phones(browser: Browser, server: str) -> Iterator[Contexts]:
    c = Contexts(browser, server)
    yield c
    for ctx in c.contexts:
        pages = ctx.pages
        errors = [e for p in pages for e in getattr(p, "errors", [])]
        ctx.close()
        assert not errors, errors
    assert not c.outside, f"the page asked outside the service: {c.outside}"


@pytest.fixture
def shot() -> Callable[[Page, str], None]:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page: Page, name: str, full_page: bool = True) -> None:
        # The whole page by making the viewport as tall as the page for the picture: Playwright's
        # full_page capture left the page taking no form submission afterwards (seen with chromium 156).
        size = page.viewport_size or PHONE
        if full_page:
            height = page.evaluate("document.documentElement.scrollHeight")
            page.set_viewport_size({"width": size["width"], "height": max(height, size["height"])})
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
        page.set_viewport_size(size)

    return save


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core (vendored) on the page as it is: the serious and critical violations."""
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["html"][:120] for n in v["nodes"][:3]]}
        for v in result
        if v.get("impact") in ("serious", "critical")
    ]


#: The smallest touch target the page gives a control, in CSS pixels (WCAG 2.5.5 asks 44 by 44;
#: the page's own size is 48, ``--touch`` in app.css).
TOUCH_PX = 44


def small_targets(page: Page) -> list[str]:
    """The visible controls (buttons, selects, text and number boxes, a checkbox's label, a
    details' summary) smaller than TOUCH_PX either way: none on any screen of the page. Links
    inside text are not counted (WCAG's inline exception)."""
    return page.evaluate(
        """(min) => {
        const out = [];
        const targets = [...document.querySelectorAll('button, select, input[type=text], input[type=number], summary')];
        for (const box of document.querySelectorAll('input[type=checkbox]')) targets.push(box.closest('label') || box);
        for (const el of targets) {
          const r = el.getBoundingClientRect();
          if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
          const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
          if (r.width < min || r.height < min) out.push(`${el.outerHTML.slice(0, 80)} ${size}`);
        }
        return out;
      }""",
        TOUCH_PX,
    )


def api(base: str, method: str, path: str, token: str | None = None, body: Any = None) -> Any:
    """A direct call to the service (for checking what the page did)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(req, timeout=10) as answer:
        return json.load(answer)


def answer_problem(route: Route, status: int, code: str, detail: str, retry_after: int | None = None) -> None:
    """Answer a request held by ``page.route`` with the service's problem ``code`` (a 503 or a 404
    the page meets while a store is down or pods of two releases serve side by side)."""
    body = {"type": f"urn:trick-referee:problem:{code}", "title": code.replace("_", " ").capitalize(),
            "status": status, "detail": detail, "code": code}
    route.fulfill(status=status, headers={"Retry-After": str(retry_after)} if retry_after else {},
                  content_type="application/problem+json", body=json.dumps(body))


def route_of(page: Page) -> tuple[str, str]:
    """(match id, token) from the page's address (#/m/<id>/<token>)."""
    parts = page.url.split("#/m/", 1)[1].split("/")
    return urllib.request.unquote(parts[0]), urllib.request.unquote(parts[1])
