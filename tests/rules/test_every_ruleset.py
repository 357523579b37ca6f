"""The conformance battery: every registered ruleset, through the ``Ruleset`` interface only.

For each ruleset, random legal play to the end of a match, in each of its modes, over the setups its
profile marks ``battery`` (``tests/profiles.py``: among them one per preset of the ruleset) and several
seeds. At every step:

* the state round-trips the codec (``service.matches.codec``), through JSON text too;
* ``legal_actions`` is non-empty exactly for the seats in ``to_act``, and each lists its own seat;
* every listed action applies, and ``apply`` leaves the old state untouched;
* the referee's view lists exactly what the referee may post: the actions of the seats to act and
  the out-of-turn actions (``out_of_turn_types``) the rules take now from the other seats;
* each listed action carries only the fields its type declares (``Ruleset.action_fields``), and the
  referee of a table match is offered ``round_result`` exactly while a round reported whole applies;
* refused actions (a listed action posted by a seat not to act, an unknown type, a listed action
  with a card, or an amount, that no listed action of its kind names, anything once the match is
  over; and, where the game refuses them, actions of its other types, those of other phases) raise a
  ``RuleError`` with a code and change nothing;
* no seat's view, and no refusal, shows another seat's hidden card; a ``SPECTATOR`` view shows none
  at all and lists no action;
* archiving (``Ruleset.archive``) changes nothing visible: the same status, seats to act, legal
  actions and views, but for the view's ``history``, which lists only the records left, the records
  taken out coming before them; archiving again takes nothing. Play goes on from the archived state.

In table mode a round is now and then reported whole (the profile's ``round_result``).
Game-specific invariants (card counts, scoring, the knowledge model of each game) stay in the
games' own tests (``tests/rules/games/<family>/test_<game>_properties.py``).
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from service.api.wire import dumps
from service.matches import codec
from service.rules.actions import Action
from service.rules.errors import InvalidInput, RuleError, WrongPhase
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, SPECTATOR, Ruleset
from tests.api.match_driver import cards_in
from tests.english import english
from tests.fifth_game import profile_of, with_the_fifth
from tests.leaks import leaks, spectator_leaks
from tests.profiles import Setup, profile, ruleset_ids

SEEDS = (1, 2)
#: a match of a battery setup ends well within this many steps (deals and actions)
MAX_STEPS = 1500
#: the listed actions applied at one step (all of them when there are no more; table mode lists
#: every card not seen yet)
APPLY_AT_MOST = 12
ROUND_RESULT_CHANCE = 0.3


def as_json(value: Any) -> Any:
    """``value`` as an answer carries it (messages in English)."""
    return json.loads(dumps(value))


@dataclass
class Tally:
    #: what the battery found wrong, by check (the match plays on, so that one broken rule does not
    #: hide the others); a test passes when it is empty
    found: dict[str, list[str]] = field(default_factory=dict)
    #: steps, rounds, actions applied, refusals, states archived, rounds reported whole
    count: Counter[str] = field(default_factory=Counter)


def battery_cases(ids: list[str]) -> list[Any]:
    """(ruleset id, setup, seed) for every battery setup of these rulesets, with readable ids."""
    cases = []
    for rid in ids:
        for setup in profile_of(rid).setups:
            if "battery" in setup.uses:
                cases += [pytest.param(rid, setup, seed, id=f"{rid}-{setup.name}-{seed}") for seed in SEEDS]
    return cases


def every_case() -> list[Any]:
    """The battery's cases: every registered ruleset's, and the fifth game's."""
    return battery_cases(with_the_fifth())


# ------------------------------------------------------------------------------------------------
# The checks at one step
# ------------------------------------------------------------------------------------------------


def check_codec(ruleset: Ruleset[Any], state: Any) -> Any:
    """The state survives the codec and JSON text; returns its encoding."""
    data = codec.encode(state)
    text = json.dumps(data, sort_keys=True)
    assert codec.decode(ruleset.state_type, json.loads(text)) == state
    assert json.dumps(codec.encode(codec.decode(ruleset.state_type, data)), sort_keys=True) == text
    return data


def ordered(actions: list[Action]) -> list[Action]:
    """The actions in a fixed order (a game may list them in the order of a set of cards, which
    differs from one process to the next), so that a seed plays the same match every time."""
    return sorted(actions, key=lambda a: json.dumps(a.to_json(), sort_keys=True))


def check_turns(ruleset: Ruleset[Any], state: Any, n: int, tally: Tally) -> dict[int, list[Action]]:
    """Legal actions exactly for the seats to act, each naming its own seat; returns them, ordered."""
    to_act = ruleset.to_act(state)
    legal = {seat: ordered(ruleset.legal_actions(state, seat)) for seat in range(n)}
    # a seat not to act lists nothing, or only what the rules let it announce out of turn
    listing = [s for s in range(n)
               if any(a.type not in ruleset.out_of_turn_types for a in legal[s]) or (s in to_act and legal[s])]
    if listing != sorted(to_act) or not all(legal[s] for s in to_act):
        extra = {s: [a.to_json() for a in legal[s][:2]] for s in listing if s not in to_act}
        tally.found.setdefault("legal actions for exactly the seats to act", []).append(
            f"phase {ruleset.view(state, None)['phase']}: to_act {list(to_act)}, listing {listing} {extra}")
    assert len(set(to_act)) == len(to_act)
    for seat, actions in legal.items():
        assert all(a.seat == seat for a in actions), (seat, actions[:3])
        # each listed action carries only the fields its type declares (``Ruleset.action_fields``)
        for a in actions:
            assert Action.from_json(a.to_json(), ruleset.action_fields) == a
    if ruleset.status(state) == FINISHED:
        assert to_act == ()
    return legal


def views(ruleset: Ruleset[Any], state: Any, n: int) -> list[Any]:
    return [as_json(ruleset.view(state, seat)) for seat in range(n)]


def check_views(ruleset: Ruleset[Any], state: Any, n: int, spectator: bool,
                legal: Mapping[int, list[Action]]) -> list[Any]:
    """No seat's view shows another seat's hidden card; the spectator's shows none; the referee's lists
    what the referee may post (``check_referee_listing``). Returns the seat views."""
    seat_views = views(ruleset, state, n)
    hands = [set(v.get("hand") or ()) for v in seat_views]
    assert not leaks(seat_views, hands)
    referee = as_json(ruleset.view(state, None))
    assert referee["to_act"] == list(ruleset.to_act(state)) and referee["status"] == ruleset.status(state)
    check_referee_listing(ruleset, state, legal, referee)
    for seat, view in enumerate(seat_views):
        assert view["to_act"] == referee["to_act"] and view["status"] == referee["status"]
        assert all(a.get("seat") in (seat, None) for a in view["legal_actions"])
    if spectator:
        public = as_json(ruleset.view(state, SPECTATOR))
        assert not public.get("hand") and public["legal_actions"] == []
        assert not spectator_leaks(public, seat_views)
        assert not leaks([public, *seat_views], [set(), *hands])
    return seat_views


def check_referee_listing(ruleset: Ruleset[Any], state: Any, legal: Mapping[int, list[Action]],
                          referee: Mapping[str, Any]) -> None:
    """The referee's view lists exactly what the referee may post as is: the actions of the seats to
    act, and every action of another seat that the rules take now out of turn (``out_of_turn_types``:
    a Forty-Fives rob at a real table, from any seat that has not played yet)."""
    to_act = ruleset.to_act(state)
    may_post = [a for s in to_act for a in legal[s]]
    for seat, actions in legal.items():
        for action in actions:
            if seat in to_act or action.type not in ruleset.out_of_turn_types:
                continue
            try:
                ruleset.apply(state, action)
            except RuleError:
                continue
            may_post.append(action)
    key = functools.partial(json.dumps, sort_keys=True)
    assert sorted(map(key, referee["legal_actions"])) == sorted(key(as_json(a.to_json())) for a in may_post), (
        referee["phase"], referee["to_act"])


def check_refusal(ruleset: Ruleset[Any], state: Any, before: Any, action: Action, poster_sees: set[str] | None,
                  tally: Tally, *, must: bool = True) -> None:
    """``action`` (no seat lists it) is refused with a RuleError that has a code, shows the poster no
    card it cannot see, and leaves the state as it was. ``must=False``: an action that a game may take
    without listing it (a referee's report such as Boerenbridge's ``abandon``); only a refusal is
    checked."""
    try:
        ruleset.apply(state, action)
    except RuleError as refused:
        err = refused
    else:
        if not must:
            return
        phase = ruleset.view(state, None)["phase"]
        tally.found.setdefault("an action no seat lists is refused", []).append(
            f"phase {phase}, to_act {list(ruleset.to_act(state))}: {action.to_json()} was taken")
        return
    tally.count["refused"] += 1
    assert isinstance(err.code, str) and err.code, repr(err)
    assert before is None or codec.encode(state) == before, f"refusing {action} changed the state"
    if poster_sees is not None:
        said = set(cards_in(as_json([english(err), err.legal, err.extra])))
        seen = poster_sees | set(cards_in(action.to_json()))
        assert said <= seen, f"{err!r} (legal {err.legal}) shows the poster {sorted(said - seen)} for {action}"


def other_phase(ruleset: Ruleset[Any], state: Any, legal: Mapping[int, list[Action]], n: int,
                rng: random.Random) -> list[tuple[Action, int]]:
    """Actions of the game's own types (as its refusal of an unknown type names them) that no seat
    lists now, by a seat to act, with a card and an amount; each with its poster's seat."""
    to_act = ruleset.to_act(state)
    if not to_act:
        return []
    try:
        ruleset.apply(state, Action("no_such_action", to_act[0]))
    except RuleError as err:
        types = err.legal if isinstance(err.legal, list) else []
    listed = {a.type for actions in legal.values() for a in actions}
    out = []
    for kind in [t for t in types if isinstance(t, str) and t not in listed and t != "round_result"]:
        seat = rng.choice(to_act)
        out.append((Action(kind, seat, card=rng.choice(ruleset.deck()), amount=rng.randrange(10)), seat))
    return out


def refusals(ruleset: Ruleset[Any], state: Any, legal: Mapping[int, list[Action]], n: int,
             rng: random.Random) -> list[tuple[Action, int]]:
    """Actions that must be refused now, each with its poster's seat."""
    to_act = ruleset.to_act(state)
    idle = [s for s in range(n) if s not in to_act]
    listed = [a for s in to_act for a in legal[s]]
    out: list[tuple[Action, int]] = []
    seat = rng.choice(to_act) if to_act else rng.randrange(n)
    out.append((Action("no_such_action", seat), seat))
    if idle and listed:
        poster = rng.choice(idle)
        moved = replace(rng.choice(listed), seat=poster)
        if moved not in legal[poster]:  # the poster may list it too (an out-of-turn announcement)
            out.append((moved, poster))
    with_card = [a for a in legal.get(seat, []) if a.card is not None]
    if with_card:
        action = rng.choice(with_card)
        named = {a.card for a in legal[seat] if a.type == action.type}
        others = [c for c in ruleset.deck() if c not in named]
        if others:
            out.append((replace(action, card=rng.choice(others)), seat))
    with_amount = [a for a in legal.get(seat, []) if a.amount is not None]
    if with_amount:
        action = rng.choice(with_amount)
        listed_amounts = {a.amount for a in legal[seat] if a.type == action.type and a.amount is not None}
        amounts = [x for x in (-1, max(listed_amounts) + 1, 2 ** 31) if x not in listed_amounts]
        out.append((replace(action, amount=rng.choice(amounts)), seat))
    if ruleset.status(state) == FINISHED:
        out.append((Action("play", seat, card=rng.choice(ruleset.deck())), seat))
    return out


def check_every_listed_action(ruleset: Ruleset[Any], state: Any, before: Any, legal: Mapping[int, list[Action]],
                              rng: random.Random, tally: Tally) -> None:
    """Every listed action (at most ``APPLY_AT_MOST`` of them, chosen at random) applies; the old
    state is untouched."""
    listed = [a for actions in legal.values() for a in actions]
    chosen = listed if len(listed) <= APPLY_AT_MOST else rng.sample(listed, APPLY_AT_MOST)
    for action in chosen:
        ruleset.apply(state, action)
        tally.count["applied"] += 1
    assert codec.encode(state) == before, "apply changed the state it was given"


def check_round_result_listed(ruleset: Ruleset[Any], state: Any, round_result: Any, rng: random.Random) -> None:
    """The referee's view lists ``round_result`` exactly while the phase takes a round reported whole:
    listed, a report applies or is refused for its facts alone (the profile's random report may
    not fit the round: a declarer already known); not listed, the phase refuses it."""
    view = as_json(ruleset.view(state, None))
    listed = view["accepts_round_result"]
    assert all(a["type"] != "round_result" for a in view["legal_actions"])  # each listed one postable as is
    try:
        ruleset.apply(state, Action("round_result", result=round_result(view, rng)))
    except WrongPhase:
        assert not listed, view["phase"]
    except InvalidInput as refused:
        assert listed, (view["phase"], refused.code, str(refused))
    else:
        assert listed, view["phase"]


def check_archive(ruleset: Ruleset[Any], state: Any, n: int, legal: Mapping[int, list[Action]]) -> Any:
    """Archiving changes nothing a caller sees but the view's history; returns the archived state."""
    archived, records = ruleset.archive(state)
    again, none = ruleset.archive(archived)
    assert none == [] and again is archived
    if not records:
        return archived
    assert ruleset.status(archived) == ruleset.status(state)
    assert ruleset.to_act(archived) == ruleset.to_act(state)
    assert ruleset.needs_deal(archived) == ruleset.needs_deal(state)
    for seat in range(n):
        assert ordered(ruleset.legal_actions(archived, seat)) == legal[seat]
    records = as_json(records)
    for viewer in (None, *range(n)):
        whole = as_json(ruleset.view(state, viewer))
        left = as_json(ruleset.view(archived, viewer))
        whole_history, left_history = whole.pop("history", []), left.pop("history", [])
        assert left == whole, viewer
        assert records + left_history == whole_history, viewer
    return archived


# ------------------------------------------------------------------------------------------------
# The driver
# ------------------------------------------------------------------------------------------------


def play(rid: str, setup: Setup, seed: int, *, spectator: bool = False, checks: bool = True) -> Tally:
    """One random match of ``setup`` to its end (or, for a setup that does not end soon, to the end
    of its ``max_rounds``-th round), every check at every step. ``checks=False``: the same match (the
    codec, view and archive checks draw nothing from ``rng``) without those checks, which
    ``test_random_play_to_the_end`` makes of it, for a test that only collects what the match meets."""
    ruleset = RULESETS[rid]
    n, mode = setup.players, setup.mode
    rng = random.Random(f"{rid}-{setup.name}-{seed}")
    options = ruleset.validate_options(setup.options, n, setup.preset)
    state = ruleset.new_match(options, n, rng.randrange(n), mode)  # type: ignore[arg-type]
    round_result = profile(rid).round_result
    tally = Tally()
    just_dealt = False
    while True:
        before = check_codec(ruleset, state) if checks else None
        legal = check_turns(ruleset, state, n, tally)
        sees: list[set[str] | None] = [None] * n
        if checks:
            seat_views = check_views(ruleset, state, n, spectator, legal)
            sees = [set(cards_in(view)) for view in seat_views]  # the cards each poster's view shows
        for action, poster in refusals(ruleset, state, legal, n, rng):
            check_refusal(ruleset, state, before, action, sees[poster], tally)
        for action, poster in other_phase(ruleset, state, legal, n, rng):
            check_refusal(ruleset, state, before, action, sees[poster], tally, must=False)
        archived = check_archive(ruleset, state, n, legal) if checks else ruleset.archive(state)[0]
        tally.count["archived"] += archived is not state
        state = archived
        if ruleset.status(state) == FINISHED:
            break
        if not setup.ends and tally.count["rounds"] >= setup.max_rounds and ruleset.needs_deal(state):
            return tally  # a long match, cut short between rounds
        assert tally.count["steps"] < MAX_STEPS, f"the match did not end in {MAX_STEPS} steps"
        tally.count["steps"] += 1
        if ruleset.needs_deal(state):
            assert not ruleset.to_act(state)
            deck = None
            if mode == "dealt":
                deck = list(ruleset.deck())
                rng.shuffle(deck)
            state = ruleset.deal(state, deck)
            tally.count["rounds"] += 1
            just_dealt = True
            continue
        check_every_listed_action(ruleset, state, codec.encode(state), legal, rng, tally)
        if mode == "table":
            check_round_result_listed(ruleset, state, round_result, rng)
        if mode == "table" and just_dealt and rng.random() < ROUND_RESULT_CHANCE:
            report = round_result(as_json(ruleset.view(state, None)), rng)
            state = ruleset.apply(state, Action("round_result", result=report))
            tally.count["reported"] += 1
        else:
            choices = [a for s in ruleset.to_act(state) for a in legal[s]]
            state = ruleset.apply(state, rng.choice(choices))
        just_dealt = False
    final = as_json(ruleset.view(state, None))
    assert final["status"] == FINISHED and final["to_act"] == [] and final["legal_actions"] == []
    return tally


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset_id", "setup", "seed"), every_case(), indirect=["ruleset_id"])
def test_random_play_to_the_end(ruleset_id: str, setup: Setup, seed: int) -> None:
    tally = play(ruleset_id, setup, seed)
    assert not tally.found, {check: (len(found), found[:3]) for check, found in tally.found.items()}
    count = tally.count
    assert count["rounds"] >= 1 and count["applied"] > count["steps"] // 2 and count["refused"] >= count["steps"]


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset_id", "setup", "seed"), every_case()[::len(SEEDS)], indirect=["ruleset_id"])
def test_a_spectator_sees_no_hidden_card(ruleset_id: str, setup: Setup, seed: int) -> None:
    """The same random play with a ``SPECTATOR`` view checked at every step."""
    assert play(ruleset_id, setup, seed, spectator=True).count["rounds"] >= 1


def test_every_ruleset_has_battery_setups_in_each_of_its_modes() -> None:
    for rid in ruleset_ids():
        modes = {s.mode for s in profile(rid).setups if "battery" in s.uses}
        assert modes == set(profile(rid).modes), rid


def test_the_battery_covers_every_registered_ruleset_and_the_fifth_game() -> None:
    assert {case.values[0] for case in every_case()} == {*RULESETS, *with_the_fifth()}


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_every_game_calls_the_trick_in_progress_trick(rid: str) -> None:
    """Every game's view names the trick in progress ``trick``, with its plays in order from the
    leader (Avinas said ``current_trick``, which it keeps as a deprecated alias for one release)."""
    ruleset = RULESETS[rid]
    n = ruleset.default_players
    rng = random.Random(rid)
    state = ruleset.new_match(ruleset.validate_options({}, n), n, 0, "dealt")
    for _ in range(500):
        if ruleset.needs_deal(state):
            deck = list(ruleset.deck())
            rng.shuffle(deck)
            state = ruleset.deal(state, deck)
            continue
        view = as_json(ruleset.view(state, 0))
        trick = view.get("trick")
        if trick and trick["plays"]:
            assert trick["leader"] == trick["plays"][0]["seat"]
            if "current_trick" in view:
                assert view["current_trick"] == trick
            return
        legal = [a for s in ruleset.to_act(state) for a in ruleset.legal_actions(state, s)]
        state = ruleset.apply(state, rng.choice(legal))
    raise AssertionError(f"{rid}: no view showed a trick in progress in 500 steps")
