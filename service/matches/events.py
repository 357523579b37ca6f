"""What a match logs: its events, what they mean, and how they replay.

**Events** (append-only; the store numbers them from 1), each with the match ``version`` it
produced:

* ``{"kind": "create", "ruleset", "mode", "players", "options", "dealer", "first_dealer", "preset"?}``
  (``options``: every option in force; ``preset``: the preset id they were made from, if any);
* ``{"kind": "deal", "index": i}``: internal; deal ``i`` of the match (dealt mode: from the match's
  seed, ``service.matches.deals``; a match made before seeds logged its ``"deck"``), never shown;
* ``{"kind": "action", "action": <Action.to_json()>, "by": "referee" | "seat" | "computer"}``: the
  full action (``computer``: taken by the service for a computer seat, ``service.computer``);
* ``{"kind": "round", "round": <record>}``: a finished round's record, taken out of the state by
  ``Ruleset.archive`` so that the state stays the same size however long the match runs (the
  state keeps the last finished round; ``rounds`` puts the whole list together);
* ``{"kind": "undo", "undone": [seq, ...]}``: the action (and the deals and rounds that followed
  it) taken back;
* ``{"kind": "claim", "seat": s}``: a seat claimed by its invitation (a match whose seats are
  claimed, ``"waiting": true`` in its create event: its create event's ``dealer`` is provisional);
* ``{"kind": "start", "by": "seats" | "referee", "dealer", "first_dealer", "entropies"}``: such a
  match starts (its last seat claimed, or the referee starting it): the rules state starts again
  from this dealer, and the deals follow.

Together they replay the match exactly (``replay``, which reads create, deal and action events:
a round event is an outcome, not an input), which only ``undo`` does. ``public_event``
is what one viewer may see of an event: actions go through ``Ruleset.public_action``; a deal shows
no card; an undone action shows no card of its seat to anyone else (the card went back to a
hidden hand).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from service.matches import codec
from service.matches.deals import deal_seed, shuffled
from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.messages import encode_messages, revive
from service.rules.ruleset import FINISHED, Ruleset
from service.store.base import Event

#: the most deals in a row a single request may cause (a ruleset whose rounds can be passed out
#: deals again at once); more means a broken ruleset, not a long match.
MAX_DEALS_IN_A_ROW = 64


def create_event(
    ruleset: Ruleset[Any],
    mode: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    dealer: int,
    first_dealer: Mapping[str, Any] | None,
    preset: str | None = None,
    computers: Sequence[str | None] | None = None,
    *,
    waiting: bool = False,
) -> dict[str, Any]:
    """The create event; ``waiting``: a match whose seats are claimed, its ``dealer`` provisional (its
    start event names the first dealer) and ``first_dealer`` None when the rules' draw waits for it."""
    out: dict[str, Any] = {
        "kind": "create",
        "ruleset": ruleset.id,
        "mode": mode,
        "players": list(players),
        "options": codec.encode(options),
        "dealer": dealer,
        "first_dealer": codec.encode(first_dealer),
    }
    if preset is not None:
        out["preset"] = preset
    if computers is not None:
        out["computers"] = list(computers)
    if waiting:
        out["waiting"] = True
    return out


def claim_event(seat: int) -> dict[str, Any]:
    return {"kind": "claim", "seat": seat}


def start_event(
    by: str, dealer: int, first_dealer: Mapping[str, Any], entropies: Sequence[str | None]
) -> dict[str, Any]:
    return {"kind": "start", "by": by, "dealer": dealer, "first_dealer": codec.encode(first_dealer),
            "entropies": list(entropies)}


def deal_event(index: int, deck: Sequence[Card] | None = None) -> dict[str, Any]:
    """Deal ``index`` of the match. A deal from the match seed needs no deck in the log (the seed and
    the index give it); a match without a seed (made before seeds) logs its deck."""
    out: dict[str, Any] = {"kind": "deal", "index": index}
    if deck is not None:
        out["deck"] = [c.text for c in deck]
    return out


def action_event(action: Action, by_referee: bool, by_computer: bool = False) -> dict[str, Any]:
    by = "computer" if by_computer else "referee" if by_referee else "seat"
    return {"kind": "action", "action": action.to_json(), "by": by}


def round_event(record: Mapping[str, Any]) -> dict[str, Any]:
    """A finished round's record for the log: its messages kept as data (``messages.to_json``)."""
    return {"kind": "round", "round": encode_messages(dict(record))}


def undo_event(undone: Sequence[int]) -> dict[str, Any]:
    return {"kind": "undo", "undone": list(undone)}


def stamp(events: Iterable[dict[str, Any]], version: int) -> list[dict[str, Any]]:
    """The events with the match version they produce."""
    return [{**e, "version": version} for e in events]


def undone_seqs(events: Iterable[Event]) -> set[int]:
    """Sequence numbers of the events that an undo took back."""
    out: set[int] = set()
    for e in events:
        if e.data.get("kind") == "undo":
            out.update(e.data.get("undone", ()))
    return out


def effective(events: Sequence[Event]) -> list[Event]:
    """The create, deal, action and round events that still count (not undone), in order."""
    gone = undone_seqs(events)
    return [e for e in events if e.data.get("kind") != "undo" and e.seq not in gone]


def last_undoable(events: Sequence[Event]) -> list[int]:
    """The seqs an undo takes back now: the last action that counts and every deal and round
    after it; empty when no action is left."""
    live = effective(events)
    for i in range(len(live) - 1, -1, -1):
        if live[i].data.get("kind") == "action":
            return [e.seq for e in live[i:]]
    return []


#: ``decks(index)``: the deck of deal ``index`` (dealt mode) or None (table mode), and whether the
#: log must keep it (a match without a seed)
Decks = Callable[[int], tuple[Sequence[Card] | None, bool]]


def deal_while_needed(ruleset: Ruleset[Any], state: Any, decks: Decks, index: int) -> tuple[Any, list[dict[str, Any]]]:
    """Deal whenever the rules ask for a deal and the match is not over, deals ``index``, ``index + 1``
    ... Returns the new state and the deal events."""
    events: list[dict[str, Any]] = []
    while ruleset.needs_deal(state) and ruleset.status(state) != FINISHED:
        if len(events) >= MAX_DEALS_IN_A_ROW:
            raise RuntimeError(f"{ruleset.id} asked for {MAX_DEALS_IN_A_ROW} deals in a row")
        deck, logged = decks(index + len(events))
        state = ruleset.deal(state, deck)
        events.append(deal_event(index + len(events), deck if logged else None))
    return state, events


def advance(
    ruleset: Ruleset[Any], state: Any, decks: Decks, index: int, *, finished_now: bool, logged: int | None = None
) -> tuple[Any, list[dict[str, Any]], int]:
    """What follows an action (or a new match, or a replay), with the events to log for it:

    * the round the action finished (``finished_now``: an action, not a replay), logged as it
      finishes: its record is the last of ``Ruleset.history`` (the rules ask for a deal, or the match
      is over, exactly when a round has just finished);
    * the deals the rules ask for, the next being deal ``index``;
    * then ``Ruleset.archive`` takes the finished rounds but the last out of the state (their records
      are in the log already). ``logged`` is for a match of format 1, which logged a round only
      when it was archived: the records beyond the first ``logged`` that archive takes are logged.

    Returns the state to store, the events to log (rounds first, then deals) and the count of deals
    made so far."""
    rounds: list[dict[str, Any]] = []
    if finished_now and (ruleset.needs_deal(state) or ruleset.status(state) == FINISHED):
        held = ruleset.history(state)
        if held:
            rounds.append(round_event(held[-1]))
    state, deals = deal_while_needed(ruleset, state, decks, index)
    state, records = ruleset.archive(state)
    if logged is not None:
        rounds += map(round_event, records[logged:])
    return state, [*rounds, *deals], index + len(deals)


def round_records(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The round records that the given (effective) events logged, oldest first. A round logged
    again (its revokes settled, ``service.rules.settlement``) shows as its latest record, in its
    place: a record is the same round as an earlier one with the same number."""
    out: list[dict[str, Any]] = []
    at: dict[Any, int] = {}
    for e in events:
        if e.data.get("kind") != "round":
            continue
        record = revive(e.data["round"])
        number = _round_number(record)
        if number is not None and number in at:
            out[at[number]] = record
            continue
        if number is not None:
            at[number] = len(out)
        out.append(record)
    return out


def _round_number(record: Any) -> Any:
    """A round record's number (``round`` or ``number``, as each game names it), or None."""
    if not isinstance(record, Mapping):
        return None
    number = record.get("round", record.get("number"))
    return number if isinstance(number, int) else None


def deals_in(events: Iterable[Event]) -> int:
    """How many deals the given (effective) events made."""
    return sum(1 for e in events if e.data.get("kind") == "deal")


def replay(
    ruleset: Ruleset[Any], events: Sequence[Event], seed: bytes | None = None,
    on_deal: Callable[[int, Sequence[Card] | None, Any], None] | None = None,
) -> Any:
    """The rules state that the given (effective) events produce, from the create event on; a deal
    without a logged deck comes from the match ``seed`` and its index (table mode: no deck).
    ``on_deal(index, deck, state)`` is told of each deal, with the state it made."""
    state: Any = None
    created: Mapping[str, Any] = {}
    dealt = 0
    for e in events:
        data = e.data
        kind = data.get("kind")
        if kind == "create":
            created = data
            options = ruleset.validate_options(data["options"], len(data["players"]))
            state = ruleset.new_match(options, len(data["players"]), data["dealer"], data["mode"])
        elif kind == "start":
            state = ruleset.new_match(options, len(created["players"]), data["dealer"], created["mode"])
        elif kind == "deal":
            index = data.get("index", dealt)  # a deal logged with its deck, before seeds, has none
            deck = data.get("deck")
            if deck is not None:
                cards: Sequence[Card] | None = [Card.parse(c) for c in deck]
            elif seed is not None:
                cards = shuffled(ruleset.deck(), deal_seed(seed, index))
            else:
                cards = None
            state = ruleset.deal(state, cards)
            dealt += 1
            if on_deal is not None:
                on_deal(index, cards, state)
        elif kind == "action":
            state = ruleset.apply(state, Action.from_json(data["action"]))
    if state is None:
        raise ValueError("the events hold no create event")
    return state


def public_event(ruleset: Ruleset[Any], event: Event, viewer: int | None, undone: set[int]) -> dict[str, Any]:
    """What ``viewer`` (None: the referee) may see of one event."""
    data = event.data
    kind = data.get("kind")
    out: dict[str, Any] = {"seq": event.seq, "version": data.get("version"), "kind": kind}
    if kind == "create":
        for key in ("ruleset", "mode", "players", "options", "dealer", "first_dealer"):
            out[key] = data.get(key)
        if "preset" in data:
            out["preset"] = data["preset"]
        if "computers" in data:
            out["computers"] = data["computers"]
        if data.get("waiting"):
            out["waiting"] = True
    elif kind == "action":
        action = Action.from_json(data["action"])
        shown = ruleset.public_action(action, viewer)
        if event.seq in undone and viewer is not None and action.seat != viewer:
            shown.pop("card", None)
            shown.pop("cards", None)
        out["action"] = shown
        out["by"] = data.get("by")
        out["undone"] = event.seq in undone
    elif kind == "round":
        out["round"] = revive(data.get("round"))
        out["undone"] = event.seq in undone
    elif kind == "undo":
        out["undone"] = list(data.get("undone", ()))
    elif kind == "claim":
        out["seat"] = data.get("seat")
    elif kind == "start":
        for key in ("by", "dealer", "first_dealer"):
            out[key] = data.get(key)
    return out
