"""Messages in the caller's language: the message catalogs, and ``render``.

The rules core and the use cases say what happened as ``Msg`` values (a key and parameters,
``service/rules/messages.py``). Their text lives in gettext catalogs (``.po`` files, read with Babel
once, when the process starts; never at request time): the API's own and the service's shared
messages in ``service/api/locale/<lang>.po``, each game's in ``locale/<lang>.po`` beside its
ruleset module, so that a new game brings its own text. A catalog's ``msgid`` is the message key;
its ``msgstr`` the text, with ``{name}`` placeholders filled from the message's parameters
(Python's ``str.format``: ``{value!r}``, ``{card:sym}`` and ``{{``/``}}`` work as there).

Parameters are written by type: a ``Msg`` in the same language, a ``Suit`` as the suit's name in the
language (``{suit:sym}`` its symbol, ``{suit:letter}`` its letter), a ``Card`` canonically
(``{card:sym}`` with the suit symbol), anything else as ``str.format`` writes it.

The language of the current request is ``current_language()`` (English unless the request chose
another, see ``use_language``). A key that no catalog holds is written as the key and its
parameters, so a missing text shows up in an answer instead of failing it (and the catalog tests
fail first).
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from service.rules.cards import Suit
from service.rules.messages import Msg, set_writer

log = logging.getLogger("service.api.i18n")

#: the languages the service answers in; the first is the default
LANGUAGES: tuple[str, ...] = ("en", "id", "tl")
#: language tags that name one of ours under another code (``fil``, Filipino, is written in Tagalog)
ALIASES = {"fil": "tl"}
DEFAULT_LANGUAGE = "en"
#: the catalogs of the service itself (the games bring their own)
SERVICE_LOCALE = Path(__file__).resolve().parent / "locale"

_LANGUAGE: ContextVar[str] = ContextVar("language", default=DEFAULT_LANGUAGE)
#: language -> message key -> text
_CATALOGS: dict[str, dict[str, str]] = {}
#: where each key was read from (for a clear error when two catalogs hold the same key)
_ORIGIN: dict[tuple[str, str], Path] = {}
_LOADED: set[Path] = set()
#: message key -> the section(s) of the game's rules spec (``docs/rules``) it applies ("6.3"), for
#: developers: a person's text never shows them (``locale/sections.json`` beside a catalog)
_SECTIONS: dict[str, str] = {}
SECTIONS_FILE = "sections.json"


def load_catalogs(directory: Path) -> None:
    """Read the ``<lang>.po`` files of ``directory`` into the catalogs (once per directory)."""
    directory = directory.resolve()
    if directory in _LOADED or not directory.is_dir():
        return
    for lang in LANGUAGES:
        path = directory / f"{lang}.po"
        if not path.is_file():
            continue
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=None)
        table = _CATALOGS.setdefault(lang, {})
        for message in catalog:
            if not message.id or not isinstance(message.id, str):
                continue
            text = message.string
            if not isinstance(text, str) or not text:
                continue
            earlier = _ORIGIN.get((lang, message.id))
            if earlier is not None and earlier != path:
                raise ValueError(f"message {message.id!r} is in both {earlier} and {path}")
            table[message.id] = text
            _ORIGIN[(lang, message.id)] = path
    sections = directory / SECTIONS_FILE
    if sections.is_file():
        with sections.open("rb") as handle:
            _SECTIONS.update(json.load(handle))
    _LOADED.add(directory)


def package_dir_of(obj: object) -> Path:
    """The folder of the module that defines ``obj``'s class (a ruleset's package)."""
    module = sys.modules[type(obj).__module__]
    return Path(module.__file__ or ".").resolve().parent


def locale_dir_of(obj: object) -> Path:
    """The ``locale`` folder beside the module that defines ``obj``'s class (a ruleset's texts)."""
    return package_dir_of(obj) / "locale"


def catalog_dirs(rulesets: Iterable[object]) -> list[Path]:
    """Every catalog folder the service reads: its own, then each ruleset's (once each, in order)."""
    dirs = [SERVICE_LOCALE.resolve()]
    for ruleset in rulesets:
        found = locale_dir_of(ruleset)
        if found not in dirs:
            dirs.append(found)
    return dirs


def load_for(rulesets: Iterable[object]) -> None:
    """The service's catalogs and those of each ruleset (a game's own texts)."""
    for directory in catalog_dirs(rulesets):
        load_catalogs(directory)


def summary_path(ruleset: Any, lang: str) -> Path:
    """Where ``ruleset``'s rules summary in ``lang`` is kept: ``rules/<ruleset id>.<lang>.md`` beside
    the module that defines the ruleset (so that a game brings its own)."""
    return package_dir_of(ruleset) / "rules" / f"{ruleset.id}.{lang}.md"


def read_summaries(rulesets: Iterable[Any]) -> dict[tuple[str, str], str]:
    """(ruleset id, language) -> the rules summary in Markdown, for every language of every ruleset;
    read when the app is built. A language without its file reads the English; a ruleset without
    an English summary is an error (a game must bring one)."""
    out: dict[tuple[str, str], str] = {}
    for ruleset in rulesets:
        english = summary_path(ruleset, DEFAULT_LANGUAGE)
        if not english.is_file():
            raise ValueError(f"ruleset {ruleset.id!r} has no rules summary at {english}")
        for lang in LANGUAGES:
            path = summary_path(ruleset, lang)
            out[(ruleset.id, lang)] = (path if path.is_file() else english).read_text(encoding="utf-8")
    return out


def section_of(message: Msg | str) -> str | None:
    """The rules spec's section(s) a message applies ("6.3", "2.5, 3.4"), or None."""
    return _SECTIONS.get(message.key) if isinstance(message, Msg) else None


def catalog(lang: str) -> Mapping[str, str]:
    """Every text of ``lang`` read so far, by key."""
    return _CATALOGS.get(lang, {})


def current_language() -> str:
    return _LANGUAGE.get()


_NEGOTIATED: dict[tuple[str | None, str | None], str] = {}
_NEGOTIATED_KEPT = 512
_OFFERED = [*LANGUAGES, *ALIASES]


def negotiate(accept_language: str | None, lang: str | None = None) -> str:
    """The language of an answer: ``?lang=`` when it names one of ours (``id``, ``id-ID``, ``fil``),
    else the best of ``Accept-Language`` by its q-values (werkzeug's matching: ``id-ID`` is ``id``),
    else English."""
    key = (accept_language, lang)
    found = _NEGOTIATED.get(key)
    if found is None:
        found = _choose(accept_language, lang)
        if len(_NEGOTIATED) >= _NEGOTIATED_KEPT:
            _NEGOTIATED.clear()
        _NEGOTIATED[key] = found
    return found


def _choose(accept_language: str | None, lang: str | None) -> str:
    from werkzeug.datastructures import LanguageAccept
    from werkzeug.http import parse_accept_header

    for header in (lang, accept_language):
        if header:
            best = parse_accept_header(header, LanguageAccept).best_match(_OFFERED)
            if best is not None:
                return ALIASES.get(best, best)
    return DEFAULT_LANGUAGE


def set_language(lang: str) -> Token[str]:
    """Write messages in ``lang`` from now on, in this context (a request); ``reset_language`` ends it."""
    return _LANGUAGE.set(lang)


def reset_language(token: Token[str]) -> None:
    _LANGUAGE.reset(token)


@contextmanager
def use_language(lang: str) -> Iterator[None]:
    """Write messages in ``lang`` inside the block."""
    token = _LANGUAGE.set(lang)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


class _LocalSuit:
    """A suit as a message writes it: its name in the language, ``:sym`` its symbol, ``:letter``."""

    __slots__ = ("name", "suit")

    def __init__(self, suit: Suit, name: str) -> None:
        self.suit = suit
        self.name = name

    def __format__(self, spec: str) -> str:
        if spec == "sym":
            return self.suit.symbol
        if spec == "letter":
            return self.suit.value
        return format(self.name, spec)

    def __str__(self) -> str:
        return self.name


#: parameters that name a seat or a partnership by its number. The API counts seats and Forty-Fives
#: teams from 0 (``"seat": 2``); a person counts players from 1, as the page does ("Player 3"), so a
#: message writes them counted from 1 (an int, or each int of a tuple). Avinas's teams are letters
#: ("A"), written as they are.
COUNTED_FROM_ONE = frozenset({
    "seat", "seats", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "first", "second", "hook", "winner", "loser",
    "other", "bidders", "team", "leader", "dealer", "declarer", "actor", "reviser", "mine", "turn", "named",
    "who", "index", "last",
})


#: parameters that carry an action type (``"round_result"``) or a phase (``"turn_up"``): a message writes
#: the word the page uses for it (``action.<type>``, ``phase.<phase>`` of the page's strings)
WORD_OF = {
    "type": "action", "first": "action", "second": "action", "types": "action", "actions": "action",
    "phase": "phase", "want": "phase",
}
#: the page's strings, where the words for actions and phases are kept once for the page and the service
PAGE_STRINGS = Path(__file__).resolve().parents[1] / "web" / "static" / "strings.json"
#: the parts of the page's strings the service writes too
PAGE_WORDS = ("action.", "phase.")


def load_page_words(path: Path = PAGE_STRINGS) -> None:
    """The page's words for actions and phases, into the catalogs (one text for the page and the API)."""
    with path.open("rb") as handle:
        strings = json.load(handle)
    for lang in LANGUAGES:
        table = _CATALOGS.setdefault(lang, {})
        for key, text in strings.get(lang, {}).items():
            if key.startswith(PAGE_WORDS) and isinstance(text, str) and text:
                table[key] = text


def page_word(kind: str, value: str, lang: str | None = None) -> str:
    """The page's word for an action type or a phase (``kind`` "action" or "phase"), or ``value``."""
    return _CATALOGS.get(lang or _LANGUAGE.get(), {}).get(f"{kind}.{value}", value)


def _argument(value: Any, lang: str, name: str = "") -> Any:
    kind = type(value)
    if kind is Msg:
        return render(value, lang)
    if kind is Suit:
        return _LocalSuit(value, render(Msg(f"suit.{value.value}"), lang))
    if name in WORD_OF and (kind is str or kind is tuple):
        words = _CATALOGS.get(lang, {})
        if kind is str:
            return words.get(f"{WORD_OF[name]}.{value}", value)
        return ", ".join(words.get(f"{WORD_OF[name]}.{v}", str(v)) for v in value)
    if name in COUNTED_FROM_ONE:
        if kind is int:
            return value + 1
        if kind is tuple and all(type(v) is int for v in value):
            return ", ".join(str(v + 1) for v in value)
    if kind is tuple:  # a list: messages (option values' titles) in quotes
        return ", ".join(f"“{render(v, lang)}”" if type(v) is Msg else str(_argument(v, lang)) for v in value)
    return value


def render(message: Msg | str, lang: str | None = None) -> str:
    """``message`` written in ``lang`` (default: the current request's language)."""
    if type(message) is str:
        return message
    assert isinstance(message, Msg)
    lang = lang or _LANGUAGE.get()
    template = _CATALOGS.get(lang, {}).get(message.key)
    if template is None and lang != DEFAULT_LANGUAGE:
        lang_used = DEFAULT_LANGUAGE
        template = _CATALOGS.get(DEFAULT_LANGUAGE, {}).get(message.key)
    else:
        lang_used = lang
    if template is None:
        return _unwritten(message)
    params = message.params
    try:
        if not params:
            return template.format()
        return template.format_map({k: _argument(v, lang, k) for k, v in params.items()})
    except (KeyError, IndexError, ValueError, AttributeError):
        log.error("message %r (%s) does not fit its parameters %s", message.key, lang_used, sorted(params))
        return _unwritten(message)


def _unwritten(message: Msg) -> str:
    params = ", ".join(f"{k}={v!r}" for k, v in message.params.items())
    return f"{message.key}({params})" if params else message.key


def english(message: Msg | str) -> str:
    return render(message, DEFAULT_LANGUAGE)


load_catalogs(SERVICE_LOCALE)
load_page_words()
set_writer(english)


def json_default(value: Any) -> Any:
    """orjson's ``default``: a message in the current language (anything else is not JSON)."""
    if type(value) is Msg:
        return render(value)
    raise TypeError(f"{type(value).__name__} is not JSON")
