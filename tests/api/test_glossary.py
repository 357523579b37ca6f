"""One word per idea per language: the glossaries (``docs/glossary/<lang>.toml``) against every catalog
of the service, the page's strings and the rules summaries.

A glossary names, for each idea of the games (trump, trick, bid, dealer, round, lead, follow, revoke,
the suits, the ranks) and the page's network connection, the word a person reads in that language and
the words ruled out for it. A catalog text or a page string that uses a ruled-out word fails; so does a
glossary whose word for one idea is ruled out for another, or a language whose glossary lacks an idea
the others have.
"""

from __future__ import annotations

import json
import re
import string
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from service.api.i18n import LANGUAGES, PAGE_STRINGS, catalog_dirs, summary_path
from service.rules.registry import RULESETS

ROOT = Path(__file__).resolve().parents[2]
GLOSSARIES = ROOT / "docs" / "glossary"
IDEAS = ("trump", "trick", "bid", "dealer", "round", "lead", "follow", "revoke",
         "hearts", "diamonds", "spades", "clubs", "ace", "king", "queen", "jack", "connection")


@cache
def glossary(lang: str) -> dict[str, Any]:
    with (GLOSSARIES / f"{lang}.toml").open("rb") as handle:
        return tomllib.load(handle)


def _starts(word: str) -> re.Pattern[str]:
    """``word`` as a word of its own or with the suffix -nya ("lek" in "leknya"), in any case; not inside
    another word ("pembagi" is not in "pembagian", the dealing)."""
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?:-?nya)?(?![\w])", re.IGNORECASE)


def _literal(text: str) -> str:
    return "".join(literal for literal, *_ in string.Formatter().parse(text))


@cache
def texts(lang: str) -> dict[str, str]:
    """Every text a person reads in ``lang``: each catalog's (by key), the page's (``page:<key>``) and
    each ruleset's rules summary (``rules:<id>``)."""
    out: dict[str, str] = {}
    for directory in catalog_dirs(RULESETS.values()):
        with (directory / f"{lang}.po").open("rb") as handle:
            for message in read_po(handle, locale=None):
                if isinstance(message.id, str) and message.id and isinstance(message.string, str):
                    out[message.id] = _literal(message.string)
    page = json.loads(PAGE_STRINGS.read_text(encoding="utf-8"))[lang]
    out.update({f"page:{key}": _literal(text) for key, text in page.items()})
    for ruleset in RULESETS.values():
        out[f"rules:{ruleset.id}"] = summary_path(ruleset, lang).read_text(encoding="utf-8")
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_glossary_names_every_idea_once(lang: str) -> None:
    words = glossary(lang)
    assert tuple(words) == IDEAS, f"{lang}: the ideas in the glossary's order are {IDEAS}"
    for idea, entry in words.items():
        assert isinstance(entry["word"], str) and entry["word"], (lang, idea)
        assert isinstance(entry["not"], list), (lang, idea)
    chosen = {entry["word"].lower(): idea for idea, entry in words.items()}
    for entry in words.values():
        for banned in entry["not"]:
            assert banned.lower() not in chosen, f"{lang}: {banned!r} is the word for {chosen[banned.lower()]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_uses_a_word_the_glossary_rules_out(lang: str) -> None:
    found: dict[str, list[str]] = {}
    for idea, entry in glossary(lang).items():
        for banned in entry["not"]:
            pattern = _starts(banned)
            for key, text in texts(lang).items():
                if pattern.search(text):
                    found.setdefault(f"{idea}: not {banned!r} but {entry['word']!r}", []).append(key)
    assert not found, f"{lang}: {found}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("idea", ["trump", "trick", "bid", "dealer", "round", "revoke"])
def test_the_page_and_the_answers_use_the_glossarys_word(lang: str, idea: str) -> None:
    word = _starts(glossary(lang)[idea]["word"])
    page = [key for key, text in texts(lang).items() if key.startswith("page:") and word.search(text)]
    answers = [key for key, text in texts(lang).items()
               if not key.startswith(("page:", "rules:")) and word.search(text)]
    assert page and answers, (lang, idea, len(page), len(answers))


def test_a_ruled_out_word_is_caught() -> None:
    pattern = _starts("tawaran")
    assert pattern.search("Tawaran") and pattern.search("ubah tawarannya") and not pattern.search("penawaran")
    assert _starts("lek").search("memenangkan leknya") and not _starts("pembagi").search("saat pembagian")
