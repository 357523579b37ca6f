"""``?lang=id|tl|en`` in the page's address sets its language and ``<html lang>`` (a link opens the
page in a language), over the browser's; the seat links and QR codes a referee's page makes carry the
language they were made in; the language switch keeps the address in step."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import Contexts

NAMES = ["Ann", "Bob", "Cy"]


def test_the_address_sets_the_language(phones: Contexts, server: str) -> None:
    page = phones.page()  # an English browser
    for lang, title in (("id", "Pertandingan baru"), ("tl", "Bagong laban"), ("en", "New match")):
        page.goto(f"{server}/?lang={lang}")
        expect(page.locator("h1")).to_have_text(title)
        assert page.evaluate("document.documentElement.lang") == lang
        expect(page.locator("#lang-switch")).to_have_value(lang)
    page.goto(f"{server}/?lang=id")
    expect(page.locator("h1")).to_have_text("Pertandingan baru")
    page.locator("#lang-switch").select_option("tl")
    expect(page.locator("h1")).to_have_text("Bagong laban")
    assert "lang=tl" in page.url and "lang=id" not in page.url  # a reload stays in the language chosen
    page.reload()
    expect(page.locator("h1")).to_have_text("Bagong laban")


def test_seat_links_and_qr_codes_carry_the_language_they_were_made_in(phones: Contexts, server: str) -> None:
    referee = phones.page()
    referee.goto(f"{server}/?lang=tl")
    expect(referee.locator("h1")).to_have_text("Bagong laban")
    referee.locator('button.game[data-ruleset="forty_fives"]').click()
    referee.locator("#player-count").select_option(str(len(NAMES)))
    for i, name in enumerate(NAMES):
        referee.locator(f"#player-{i}").fill(name)
    referee.locator('button[data-mode="dealt"]').click()
    referee.locator("#start-match").click()
    referee.wait_for_url("**/?lang=tl#/m/**")
    links = referee.locator("#share .seat-link[data-seat] a")
    expect(links).to_have_count(len(NAMES))
    urls = links.evaluate_all("els => els.map(e => e.href)")
    assert all("?lang=tl#/c/" in url for url in urls), urls  # each seat's invitation
    coded = referee.locator("#share .seat-link[data-seat] canvas").evaluate_all("els => els.map(e => e.dataset.text)")
    assert coded == urls, (coded, urls)
    phone = phones.page()  # an English browser opens Bob's link: Tagalog, as the link was made
    phone.goto(urls[1])
    expect(phone.locator("#app")).to_contain_text("Ikaw si Bob")
    assert phone.evaluate("document.documentElement.lang") == "tl"


def test_seat_links_shown_again_on_another_device_with_the_referee_link(phones: Contexts, server: str) -> None:
    """A dealt match made on one phone; its referee link opened on another device shows the same seat
    links and QR codes (they were shown only on the device that created the match)."""
    first = phones.page()
    first.goto(f"{server}/")
    first.locator('button.game[data-ruleset="forty_fives"]').click()
    first.locator("#player-count").select_option(str(len(NAMES)))
    for i, name in enumerate(NAMES):
        first.locator(f"#player-{i}").fill(name)
    first.locator('button[data-mode="dealt"]').click()
    first.locator("#start-match").click()
    first.wait_for_url("**/#/m/**")
    links = first.locator("#share .seat-link[data-seat] a")
    expect(links).to_have_count(len(NAMES))
    urls = links.evaluate_all("els => els.map(e => e.href)")
    other = phones.page()  # another device: nothing stored, only the referee's link
    other.goto(first.url)
    again = other.locator("#share .seat-link[data-seat] a")
    expect(again).to_have_count(len(NAMES))
    assert again.evaluate_all("els => els.map(e => e.href)") == urls
    expect(other.locator("#share .seat-link[data-seat] canvas")).to_have_count(len(NAMES))
    expect(other.locator("#share .seat-link[data-spectator] a")).to_have_count(1)
    phone = phones.page()  # a seat's link from the second device works
    phone.goto(urls[2])
    expect(phone.locator("#app")).to_contain_text("You are Cy")
