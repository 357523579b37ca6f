"""No refusal tells its poster a card (or a sealed bid) that the poster may not see, in every game.

Random matches of each ruleset (dealt and table mode, several option profiles) go through the
``Ruleset`` interface alone. At every step hostile actions are posted: a legal action of a seat to
act posted as another seat (wrong seat), every action type of the game with random fields by
random seats (wrong phase, impossible or illegal), and random cards and bids by the seats to act.
For each refusal, posted by the seat named in the action:

* the card texts in its ``detail``, ``legal`` and extra fields are all in the poster's own view or
  in the action it posted;
* ``not_your_turn`` lists under ``legal`` the seats that may act now, as ``[{"seat": 2}]``, and
  ``wrong_phase`` the action types the phase takes (strings), never complete actions;
* the refusal does not depend on what is hidden from the poster (the same action against the same
  state with hidden cards moved between the other hands, another seat's sealed bid changed, or
  another card lying face down gets the same answer).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.problems import problem_body
from service.rules.actions import Action
from service.rules.cards import ALL_CARDS, SUITS, Card, Rank
from service.rules.errors import InvalidAction, MatchOver, NotYourTurn, RuleError, WrongPhase
from service.rules.games.boerenbridge import BOERENBRIDGE
from service.rules.games.boerenbridge.state import BoerenbridgeState
from service.rules.games.forty_fives.state import FortyFivesState
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, Ruleset
from tests.english import english, english_json
from tests.profiles import profile, setups
from tests.rules.games.avinas.test_avinas_properties import swap_face_down
from tests.rules.games.avinas.test_avinas_support import cards_in

EXAMPLES = 6
STEPS_PER_EXAMPLE = 160

# (ruleset, players, mode, options), by setup name (``tests/profiles.py``)
GAMES: dict[str, tuple[Ruleset, int, str, Mapping[str, Any]]] = {
    s.name: (RULESETS[rid], s.players, s.mode, s.options) for rid, s in setups("leaks")
}
#: table-mode games where nothing the service knows is hidden from a seat (reported discards are public)
NOTHING_HIDDEN = {s.name for _, s in setups("leaks") if not s.hides}


def action_types(ruleset: Ruleset, state: Any) -> list[str]:
    """The game's action types, as its refusal of an unknown type names them."""
    with pytest.raises(InvalidAction) as refused:
        ruleset.apply(state, Action("no_such_action", seat=0))
    types = refused.value.legal
    assert isinstance(types, list) and all(isinstance(t, str) for t in types)
    return types


def random_action(kind: str, seat: int, deck: tuple[Card, ...], rng: random.Random) -> Action:
    return Action(
        kind,
        seat=seat,
        card=rng.choice(deck) if rng.random() < 0.8 else None,
        cards=tuple(rng.sample(deck, rng.randrange(4))) if rng.random() < 0.7 else None,
        amount=rng.choice((None, 0, 1, 2, 3, 5, 8, 9, 13, 15, 20, 25, 30, 40)),
        suit=rng.choice((None, *SUITS)),
        face_down=rng.random() < 0.15,
    )


def hostile_actions(ruleset: Ruleset, state: Any, n: int, types: list[str], rng: random.Random) -> list[Action]:
    deck = ruleset.deck()
    to_act = ruleset.to_act(state)
    idle = [s for s in range(n) if s not in to_act]
    out: list[Action] = []
    legal = [a for s in to_act for a in ruleset.legal_actions(state, s)]
    if idle and legal:  # a legal action posted by a seat that is not to act
        for a in rng.sample(legal, min(3, len(legal))):
            out.append(dataclasses.replace(a, seat=rng.choice(idle)))
    for kind in rng.sample(types, min(4, len(types))):  # any type, any seat, random fields
        out.append(random_action(kind, rng.randrange(n), deck, rng))
    for seat in to_act:  # cards and bids the seat to act may not have or make
        out.append(Action("play", seat=seat, card=rng.choice(deck)))
        out.append(Action("bid", seat=seat, amount=rng.randrange(0, 35)))
    return [dataclasses.replace(a, seat=None, result={"bids": []}) if a.type == "round_result" else a for a in out]


# --- hidden facts moved: the refusal a poster gets must not change ---------------------------------


def _swap_two(
    hands: tuple[int, ...], poster: int, keep: int, rng: random.Random
) -> tuple[tuple[int, ...], set[Card]] | None:
    """One card moved each way between two hands other than the poster's (``keep``: cards not moved)."""
    others = [s for s in range(len(hands)) if s != poster and hands[s] & ~keep]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    ca = rng.choice([i for i in range(52) if hands[a] >> i & 1 and not keep >> i & 1])
    cb = rng.choice([i for i in range(52) if hands[b] >> i & 1 and not keep >> i & 1])
    new = list(hands)
    new[a] ^= 1 << ca | 1 << cb
    new[b] ^= 1 << ca | 1 << cb
    return tuple(new), {ALL_CARDS[ca], ALL_CARDS[cb]}


Variant = tuple[Any, set[Card]]  # a state with hidden facts changed, and the cards that changed place


def hidden_variant_45(state: FortyFivesState, poster: int, rng: random.Random) -> Variant | None:
    """Forty-Fives: two other hands trade a card (never the turn-up or the ace of trumps, which
    the rules track by holder)."""
    rnd = state.round
    if state.hands is None or rnd is None:
        return None
    keep = 0
    if rnd.turn_up is not None:
        keep |= 1 << rnd.turn_up.index
    if rnd.trump is not None:
        keep |= 1 << Card(Rank.ACE, rnd.trump).index
    swapped = _swap_two(state.hands, poster, keep, rng)
    return None if swapped is None else (dataclasses.replace(state, hands=swapped[0]), swapped[1])


def hidden_variant_bb(state: BoerenbridgeState, poster: int, rng: random.Random) -> Variant | None:
    """Boerenbridge: two other hands trade a card, or another seat's sealed bid changes."""
    r = state.round
    if r is None:
        return None
    view = BOERENBRIDGE.view(state, poster)
    sealed = [i for i, status in enumerate(view["bidding"]["status"]) if status == "sealed"]
    if sealed and rng.random() < 0.5:
        i = rng.choice(sealed)
        old = state.bids[i]
        assert old is not None
        bids = list(state.bids)
        bids[i] = rng.choice([b for b in range(r.hand_size + 1) if b != old] or [old])
        return dataclasses.replace(state, bids=tuple(bids)), set()
    if state.hands is None:
        return None
    swapped = _swap_two(state.hands, poster, 0, rng)
    return None if swapped is None else (dataclasses.replace(state, hands=swapped[0]), swapped[1])


def hidden_variant_avinas(state: Any, poster: int, rng: random.Random) -> Variant | None:
    """Avinas: another card lies face down (for everyone but the face-down leader), or two other
    hands trade a card that no exposure shows."""
    hand = state.hand
    if hand is None:
        return None
    if hand.current is not None and hand.current.leader != poster:
        other = swap_face_down(state)
        if other is not None:
            return other, {hand.current.plays[0].card, other.hand.current.plays[0].card}
    if hand.hands is None:
        return None
    exposed = {e.card for e in hand.exposures}
    others = [s for s in range(4) if s != poster and any(c not in exposed for c in hand.hands[s])]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    ca = rng.choice([c for c in hand.hands[a] if c not in exposed])
    cb = rng.choice([c for c in hand.hands[b] if c not in exposed])
    trade = {ca: cb, cb: ca}
    hands = tuple(tuple(trade.get(c, c) for c in h) if s in (a, b) else h for s, h in enumerate(hand.hands))
    return dataclasses.replace(state, hand=dataclasses.replace(hand, hands=hands)), {ca, cb}


HIDDEN_VARIANTS: dict[str, Callable[[Any, int, random.Random], Variant | None]] = {
    "forty_fives": hidden_variant_45,
    "auction_forty_fives": hidden_variant_45,
    "boerenbridge": hidden_variant_bb,
    "avinas": hidden_variant_avinas,
}


def named(action: Action) -> set[Card]:
    return ({action.card} if action.card is not None else set()) | set(action.cards or ())


def _answer(ruleset: Ruleset, state: Any, action: Action) -> tuple[str, Any]:
    try:
        ruleset.apply(state, action)
    except RuleError as err:
        return type(err).__name__, problem_body(err)
    return "accepted", None


# --- the checks ----------------------------------------------------------------------------------


class Tally:
    def __init__(self) -> None:
        self.refusals = 0
        self.card_refusals = 0
        self.not_your_turn = 0
        self.wrong_phase = 0
        self.variants = 0


def check_refusal(
    ruleset: Ruleset, state: Any, action: Action, err: RuleError, n: int, types: list[str], tally: Tally
) -> None:
    tally.refusals += 1
    if isinstance(err, NotYourTurn):
        assert err.legal == [{"seat": s} for s in ruleset.to_act(state)], (action, err.legal)
        tally.not_your_turn += 1
    elif isinstance(err, WrongPhase) and not isinstance(err, MatchOver):
        assert isinstance(err.legal, list) and set(err.legal) <= set(types), (action, err.legal)
        tally.wrong_phase += 1
    seat = action.seat
    if seat is None or not 0 <= seat < n:
        return
    said = cards_in([english(err), err.legal, err.extra])
    if said:
        tally.card_refusals += 1
        seen = cards_in(english_json(ruleset.view(state, seat))) | cards_in(action.to_json())
        assert said <= seen, f"{err!r} (legal {err.legal}) shows seat {seat} {sorted(said - seen)} for {action}"


def run(game: str, seed: int) -> Tally:
    ruleset, n, mode, options = GAMES[game]
    rng = random.Random(seed)
    state = ruleset.new_match(options, n, rng.randrange(n), mode)
    types = action_types(ruleset, state)
    variant = HIDDEN_VARIANTS[ruleset.id]
    tally = Tally()
    for _ in range(STEPS_PER_EXAMPLE):
        if ruleset.status(state) == FINISHED:
            state = ruleset.new_match(options, n, rng.randrange(n), mode)
        if ruleset.needs_deal(state):
            deck = None
            if mode == "dealt":
                deck = list(ruleset.deck())
                rng.shuffle(deck)
            state = ruleset.deal(state, deck)
            continue
        for action in hostile_actions(ruleset, state, n, types, rng):
            try:
                ruleset.apply(state, action)
            except RuleError as err:
                check_refusal(ruleset, state, action, err, n, types, tally)
            poster = action.seat
            if poster is None or not 0 <= poster < n:
                continue
            changed = variant(state, poster, rng)
            if changed is None:
                continue
            other, moved = changed
            if mode == "table" and named(action) & moved:
                continue  # a report naming the very card that differs: refused in one, taken in the other
            assert _answer(ruleset, state, action) == _answer(ruleset, other, action), (action, poster)
            tally.variants += 1
        seats = ruleset.to_act(state)
        seat = rng.choice(seats)
        state = ruleset.apply(state, rng.choice(ruleset.legal_actions(state, seat)))
    return tally


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=EXAMPLES, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_refusals_show_the_poster_no_hidden_card(game: str, seed: int) -> None:
    tally = run(game, seed)
    assert tally.refusals > 100 and tally.not_your_turn


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_kind_of_check_ran(game: str) -> None:
    """Over a few seeds each game had refusals quoting cards and hidden-fact variants to compare."""
    tallies = [run(game, seed) for seed in (1, 2, 3)]
    assert sum(t.card_refusals for t in tallies) > 20
    assert sum(t.wrong_phase for t in tallies) > 20
    if game not in NOTHING_HIDDEN:
        assert sum(t.variants for t in tallies) > 20


def test_every_game_and_mode_covered() -> None:
    assert {(g[0].id, g[2]) for g in GAMES.values()} == {(r, m) for r in RULESETS for m in profile(r).modes}
    assert set(HIDDEN_VARIANTS) == set(RULESETS)
