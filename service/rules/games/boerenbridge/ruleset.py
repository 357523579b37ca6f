"""Boerenbridge: bid your tricks, race to exactly 100 (rules spec ``docs/rules/boerenbridge.md``).

What this module enforces (spec sections in brackets; every option is in
``options``, scoring in ``scoring``):

* 4 players with 13 cards each from one 52-card pack, no trumps (§1, §2, §4); other player counts,
  hand-size schedules and trump modes are options (§11).
* First dealer by a high-card draw, equal highest redrawing (or suit order), or at random (§3);
  the deal then passes to the left.
* The deal: one card at a time, clockwise from the dealer's left (§4). With ``trump_mode =
  "turn_up"`` the next card is turned up for trumps, unless the whole pack was dealt (§11).
* Bidding (§6): players whose score at the start of the round is 80 or more do not bid; the others
  bid 0 to the hand size. By default every active bidder except the hook player submits a sealed
  bid (hidden from the other seats until all are in, then revealed together); then the hook player
  (the dealer, or the last active bidder from the dealer's left when the dealer does not bid) bids
  knowing the others, and may not make the active bids add up to the hand size (the hook rule).
  He may change his bid, under the same rule, until the opening lead. Sequential bidding is an
  option.
* Play (§7): the dealer's left leads; follow suit if able, else any card; the highest card of the
  suit led wins (the highest trump, where a trump variant is on); the winner leads next.
* Scoring (§8-§10): 1 per trick, +10 for an exact bid, 20 for a made zero bid; a total above 100
  is capped at 100 by default (``overshoot_rule``); the match ends when one or more players have
  exactly 100 (joint winners).

Table mode (DESIGN.md §2.3): hands are unknown; the referee reports the turn-up, bids and each card
(any card not yet seen), or the whole round as one ``round_result``. Bids, turn order and the hook
rule are checked; a failure to follow suit is recorded as a revoke (``base.find_revokes``) as soon
as the seat's later plays prove it, and at the latest when the round ends.

Actions: ``bid`` (amount), ``play`` (card), ``name_trump`` (suit), ``turn_up`` (card, table mode),
``round_result`` (result, table mode), ``abandon`` (ends the match, result ``abandoned``; never
listed in ``legal_actions``).

History: the state keeps a record of each finished round (``MatchInfo.history``), and the view lists
them. ``archive`` takes every record but the last out of the state and returns them as the view shows
them (the same for every seat: a finished round is public), so a long match's state and views stay
the same size; ``MatchInfo.archived`` counts them, so round numbers and the hand-size schedule go on.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from service.rules.base import (
    FINISHED,
    IN_PROGRESS,
    Action,
    Mode,
    Options,
    OptionSpec,
    Play,
    PlayVerdict,
    Revoke,
    RoundScore,
    Ruleset,
    TrickContext,
    TrickOutcome,
    TrickRecord,
    acting_seat,
    find_revokes,
    is_json_int,
    not_your_turn,
    plays_json,
    revokes_after_play,
    wrong_phase,
)
from service.rules.cards import ALL_CARDS, DECK_52, SUITS, Card, Suit, check_distinct
from service.rules.codec import encode
from service.rules.errors import (
    CardAlreadyPlayed,
    CardNotInHand,
    IllegalBid,
    IllegalPlay,
    InvalidAction,
    InvalidFacts,
    InvalidInput,
    InvalidOption,
    MatchOver,
    TooManyPlays,
)
from service.rules.games.boerenbridge import options as opts
from service.rules.games.boerenbridge.scoring import (
    active_bidders,
    apply_overshoot,
    bidding_order,
    forbidden_bid,
    hook_applies,
    hook_player,
    match_outcome,
    parse_facts,
    round_points,
    score_facts,
    threshold_text,
)
from service.rules.games.boerenbridge.state import (
    BIDDING,
    DEAL,
    FINISHED_PHASE,
    PLAY,
    TRUMP,
    TURN_UP,
    BoerenbridgeState,
    MatchInfo,
    RoundRecord,
    RoundSetup,
    TrickDone,
    make_state,
)
from service.rules.handmask import BIT, FULL_PACK, INDICES, SUIT_BITS, SUIT_FIELD, SUIT_MASKS, pick, texts_of

SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
SUIT_SINGULAR = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}
#: Bridge order, for ``first_dealer_tiebreak = "suit_order"`` (§3).
SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}
ACTION_TYPES = ("bid", "play", "name_trump", "turn_up", "round_result", "abandon")

_MAX_SEATS = max(opts.PLAYER_COUNTS)
# Actions are values: one object per (seat, card) and (seat, amount), built once.
_PLAY_ACTIONS = tuple(tuple(Action("play", seat=s, card=c) for c in ALL_CARDS) for s in range(_MAX_SEATS))
_BID_ACTIONS = tuple(
    tuple(Action("bid", seat=s, amount=a) for a in range(opts.MAX_HAND_SIZE + 1)) for s in range(_MAX_SEATS)
)
_SEAT = tuple((s,) for s in range(_MAX_SEATS))
#: _CLOCKWISE[n][leader]: the seats of a trick led by ``leader``, in playing order (``_records``)
_CLOCKWISE = {n: tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n)) for n in opts.PLAYER_COUNTS}
#: _PLAYS[card.index]: the face-up play of each card, made once (``_records``)
_PLAYS = tuple(Play(c) for c in ALL_CARDS)
#: _ORDER[n][dealer]: the seats clockwise from the dealer's left, the dealer last
_ORDER = {n: tuple(bidding_order(d, n) for d in range(n)) for n in opts.PLAYER_COUNTS}


def resolve_draw(draws: Mapping[int, Card], tiebreak: str) -> int | tuple[int, ...]:
    """§3: the seat holding the highest rank, or the tied seats that draw again (``"redraw"``)."""
    top = max(c.rank for c in draws.values())
    tied = tuple(s for s, c in draws.items() if c.rank == top)
    if len(tied) == 1:
        return tied[0]
    if tiebreak == "suit_order":
        return max(tied, key=lambda s: SUIT_ORDER[draws[s].suit])
    return tied


def _winner_index(trick: Sequence[Card], trump: Suit | None) -> int:
    """Index of the winning card: the highest trump if any, else the highest of the suit led."""
    best = 0
    top = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        if c.suit is top.suit:
            if c.index > top.index:
                best, top = i, c
        elif c.suit is trump:
            best, top = i, c
    return best


class Boerenbridge(Ruleset):
    id = "boerenbridge"
    name = "Boerenbridge"
    description = ("Bid the exact number of tricks you will take; 13 cards each, no trumps, "
                   "race to exactly 100 (the dealer is hooked).")
    player_counts = opts.PLAYER_COUNTS
    default_players = 4
    option_specs: ClassVar[tuple[OptionSpec, ...]] = opts.OPTION_SPECS
    state_type = BoerenbridgeState

    # --- options ------------------------------------------------------------------------------

    def derived_defaults(self, given: Mapping[str, Any]) -> dict[str, Any]:
        return opts.derived_defaults(given)

    def check_options(self, options: Mapping[str, Any]) -> None:
        opts.check_options(options)

    def max_plays(self, options: Options) -> int:
        return 4 if options.get("hand_size_schedule", "fixed_13") == "fixed_13" else _MAX_SEATS

    def ranking_tables(self, options: Options) -> dict[str, Any]:
        mode = options.get("trump_mode", "none")
        keys: tuple[str, ...] = {"none": ("none",), "fixed_spades": ("S",)}.get(mode, ("none", "C", "D", "H", "S"))
        table = {s.value: [c.text for c in sorted((c for c in ALL_CARDS if c.suit is s), reverse=True)]
                 for s in SUITS}
        return {k: {"trump": None if k == "none" else k, "suits": table,
                    "rule": ("the highest card of the suit led wins" if k == "none" else
                             f"the highest trump ({SUIT_NAMES[Suit(k)]}) wins, else the highest card of the suit led")}
                for k in keys}

    # --- bare facts ---------------------------------------------------------------------------

    def _trump(self, ctx: TrickContext, options: Options) -> Suit | None:
        mode = options.get("trump_mode", "none")
        if mode == "none" and ctx.trump is not None:
            raise InvalidFacts(
                "Boerenbridge is played without trumps (trump_mode 'none'); send trump null, or set "
                "trump_mode to 'turn_up', 'fixed_spades' or 'highest_bidder_chooses'",
                code="no_trump_game",
            )
        if mode == "fixed_spades":
            if ctx.trump not in (None, Suit.SPADES):
                raise InvalidFacts("with trump_mode 'fixed_spades' spades are always trumps", code="wrong_trump")
            return Suit.SPADES
        return ctx.trump

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Options) -> TrickOutcome:
        if not plays:
            raise InvalidFacts("a trick needs at least one play", code="empty_trick")
        limit = self.max_plays(options)
        if len(plays) > limit:
            raise TooManyPlays(f"{len(plays)} plays, but a trick has at most {limit} (one per player)")
        if any(p.face_down for p in plays):
            raise InvalidFacts("Boerenbridge has no face-down plays", code="no_face_down_plays")
        cards = tuple(p.card for p in plays)
        check_distinct(cards, "the trick")
        trump = self._trump(ctx, options)
        i = _winner_index(cards, trump)
        card = cards[i]
        led = cards[0].suit
        if card.suit is not led:
            reason = (f"{card.text} is the highest trump: {SUIT_NAMES[card.suit]} are trumps "
                      "and beat every other suit")
        elif i == 0 and not any(c.suit is led for c in cards[1:]):
            no_trump = "no trump was played" if trump is not None else "there are no trumps"
            reason = f"{card.text} wins: nobody followed {SUIT_NAMES[led]}, the suit led, and {no_trump}"
        else:
            reason = f"{card.text} is the highest {SUIT_SINGULAR[led]}, the suit led"
            if trump is not None and trump is not led:
                reason += ", and no trump was played"
        return TrickOutcome(i, card, reason)

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Options
    ) -> PlayVerdict:
        if not hand:
            raise InvalidFacts("an empty hand has no card to play", code="empty_hand")
        limit = self.max_plays(options)
        if len(trick) >= limit:
            raise TooManyPlays(f"the trick already has {len(trick)} plays; a trick has at most {limit}")
        if any(p.face_down for p in trick):
            raise InvalidFacts("Boerenbridge has no face-down plays", code="no_face_down_plays")
        if len(hand) > opts.MAX_HAND_SIZE:
            raise InvalidFacts(f"a hand holds at most {opts.MAX_HAND_SIZE} cards", code="hand_too_big")
        # Cards are interned, so identity sets find a card given twice cheaply (find_revokes asks often)
        held = set(map(id, hand))
        if len(held) != len(hand):
            check_distinct(hand, "the hand")
        played = tuple(p.card for p in trick)
        if len(set(map(id, played))) != len(played):
            check_distinct(played, "the trick")
        if not held.isdisjoint(map(id, played)):
            both = next(c for c in played if id(c) in held)
            raise InvalidFacts(f"{both.text} is both in the hand and in the trick", code="card_in_hand_and_trick")
        self._trump(ctx, options)
        return _verdict(tuple(hand), played)

    def score_round(self, facts: Mapping[str, Any], options: Options) -> RoundScore:
        return score_facts(parse_facts(facts, options), options)

    # --- first dealer -------------------------------------------------------------------------

    def first_dealer(self, options: Options, n_players: int, rng: random.Random) -> tuple[int, dict[str, Any]]:
        method = options.get("first_dealer_method", "high_card_draw")
        if method == "random":
            seat = rng.randrange(n_players)
            return seat, {"method": "random", "dealer": seat}
        if method == "fixed":
            raise InvalidOption(
                "first_dealer_method 'fixed': name the first dealer when creating the match",
                option="first_dealer_method",
            )
        tiebreak = options.get("first_dealer_tiebreak", "redraw")
        drawers: tuple[int, ...] = tuple(range(n_players))
        rounds: list[list[dict[str, Any]]] = []
        while True:
            pack = list(DECK_52)
            rng.shuffle(pack)
            drawn = {seat: pack[i] for i, seat in enumerate(drawers)}
            rounds.append([{"seat": s, "card": c.text} for s, c in drawn.items()])
            outcome = resolve_draw(drawn, tiebreak)
            if isinstance(outcome, int):
                return outcome, {"method": "high_card_draw", "tiebreak": tiebreak, "draws": rounds,
                                 "dealer": outcome}
            drawers = outcome

    # --- match set-up -------------------------------------------------------------------------

    def new_match(self, options: Options, n_players: int, dealer: int, mode: Mode) -> BoerenbridgeState:
        options = self.validate_options(options)
        opts.check_players(options, n_players)
        if mode not in ("dealt", "table"):
            raise InvalidInput(f"mode must be 'dealt' or 'table', not {mode!r}")
        if not is_json_int(dealer) or not 0 <= dealer < n_players:
            raise InvalidInput(f"the dealer is a seat from 0 to {n_players - 1}; got {dealer!r}")
        return BoerenbridgeState(MatchInfo(options, n_players, mode, (0,) * n_players, dealer), DEAL)

    def needs_deal(self, state: BoerenbridgeState) -> bool:
        return state.phase == DEAL

    def status(self, state: BoerenbridgeState) -> str:
        return FINISHED if state.phase == FINISHED_PHASE else IN_PROGRESS

    def deal(self, state: BoerenbridgeState, deck: Sequence[Card] | None) -> BoerenbridgeState:
        if state.phase == FINISHED_PHASE:
            raise MatchOver("the match is over")
        if state.phase != DEAL:
            raise wrong_phase(f"the round in progress is not finished (phase {state.phase})", self._phase_types(state))
        m = state.match
        o = m.options
        n = m.players
        number = m.rounds_done + 1
        size = opts.hand_size_for(o, n, number)
        dealer = m.next_dealer
        active = active_bidders(m.scores, o)
        hook = hook_player(dealer, active, o)
        right = o["bid_revision_right"]
        reviser = hook if right == "hook_player" or (right == "dealer_only" and hook == dealer) else None
        trump_mode = o["trump_mode"]
        spare = n * size < opts.PACK_SIZE  # a card is left to turn up
        turn_up: Card | None = None
        hands: tuple[int, ...] | None = None
        if m.mode == "dealt":
            if deck is None:
                raise InvalidInput("a dealt match needs the shuffled deck to deal from")
            pack, bits = _check_deck(deck)
            # one card at a time, clockwise from the dealer's left (§4): card k goes to seat dealer+1+k;
            # the cards are distinct, so the sum of their bits is the hand's mask
            hands = tuple(sum(bits[(i - dealer - 1) % n: n * size: n]) for i in range(n))
            if trump_mode == "turn_up" and spare:
                turn_up = pack[n * size]
        elif deck is not None:
            raise InvalidInput("a table-mode round is opened without a deck: the hands are unknown")
        trump = Suit.SPADES if trump_mode == "fixed_spades" else (turn_up.suit if turn_up is not None else None)
        setup = RoundSetup(number, dealer, size, active, hook, hook is not None and hook_applies(size, o),
                           reviser, turn_up, trump)
        shown = 0 if turn_up is None else BIT[turn_up.index]
        no_bids = (None,) * n
        if m.mode == "table" and trump_mode == "turn_up" and spare:
            return make_state(m, TURN_UP, setup, no_bids, hands, (dealer + 1) % n, (), (0,) * n, (), shown)
        if any(active):
            return make_state(m, BIDDING, setup, no_bids, hands, (dealer + 1) % n, (), (0,) * n, (), shown)
        return self._after_bidding(make_state(m, BIDDING, setup, no_bids, hands, (dealer + 1) % n, (), (0,) * n,
                                              (), shown), setup, no_bids)

    def _after_bidding(
        self, state: BoerenbridgeState, setup: RoundSetup, bids: tuple[int | None, ...]
    ) -> BoerenbridgeState:
        """Every bid is in: the highest bidder names trumps (``highest_bidder_chooses``), or play."""
        phase = PLAY
        if state.match.options["trump_mode"] == "highest_bidder_chooses":
            chooser = _highest_bidder(setup, bids)
            if chooser is not None:
                setup = dataclasses.replace(setup, trump_chooser=chooser)
                phase = TRUMP
        return make_state(state.match, phase, setup, bids, state.hands, state.leader, state.trick, state.tricks_won,
                          state.done, state.shown)

    # --- whose turn ---------------------------------------------------------------------------

    def to_act(self, state: BoerenbridgeState) -> tuple[int, ...]:
        phase = state.phase
        if phase == PLAY:
            trick = state.trick
            seat = (state.leader + len(trick)) % state.match.players
            if not trick and not state.done:
                reviser = state.round.reviser  # type: ignore[union-attr]
                if reviser is not None and reviser != seat and _can_revise(state.round, state.bids):  # type: ignore[arg-type]
                    return (seat, reviser)
            return _SEAT[seat]
        r = state.round
        if r is None:
            return ()
        if phase == BIDDING:
            return _bidders_to_act(r, state.bids, state.match.options["bidding_mode"])
        if phase == TRUMP:
            chooser = r.trump_chooser
            assert chooser is not None
            if r.reviser is not None and r.reviser != chooser and _can_revise(r, state.bids):
                return (chooser, r.reviser)
            return _SEAT[chooser]
        if phase == TURN_UP:
            return _SEAT[r.dealer]
        return ()

    def legal_actions(self, state: BoerenbridgeState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == PLAY:
            trick = state.trick
            out: list[Action] = []
            if seat == (state.leader + len(trick)) % state.match.players:
                hands = state.hands
                if hands is None:
                    out = pick(FULL_PACK & ~state.shown, _PLAY_ACTIONS[seat])
                elif trick:
                    led = trick[0].index // SUIT_BITS
                    pattern = hands[seat] >> SUIT_BITS * led & SUIT_FIELD
                    if pattern:
                        acts = _PLAY_ACTIONS[seat]
                        return [acts[i] for i in INDICES[led][pattern]]
                    out = pick(hands[seat], _PLAY_ACTIONS[seat])
                else:
                    out = pick(hands[seat], _PLAY_ACTIONS[seat])
            if not trick and not state.done and seat == state.round.reviser:  # type: ignore[union-attr]
                out.extend(self._bid_actions(state.round, state.bids, seat))  # type: ignore[arg-type]
            return out
        r = state.round
        if r is None:
            return []
        if phase == BIDDING:
            if seat in _bidders_to_act(r, state.bids, state.match.options["bidding_mode"]):
                return self._bid_actions(r, state.bids, seat)
            return []
        if phase == TRUMP:
            out = []
            if seat == r.trump_chooser:
                out = [Action("name_trump", seat=seat, suit=s) for s in SUITS]
            if seat == r.reviser:
                out.extend(self._bid_actions(r, state.bids, seat))
            return out
        if phase == TURN_UP and seat == r.dealer:
            return [Action("turn_up", seat=seat, card=c) for c in ALL_CARDS]
        return []

    def _bid_actions(self, r: RoundSetup, bids: tuple[int | None, ...], seat: int) -> list[Action]:
        out = list(_BID_ACTIONS[seat][: r.hand_size + 1])
        banned = _forbidden_for(r, bids, seat)
        current = bids[seat]
        if current is not None:
            del out[current]
            if banned is not None and banned != current:
                del out[banned if banned < current else banned - 1]
        elif banned is not None:
            del out[banned]
        return out

    # --- actions ------------------------------------------------------------------------------

    def apply(self, state: BoerenbridgeState, action: Action) -> BoerenbridgeState:
        kind = action.type
        phase = state.phase
        if kind == "play" and phase == PLAY:
            return self._play(state, action)
        if kind not in ACTION_TYPES:
            raise InvalidAction(
                f"Boerenbridge has no action {kind!r}; its actions are {', '.join(ACTION_TYPES)}",
                legal=list(ACTION_TYPES),
            )
        if phase == FINISHED_PHASE:
            raise MatchOver("the match is over")
        if kind == "abandon":
            m = state.match
            done = MatchInfo(m.options, m.players, m.mode, m.scores, m.next_dealer, m.history, "abandoned", (),
                             m.archived)
            return BoerenbridgeState(done, FINISHED_PHASE)
        if phase == DEAL:
            raise wrong_phase("the next round must be dealt first", (), code="needs_deal")
        if kind == "round_result":
            return self._round_result(state, action)
        seat = acting_seat(action, state.match.players)
        if kind == "bid":
            return self._bid(state, seat, action)
        if kind == "name_trump":
            return self._name_trump(state, seat, action)
        if kind == "turn_up":
            return self._turn_up(state, seat, action)
        raise wrong_phase(f"no card can be played during the {phase} phase", self._phase_types(state))

    def _phase_types(self, state: BoerenbridgeState) -> list[str]:
        """The action types the phase takes now (a ``wrong_phase`` refusal's ``legal``); all public."""
        phase = state.phase
        r = state.round
        if r is None or phase in (DEAL, FINISHED_PHASE):
            return []
        opening = not state.trick and not state.done
        types = {TURN_UP: ["turn_up"], BIDDING: ["bid"], TRUMP: ["name_trump"], PLAY: ["play"]}[phase]
        if phase in (TRUMP, PLAY) and opening and _can_revise(r, state.bids):
            types.append("bid")
        if state.match.mode == "table" and opening:
            types.append("round_result")
        return types

    def _play(self, state: BoerenbridgeState, action: Action) -> BoerenbridgeState:
        m = state.match
        n = m.players
        trick = state.trick
        leader = state.leader
        seat = (leader + len(trick)) % n
        if action.seat != seat:
            acting_seat(action, n)
            raise not_your_turn(f"seat {seat} is to play, not seat {action.seat}", self.to_act(state))
        card = action.card
        if card is None:
            raise InvalidAction("a play action needs 'card'")
        hands = state.hands
        bit = BIT[card.index]
        if hands is not None:
            hand = hands[seat]
            if not hand & bit:
                raise CardNotInHand(f"{card.text} is not in seat {seat}'s hand",
                                    legal=texts_of(legal_mask(hand, trick[0] if trick else None)))
            if trick and card.suit is not trick[0].suit:
                follow = legal_mask(hand, trick[0])
                if not follow & bit:
                    raise IllegalPlay(f"{card.text} may not be played: must follow {SUIT_NAMES[trick[0].suit]}, "
                                      "the suit led", code="must_follow_suit", legal=texts_of(follow))
            hands = (*hands[:seat], hand ^ bit, *hands[seat + 1:])
        elif state.shown & bit:
            raise CardAlreadyPlayed(f"{card.text} has already been seen this round (played or turned up)",
                                    legal=texts_of(FULL_PACK & ~state.shown))
        trick = (*trick, card)
        shown = state.shown | bit
        r = state.round
        assert r is not None
        if len(trick) < n:
            if hands is None:
                r = self._record_revokes(r, state.done, trick, leader, m, seat)
            return make_state(m, PLAY, r, state.bids, hands, leader, trick, state.tricks_won, state.done, shown)
        winner = (leader + _winner_index(trick, r.trump)) % n
        won = state.tricks_won
        won = (*won[:winner], won[winner] + 1, *won[winner + 1:])
        done = (*state.done, TrickDone(leader, trick, winner))
        if len(done) < r.hand_size:
            if hands is None:
                r = self._record_revokes(r, done, (), winner, m, seat)
            return make_state(m, PLAY, r, state.bids, hands, winner, (), won, done, shown)
        revokes: tuple[Revoke, ...] = ()
        if hands is None:  # every hand is known now: the last word on revokes
            records = _records(r, done, (), n, winner)
            revokes = tuple(find_revokes(self, records, m.options, round_complete=True, judge=_judge))
        return self._finish_round(state, r, state.bids, won, revokes, reported=False)

    def _record_revokes(
        self, r: RoundSetup, done: tuple[TrickDone, ...], trick: tuple[Card, ...], leader: int, m: MatchInfo,
        seat: int,
    ) -> RoundSetup:
        """Table mode: the revokes the plays reported so far prove (a seat that later shows the suit
        it failed to follow), recorded as soon as they are provable.

        ``seat`` has just made the last play of ``done``/``trick``, and ``r.revokes`` are the revokes
        of the plays before it (recorded here at the play before, or none at the round's first play),
        so only ``seat``'s plays are judged again (``base.revokes_after_play``): follow suit is a
        monotone rule and the trump, the one context, is fixed before the first card, so every other
        seat's judgements stand. The verdict is ``_verdict`` itself, without the input checks of
        ``legal_plays`` (the reported cards are distinct, at most one per seat in a trick)."""
        records = _records(r, done, trick, m.players, leader)
        found = tuple(revokes_after_play(self, r.revokes, records, m.options, seat, round_complete=False,
                                         judge=_judge))
        return r if found == r.revokes else dataclasses.replace(r, revokes=found)

    def _finish_round(
        self,
        state: BoerenbridgeState,
        r: RoundSetup,
        bids: tuple[int | None, ...],
        tricks: tuple[int, ...],
        revokes: tuple[Revoke, ...],
        *,
        reported: bool,
    ) -> BoerenbridgeState:
        m = state.match
        o = m.options
        n = m.players
        points = tuple(round_points(bids[i], tricks[i], o) for i in range(n))
        scores = tuple(apply_overshoot(m.scores[i], points[i], o) for i in range(n))
        record = RoundRecord(r.number, r.dealer, r.hand_size, r.trump, bids, tricks, points, scores, revokes, reported)
        result, winners = match_outcome(scores, o, r.number, n)
        info = MatchInfo(o, n, m.mode, scores, (r.dealer + 1) % n, (*m.history, record), result, winners, m.archived)
        return BoerenbridgeState(info, DEAL if result is None else FINISHED_PHASE)

    def _bid(self, state: BoerenbridgeState, seat: int, action: Action) -> BoerenbridgeState:
        r = state.round
        assert r is not None
        amount = action.amount
        if amount is None:
            raise InvalidAction("a bid action needs 'amount', the number of tricks")
        phase = state.phase
        o = state.match.options
        if not r.active[seat]:
            score = state.match.scores[seat]
            raise IllegalBid(f"seat {seat} has {score} points: players at {threshold_text(o)} do not bid this round",
                             code="not_a_bidder", legal=[])
        if phase == BIDDING:
            if state.bids[seat] is not None:
                raise IllegalBid(f"seat {seat} has already bid; a submitted bid may not be changed",
                                 code="bid_already_made", legal=[])
            waiting = _bidders_to_act(r, state.bids, o["bidding_mode"])
            if seat not in waiting:
                why = ("the hook player bids after every sealed bid is in" if seat == r.hook
                       and o["bidding_mode"] == "simultaneous" else "bids go clockwise from the dealer's left")
                raise not_your_turn(f"not seat {seat}'s turn to bid: {why}; waiting for seat(s) "
                                    f"{', '.join(str(s) for s in waiting)}", waiting)
        elif phase in (TRUMP, PLAY):
            if phase == PLAY and (state.trick or state.done):
                raise IllegalBid("bids are frozen: the opening lead has been played", code="bids_frozen", legal=[])
            if seat != r.reviser:
                who = (f"only the hook player (seat {r.reviser}) may change his bid" if r.reviser is not None
                       else "nobody may change a bid (bid_revision_right)")
                raise IllegalBid(f"seat {seat} has already bid: {who}", code="bid_already_made", legal=[])
        else:
            raise wrong_phase(f"no bid is taken during the {phase} phase", self._phase_types(state))
        old = state.bids
        self._check_amount(r, old, seat, amount)
        bids = (*old[:seat], amount, *old[seat + 1:])
        if phase == BIDDING and not _bidders_to_act(r, bids, o["bidding_mode"]):
            return self._after_bidding(state, r, bids)
        return make_state(state.match, phase, r, bids, state.hands, state.leader, state.trick, state.tricks_won,
                          state.done, state.shown)

    def _check_amount(self, r: RoundSetup, bids: tuple[int | None, ...], seat: int, amount: int) -> None:
        if not 0 <= amount <= r.hand_size:
            raise IllegalBid(f"a bid is from 0 to {r.hand_size} (the cards in each hand); got {amount}",
                             code="bid_out_of_range", legal=[a.to_json() for a in self._bid_actions(r, bids, seat)])
        if amount == _forbidden_for(r, bids, seat):
            others = sum(b for i, b in enumerate(bids) if b is not None and i != seat)
            raise IllegalBid(
                f"the hook player may not bid {amount}: with the other bids ({others}) the total would equal "
                f"the {r.hand_size} tricks (§6.3)", code="bid_forbidden_by_hook",
                legal=[a.to_json() for a in self._bid_actions(r, bids, seat)])

    def _name_trump(self, state: BoerenbridgeState, seat: int, action: Action) -> BoerenbridgeState:
        r = state.round
        if state.phase != TRUMP or r is None:
            raise wrong_phase(f"trumps are not named during the {state.phase} phase", self._phase_types(state))
        if seat != r.trump_chooser:
            raise not_your_turn(f"seat {r.trump_chooser}, the highest bidder, names trumps", self.to_act(state))
        if action.suit is None:
            raise InvalidAction("a name_trump action needs 'suit' (C, D, H or S)", legal=["C", "D", "H", "S"])
        return dataclasses.replace(state, phase=PLAY, round=dataclasses.replace(r, trump=action.suit))

    def _turn_up(self, state: BoerenbridgeState, seat: int, action: Action) -> BoerenbridgeState:
        r = state.round
        if state.phase != TURN_UP or r is None:
            raise wrong_phase(f"no card is turned up during the {state.phase} phase", self._phase_types(state))
        if seat != r.dealer:
            raise not_your_turn(f"the dealer (seat {r.dealer}) turns up the trump card", self.to_act(state))
        card = action.card
        if card is None:
            raise InvalidAction("a turn_up action needs 'card', the card turned up")
        setup = dataclasses.replace(r, turn_up=card, trump=card.suit)
        turned = dataclasses.replace(state, round=setup, shown=BIT[card.index])
        if any(r.active):
            return dataclasses.replace(turned, phase=BIDDING)
        return self._after_bidding(turned, setup, state.bids)

    def _round_result(self, state: BoerenbridgeState, action: Action) -> BoerenbridgeState:
        m = state.match
        r = state.round
        assert r is not None
        if m.mode != "table":
            raise wrong_phase("round_result reports a round played at a table; this match is dealt by the service",
                              self._phase_types(state), code="not_table_mode")
        if state.trick or state.done:
            raise wrong_phase("cards of this round have been reported: report the remaining plays",
                              self._phase_types(state), code="round_in_play")
        if action.result is None:
            raise InvalidAction("a round_result action needs 'result': the round's bids and tricks")
        rf = parse_facts(action.result, m.options, n_players=m.players, scores=m.scores, hand_size=r.hand_size,
                         round_number=r.number, dealer=r.dealer)
        for s, b in enumerate(state.bids):
            if b is not None and rf.bids[s] != b and s != r.reviser:
                raise InvalidFacts(f"seat {s} bid {b} in this round, but the result says {rf.bids[s]}",
                                   code="bid_mismatch")
        return self._finish_round(state, r, rf.bids, rf.tricks, (), reported=True)

    # --- history ------------------------------------------------------------------------------

    def archive(self, state: BoerenbridgeState) -> tuple[BoerenbridgeState, list[dict[str, Any]]]:
        """Take the finished rounds but the last out of ``state.match.history`` (``Ruleset.archive``)."""
        m = state.match
        history = m.history
        if len(history) <= 1:
            return state, []
        old = history[:-1]
        match = dataclasses.replace(m, history=history[-1:], archived=m.archived + len(old))
        return dataclasses.replace(state, match=match), [h.to_json() for h in old]

    # --- views --------------------------------------------------------------------------------

    def view(self, state: BoerenbridgeState, seat: int | None) -> dict[str, Any]:
        m = state.match
        r = state.round
        to_act = self.to_act(state)
        out: dict[str, Any] = {
            "ruleset": self.id,
            "mode": m.mode,
            "players": m.players,
            "options": encode(m.options),
            "status": self.status(state),
            "phase": state.phase,
            "result": m.result,
            "winners": list(m.winners),
            "scores": list(m.scores),
            "dealer": r.dealer if r is not None else m.next_dealer,
            "round": r.number if r is not None else m.rounds_done + (0 if state.phase == FINISHED_PHASE else 1),
            "to_act": list(to_act),
            "hand": None,
            "history": [h.to_json() for h in m.history],
        }
        if seat is None:
            out["legal_actions"] = [a.to_json() for s in to_act for a in self.legal_actions(state, s)]
        else:
            out["legal_actions"] = [a.to_json() for a in self.legal_actions(state, seat)]
        if r is None:
            if m.mode == "table":  # between rounds and once the match is over: the last round's
                out["revokes"] = [v.to_json() for v in m.history[-1].revokes] if m.history else []
            return out
        n = m.players
        if state.hands is not None:
            if seat is not None:
                out["hand"] = texts_of(state.hands[seat])
            else:
                out["hands"] = [texts_of(h) for h in state.hands]
        out["hand_size"] = r.hand_size
        played = len(state.done)
        in_trick = {(state.leader + i) % n for i in range(len(state.trick))}
        out["cards_left"] = [r.hand_size - played - (s in in_trick) for s in range(n)]
        out["trump"] = r.trump.value if r.trump is not None else None
        out["turn_up"] = r.turn_up.text if r.turn_up is not None else None
        out["bidding"] = self._bidding_view(state, r, seat)
        out["trick"] = {"number": played + 1, "leader": state.leader, "plays": plays_json(state.leader, state.trick, n)}
        out["tricks"] = [
            {"number": i + 1, "leader": t.leader, "winner": t.winner, "plays": plays_json(t.leader, t.cards, n)}
            for i, t in enumerate(state.done)
        ]
        out["tricks_won"] = list(state.tricks_won)
        if m.mode == "table":
            out["revokes"] = [v.to_json() for v in r.revokes]
            out["round_result_allowed"] = not state.trick and not state.done
        return out

    def _bidding_view(self, state: BoerenbridgeState, r: RoundSetup, seat: int | None) -> dict[str, Any]:
        o = state.match.options
        revealed = _revealed(r, state.bids, o["bidding_mode"])
        bids: list[int | None] = []
        status: list[str] = []
        for i, b in enumerate(state.bids):
            visible = seat is None or seat == i or revealed or i == r.hook
            bids.append(b if visible else None)
            if not r.active[i]:
                status.append("non_bidder")
            elif b is None:
                status.append("waiting")
            else:
                status.append("bid" if visible else "sealed")
        forbidden = None
        if r.hook is not None and r.hook_rule and revealed:
            forbidden = _forbidden_for(r, state.bids, r.hook)
        open_ = state.phase in (TRUMP, PLAY) and not state.trick and not state.done and _can_revise(r, state.bids)
        return {
            "mode": o["bidding_mode"],
            "active": list(r.active),
            "bids": bids,
            "status": status,
            "revealed": revealed,
            "hook_player": r.hook,
            "hook_rule": r.hook_rule,
            "forbidden_bid": forbidden,
            "reviser": r.reviser,
            "revision_open": open_,
            "trump_chooser": r.trump_chooser,
        }

    def public_action(self, action: Action, viewer: int | None) -> dict[str, Any]:
        """Bids may be sealed (§6.4): another seat's bid is shown without its amount (the view's
        ``bidding.bids`` shows each bid once it is revealed)."""
        out = super().public_action(action, viewer)
        if action.type == "bid" and viewer is not None and action.seat != viewer:
            out.pop("amount", None)
        return out


# ------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------


def _check_deck(deck: Sequence[Card]) -> tuple[Sequence[Card], list[int]]:
    """The deck as Cards, and each card's bit (``handmask.BIT``); raise unless it is the 52 cards."""
    if len(deck) != opts.PACK_SIZE:
        raise InvalidInput(f"the deck to deal from must hold the 52 cards; got {len(deck)}")
    if set(map(type, deck)) != {Card}:
        deck = [Card.parse(c) for c in deck]
    bits = [BIT[c.index] for c in deck]
    if len(set(bits)) != opts.PACK_SIZE:
        raise InvalidInput("the deck to deal from holds a card twice")
    return deck, bits


def _judge(hand: tuple[Card, ...], trick: tuple[Play, ...], ctx: TrickContext, options: Options) -> PlayVerdict:
    """``legal_plays`` as ``find_revokes`` asks it of a state's own records (``base.Judge``): the
    verdict without the checks of input, which those records never fail. ``_verdict`` reads only
    the lead of the trick."""
    return _verdict(hand, (trick[0].card,) if trick else ())


def _verdict(hand: tuple[Card, ...], trick: Sequence[Card]) -> PlayVerdict:
    if not trick:
        return PlayVerdict(hand, "no_constraint", "leading: any card may be played")
    led = trick[0].suit
    follow = tuple(c for c in hand if c.suit is led)
    if follow:
        return PlayVerdict(follow, "must_follow_suit", f"must follow {SUIT_NAMES[led]}, the suit led")
    return PlayVerdict(hand, "no_constraint", f"no {SUIT_NAMES[led]} in hand: any card may be played")


def _bidders_to_act(r: RoundSetup, bids: tuple[int | None, ...], mode: str) -> tuple[int, ...]:
    """Sequential: the next active bidder clockwise from the dealer's left. Simultaneous: every
    active bidder but the hook player who has not bid yet, then the hook player (§6.4)."""
    order = _ORDER[len(bids)][r.dealer]
    active = r.active
    if mode == "sequential":
        for s in order:
            if active[s] and bids[s] is None:
                return _SEAT[s]
        return ()
    hook = r.hook
    sealed = tuple(s for s in order if active[s] and s != hook and bids[s] is None)
    if sealed:
        return sealed
    if hook is not None and bids[hook] is None:
        return _SEAT[hook]
    return ()


def _forbidden_for(r: RoundSetup, bids: tuple[int | None, ...], seat: int) -> int | None:
    if seat != r.hook or not r.hook_rule:
        return None
    others = sum(b for i, b in enumerate(bids) if b is not None and i != seat)
    return forbidden_bid(r.hand_size, others)


def _can_revise(r: RoundSetup, bids: tuple[int | None, ...]) -> bool:
    """Whether the reviser has another bid he may switch to (§6.5); with one card each and the
    hook rule on, his only allowed bid may be the one he made."""
    seat = r.reviser
    if seat is None:
        return False
    if r.hand_size > 1:
        return True
    banned = _forbidden_for(r, bids, seat)
    return any(a != banned and a != bids[seat] for a in range(r.hand_size + 1))


def _highest_bidder(r: RoundSetup, bids: tuple[int | None, ...]) -> int | None:
    """The highest bid; equal highest: the first of them clockwise from the dealer's left."""
    best: int | None = None
    best_bid = -1
    for s in _ORDER[len(bids)][r.dealer]:
        b = bids[s]
        if b is not None and b > best_bid:
            best, best_bid = s, b
    return best


def legal_mask(hand: int, led: Card | None) -> int:
    """Follow suit if able, else any card (§7): the legal part of ``hand`` (a mask)."""
    if led is None:
        return hand
    return hand & SUIT_MASKS[led.index // SUIT_BITS] or hand


def _revealed(r: RoundSetup, bids: tuple[int | None, ...], mode: str) -> bool:
    """Sequential bids are public; sealed bids are revealed when every one of them is in (§6.4)."""
    if mode == "sequential":
        return True
    return all(b is not None for i, b in enumerate(bids) if r.active[i] and i != r.hook)


def _records(
    r: RoundSetup, done: Sequence[TrickDone], trick: Sequence[Card], n: int, leader: int
) -> list[TrickRecord]:
    """The round's tricks as ``find_revokes`` reads them (``leader`` leads the trick in progress):
    ``TrickRecord.clockwise`` from tables made once."""
    ctx = TrickContext(trump=r.trump)
    seats = _CLOCKWISE[n]
    plays = _PLAYS
    out = [TrickRecord(seats[t.leader][:len(t.cards)], tuple([plays[c.index] for c in t.cards]), ctx) for t in done]
    if trick:
        out.append(TrickRecord(seats[leader][:len(trick)], tuple([plays[c.index] for c in trick]), ctx))
    return out


BOERENBRIDGE = Boerenbridge()
