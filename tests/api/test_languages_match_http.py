"""A match in the caller's language, through the HTTP API: its views, a refusal of an action, its
record and its live stream read in Indonesian and in Tagalog, while everything that is machine text
(codes, field names, cards, numbers) stays the same in every language.

Every match is played by the generic driver (``legal_actions`` only), so these tests hold for every
registered ruleset; the views are read in English and in the other language at the same version and
compared leaf by leaf.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.config import Settings
from service.api.i18n import catalog, render
from service.api.matches import MATCHES_KEY
from service.rules.cards import ALL_CARDS
from service.rules.registry import RULESETS
from tests.api.match_driver import FlaskHttp, Match, create, step
from tests.api.sse import SseReader
from tests.profiles import profile, ruleset_ids

LANGS = ["id", "tl"]
#: a string of human text: two words of letters (machine text is codes, cards, numbers, ids)
_PROSE = re.compile(r"[^\W\d_]{2,}\s+[^\W\d_]{2,}")
#: machine text: a code, a card, a number or a time
_MACHINE = re.compile(r"[a-z][a-z0-9_]*|(?:10|[2-9JQKA])[CDHS]|[\d:.+\-TZ]+")
#: fields that hold the players' own words or opaque values, or name the language itself (the record's)
_NOT_TEXT = frozenset({"names", "name", "id", "token", "expires_at", "deal_commitment", "seed", "language"})
#: the few words the same in every language (tests/api/test_catalogs.py, SAME_IN_EVERY_LANGUAGE)
_SAME = frozenset({"Boerenbridge", "Avinas", "dealer"})


@pytest.fixture
def app() -> Flask:
    app = create_app(Settings(stream_heartbeat_seconds=0.3, stream_max_seconds=6))
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(15)
    return app


def _leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in _NOT_TEXT:
                yield from _leaves(item, f"{path}.{key}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _leaves(item, f"{path}[{i}]")
    else:
        yield path, value


def _compare(english: Any, other: Any) -> tuple[list[str], list[str]]:
    """(paths of human text still in English, paths where machine text differs)."""
    mine = dict(_leaves(other))
    theirs = dict(_leaves(english))
    assert mine.keys() == theirs.keys(), sorted(mine.keys() ^ theirs.keys())
    kept, changed = [], []
    for path, value in theirs.items():
        if isinstance(value, str) and _PROSE.search(value) and value not in _SAME:
            if mine[path] == value:
                kept.append(f"{path}: {value}")
        elif (not isinstance(value, str) or _MACHINE.fullmatch(value)) and mine[path] != value:
            changed.append(f"{path}: {value!r} -> {mine[path]!r}")
    return kept, changed


def _played(client: FlaskClient, ruleset_id: str, mode: str, actions: int) -> Match:
    """A match of ``ruleset_id`` with ``actions`` random legal actions taken (fewer if it ends)."""
    http = FlaskHttp(client)
    entry = profile(ruleset_id)
    match, _ = create(http, ruleset_id, mode, entry.usual_players, options=dict(entry.short))
    rng = random.Random(f"{ruleset_id}-{mode}")
    for _ in range(actions):
        if step(http, match, rng) is None:
            break
    return match


def _get(client: FlaskClient, path: str, token: str, lang: str) -> Any:
    answer = client.get(path, headers={"Authorization": f"Bearer {token}", "Accept-Language": lang})
    assert answer.status_code == 200, answer.get_json()
    assert answer.headers["Content-Language"] == lang
    assert "Accept-Language" in answer.headers["Vary"]
    return answer.get_json()


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", ["table", "dealt"])
@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_a_match_view_and_its_history_are_in_the_language(
    client: FlaskClient, ruleset_id: str, mode: str, lang: str
) -> None:
    if mode not in profile(ruleset_id).modes:
        pytest.skip(f"{ruleset_id} has no {mode} mode")
    match = _played(client, ruleset_id, mode, 60)
    written = 0
    for path in (match.path, f"{match.path}/events", f"{match.path}/rounds", f"{match.path}/record"):
        english, other = _get(client, path, match.referee, "en"), _get(client, path, match.referee, lang)
        kept, changed = _compare(english, other)
        assert not kept, f"{path}: human text still in English: {kept[:5]}"
        assert not changed, f"{path}: machine text changed with the language: {changed[:5]}"
        written += sum(1 for _, v in _leaves(other) if isinstance(v, str) and _PROSE.search(v))
    assert written or ruleset_id == "boerenbridge" or mode == "dealt", "no human text was compared"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_an_action_is_refused_in_the_language(client: FlaskClient, ruleset_id: str, lang: str) -> None:
    match = _played(client, ruleset_id, "dealt", 0)
    view = _get(client, match.path, match.referee, "en")
    seat = view["to_act"][0]
    own = _get(client, match.path, match.seats[seat], "en")
    held = set(own["hand"] or [])
    missing = next(c.text for c in ALL_CARDS if c.text not in held)
    body = {"type": "play", "seat": seat, "card": missing}
    answers = {
        language: client.post(f"{match.path}/actions", json=body,
                              headers={"Authorization": f"Bearer {match.seats[seat]}", "Accept-Language": language})
        for language in ("en", lang)
    }
    english, other = answers["en"].get_json(), answers[lang].get_json()
    assert answers[lang].status_code == answers["en"].status_code >= 400
    assert answers[lang].headers["Content-Language"] == lang
    assert other["code"] == english["code"]
    titles = {text for key, text in catalog(lang).items() if key.startswith("title.")}
    assert other["title"] in titles and other["title"] != english["title"]
    assert other["detail"] != english["detail"], other["detail"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_record_as_text_and_csv_is_in_the_language(client: FlaskClient, lang: str) -> None:
    match = _played(client, "forty_fives", "table", 40)
    headers = {"Authorization": f"Bearer {match.referee}", "Accept-Language": lang}
    text = client.get(f"{match.path}/record?format=text", headers=headers)
    assert text.status_code == 200 and text.headers["Content-Language"] == lang
    lines = text.get_data(as_text=True).splitlines()
    game, mode = render(RULESETS["forty_fives"].name, lang), catalog(lang)["record.mode.table"]
    assert lines[0] == catalog(lang)["record.title"].format(ruleset=game, mode=mode)
    assert lines[1] == catalog(lang)["record.players"].format(players="1: P0, 2: P1, 3: P2")  # counted from 1
    csv = client.get(f"{match.path}/record?format=csv", headers=headers)
    assert csv.status_code == 200 and csv.headers["Content-Language"] == lang
    assert csv.get_data(as_text=True).split(",", 1)[0] == catalog(lang)["record.round"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_live_stream_is_in_the_language(app: Flask, lang: str) -> None:
    """The stream writes its items after the view returned: still in the language it was opened in."""
    client = app.test_client()
    match = _played(client, "avinas", "table", 0)
    response = client.get(f"{match.path}/stream", buffered=False,
                          headers={"Authorization": f"Bearer {match.referee}", "Accept-Language": lang})
    assert response.status_code == 200 and response.headers["Content-Language"] == lang
    reader = SseReader(response.iter_encoded())
    try:
        rng = random.Random(15)
        for _ in range(30):
            step(FlaskHttp(client), match, rng)
        views = [item for item in reader.until(lambda item: item.event == "view" and bool(item.data.get("tricks")),
                                               timeout=10) if item.event == "view"]
    finally:
        with contextlib.suppress(ValueError):  # "generator already executing" on the reader's thread
            response.close()
    streamed = views[-1].data
    english = _get(client, match.path, match.referee, "en")
    assert streamed["version"] <= english["version"]
    reasons = [trick["reason"] for trick in streamed["tricks"]]
    assert reasons and all(r not in {t["reason"] for t in english["tricks"]} for r in reasons), reasons
    same_version = _get(client, match.path, match.referee, lang)
    assert [t["reason"] for t in same_version["tricks"]][:len(reasons)] == reasons
