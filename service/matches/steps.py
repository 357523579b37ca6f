"""The steps every match use case is made of (``usecases``): load a match (with the per-process
cache of decoded states), make a caller's view, commit a change with its idempotency record, find
and replay a first answer, and turn store failures into the matches layer's errors.

``MatchSteps`` holds them; ``usecases.Matches`` holds one, shared with its other parts (creation,
seating). Nothing here knows a game or HTTP (see ``usecases`` for the decisions both follow)."""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, TypeVar

from service.matches import idempotency as idem
from service.matches import refusals, replays, upgrade
from service.matches.deals import commitment, deal_seed, shuffled
from service.matches.documents import MatchDocument
from service.matches.errors import (
    IdempotencyKeyReused,
    MatchNotFound,
    PreconditionFailed,
    RulesetUnavailable,
    StoreOutcomeUnknown,
    StoreUnavailable,
    VersionConflict,
)
from service.matches.events import Decks
from service.matches.instants import utc_text
from service.matches.results import Viewed
from service.matches.spectators import sight, spectator_view
from service.matches.tokens import Caller
from service.rules.bounded import Bounded
from service.rules.errors import RuleError, error_from_json
from service.rules.messages import Msg, revive
from service.rules.registry import RULESETS
from service.rules.ruleset import SPECTATOR, Ruleset
from service.store import base as store_base
from service.store import encoding
from service.store.base import IdempotencyRecord, Store

log = logging.getLogger("service.matches")

#: decoded states kept per process (see ``MatchSteps._load``)
RECENT_MATCHES = 1024
#: the name of the idempotency secret in the store, when no ``IDEMPOTENCY_SECRET`` is configured
IDEMPOTENCY_SECRET_NAME = "idempotency"

T = TypeVar("T")




class MatchSteps:
    """The steps of the use cases over one store. ``rng`` shuffles decks and picks first dealers (a
    ``secrets.SystemRandom`` unless a test passes a seeded generator)."""

    def __init__(
        self,
        store: Store,
        rulesets: Mapping[str, Ruleset[Any]] | None = None,
        rng: random.Random | None = None,
        idempotency_secret: bytes | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.clock = clock
        self.idempotency = idem.Idempotency(idempotency_secret, shared=self._shared_secret)
        self.rulesets = RULESETS if rulesets is None else rulesets
        self.rng = rng if rng is not None else secrets.SystemRandom()
        # match id -> (version, commit id, document) of the last state this process saved or read:
        # a request that finds the store still holds that commit neither inflates, parses nor decodes it
        # (``Store.load``'s ``known_commit``).
        self._recent: Bounded[str, tuple[int, str, MatchDocument]] = Bounded(RECENT_MATCHES)

    def _shared_secret(self, candidate: bytes) -> bytes:
        """The idempotency secret every process on this store shares (``Store.shared_secret``)."""
        with self._guard(None):
            return self.store.shared_secret(IDEMPOTENCY_SECRET_NAME, candidate)

    def _load(self, match_id: str) -> tuple[MatchDocument, int]:
        recent = self._recent.get(match_id)
        with self._guard(match_id):
            loaded = self.store.load(match_id, known_commit="" if recent is None else recent[1])
        if loaded.document is None:
            if recent is not None and loaded.version == recent[0]:
                return recent[2], loaded.version  # the state this process saved or read last: not read again
            with self._guard(match_id):  # (a commit id is random per save: its version cannot differ)
                loaded = self.store.load(match_id)
        assert loaded.document is not None  # a load that names no commit the caller holds reads it
        stored = loaded.document
        if not upgrade.is_current(stored):
            stored = upgrade.document(stored, self._last_seq(match_id) if upgrade.uncounted(stored) else None)
        try:
            doc = MatchDocument.from_json(stored, self.rulesets)
        except RulesetUnavailable as err:  # the operator is told which game (the answer does not say)
            log.warning("match %s is of the ruleset %r, which this release does not offer", match_id, err.ruleset)
            raise
        self._remember(match_id, loaded.version, loaded.commit, doc)
        return doc, loaded.version

    def held_first(self, match_id: str, attempt: Callable[[MatchDocument, int, str], T], *, hold: bool = True) -> T:
        """``attempt(doc, version, held)`` on the state this worker holds of the match (``held``: the
        commit id that wrote it), without loading it, when the store is remote and ``hold`` allows;
        then, unless that attempt committed, on a fresh load (``held`` ""), from the start.

        The attempt on the held state refuses nothing and changes nothing until its commit, which
        expects that very commit in the store (``Store.save``'s ``expected_commit``): a commit that
        succeeds proves the store held that state, so the answer is the one a load would have given.
        Anything else it meets (another commit there, no match, a refusal of the rules or of the
        caller, a precondition) is decided again on a fresh load, as if the attempt never ran; a
        store that cannot answer, or whose answer to the commit is unknown, is not (a retry could
        apply the action twice)."""
        recent = self._recent.get(match_id) if hold and getattr(self.store, "remote", False) else None
        if recent is not None:
            version, commit, doc = recent
            try:
                return attempt(doc, version, commit)
            except StoreUnavailable:
                raise
            except RuleError:
                pass  # decided again on a fresh load
        doc, version = self._load(match_id)
        return attempt(doc, version, "")

    def _last_seq(self, match_id: str) -> int:
        """The sequence number of the match's last event (0: none)."""
        with self._guard(match_id):
            stored = self.store.events(match_id)
        return stored[-1].seq if stored else 0

    def ruleset_seen(self, match_id: str) -> str | None:
        """The ruleset of a match this process read or saved lately (no store call), else None."""
        recent = self._recent.get(match_id)
        return recent[2].ruleset.id if recent is not None else None

    def _remember(self, match_id: str, version: int, commit: str, doc: MatchDocument) -> None:
        if not commit:
            return
        self._recent.put(match_id, (version, commit, doc))

    def _view(self, doc: MatchDocument, match_id: str, version: int, caller: Caller) -> dict[str, Any]:
        eyes = sight(doc, caller)
        view = spectator_view(doc) if eyes == SPECTATOR else dict(doc.ruleset.view(doc.state, eyes))
        if caller.seat is None and doc.mode == "dealt":
            view["legal_actions"] = []
        view.update(
            {
                "id": match_id,
                "version": version,
                "ruleset": doc.ruleset.id,
                "mode": doc.mode,
                "viewer": _viewer(caller),
                "names": list(doc.players),
                "preset": doc.preset,
                "computers": list(doc.computers) if doc.computers is not None else [None] * len(doc.players),
                "expires_at": utc_text(doc.saved_at + self.store.ttl_seconds) if doc.saved_at else None,
            }
        )
        key = doc.deal_key
        if key is not None and doc.deals:
            view["deal_commitment"] = commitment(deal_seed(key, doc.deals - 1))
        view.update(seating(doc))
        if doc.waiting:  # nothing dealt, nothing playable; the first dealer is known at the start
            view.update({"legal_actions": [], "to_act": [], "dealer": None})
        return view

    def _stored_after(self, match_id: str) -> Callable[[int], list[store_base.Event]]:
        """The match's stored events after a sequence number, read when asked."""

        def after(seq: int) -> list[store_base.Event]:
            with self._guard(match_id):
                return self.store.events(match_id, after=seq)

        return after

    def _decks(self, ruleset: Ruleset[Any], mode: str, seed: bytes | None) -> Decks:
        """The deck of each deal: none in table mode; from the match seed and the deal's index in a
        dealt match (``deals.py``); shuffled by ``rng`` and logged for a match made before seeds."""

        def deck(index: int) -> tuple[list[Any] | None, bool]:
            if mode == "table":
                return None, False
            if seed is not None:
                return shuffled(ruleset.deck(), deal_seed(seed, index)), False
            cards = list(ruleset.deck())
            self.rng.shuffle(cards)
            return cards, True

        return deck

    def _commit(
        self,
        match_id: str,
        version: int,
        doc: MatchDocument,
        events: list[dict[str, Any]],
        view: dict[str, Any],
        keyed: idem.Keyed | None,
        caller: Caller,
        *,
        conditional: bool,
        held: str = "",
    ) -> Viewed:
        """Save ``doc`` over ``version`` (and, where ``held`` names the commit that wrote the state it
        was worked out on, over that commit: ``held_first``)."""
        record = None
        if keyed is not None:
            answer = replays.answer_to_keep(doc, version + 1, view)
            record = (keyed.scope, IdempotencyRecord(idem.stored_fingerprint(keyed.fp), answer))
        commit = secrets.token_hex(8)
        data = doc.to_json()
        state_json = data["state"]
        data["state"] = encoding.written(state_json)  # the codec's JSON: the store need not walk it
        try:
            with self._guard(match_id):
                if held:
                    self.store.save(match_id, version, data, events, record, commit=commit, expected_commit=held)
                else:
                    self.store.save(match_id, version, data, events, record, commit=commit)
        except (store_base.VersionConflict, store_base.IdempotencyConflict):
            if keyed is not None:
                prior = self._prior(match_id, keyed.scope, keyed.fp)
                if prior is not None:
                    return self._viewed_again(match_id, None, 0, caller, prior)
            message = Msg("matches.lost_race")
            if conditional:
                raise PreconditionFailed(message) from None
            raise VersionConflict(message) from None
        self._remember(match_id, version + 1, commit, doc.with_encoded(state_json))
        return Viewed(version + 1, view)

    def first_answer(self, match_id: str | None, keyed: idem.Keyed) -> tuple[str, Mapping[str, Any]] | None:
        """The first answer to a request under an Idempotency-Key, with the key it was found under
        (the first of its lookup group), if any: the one idempotency path of create, act and undo
        (raises the answer again when it was a refusal)."""
        for scope, *older in keyed.lookups:
            prior = self._prior(match_id, scope, keyed.fp, *older)
            if prior is not None:
                return scope, prior
        return None

    def answered_again(
        self, match_id: str, doc: MatchDocument, version: int, caller: Caller, keyed: idem.Keyed | None
    ) -> Viewed | None:
        """The first answer to an action or an undo under an Idempotency-Key, if it has one."""
        found = None if keyed is None else self.first_answer(match_id, keyed)
        return None if found is None else self._viewed_again(match_id, doc, version, caller, found[1])

    def _viewed_again(
        self, match_id: str, doc: MatchDocument | None, version: int, caller: Caller, answer: Mapping[str, Any]
    ) -> Viewed:
        """The first answer to a request under an Idempotency-Key, from its record (``replays``);
        ``doc`` and ``version``: the match as loaded (None: load it now, if the view is rebuilt)."""
        viewed = answer["viewed"]
        if "view" in viewed:
            return Viewed(viewed["version"], revive(viewed["view"]), replayed=True)
        if doc is None:
            doc, version = self._load(match_id)

        def history() -> list[store_base.Event]:
            with self._guard(match_id):
                return self.store.events(match_id)

        def view_of(at: MatchDocument, at_version: int) -> dict[str, Any]:
            return self._view(at, match_id, at_version, caller)

        decks = self._decks(doc.ruleset, doc.mode, doc.deal_key)
        return replays.rebuilt(viewed, doc, version, view_of, history, decks)

    def _prior(self, match_id: str | None, scope: str, fp: str, *older: str) -> Mapping[str, Any] | None:
        """The first answer filed under ``scope`` (or, before, ``older``), if any (raises it again
        when it was a refusal)."""
        with self._guard(match_id):
            record = self.store.get_idempotency(scope, *older)
        if record is None:
            return None
        record = upgrade.record(record)
        if not idem.same_request(record.fingerprint, fp):
            raise IdempotencyKeyReused(Msg("matches.idempotency_key_reused"))
        refused = record.answer.get("refused")
        if refused is not None:
            error = error_from_json(refused)
            error.replayed = True
            raise error
        return record.answer

    def _log_refusal(self, match_id: str, doc: MatchDocument, caller: Caller, body: Any, err: RuleError) -> None:
        """Append an action the rules refused to the match's refusal log (``refusals``). The refusal
        stands whatever happens here: a failure is logged as a warning, never raised."""
        try:
            entry = refusals.entry(doc.logged, caller.seat, body, err.code, self.clock())
            self.store.append_refusal(match_id, entry)
        except Exception as error:  # any failure: the refusal is the answer, its log best effort
            refusals.warn_unlogged(match_id, err.code, error)

    @contextmanager
    def _guard(self, match_id: str | None) -> Iterator[None]:
        """Store failures as the matches layer's errors."""
        try:
            yield
        except store_base.StoreOutcomeUnknown as err:
            raise StoreOutcomeUnknown(Msg("matches.store_outcome_unknown")) from err
        except store_base.StoreUnavailable as err:
            raise StoreUnavailable(Msg("matches.store_unavailable")) from err
        except store_base.MatchNotFound as err:
            raise MatchNotFound(Msg("matches.not_found", match=match_id)) from err



def seating(doc: MatchDocument) -> dict[str, Any]:
    """What every view of a match says of how fair its deals are and who has joined it: whether the
    referee sees the hands, the seed commitment (dealt matches made since commitments), which seats
    are claimed (null: seats were not given by invitation) and whether the match waits for them."""
    return {
        "referee_sees_hands": doc.referee_sees_hands,
        "seed_commitment": doc.seed_commitment,
        "claimed": None if doc.claimed is None else list(doc.claimed),
        "waiting_for_seats": doc.waiting,
    }


def _viewer(caller: Caller) -> dict[str, Any]:
    """The view's ``viewer``: who it was made for."""
    if caller.is_spectator:
        return {"role": "spectator", "seat": None}
    return {"role": "referee" if caller.seat is None else "seat", "seat": caller.seat}





