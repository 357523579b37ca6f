"""The page's strings (``service/web/static/strings.json``): every string the page uses exists in
English, Indonesian and Tagalog, with the same placeholders, and no entry is left unused; every
action type and phase a game's view can name has the page's own word in each language (the
fallback to the API's id is English)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from service.rules.games.avinas import state as avinas_state
from service.rules.games.boerenbridge import state as boerenbridge_state
from service.rules.games.forty_fives import state as forty_fives_state
from service.rules.registry import RULESETS
from service.rules.settlement import RULINGS

STATIC = Path(__file__).resolve().parents[2] / "service" / "web" / "static"
LANGUAGES = ("en", "id", "tl")

#: Keys the page builds from a value (``t(`mode.${mode}`)`` ...): each value it can take.
DYNAMIC = {
    "mode": ["table", "dealt", "table.help", "dealt.help"],
    "live": ["stream", "poll", "offline", "ended"],
    "rank": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    "suit": ["S", "H", "D", "C"],
    "result.game": ["sevens", "no_seven"],
    "actions.settle": ["apply", "waive"],
    "match.ruling": ["applied", "waived"],
}


def strings() -> dict[str, dict[str, str]]:
    return json.loads((STATIC / "strings.json").read_text(encoding="utf-8"))


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in (STATIC / "js").glob("*.js"):
        keys |= set(re.findall(r"""\bt\(\s*["']([a-z_.]+)["']""", path.read_text(encoding="utf-8")))
    keys |= set(re.findall(r'data-i18n="([^"]+)"', (STATIC / "index.html").read_text(encoding="utf-8")))
    for prefix, values in DYNAMIC.items():
        keys |= {f"{prefix}.{v}" for v in values}
    return keys


def test_every_used_string_is_in_every_language() -> None:
    table = strings()
    assert sorted(table) == sorted(LANGUAGES)
    for key in sorted(used_keys()):
        for lang in LANGUAGES:
            assert table[lang].get(key, "").strip(), f"{key} has no {lang} text"


def test_languages_have_the_same_keys_and_placeholders() -> None:
    table = strings()
    for lang in LANGUAGES[1:]:
        assert set(table[lang]) == set(table["en"]), set(table[lang]) ^ set(table["en"])
    for key, text in table["en"].items():
        want = sorted(re.findall(r"\{(\w+)\}", text))
        for lang in LANGUAGES[1:]:
            assert sorted(re.findall(r"\{(\w+)\}", table[lang][key])) == want, (lang, key)


def test_dynamic_prefixes_are_known_and_nothing_unused() -> None:
    source = "".join(p.read_text(encoding="utf-8") for p in (STATIC / "js").glob("*.js"))
    prefixes = set(re.findall(r"""\bt\(`([a-z_.]+)\.\$\{""", source))
    # action.* and phase.* fall back to the API's own word (has()), so they need no full list
    assert prefixes <= set(DYNAMIC) | {"action", "phase"}, prefixes
    unused = {k for k in strings()["en"] if k not in used_keys() and k.split(".")[0] not in ("action", "phase")}
    assert not unused, unused


#: Every phase a view names (``phase``), by game: the state modules' phase constants, and Avinas'
#: "deal" and "finished" (its view's own, service/rules/games/avinas/view.py).
PHASES = {
    boerenbridge_state.DEAL, boerenbridge_state.TURN_UP, boerenbridge_state.BIDDING, boerenbridge_state.TRUMP,
    boerenbridge_state.PLAY, boerenbridge_state.FINISHED_PHASE,
    forty_fives_state.DEAL, forty_fives_state.TURN_UP, forty_fives_state.DEALER_ROB, forty_fives_state.AUCTION,
    forty_fives_state.NAME_TRUMP, forty_fives_state.DISCARD, forty_fives_state.DEALER_DRAW, forty_fives_state.PLAY,
    forty_fives_state.OVER,
    avinas_state.EXPOSE, avinas_state.KNOCK, avinas_state.AUCTION, avinas_state.PLAY, "deal", "finished",
}


def test_every_action_type_and_phase_has_its_words() -> None:
    table = strings()
    types = {kind for ruleset in RULESETS.values() for kind in ruleset.action_fields}
    keys = {f"action.{kind}" for kind in types} | {f"phase.{phase}" for phase in PHASES}
    keys |= {f"actions.settle.{ruling}" for ruling in RULINGS} | {f"match.ruling.{r}" for r in RULINGS.values()}
    for key in sorted(keys):
        for lang in LANGUAGES:
            assert table[lang].get(key, "").strip(), f"{key} has no {lang} text"


#: The page's strings that name the match (one game played to its end), not the game played.
MATCH_KEYS = ("start.title", "start.start", "start.recent", "match.title", "match.over", "live.ended",
              "share.unknown", "match.seal", "record.title", "match.last_known", "match.waiting_network",
              "match.last_known_unavailable", "match.waiting_service")


def _glossary_word(lang: str) -> str:
    """The word ``docs/glossary/<lang>.md`` gives the match, as the service's messages use it."""
    text = (STATIC.parents[2] / "docs" / "glossary" / f"{lang}.md").read_text(encoding="utf-8")
    found = re.search(r"^\| match \(one game to its end\) \| (\w+) \|", text, re.MULTILINE)
    assert found, f"docs/glossary/{lang}.md names no word for the match"
    return found.group(1)


def test_the_page_names_the_match_with_the_services_word() -> None:
    """One word for the match in each language, on the page and in the service's messages it shows
    beside its own (the options' titles, the errors): the glossary's, in every string naming it. In
    Tagalog the page said "laro" (the game) where the service says "laban"."""
    words = {"en": ("match", "matches"), "id": (_glossary_word("id"),), "tl": (_glossary_word("tl"),)}
    words["tl"] += (words["tl"][0] + "g",)  # the linker: "labang ito" (this match)
    found = strings()
    for lang, forms in words.items():
        for key in MATCH_KEYS:
            said = found[lang][key].lower()
            assert any(re.search(rf"\b{form}\b", said) for form in forms), (lang, key, said)
    for key in MATCH_KEYS:  # nor the word for the game beside it
        assert not re.search(r"\blaro(ng)?\b", found["tl"][key].lower()), key
