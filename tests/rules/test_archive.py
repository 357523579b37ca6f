"""``Ruleset.archive`` in every game family: a state with its older finished rounds taken out plays on
exactly as the whole one.

Each seeded match is played twice from the same choices: one state is archived after every step
(each deal and each action), the other never. At every step the two must agree on everything a caller
sees: ``status``, ``to_act``, ``needs_deal``, ``legal_actions`` of every seat, the refusals of a few
illegal actions (and of table-mode ``round_result`` reports, accepted or not), and ``view`` for every
seat and the referee, except that the archived view's ``history`` lists only the records still in the
state. The records ``archive`` returned, followed by that ``history``, must be exactly the whole
state's referee ``history``, which every seat's view shows the same (finished rounds are public).
Archiving twice gives nothing the second time and the same state; the archived state keeps at most
one record and round-trips through the codec. A state stored before the round counter existed still
decodes, and plays on with its round numbers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from service.api.problems import problem_body
from service.matches.codec import decode, encode
from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.errors import RuleError
from service.rules.games.avinas import AVINAS
from service.rules.games.avinas.state import AvinasState
from service.rules.games.boerenbridge import BOERENBRIDGE
from service.rules.games.boerenbridge.state import BoerenbridgeState
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.games.forty_fives.state import FortyFivesState
from service.rules.playout import shuffled_deck
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, Ruleset
from tests.profiles import setups, split


@dataclass(frozen=True)
class Profile:
    ruleset: Ruleset
    players: int
    mode: str
    options: Mapping[str, Any]
    matches: int  # random matches played (each twice: archived and not)
    max_rounds: int  # a longer match is cut short (its history has been archived many times by then)
    ends: bool  # random play ends most matches before max_rounds


#: the archive setups of every ruleset (``tests/profiles.py``), by setup name
PROFILES: dict[str, Profile] = {
    s.name: Profile(RULESETS[rid], s.players, s.mode, s.options, s.matches, s.max_rounds, s.ends)
    for rid, s in setups("archive")
}


# ------------------------------------------------------------------------------------------------
# Per family: the history in the state, rounds counted, extra (not listed) actions to try
# ------------------------------------------------------------------------------------------------


def kept_records(state: Any) -> tuple[Any, ...]:
    if isinstance(state, AvinasState):
        return state.history
    return state.match.history


def rounds_done(state: Any) -> int:
    if isinstance(state, AvinasState):
        return state.hands_played
    return state.match.rounds_done


def extra_actions(ruleset: Ruleset, state: Any, n: int, rng: random.Random) -> list[Action]:
    """Actions no seat lists, tried on both states: a table-mode ``round_result`` (often refused),
    Boerenbridge's ``abandon`` (rarely), a play out of turn, an unknown type."""
    out = [Action("shuffle", seat=0), Action("play", seat=rng.randrange(n), card=Card.parse(rng.choice(
        ["5H", "JC", "AH", "10D", "7S", "QC"])))]
    mode = ruleset.view(state, None)["mode"]
    if isinstance(state, AvinasState):
        hand = state.hand
        if mode == "table" and hand is not None:
            tricks = rng.randint(0, 8)
            facts: dict[str, Any] = {
                "game": hand.game or rng.choice(["sevens", "no_seven"]),
                "declarer": hand.declarer if hand.declarer is not None else rng.randrange(4),
                "declarer_points": min(120, tricks * 15), "declarer_tricks": tricks,
            }
            out.append(Action("round_result", result=facts))
    elif isinstance(state, BoerenbridgeState):
        r = state.round
        if mode == "table" and r is not None:
            bids = [b if b is not None else (rng.randint(0, r.hand_size) if r.active[s] else None)
                    for s, b in enumerate(state.bids)]
            out.append(Action("round_result", result={"bids": bids, "tricks": split(rng, r.hand_size, n)}))
        if rng.random() < 0.002:
            out.append(Action("abandon"))
    elif isinstance(state, FortyFivesState) and mode == "table" and state.round is not None:
        won = split(rng, 5, n)
        winners = [s for s in range(n) if won[s]]
        facts = {"tricks_won": won, "highest_trump_seat": rng.choice([*winners, None])}
        if rng.random() < 0.5 and state.round.contract is None:
            facts["bid"] = {"team": rng.randrange(2), "amount": 20}
        out.append(Action("round_result", result=facts))
    return out


# ------------------------------------------------------------------------------------------------
# The comparison
# ------------------------------------------------------------------------------------------------


def outcome(ruleset: Ruleset, state: Any, action: Action) -> tuple[str, Any]:
    """What ``apply`` does: the new state, or the refusal as the API would show it."""
    try:
        return "ok", ruleset.apply(state, action)
    except RuleError as e:
        return type(e).__name__, problem_body(e)


def compare(ruleset: Ruleset, n: int, full: Any, arch: Any, records: list[dict[str, Any]]) -> None:
    """Everything a caller sees of the two states is the same, but the archived view's history."""
    assert ruleset.status(arch) == ruleset.status(full)
    assert ruleset.to_act(arch) == ruleset.to_act(full)
    assert ruleset.needs_deal(arch) == ruleset.needs_deal(full)
    assert rounds_done(arch) == rounds_done(full) == len(kept_records(full))
    assert len(kept_records(arch)) <= 1
    for seat in range(n):
        assert ([a.to_json() for a in ruleset.legal_actions(arch, seat)]
                == [a.to_json() for a in ruleset.legal_actions(full, seat)])
    whole = ruleset.view(full, None)
    whole_history = whole.pop("history")
    left = ruleset.view(arch, None)
    left_history = left.pop("history")
    assert left == whole
    assert len(left_history) == len(kept_records(arch))
    assert records + left_history == whole_history
    for seat in range(n):
        seat_whole = ruleset.view(full, seat)
        assert seat_whole.pop("history") == whole_history  # what was archived, every seat saw
        seat_left = ruleset.view(arch, seat)
        assert seat_left.pop("history") == left_history
        assert seat_left == seat_whole


def archive_step(ruleset: Ruleset, state: Any, records: list[dict[str, Any]]) -> Any:
    """Archive ``state`` (adding what comes out to ``records``), then check that a second archive
    gives nothing and the same state object."""
    out, taken = ruleset.archive(state)
    if len(kept_records(state)) <= 1:
        assert out is state and taken == []
    else:
        assert len(taken) == len(kept_records(state)) - 1
    records.extend(taken)
    again, none = ruleset.archive(out)
    assert none == [] and again is out
    return out


def play_pair(profile: Profile, seed: int) -> tuple[int, Any]:
    """One random match, played archived and whole; returns the steps and the whole final state."""
    ruleset, n, mode = profile.ruleset, profile.players, profile.mode
    rng = random.Random(seed)
    options = ruleset.validate_options(profile.options, n)
    full = ruleset.new_match(options, n, rng.randrange(n), mode)  # type: ignore[arg-type]
    arch = archive_step(ruleset, full, [])
    records: list[dict[str, Any]] = []
    steps = 0
    while True:
        compare(ruleset, n, full, arch, records)
        if ruleset.status(full) == FINISHED or rounds_done(full) >= profile.max_rounds:
            break
        if ruleset.needs_deal(full):
            deck = shuffled_deck(ruleset, rng) if mode == "dealt" else None
            full, arch = ruleset.deal(full, deck), ruleset.deal(arch, deck)
        else:
            action: Action | None = None
            for extra in extra_actions(ruleset, full, n, rng):
                kind, result = outcome(ruleset, full, extra)
                kind_a, result_a = outcome(ruleset, arch, extra)
                assert kind_a == kind
                if kind != "ok":
                    assert result_a == result
                elif action is None and (extra.type != "round_result" or rng.random() < 0.1):
                    action = extra
            if action is None:
                choices = [a for s in ruleset.to_act(full) for a in ruleset.legal_actions(full, s)]
                assert choices, "somebody is to act but has no legal action"
                action = rng.choice(choices)
            full, arch = ruleset.apply(full, action), ruleset.apply(arch, action)
        arch = archive_step(ruleset, arch, records)
        steps += 1
        if ruleset.needs_deal(full) or ruleset.status(full) == FINISHED:  # a round just ended
            assert decode(ruleset.state_type, encode(arch)) == arch
    return steps, full


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PROFILES))
def test_archived_state_plays_on_as_the_whole_one(name: str) -> None:
    profile = PROFILES[name]
    finished = rounds = 0
    for k in range(profile.matches):
        _steps, full = play_pair(profile, 1000 * k + len(name))
        rounds += rounds_done(full)
        finished += profile.ruleset.status(full) == FINISHED
    assert rounds >= 2 * profile.matches  # archiving had something to take out
    if profile.ends:  # long matches are cut short
        assert finished >= profile.matches // 2  # the end of a match is compared too


# ------------------------------------------------------------------------------------------------
# Stored states from before the counter
# ------------------------------------------------------------------------------------------------


def _played(ruleset: Ruleset, n: int, options: dict[str, Any], rounds: int, seed: int) -> Any:
    rng = random.Random(seed)
    state = ruleset.new_match(ruleset.validate_options(options, n), n, 0, "dealt")
    while rounds_done(state) < rounds:
        assert ruleset.status(state) != FINISHED
        if ruleset.needs_deal(state):
            state = ruleset.deal(state, shuffled_deck(ruleset, rng))
        else:
            seat = ruleset.to_act(state)[0]
            state = ruleset.apply(state, rng.choice(ruleset.legal_actions(state, seat)))
    return state


OLD_FORMAT: dict[str, tuple[Ruleset, int, dict[str, Any], Callable[[Any], dict[str, Any]]]] = {
    "forty_fives": (FORTY_FIVES, 2, {"target_score": 5000}, lambda data: data["match"]),
    "auction_forty_fives": (AUCTION_FORTY_FIVES, 4, {"target_score": 5000}, lambda data: data["match"]),
    "boerenbridge": (BOERENBRIDGE, 4, {"match_end": "fixed_rounds_highest", "hand_size_schedule": "up",
                                       "max_rounds": 30}, lambda data: data["match"]),
}


@pytest.mark.parametrize("name", sorted(OLD_FORMAT))
def test_a_state_stored_without_the_counter_decodes_and_plays_on(name: str) -> None:
    ruleset, n, options, match_of = OLD_FORMAT[name]
    state = _played(ruleset, n, options, 4, seed=3)
    data = encode(state)
    assert match_of(data).pop("archived") == 0  # the stored form before the counter: no such key
    old = decode(ruleset.state_type, data)
    assert old == state and old.match.archived == 0 and old.match.rounds_done == 4
    arch, records = ruleset.archive(old)
    assert len(records) == 3 and arch.match.archived == 3 and arch.match.rounds_done == 4
    assert ruleset.view(arch, None)["round"] == ruleset.view(state, None)["round"] == 5
    rng = random.Random(9)
    deck = shuffled_deck(ruleset, rng)
    dealt, dealt_arch = ruleset.deal(state, deck), ruleset.deal(arch, deck)
    compare(ruleset, n, dealt, dealt_arch, records)
    assert ruleset.view(dealt_arch, None)["round"] == 5


def test_an_avinas_state_needs_no_counter() -> None:
    """Avinas already counts its hands (``hands_played``: hand numbers and ``max_hands``); archiving
    leaves it alone, and a stored state decodes as it always did."""
    state = _played(AVINAS, 4, {"pips_to_end": 100}, 4, seed=5)
    arch, records = AVINAS.archive(state)
    assert [r["number"] for r in records] == [1, 2, 3] and arch.hands_played == state.hands_played == 4
    assert decode(AvinasState, encode(arch)) == arch
    assert AVINAS.deal(arch, shuffled_deck(AVINAS, random.Random(1))).hand.number == 5  # type: ignore[union-attr]


def test_the_archived_state_stays_the_same_size() -> None:
    """Thirty rounds in, the archived state encodes to about what it did after two."""
    sizes = {}
    for name, (ruleset, n, options, _match_of) in OLD_FORMAT.items():
        state = _played(ruleset, n, options, 2, seed=1)
        small = len(repr(encode(ruleset.archive(state)[0])))
        later = _played(ruleset, n, options, 25, seed=1)
        sizes[name] = (small, len(repr(encode(later))), len(repr(encode(ruleset.archive(later)[0]))))
        assert sizes[name][2] < small * 1.1, sizes[name]
        assert sizes[name][1] > sizes[name][2] * 2, sizes[name]
