"""The create use case: a new match from a ruleset, a mode, players, options and a dealer.

``MatchCreation.create`` reads and checks the request (``CREATE_FIELDS``), chooses the first dealer
(given, or by the ruleset's own draw, from the deal key in a dealt match), makes the first state,
the match seed of a dealt match and its commitment (``deals``) and the first deal, the tokens
(referee, one per seat, spectator), and stores the match with its first events in one step. A
create with ``"seats": "claim"`` gives each seat an invitation instead of its token, and draws and
deals nothing before its seats have joined (``seating``). With an idempotency key the match id is
derived from the key and the request (``idempotency``), so a retry finds the first answer under the
match's own hash tag and gets the same tokens back (sealed with the key); a retry of another
request under the same key is refused. ``usecases.Matches`` holds it as one of its parts.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any, cast

from service.computer.levels import plays
from service.matches import codec
from service.matches import idempotency as idem
from service.matches.computers import play_computers
from service.matches.deals import SEED_BYTES, StreamRandom, deal_key, first_dealer_seed, seed_commitment
from service.matches.documents import Checkpoint, MatchDocument
from service.matches.errors import InvalidComputers, InvalidDealer, InvalidRequest, InvalidSeating, VersionConflict
from service.matches.events import advance, create_event, stamp
from service.matches.players import read_seats
from service.matches.results import Created, SeatTicket
from service.matches.steps import MatchSteps
from service.matches.tokens import Caller, invite_token, new_token, seat_token, spectator_token, token_hash
from service.rules.errors import UnknownRuleset
from service.rules.facts import is_json_int, refuse_unknown_fields
from service.rules.messages import Msg, revive
from service.rules.ruleset import MODES, Mode, Ruleset
from service.store import base as store_base
from service.store.base import IdempotencyRecord

CREATE_FIELDS = ("ruleset", "mode", "players", "options", "preset", "dealer", "referee_sees_hands", "seats")


class MatchCreation:
    """Creating a match, and answering a create again for its idempotency key, with the steps of the
    use cases it is a part of."""

    def __init__(self, steps: MatchSteps) -> None:
        self.steps = steps

    def create(self, body: Any, *, idempotency_key: str | None = None) -> Created:
        key = idem.check_key(idempotency_key)
        keyed, derived = (None, None) if key is None else self.steps.idempotency.for_create(key, body)
        if keyed is not None and (replayed := self._create_replayed(keyed)):
            return replayed
        ruleset, mode, players, options, dealer, computers = self._read_create(body)
        sees_hands = _referee_sees_hands(body, mode)
        by_invitation = _seats_by_invitation(body, mode)
        n = len(players)
        seed = self.steps.rng.randbytes(SEED_BYTES) if mode == "dealt" else None  # SystemRandom: secrets
        options_json = codec.encode(options)
        committed = None if seed is None else seed_commitment(seed, ruleset.id, options_json, players)
        entropies = None if seed is None else (None,) * n
        referee_token = new_token()
        spectator = spectator_token(referee_token)
        first_dealer: dict[str, Any] | None = None if dealer is None else {"method": "given", "dealer": dealer}
        if by_invitation:  # nothing drawn nor dealt before every seat has joined (or the referee starts)
            invites: tuple[str | None, ...] = tuple(
                None if computers is not None and computers[seat] is not None else invite_token(referee_token, seat)
                for seat in range(n)
            )
            seat_tokens: tuple[str | None, ...] = (None,) * n
            state, dealt = ruleset.new_match(options, n, 0 if dealer is None else dealer, mode), 0
            deals: list[dict[str, Any]] = []
        else:
            invites = (None,) * n
            seat_tokens = tuple(seat_token(referee_token, seat) for seat in range(n))
            dealing = None if seed is None else deal_key(seed, entropies or ())
            if dealer is None:
                # drawn from the deal key (committed like the deals), or at random at a real table
                draw = self.steps.rng if dealing is None else StreamRandom(first_dealer_seed(dealing))
                dealer, first_dealer = ruleset.first_dealer(options, n, draw)
            state = ruleset.new_match(options, n, dealer, mode)
            decks = self.steps._decks(ruleset, mode, dealing)
            state, deals, dealt = advance(ruleset, state, decks, 0, finished_now=False)
        doc = MatchDocument(
            ruleset=ruleset,
            mode=mode,
            players=players,
            referee_hash=token_hash(referee_token),
            seat_hashes=tuple("" if t is None else token_hash(t) for t in seat_tokens),
            state=state,
            seed=seed,
            deals=dealt,
            saved_at=self.steps.clock(),
            referee_sees_hands=sees_hands,
            logged=1 + len(deals),
            round_start=Checkpoint(1 + len(deals), dealt) if deals else None,
            spectator_hash=token_hash(spectator),
            preset=body.get("preset"),
            computers=computers,
            seed_commitment=committed,
            entropies=entropies,
            invite_hashes=tuple("" if i is None else token_hash(i) for i in invites) if by_invitation else None,
            claimed=tuple(i is None for i in invites) if by_invitation else None,
            started=not by_invitation,
        )
        made = create_event(ruleset, mode, players, options, 0 if dealer is None else dealer, first_dealer,
                            doc.preset, computers, waiting=by_invitation)
        events = stamp([made, *deals], 1)
        doc, events = play_computers(doc, events, 1, self.steps._decks(ruleset, mode, doc.deal_key), lambda seq: [],
                                     self.steps.clock)
        commit = secrets.token_hex(8)
        # the id a retry finds (see ``idempotency``), then random ones; a derived id already taken
        # with no record under it is a match whose record expired: this create is a new one
        for match_id in (derived or secrets.token_urlsafe(16), secrets.token_urlsafe(16), secrets.token_urlsafe(16)):
            view = self.steps._view(doc, match_id, 1, Caller(None))
            record = scope = None
            if keyed is not None:
                scope = self.steps.idempotency.create_scope(match_id, keyed.key, keyed.fp)
                tokens = {"referee": referee_token, "seats": list(seat_tokens), "spectator": spectator,
                          "invites": list(invites)}
                sealed = self.steps.idempotency.seal(keyed.key, scope, tokens)
                public = {"id": match_id, "version": 1, "players": list(players), "x": view["expires_at"]}
                answer = {"created": public, "sealed": sealed}
                record = (scope, IdempotencyRecord(idem.stored_fingerprint(keyed.fp), answer))
            try:
                with self.steps._guard(match_id):
                    self.steps.store.create(match_id, doc.to_json(), events, record, commit=commit)
            except (store_base.MatchExists, store_base.IdempotencyConflict) as taken:
                if keyed is None or scope is None:
                    continue
                prior = self.steps._prior(None, scope, keyed.fp)  # the same create, raced past the first check
                if prior is not None:
                    return self._created_again(keyed.key, scope, prior)
                if isinstance(taken, store_base.IdempotencyConflict):
                    raise VersionConflict(Msg("matches.create_in_flight")) from None
                continue
            return Created(match_id, 1, referee_token, _tickets(players, seat_tokens, invites), view, spectator)
        raise RuntimeError("three match ids in a row were taken")

    def _read_create(
        self, body: Any
    ) -> tuple[Ruleset[Any], Mode, tuple[str, ...], Any, int | None, tuple[str | None, ...] | None]:
        if not isinstance(body, Mapping):
            raise InvalidRequest(Msg("matches.body_not_object"))
        refuse_unknown_fields(body, CREATE_FIELDS, InvalidRequest, "matches.unknown_fields", listed=False)
        ruleset_id = body.get("ruleset")
        if not isinstance(ruleset_id, str):
            raise InvalidRequest(Msg("matches.ruleset_not_string"), legal=sorted(self.steps.rulesets))
        ruleset = self.steps.rulesets.get(ruleset_id)
        if ruleset is None:
            known = ", ".join(sorted(self.steps.rulesets))
            raise UnknownRuleset(Msg("core.unknown_ruleset", ruleset=ruleset_id, known=known),
                                 legal=sorted(self.steps.rulesets))
        mode = body.get("mode")
        if mode not in MODES:
            raise InvalidRequest(Msg("matches.bad_mode"), code="invalid_mode", legal=list(MODES))
        players, levels = read_seats(body.get("players"))
        computers = _computers(levels, mode, ruleset)
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
        return ruleset, cast(Mode, mode), players, options, dealer, computers

    def _create_replayed(self, keyed: idem.Keyed) -> Created | None:
        """The first answer to this create, filed in the slot of the match it made (or, by an
        earlier version, globally), if any."""
        found = self.steps.first_answer(None, keyed)
        return None if found is None else self._created_again(keyed.key, *found)

    def _created_again(self, key: str, scope: str, answer: Mapping[str, Any]) -> Created:
        """The first answer to a create, with its tokens unsealed by the key that sealed them; the
        match must still be there (a deleted or expired match is not found, whoever asks)."""
        public = answer["created"]
        if "view" in public:  # a record written with a copy of the view
            with self.steps._guard(public["id"]):
                self.steps.store.load(public["id"])
            view = revive(public["view"])
        else:  # the referee's view at version 1, rebuilt (``replays``)
            slim = {"viewed": {"v": public["version"], "x": public["x"]}}
            view = self.steps._viewed_again(public["id"], None, 0, Caller(None), slim).view
        tokens = self.steps.idempotency.unseal(key, scope, answer["sealed"])
        return Created(
            public["id"], public["version"], tokens["referee"],
            _tickets(public["players"], tokens["seats"], tokens.get("invites")),
            view, tokens.get("spectator"), replayed=True,
        )


def _computers(levels: tuple[str | None, ...], mode: Any, ruleset: Ruleset[Any]) -> tuple[str | None, ...] | None:
    """The seats' computer levels (None: no computer seat). A computer deals itself no cards at a real
    table, so table mode takes none; a match needs a person: one of computers only is refused; and a
    game no computer can play (its catalogue lists no computer_levels) takes none."""
    if all(level is None for level in levels):
        return None
    if not plays(ruleset):
        raise InvalidComputers(Msg("matches.no_computer_for_game", ruleset=ruleset.name), code="no_computer_players",
                               legal=[])
    if mode != "dealt":
        raise InvalidComputers(Msg("matches.computer_needs_dealt_mode"), code="computer_needs_dealt_mode",
                               legal=["dealt"])
    if all(level is not None for level in levels):
        raise InvalidComputers(Msg("matches.computers_only"), code="computers_only")
    return levels


def _referee_sees_hands(body: Mapping[str, Any], mode: str) -> bool:
    """``referee_sees_hands`` of a create (default false: the referee of a dealt match sees what a
    spectator sees); at a real table the referee reports every card and sees them all."""
    value = body.get("referee_sees_hands", False)
    if not isinstance(value, bool):
        raise InvalidRequest(Msg("matches.sees_hands_not_bool"))
    return value or mode == "table"


def _seats_by_invitation(body: Mapping[str, Any], mode: str) -> bool:
    """``seats`` of a create: ``"claim"``, each seat given an invitation its player claims
    (``service.matches.seating``), or absent: each seat's token in the create answer."""
    value = body.get("seats")
    if value is None:
        return False
    if value != "claim":
        raise InvalidRequest(Msg("matches.bad_seats"), code="invalid_seats", legal=["claim"])
    if mode != "dealt":
        raise InvalidSeating(Msg("matches.claim_needs_dealt_mode"), code="claim_needs_dealt_mode", legal=["dealt"])
    return True


def _tickets(players: Any, tokens: Any, invites: Any = None) -> tuple[SeatTicket, ...]:
    invites = invites or [None] * len(players)
    return tuple(SeatTicket(i, name, token, invite)
                 for i, (name, token, invite) in enumerate(zip(players, tokens, invites, strict=True)))
