"""The page opened on the computer that runs the service (localhost) shows the address a phone on
the same Wi-Fi opens, with its QR code; opened where the service listens on loopback only, or at
another address than localhost, it shows none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from service.lan import lan_ip
from tests.matches.gunicorn_server import Gunicorn
from tests.web.conftest import Contexts, axe_violations, small_targets


@pytest.fixture(scope="module")
def network_server() -> Iterator[Gunicorn]:
    with Gunicorn(workers=1, env={"HOST": "0.0.0.0", "LOG_LEVEL": "info"}) as g:
        yield g


def test_localhost_page_shows_the_lan_address_and_its_code(browser: Browser, network_server: Gunicorn, shot) -> None:
    base = f"http://127.0.0.1:{network_server.port}"
    url = f"http://{lan_ip()}:{network_server.port}/"
    phones = Contexts(browser, base)
    lan_phones = Contexts(browser, url.rstrip("/"))
    try:
        page = phones.page()
        page.goto(base + "/")
        expect(page.locator("#lan-url")).to_have_text(url)
        assert page.locator("#lan-url").get_attribute("href") == url
        code = page.locator("#lan canvas")
        expect(code).to_be_visible()
        assert code.get_attribute("data-text") == url and code.get_attribute("role") == "img"
        assert code.get_attribute("aria-label") == "QR code of this address"
        # the QR code is drawn: dark modules on the white ground
        dark = page.evaluate("""() => { const c = document.querySelector('#lan canvas');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 128) n += 1; return n; }""")
        assert dark > 100, dark
        expect(page.locator("#lan-h")).to_have_text("Open on a phone")
        violations = axe_violations(page)
        assert not violations, violations
        assert not (small := small_targets(page)), small
        page.locator("#lan").scroll_into_view_if_needed()
        shot(page, "start-lan", full_page=False)
        # in Tagalog too
        page.goto(base + "/?lang=tl")
        expect(page.locator("#lan-h")).to_have_text("Buksan sa telepono")
        # opened at the LAN address itself (a phone): nothing of it
        other = lan_phones.page()
        other.goto(url)
        expect(other.locator("button.game").first).to_be_visible()
        other.wait_for_timeout(300)
        expect(other.locator("#lan")).to_have_count(0)
        assert not page.errors and not other.errors, (page.errors, other.errors)  # type: ignore[attr-defined]
    finally:
        for ctx in phones.contexts + lan_phones.contexts:
            ctx.close()
    assert not phones.outside and not lan_phones.outside, (phones.outside, lan_phones.outside)


def test_no_address_where_the_service_listens_on_loopback(phones: Contexts, server: str) -> None:
    page = phones.page()
    page.goto(server + "/")
    expect(page.locator("button.game").first).to_be_visible()
    answer = page.evaluate("async () => (await fetch('/v1/lan')).json()")
    assert answer == {"url": None}
    expect(page.locator("#lan")).to_have_count(0)
