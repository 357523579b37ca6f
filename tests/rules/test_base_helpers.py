"""The small helpers of the rules core the games share (facts, actions, revokes, errors): reading round
facts, the acting seat,
clockwise tricks (revoke records and views), and the ``legal`` of the 409 refusals."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from service.api.problems import problem_body, status_of
from service.rules.actions import Action, acting_seat, actions_json, made_once
from service.rules.cards import SUITS, Card, cards
from service.rules.errors import (
    InvalidAction,
    InvalidFacts,
    InvalidInput,
    NotYourTurn,
    RuleError,
    WrongPhase,
    not_your_turn,
    wrong_phase,
)
from service.rules.facts import int_fact, int_list_fact
from service.rules.options import Options
from service.rules.registry import RULESETS
from service.rules.revokes import Revoke, TrickRecord, find_revokes, judge_by_legal_plays, revokes_after_play
from service.rules.ruleset import Ruleset
from service.rules.slots import evolve, slot_maker
from service.rules.tricks import Play, PlayVerdict, TrickContext, plays_json
from tests.english import english
from tests.profiles import profile, setups


def test_int_fact_reads_json_integers_in_range() -> None:
    facts = {"seat": 2, "half": 2.5, "text": "3", "flag": True, "big": 9}
    assert int_fact(facts, "seat", 0, 3, "a seat") == 2
    for key in ("half", "text", "flag"):
        with pytest.raises(InvalidInput) as bad:
            int_fact(facts, key, 0, 3, "a seat")
        assert status_of(bad.value) == 400 and english(bad.value).startswith("a seat: ")  # the fact, in words
    with pytest.raises(InvalidFacts) as out:
        int_fact(facts, "big", 0, 3, "a seat", code="invalid_seat")
    assert status_of(out.value) == 422 and out.value.code == "invalid_seat" and "from 0 to 3" in english(out.value)
    assert int_fact(facts, "big", 1, None, "a round") == 9
    with pytest.raises(InvalidFacts, match="from 10 to 1000000"):
        int_fact(facts, "big", 10, None, "a round")


def test_int_list_fact() -> None:
    assert int_list_fact({"t": [1, 0, 2]}, "t", "tricks") == (1, 0, 2)
    assert int_list_fact({"b": [1, None]}, "b", "bids", nullable=True) == (1, None)
    for bad in ({"t": [1, None]}, {"t": [1, 2.0]}, {"t": "12"}, {"t": [True]}):
        with pytest.raises(InvalidInput):
            int_list_fact(bad, "t", "tricks")


def test_a_prebuilt_action_is_a_plain_action_and_hands_out_copies_of_its_json() -> None:
    from service.rules.games.avinas.actions import PLAY_CARD
    from service.rules.games.boerenbridge.play import _PLAY_ACTIONS
    from service.rules.games.forty_fives.actions import NAME_ACTS, PLAY_ACTS

    for kept in (PLAY_ACTS[2][7], _PLAY_ACTIONS[1][30], next(iter(PLAY_CARD[3].values())), NAME_ACTS[0][1]):
        fresh = Action(kept.type, kept.seat, kept.card, kept.cards, kept.amount, kept.suit)
        assert kept == fresh and kept.to_json() == fresh.to_json()
        assert [f.name for f in dataclasses.fields(kept)] == [f.name for f in dataclasses.fields(Action)]
    action = made_once(Action("name_trump", 1, suit=SUITS[2]))
    first = action.to_json()
    first["seat"] = 5  # a caller's change to its copy stays in its copy
    first["extra"] = True
    assert action.to_json() == {"type": "name_trump", "seat": 1, "suit": SUITS[2].value}
    assert action.to_json() is not action.to_json()
    changed = (dataclasses.replace(action, seat=3), evolve(action, suit=SUITS[0]))
    assert [c.to_json() for c in changed] == [{"type": "name_trump", "seat": 3, "suit": SUITS[2].value},
                                              {"type": "name_trump", "seat": 1, "suit": SUITS[0].value}]
    made = slot_maker(Action)("name_trump", 1, None, None, None, SUITS[2])
    assert made == action and made.to_json() == action.to_json()
    with pytest.raises(TypeError):  # as dataclasses.replace refuses it: no such field
        evolve(action, written={"type": "play"})
    with pytest.raises(ValueError):
        made_once(Action("discard", 0, cards=tuple(cards("5H JH"))))
    with pytest.raises(ValueError):
        made_once(Action("round_result", None, result={"tricks": [1, 2]}))


def test_actions_json_writes_each_action_as_to_json_does() -> None:
    """``actions_json`` (a view's list of actions): each action's ``to_json``, prebuilt or not, each
    a copy of its own."""
    from service.rules.games.forty_fives.actions import PLAY_ACTS

    listed = [PLAY_ACTS[2][7], Action("bid", 1, amount=20), PLAY_ACTS[2][7],
              Action("discard", 0, cards=tuple(cards("5H JH")))]
    written = actions_json(listed)
    assert written == [a.to_json() for a in listed]
    assert written[0] is not written[2]
    written[0]["seat"] = 9
    assert actions_json(listed[:1]) == [PLAY_ACTS[2][7].to_json()] and PLAY_ACTS[2][7].to_json()["seat"] == 2
    assert actions_json(iter(())) == []


def test_acting_seat() -> None:
    assert acting_seat(Action("play", seat=3), 4) == 3
    for seat in (None, 4):
        with pytest.raises(InvalidAction, match="from 1 to 4"):  # players counted from 1
            acting_seat(Action("play", seat=seat), 4)


def test_clockwise_tricks() -> None:
    played = cards(["KH", "2C", "AH"])
    ctx = TrickContext()
    record = TrickRecord.clockwise(2, played, 3, ctx)
    assert record == TrickRecord((2, 0, 1), tuple(Play(c) for c in played), ctx)
    assert plays_json(2, played, 3) == [{"seat": 2, "card": "KH"}, {"seat": 0, "card": "2C"}, {"seat": 1, "card": "AH"}]


def test_order_refusals_name_seats_and_types_only() -> None:
    turn = not_your_turn("seat 1 is to play", (1, 3))
    assert isinstance(turn, NotYourTurn) and problem_body(turn)["legal"] == [{"seat": 1}, {"seat": 3}]
    phase = wrong_phase("no bid now", ("play",), code="bids_closed")
    assert isinstance(phase, WrongPhase) and phase.code == "bids_closed" and phase.legal == ["play"]


# ------------------------------------------------------------------------------------------------
# find_revokes against the plain reading of its definition, and play by play (revokes_after_play)
# ------------------------------------------------------------------------------------------------


def reference_revokes(
    ruleset: Ruleset, tricks: Sequence[TrickRecord], options: Options, *, round_complete: bool,
    monotone: Callable[[TrickRecord], bool] = lambda _t: True,
) -> list[Revoke]:
    """find_revokes as first written: each play judged against its seat's cards from that trick on."""
    later: dict[int, list[Card]] = {}
    found: list[Revoke] = []
    for number in range(len(tricks), 0, -1):
        record = tricks[number - 1]
        for pos in range(len(record.plays) - 1, -1, -1):
            seat = record.seats[pos]
            play = record.plays[pos]
            known = later.setdefault(seat, [])
            known.insert(0, play.card)
            if not (round_complete or monotone(record)):
                continue
            verdict = ruleset.legal_plays(tuple(known), record.plays[:pos], record.ctx, options)
            if play.card not in verdict.legal:
                found.append(Revoke(seat, number, play.card, verdict.code, verdict.rule))
    found.sort(key=lambda r: (r.trick, r.seat))
    return found


def random_round(ruleset: Ruleset, n: int, options: Options, rng: random.Random) -> list[TrickRecord]:
    """A round of face-up tricks in which each seat follows the rules about half the time."""
    deck = list(ruleset.deck())
    rng.shuffle(deck)
    size = min(len(deck) // n, profile(ruleset.id).hand_size, 8)
    hands = [deck[i * size:(i + 1) * size] for i in range(n)]
    trump = rng.choice(SUITS)
    leader = rng.randrange(n)
    records = []
    for number in range(1, size + 1):
        ctx = TrickContext(trump, number)
        played: list[Card] = []
        for i in range(n):
            hand = hands[(leader + i) % n]
            legal = ruleset.legal_plays(tuple(hand), tuple(Play(c) for c in played), ctx, options).legal
            choice = rng.choice(list(legal) if legal and rng.random() < 0.5 else hand)
            hand.remove(choice)
            played.append(choice)
        records.append(TrickRecord.clockwise(leader, played, n, ctx))
        leader = rng.randrange(n)
    return records


def partial(records: list[TrickRecord], plays: int) -> list[TrickRecord]:
    """The first ``plays`` plays of a round, as records."""
    out = []
    for r in records:
        if plays <= 0:
            break
        out.append(TrickRecord(r.seats[:plays], r.plays[:plays], r.ctx))
        plays -= len(r.plays)
    return out


REVOKE_GAMES = [(rid, setup.players, setup.options) for rid, setup in setups("revokes")]


@pytest.mark.parametrize(("rid", "n", "raw"), REVOKE_GAMES)
def test_find_revokes_judges_as_first_written_and_play_by_play(rid: str, n: int, raw: dict[str, str]) -> None:
    ruleset = RULESETS[rid]
    options = ruleset.validate_options(raw, n)
    rng = random.Random(f"{rid}{n}")
    total = 0
    for round_number in range(25):
        records = random_round(ruleset, n, options, rng)
        odd = rng.randrange(4)

        def monotone(record: TrickRecord, odd: int = odd) -> bool:
            return record.plays[0].card.index % 4 != odd

        check = monotone if round_number % 2 else (lambda _t: True)
        previous: list[Revoke] = []
        plays = sum(len(r.plays) for r in records)
        for count in range(1, plays + 1):
            so_far = partial(records, count)
            expected = reference_revokes(ruleset, so_far, options, round_complete=False, monotone=check)
            assert find_revokes(ruleset, so_far, options, round_complete=False, monotone=check) == expected
            seat = so_far[-1].seats[-1]
            previous = revokes_after_play(ruleset, previous, so_far, options, seat, round_complete=False,
                                          monotone=check)
            assert previous == expected
            for seats in ({seat}, {0, n - 1}, set()):
                mine = find_revokes(ruleset, so_far, options, round_complete=False, monotone=check, seats=seats)
                assert mine == [r for r in expected if r.seat in seats]
        complete = reference_revokes(ruleset, records, options, round_complete=True, monotone=check)
        assert find_revokes(ruleset, records, options, round_complete=True, monotone=check) == complete
        total += len(complete)
    assert total > 25  # the rounds do hold revokes


def test_find_revokes_skips_an_empty_trick_without_asking_monotone() -> None:
    ruleset = RULESETS["boerenbridge"]
    options = ruleset.validate_options({}, 4)
    ctx = TrickContext(None, 1)
    records = [TrickRecord.clockwise(0, cards(["2C", "3H"]), 4, ctx), TrickRecord((), (), ctx)]
    found = find_revokes(ruleset, records, options, round_complete=False, monotone=lambda r: r.plays[0] is not None)
    assert found == reference_revokes(ruleset, records, options, round_complete=False)


def test_find_revokes_asks_the_judge_it_is_given() -> None:
    ruleset = RULESETS["boerenbridge"]
    options = ruleset.validate_options({"trump_mode": "turn_up"}, 4)
    records = random_round(ruleset, 4, options, random.Random(9))
    asked: list[int] = []

    def judge(hand: tuple[Card, ...], trick: tuple[Play, ...], ctx: TrickContext, opts: Options) -> PlayVerdict | None:
        asked.append(len(trick))
        verdict = ruleset.legal_plays(hand, trick, ctx, opts)
        return None if hand[0] in verdict.legal else verdict

    expected = reference_revokes(ruleset, records, options, round_complete=True)
    assert find_revokes(ruleset, records, options, round_complete=True, judge=judge) == expected
    assert len(asked) == sum(len(r.plays) for r in records)
    asked.clear()
    last = records[-1].seats[-1]
    before = reference_revokes(ruleset, partial(records, 31), options, round_complete=False)
    assert revokes_after_play(ruleset, before, records, options, last, round_complete=False, judge=judge) == \
        reference_revokes(ruleset, records, options, round_complete=False)
    assert len(asked) == len(records)  # one play per trick by that seat


@pytest.mark.parametrize("ruleset_id", ["boerenbridge", "avinas", "forty_fives"])
def test_a_judge_answers_none_for_a_legal_play_and_the_verdict_for_an_illegal_one(ruleset_id: str) -> None:
    """``judge_by_legal_plays``: the verdict on the hand's first card, the one played; the revoke takes
    its code and rule, so an illegal play gets ``legal_plays``' verdict whole."""
    ruleset = RULESETS[ruleset_id]
    n = 4 if ruleset_id == "boerenbridge" else 3
    options = ruleset.validate_options({"trump_mode": "turn_up"} if ruleset_id == "boerenbridge" else {}, n)
    judge = judge_by_legal_plays(ruleset)
    seen = set()
    for seed in range(6):
        records = random_round(ruleset, n, options, random.Random(seed))
        for number, record in enumerate(records):
            for pos, play in enumerate(record.plays):
                seat = record.seats[pos]
                # as find_revokes asks: the card played, then the cards its seat played later
                later = [p.card for r in records[number + 1:]
                         for s, p in zip(r.seats, r.plays, strict=True) if s == seat]
                hand = (play.card, *later)
                verdict = ruleset.legal_plays(hand, record.plays[:pos], record.ctx, options)
                found = judge(hand, record.plays[:pos], record.ctx, options)
                seen.add(found is None)
                assert found == (None if play.card in verdict.legal else verdict)
    assert seen == {True, False}


def test_a_completed_trick_is_one_value_for_the_plain_card_games() -> None:
    """Boerenbridge's and Forty-Fives' finished tricks are ``tricks.TrickDone`` (one idea, one value)."""
    from service.rules.games.boerenbridge import state as bb_state
    from service.rules.games.forty_fives import state as ff_state
    from service.rules.tricks import TrickDone

    assert bb_state.TrickDone is ff_state.Trick is TrickDone
    done = TrickDone(1, (Card.parse("KH"), Card.parse("2C")), 2)
    assert (done.leader, done.cards, done.winner) == (1, (Card.parse("KH"), Card.parse("2C")), 2)


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_options_already_validated_are_checked_once_per_ruleset_and_seats(
    rid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``validate_options`` given an ``Options`` (a new match of a series, the playouts) answers the
    same object from the options cache, validating it only the first time for that ruleset and
    number of seats; options of one ruleset are still refused by another."""
    ruleset = RULESETS[rid]
    n = ruleset.default_players
    opts = ruleset.validate_options({}, n)
    calls: list[int | None] = []
    real = ruleset._validate_options

    def counted(raw: Any, seats: int | None) -> dict[str, Any]:
        calls.append(seats)
        return real(raw, seats)

    monkeypatch.setattr(ruleset, "_validate_options", counted)
    for _ in range(3):
        assert ruleset.validate_options(opts, n) is opts
    assert len(calls) <= 1
    names = {s.name for s in ruleset.option_specs}
    others = [r for r in RULESETS.values() if not names <= {s.name for s in r.option_specs}]
    assert others
    for other in others:
        with pytest.raises(RuleError):
            other.validate_options(opts, other.default_players)


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_options_already_validated_come_back_as_themselves_after_the_cache_let_them_go(rid: str) -> None:
    """After the options cache has let an options' own entry go (least recently used out), an equal
    options object made then is answered as itself, not as the equal one an older entry holds (the
    whole suite in parallel met this: validate_options(opts) is not opts)."""
    from service.rules.options import OPTIONS_CACHE

    ruleset = RULESETS[rid]
    n = ruleset.default_players
    first = ruleset.validate_options({}, n)
    assert ruleset.validate_options(first, n) is first
    for i in range(OPTIONS_CACHE.SIZE + 10):  # every entry made before is let go
        Options.of({"churn": i})
    second = Options.of(dict(first))
    assert second is not first and second == first
    assert ruleset.validate_options(first, n) is first
    assert ruleset.validate_options(second, n) is second
