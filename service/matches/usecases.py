"""The match use cases: view, act, undo, events, rounds, record, follow, delete (create: ``creation``).

Each one loads the match, asks the rules, and saves; nothing else:

    load (document + version) -> who is calling (token) -> earlier answer under the same
    idempotency key? -> the expected version? -> ruleset.apply -> deal while the rules ask for a
    deal -> compare-and-set save (document, events, idempotency record in one atomic step) -> the
    caller's view.

An action without an Idempotency-Key skips the load on a store with round trips when this worker
holds the match's last state: it is worked out on that state and committed only if the store still
holds exactly that commit, else decided again from the load (``MatchSteps.held_first``).

Every ruleset goes through the ``Ruleset`` interface alone; nothing here knows a game, and nothing
here knows HTTP: the use cases take the expected version and the idempotency key as values and
return domain results (``service.matches.results``); the API chooses statuses and headers.

Decisions (the API documents them too):

* **Versions**: the store's version is the match's version, in every view. A request that expected
  another version is refused (``PreconditionFailed``). A request that named none and loses the
  compare-and-set race to another writer: ``VersionConflict``; one that named one and loses it:
  ``PreconditionFailed``. Either way nothing changed.
* **Who acts**: a seat token acts for its own seat only (``not_your_seat``; an action with no
  ``seat`` gets the token's). In a table match the referee token acts for any seat. In a dealt
  match it does not (``seat_token_required``): each action is posted with the acting seat's
  token, so the referee's view there lists no ``legal_actions``. ``deal`` is never accepted.
* **Undo** (referee only) takes back the last action still in force, with any deal that followed
  it, by replaying the stored events without them (the one place history is replayed); it is
  itself an event, and versions keep increasing.
* **Rounds**: after each action the finished rounds but the last leave the state
  (``Ruleset.archive``) for the event log, so a match's state, its stored document and each view
  stay the same size however long it runs; ``rounds`` lists every finished round.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from service.matches import idempotency as idem
from service.matches.computers import play_computers
from service.matches.creation import MatchCreation
from service.matches.documents import MatchDocument
from service.matches.errors import (
    DealsRevealed,
    Forbidden,
    InvalidRequest,
    LinksNotKept,
    MatchError,
    MatchNotFound,
    NothingToUndo,
    PreconditionFailed,
)
from service.matches.events import (
    action_event,
    advance,
    effective,
    public_event,
    round_records,
    stamp,
    undo_event,
    undone_seqs,
)
from service.matches.follow import Following, open_follow
from service.matches.record import build_record
from service.matches.results import (
    Claimed,
    Created,
    EventPage,
    Expected,
    MatchRecord,
    RoundSheet,
    SeatLinks,
    SeatTicket,
    Viewed,
)
from service.matches.seating import MatchSeating, refuse_while_waiting
from service.matches.spectators import sight
from service.matches.steps import MatchSteps
from service.matches.tokens import Caller, identify, invite_token, seat_token, spectator_token, token_hash
from service.matches.undo import Undone, take_back
from service.rules.actions import Action
from service.rules.errors import InvalidAction, RuleError
from service.rules.facts import is_json_int
from service.rules.messages import Msg
from service.rules.ruleset import FINISHED, Ruleset
from service.rules.settlement import SETTLE_REVOKE
from service.store.base import Event, Store

MAX_EVENTS_PAGE = 1000
#: the largest event sequence number a client may name (``after``): 2**53 - 1, the largest integer a
#: JSON client reads exactly, far beyond any match's history
MAX_SEQ = 2**53 - 1


def _of_the_steps(name: str) -> Any:
    """An attribute of the use cases that is their steps' own: read and set there, so that every
    part sees the same one."""
    return property(lambda self: getattr(self.steps, name), lambda self, value: setattr(self.steps, name, value))


class Matches:
    """The use cases over one store, made of parts: the steps they share (``steps``, a
    ``steps.MatchSteps``), creating a match (``creation``) and seating (``seating``). Idempotency
    keys take one path in create, act and undo (``idempotency.Keyed``, ``MatchSteps.first_answer``)."""

    def __init__(
        self,
        store: Store,
        rulesets: Mapping[str, Ruleset[Any]] | None = None,
        rng: random.Random | None = None,
        idempotency_secret: bytes | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.steps = MatchSteps(store, rulesets, rng, idempotency_secret, clock)
        self.creation = MatchCreation(self.steps)
        self.seating = MatchSeating(self.steps)

    #: the parts' store, rules, random source, clock and idempotency keys (one of each, in ``steps``)
    store = _of_the_steps("store")
    rulesets = _of_the_steps("rulesets")
    rng = _of_the_steps("rng")
    clock = _of_the_steps("clock")
    idempotency = _of_the_steps("idempotency")
    _recent = _of_the_steps("_recent")

    # --- create and seats ------------------------------------------------------------------------

    def create(self, body: Any, *, idempotency_key: str | None = None) -> Created:
        """A new match (``creation.MatchCreation.create``)."""
        return self.creation.create(body, idempotency_key=idempotency_key)

    def claim(self, match_id: str, seat: Any, body: Any, *, idempotency_key: str | None = None) -> Claimed:
        """A seat claimed by its invitation (``seating.MatchSeating.claim``)."""
        return self.seating.claim(match_id, seat, body, idempotency_key=idempotency_key)

    def start(self, match_id: str, token: str | None, *, expected: Expected | None = None) -> Viewed:
        """The referee starts a match waiting for its seats (``seating.MatchSeating.start``)."""
        return self.seating.start(match_id, token, expected=expected)

    def ruleset_seen(self, match_id: str) -> str | None:
        """The ruleset of a match this process read or saved lately (no store call), else None."""
        return self.steps.ruleset_seen(match_id)

    # --- read -----------------------------------------------------------------------------------

    def view(self, match_id: str, token: str | None, *, known: Expected | None = None) -> Viewed:
        """The caller's view; ``view`` None when ``known`` already allows the current version."""
        doc, version = self.steps._load(match_id)
        caller = _identify(token, doc)
        if known is not None and known.allows(version):
            return Viewed(version, None)
        return Viewed(version, self.steps._view(doc, match_id, version, caller))

    def events(self, match_id: str, token: str | None, *, after: int = 0, limit: int | None = None) -> EventPage:
        if not is_json_int(after) or not 0 <= after <= MAX_SEQ:
            raise InvalidRequest(Msg("matches.bad_after", most=MAX_SEQ))
        if limit is not None and (not is_json_int(limit) or not 1 <= limit <= MAX_EVENTS_PAGE):
            raise InvalidRequest(Msg("matches.bad_limit", most=MAX_EVENTS_PAGE))
        doc, version = self.steps._load(match_id)
        caller = _identify(token, doc)
        with self.steps._guard(match_id):
            stored = self.steps.store.events(match_id, after=after)
        undone = undone_seqs(stored)
        page = stored if limit is None else stored[:limit]
        shown = [public_event(doc.ruleset, e, sight(doc, caller), undone) for e in page]
        return EventPage(version, shown, page[-1].seq if page else after, len(page) < len(stored))

    def rounds(self, match_id: str, token: str | None) -> RoundSheet:
        """Every finished round's record, oldest first, from the event log (a match of format 1 logged
        a round only when it was archived: there, the rounds the state still holds follow)."""
        doc, version = self.steps._load(match_id)
        caller = _identify(token, doc)
        with self.steps._guard(match_id):
            stored = self.steps.store.events(match_id)
        # the events of the version loaded, not of a later one committed in between
        upto = [e for e in stored if e.data.get("version", 0) <= version]
        logged = round_records(effective(upto))
        if doc.format >= 2:
            return RoundSheet(version, logged)
        held = doc.ruleset.view(doc.state, sight(doc, caller)).get("history", [])
        return RoundSheet(version, [*logged, *held])

    def links(self, match_id: str, token: str | None) -> SeatLinks:
        """The seats' tokens and the spectator's, given again to the referee's token only (derived from
        it: ``tokens``); LinksNotKept for a match made before they were derived. A match whose seats
        are claimed gives the invitations of the seats not claimed yet instead (never a seat's token)."""
        doc, version = self.steps._load(match_id)
        caller = _identify(token, doc)
        _require_referee(caller, Msg("matches.referee_only_links"))
        assert token is not None  # identified
        spectator = spectator_token(token)
        if doc.invite_hashes is not None and doc.claimed is not None:  # seats by invitation: no token to give
            invites = tuple(None if doc.claimed[seat] or not doc.invite_hashes[seat] else invite_token(token, seat)
                            for seat in range(len(doc.players)))
            return SeatLinks(version, tuple(SeatTicket(seat, name, None, invites[seat])
                                            for seat, name in enumerate(doc.players)), spectator)
        seats = tuple(SeatTicket(seat, name, seat_token(token, seat)) for seat, name in enumerate(doc.players))
        kept = all(s.token is not None and token_hash(s.token) == stored
                   for s, stored in zip(seats, doc.seat_hashes, strict=True))
        if not kept or doc.spectator_hash != token_hash(spectator):
            raise LinksNotKept(Msg("matches.links_not_kept"))
        return SeatLinks(version, seats, spectator)

    def record(self, match_id: str, token: str | None) -> MatchRecord:
        """The match record, as much of it as the caller may see (``service.matches.record``)."""
        doc, version = self.steps._load(match_id)
        caller = _identify(token, doc)
        with self.steps._guard(match_id):
            stored = self.steps.store.events(match_id)
            refusals = self.steps.store.refusals(match_id)
        sees_all = caller.is_referee and doc.referee_sees_hands
        viewer = None if caller.seat is None or caller.is_spectator else caller.seat
        record = build_record(doc, stored, version, sees_all=sees_all, refusals=refusals, viewer=viewer)
        return MatchRecord(version, record)

    def follow(
        self, match_id: str, token: str | None, after: int | None, *, heartbeat: float, lifetime: float
    ) -> Following:
        """The caller's live stream of the match (``service.matches.follow``)."""
        return open_follow(self, match_id, token, after, heartbeat=heartbeat, lifetime=lifetime)

    def current(self, match_id: str) -> tuple[MatchDocument, int]:
        """The match's document and version now (MatchNotFound)."""
        return self.steps._load(match_id)

    def cached(self, match_id: str, version: int) -> MatchDocument | None:
        """The match's document at ``version`` if this process holds it (saved or read here); a
        version is committed once, so it is that version's document."""
        recent = self.steps._recent.get(match_id)
        return recent[2] if recent is not None and recent[0] == version else None

    def caller(self, token: str | None, doc: MatchDocument) -> Caller:
        """Who this token is in ``doc``'s match (Unauthorized)."""
        return _identify(token, doc)

    def view_of(self, doc: MatchDocument, match_id: str, version: int, caller: Caller) -> dict[str, Any]:
        """``caller``'s view of the match at ``version``."""
        return self.steps._view(doc, match_id, version, caller)

    # --- act ------------------------------------------------------------------------------------

    def act(
        self,
        match_id: str,
        token: str | None,
        body: Any,
        *,
        expected: Expected | None = None,
        idempotency_key: str | None = None,
    ) -> Viewed:
        key = idem.check_key(idempotency_key)

        def attempt(doc: MatchDocument, version: int, held: str) -> Viewed:
            return self._act(match_id, doc, version, held, token, body, expected, key)

        # on the state this worker holds, unless the request has a key (its first answer is looked
        # up in the store first: loaded, as always)
        return self.steps.held_first(match_id, attempt, hold=key is None)

    def _act(
        self,
        match_id: str,
        doc: MatchDocument,
        version: int,
        held: str,
        token: str | None,
        body: Any,
        expected: Expected | None,
        key: str | None,
    ) -> Viewed:
        """An action on ``doc`` at ``version``, loaded, or held by this worker (``held``: the commit
        that wrote it; ``MatchSteps.held_first``), where every refusal is only raised to be decided
        again on a fresh load: nothing is logged."""
        steps = self.steps
        caller = _identify(token, doc)
        _refuse_spectator(caller)
        keyed = None if key is None else steps.idempotency.for_action("act", match_id, caller.identity, key, body)
        replayed = steps.answered_again(match_id, doc, version, caller, keyed)
        if replayed is not None:
            return replayed
        _check_expected(expected, version)
        refuse_while_waiting(doc)
        try:
            action = self._authorised_action(doc, caller, body)
            state = doc.ruleset.apply(doc.state, action)
        except RuleError as err:
            if held:
                raise
            _keep_to_caller(err, caller)  # not kept under the key: a retry is judged again (issue 33)
            if not isinstance(err, MatchError):  # refused by the rules (not the caller's standing)
                steps._log_refusal(match_id, doc, caller, body, err)
            raise
        decks = steps._decks(doc.ruleset, doc.mode, doc.deal_key)
        logged = 0 if doc.format < 2 else None  # a format-1 match logs the rounds archive takes
        state, after, dealt = advance(
            doc.ruleset, state, decks, doc.deals, finished_now=doc.format >= 2, logged=logged
        )
        events = stamp([action_event(action, caller.is_referee), *after], version + 1)
        new_doc = doc.committed(state, dealt, steps.clock(), events)
        new_doc, events = play_computers(
            new_doc, events, version + 1, decks, steps._stored_after(match_id), steps.clock
        )
        view = steps._view(new_doc, match_id, version + 1, caller)
        return steps._commit(
            match_id, version, new_doc, events, view, keyed, caller, conditional=expected is not None, held=held
        )

    def _authorised_action(self, doc: MatchDocument, caller: Caller, body: Any) -> Action:
        action = Action.from_json(body, doc.ruleset.action_fields)
        if action.type == "deal":
            raise InvalidAction(Msg("matches.deal_not_allowed"), code="deal_not_allowed")
        if action.type == SETTLE_REVOKE:  # the referee's ruling; its seat names the offender
            _require_referee(caller, Msg("matches.referee_only_settle"))
            return action
        if caller.seat is None:
            if doc.mode == "dealt":
                raise Forbidden(Msg("matches.seat_token_required"), code="seat_token_required")
            return action
        if action.seat is None:
            return dataclasses.replace(action, seat=caller.seat)
        if action.seat != caller.seat:
            raise Forbidden(Msg("matches.not_your_seat", mine=caller.seat, seat=action.seat), code="not_your_seat")
        return action

    # --- undo / delete --------------------------------------------------------------------------

    def undo(
        self,
        match_id: str,
        token: str | None,
        *,
        expected: Expected | None = None,
        idempotency_key: str | None = None,
    ) -> Viewed:
        key = idem.check_key(idempotency_key)
        steps = self.steps
        doc, version = steps._load(match_id)
        caller = _identify(token, doc)
        _require_referee(caller, Msg("matches.referee_only_undo"))
        keyed = None if key is None else steps.idempotency.for_action("undo", match_id, caller.identity, key, None)
        replayed = steps.answered_again(match_id, doc, version, caller, keyed)
        if replayed is not None:
            return replayed
        _check_expected(expected, version)
        if doc.seed is not None and doc.ruleset.status(doc.state) == FINISHED:
            # the record of a finished match reveals the match seed: an undo would play on with every
            # later deal known (issue 16: the match seed never leaves the server before the end)
            raise DealsRevealed(Msg("matches.deals_revealed"))
        undone = self._undone(match_id, doc)
        if undone is None:
            raise NothingToUndo(Msg("matches.nothing_to_undo"))
        events = stamp([undo_event(undone.taken_back), *undone.after], version + 1)
        new_doc = doc.committed(undone.state, undone.deals, steps.clock(), events, (undone.round_start, undone.recent),
                                undone.basis)
        # a computer to act after the undo acts again at once: no person could move the match on
        decks = steps._decks(doc.ruleset, doc.mode, doc.deal_key)
        new_doc, events = play_computers(
            new_doc, events, version + 1, decks, steps._stored_after(match_id), steps.clock
        )
        view = steps._view(new_doc, match_id, version + 1, caller)
        return steps._commit(
            match_id, version, new_doc, events, view, keyed, caller, conditional=expected is not None
        )

    def _undone(self, match_id: str, doc: MatchDocument) -> Undone | None:
        """What an undo leaves (None: nothing to undo), read from as few of the match's last events
        as will do (``service.matches.undo``)."""
        steps = self.steps

        def events_after(seq: int) -> list[Event]:
            with steps._guard(match_id):
                return steps.store.events(match_id, after=seq)

        return take_back(doc, events_after, steps._decks(doc.ruleset, doc.mode, doc.deal_key))

    def delete(self, match_id: str, token: str | None, *, expected: Expected | None = None) -> None:
        doc, version = self.steps._load(match_id)
        caller = _identify(token, doc)
        _require_referee(caller, Msg("matches.referee_only_delete"))
        _check_expected(expected, version)
        with self.steps._guard(match_id):
            if not self.steps.store.delete(match_id):
                raise MatchNotFound(Msg("matches.not_found", match=match_id))


def _check_expected(expected: Expected | None, version: int) -> None:
    """Refuse a request decided on another version than the match's."""
    if expected is not None and not expected.allows(version):
        raise PreconditionFailed(Msg("matches.stale_version", version=version), extra={"version": version})


def _keep_to_caller(err: RuleError, caller: Caller) -> None:
    """Drop from a refusal's ``legal`` the actions of other seats: a seat is told its own options
    only (another seat's legal plays would name cards of its hidden hand)."""
    if caller.seat is not None and isinstance(err.legal, list):
        mine = (None, caller.seat)
        err.legal = [item for item in err.legal if not (isinstance(item, Mapping) and item.get("seat") not in mine)]


def _identify(token: str | None, doc: MatchDocument) -> Caller:
    """The caller of ``doc``'s match this token belongs to (Unauthorized when none)."""
    return identify(token, doc.referee_hash, doc.seat_hashes, doc.spectator_hash)


def _refuse_spectator(caller: Caller) -> None:
    """A spectator's token reads; it never writes."""
    if caller.is_spectator:
        raise Forbidden(Msg("matches.spectator_read_only"), code="spectator_read_only")


def _require_referee(caller: Caller, refusal: Msg) -> None:
    _refuse_spectator(caller)
    if caller.seat is not None:
        raise Forbidden(refusal, code="referee_only")

