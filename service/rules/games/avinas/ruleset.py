"""Avinas: four players in two fixed partnerships, 32 cards, rams and pips (rules/avinas.md).

What this module implements, by section of the spec:

* §1-§3: seats 0-3 clockwise, team A = seats 0 and 2 (team index 0), team B = seats 1 and 3; the
  32-card pack (``deck``); the deal passes to the left after every hand, thrown-in hands included.
* §4: the deal in fours, starting left of the dealer, two rounds. Every player's #4 and #8 (the
  last card of each packet) is an *exposure position*: the dealer's opponents' are face up for all;
  the dealer's and his partner's are examined by the dealer and turned face up only if sevens.
  The knowledge model of §4.3 is enforced in ``view``: a seat sees its own hand, the public
  exposures, and (the dealer only) his partner's examined non-sevens; a face-down lead is seen by
  its leader only until the fourth card of the trick is down; played cards are public. Errors
  quote only the acting seat's own cards.
* §5.1 sevens game: the last exposed seven in dealing order (D+1#4, D+2#4, D+3#4, D#4, D+1#8 ...)
  fixes trumps and the declarer. §6 knocking: declarer, then partner, may knock (all 8 tricks,
  stake doubled); after a declaring-side knock the defender left of the declarer, then the other,
  may knock back (doubled again). Options ``defenders_knock_requires_knock``,
  ``knock_in_pips_game``.
* §5.2 no-seven game: the auction (``declare`` n / ``pass``; ``auction_rounds`` single or
  continuous; ``min_declaration``..8, strictly rising); all pass → the hand is thrown in and the
  deal passes on. The declarer leads; a natural card fixes trumps to its suit, a Queen or Jack lead
  names the suit (``suit`` on the ``play`` action). A declarer holding no trump for the suit he
  names (a liar) may name it and lead any card face up. The lie check (§8.3) compares the dealt
  hand's count (``declaration_count``) with the declaration when the hand ends.
* §7 play: tricks 1 and 2 must be led with a trump by a leader who holds one, and are followed as
  if a trump had been led (trump if you can); the trick-2 leader without a trump leads any card,
  face up or face down (``play`` with ``face_down: true``; hint with ``amount`` 1 = valuable,
  0 = worthless when ``facedown_signal`` is on). Tricks 3-8 follow the effective suit.
  ``trump_lead_obligation``, ``no_trump_followed_winner``. §7.4 the declarer's ``stop`` between
  tricks (no-seven game; ``stop_in_sevens_game``), the unplayed cards going to
  ``stop_remainder_to``.
* §8-§10 scoring: see ``scoring`` (61 to win, all tricks after a knock; tiers; rams with
  cancellation; pips; the end at ``pips_to_end`` with the three winner rules; ``max_hands``).

Table mode (hands unknown): after ``deal(state, None)`` the referee reports the 8 exposure
positions in dealing order, one ``expose`` action each (``seat`` = the holder; ``cards`` = [the
card] for the dealer's opponents, [a seven] or [] for the dealer's side), then the knocks or the
auction and every card as played, or, before the first card, the whole hand as one
``round_result`` (the score facts). Revokes are recorded with ``base.find_revokes`` (every Avinas
obligation is "if you hold one you must play one", so all contexts are monotone).

Table mode also refuses a play that the shown cards make impossible: a card already played or
exposed in another hand, a face-down trump, and any card but a seat's exposed ones once those are
all it has left.

Views: ``scores`` are the pips per team (what ends the match); ``rams`` and ``pips`` are listed
too. ``exposures`` has one entry per #4/#8 position in dealing order, at the same place in every
seat's view, with its ``card`` (and whether it was ``played``) only where that seat may see it.
The current trick shows a face-down lead without its card to everyone but its leader; the
completed tricks show every card. A seat's ``legal_actions`` in table mode (every card it may be
reported playing) count a face-down lead as unseen, so they do not betray it either. ``history``
lists the finished hands still in the state; ``last_hand_explanation`` says how the last one was
scored. ``archive`` takes every finished hand but the last out of the state and returns them as the
view shows them (the same for every seat: a finished hand is public), so a long match's state and
views stay the same size; ``hands_played`` counts every hand, archived or not, and numbers the next.

Helper modules: ``ranking`` (ranking, following, winning), ``scoring`` (score facts,
tiers, rams and pips, the end), ``state`` (the state classes), ``view`` (views),
``options`` (§12).

Trick context for the stateless endpoints: ``ctx.trick_number`` (1-8, None = a trick from 3 on,
unless its lead is face down, which only trick 2 can be); no ``ctx.extra`` keys are read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.rules.base import (
    FINISHED,
    IN_PROGRESS,
    MODES,
    Action,
    Mode,
    Options,
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
    revokes_after_play,
    wrong_phase,
)
from service.rules.cards import DECK_32, SUITS, Card, Rank, Suit, check_distinct
from service.rules.codec import encode
from service.rules.errors import (
    CardAlreadyPlayed,
    CardNotInHand,
    IllegalAction,
    IllegalBid,
    IllegalPlay,
    InvalidAction,
    InvalidFacts,
    InvalidInput,
    MatchOver,
    TooManyPlays,
)
from service.rules.games.avinas.options import OPTION_SPECS
from service.rules.games.avinas.ranking import (
    CARD_POINTS,
    PACK,
    SUIT_NAMES,
    count_for_declaration,
    is_permanent_trump,
    is_trump,
    legal_cards,
    ranking_tables,
    trumps_of,
    winner_of,
)
from service.rules.games.avinas.scoring import (
    HandFacts,
    HandResult,
    max_hands_end,
    parse_facts,
    score_hand,
    team_of,
)
from service.rules.games.avinas.state import (
    AUCTION,
    EXPOSE,
    KNOCK,
    PLAY,
    AvinasState,
    Call,
    Exposure,
    HandRecord,
    HandState,
    KnockCall,
    Trick,
    opponent_of_dealer,
    played_cards,
    position_of,
)
from service.rules.games.avinas.view import hand_view, record_json
from service.rules.slots import evolve

ACTION_TYPES = ("expose", "knock", "pass", "declare", "play", "stop", "round_result")
PHASE_ACTIONS = {
    EXPOSE: ("expose",),
    KNOCK: ("knock", "pass"),
    AUCTION: ("declare", "pass"),
    PLAY: ("play", "stop"),
}
SIGNALS = {1: "valuable", 0: "worthless"}


_SEVEN = Rank.SEVEN
# Actions are values: the ones listed most often are built once per seat (as in Boerenbridge and
# the Forty-Fives family), so that listing a seat's options builds no objects.
#: _PLAY[seat][card]: the face-up play of ``card``
_PLAY = tuple({c: Action("play", s, card=c) for c in DECK_32} for s in range(4))
#: _FACE_DOWN[seat][card]: the face-down lead of ``card`` with each hint of ``_HINTS``, in that order
_HINTS = (None, 1, 0)
_FACE_DOWN = tuple({c: tuple(Action("play", s, card=c, face_down=True, amount=h) for h in _HINTS) for c in DECK_32}
                   for s in range(4))
#: _EXPOSE[seat][card]: the exposure of ``card``; _EXPOSE_NONE[seat]: exposing nothing
_EXPOSE = tuple({c: Action("expose", s, cards=(c,)) for c in DECK_32} for s in range(4))
_EXPOSE_NONE = tuple(Action("expose", s, cards=()) for s in range(4))
_KNOCK_OR_PASS = tuple((Action("knock", s), Action("pass", s)) for s in range(4))
_STOP = tuple(Action("stop", s) for s in range(4))
#: _CLOCKWISE[leader]: the seats of a trick led by ``leader``, in playing order (``Trick.seat_of``)
_CLOCKWISE = tuple(tuple((lead + i) % 4 for i in range(4)) for lead in range(4))


class Avinas(Ruleset):
    id = "avinas"
    name = "Avinas"
    description = (
        "Lithuanian Schafkopf-family game for four in two partnerships with 32 cards: Queens and Jacks are "
        "always trumps, exposed sevens or an auction choose the game, penalties in rams and pips to 12"
    )
    player_counts = (4,)
    default_players = 4
    option_specs = OPTION_SPECS
    state_type = AvinasState
    has_face_down_plays = True

    # --- catalogue ------------------------------------------------------------------------------

    def teams_description(self) -> str | None:
        return "two fixed partnerships, partners opposite: team 0 (A) = seats 0 and 2, team 1 (B) = seats 1 and 3"

    def teams(self, n_players: int) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 2), (1, 3))

    def ranking_tables(self, options: Options) -> dict[str, Any]:
        return ranking_tables()

    def deck(self) -> tuple[Card, ...]:
        return DECK_32

    def max_plays(self, options: Options) -> int:
        return 4

    def _opts(self, options: Options | None) -> Mapping[str, Any]:
        if options is not None and all(s.name in options for s in OPTION_SPECS):
            return options
        return self.validate_options(options)

    # --- bare facts -----------------------------------------------------------------------------

    @staticmethod
    def _check_pack(cards: Sequence[Card], where: str) -> None:
        for c in cards:
            if c not in PACK:
                raise InvalidFacts(f"{c.text} is not in the Avinas pack (A K Q J 10 9 8 7 of each suit)")
        check_distinct(cards, where)

    @staticmethod
    def _ctx(ctx: TrickContext) -> tuple[Suit, int | None]:
        if ctx.trump is None:
            raise InvalidFacts(
                "an Avinas trick always has a trump suit (the last exposed seven's, or the one the no-seven "
                "declarer's opening lead fixes): give 'trump'"
            )
        n = ctx.trick_number
        if n is not None and not (is_json_int(n) and 1 <= n <= 8):
            raise InvalidFacts(f"'trick_number' is from 1 to 8 in Avinas; got {n!r}")
        return ctx.trump, n

    @staticmethod
    def _check_face_down(plays: Sequence[Play], trump: Suit, n: int | None) -> None:
        for i, p in enumerate(plays):
            if not p.face_down:
                continue
            if i:
                raise InvalidFacts("only the lead of a trick can be face down (§7.2)")
            if n not in (None, 2):
                raise InvalidFacts(f"only trick 2 can be led face down (§7.2), not trick {n}")
            if is_trump(p.card, trump):
                raise InvalidFacts(
                    f"{p.card.text} is a trump: a face-down lead is only for a trick-2 leader without trumps"
                )

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Options) -> TrickOutcome:
        opts = self._opts(options)
        trump, n = self._ctx(ctx)
        if not plays:
            raise InvalidFacts("a trick needs at least one play")
        if len(plays) > 4:
            raise TooManyPlays(f"an Avinas trick has at most 4 plays; got {len(plays)}")
        self._check_pack([p.card for p in plays], "the trick")
        self._check_face_down(plays, trump, n)
        index, reason = winner_of(plays, trump, n, opts)
        return TrickOutcome(index, plays[index].card, reason)

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Options
    ) -> PlayVerdict:
        opts = self._opts(options)
        trump, n = self._ctx(ctx)
        if len(trick) >= 4:
            raise TooManyPlays("the trick already has its 4 plays")
        if len(hand) > 8:
            raise InvalidFacts(f"an Avinas hand has at most 8 cards; got {len(hand)}")
        self._check_pack(hand, "the hand")
        self._check_pack([p.card for p in trick], "the trick")
        check_distinct([*hand, *(p.card for p in trick)], "the hand and the trick")
        self._check_face_down(trick, trump, n)
        legal, code, rule = legal_cards(hand, trick, trump, n, opts)
        return PlayVerdict(legal, code, rule)

    def score_round(self, facts: Mapping[str, Any], options: Options) -> RoundScore:
        opts = self._opts(options)
        hand, rams, pips = parse_facts(facts, opts)
        return score_hand(hand, rams, pips, opts).round_score()

    # --- match setup ----------------------------------------------------------------------------

    def new_match(self, options: Options, n_players: int, dealer: int, mode: Mode) -> AvinasState:
        self.check_players(n_players)
        if mode not in MODES:
            raise InvalidInput(f"'mode' must be 'dealt' or 'table'; got {mode!r}")
        if not is_json_int(dealer) or not 0 <= dealer < 4:
            raise InvalidInput(f"'dealer' must be a seat from 0 to 3; got {dealer!r}")
        return AvinasState(options=self._opts(options), mode=mode, dealer=dealer)

    def needs_deal(self, state: AvinasState) -> bool:
        return state.status == IN_PROGRESS and state.hand is None

    def status(self, state: AvinasState) -> str:
        return state.status

    def deal(self, state: AvinasState, deck: Sequence[Card] | None) -> AvinasState:
        if state.status == FINISHED:
            raise MatchOver("the match is over")
        if state.hand is not None:
            raise wrong_phase("a hand is in progress; it must end before the next deal",
                              self._phase_types(state, state.hand))
        dealer = state.dealer
        number = state.hands_played + 1
        if state.mode == "table":
            if deck is not None:
                raise InvalidInput("in table mode the cards are dealt at the table: deal with no deck")
            return evolve(state, hand=HandState(number, dealer, EXPOSE, None, None))
        if deck is None or len(deck) != 32 or set(deck) != PACK:
            raise InvalidInput("a dealt Avinas hand needs the whole 32-card pack, each card once")
        got: list[list[Card]] = [[], [], [], []]
        i = 0
        for _packet in range(2):
            for off in (1, 2, 3, 4):
                got[(dealer + off) % 4].extend(deck[i : i + 4])
                i += 4
        dealt = tuple(tuple(h) for h in got)
        exposures = []
        for index in range(8):
            seat, position = position_of(index, dealer)
            c = dealt[seat][position - 1]
            exposures.append(Exposure(seat, position, c, opponent_of_dealer(seat, dealer) or c.rank is _SEVEN))
        hand = HandState(number, dealer, EXPOSE, dealt, dealt, tuple(exposures))
        return evolve(state, hand=self._after_exposures(hand, state.options))

    @staticmethod
    def _after_exposures(hand: HandState, opts: Mapping[str, Any]) -> HandState:
        sevens = [e for e in hand.exposures if e.public and e.card is not None and e.card.rank is _SEVEN]
        if not sevens:
            return evolve(hand, phase=AUCTION, game="no_seven")
        last = sevens[-1]
        assert last.card is not None
        return evolve(hand, phase=KNOCK, game="sevens", trump=last.card.suit, declarer=last.seat)

    # --- whose turn -----------------------------------------------------------------------------

    @staticmethod
    def _knock_turn(hand: HandState, opts: Mapping[str, Any]) -> int | None:
        decl = hand.declarer
        assert decl is not None
        said = {k.seat: k.knocked for k in hand.knocks}
        partner, left, right = (decl + 2) % 4, (decl + 1) % 4, (decl + 3) % 4
        if decl not in said:
            return decl
        if not said[decl] and partner not in said:
            return partner
        if not (said[decl] or said.get(partner)) and opts["defenders_knock_requires_knock"]:
            return None
        if left not in said:
            return left
        if not said[left] and right not in said:
            return right
        return None

    @staticmethod
    def _auction_turn(hand: HandState, opts: Mapping[str, Any]) -> int | None:
        calls = hand.calls
        first = (hand.dealer + 1) % 4
        if opts["auction_rounds"] == "single":
            return (first + len(calls)) % 4 if len(calls) < 4 else None
        if not calls:
            return first
        passed = {c.seat for c in calls if c.amount is None}
        high = next((c for c in reversed(calls) if c.amount is not None), None)
        if len(passed) == 4 or (high is not None and len(passed) == 3):
            return None
        seat = (calls[-1].seat + 1) % 4
        while seat in passed:
            seat = (seat + 1) % 4
        return seat

    @staticmethod
    def _high_call(hand: HandState) -> Call | None:
        return next((c for c in reversed(hand.calls) if c.amount is not None), None)

    def _may_stop(self, hand: HandState, opts: Mapping[str, Any]) -> bool:
        cur = hand.current
        if cur is None or cur.plays or not 1 <= len(hand.tricks) <= 7:
            return False
        return hand.game == "no_seven" or bool(opts["stop_in_sevens_game"])

    def to_act(self, state: AvinasState) -> tuple[int, ...]:
        hand = state.hand
        if state.status == FINISHED or hand is None:
            return ()
        opts = state.options
        if hand.phase == EXPOSE:
            return (position_of(len(hand.exposures), hand.dealer)[0],)
        if hand.phase == KNOCK:
            seat = self._knock_turn(hand, opts)
            return () if seat is None else (seat,)
        if hand.phase == AUCTION:
            seat = self._auction_turn(hand, opts)
            return () if seat is None else (seat,)
        cur = hand.current
        assert cur is not None
        nxt = cur.seat_of(len(cur.plays))
        if hand.declarer is not None and hand.declarer != nxt and self._may_stop(hand, opts):
            return (nxt, hand.declarer)
        return (nxt,)

    # --- legal actions --------------------------------------------------------------------------

    def legal_actions(self, state: AvinasState, seat: int) -> list[Action]:
        return self._actions(state, seat, None)

    def _actions(self, state: AvinasState, seat: int, viewer: int | None) -> list[Action]:
        """``seat``'s legal actions; with ``viewer``, as that seat can know them (table mode: a
        face-down lead not yet turned up still counts as unseen, so the list does not betray it)."""
        hand = state.hand
        if hand is None or state.status == FINISHED or seat not in self.to_act(state):
            return []
        opts = state.options
        if hand.phase == EXPOSE:
            return self._expose_actions(state, hand, seat)
        if hand.phase == KNOCK:
            return list(_KNOCK_OR_PASS[seat])
        if hand.phase == AUCTION:
            high = self._high_call(hand)
            low = max(opts["min_declaration"], (high.amount or 0) + 1 if high else 0)
            return [Action("pass", seat)] + [Action("declare", seat, amount=n) for n in range(low, 9)]
        out: list[Action] = []
        cur = hand.current
        assert cur is not None
        if cur.seat_of(len(cur.plays)) == seat:
            out.extend(self._play_actions(state, hand, cur, seat, viewer))
        if seat == hand.declarer and self._may_stop(hand, opts):
            out.append(_STOP[seat])
        return out

    def _expose_actions(self, state: AvinasState, hand: HandState, seat: int) -> list[Action]:
        seen = {e.card for e in hand.exposures if e.card is not None}
        if opponent_of_dealer(seat, hand.dealer):
            return [action for c, action in _EXPOSE[seat].items() if c not in seen]
        exposes = _EXPOSE[seat]
        return [_EXPOSE_NONE[seat]] + [exposes[c] for c in DECK_32 if c.rank is _SEVEN and c not in seen]

    def _candidates(self, hand: HandState, seat: int, viewer: int | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` might play: its hand (dealt mode) or every card not yet seen elsewhere
        (by ``viewer``, when given)."""
        if hand.hands is not None:
            return hand.hands[seat]
        forced = self._only_exposed_left(hand, seat)
        if forced:
            return forced
        gone = self._seen_elsewhere(hand, seat, viewer)
        return tuple(c for c in DECK_32 if c not in gone)

    def _only_exposed_left(self, hand: HandState, seat: int) -> tuple[Card, ...]:
        """Table mode: when a seat's remaining cards are all exposed ones, those (else empty)."""
        played = played_cards(hand)
        shown = tuple(e.card for e in hand.exposures if e.seat == seat and e.card is not None and e.card not in played)
        if not shown:
            return ()
        tricks = list(hand.tricks) + ([hand.current] if hand.current is not None else [])
        count = sum(1 for t in tricks for i in range(len(t.plays)) if t.seat_of(i) == seat)
        return shown if len(shown) >= 8 - count else ()

    def _seen_elsewhere(self, hand: HandState, seat: int, viewer: int | None = None) -> dict[Card, str]:
        """Cards ``seat`` cannot hold (table mode), with why: played, or exposed in another hand."""
        gone = {c: "has already been played" for c in played_cards(hand, viewer)}
        for e in hand.exposures:
            if e.card is not None and e.seat != seat and e.card not in gone:
                gone[e.card] = f"was exposed in seat {e.seat}'s hand"
        return gone

    def _opening_no_seven(self, hand: HandState, cur: Trick) -> bool:
        return hand.game == "no_seven" and cur.number == 1 and not cur.plays and hand.trump is None

    def _play_actions(
        self, state: AvinasState, hand: HandState, cur: Trick, seat: int, viewer: int | None = None
    ) -> list[Action]:
        opts = state.options
        cards = self._candidates(hand, seat, viewer)
        table = hand.hands is None
        if self._opening_no_seven(hand, cur):
            out: list[Action] = []
            no_qj = table or not any(is_permanent_trump(c) for c in cards)
            held = {x.suit for x in cards}
            for c in cards:
                if is_permanent_trump(c):
                    out.extend(Action("play", seat, card=c, suit=s) for s in SUITS)
                    continue
                out.append(_PLAY[seat][c])
                if no_qj:
                    out.extend(
                        Action("play", seat, card=c, suit=s)
                        for s in SUITS
                        if s is not c.suit and (table or s not in held)
                    )
            return out
        trump = hand.trump
        assert trump is not None
        if table:
            legal: Sequence[Card] = cards
        else:
            legal = legal_cards(cards, cur.plays, trump, cur.number, opts)[0]
        plays = _PLAY[seat]
        out = [plays[c] for c in legal]
        if not cur.plays and cur.number == 2 and (table or not trumps_of(cards, trump)):
            face_down = _FACE_DOWN[seat]
            hints = len(_HINTS) if opts["facedown_signal"] else 1
            out.extend(a for c in legal if not is_trump(c, trump) for a in face_down[c][:hints])
        return out

    # --- apply ----------------------------------------------------------------------------------

    def _legal_json(self, state: AvinasState, seat: int | None) -> list[Any]:
        """The legal actions of ``seat`` as that seat may know them (a face-down lead counts as unseen,
        as in its view), for its refusals; ``None``: every seat to act, as the referee sees them."""
        if seat is None:
            return [a.to_json() for s in self.to_act(state) for a in self.legal_actions(state, s)]
        return [a.to_json() for a in self._actions(state, seat, seat)]

    def _phase_types(self, state: AvinasState, hand: HandState) -> list[str]:
        """The action types the phase takes now (a ``wrong_phase`` refusal's ``legal``)."""
        types = list(PHASE_ACTIONS[hand.phase])
        if state.mode == "table" and not hand.tricks and not (hand.current is not None and hand.current.plays):
            types.append("round_result")
        return types

    def apply(self, state: AvinasState, action: Action) -> AvinasState:
        if action.type not in ACTION_TYPES:
            raise InvalidAction(
                f"Avinas has no action {action.type!r}; its actions are {', '.join(ACTION_TYPES)}",
                legal=list(ACTION_TYPES),
            )
        if state.status == FINISHED:
            raise MatchOver("the match is over")
        hand = state.hand
        if hand is None:
            raise wrong_phase("the next hand must be dealt first", ())
        if action.type == "round_result":
            return self._round_result(state, hand, action)
        accepted = PHASE_ACTIONS[hand.phase]
        if action.type not in accepted:
            raise wrong_phase(
                f"the {hand.phase} phase takes {' or '.join(accepted)}, not {action.type}",
                self._phase_types(state, hand),
            )
        seat = acting_seat(action, 4)
        if action.type == "stop":
            self._check_stop(state, hand, seat)
        to_act = self.to_act(state)
        if seat not in to_act:
            raise not_your_turn(f"seat {seat} is not to act; waiting for seat {' or '.join(map(str, to_act))}", to_act)
        if action.type == "play" and seat != to_act[0]:  # the declarer, who may stop, is listed second
            raise not_your_turn(f"seat {to_act[0]} is to play, not seat {seat} (who may stop play, §7.4)", to_act)
        if hand.phase == EXPOSE:
            new_hand = self._apply_expose(state, hand, action)
        elif hand.phase == KNOCK:
            new_hand = self._apply_knock(state, hand, action)
        elif hand.phase == AUCTION:
            return self._apply_call(state, hand, action)
        elif action.type == "stop":
            return self._finish_played(state, hand, stopped=True)
        else:
            new_hand = self._apply_play(state, hand, action)
            cur = new_hand.current
            if cur is None:
                return self._finish_played(state, new_hand, stopped=False)
        return evolve(state, hand=new_hand)

    def _apply_expose(self, state: AvinasState, hand: HandState, action: Action) -> HandState:
        seat = action.seat
        assert seat is not None
        given = action.cards if action.cards is not None else ((action.card,) if action.card is not None else None)
        if given is None:
            raise InvalidAction("an expose action needs 'cards': the exposed card, or [] for none")
        index = len(hand.exposures)
        _, position = position_of(index, hand.dealer)
        legal = [a.to_json() for a in self._expose_actions(state, hand, seat)]
        public_side = opponent_of_dealer(seat, hand.dealer)
        if public_side and len(given) != 1:
            raise IllegalAction(
                f"seat {seat}'s #{position} card is turned face up for everybody: report exactly that card",
                code="exposure_required", legal=legal,
            )
        if len(given) > 1:
            raise IllegalAction(f"each exposure is one card (seat {seat}'s #{position})",
                                code="one_card_per_exposure", legal=legal)
        c = given[0] if given else None
        if c is not None:
            if c not in PACK:
                raise IllegalPlay(f"{c.text} is not in the Avinas pack", code="card_not_in_pack", legal=legal)
            if not public_side and c.rank is not _SEVEN:
                raise IllegalAction(
                    f"the dealer's side exposes only sevens (§4.2); seat {seat}'s #{position} "
                    f"{c.text} stays hidden: report []",
                    code="only_sevens_exposed", legal=legal,
                )
            if any(e.card is c for e in hand.exposures):
                raise CardAlreadyPlayed(f"{c.text} was already exposed", legal=legal)
        exposures = (*hand.exposures, Exposure(seat, position, c, c is not None))
        new = evolve(hand, exposures=exposures)
        if len(exposures) == 8:
            new = self._after_exposures(new, state.options)
        return new

    def _apply_knock(self, state: AvinasState, hand: HandState, action: Action) -> HandState:
        seat = action.seat
        assert seat is not None
        knocks = (*hand.knocks, KnockCall(seat, action.type == "knock"))
        new = evolve(hand, knocks=knocks)
        if self._knock_turn(new, state.options) is None:
            new = evolve(new, phase=PLAY, current=Trick(1, new.declarer or 0))
        return new

    def _apply_call(self, state: AvinasState, hand: HandState, action: Action) -> AvinasState:
        seat = action.seat
        assert seat is not None
        opts = state.options
        amount: int | None = None
        if action.type == "declare":
            amount = action.amount
            legal = self._legal_json(state, seat)
            if amount is None:
                raise InvalidAction("a declaration needs an 'amount' (how many trumps)", legal=legal)
            lo = opts["min_declaration"]
            if not lo <= amount <= 8:
                raise IllegalBid(
                    f"a declaration is a number from {lo} to 8; got {amount}",
                    code="declaration_out_of_range", legal=legal,
                )
            high = self._high_call(hand)
            if high is not None and high.amount is not None and amount <= high.amount:
                raise IllegalBid(
                    f"a declaration must be higher than seat {high.seat}'s {high.amount}; got {amount}",
                    code="declaration_too_low", legal=legal,
                )
        new = evolve(hand, calls=(*hand.calls, Call(seat, amount)))
        if self._auction_turn(new, opts) is not None:
            return evolve(state, hand=new)
        high = self._high_call(new)
        if high is None:
            record = HandRecord(
                number=hand.number, dealer=hand.dealer, outcome="thrown_in", source="auction", game="no_seven",
                rams=state.rams, pips=state.pips,
                explanation=("no seven exposed and every player passed: no score, the deal passes to the left",),
            )
            return self._close_hand(state, record, None)
        new = evolve(new, declarer=high.seat, declared=high.amount)
        if opts["knock_in_pips_game"]:
            new = evolve(new, phase=KNOCK)
        else:
            new = evolve(new, phase=PLAY, current=Trick(1, high.seat))
        return evolve(state, hand=new)

    def _check_stop(self, state: AvinasState, hand: HandState, seat: int) -> None:
        opts = state.options
        legal = self._legal_json(state, seat)
        if seat != hand.declarer:
            raise IllegalAction("only the declarer may stop play (§7.4)", code="stop_not_allowed", legal=legal)
        if hand.game == "sevens" and not opts["stop_in_sevens_game"]:
            raise IllegalAction(
                "the declarer may stop only in the no-seven game (option stop_in_sevens_game is false)",
                code="stop_not_allowed", legal=legal,
            )
        if not self._may_stop(hand, opts):
            raise IllegalAction(
                "the declarer may stop only between tricks, after the first and before the last (§7.4)",
                code="stop_not_allowed", legal=legal,
            )

    def _apply_play(self, state: AvinasState, hand: HandState, action: Action) -> HandState:
        seat = action.seat
        assert seat is not None
        c = action.card
        opts = state.options
        cur = hand.current
        assert cur is not None
        before_hand, before_trick = hand, cur

        def legal() -> list[Any]:
            return [a.to_json() for a in self._play_actions(state, before_hand, before_trick, seat, seat)]

        if c is None:
            raise InvalidAction("a play needs a 'card'", legal=legal())
        if c not in PACK:
            raise IllegalPlay(f"{c.text} is not in the Avinas pack", code="card_not_in_pack", legal=legal())
        leading = not cur.plays
        opening = self._opening_no_seven(hand, cur)
        if action.suit is not None and not opening:
            raise InvalidAction("a suit is named only with the no-seven declarer's opening lead", legal=legal())
        signal: str | None = None
        if action.amount is not None:
            if not (opts["facedown_signal"] and action.face_down and action.amount in SIGNALS):
                raise InvalidAction(
                    "'amount' on a play is the face-down lead's hint (1 = valuable, 0 = worthless), "
                    "only with option facedown_signal",
                    legal=legal(),
                )
            signal = SIGNALS[action.amount]
        if action.face_down and not (leading and cur.number == 2):
            raise IllegalPlay("only the leader of trick 2 may lead face down (§7.2)",
                              code="face_down_not_allowed", legal=legal())
        table = hand.hands is None
        if table:
            gone = self._seen_elsewhere(hand, seat)
            if c in gone:
                raise CardAlreadyPlayed(f"{c.text} {gone[c]}", legal=legal())
            forced = self._only_exposed_left(hand, seat)
            if forced and c not in forced:
                raise CardNotInHand(
                    f"seat {seat}'s remaining cards are its exposed {', '.join(x.text for x in forced)}",
                    legal=legal(),
                )
            held: tuple[Card, ...] = ()
        else:
            assert hand.hands is not None
            held = hand.hands[seat]
            if c not in held:
                raise CardNotInHand(f"{c.text} is not in seat {seat}'s hand", legal=legal())
        trump = hand.trump
        if opening:
            if is_permanent_trump(c):
                if action.suit is None:
                    raise IllegalPlay(
                        f"{c.text} is a trump in every suit: name the trump suit with the lead (§7.1)",
                        code="must_name_trump", legal=legal(),
                    )
                trump = action.suit
            elif action.suit is None or action.suit is c.suit:
                trump = c.suit
            else:
                trump = action.suit
                if not table and trumps_of(held, trump):
                    raise IllegalPlay(
                        f"holding a trump for {SUIT_NAMES[trump]}, the declarer must lead one (§7.1)",
                        code="must_lead_trump", legal=legal(),
                    )
            hand = evolve(hand, trump=trump)
        else:
            assert trump is not None
            if not table:
                verdict, code, rule = legal_cards(held, cur.plays, trump, cur.number, opts)
                if c not in verdict:
                    raise IllegalPlay(f"{c.text} may not be played: {rule}", code=code, legal=legal())
        assert trump is not None
        if action.face_down:
            if is_trump(c, trump):
                raise IllegalPlay(
                    f"{c.text} is a trump: a leader holding a trump leads it face up (§7.2)",
                    code="face_down_not_allowed", legal=legal(),
                )
            if not table and trumps_of(held, trump):
                raise IllegalPlay("the leader holds a trump and must lead one face up (§7.2)",
                                  code="face_down_not_allowed", legal=legal())
        plays = (*cur.plays, Play(c, action.face_down))
        cur = evolve(cur, plays=plays, signal=signal if leading else cur.signal)
        hands = hand.hands
        if hands is not None:
            hands = tuple(tuple(x for x in h if x is not c) if i == seat else h for i, h in enumerate(hands))
        if len(plays) < 4:
            hand = evolve(hand, current=cur, hands=hands)
        else:
            index, reason = winner_of(plays, trump, cur.number, opts)
            done = evolve(cur, winner=cur.seat_of(index), points=sum(CARD_POINTS[p.card] for p in plays),
                           reason=reason)
            tricks = (*hand.tricks, done)
            nxt = Trick(done.number + 1, done.winner or 0) if len(tricks) < 8 else None
            hand = evolve(hand, tricks=tricks, current=nxt, hands=hands)
        if table:
            complete = hand.current is None
            hand = evolve(hand, revokes=self._revokes(hand, opts, complete, None if complete else seat))
        return hand

    def _revokes(
        self, hand: HandState, opts: Mapping[str, Any], complete: bool, played_by: int | None = None
    ) -> tuple[Revoke, ...]:
        """Revokes provable from the table's reports (table mode).

        Besides the cards each seat played later, its exposed cards not yet played were in its hand
        all along: they are passed to ``find_revokes`` as one extra, unjudged record per seat after
        the real tricks, so that a revoke shows as soon as an exposed card proves it.

        ``played_by``: the seat that has just made the last play of ``hand``, whose ``revokes`` are
        then those of the plays before it (this function's answer at the play before, or none at the
        first play, which may fix the trump). Only that seat's plays are judged again
        (``base.revokes_after_play``). Every other seat keeps its plays, the plays before them, their
        tricks' numbers and trump, and its unplayed exposures (a card exposed in another hand is
        refused), so its judgements on the real tricks stand; the extra records, which a new trick
        renumbers, come after the real tricks, and what they find is cut off both ways. Every
        Avinas rule is monotone, so the last play (``complete``) could be judged the same way; it is
        judged whole, as ``revokes_after_play`` asks. The verdicts are ``_judge``'s.
        """
        trump = hand.trump
        assert trump is not None
        tricks = list(hand.tricks)
        if hand.current is not None and hand.current.plays:
            tricks.append(hand.current)
        records = [TrickRecord(_CLOCKWISE[t.leader][:len(t.plays)], t.plays, TrickContext(trump, t.number))
                   for t in tricks]
        played = 0  # played_cards(hand), as a mask
        for t in tricks:
            for p in t.plays:
                played |= 1 << p.card.index
        held: tuple[list[Play], ...] = ([], [], [], [])
        for e in hand.exposures:
            c = e.card
            if c is not None and not played >> c.index & 1:
                held[e.seat].append(Play(c))
        for seat in range(4):
            if held[seat]:
                records.append(TrickRecord((seat,) * len(held[seat]), tuple(held[seat]), TrickContext(trump, None)))
        if played_by is None:
            found = find_revokes(self, records, opts, round_complete=complete, judge=_judge)
        else:
            found = revokes_after_play(self, hand.revokes, records, opts, played_by, round_complete=complete,
                                       judge=_judge)
        return tuple(r for r in found if r.trick <= len(tricks))

    # --- ending a hand --------------------------------------------------------------------------

    def _lied(self, hand: HandState, opts: Mapping[str, Any]) -> bool:
        if hand.game != "no_seven" or hand.declarer is None or hand.declared is None or hand.trump is None:
            return False
        how = opts["declaration_count"]
        if hand.dealt is not None:
            return count_for_declaration(hand.dealt[hand.declarer], hand.trump, how) < hand.declared
        # table mode: the declarer's cards seen so far; a lie is proven only if even the unseen ones
        # could not make up the number.
        known = {p.card for t in hand.tricks for i, p in enumerate(t.plays) if t.seat_of(i) == hand.declarer}
        known.update(e.card for e in hand.exposures if e.seat == hand.declarer and e.card is not None)
        return count_for_declaration(tuple(known), hand.trump, how) + (8 - len(known)) < hand.declared

    def _finish_played(self, state: AvinasState, hand: HandState, stopped: bool) -> AvinasState:
        opts = state.options
        decl = hand.declarer
        assert decl is not None
        d, o = team_of(decl), 1 - team_of(decl)
        pts, won = [0, 0], [0, 0]
        for t in hand.tricks:
            assert t.winner is not None
            pts[team_of(t.winner)] += t.points
            won[team_of(t.winner)] += 1
        played = len(hand.tricks)
        if stopped and opts["stop_remainder_to"] == "defenders":
            pts[o] += 120 - pts[0] - pts[1]
            won[o] += 8 - played
        knocked = {k.seat for k in hand.knocks if k.knocked}
        declarers_knocked = bool(knocked & {decl, (decl + 2) % 4})
        lied = self._lied(hand, opts)
        revokes = hand.revokes  # in table mode, judged whole at the hand's last play (``_apply_play``)
        facts = HandFacts(
            hand.game or "sevens", decl, len(knocked), declarers_knocked, pts[d], won[d], pts[o], won[o], lied, stopped
        )
        result = score_hand(facts, state.rams, state.pips, opts)
        explanation = result.explanation
        if stopped:
            explanation = (f"the declarer stopped play after trick {played}", *explanation)
        record = self._record(hand, result, "play", explanation, stopped_after=played if stopped else None,
                              revokes=revokes)
        return self._close_hand(state, record, result)

    @staticmethod
    def _record(
        hand: HandState, result: HandResult, source: str, explanation: tuple[str, ...],
        stopped_after: int | None = None, revokes: tuple[Any, ...] = (),
    ) -> HandRecord:
        f = result.facts
        d = result.declaring_team
        pts = [0, 0]
        pts[d], pts[1 - d] = f.declarer_points, f.defender_points
        won = [0, 0]
        won[d], won[1 - d] = f.declarer_tricks, f.defender_tricks
        return HandRecord(
            number=hand.number, dealer=hand.dealer, outcome="scored", source=source, game=f.game,
            declarer=f.declarer, trump=hand.trump, declared=hand.declared, knocks=f.knocks,
            declarers_knocked=f.declarers_knocked, card_points=(pts[0], pts[1]), tricks_won=(won[0], won[1]),
            stopped_after=stopped_after, lied=f.lied, declarer_won=result.declarer_won, loser=result.loser,
            tier=result.charged_tier, due=result.due, unit=result.unit, rams=result.rams, pips=result.pips,
            revokes=revokes, explanation=explanation,
        )

    def _close_hand(self, state: AvinasState, record: HandRecord, result: HandResult | None) -> AvinasState:
        opts = state.options
        rams, pips = (result.rams, result.pips) if result is not None else (state.rams, state.pips)
        played = state.hands_played + 1
        new = evolve(
            state, hand=None, history=(*state.history, record), rams=rams, pips=pips, hands_played=played,
            dealer=(record.dealer + 1) % 4,
        )
        if result is not None and result.match_over:
            return evolve(new, status=FINISHED, winners=result.winners, result=result.result,
                           end_reason=result.explanation[-1])
        limit = opts["max_hands"]
        if limit is not None and played >= limit:
            winners, word, why = max_hands_end(rams, pips, opts)
            return evolve(new, status=FINISHED, winners=winners, result=word, end_reason=why)
        return new

    def _round_result(self, state: AvinasState, hand: HandState, action: Action) -> AvinasState:
        if state.mode != "table":
            raise wrong_phase("a round_result is reported only in table mode; in a dealt match the hand is played",
                              self._phase_types(state, hand))
        if hand.tricks or (hand.current is not None and hand.current.plays):
            raise wrong_phase("this hand's cards are being reported one by one: report them to the end",
                              self._phase_types(state, hand))
        facts = action.result
        if not isinstance(facts, Mapping):
            raise InvalidAction("a round_result needs 'result': the hand's facts (as for the score endpoint)")
        for key, have in (("rams", state.rams), ("pips", state.pips)):
            if key in facts and list(facts[key]) != list(have):
                raise InvalidFacts(f"'{key}' before this hand are {list(have)} in this match; got {facts[key]!r}")
        full = dict(facts)
        full["rams"], full["pips"] = list(state.rams), list(state.pips)
        f, rams, pips = parse_facts(full, state.options)
        self._check_against_table(state, hand, f)
        result = score_hand(f, rams, pips, state.options)
        record = self._record(hand, result, "round_result", result.explanation)
        return self._close_hand(state, record, result)

    def _check_against_table(self, state: AvinasState, hand: HandState, f: HandFacts) -> None:
        """A round_result must agree with what the table already reported for this hand."""
        if hand.game is not None and f.game != hand.game:
            raise InvalidFacts(f"the exposed cards made this a {hand.game.replace('_', '-')} game, not {f.game}")
        if hand.declarer is not None and f.declarer != hand.declarer:
            raise InvalidFacts(f"the declarer of this hand is seat {hand.declarer}, not seat {f.declarer}")
        passed = {c.seat for c in hand.calls if c.amount is None}
        if f.declarer in passed:
            raise InvalidFacts(f"seat {f.declarer} passed in the auction and cannot be the declarer")
        knocked = [k for k in hand.knocks if k.knocked]
        decl = f.declarer
        d_knocked = any(k.seat in (decl, (decl + 2) % 4) for k in knocked)
        if hand.phase == PLAY and (f.knocks != len(knocked) or f.declarers_knocked != d_knocked):
            raise InvalidFacts(
                f"the table reported {len(knocked)} knock(s) for this hand, "
                f"{'including' if d_knocked else 'not including'} one by the declaring side; "
                f"the result says {f.knocks}"
            )
        if f.knocks < len(knocked) or (d_knocked and not f.declarers_knocked):
            raise InvalidFacts(f"the table already reported {len(knocked)} knock(s) for this hand")

    # --- history --------------------------------------------------------------------------------

    def archive(self, state: AvinasState) -> tuple[AvinasState, list[dict[str, Any]]]:
        """Take the finished hands but the last out of ``state.history`` (``Ruleset.archive``). Nothing
        else changes: ``hands_played`` already counts every hand (it numbers hands and ends the match
        at ``max_hands``), whatever ``history`` still holds."""
        history = state.history
        if len(history) <= 1:
            return state, []
        return evolve(state, history=history[-1:]), [record_json(r) for r in history[:-1]]

    # --- views ----------------------------------------------------------------------------------

    def view(self, state: AvinasState, seat: int | None) -> dict[str, Any]:
        if seat is not None and not (is_json_int(seat) and 0 <= seat < 4):
            raise InvalidInput(f"a seat is from 0 to 3; got {seat!r}")
        hand = state.hand
        out: dict[str, Any] = {
            "ruleset": self.id,
            "mode": state.mode,
            "players": state.n_players,
            "teams": [[0, 2], [1, 3]],
            "options": encode(state.options),
            "status": state.status,
            "phase": "finished" if state.status == FINISHED else ("deal" if hand is None else hand.phase),
            "dealer": state.dealer,
            "to_act": list(self.to_act(state)),
            "scores": list(state.pips),
            "scores_are": "pips",
            "rams": list(state.rams),
            "pips": list(state.pips),
            "winners": list(state.winners),
            "result": state.result,
            "end_reason": state.end_reason,
            "hands_played": state.hands_played,
            "history": [record_json(r) for r in state.history],
            "last_hand_explanation": list(state.history[-1].explanation) if state.history else [],
            "hand": None,
            "legal_actions": (
                self._legal_json(state, None)
                if seat is None
                else [a.to_json() for a in self._actions(state, seat, seat)]
            ),
        }
        if hand is None:
            if state.mode == "table":
                last = state.history[-1].revokes if state.history else ()
                out["revokes"] = [r.to_json() for r in last]
            return out
        out.update(hand_view(state, hand, seat))
        return out


def _judge(hand: tuple[Card, ...], trick: tuple[Play, ...], ctx: TrickContext, options: Options) -> PlayVerdict:
    """``legal_plays`` as ``find_revokes`` asks it of a state's own records (``base.Judge``): the same
    verdict without the checks of input (pack, distinct cards, face-down leads, the options), which
    the cards a match state accepted never fail."""
    trump = ctx.trump
    assert trump is not None
    legal, code, rule = legal_cards(hand, trick, trump, ctx.trick_number, options)
    return PlayVerdict(legal, code, rule)


AVINAS = Avinas()

__all__ = ["AVINAS", "Avinas"]
