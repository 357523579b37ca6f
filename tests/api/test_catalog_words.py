"""Words for people: every text of every catalog, in every language, reads as players say it.

A text a person reads (a refusal's ``detail``, a rule's explanation, an option's title or description,
a preset's name, the record) never shows a section number (``§6.3``: a refusal carries it for
developers in its own ``rule`` field), an option, value, phase or state id (``may_decline``,
``round_result``: the option's and the value's titles say it), Python or JSON (``{'bids': ...``),
the words "seed"/"benih"/"binhi" (what the project calls its source documents, not what players call
a game) or the name of another program the rules were checked against.

Over the catalogs as files (every message id, every language), over every message rendered with
parameters of their types, and over the refusals a random match of every ruleset's battery setups
meets (each refusal code at least once, in each language).
"""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from service.api.i18n import LANGUAGES, catalog_dirs, load_for, render, summary_path
from service.rules.cards import Card, Suit
from service.rules.errors import RuleError
from service.rules.messages import Msg
from service.rules.registry import RULESETS

ROOT = Path(__file__).resolve().parents[2]
DIRS = catalog_dirs(RULESETS.values())
load_for(RULESETS.values())

#: a snake_case word: an id (``lie_penalty``, ``round_result``, ``may_decline``)
SNAKE = re.compile(r"(?<![\w{])[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+(?![\w}])")
#: Python or JSON in prose: a dict, a key, an index (``“Pips per tier”[2]``)
CODE = re.compile(r"\{'|'\w+':|\{\"|\"\w+\":|[\w”'\"]\[[\w{}]+\]")
SECTION = re.compile(r"§")
#: what the project calls its source documents, in each language
SEED = re.compile(r"\b(seeds?|benih|binhi)\b", re.IGNORECASE)
#: programs and their authors' handles the rules were compared with (provenance in words instead)
PEERS = re.compile(
    r"codetojoy|\bI-?CTJ\b|\bI-JM\b|jonmilley|openspiel|useme|jorisbloemen|zinkelburger|jitousig|fortyfives-ai",
    re.IGNORECASE,
)
CHECKS = {
    "a section number": SECTION,
    "an id (snake_case)": SNAKE,
    "Python or JSON": CODE,
    "the word seed": SEED,
    "a peer program's name": PEERS,
}


def faults(text: str) -> list[str]:
    """What ``text`` shows that a person should not read."""
    return [name for name, pattern in CHECKS.items() if pattern.search(text)]


def _literal(text: str) -> str:
    """``text`` without its ``{placeholders}`` (what the catalog itself writes)."""
    return "".join(literal for literal, *_ in string.Formatter().parse(text))


@cache
def _read(directory: Path, lang: str) -> dict[str, str]:
    with (directory / f"{lang}.po").open("rb") as handle:
        catalog = read_po(handle, locale=None)
    return {m.id: m.string for m in catalog if isinstance(m.id, str) and m.id and isinstance(m.string, str)}


def _all(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for directory in DIRS:
        out.update(_read(directory, lang))
    return out


def test_the_checks_catch_what_the_issue_quoted() -> None:
    assert faults("pemain hook tidak boleh bid 5: ... (§6.3)") == ["a section number"]
    assert faults("atau diterima ('may_decline')") == ["an id (snake_case)"]
    assert faults("wasit: round_result {'bids': [1]}") == ["an id (snake_case)", "Python or JSON"]
    assert faults("Forty-Fives (benih 001)") == ["the word seed"]
    assert faults("Forty-Fives ala codetojoy dari I-CTJ") == ["a peer program's name"]
    assert faults("pips due: “Pips per tier”[2] = 5") == ["Python or JSON"]
    assert faults("pemain 1 ({name}) memimpin 10♥") == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_text_shows_ids_sections_code_or_sources(lang: str) -> None:
    bad = {key: found for key, text in _all(lang).items() if (found := faults(_literal(text)))}
    assert not bad, f"{lang}: {len(bad)} texts: {sorted(bad.items())[:40]}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_rules_summaries_read_as_words(ruleset_id: str, lang: str) -> None:
    text = summary_path(RULESETS[ruleset_id], lang).read_text(encoding="utf-8")
    assert not faults(text), {name: p.findall(text)[:5] for name, p in CHECKS.items() if p.search(text)}


# --- every message rendered with parameters of their kinds -----------------------------------------


def _sample(name: str, spec: str) -> Any:
    """A parameter value of the kind a message's placeholder ``name`` stands for."""
    if name in {"card", "cards", "led", "kept", "played", "turned"} or name.endswith("card"):
        return Card.parse("10H")
    if "suit" in name or name == "trump":
        return Suit.parse("H")
    if spec in {"sym", "letter"}:
        return Suit.parse("H")
    return 2


def _params(text: str) -> dict[str, Any]:
    return {name.split(".")[0].split("[")[0]: _sample(name, spec or "")
            for _, name, spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_rendered_reads_as_words(lang: str) -> None:
    bad = {}
    for key, text in _all(lang).items():
        written = render(Msg(key, **_params(text)), lang)
        if found := faults(written):
            bad[key] = (found, written)
    assert not bad, f"{lang}: {len(bad)} messages: {sorted(bad.items())[:20]}"


# --- the refusals random matches meet, every code in every language ----------------------------------


def _refusals_of(cases: list[Any]) -> dict[str, list[RuleError]]:
    """code -> the refusals (at most a few of each) the battery's random matches of ``cases`` raise."""
    from tests.rules.test_every_ruleset import play

    found: dict[str, list[RuleError]] = {}
    made = RuleError.__init__

    def spy(self: RuleError, message: Msg | str, **kw: Any) -> None:
        made(self, message, **kw)
        kept = found.setdefault(self.code, [])
        if len(kept) < 8 and all(k.message != self.message for k in kept):
            kept.append(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RuleError, "__init__", spy)
        for case in cases:
            rid, setup, seed = case.values
            play(rid, setup, seed, checks=False)  # the battery checks these very matches itself
    return found


def _battery(every: bool) -> list[Any]:
    """The battery's cases of the registered rulesets, seed 1: every setup, or the first of each mode."""
    from tests.rules.test_every_ruleset import battery_cases

    cases, modes = [], set()
    for case in battery_cases(sorted(RULESETS)):
        rid, setup, seed = case.values
        if seed == 1 and (every or (rid, setup.mode) not in modes):
            modes.add((rid, setup.mode))
            cases.append(case)
    return cases


def _written(error: RuleError, lang: str) -> list[str]:
    """What a person reads of a refusal: its detail, and the reasons of its legal alternatives."""
    texts = [render(error.message, lang)]
    texts += [render(v, lang) for v in _messages_in(error.legal)]
    return texts


def _messages_in(value: Any) -> list[Msg]:
    if isinstance(value, Msg):
        return [value]
    if isinstance(value, dict):
        return [m for v in value.values() for m in _messages_in(v)]
    if isinstance(value, (list, tuple)):
        return [m for v in value for m in _messages_in(v)]
    return []


def _check_refusals(found: dict[str, list[RuleError]]) -> None:
    bad = {}
    for code, errors in found.items():
        for lang in LANGUAGES:
            for error in errors:
                for text in _written(error, lang):
                    if what := faults(text):
                        bad.setdefault(code, (lang, what, text))
    assert not bad, f"{len(bad)} refusal codes read as ids or code: {sorted(bad.items())}"


def test_the_refusals_of_one_match_per_ruleset_and_mode_read_as_words() -> None:
    found = _refusals_of(_battery(every=False))
    assert len(found) >= 20, sorted(found)
    _check_refusals(found)


@pytest.mark.slow
def test_every_refusal_code_the_battery_meets_reads_as_words_in_each_language() -> None:
    found = _refusals_of(_battery(every=True))
    assert len(found) >= 30, sorted(found)
    _check_refusals(found)
