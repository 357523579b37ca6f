"""The match use cases: create, view, act, undo, events, rounds, delete.

Each one loads the match, asks the rules, and saves; nothing else:

    load (document + version) -> who is calling (token) -> earlier answer under the same
    idempotency key? -> the expected version? -> ruleset.apply -> deal while the rules ask for a
    deal -> compare-and-set save (document, events, idempotency record in one atomic step) -> the
    caller's view.

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
import secrets
from collections.abc import Mapping
from typing import Any, cast

from service.matches import idempotency as idem
from service.matches.deals import SEED_BYTES
from service.matches.documents import Checkpoint, MatchDocument
from service.matches.errors import (
    DealsRevealed,
    Forbidden,
    InvalidDealer,
    InvalidRequest,
    MatchNotFound,
    NothingToUndo,
    PreconditionFailed,
    VersionConflict,
)
from service.matches.events import (
    action_event,
    advance,
    create_event,
    effective,
    public_event,
    round_records,
    stamp,
    undo_event,
    undone_seqs,
)
from service.matches.follow import Following, open_follow
from service.matches.players import read_players
from service.matches.record import build_record
from service.matches.results import Created, EventPage, Expected, MatchRecord, RoundSheet, SeatTicket, Viewed
from service.matches.spectators import sight
from service.matches.steps import MatchSteps
from service.matches.tokens import Caller, identify, new_token, token_hash
from service.matches.undo import Undone, can_start_from_round, from_checkpoints, from_whole_log
from service.rules.actions import Action
from service.rules.errors import InvalidAction, RuleError, UnknownRuleset
from service.rules.facts import is_json_int
from service.rules.messages import Msg, revive
from service.rules.ruleset import FINISHED, MODES, Mode, Ruleset
from service.rules.settlement import SETTLE_REVOKE
from service.store import base as store_base
from service.store.base import IdempotencyRecord

CREATE_FIELDS = ("ruleset", "mode", "players", "options", "preset", "dealer", "referee_sees_hands")
MAX_EVENTS_PAGE = 1000
#: the largest event sequence number a client may name (``after``): 2**53 - 1, the largest integer a
#: JSON client reads exactly, far beyond any match's history
MAX_SEQ = 2**53 - 1


class Matches(MatchSteps):
    """The use cases over one store (the steps they share: ``steps.MatchSteps``)."""

    # --- create ---------------------------------------------------------------------------------

    def create(self, body: Any, *, idempotency_key: str | None = None) -> Created:
        key = idem.check_key(idempotency_key)
        fp = idem.fingerprint("create", None, None, body)
        derived = None if key is None else self.idempotency.create_match_id(key, fp)
        if key is not None and derived is not None and (replayed := self._create_replayed(key, fp, derived)):
            return replayed
        ruleset, mode, players, options, dealer = self._read_create(body)
        sees_hands = _referee_sees_hands(body, mode)
        first_dealer: dict[str, Any] = {"method": "given", "dealer": dealer}
        if dealer is None:
            dealer, first_dealer = ruleset.first_dealer(options, len(players), self.rng)
        state = ruleset.new_match(options, len(players), dealer, mode)
        seed = self.rng.randbytes(SEED_BYTES) if mode == "dealt" else None  # SystemRandom: secrets
        state, deals, dealt = advance(ruleset, state, self._decks(ruleset, mode, seed), 0, finished_now=False)
        referee_token = new_token()
        seat_tokens = tuple(new_token() for _ in players)
        spectator_token = new_token()
        doc = MatchDocument(
            ruleset=ruleset,
            mode=mode,
            players=players,
            referee_hash=token_hash(referee_token),
            seat_hashes=tuple(token_hash(t) for t in seat_tokens),
            state=state,
            seed=seed,
            deals=dealt,
            saved_at=self.clock(),
            referee_sees_hands=sees_hands,
            logged=1 + len(deals),
            round_start=Checkpoint(1 + len(deals), dealt) if deals else None,
            spectator_hash=token_hash(spectator_token),
            preset=body.get("preset"),
        )
        events = stamp([create_event(ruleset, mode, players, options, dealer, first_dealer, doc.preset), *deals], 1)
        commit = secrets.token_hex(8)
        # the id a retry finds (see ``idempotency``), then random ones; a derived id already taken
        # with no record under it is a match whose record expired: this create is a new one
        for match_id in (derived or secrets.token_urlsafe(16), secrets.token_urlsafe(16), secrets.token_urlsafe(16)):
            view = self._view(doc, match_id, 1, Caller(None))
            record = scope = None
            if key is not None:
                scope = self.idempotency.create_scope(match_id, key, fp)
                tokens = {"referee": referee_token, "seats": list(seat_tokens), "spectator": spectator_token}
                sealed = self.idempotency.seal(key, scope, tokens)
                public = {"id": match_id, "version": 1, "players": list(players), "x": view["expires_at"]}
                record = (scope, IdempotencyRecord(idem.stored_fingerprint(fp), {"created": public, "sealed": sealed}))
            try:
                with self._guard(match_id):
                    self.store.create(match_id, doc.to_json(commit), events, record)
            except (store_base.MatchExists, store_base.IdempotencyConflict) as taken:
                if key is None or scope is None:
                    continue
                prior = self._prior(None, scope, fp)  # the same create, raced past the first check
                if prior is not None:
                    return self._created_again(key, scope, prior)
                if isinstance(taken, store_base.IdempotencyConflict):
                    raise VersionConflict(Msg("matches.create_in_flight")) from None
                continue
            return Created(match_id, 1, referee_token, _tickets(players, seat_tokens), view, spectator_token)
        raise RuntimeError("three match ids in a row were taken")

    def _read_create(self, body: Any) -> tuple[Ruleset[Any], Mode, tuple[str, ...], Any, int | None]:
        if not isinstance(body, Mapping):
            raise InvalidRequest(Msg("matches.body_not_object"))
        unknown = sorted(set(body) - set(CREATE_FIELDS))
        if unknown:
            raise InvalidRequest(
                Msg("matches.unknown_fields", fields=", ".join(map(repr, unknown)), known=", ".join(CREATE_FIELDS)),
                code="unknown_field",
                legal=list(CREATE_FIELDS),
            )
        ruleset_id = body.get("ruleset")
        if not isinstance(ruleset_id, str):
            raise InvalidRequest(Msg("matches.ruleset_not_string"), legal=sorted(self.rulesets))
        ruleset = self.rulesets.get(ruleset_id)
        if ruleset is None:
            known = ", ".join(sorted(self.rulesets))
            raise UnknownRuleset(Msg("core.unknown_ruleset", ruleset=ruleset_id, known=known),
                                 legal=sorted(self.rulesets))
        mode = body.get("mode")
        if mode not in MODES:
            raise InvalidRequest(Msg("matches.bad_mode"), code="invalid_mode", legal=list(MODES))
        players = read_players(body.get("players"))
        ruleset.check_players(len(players))
        if "options" in body and not isinstance(body["options"], Mapping):
            raise InvalidRequest(Msg("matches.options_not_object"))
        options = ruleset.validate_options(body.get("options"), len(players), body.get("preset"))
        dealer = body.get("dealer")
        if dealer is not None:
            if not is_json_int(dealer):
                raise InvalidRequest(Msg("matches.dealer_not_int"))
            if not 0 <= dealer < len(players):
                raise InvalidDealer(Msg("matches.dealer_out_of_range", last=len(players) - 1),
                                    legal=list(range(len(players))))
        return ruleset, cast(Mode, mode), players, options, dealer

    # --- read -----------------------------------------------------------------------------------

    def view(self, match_id: str, token: str | None, *, known: Expected | None = None) -> Viewed:
        """The caller's view; ``view`` None when ``known`` already allows the current version."""
        doc, version = self._load(match_id)
        caller = _identify(token, doc)
        if known is not None and known.allows(version):
            return Viewed(version, None)
        return Viewed(version, self._view(doc, match_id, version, caller))

    def events(self, match_id: str, token: str | None, *, after: int = 0, limit: int | None = None) -> EventPage:
        if not is_json_int(after) or not 0 <= after <= MAX_SEQ:
            raise InvalidRequest(Msg("matches.bad_after", most=MAX_SEQ))
        if limit is not None and (not is_json_int(limit) or not 1 <= limit <= MAX_EVENTS_PAGE):
            raise InvalidRequest(Msg("matches.bad_limit", most=MAX_EVENTS_PAGE))
        doc, version = self._load(match_id)
        caller = _identify(token, doc)
        with self._guard(match_id):
            stored = self.store.events(match_id, after=after)
        undone = undone_seqs(stored)
        page = stored if limit is None else stored[:limit]
        shown = [public_event(doc.ruleset, e, sight(doc, caller), undone) for e in page]
        return EventPage(version, shown, page[-1].seq if page else after, len(page) < len(stored))

    def rounds(self, match_id: str, token: str | None) -> RoundSheet:
        """Every finished round's record, oldest first, from the event log (a match of format 1 logged
        a round only when it was archived: there, the rounds the state still holds follow)."""
        doc, version = self._load(match_id)
        caller = _identify(token, doc)
        with self._guard(match_id):
            stored = self.store.events(match_id)
        # the events of the version loaded, not of a later one committed in between
        upto = [e for e in stored if e.data.get("version", 0) <= version]
        logged = round_records(effective(upto))
        if doc.format >= 2:
            return RoundSheet(version, logged)
        held = doc.ruleset.view(doc.state, sight(doc, caller)).get("history", [])
        return RoundSheet(version, [*logged, *held])

    def record(self, match_id: str, token: str | None) -> MatchRecord:
        """The match record, as much of it as the caller may see (``service.matches.record``)."""
        doc, version = self._load(match_id)
        caller = _identify(token, doc)
        with self._guard(match_id):
            stored = self.store.events(match_id)
        sees_all = caller.is_referee and doc.referee_sees_hands
        return MatchRecord(version, build_record(doc, stored, version, sees_all=sees_all))

    def follow(
        self, match_id: str, token: str | None, after: int | None, *, heartbeat: float, lifetime: float
    ) -> Following:
        """The caller's live stream of the match (``service.matches.follow``)."""
        return open_follow(self, match_id, token, after, heartbeat=heartbeat, lifetime=lifetime)

    def current(self, match_id: str) -> tuple[MatchDocument, int]:
        """The match's document and version now (MatchNotFound)."""
        return self._load(match_id)

    def cached(self, match_id: str, version: int) -> MatchDocument | None:
        """The match's document at ``version`` if this process holds it (saved or read here); a
        version is committed once, so it is that version's document."""
        with self._recent_lock:
            recent = self._recent.get(match_id)
        return recent[2] if recent is not None and recent[0] == version else None

    def caller(self, token: str | None, doc: MatchDocument) -> Caller:
        """Who this token is in ``doc``'s match (Unauthorized)."""
        return _identify(token, doc)

    def view_of(self, doc: MatchDocument, match_id: str, version: int, caller: Caller) -> dict[str, Any]:
        """``caller``'s view of the match at ``version``."""
        return self._view(doc, match_id, version, caller)

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
        doc, version = self._load(match_id)
        caller = _identify(token, doc)
        _refuse_spectator(caller)
        fp = "" if key is None else idem.fingerprint("act", match_id, caller.identity, body)
        scope = None if key is None else self.idempotency.action_scope(match_id, caller.identity, key)
        if key is not None and scope is not None:
            legacy = self.idempotency.legacy_action_scope(match_id, caller.identity, key)
            prior = self._prior(match_id, scope, fp, legacy)
            if prior is not None:
                return self._viewed_again(match_id, doc, version, caller, prior)
        _check_expected(expected, version)
        try:
            action = self._authorised_action(doc, caller, body)
            state = doc.ruleset.apply(doc.state, action)
        except RuleError as err:
            _keep_to_caller(err, caller)
            self._remember_refusal(match_id, scope, fp, err)
            raise
        decks = self._decks(doc.ruleset, doc.mode, doc.seed)
        logged = 0 if doc.format < 2 else None  # a format-1 match logs the rounds archive takes
        state, after, dealt = advance(
            doc.ruleset, state, decks, doc.deals, finished_now=doc.format >= 2, logged=logged
        )
        events = stamp([action_event(action, caller.is_referee), *after], version + 1)
        new_doc = doc.committed(state, dealt, self.clock(), events)
        view = self._view(new_doc, match_id, version + 1, caller)
        return self._commit(
            match_id, version, new_doc, events, view, scope, fp, caller, conditional=expected is not None
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
        doc, version = self._load(match_id)
        caller = _identify(token, doc)
        _require_referee(caller, Msg("matches.referee_only_undo"))
        fp = idem.fingerprint("undo", match_id, caller.identity, None)
        scope = None if key is None else self.idempotency.action_scope(match_id, caller.identity, key)
        if key is not None and scope is not None:
            legacy = self.idempotency.legacy_action_scope(match_id, caller.identity, key)
            prior = self._prior(match_id, scope, fp, legacy)
            if prior is not None:
                return self._viewed_again(match_id, doc, version, caller, prior)
        _check_expected(expected, version)
        if doc.seed is not None and doc.ruleset.status(doc.state) == FINISHED:
            # the record of a finished match reveals the match seed: an undo would play on with every
            # later deal known (issue 16: the match seed never leaves the server before the end)
            refused = DealsRevealed(Msg("matches.deals_revealed"))
            self._remember_refusal(match_id, scope, fp, refused)
            raise refused
        undone, doc = self._undone(match_id, doc)
        if undone is None:
            err = NothingToUndo(Msg("matches.nothing_to_undo"))
            self._remember_refusal(match_id, scope, fp, err)
            raise err
        events = stamp([undo_event(undone.taken_back), *undone.after], version + 1)
        new_doc = doc.committed(undone.state, undone.deals, self.clock(), events, (undone.round_start, undone.recent))
        view = self._view(new_doc, match_id, version + 1, caller)
        return self._commit(
            match_id, version, new_doc, events, view, scope, fp, caller, conditional=expected is not None
        )

    def _undone(self, match_id: str, doc: MatchDocument) -> tuple[Undone | None, MatchDocument]:
        """What an undo leaves (None: nothing to undo): from the round start when it can (the events
        of the round so far), else from the whole log (``service.matches.undo``); and the document,
        with its events counted if it was saved before they were."""
        decks = self._decks(doc.ruleset, doc.mode, doc.seed)
        if can_start_from_round(doc):
            assert doc.round_start is not None
            with self._guard(match_id):
                since = self.store.events(match_id, after=doc.round_start.seq)
            undone = from_checkpoints(doc, since, decks)
            if undone is not None:
                return undone, doc
        with self._guard(match_id):
            history = self.store.events(match_id)
        if doc.logged is None and history:  # a document saved before the events were counted
            doc = dataclasses.replace(doc, logged=history[-1].seq)
        return from_whole_log(doc, history, decks), doc

    def delete(self, match_id: str, token: str | None, *, expected: Expected | None = None) -> None:
        doc, version = self._load(match_id)
        caller = _identify(token, doc)
        _require_referee(caller, Msg("matches.referee_only_delete"))
        _check_expected(expected, version)
        with self._guard(match_id):
            if not self.store.delete(match_id):
                raise MatchNotFound(Msg("matches.not_found", match=match_id))

    def _create_replayed(self, key: str, fp: str, derived: str) -> Created | None:
        """The first answer to this create, filed in the slot of the match it made (or, by an
        earlier version, globally), if any."""
        idempotency = self.idempotency
        for filed in (idempotency.create_scope(derived, key, fp), idempotency.legacy_create_scope(key, fp)):
            prior = self._prior(None, filed, fp)
            if prior is not None:
                return self._created_again(key, filed, prior)
        return None

    def _created_again(self, key: str, scope: str, answer: Mapping[str, Any]) -> Created:
        """The first answer to a create, with its tokens unsealed by the key that sealed them; the
        match must still be there (a deleted or expired match is not found, whoever asks)."""
        public = answer["created"]
        if "view" in public:  # a record written with a copy of the view
            with self._guard(public["id"]):
                self.store.load(public["id"])
            view = revive(public["view"])
        else:  # the referee's view at version 1, rebuilt (``replays``)
            slim = {"viewed": {"v": public["version"], "x": public["x"]}}
            view = self._viewed_again(public["id"], None, 0, Caller(None), slim).view
        tokens = self.idempotency.unseal(key, scope, answer["sealed"])
        return Created(
            public["id"], public["version"], tokens["referee"], _tickets(public["players"], tokens["seats"]),
            view, tokens.get("spectator"), replayed=True,
        )


def _referee_sees_hands(body: Mapping[str, Any], mode: str) -> bool:
    """``referee_sees_hands`` of a create (default false: the referee of a dealt match sees what a
    spectator sees); at a real table the referee reports every card and sees them all."""
    value = body.get("referee_sees_hands", False)
    if not isinstance(value, bool):
        raise InvalidRequest(Msg("matches.sees_hands_not_bool"))
    return value or mode == "table"


def _check_expected(expected: Expected | None, version: int) -> None:
    """Refuse a request decided on another version than the match's."""
    if expected is not None and not expected.allows(version):
        raise PreconditionFailed(Msg("matches.stale_version", version=version), extra={"version": version})


def _tickets(players: Any, tokens: Any) -> tuple[SeatTicket, ...]:
    return tuple(SeatTicket(i, name, token) for i, (name, token) in enumerate(zip(players, tokens, strict=True)))


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

