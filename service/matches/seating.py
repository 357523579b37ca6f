"""Seats by invitation (``"seats": "claim"``, issue 34): the claim and start use cases.

A match created with ``"seats": "claim"`` gives the creator one *invitation* per seat (a computer seat
needs none) instead of the seats' tokens. ``claim`` takes a seat's invitation and answers the seat's
token, drawn fresh and given this once: the invitation is then dead (``invite_used``), and nothing
the referee holds gives the token again, so the creator's referee token reads no hand (unless the
match was created with ``referee_sees_hands``, which every view says).

Until every seat is claimed the match *waits*: nothing is drawn or dealt and nothing is playable
(``waiting_for_seats`` in every view). A claim may carry the seat's ``entropy`` (a string its phone
draws), mixed with the server's committed match seed into the deal key every deal and the first
dealer's draw come from (``deals.deal_key``, ``docs/deals.md``). The last claim starts the match;
the referee may start it earlier (``start``), the seats not yet claimed contributing no entropy (a
seat claimed after the start still gets its token; its entropy goes into nothing).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from service.matches import idempotency as idem
from service.matches.computers import play_computers
from service.matches.deals import StreamRandom, first_dealer_seed
from service.matches.documents import MatchDocument
from service.matches.errors import (
    AlreadyStarted,
    Forbidden,
    InvalidRequest,
    InviteUsed,
    PreconditionFailed,
    Unauthorized,
    WaitingForSeats,
)
from service.matches.events import advance, claim_event, stamp, start_event
from service.matches.results import Claimed, Expected, Viewed
from service.matches.steps import MatchSteps
from service.matches.tokens import Caller, holds, identify, new_token, token_hash
from service.rules.facts import is_json_int, refuse_unknown_fields
from service.rules.messages import Msg

CLAIM_FIELDS = ("invite", "entropy")
#: the longest entropy a claim may carry (printable ASCII characters)
MAX_ENTROPY = 256


class MatchSeating:
    """Claiming a seat by its invitation, and the referee starting a match that waits for its seats,
    with the steps of the use cases it is a part of."""

    def __init__(self, steps: MatchSteps) -> None:
        self.steps = steps

    def claim(self, match_id: str, seat: Any, body: Any, *, idempotency_key: str | None = None) -> Claimed:
        """The seat's token for its invitation, once (see the module docstring). Under an
        Idempotency-Key the token is the one ``Idempotency.claim_token`` gives, and a retry with the
        same invitation and key (its first answer lost on the way) gets it again, with the seat's view
        now; without one, or with another key, a claimed seat's invitation is dead (409)."""
        invite, entropy = _read_claim(body)
        key = idem.check_key(idempotency_key)
        doc, version = self.steps._load(match_id)
        if (doc.invite_hashes is None or doc.claimed is None or not is_json_int(seat)
                or not 0 <= seat < len(doc.players) or not doc.invite_hashes[seat]
                or not holds(invite, doc.invite_hashes[seat])):
            raise Unauthorized(Msg("matches.invalid_invite"), code="invalid_invite")
        keyed = None if key is None else self.steps.idempotency.claim_token(match_id, seat, key)
        if doc.claimed[seat]:
            if keyed is not None and holds(keyed, doc.seat_hashes[seat]):
                mixed = doc.entropies or ()
                used = entropy is not None and seat < len(mixed) and mixed[seat] == entropy
                view = self.steps._view(doc, match_id, version, Caller(seat))
                return Claimed(version, seat, doc.players[seat], keyed, view, used, replayed=True)
            raise InviteUsed(Msg("matches.invite_used"))
        token = keyed or new_token()
        used = doc.waiting and entropy is not None and doc.entropies is not None
        entropies = doc.entropies
        if used and entropies is not None:
            entropies = tuple(entropy if i == seat else e for i, e in enumerate(entropies))
        claimed = tuple(c or i == seat for i, c in enumerate(doc.claimed))
        hashes = tuple(token_hash(token) if i == seat else h for i, h in enumerate(doc.seat_hashes))
        doc = dataclasses.replace(doc, seat_hashes=hashes, claimed=claimed, entropies=entropies)
        events: list[dict[str, Any]] = [claim_event(seat)]
        if doc.waiting and all(claimed):
            doc, events = self._started(match_id, doc, version, events, "seats")
        else:
            events = stamp(events, version + 1)
            doc = doc.committed(doc.state, doc.deals, self.steps.clock(), events)
        caller = Caller(seat)
        view = self.steps._view(doc, match_id, version + 1, caller)
        viewed = self.steps._commit(match_id, version, doc, events, view, None, caller, conditional=False)
        assert viewed.view is not None
        return Claimed(viewed.version, seat, doc.players[seat], token, viewed.view, used)

    def start(self, match_id: str, token: str | None, *, expected: Expected | None = None) -> Viewed:
        """The referee starts a match waiting for its seats: the seats not claimed give no entropy."""
        doc, version = self.steps._load(match_id)
        caller = identify(token, doc.referee_hash, doc.seat_hashes, doc.spectator_hash)
        if not caller.is_referee:
            code = "spectator_read_only" if caller.is_spectator else "referee_only"
            message = Msg("matches.spectator_read_only" if caller.is_spectator else "matches.referee_only_start")
            raise Forbidden(message, code=code)
        if not doc.waiting:
            raise AlreadyStarted(Msg("matches.already_started"))
        if expected is not None and not expected.allows(version):
            raise PreconditionFailed(Msg("matches.stale_version", version=version), extra={"version": version})
        doc, events = self._started(match_id, doc, version, [], "referee")
        view = self.steps._view(doc, match_id, version + 1, caller)
        return self.steps._commit(match_id, version, doc, events, view, None, caller, conditional=expected is not None)

    def _started(
        self, match_id: str, doc: MatchDocument, version: int, before: list[dict[str, Any]], by: str
    ) -> tuple[MatchDocument, list[dict[str, Any]]]:
        """The match started: its first dealer drawn from the deal key (unless given at creation), the
        rules state new from that dealer, the first deal made, and the computers' turns taken; the
        events stamped with the next version."""
        with self.steps._guard(match_id):
            stored = self.steps.store.events(match_id, after=0)
        created: Mapping[str, Any] = next(e.data for e in stored if e.data.get("kind") == "create")
        ruleset, players = doc.ruleset, len(doc.players)
        options = ruleset.validate_options(created["options"], players)
        doc = dataclasses.replace(doc, started=True)
        key = doc.deal_key
        assert key is not None  # a dealt match (seats by invitation are dealt mode only)
        if created.get("first_dealer") is None:
            dealer, first = ruleset.first_dealer(options, players, StreamRandom(first_dealer_seed(key)))
        else:
            dealer, first = created["dealer"], created["first_dealer"]
        state = ruleset.new_match(options, players, dealer, "dealt")
        decks = self.steps._decks(ruleset, doc.mode, key)
        state, deals, dealt = advance(ruleset, state, decks, 0, finished_now=False)
        events = stamp([*before, start_event(by, dealer, first, doc.entropies or ()), *deals], version + 1)
        doc = doc.committed(state, dealt, self.steps.clock(), events)
        return play_computers(doc, events, version + 1, decks, self.steps._stored_after(match_id), self.steps.clock)


def refuse_while_waiting(doc: MatchDocument) -> None:
    """Nothing is playable before the match starts."""
    if doc.waiting:
        raise WaitingForSeats(Msg("matches.waiting_for_seats"))


def _read_claim(body: Any) -> tuple[str, str | None]:
    if not isinstance(body, Mapping):
        raise InvalidRequest(Msg("matches.body_not_object"))
    refuse_unknown_fields(body, CLAIM_FIELDS, InvalidRequest, "matches.unknown_claim_fields", listed=False)
    invite = body.get("invite")
    if not isinstance(invite, str) or not invite:
        raise Unauthorized(Msg("matches.invalid_invite"), code="invalid_invite")
    entropy = body.get("entropy")
    if entropy is not None and (
        not isinstance(entropy, str) or not 1 <= len(entropy) <= MAX_ENTROPY
        or not all(" " <= ch <= "~" for ch in entropy)
    ):
        raise InvalidRequest(Msg("matches.bad_entropy", most=MAX_ENTROPY), code="invalid_entropy")
    return invite, entropy

