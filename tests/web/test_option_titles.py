"""The start form's house rules in the page's language (issue 18 item 5, issue 15 item 1): each
option's label is its schema ``title`` and each choice of a select its title in ``oneOf``, as
GET /v1/rulesets/{id} gives them in that language, not the English words of the machine ids."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import Contexts

#: the options the start screen sets elsewhere (the player count comes from the names entered)
HANDLED_ELSEWHERE = {"players"}


def schema_in(server: str, ruleset_id: str, lang: str) -> dict[str, Any]:
    req = urllib.request.Request(f"{server}/v1/rulesets/{ruleset_id}", headers={"Accept-Language": lang})
    with urllib.request.urlopen(req, timeout=10) as answer:
        properties: dict[str, Any] = json.load(answer)["options_schema"]["properties"]
    return {name: prop for name, prop in properties.items() if name not in HANDLED_ELSEWHERE}


@pytest.mark.parametrize("ruleset_id", ["forty_fives", "boerenbridge"])
def test_option_labels_and_choices_in_indonesian(phones: Contexts, server: str, ruleset_id: str, shot) -> None:
    indonesian, english = schema_in(server, ruleset_id, "id"), schema_in(server, ruleset_id, "en")
    page = phones.page(locale="id-ID")
    page.goto(server + "/")
    expect(page.locator("h1")).to_have_text("Pertandingan baru")
    page.locator(f'button.game[data-ruleset="{ruleset_id}"]').click()
    page.locator("details summary").click()
    for name, prop in indonesian.items():
        assert prop["title"] != english[name]["title"], name
        expect(page.locator(f'label[for="opt-{name}"]')).to_have_text(prop["title"])
        if not prop.get("enum"):
            continue
        select = page.locator(f"#opt-{name}")
        titles = [choice["title"] for choice in prop["oneOf"]]
        expect(select.locator("option")).to_have_text(titles)
        shown = select.locator("option").evaluate_all("els => els.map(e => [e.value, e.textContent])")
        assert [value for value, _ in shown] == [str(v) for v in prop["enum"]], name  # machine values kept
        english_titles = [choice["title"] for choice in english[name]["oneOf"]]
        assert all(mine != theirs for mine, theirs in zip(titles, english_titles, strict=True)), name
    if ruleset_id == "forty_fives":
        expect(page.locator("#opt-deal_pattern option")).to_have_text(["3 lalu 2", "2 lalu 3"])
        expect(page.locator('label[for="opt-deal_pattern"]')).to_have_text("Pola bagi")
    shot(page, f"start-options-indonesian-{ruleset_id}")


def test_option_titles_follow_the_language_switch(phones: Contexts, server: str) -> None:
    tagalog, english = schema_in(server, "forty_fives", "tl"), schema_in(server, "forty_fives", "en")
    page = phones.page()
    page.goto(server + "/")
    page.locator("#lang-switch").select_option("tl")
    page.locator('button.game[data-ruleset="forty_fives"]').click()
    page.locator("details summary").click()
    expect(page.locator('label[for="opt-plain_lead_rule"]')).to_be_visible()
    expect(page.locator('label[for="opt-plain_lead_rule"]')).to_have_text(tagalog["plain_lead_rule"]["title"])
    expect(page.locator("#opt-plain_lead_rule option")).to_have_text(
        [choice["title"] for choice in tagalog["plain_lead_rule"]["oneOf"]]
    )
    page.locator("#lang-switch").select_option("en")
    page.locator('button.game[data-ruleset="forty_fives"]').click()
    page.locator("details summary").click()
    expect(page.locator('label[for="opt-plain_lead_rule"]')).to_be_visible()
    expect(page.locator('label[for="opt-plain_lead_rule"]')).to_have_text(english["plain_lead_rule"]["title"])
    expect(page.locator("#opt-plain_lead_rule option")).to_have_text(
        [choice["title"] for choice in english["plain_lead_rule"]["oneOf"]]
    )
