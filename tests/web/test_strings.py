"""The page's strings (``service/web/static/strings.json``): every string the page uses exists in
English, Indonesian and Tagalog, with the same placeholders, and no entry is left unused."""

from __future__ import annotations

import json
import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "service" / "web" / "static"
LANGUAGES = ("en", "id", "tl")

#: Keys the page builds from a value (``t(`mode.${mode}`)`` ...): each value it can take.
DYNAMIC = {
    "mode": ["table", "dealt", "table.help", "dealt.help"],
    "live": ["stream", "poll", "offline", "ended"],
    "rank": ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"],
    "suit": ["S", "H", "D", "C"],
    "result.game": ["sevens", "no_seven"],
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
