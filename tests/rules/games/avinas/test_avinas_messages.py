"""Avinas texts as data (issue 15): every human text the game produces is a message (``Msg``) whose
key is in the game's catalogs, never an English sentence; the Indonesian and Tagalog catalogs hold
every key, with the same placeholders, and each text the game sends renders in each language.

Random dealt and table matches under several option profiles, with random refusals at every step
and random stateless questions (trick winners, legal plays, round scores), collect every error,
trick reason, play rule, score explanation and view; each message in them (and each message nested
in their parameters) must have a key of the Avinas catalog (``avinas.*``) or of the service's.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from service.api.i18n import SERVICE_LOCALE, locale_dir_of, render
from service.rules.actions import Action
from service.rules.cards import DECK_32, DECK_52, SUITS
from service.rules.errors import RuleError
from service.rules.games.avinas import AVINAS
from service.rules.messages import Msg
from service.rules.ruleset import FINISHED, SPECTATOR
from service.rules.tricks import Play, TrickContext
from tests.english import english
from tests.profiles import AVINAS_PAGAT

LOCALE = locale_dir_of(AVINAS)


def read(path: Path) -> dict[str, str]:
    with path.open("rb") as handle:
        return {m.id: m.string for m in read_po(handle) if m.id and isinstance(m.id, str)}


ENGLISH = read(LOCALE / "en.po")
SERVICE = read(SERVICE_LOCALE / "en.po")

PROFILES: list[dict[str, Any]] = [
    {},
    {"facedown_signal": True, "trump_lead_obligation": "every_trick", "stop_in_sevens_game": True, "max_hands": 4},
    {"knock_in_pips_game": True, "defenders_knock_requires_knock": False, "auction_rounds": "continuous",
     "lie_penalty": "max", "knock_fail_scoring": "full_stake", "no_trump_followed_winner": "highest_of_led_suit",
     "stop_remainder_to": "nobody", "declaration_count": "suit_cards", "pips_to_end": 4},
    {"max_hands": 3, "max_hands_outcome": "fewer_penalties", "min_declaration": 3},
    dict(AVINAS_PAGAT),
    {"rams_rule": "sevens", "stop_by": "declaring_side", "pips_defender_tiers": [1, 2, 3], "tier_basis": "points"},
]
ACTION_TYPES = ("expose", "knock", "pass", "declare", "play", "stop", "round_result", "bid")


class Seen:
    """Every message met, by key, and how many of each kind of text were checked."""

    def __init__(self) -> None:
        self.keys: set[str] = set()
        #: one message of each key, with the parameters the game gave it
        self.samples: dict[str, Msg] = {}
        self.errors = 0
        self.explanations = 0

    def check(self, message: Any, where: str) -> None:
        assert isinstance(message, Msg), f"{where}: {message!r} is not a message"
        assert message.key != "core.text", f"{where}: a plain text wrapped as a message: {message!r}"
        known = ENGLISH if message.key.startswith("avinas.") else SERVICE
        assert message.key in known, f"{where}: {message.key!r} is in no catalog"
        self.keys.add(message.key)
        self.samples.setdefault(message.key, message)
        for value in message.params.values():
            for inner in messages_in(value):
                self.check(inner, where)
        assert "avinas." not in english(message) and "core." not in english(message), english(message)

    def error(self, error: RuleError) -> None:
        self.errors += 1
        self.check(error.message, f"{type(error).__name__} {error.code}")
        for inner in messages_in([error.legal, error.extra]):
            self.check(inner, f"{error.code} legal/extra")

    def view(self, view: dict[str, Any]) -> None:
        for key in ("end_reason",):
            if view.get(key) is not None:
                self.check(view[key], key)
        for line in view.get("last_hand_explanation", []):
            self.explanations += 1
            self.check(line, "last_hand_explanation")
        for trick in view.get("tricks", []):
            self.check(trick["reason"], "a trick's reason")
        for inner in messages_in(view):
            self.check(inner, "view")


def messages_in(value: Any) -> Iterator[Msg]:
    if isinstance(value, Msg):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from messages_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from messages_in(v)


def random_action(rng: random.Random) -> Action | None:
    """An action of a random type for a random seat, with random fields (most of them refused)."""
    kind = rng.choice(ACTION_TYPES)
    data: dict[str, Any] = {"type": kind, "seat": rng.randrange(4)}
    if kind in ("play", "expose"):
        c = rng.choice(DECK_52).text
        if kind == "expose" and rng.random() < 0.5:
            data["cards"] = rng.choice([[c], [], [c, "7H"]])
        else:
            data["card"] = c
        if rng.random() < 0.3:
            data["face_down"] = True
        if rng.random() < 0.2:
            data["suit"] = rng.choice("CDHS")
        if rng.random() < 0.2:
            data["amount"] = rng.choice([0, 1, 2])
    if kind == "declare" and rng.random() < 0.9:
        data["amount"] = rng.randrange(0, 10)
    if kind == "round_result":
        data["result"] = random_facts(rng)
    try:
        return Action.from_json(data)
    except RuleError:
        return None


def random_facts(rng: random.Random) -> dict[str, Any]:
    """Round facts, possible or not."""
    facts: dict[str, Any] = {
        "game": rng.choice(["sevens", "no_seven", "sevens", "no_seven", "x"]), "declarer": rng.randrange(5),
        "declarer_points": rng.randrange(-1, 122), "declarer_tricks": rng.randrange(0, 9),
    }
    extra = {
        "knocks": lambda: rng.randrange(0, 3), "lied": lambda: rng.choice([True, False, 1]),
        "rams": lambda: rng.choice([[0, 0], [1, 0], [1, 2], [0, -1], [1]]),
        "pips": lambda: rng.choice([[0, 0], [3, 0], [12, 0], [1, 2]]),
        "defender_points": lambda: rng.randrange(0, 121), "defender_tricks": lambda: rng.randrange(0, 9),
        "declarers_knocked": lambda: rng.choice([True, False]), "bogus": lambda: 1,
        "sevens_exposed": lambda: rng.choice([1, 2, 3, 4, 5]),
    }
    for key, make in extra.items():
        if rng.random() < (0.03 if key == "bogus" else 0.25):
            facts[key] = make()
    if rng.random() < 0.5:
        facts["defender_points"] = 120 - facts["declarer_points"]
        facts["defender_tricks"] = 8 - facts["declarer_tricks"]
    if rng.random() < 0.03:
        del facts["declarer"]
    return facts


def refuse(seen: Seen, call: Any, *args: Any) -> None:
    """``call(*args)`` must be refused; its refusal is checked."""
    with pytest.raises(RuleError) as refused:
        call(*args)
    seen.error(refused.value)


def play_match(seen: Seen, seed: int, mode: str, options: dict[str, Any]) -> None:
    rng = random.Random(seed)
    state = AVINAS.new_match(AVINAS.validate_options(options), 4, rng.randrange(4), mode)
    for _ in range(300):
        state, _ = AVINAS.archive(state)  # the older hands leave the state, as the service archives them
        if AVINAS.status(state) == FINISHED:
            break
        if AVINAS.needs_deal(state):
            deck = list(DECK_32)
            rng.shuffle(deck)
            given = deck if mode == "dealt" else None
            wrong = rng.choice((deck[:31], None)) if mode == "dealt" else deck
            refuse(seen, AVINAS.deal, state, wrong)
            refuse(seen, AVINAS.apply, state, Action("pass", 0))
            state = AVINAS.deal(state, given)
            refuse(seen, AVINAS.deal, state, given)
            continue
        for _ in range(3):
            action = random_action(rng)
            if action is not None:
                try:
                    AVINAS.apply(state, action)
                except RuleError as error:
                    seen.error(error)
        legal = [a for s in AVINAS.to_act(state) for a in AVINAS.legal_actions(state, s)]
        if mode == "table" and rng.random() < 0.05:
            legal.append(Action.from_json({"type": "round_result", "seat": 0, "result": random_facts(rng)}))
        try:
            state = AVINAS.apply(state, rng.choice([a for a in legal if a.type != "stop"] or legal))
        except RuleError as error:
            seen.error(error)
        for seat in (None, SPECTATOR, rng.randrange(4)):
            seen.view(AVINAS.view(state, seat))
    for seat in (None, 0):
        seen.view(AVINAS.view(state, seat))


def ask(seen: Seen, rng: random.Random) -> None:
    """Random stateless questions: a trick's winner, a hand's legal plays, a round's score."""
    options = AVINAS.validate_options(rng.choice(PROFILES))
    ctx = TrickContext(trump=rng.choice([*SUITS, *SUITS, None]), trick_number=rng.choice([None, 1, 2, 3, 5, 8, 9]))
    deck = list(DECK_32) + ([rng.choice(DECK_52)] if rng.random() < 0.05 else [])
    plays = [Play(c, face_down=rng.random() < 0.15) for c in rng.sample(deck, rng.randrange(0, 6))]
    hand = rng.sample(deck, rng.randrange(1, 10))
    trick = [Play(c, face_down=rng.random() < 0.1) for c in rng.sample(deck, rng.randrange(0, 5))]
    try:
        seen.check(AVINAS.trick_winner(plays, ctx, options).reason, "a trick's reason")
    except RuleError as error:
        seen.error(error)
    try:
        seen.check(AVINAS.legal_plays(hand, trick, ctx, options).rule, "a play's rule")
        AVINAS.check_play(hand, trick, rng.choice(deck), ctx, options)
    except RuleError as error:
        seen.error(error)
    try:
        for line in AVINAS.score_round(random_facts(rng), options).explanation:
            seen.explanations += 1
            seen.check(line, "a score's explanation")
    except RuleError as error:
        seen.error(error)


def see_the_catalogue_entry(seen: Seen) -> None:
    """The texts of the ruleset's catalogue entry: its description, teams, options and presets."""
    entry = AVINAS.describe()
    seen.check(entry["name"], "name")
    seen.check(entry["description"], "description")
    seen.check(entry["teams"], "teams")
    for option in entry["options"]:
        seen.check(option["description"], option["name"])
    for spec in AVINAS.option_specs:  # the short names of the options schema (GET /v1/rulesets/{id})
        seen.check(spec.title(), spec.name)
        if spec.type in ("enum", "nullable_enum"):
            for value in spec.allowed or ():
                seen.check(spec.value_title(value), f"{spec.name} = {value!r}")
    for preset in AVINAS.presets:
        seen.check(preset.name, f"preset {preset.id}")
        seen.check(preset.description, f"preset {preset.id}")


@pytest.mark.slow
def test_every_text_of_the_game_is_a_message_of_its_catalog() -> None:
    seen = Seen()
    see_the_catalogue_entry(seen)
    rng = random.Random(15)
    for _ in range(400):
        ask(seen, rng)
    for seed in range(12):
        for mode in ("dealt", "table"):
            play_match(seen, seed, mode, PROFILES[seed % len(PROFILES)])
    for raw in ({"rams_tiers": [1, 2]}, {"min_declaration": 9}, {"nothing": 1}):
        with pytest.raises(RuleError) as refused:
            AVINAS.validate_options(raw)
        seen.error(refused.value)
    assert seen.errors > 2000 and seen.explanations > 500
    used = {k for k in seen.keys if k.startswith("avinas.")}
    assert len(used) > 0.66 * len(ENGLISH), sorted(set(ENGLISH) - used)


def test_the_catalogue_entry_is_messages() -> None:
    see_the_catalogue_entry(Seen())


# --- Indonesian and Tagalog -----------------------------------------------------------------------

TRANSLATIONS = {lang: read(LOCALE / f"{lang}.po") for lang in ("id", "tl")}
#: texts that may read the same as the English: proper nouns and card codes only (the game's name)
SAME_IN_EVERY_LANGUAGE: frozenset[str] = frozenset({"avinas.name"})


def placeholders(text: str) -> set[str]:
    """The ``{name...}`` fields of a message text (``{{`` and ``}}`` are no field)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", sorted(TRANSLATIONS))
def test_each_language_has_every_message_with_its_placeholders(lang: str) -> None:
    texts = TRANSLATIONS[lang]
    assert set(texts) == set(ENGLISH), sorted(set(texts) ^ set(ENGLISH))
    for key, text in texts.items():
        assert text, f"{lang}: {key} has no text"
        assert placeholders(text) == placeholders(ENGLISH[key]), (lang, key, text)
        assert text != ENGLISH[key] or key in SAME_IN_EVERY_LANGUAGE, (lang, key, text)


@pytest.mark.parametrize("lang", sorted(TRANSLATIONS))
def test_every_message_met_is_written_in_each_language(lang: str) -> None:
    """The messages of random play and questions, with their real parameters, render in ``lang``
    from its own catalog (no English fallback, no text that fails to format)."""
    seen = Seen()
    rng = random.Random(21)
    for _ in range(150):
        ask(seen, rng)
    for seed in range(3):
        play_match(seen, seed, ("dealt", "table")[seed % 2], PROFILES[seed % len(PROFILES)])
    assert len(seen.samples) > 60
    for message in seen.samples.values():
        text = render(message, lang)
        assert not text.startswith(message.key), (lang, text)
        if message.key.startswith("avinas.") and message.key not in SAME_IN_EVERY_LANGUAGE:
            assert text != render(message, "en"), (lang, message)
