"""The view parts made once and shared (``service.rules.shared``): read-only, written as the dicts and
lists they are, and every view built with them the very view built without them, byte for byte, for
every viewer of random matches of every registered ruleset, played side by side (so that one
match's parts are kept while another's views are built)."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import orjson
import pytest

from service.api.wire import dumps
from service.matches import codec
from service.rules.actions import Action, actions_json, shown_actions_json
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, SPECTATOR, Ruleset
from service.rules.shared import Once, ReadOnlyDict, ReadOnlyList, forget, read_only
from tests.english import english_text
from tests.profiles import profile, ruleset_ids

#: steps of each random match (deals and actions): several rounds of every game
STEPS = 260


def test_a_read_only_part_refuses_every_change_and_its_copies_are_plain() -> None:
    part = read_only({"a": [1, {"b": [2]}], "c": "x"})
    assert isinstance(part, ReadOnlyDict) and isinstance(part["a"], ReadOnlyList)
    assert isinstance(part["a"][1], ReadOnlyDict) and isinstance(part["a"][1]["b"], ReadOnlyList)
    changes = [
        lambda: part.__setitem__("c", "y"), lambda: part.__delitem__("c"), lambda: part.update(c="y"),
        lambda: part.setdefault("d", 1), lambda: part.pop("c"), part.popitem, part.clear,
        lambda: part.__ior__({"c": "y"}), lambda: part["a"].append(3), lambda: part["a"].extend([3]),
        lambda: part["a"].insert(0, 3), lambda: part["a"].__setitem__(0, 3), lambda: part["a"].__delitem__(0),
        part["a"].pop, lambda: part["a"].remove(1), part["a"].reverse, part["a"].sort, part["a"].clear,
        lambda: part["a"].__iadd__([3]), lambda: part["a"].__imul__(2),
    ]
    for change in changes:
        with pytest.raises(TypeError):
            change()
    assert part == {"a": [1, {"b": [2]}], "c": "x"}
    for copied in (copy.deepcopy(part), pickle.loads(pickle.dumps(part))):
        assert type(copied) is dict and type(copied["a"]) is list and type(copied["a"][1]) is dict
        copied["a"][1]["b"].append(3)
        copied["c"] = "y"
    assert type(copy.copy(part)) is dict and type(dict(part)) is dict and type(list(part["a"])) is list
    assert part == {"a": [1, {"b": [2]}], "c": "x"}
    plain = {"a": [1, {"b": [2]}], "c": "x"}
    assert dumps(part) == orjson.dumps(plain) == json.dumps(part, separators=(",", ":")).encode()


def test_once_makes_a_part_once_per_object_and_its_other_values() -> None:
    once, made = Once(2), []
    key, other = (1, 2), (1, 2, 3)

    def make(value: Any) -> Any:
        made.append(value)
        return [value]

    first = once.get(key, lambda: make("a"), 4)
    assert first == ["a"] and isinstance(first, ReadOnlyList)
    assert once.get(key, lambda: make("b"), 4) is first  # the same object: kept
    assert once.get(key, lambda: make("c"), 5) == ["c"]  # another value it depends on: made again
    assert once.get(other, lambda: make("d"), 4) == ["d"]
    assert made == ["a", "c", "d"]
    forget()
    assert once.get(other, lambda: make("e"), 4) == ["e"]


def test_a_view_lists_the_prebuilt_actions_json_shared_and_read_only() -> None:
    from service.rules.games.forty_fives.actions import PLAY_ACTS

    listed = [PLAY_ACTS[2][7], Action("bid", 1, amount=20), PLAY_ACTS[2][7]]
    shown = shown_actions_json(listed)
    assert shown == actions_json(listed) == [a.to_json() for a in listed]
    assert shown[0] is shown[2] and isinstance(shown[0], ReadOnlyDict)
    assert type(shown[1]) is dict  # an action not prebuilt: written afresh, the caller's own
    with pytest.raises(TypeError):
        shown[0]["seat"] = 9
    assert PLAY_ACTS[2][7].to_json()["seat"] == 2 and type(actions_json(listed)[0]) is dict


def _viewers(n: int) -> list[int | None]:
    return [None, SPECTATOR, *range(n)]


def _written(rid: str, state: Any, viewer: int | None) -> str:
    """The view as an answer writes it (messages in English)."""
    return english_text(RULESETS[rid].view(state, viewer))


def _fresh(rid: str, state: Any) -> Any:
    """The same state as new objects (through the codec), none of whose parts a view has shown."""
    return codec.decode(RULESETS[rid].state_type, codec.encode(state))


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@pytest.mark.parametrize("seed", [1, 2])
def test_views_with_shared_parts_are_the_views_made_afresh(ruleset_id: str, seed: int) -> None:
    """Random matches of the ruleset in each mode, two at a time, step by step: each viewer's view
    (parts kept from earlier states and the other match) writes the bytes of the view of the same
    state made with nothing kept, and of the same state decoded anew."""
    rng = random.Random(f"shared-{ruleset_id}-{seed}")
    ruleset, entry = RULESETS[ruleset_id], profile(ruleset_id)
    matches = []
    players = entry.usual_players
    for mode in entry.modes:
        for chosen in (entry.long, entry.short):  # several rounds, and a match that ends
            options = ruleset.validate_options(chosen, players)
            matches.append([mode, players, ruleset.new_match(options, players, rng.randrange(players), mode)])
    for _ in range(STEPS):
        for match in matches:
            mode, players, state = match
            if ruleset.status(state) == FINISHED:
                continue
            kept = {viewer: _written(ruleset_id, state, viewer) for viewer in _viewers(players)}
            forget()
            for viewer in _viewers(players):
                assert _written(ruleset_id, state, viewer) == kept[viewer], (mode, viewer)
            fresh = _fresh(ruleset_id, state)
            for viewer in _viewers(players):
                assert _written(ruleset_id, fresh, viewer) == kept[viewer], (mode, viewer)
            if ruleset.needs_deal(state):
                deck = None
                if mode == "dealt":
                    deck = list(ruleset.deck())
                    rng.shuffle(deck)
                state = ruleset.deal(state, deck)
            else:
                choices = [a for s in ruleset.to_act(state) for a in ruleset.legal_actions(state, s)]
                state = ruleset.apply(state, rng.choice(choices))
            match[2] = ruleset.archive(state)[0] if rng.random() < 0.5 else state


@pytest.mark.parametrize("ruleset_id", ["forty_fives", "auction_forty_fives"])
@pytest.mark.parametrize("mode", ["table", "dealt"])
def test_forty_fives_lists_the_legal_actions_the_interface_lists(ruleset_id: str, mode: str) -> None:
    """The Forty-Fives games pick a table match's plays from their JSON (``table.table_play_json``):
    at every step of random matches, for every viewer, the very list the interface's own
    ``legal_actions_json`` writes from ``legal_actions``."""
    rng = random.Random(f"listed-{ruleset_id}-{mode}")
    ruleset, entry = RULESETS[ruleset_id], profile(ruleset_id)
    for players in entry.players:
        state = ruleset.new_match(ruleset.validate_options(entry.short, players), players, 0, mode)  # type: ignore[arg-type]
        for _ in range(STEPS):
            if ruleset.status(state) == FINISHED:
                break
            to_act = ruleset.to_act(state)
            for viewer in [None, SPECTATOR, *range(players)]:
                listed = ruleset.legal_actions_json(state, viewer, to_act)
                assert listed == Ruleset.legal_actions_json(ruleset, state, viewer, to_act), (viewer, to_act)
                assert all(type(item) in (dict, ReadOnlyDict) for item in listed)
            if ruleset.needs_deal(state):
                deck = list(ruleset.deck()) if mode == "dealt" else None
                if deck is not None:
                    rng.shuffle(deck)
                state = ruleset.deal(state, deck)
                continue
            choices = [a for s in to_act for a in ruleset.legal_actions(state, s)]
            if rng.random() < 0.2:  # now and then a seat's rob or announcement out of turn
                choices = [a for s in range(players) for a in ruleset.legal_actions(state, s)] or choices
            state = ruleset.apply(state, rng.choice(choices))
