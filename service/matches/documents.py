"""What the store keeps for a match: the document (current state snapshot) and the events.

**Document** (one JSON object, replaced on every save)::

    {"format": 1, "ruleset": "<ruleset id>", "mode": "dealt", "players": ["Ann", ...],
     "referee_hash": "<sha256>", "seat_hashes": ["<sha256>", ...], "state": <codec.encode(state)>}

It holds the whole current rules state, so serving a request never replays history: the
1,000th action of a match costs what the first one does.

**Events** (append-only; the store numbers them from 1), each with the match ``version`` it
produced:

* ``{"kind": "create", "ruleset", "mode", "players", "options", "dealer", "first_dealer", "preset"?}``
  (``options``: every option in force; ``preset``: the preset id they were made from, if any);
* ``{"kind": "deal", "index": i}``: internal; deal ``i`` of the match (dealt mode: from the match's
  seed, ``service.matches.deals``; a match made before seeds logged its ``"deck"``), never shown;
* ``{"kind": "action", "action": <Action.to_json()>, "by": "referee" | "seat"}``: the full action;
* ``{"kind": "round", "round": <record>}``: a finished round's record, taken out of the state by
  ``Ruleset.archive`` so that the state stays the same size however long the match runs (the
  state keeps the last finished round; ``rounds`` puts the whole list together);
* ``{"kind": "undo", "undone": [seq, ...]}``: the action (and the deals and rounds that followed
  it) taken back.

Together they replay the match exactly (``replay``, which reads create, deal and action events:
a round event is an outcome, not an input), which only ``undo`` does. ``public_event``
is what one viewer may see of an event: actions go through ``Ruleset.public_action``; a deal shows
no card; an undone action shows no card of its seat to anyone else (the card went back to a
hidden hand).
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.matches.deals import deal_seed, shuffled
from service.rules import codec
from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.messages import encode_messages, revive
from service.rules.ruleset import FINISHED, Ruleset
from service.store import encoding
from service.store.base import Event

#: 2: each round's record is logged when the round finishes (1: when a later round archived it)
FORMAT = 2
#: the most deals in a row a single request may cause (a ruleset whose rounds can be passed out
#: deals again at once); more means a broken ruleset, not a long match.
MAX_DEALS_IN_A_ROW = 64
#: how many events a match may log past its newest checkpoint before the next commit makes one:
#: an undo replays at most about this many actions (``service.matches.undo``)
CHECKPOINT_EVERY = 6


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """Where an undo starts from (``service.matches.undo``): a stored state, the sequence number of
    the last event logged when it was stored (the events after it lead from it to the match now),
    and the deals made up to it. ``state`` is the encoded state as JSON text, so that saving and
    loading the document, on every action, copies it as one string instead of walking it (an undo
    reads it); None: the state of the document that holds it (a match that has just reached a
    checkpoint stores that state once)."""

    seq: int
    deals: int
    state: str | None = None

    def decoded(self, state_type: type) -> Any:
        """The state (of a checkpoint that holds its own)."""
        assert self.state is not None
        return codec.decode(state_type, encoding.loads(self.state))

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "deals": self.deals, "state": self.state}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Checkpoint | None:
        return None if data is None else cls(data["seq"], data["deals"], data.get("state"))


@dataclass(frozen=True)
class MatchDocument:
    """A match as stored: who plays it, the token hashes, and the decoded rules state.

    ``state_json`` is the encoded form of ``state`` when it is known (as loaded); ``basis`` is an
    earlier state with its encoded form, from which ``encoded_state`` reuses every part that the
    new state still shares (see ``encode_like``)."""

    ruleset: Ruleset[Any]
    mode: str
    players: tuple[str, ...]
    referee_hash: str
    seat_hashes: tuple[str, ...]
    state: Any
    #: the secret seed every deal of a dealt match comes from (``deals.py``); None in table mode
    seed: bytes | None = field(default=None, repr=False)
    #: the deals made so far (the index of the next one)
    deals: int = 0
    #: when the match was last saved (Unix seconds): it expires ``ttl_seconds`` after that
    saved_at: float = 0.0
    #: the document format it was created in (``FORMAT``); a match keeps its own
    format: int = FORMAT
    #: whether the referee of a dealt match sees every hand (a referee who does not play); else the
    #: referee sees what a spectator sees
    referee_sees_hands: bool = False
    #: how many events the match has logged (None: a document saved before it was counted)
    logged: int | None = None
    #: the state just after the latest deal, for undo (None: unknown; undo replays the whole match)
    round_start: Checkpoint | None = None
    #: a state of this round at most ``CHECKPOINT_EVERY`` events old, for undo (None: none yet)
    recent: Checkpoint | None = None
    #: the spectator token's hash (None for a match made before spectators)
    spectator_hash: str | None = None
    #: the preset id the match's options were made from (None: none); its views echo it
    preset: str | None = None
    state_json: Any = field(default=None, compare=False, repr=False)
    basis: tuple[Any, Any] | None = field(default=None, compare=False, repr=False)

    def encoded_state(self) -> Any:
        if self.state_json is not None:
            return self.state_json
        if self.basis is not None:
            return encode_like(self.state, *self.basis)
        return codec.encode(self.state)

    def to_json(self, commit: str = "") -> dict[str, Any]:
        """The stored form; ``commit`` is a random id of this save (see ``usecases``'s cache)."""
        return {
            "format": self.format,
            "referee_sees_hands": self.referee_sees_hands,
            "ruleset": self.ruleset.id,
            "mode": self.mode,
            "players": list(self.players),
            "referee_hash": self.referee_hash,
            "seat_hashes": list(self.seat_hashes),
            "spectator_hash": self.spectator_hash,
            "state": self.encoded_state(),
            "seed": None if self.seed is None else self.seed.hex(),
            "deals": self.deals,
            "saved_at": self.saved_at,
            "logged": self.logged,
            "round_start": None if self.round_start is None else self.round_start.to_json(),
            "recent": None if self.recent is None else self.recent.to_json(),
            "preset": self.preset,
            "commit": commit,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rulesets: Mapping[str, Ruleset[Any]]) -> MatchDocument:
        ruleset = rulesets[data["ruleset"]]
        return cls(
            ruleset=ruleset,
            mode=data["mode"],
            players=tuple(data["players"]),
            referee_hash=data["referee_hash"],
            seat_hashes=tuple(data["seat_hashes"]),
            state=codec.decode(ruleset.state_type, data["state"]),
            seed=bytes.fromhex(data["seed"]) if data.get("seed") else None,
            deals=data.get("deals", 0),
            saved_at=data.get("saved_at", 0.0),
            format=data.get("format", 1),
            referee_sees_hands=data.get("referee_sees_hands", True),
            logged=data.get("logged"),
            round_start=Checkpoint.from_json(data.get("round_start")),
            recent=Checkpoint.from_json(data.get("recent")),
            spectator_hash=data.get("spectator_hash"),
            preset=data.get("preset"),
            state_json=data["state"],
        )

    def with_state(self, state: Any, deals: int, saved_at: float) -> MatchDocument:
        """This match with a new state, the count of deals made so far, saved at ``saved_at``."""
        return self._with(state, None, (self.state, self.encoded_state()), deals, saved_at,
                          self.logged, self._checkpoints())

    def committed(self, state: Any, deals: int, saved_at: float, events: Sequence[Mapping[str, Any]],
                  checkpoints: tuple[Checkpoint | None, Checkpoint | None] | None = None) -> MatchDocument:
        """This match after a commit that logs ``events`` and leaves ``state``, with its events
        counted and its checkpoints (``checkpoints``: the round start and recent one an undo
        found; else the document's own): a commit that deals makes a new round start; one that
        leaves the newest checkpoint ``CHECKPOINT_EVERY`` events behind makes a new recent one."""
        logged = None if self.logged is None else self.logged + len(events)
        start, recent = self._checkpoints(checkpoints)
        if logged is not None and any(e.get("kind") == "deal" for e in events):
            start, recent = Checkpoint(logged, deals), None
        elif logged is not None and start is not None:
            newest = recent if recent is not None else start
            if logged - newest.seq >= CHECKPOINT_EVERY:
                recent = Checkpoint(logged, deals)
        return self._with(state, None, (self.state, self.encoded_state()), deals, saved_at, logged, (start, recent))

    def _checkpoints(
        self, given: tuple[Checkpoint | None, Checkpoint | None] | None = None
    ) -> tuple[Checkpoint | None, Checkpoint | None]:
        """The checkpoints (``given``, else the document's own), each holding its state: none left
        meaning "this document's", which the new document will not have."""
        def explicit(point: Checkpoint | None) -> Checkpoint | None:
            if point is None or point.state is not None:
                return point
            return Checkpoint(point.seq, point.deals, encoding.dumps(self.encoded_state()).decode("utf-8"))
        start, recent = (self.round_start, self.recent) if given is None else given
        return explicit(start), explicit(recent)

    def with_encoded(self, state_json: Any) -> MatchDocument:
        return self._with(self.state, state_json, None, self.deals, self.saved_at, self.logged,
                          (self.round_start, self.recent))

    def _with(
        self, state: Any, state_json: Any, basis: tuple[Any, Any] | None, deals: int, saved_at: float,
        logged: int | None, checkpoints: tuple[Checkpoint | None, Checkpoint | None],
    ) -> MatchDocument:
        # what dataclasses.replace does, without its per-field checks (twice per action)
        return MatchDocument(
            ruleset=self.ruleset, mode=self.mode, players=self.players, referee_hash=self.referee_hash,
            seat_hashes=self.seat_hashes, state=state, seed=self.seed, deals=deals, saved_at=saved_at,
            format=self.format, referee_sees_hands=self.referee_sees_hands, spectator_hash=self.spectator_hash,
            logged=logged, round_start=checkpoints[0], recent=checkpoints[1], state_json=state_json, basis=basis,
            preset=self.preset,
        )


def encode_like(new: Any, old: Any, old_json: Any) -> Any:
    """``codec.encode(new)``, reusing ``old_json`` (``old`` encoded) for every part ``new`` shares.

    States are immutable and an action rebuilds only what it changes, so the new state holds the
    old one's unchanged parts as the very same objects: an unchanged part's encoding is the old
    one's. A tuple that only grew (a round history) reuses its old items' encodings. This keeps the
    cost of saving a state about the size of what changed, not of the whole match so far."""
    if new is old:
        return old_json
    kind = type(new)
    if kind is not type(old):
        return codec.encode(new)
    if kind is tuple and isinstance(old_json, list) and len(old_json) == len(old) <= len(new):
        if all(map(operator.is_, new, old)):
            return old_json + [codec.encode(item) for item in new[len(old):]]
        return codec.encode(new)
    if dataclasses.is_dataclass(new) and isinstance(old_json, dict):
        out = {}
        for name in _field_names(kind):
            value = getattr(new, name)
            if name in old_json:
                out[name] = encode_like(value, getattr(old, name), old_json[name])
            else:
                out[name] = codec.encode(value)
        return out
    return codec.encode(new)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


# ------------------------------------------------------------------------------------------------
# Events
# ------------------------------------------------------------------------------------------------


def create_event(
    ruleset: Ruleset[Any],
    mode: str,
    players: Sequence[str],
    options: Mapping[str, Any],
    dealer: int,
    first_dealer: Mapping[str, Any],
    preset: str | None = None,
) -> dict[str, Any]:
    out = {
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
    return out


def deal_event(index: int, deck: Sequence[Card] | None = None) -> dict[str, Any]:
    """Deal ``index`` of the match. A deal from the match seed needs no deck in the log (the seed and
    the index give it); a match without a seed (made before seeds) logs its deck."""
    out: dict[str, Any] = {"kind": "deal", "index": index}
    if deck is not None:
        out["deck"] = [c.text for c in deck]
    return out


def action_event(action: Action, by_referee: bool) -> dict[str, Any]:
    return {"kind": "action", "action": action.to_json(), "by": "referee" if by_referee else "seat"}


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
    dealt = 0
    for e in events:
        data = e.data
        kind = data.get("kind")
        if kind == "create":
            options = ruleset.validate_options(data["options"], len(data["players"]))
            state = ruleset.new_match(options, len(data["players"]), data["dealer"], data["mode"])
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
    return out
