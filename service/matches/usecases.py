"""The match use cases: create, view, act, undo, events, delete.

Each one loads the match, asks the rules, and saves; nothing else:

    load (document + version) -> who is calling (token) -> earlier answer under the same
    Idempotency-Key? -> If-Match -> ruleset.apply -> deal while the rules ask for a deal ->
    compare-and-set save (document, events, idempotency record in one atomic step) -> the
    caller's view.

Every ruleset goes through the ``Ruleset`` interface alone; nothing here knows a game.

Decisions (the API documents them too):

* **Versions**: the store's version is the match's version, in every view and in the ``ETag``
  (``"<version>"``). ``If-Match`` naming another version: 412. A request *without* ``If-Match``
  that loses the compare-and-set race to another writer: 409 ``version_conflict``; one *with*
  ``If-Match`` that loses it: 412 (its precondition no longer holds). Either way nothing changed.
* **Who acts**: a seat token acts for its own seat only (403 ``not_your_seat``; an action with no
  ``seat`` gets the token's). In a table match the referee token acts for any seat. In a dealt
  match it does not (403 ``seat_token_required``): each action is posted with the acting seat's
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
import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from service.matches import idempotency as idem
from service.matches.documents import (
    MatchDocument,
    action_event,
    advance,
    create_event,
    effective,
    last_undoable,
    public_event,
    replay,
    round_records,
    stamp,
    undo_event,
    undone_seqs,
)
from service.matches.errors import (
    Forbidden,
    IdempotencyKeyReused,
    InvalidDealer,
    InvalidRequest,
    MatchError,
    MatchNotFound,
    NothingToUndo,
    PreconditionFailed,
    Replayed,
    StoreUnavailable,
    VersionConflict,
)
from service.matches.tokens import Caller, identify, new_token, token_hash
from service.rules.base import MODES, Action, Ruleset, is_json_int
from service.rules.errors import InvalidAction, RuleError, UnknownRuleset
from service.rules.registry import RULESETS
from service.store import base as store_base
from service.store.base import IdempotencyRecord, Store

CREATE_FIELDS = ("ruleset", "mode", "players", "options", "dealer")
MAX_NAME_LENGTH = 100
MAX_EVENTS_PAGE = 1000
#: decoded states kept per process (see ``Matches._load``)
RECENT_MATCHES = 1024


@dataclass(frozen=True)
class Reply:
    """An answer: HTTP status, JSON body and headers (``ETag`` ...)."""

    status: int
    body: dict[str, Any]
    headers: dict[str, str] = field(default_factory=dict)


def etag(version: int) -> str:
    return f'"{version}"'


def _tag_matches(header: str, version: int) -> bool:
    for raw in header.split(","):
        tag = raw.strip()
        if tag == "*":
            return True
        if tag.startswith("W/"):
            tag = tag[2:]
        if tag in (etag(version), str(version)):
            return True
    return False


def check_if_match(header: str | None, version: int) -> None:
    """Raise PreconditionFailed (412) unless ``If-Match`` is absent or names ``version``."""
    if header is not None and not _tag_matches(header, version):
        raise PreconditionFailed(
            f"If-Match does not name the match's current version ({version}); read the match again",
            extra={"version": version},
            headers={"ETag": etag(version)},
        )


class Matches:
    """The use cases over one store. ``rng`` shuffles decks and picks first dealers (a
    ``secrets.SystemRandom`` unless a test passes a seeded generator)."""

    def __init__(
        self,
        store: Store,
        rulesets: Mapping[str, Ruleset] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.rulesets = RULESETS if rulesets is None else rulesets
        self.rng = rng if rng is not None else secrets.SystemRandom()
        # match id -> (version, commit id, document) of the last state this process saved or read:
        # a request that finds the same version and commit id in the store skips decoding it.
        self._recent: OrderedDict[str, tuple[int, str, MatchDocument]] = OrderedDict()
        self._recent_lock = threading.Lock()

    # --- create ---------------------------------------------------------------------------------

    def create(self, body: Any, *, idempotency_key: str | None = None) -> Reply:
        key = idem.check_key(idempotency_key)
        fp = idem.fingerprint("create", None, None, body)
        if key is not None:
            prior = self._prior(None, key, fp)
            if prior is not None:
                return prior
        ruleset, mode, players, options, dealer = self._read_create(body)
        first_dealer: dict[str, Any] = {"method": "given", "dealer": dealer}
        if dealer is None:
            dealer, first_dealer = ruleset.first_dealer(options, len(players), self.rng)
        state = ruleset.new_match(options, len(players), dealer, mode)  # type: ignore[arg-type]
        state, deals = advance(ruleset, state, lambda: self._deck(ruleset, mode))
        referee_token = new_token()
        seat_tokens = [new_token() for _ in players]
        doc = MatchDocument(
            ruleset=ruleset,
            mode=mode,
            players=players,
            referee_hash=token_hash(referee_token),
            seat_hashes=tuple(token_hash(t) for t in seat_tokens),
            state=state,
        )
        events = stamp([create_event(ruleset, mode, players, options, dealer, first_dealer), *deals], 1)
        commit = secrets.token_hex(8)
        for _attempt in range(3):
            match_id = secrets.token_urlsafe(16)
            public = {
                "id": match_id,
                "version": 1,
                "referee_token": "",
                "seats": [{"seat": i, "name": name, "token": ""} for i, name in enumerate(players)],
                "view": self._view(doc, match_id, 1, Caller(None)),
            }
            headers = {"ETag": etag(1)}
            record = None
            if key is not None:
                sealed = idem.seal(key, {"referee": referee_token, "seats": seat_tokens})
                answer = {"answer": public, "sealed": sealed}
                record = (idem.scope(None, key), IdempotencyRecord(fp, 201, answer, headers))
            try:
                with self._guard(match_id):
                    self.store.create(match_id, doc.to_json(commit), events, record)
            except store_base.MatchExists:
                continue
            except store_base.IdempotencyConflict:  # the same create raced past the first check
                prior = self._prior(None, key or "", fp)
                if prior is None:
                    raise VersionConflict("a request with the same Idempotency-Key is being answered; retry") from None
                return prior
            return Reply(201, _with_tokens(public, referee_token, seat_tokens), dict(headers))
        raise RuntimeError("three random match ids in a row were taken")

    def _read_create(self, body: Any) -> tuple[Ruleset, str, tuple[str, ...], dict[str, Any], int | None]:
        if not isinstance(body, Mapping):
            raise InvalidRequest("the body must be a JSON object: {\"ruleset\", \"mode\", \"players\", ...}")
        unknown = sorted(set(body) - set(CREATE_FIELDS))
        if unknown:
            raise InvalidRequest(
                f"unknown field(s) {', '.join(map(repr, unknown))}; a match takes {', '.join(CREATE_FIELDS)}",
                code="unknown_field",
                legal=list(CREATE_FIELDS),
            )
        ruleset_id = body.get("ruleset")
        if not isinstance(ruleset_id, str):
            raise InvalidRequest("'ruleset' must be a ruleset id string", legal=sorted(self.rulesets))
        ruleset = self.rulesets.get(ruleset_id)
        if ruleset is None:
            known = ", ".join(sorted(self.rulesets))
            raise UnknownRuleset(
                f"there is no ruleset {ruleset_id!r}; the rulesets are {known}", legal=sorted(self.rulesets)
            )
        mode = body.get("mode")
        if mode not in MODES:
            raise InvalidRequest("'mode' must be \"dealt\" or \"table\"", code="invalid_mode", legal=list(MODES))
        players = body.get("players")
        if not isinstance(players, list) or not all(
            isinstance(p, str) and p.strip() and len(p) <= MAX_NAME_LENGTH for p in players
        ):
            raise InvalidRequest(
                f"'players' must be a list of names (non-empty strings of at most {MAX_NAME_LENGTH} characters)"
            )
        ruleset.check_players(len(players))
        if "options" in body and not isinstance(body["options"], Mapping):
            raise InvalidRequest("'options' must be an object of option names to values (or absent)")
        options = ruleset.validate_options(body.get("options"), len(players))
        dealer = body.get("dealer")
        if dealer is not None:
            if not is_json_int(dealer):
                raise InvalidRequest("'dealer' must be a seat number (an integer), null or absent")
            if not 0 <= dealer < len(players):
                raise InvalidDealer(
                    f"'dealer' must be a seat from 0 to {len(players) - 1}", legal=list(range(len(players)))
                )
        return ruleset, str(mode), tuple(players), options, dealer

    # --- read -----------------------------------------------------------------------------------

    def view(self, match_id: str, token: str | None, *, if_none_match: str | None = None) -> Reply:
        doc, version = self._load(match_id)
        caller = identify(token, doc.referee_hash, doc.seat_hashes)
        headers = {"ETag": etag(version)}
        if if_none_match is not None and _tag_matches(if_none_match, version):
            return Reply(304, {}, headers)
        return Reply(200, self._view(doc, match_id, version, caller), headers)

    def events(self, match_id: str, token: str | None, *, after: int = 0, limit: int | None = None) -> Reply:
        if not is_json_int(after) or after < 0:
            raise InvalidRequest("'after' must be a non-negative integer (an event sequence number)")
        if limit is not None and (not is_json_int(limit) or not 1 <= limit <= MAX_EVENTS_PAGE):
            raise InvalidRequest(f"'limit' must be an integer from 1 to {MAX_EVENTS_PAGE}")
        doc, version = self._load(match_id)
        caller = identify(token, doc.referee_hash, doc.seat_hashes)
        with self._guard(match_id):
            stored = self.store.events(match_id, after=after)
        undone = undone_seqs(stored)
        page = stored if limit is None else stored[:limit]
        shown = [public_event(doc.ruleset, e, caller.seat, undone) for e in page]
        return Reply(
            200,
            {"version": version, "events": shown, "last_seq": page[-1].seq if page else after,
             "more": len(page) < len(stored)},
            {"ETag": etag(version)},
        )

    def rounds(self, match_id: str, token: str | None) -> Reply:
        """Every finished round's record, oldest first: those archived in the event log, then
        those the state still holds (the view's ``history``)."""
        doc, version = self._load(match_id)
        caller = identify(token, doc.referee_hash, doc.seat_hashes)
        with self._guard(match_id):
            stored = self.store.events(match_id)
        # the events of the version loaded, not of a later one committed in between
        upto = [e for e in stored if e.data.get("version", 0) <= version]
        archived = round_records(effective(upto))
        held = doc.ruleset.view(doc.state, caller.seat).get("history", [])
        return Reply(200, {"version": version, "rounds": [*archived, *held]}, {"ETag": etag(version)})

    # --- act ------------------------------------------------------------------------------------

    def act(
        self,
        match_id: str,
        token: str | None,
        body: Any,
        *,
        if_match: str | None = None,
        idempotency_key: str | None = None,
    ) -> Reply:
        key = idem.check_key(idempotency_key)
        doc, version = self._load(match_id)
        caller = identify(token, doc.referee_hash, doc.seat_hashes)
        fp = "" if key is None else idem.fingerprint("act", match_id, caller.identity, body)
        if key is not None:
            prior = self._prior(match_id, key, fp)
            if prior is not None:
                return prior
        check_if_match(if_match, version)
        try:
            action = self._authorised_action(doc, caller, body)
            state = doc.ruleset.apply(doc.state, action)
        except RuleError as err:
            _keep_to_caller(err, caller)
            self._remember_refusal(match_id, key, fp, err)
            raise
        state, after = advance(doc.ruleset, state, lambda: self._deck(doc.ruleset, doc.mode))
        new_doc = doc.with_state(state)
        events = stamp([action_event(action, caller.is_referee), *after], version + 1)
        reply = Reply(200, self._view(new_doc, match_id, version + 1, caller), {"ETag": etag(version + 1)})
        return self._commit(match_id, version, new_doc, events, reply, key, fp, conditional=if_match is not None)

    def _authorised_action(self, doc: MatchDocument, caller: Caller, body: Any) -> Action:
        action = Action.from_json(body)
        if action.type == "deal":
            raise InvalidAction("the service deals; a 'deal' action cannot be posted", code="deal_not_allowed")
        if caller.seat is None:
            if doc.mode == "dealt":
                raise Forbidden(
                    "in a dealt match each action is posted with the acting seat's token; "
                    "the referee token reads, undoes and deletes",
                    code="seat_token_required",
                )
            return action
        if action.seat is None:
            return dataclasses.replace(action, seat=caller.seat)
        if action.seat != caller.seat:
            raise Forbidden(
                f"this token is seat {caller.seat}'s; it cannot act for seat {action.seat}", code="not_your_seat"
            )
        return action

    # --- undo / delete --------------------------------------------------------------------------

    def undo(
        self, match_id: str, token: str | None, *, if_match: str | None = None, idempotency_key: str | None = None
    ) -> Reply:
        key = idem.check_key(idempotency_key)
        doc, version = self._load(match_id)
        caller = identify(token, doc.referee_hash, doc.seat_hashes)
        _require_referee(caller, "undo")
        fp = idem.fingerprint("undo", match_id, caller.identity, None)
        if key is not None:
            prior = self._prior(match_id, key, fp)
            if prior is not None:
                return prior
        check_if_match(if_match, version)
        with self._guard(match_id):
            history = self.store.events(match_id)
        taken_back = last_undoable(history)
        if not taken_back:
            err = NothingToUndo("no action has been taken in this match yet, or every one was undone")
            self._remember_refusal(match_id, key, fp, err)
            raise err
        gone = set(taken_back)
        keep = [e for e in effective(history) if e.seq not in gone]
        state, after = advance(
            doc.ruleset, replay(doc.ruleset, keep), lambda: self._deck(doc.ruleset, doc.mode),
            logged=len(round_records(keep)),
        )
        new_doc = doc.with_state(state)
        events = stamp([undo_event(taken_back), *after], version + 1)
        reply = Reply(200, self._view(new_doc, match_id, version + 1, caller), {"ETag": etag(version + 1)})
        return self._commit(match_id, version, new_doc, events, reply, key, fp, conditional=if_match is not None)

    def delete(self, match_id: str, token: str | None, *, if_match: str | None = None) -> Reply:
        doc, version = self._load(match_id)
        caller = identify(token, doc.referee_hash, doc.seat_hashes)
        _require_referee(caller, "delete the match")
        check_if_match(if_match, version)
        with self._guard(match_id):
            if not self.store.delete(match_id):
                raise MatchNotFound(f"there is no match {match_id!r}")
        return Reply(204, {}, {})

    # --- helpers --------------------------------------------------------------------------------

    def _load(self, match_id: str) -> tuple[MatchDocument, int]:
        with self._guard(match_id):
            loaded = self.store.load(match_id)
        commit = loaded.document.get("commit", "")
        with self._recent_lock:
            recent = self._recent.get(match_id)
        if recent is not None and commit and recent[:2] == (loaded.version, commit):
            return recent[2], loaded.version
        doc = MatchDocument.from_json(loaded.document, self.rulesets)
        self._remember(match_id, loaded.version, commit, doc)
        return doc, loaded.version

    def _remember(self, match_id: str, version: int, commit: str, doc: MatchDocument) -> None:
        if not commit:
            return
        with self._recent_lock:
            self._recent[match_id] = (version, commit, doc)
            self._recent.move_to_end(match_id)
            while len(self._recent) > RECENT_MATCHES:
                self._recent.popitem(last=False)

    def _view(self, doc: MatchDocument, match_id: str, version: int, caller: Caller) -> dict[str, Any]:
        view = dict(doc.ruleset.view(doc.state, caller.seat))
        if caller.seat is None and doc.mode == "dealt":
            view["legal_actions"] = []
        view.update(
            {
                "id": match_id,
                "version": version,
                "ruleset": doc.ruleset.id,
                "mode": doc.mode,
                "viewer": {"role": "referee" if caller.seat is None else "seat", "seat": caller.seat},
                "names": list(doc.players),
            }
        )
        return view

    def _deck(self, ruleset: Ruleset, mode: str) -> list[Any] | None:
        if mode == "table":
            return None
        deck = list(ruleset.deck())
        self.rng.shuffle(deck)
        return deck

    def _commit(
        self,
        match_id: str,
        version: int,
        doc: MatchDocument,
        events: list[dict[str, Any]],
        reply: Reply,
        key: str | None,
        fp: str,
        *,
        conditional: bool,
    ) -> Reply:
        record = None
        if key is not None:
            record = (idem.scope(match_id, key), IdempotencyRecord(fp, reply.status, reply.body, dict(reply.headers)))
        commit = secrets.token_hex(8)
        data = doc.to_json(commit)
        try:
            with self._guard(match_id):
                self.store.save(match_id, version, data, events, record)
        except (store_base.VersionConflict, store_base.IdempotencyConflict):
            if key is not None:
                prior = self._prior(match_id, key, fp)
                if prior is not None:
                    return prior
            detail = "another request changed the match first; nothing was applied: read the match and retry"
            if conditional:
                raise PreconditionFailed(detail) from None
            raise VersionConflict(detail) from None
        self._remember(match_id, version + 1, commit, doc.with_encoded(data["state"]))
        return reply

    def _prior(self, match_id: str | None, key: str, fp: str) -> Reply | None:
        """The first answer given under ``key``, if any (raises it again when it was a refusal)."""
        with self._guard(match_id):
            record = self.store.get_idempotency(idem.scope(match_id, key))
        if record is None:
            return None
        if record.fingerprint != fp:
            raise IdempotencyKeyReused(
                "this Idempotency-Key was already used for a different request; use a new key for a new request"
            )
        if record.status >= 400:
            raise Replayed(record.status, record.body, record.headers)
        headers = {**record.headers, "Idempotent-Replayed": "true"}
        body = record.body
        if match_id is None:  # a create: the tokens were sealed under the key
            secret = idem.unseal(key, body["sealed"])
            body = _with_tokens(body["answer"], secret["referee"], secret["seats"])
        return Reply(record.status, body, headers)

    def _remember_refusal(self, match_id: str, key: str | None, fp: str, err: RuleError) -> None:
        """File a refusal by the rules under the key, so a retry gets the same answer."""
        if key is None or isinstance(err, (PreconditionFailed, VersionConflict, StoreUnavailable)):
            return
        headers = dict(err.headers) if isinstance(err, MatchError) else {}
        record = IdempotencyRecord(fp, err.status, err.to_problem(), headers)
        # the refusal stands either way; without a record a retry is simply judged again
        with suppress(store_base.StoreError):
            self.store.put_idempotency(idem.scope(match_id, key), record)

    @contextmanager
    def _guard(self, match_id: str | None) -> Iterator[None]:
        """Store failures as the matches layer's errors (404, 503)."""
        from service.matches.errors import StoreOutcomeUnknown

        try:
            yield
        except store_base.StoreOutcomeUnknown as err:
            raise StoreOutcomeUnknown(
                "the change was sent to the match store but its outcome is unknown (no answer came, or no "
                "replica confirmed it in time): it may have been applied. Read the match to see, or retry "
                "with the same Idempotency-Key: a request that was applied is answered as it was, never "
                "applied twice"
            ) from err
        except store_base.StoreUnavailable as err:
            raise StoreUnavailable("the match store cannot be reached; nothing was changed, try again") from err
        except store_base.MatchNotFound as err:
            raise MatchNotFound(f"there is no match {match_id!r}") from err


def _keep_to_caller(err: RuleError, caller: Caller) -> None:
    """Drop from a refusal's ``legal`` the actions of other seats: a seat is told its own options
    only (another seat's legal plays would name cards of its hidden hand)."""
    if caller.seat is not None and isinstance(err.legal, list):
        mine = (None, caller.seat)
        err.legal = [item for item in err.legal if not (isinstance(item, Mapping) and item.get("seat") not in mine)]


def _require_referee(caller: Caller, what: str) -> None:
    if caller.seat is not None:
        raise Forbidden(f"only the referee token may {what}", code="referee_only")


def _with_tokens(public: Mapping[str, Any], referee_token: str, seat_tokens: list[str]) -> dict[str, Any]:
    out = dict(public)
    out["referee_token"] = referee_token
    out["seats"] = [{**s, "token": t} for s, t in zip(public["seats"], seat_tokens, strict=True)]
    return out
