"""Forty-Fives and Auction Forty-Fives speak in messages only (issue 15): every refusal, every rule
of a legal-plays verdict, every trick winner's reason, every line of a round's explanation, the
catalogue's descriptions and the option refusals are ``Msg`` values whose keys the catalogs hold
(the package's own ``locale/`` or the service's), with parameters that fit the text; none is a
plain ``str`` (which errors wrap as ``core.text``)."""

from __future__ import annotations

import random
import string
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from service.api.i18n import SERVICE_LOCALE, render
from service.rules.actions import Action
from service.rules.cards import DECK_52, SUITS, Card
from service.rules.errors import RuleError
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.games.forty_fives.state import FortyFivesState
from service.rules.messages import Msg
from service.rules.ruleset import FINISHED, Ruleset
from service.rules.tricks import Play, TrickContext
from tests.english import english

PACKAGE_LOCALE = Path(__file__).resolve().parents[4] / "service" / "rules" / "games" / "forty_fives" / "locale"


def keys_of(path: Path) -> set[str]:
    with path.open("rb") as handle:
        return {m.id for m in read_po(handle) if m.id and isinstance(m.id, str)}


OURS = keys_of(PACKAGE_LOCALE / "en.po")
KNOWN = OURS | keys_of(SERVICE_LOCALE / "en.po")


def check(message: Any) -> None:
    """``message`` is a Msg of a known key (and so is every Msg among its parameters), written whole."""
    assert isinstance(message, Msg), message
    assert message.key != "core.text", message
    assert message.key in KNOWN, message.key
    for value in message.params.values():
        if isinstance(value, Msg):
            check(value)
        assert not isinstance(value, (list, dict)), (message.key, value)
    text = english(message)
    assert not text.startswith(message.key), text  # the parameters fit the text


PROFILES: dict[str, tuple[Ruleset[Any], int, dict[str, Any]]] = {
    "forty_fives": (FORTY_FIVES, 3, {"unrobbed_trump_ace": "lowest_unless_announced"}),
    "forty_fives_demote": (FORTY_FIVES, 5, {"unrobbed_trump_ace": "lowest",
                                            "highest_trump_bonus": "five_of_trumps_only",
                                            "dealer_turned_ace": "may_rob_discard_before_first_lead"}),
    "auction_turn_up": (AUCTION_FORTY_FIVES, 4, {"turn_up_scoring": "three_four_five",
                                                 "highest_trump_bonus": "highest_trump_played"}),
    "auction_bidding": (AUCTION_FORTY_FIVES, 4, {"trump_selection": "bidding", "kitty_size": 3,
                                                 "dealer_robs_pack": True, "bidder_must_hold_trump": True}),
    "auction_bidding_6": (AUCTION_FORTY_FIVES, 6, {"trump_selection": "bidding", "dealer_hold": "duel",
                                                   "all_pass": "redeal", "defender_out_rule": "capped_below_target"}),
}


def wrong_actions(rng: random.Random, n: int) -> list[Action]:
    """A handful of actions, most of them refused wherever the match is."""
    seat = rng.randrange(n + 1)  # n: a seat that does not exist
    c = rng.choice(DECK_52)
    return [
        Action("play", seat, rng.choice(DECK_52)),
        Action("play", seat),
        Action("rob", seat, c),
        Action("rob", seat),
        Action("decline", seat),
        Action("turn_up", seat, c),
        Action("turn_up", seat),
        Action("bid", seat, amount=rng.choice([None, 10, 15, 20, 25, 30, 35])),
        Action("pass", seat),
        Action("hold", seat),
        Action("name_trump", seat, suit=rng.choice([None, *SUITS])),
        Action("discard", seat, cards=tuple(rng.sample(DECK_52, rng.randrange(4))), amount=rng.choice([None, 9])),
        Action("discard", seat, amount=rng.randrange(7)),
        Action("draw", seat, c),
        Action("draw", seat),
        Action("round_result", seat, result=rng.choice([None, {}, {"tricks_won": [5, 0, 0, 0]}, {"tricks": []}])),
        Action("dance", seat),
    ]


def try_refusals(ruleset: Ruleset[Any], state: FortyFivesState, n: int, rng: random.Random) -> None:
    for action in wrong_actions(rng, n):
        try:
            ruleset.apply(state, action)
        except RuleError as err:
            check(err.message)


@pytest.mark.parametrize("mode", ["dealt", "table"])
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_refusal_and_explanation_is_a_message(profile: str, mode: str) -> None:
    ruleset, n, options = PROFILES[profile]
    rng = random.Random(f"{profile}-{mode}")
    state = ruleset.new_match(options, n, 0, mode)
    try_refusals(ruleset, state, n, rng)
    for _ in range(250):
        if ruleset.status(state) == FINISHED:
            break
        if ruleset.needs_deal(state):
            deck = list(DECK_52)
            rng.shuffle(deck)
            state = ruleset.deal(state, deck if mode == "dealt" else None)
            continue
        try_refusals(ruleset, state, n, rng)
        seat = rng.choice(ruleset.to_act(state))
        state = ruleset.apply(state, rng.choice(ruleset.legal_actions(state, seat)))
    for record in state.match.history:
        facts = {"trump": record.trump.value if record.trump else None, "players": n,
                 "tricks_won": list(record.tricks_won), "scores": [0] * len(record.scores),
                 "highest_trump_seat": record.bonus_seat}
        if record.contract is not None:
            facts["bid"] = {"team": record.contract.team, "amount": record.contract.amount}
        try:
            out = ruleset.score_round(facts, state.match.options)
        except RuleError as err:
            check(err.message)
            continue
        for line in out.explanation:
            check(line)


def test_bare_facts_speak_in_messages() -> None:
    rng = random.Random(7)
    for ruleset, options in ((FORTY_FIVES, {}), (FORTY_FIVES, {"unrobbed_trump_ace": "lowest"}),
                             (AUCTION_FORTY_FIVES, {"ace_of_hearts_lead": "trump_lead_renege_then_hearts"})):
        opts = ruleset.validate_options(options)
        for _ in range(400):
            deck = list(DECK_52)
            rng.shuffle(deck)
            trump = rng.choice(SUITS)
            k = rng.randrange(1, 5)
            trick = [Play(c) for c in deck[:k]]
            ctx = TrickContext(trump, 1, Card.parse(f"A{trump.value}") if rng.random() < 0.2 else None)
            try:
                check(ruleset.trick_winner(trick, ctx, opts).reason)
                verdict = ruleset.legal_plays(deck[k:k + rng.randrange(1, 7)], trick[:-1], ctx, opts)
                check(verdict.rule)
            except RuleError as err:
                check(err.message)
        for facts in ({}, {"tricks": [], "tricks_won": []}, {"tricks_won": [5]}, {"tricks": [["KH"]], "trump": "H"},
                      {"tricks": [["KH"]], "trump": "H", "leader": 0}, {"tricks_won": [1, 1, 3], "bid": 5},
                      {"tricks_won": [1, 1, 3], "x": 1}, {"tricks_won": [1, 1, 3], "players": 9}):
            with pytest.raises(RuleError) as err:
                ruleset.score_round(facts, opts)
            check(err.value.message)


def test_the_catalogue_speaks_in_messages() -> None:
    for ruleset in (FORTY_FIVES, AUCTION_FORTY_FIVES):
        entry = ruleset.describe()
        check(entry["name"])
        check(entry["description"])
        for option in entry["options"]:
            check(option["description"])
        if entry["teams"] is not None:
            check(entry["teams"])
    for raw in ({"bid_values": [15, 17]}, {"bid_values": [20, 15]}, {"min_bid_at_100": 22},
                {"trump_selection": "bidding", "bid_values": [15, 20], "min_bid_at_100": 25}):
        with pytest.raises(RuleError) as err:
            AUCTION_FORTY_FIVES.validate_options(raw)
        check(err.value.message)


def test_every_key_of_the_catalog_has_a_text() -> None:
    with (PACKAGE_LOCALE / "en.po").open("rb") as handle:
        for m in read_po(handle):
            if m.id:
                assert isinstance(m.string, str) and m.string.strip(), m.id


def catalog(lang: str) -> dict[str, str]:
    with (PACKAGE_LOCALE / f"{lang}.po").open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle) if m.id}


def placeholders(text: str) -> list[tuple[str, str, str]]:
    return sorted((name, conv or "", spec or "") for _, name, spec, conv in string.Formatter().parse(text)
                  if name is not None)


@pytest.mark.parametrize("lang", ["id", "tl"])
def test_indonesian_and_tagalog_say_every_message_with_the_same_placeholders(lang: str) -> None:
    en, other = catalog("en"), catalog(lang)
    assert set(other) == set(en)
    for key, text in en.items():
        assert placeholders(other[key]) == placeholders(text), key
        assert other[key].strip() and other[key] != text, key  # translated, not copied


@pytest.mark.parametrize("lang", ["id", "tl"])
def test_a_refusal_reads_in_the_players_language(lang: str) -> None:
    state = FORTY_FIVES.deal(FORTY_FIVES.new_match({}, 3, 0, "dealt"), list(DECK_52))
    with pytest.raises(RuleError) as err:
        FORTY_FIVES.apply(state, Action("play", 2, DECK_52[0]))
    text = render(err.value.message, lang)
    assert text == catalog(lang)["forty_fives.not_your_turn"].format(turn=2, seat=3)  # counted from 1
