"""Steps on the page that several browser tests take: start a match from the start screen, read
what the page shows, enter a card, wait until the page shows what an entry made."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import api, route_of


def start_match(
    page: Page, base: str, game: str, names: list[str], mode: str = "table", options: dict[str, str] | None = None
) -> tuple[str, str]:
    """Starts a match through the start screen (house rules chosen in their selects); returns
    (match id, referee token)."""
    page.goto(base + "/")
    page.locator(f'button.game[data-ruleset="{game}"]').click()
    if options:
        page.locator("details summary").click()
        for name, value in options.items():
            page.locator(f"#opt-{name}").select_option(value)
    count = page.locator("#player-count")
    count.select_option(str(len(names)))
    for i, name in enumerate(names):
        page.locator(f"#player-{i}").fill(name)
    page.locator(f'button[data-mode="{mode}"]').click()
    page.locator("#start-match").click()
    page.wait_for_url("**/#/m/**")
    expect(page.locator("#status-h")).to_be_visible()
    return route_of(page)


def view(base: str, match_id: str, token: str) -> dict:
    return api(base, "GET", f"/v1/matches/{match_id}", token)


def enabled_cards(page: Page, kind: str = "play", timeout: float | None = None) -> list[str]:
    """The cards the page lets its user enter now; with a timeout (ms), first waits until there is
    at least one (a phone learns that its turn came from the stream, a moment after the play)."""
    if timeout is not None:
        expect(page.locator(f'button[data-type="{kind}"]:not([disabled])').first).to_be_visible(timeout=timeout)
    return page.locator(f'button[data-type="{kind}"]:not([disabled])').evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )


def settled(page: Page, version: int, timeout: float | None = None) -> None:
    """Until the page shows the match at ``version`` with nothing waiting to be sent (the main's
    aria-busy false): the page's own state, not a time."""
    shown = page.locator(f'#app[aria-busy="false"] > #status-h[data-version="{version}"]')
    expect(shown).to_be_attached(timeout=timeout)


def shown_version(page: Page) -> int:
    """The version of the match the page shows now."""
    return int(page.locator("#status-h").get_attribute("data-version") or 0)
