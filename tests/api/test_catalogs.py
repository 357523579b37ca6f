"""The message catalogs are complete and agree with the code.

Over every catalog folder the service reads (``i18n.catalog_dirs``: the API's own and each
registered ruleset's, found the way the app finds them): each language's file exists; every English
key has an Indonesian and a Tagalog text with the same placeholders; no translation is the English
text itself (bar ``SAME_IN_EVERY_LANGUAGE``); every message key the code names is in a catalog, and
every English key is named by the code. And every registered ruleset has its rules summary in each
language.
"""

from __future__ import annotations

import ast
import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from service.api.app import create_app
from service.api.config import Settings
from service.api.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    catalog_dirs,
    load_for,
    render,
    summary_path,
    use_language,
)
from service.rules.errors import snake_name
from service.rules.registry import RULESETS

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
DIRS = catalog_dirs(RULESETS.values())
load_for(RULESETS.values())
OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]

#: English texts a translation may keep as they are, each with its reason
SAME_IN_EVERY_LANGUAGE = {
    "{text}": "core.text passes on a text that is already written",
    "dealer": "the word the Indonesian and Tagalog rule documents (docs/seeds/) use themselves",
    "Boerenbridge": "a game's name (Dutch), the same at every table",
    "Avinas": "a game's name (Lithuanian), the same at every table",
    "rams": "Avinas' unit of the match, the word its Indonesian and Tagalog texts use (docs/glossary)",
    "pips": "Avinas' small unit, the word its Indonesian and Tagalog texts use (docs/glossary)",
    "trump {sign} {suit}": "trump is the word of all three languages' seeds (docs/glossary); the suit is translated",
}
#: what is left of a text without its placeholders when it holds card codes and signs only
_CARDS_ONLY = re.compile(r"[\s\d,.;:()/+\-–×=]*((10|[2-9JQKA])[CDHS♣♦♥♠][\s\d,.;:()/+\-–×=]*)*")
_KEY = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+")


def _name(directory: Path) -> str:
    return str(directory.relative_to(ROOT))


@cache
def _read(directory: Path, lang: str) -> dict[str, str]:
    path = directory / f"{lang}.po"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=None)
    return {m.id: m.string for m in catalog if isinstance(m.id, str) and m.id and isinstance(m.string, str)}


def _fields(text: str) -> set[tuple[str, str, str]]:
    """The ``{...}`` fields of a text (name, conversion, format spec), as ``str.format`` reads them."""
    return {(name, conv or "", spec or "")
            for _, name, spec, conv in string.Formatter().parse(text) if name is not None}


def _without_fields(text: str) -> str:
    return "".join(literal for literal, *_ in string.Formatter().parse(text))


@pytest.fixture(params=DIRS, ids=_name)
def directory(request: pytest.FixtureRequest) -> Path:
    path: Path = request.param
    return path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_its_file(directory: Path, lang: str) -> None:
    assert (directory / f"{lang}.po").is_file(), f"{_name(directory)}/{lang}.po is missing"
    assert _read(directory, lang), f"{_name(directory)}/{lang}.po holds no message"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_key_is_translated(directory: Path, lang: str) -> None:
    english, other = _read(directory, DEFAULT_LANGUAGE), _read(directory, lang)
    assert english, f"{_name(directory)} has no English catalog"
    missing = sorted(key for key in english if not other.get(key))
    assert not missing, f"{_name(directory)}/{lang}.po lacks {missing}"
    extra = sorted(set(other) - set(english))
    assert not extra, f"{_name(directory)}/{lang}.po has keys English has not: {extra}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_agree(directory: Path, lang: str) -> None:
    english, other = _read(directory, DEFAULT_LANGUAGE), _read(directory, lang)
    assert english
    wrong = {}
    for key, text in english.items():
        translated = other.get(key)
        if translated and _fields(translated) != _fields(text):
            wrong[key] = (sorted(_fields(text)), sorted(_fields(translated)))
    assert not wrong, f"{_name(directory)}/{lang}.po: placeholders differ from the English: {wrong}"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_translation_is_the_english(directory: Path, lang: str) -> None:
    english, other = _read(directory, DEFAULT_LANGUAGE), _read(directory, lang)
    assert english
    same = sorted(
        key for key, text in english.items()
        if other.get(key) == text and text not in SAME_IN_EVERY_LANGUAGE
        and not _CARDS_ONLY.fullmatch(_without_fields(text))
    )
    assert not same, f"{_name(directory)}/{lang}.po keeps the English text of {same}"


# --- the catalogs against the code ------------------------------------------------------------------


class _Source:
    """What the service's code says: message keys given to ``Msg``, its string literals, f-string
    patterns and class names."""

    def __init__(self) -> None:
        self.msg_keys: dict[str, str] = {}  # key -> where
        self.msg_patterns: dict[str, str] = {}  # regex of an f-string key -> where
        self.literals: set[str] = set()
        self.patterns: list[re.Pattern[str]] = []
        self.names: set[str] = set()
        for path in sorted(SERVICE.rglob("*.py")):
            self._read(path)

    def _read(self, path: Path) -> None:
        where = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # an f-string's constant parts are not literals of their own (its pattern stands for it)
        parts = {id(value) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for value in node.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
                self.literals.add(node.value)
            elif isinstance(node, ast.JoinedStr):
                pattern = _pattern(node)
                if pattern is not None:
                    self.patterns.append(re.compile(pattern))
            elif isinstance(node, ast.ClassDef):
                self.names.add(snake_name(type(node.name, (), {})))
            if isinstance(node, ast.Call) and _is_msg(node.func) and node.args:
                first = node.args[0]
                line = f"{where}:{node.lineno}"
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    self.msg_keys[first.value] = line
                elif isinstance(first, ast.JoinedStr) and (pattern := _pattern(first)) is not None:
                    self.msg_patterns[pattern] = line

    def names_key(self, key: str) -> bool:
        """Whether the code names ``key``: as a literal, or as an f-string whose every placeholder
        stands for a literal or a class name of the code."""
        if key in self.literals:
            return True
        known = self.literals | self.names
        for pattern in self.patterns:
            found = pattern.fullmatch(key)
            if found is not None and all(part in known for part in found.groups()):
                return True
        return False


def _is_msg(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id == "Msg") or (isinstance(func, ast.Attribute) and func.attr == "Msg")


def _pattern(node: ast.JoinedStr) -> str | None:
    """A regex for the texts an f-string writes (each placeholder a word), or None when it has no
    constant part that could belong to a message key. A placeholder may hold a hyphen: an option
    value such as ``"3-2"`` names its title (``forty_fives.option.deal_pattern.value.3-2``); it must
    still be a literal or a class name of the code (``names_key``)."""
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(re.escape(value.value))
        else:
            parts.append(r"([A-Za-z0-9_-]+)")
    constant = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return "".join(parts) if "." in constant else None


@cache
def _source() -> _Source:
    return _Source()


def _all_english() -> dict[str, str]:
    out: dict[str, str] = {}
    for directory in DIRS:
        out.update(_read(directory, DEFAULT_LANGUAGE))
    return out


def test_every_msg_key_of_the_code_is_in_a_catalog() -> None:
    english = _all_english()
    source = _source()
    missing = {key: where for key, where in source.msg_keys.items() if key not in english}
    assert not missing, f"Msg keys with no English text: {missing}"
    unmatched = {p: where for p, where in source.msg_patterns.items()
                 if not any(re.fullmatch(p, key) for key in english)}
    assert not unmatched, f"Msg keys built from f-strings that match no catalog key: {unmatched}"


@cache
def _endpoints() -> frozenset[str]:
    """The Flask endpoint names of the app (``matches.create_match``): named by code, not messages."""
    return frozenset(rule.endpoint for rule in create_app(Settings()).url_map.iter_rules())


def test_every_key_like_literal_of_a_catalog_namespace_is_in_a_catalog() -> None:
    """Keys kept in tables before they reach ``Msg`` (``{"too_long": "matches.name_too_long"}``)."""
    english = _all_english()
    namespaces = {key.split(".", 1)[0] for key in english}
    missing = sorted(text for text in _source().literals
                     if _KEY.fullmatch(text) and text.split(".", 1)[0] in namespaces and text not in english
                     and not (ROOT / text.replace(".", "/")).with_suffix(".py").exists()
                     and not (ROOT / text.replace(".", "/")).is_dir()
                     and text not in _endpoints())
    assert not missing, f"message-key literals with no English text: {missing}"


def test_every_english_key_is_used_by_the_code(directory: Path) -> None:
    source = _source()
    unused = sorted(key for key in _read(directory, DEFAULT_LANGUAGE) if not source.names_key(key))
    assert not unused, f"{_name(directory)}/en.po has keys no code names: {unused}"


# --- rules summaries --------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_ruleset_has_its_rules_summary(ruleset_id: str, lang: str) -> None:
    ruleset = RULESETS[ruleset_id]
    path = summary_path(ruleset, lang)
    assert path.is_file(), f"{ruleset_id} has no rules summary in {lang} ({path.relative_to(ROOT)})"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# ")
    with use_language(lang):
        assert text.splitlines()[0] == f"# {render(ruleset.name)}", "the summary's heading is the ruleset's name"
    assert len(re.findall(r"^## ", text, flags=re.MULTILINE)) == 4, "four parts: round, trick, score, match end"
    if lang != DEFAULT_LANGUAGE:
        assert text != summary_path(ruleset, DEFAULT_LANGUAGE).read_text(encoding="utf-8")

