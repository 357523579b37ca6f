"""What the store keeps for a match: the document (current state snapshot) and the events.

**Document** (one JSON object, replaced on every save)::

    {"format": 2, "referee_sees_hands": false, "ruleset": "<ruleset id>", "mode": "dealt",
     "players": ["Ann", ...], "referee_hash": "<sha256>", "seat_hashes": ["<sha256>", ...],
     "spectator_hash": "<sha256>", "state": <codec.encode(state)>, "seed": "<hex>", "deals": 1,
     "saved_at": <Unix seconds>, "logged": 2, "round_start": {"seq": 2, "deals": 1, "state": null},
     "recent": null, "preset": null, "computers": null, "seed_commitment": "<hex>",
     "entropies": null, "invite_hashes": null, "claimed": null, "started": true}

(every field: ``MatchDocument.to_json``; the stores keep it as JSON text, ``service.store.encoding``)

It holds the whole current rules state, so serving a request never replays history: the
1,000th action of a match costs what the first one does.

The events of a match (what it logged, how they replay): ``service.matches.events``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.matches import codec
from service.matches.deals import deal_key
from service.matches.errors import RulesetUnavailable
from service.rules.messages import Msg
from service.rules.ruleset import Ruleset
from service.store import encoding

#: 2: each round's record is logged when the round finishes (1: when a later round archived it)
FORMAT = 2
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
    new state still shares (see ``codec.encode_like``)."""

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
    #: how many events the match has logged (an older document's count: ``upgrade.document``)
    logged: int = 0
    #: the state just after the latest deal, for undo (None: unknown; undo replays the whole match)
    round_start: Checkpoint | None = None
    #: a state of this round at most ``CHECKPOINT_EVERY`` events old, for undo (None: none yet)
    recent: Checkpoint | None = None
    #: the spectator token's hash (None for a match made before spectators)
    spectator_hash: str | None = None
    #: the preset id the match's options were made from (None: none); its views echo it
    preset: str | None = None
    #: each seat's computer level, None for a person (None: every seat is a person's)
    computers: tuple[str | None, ...] | None = None
    #: the commitment to the match seed, ruleset, options and players (``deals.seed_commitment``);
    #: None: a table match, or one made before commitments (its deals come from the seed itself)
    seed_commitment: str | None = None
    #: each seat's entropy (None: none given), mixed into the deal key (with ``seed_commitment`` only)
    entropies: tuple[str | None, ...] | None = None
    #: each seat's invitation hash, for a match whose seats are claimed (None: tokens given at creation)
    invite_hashes: tuple[str, ...] | None = None
    #: which seats have been claimed (with ``invite_hashes``; a computer seat counts as claimed)
    claimed: tuple[bool, ...] | None = None
    #: False while a match whose seats are claimed waits for them: nothing dealt, nothing playable
    started: bool = True
    state_json: Any = field(default=None, compare=False, repr=False)
    basis: tuple[Any, Any] | None = field(default=None, compare=False, repr=False)

    def encoded_state(self) -> Any:
        if self.state_json is not None:
            return self.state_json
        if self.basis is not None:
            return codec.encode_like(self.state, *self.basis)
        return codec.encode(self.state)

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
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
            "computers": None if self.computers is None else list(self.computers),
            "seed_commitment": self.seed_commitment,
            "entropies": None if self.entropies is None else list(self.entropies),
            "invite_hashes": None if self.invite_hashes is None else list(self.invite_hashes),
            "claimed": None if self.claimed is None else list(self.claimed),
            "started": self.started,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rulesets: Mapping[str, Ruleset[Any]]) -> MatchDocument:
        """A stored document of the current shape (an older one is read through ``upgrade.document``
        first), every field present."""
        ruleset = rulesets.get(data["ruleset"])
        if ruleset is None:
            # read before the caller's token is checked: the answer names no game (the log line does)
            raise RulesetUnavailable(Msg("matches.ruleset_unavailable"), ruleset=str(data["ruleset"]))
        seed, computers, entropies = data["seed"], data["computers"], data["entropies"]
        invite_hashes, claimed = data["invite_hashes"], data["claimed"]
        return cls(
            ruleset=ruleset,
            mode=data["mode"],
            players=tuple(data["players"]),
            referee_hash=data["referee_hash"],
            seat_hashes=tuple(data["seat_hashes"]),
            state=codec.decode(ruleset.state_type, data["state"]),
            seed=bytes.fromhex(seed) if seed else None,
            deals=data["deals"],
            saved_at=data["saved_at"],
            format=data["format"],
            referee_sees_hands=data["referee_sees_hands"],
            logged=data["logged"],
            round_start=Checkpoint.from_json(data["round_start"]),
            recent=Checkpoint.from_json(data["recent"]),
            spectator_hash=data["spectator_hash"],
            preset=data["preset"],
            computers=tuple(computers) if computers else None,
            seed_commitment=data["seed_commitment"],
            entropies=None if entropies is None else tuple(entropies),
            invite_hashes=None if invite_hashes is None else tuple(invite_hashes),
            claimed=None if claimed is None else tuple(claimed),
            started=data["started"],
            state_json=data["state"],
        )

    @property
    def deal_key(self) -> bytes | None:
        """The key every deal comes from (``deals.deal_key``): the match seed mixed with the seats'
        entropies; a match made before commitments deals from its seed; None: a table match."""
        if self.seed is None or self.seed_commitment is None:
            return self.seed
        return deal_key(self.seed, self.entropies or ())

    @property
    def waiting(self) -> bool:
        """True while the match waits for its seats to be claimed (``started`` false)."""
        return not self.started

    def with_state(self, state: Any, deals: int, saved_at: float) -> MatchDocument:
        """This match with a new state, the count of deals made so far, saved at ``saved_at``."""
        return self._with(state, None, (self.state, self.encoded_state()), deals, saved_at,
                          self.logged, self._checkpoints())

    def committed(self, state: Any, deals: int, saved_at: float, events: Sequence[Mapping[str, Any]],
                  checkpoints: tuple[Checkpoint | None, Checkpoint | None] | None = None,
                  basis: tuple[Any, Any] | None = None) -> MatchDocument:
        """This match after a commit that logs ``events`` and leaves ``state``, with its events
        counted and its checkpoints (``checkpoints``: the round start and recent one an undo
        found; else the document's own): a commit that deals makes a new round start; one that
        leaves the newest checkpoint ``CHECKPOINT_EVERY`` events behind makes a new recent one.
        ``state`` is encoded from ``basis`` (an earlier state it is built on, with its JSON), by
        default this document's state."""
        logged = self.logged + len(events)
        start, recent = self._checkpoints(checkpoints)
        if any(e.get("kind") == "deal" for e in events):
            start, recent = Checkpoint(logged, deals), None
        elif start is not None:
            newest = recent if recent is not None else start
            if logged - newest.seq >= CHECKPOINT_EVERY:
                recent = Checkpoint(logged, deals)
        if basis is None:
            basis = (self.state, self.encoded_state())
        return self._with(state, None, basis, deals, saved_at, logged, (start, recent))

    def _checkpoints(
        self, given: tuple[Checkpoint | None, Checkpoint | None] | None = None
    ) -> tuple[Checkpoint | None, Checkpoint | None]:
        """The checkpoints (``given``, else the document's own), each holding its state: none left
        meaning "this document's", which the new document will not have."""
        def explicit(point: Checkpoint | None) -> Checkpoint | None:
            if point is None or point.state is not None:
                return point
            return Checkpoint(point.seq, point.deals, self._state_text())
        start, recent = (self.round_start, self.recent) if given is None else given
        return explicit(start), explicit(recent)

    def _state_text(self) -> str:
        """The state as JSON text: the encoded form's when it is at hand (the codec's or the store's
        JSON, written without the store's walk: ``encoding.written``), else written straight."""
        known = self.state_json
        if known is None:
            return codec.encode_text(self.state)
        return encoding.dumps(encoding.written(known)).decode("utf-8")

    def with_encoded(self, state_json: Any) -> MatchDocument:
        return self._with(self.state, state_json, None, self.deals, self.saved_at, self.logged,
                          (self.round_start, self.recent))

    def _with(
        self, state: Any, state_json: Any, basis: tuple[Any, Any] | None, deals: int, saved_at: float,
        logged: int, checkpoints: tuple[Checkpoint | None, Checkpoint | None],
    ) -> MatchDocument:
        """This document with the fields a commit changes, the others as they are: the object the
        dataclass's ``__init__`` would make with them (the same fields, in the same order), made by
        copying the fields and setting those few. A frozen dataclass's ``__init__`` sets each of
        its two dozen fields through ``object.__setattr__``, ten times the copy's cost, twice per
        action (``committed``, then ``with_encoded`` after the save)."""
        made = object.__new__(type(self))
        fields = made.__dict__
        fields.update(self.__dict__)
        fields["state"] = state
        fields["deals"] = deals
        fields["saved_at"] = saved_at
        fields["logged"] = logged
        fields["round_start"], fields["recent"] = checkpoints
        fields["state_json"] = state_json
        fields["basis"] = basis
        return made


# ------------------------------------------------------------------------------------------------
# Events
# ------------------------------------------------------------------------------------------------
