"""Steps on the page that several browser tests take: start a match from the start screen, read
what the page shows, enter a card."""

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
