"""Forty-Fives (``forty_fives``) and Auction Forty-Fives (``auction_forty_fives``), per
``docs/rules/forty-fives.md`` (seeds 001 and 000).

Rules implemented (section numbers of the spec):

* Cards and ranking (§1): 52 cards; the A♥ always the third trump and never a heart when hearts
  are not trump (§1.2); the full orders of §1.3, "highest in red, lowest in black"; the
  renegable 5, J of trumps and A♥ (§1.4); the demoted ace of trumps (§1.5).
* The deal (§2.3, §3.3): five cards each, in batches of 3 then 2 (or 2 then 3) from the dealer's
  left; the turn-up fixes trump (§2.4); the deal passes to the left.
* Robbing (§2.5, §3.4): the holder of the ace of trumps may take the turn-up, discarding face
  down, until their first card; in the partnership game they must otherwise announce, or the ace
  drops to the lowest trump for the deal (``unrobbed_trump_ace``); a turned-up ace belongs to the
  dealer: taken before the first lead (Forty-Fives), or after trick 1 or declined (Auction
  turn-up), or discarded for before the lead (``dealer_turned_ace``).
* Play (§4): follow suit or trump on a plain lead (``plain_lead_rule``); on a trump lead a trump
  must be played unless every trump held is a protected 5/J/A♥ that outranks the led card
  (``renegable_cards``, ``renege_reference``); the A♥-lead clause (``ace_of_hearts_lead``,
  §4.3); the highest trump, else the highest card of the suit led, wins; the winner leads.
* Forty-Fives scoring (§2.7-2.8): 5 a trick, the trick with the highest trump played worth 10
  (``highest_trump_bonus``): 30 a hand, 25 when no trump is played; first to 45 at the end of a
  hand, most points among several, a tie at the top plays another hand (``tie_at_target``).
* Auction Forty-Fives, 4 or 6 players in two partnerships (team 0 = even seats, §3.1), in two
  trump-selection modes (§3.2): ``turn_up`` (default; scored by trick difference or 3-4-5, to 45,
  §3.8-A, §3.9-A) and ``bidding`` (the auction with the dealer's hold, naming trump, the kitty,
  discard and draw, the first lead left of the bidder, §3.6-3.7; bid-or-bust scoring with the
  30 bid worth 60, negative scores, to 120 with the bidder going out first, §3.8-B, §3.9-B).
  Every option of the catalogue (§5) is in ``option_specs`` with its default.

Stateless questions: ``trick_winner`` and ``legal_plays`` read ``ctx.trump`` and
``ctx.demoted`` (the demoted ace, accepted only where the unrobbed-ace rule applies: turn-up
play with ``unrobbed_trump_ace`` other than ``"keeps_rank"``). ``score_round`` reads the round
facts described in ``forty_fives_scoring`` (the full form with every trick, or a summary form with
``tricks_won`` per seat and ``highest_trump_seat``); a table-mode ``round_result`` carries the
same facts. The response adds ``trick_winners`` (full form), ``tricks_won``, ``highest_trump``,
``bonus_seat``, per-team ``team_tricks`` (auction) and, in bidding mode, ``hand_points``, ``made``
and the ``bid``.

Matches: actions ``play`` (card), ``rob`` (card = the discard; no card in table mode),
``decline`` (announce holding the ace of trumps, or refuse a turned-up ace), ``turn_up`` (table
mode: the card turned), ``bid`` (amount), ``pass``, ``hold``, ``name_trump`` (suit), ``discard``
(cards; in table mode the ``amount`` discarded), ``draw`` (card, the dealer picking from the stock
under ``dealer_robs_pack``) and, in table mode, ``round_result`` (result = the round facts, before
any card of the round is reported). The engine lives in ``forty_fives_match`` and
``forty_fives_auction``; the views in ``forty_fives_view``.

History: the state keeps a record of each finished round (``MatchInfo.history``; the card-by-card
tricks of the last one only). ``archive`` takes every record but the last out of the state and
returns them as the view shows them, so a long match's state and views stay the same size; the
state counts them (``MatchInfo.archived``) and plays on exactly as before, round numbers included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

from service.rules.base import (
    FINISHED,
    MODES,
    Action,
    Options,
    Play,
    PlayVerdict,
    RoundScore,
    Ruleset,
    TrickContext,
    TrickOutcome,
    TrickRecord,
    find_revokes,
    is_json_int,
    wrong_phase,
)
from service.rules.cards import SUITS, Card, Rank, Suit, check_distinct
from service.rules.errors import (
    InvalidAction,
    InvalidFacts,
    InvalidInput,
    InvalidOption,
    MatchOver,
    TooManyPlays,
)
from service.rules.games import forty_fives_auction as auction
from service.rules.games import forty_fives_match as engine
from service.rules.games.forty_fives_match import SEAT_TUPLES as _SEAT_TUPLES
from service.rules.games.forty_fives_match import dealt_play as _dealt_play
from service.rules.games.forty_fives_match import play_actions as _play_actions
from service.rules.games.forty_fives_options import (
    AUCTION_SPECS,
    FORTY_FIVES_SPECS,
    Config,
    auction_derived_defaults,
    make_config,
)
from service.rules.games.forty_fives_ranking import (
    legal_mask,
    verdict_text,
    win_reason,
    winner_position,
)
from service.rules.games.forty_fives_scoring import (
    Tally,
    decide_tricks,
    read_facts,
    settle,
    tally_played,
)
from service.rules.games.forty_fives_state import (
    AUCTION,
    DEAL,
    DEALER_DRAW,
    DEALER_ROB,
    DISCARD,
    NAME_TRUMP,
    OVER,
    PLAY,
    TURN_UP,
    Contract,
    FortyFivesState,
    Trick,
)
from service.rules.games.forty_fives_view import build_view, record_json
from service.rules.handmask import mask_of
from service.rules.slots import evolve

MAX_HAND = 5

_CONFIGS: dict[tuple[str, int], tuple[Mapping[str, Any], Config]] = {}
# Matches with the same options share one read-only options mapping (and so one cached Config).
_SHARED_OPTIONS: dict[tuple[Any, ...], Mapping[str, Any]] = {}


class _FortyFivesFamily(Ruleset):
    """What the two games share; the subclasses set the catalogue attributes."""

    players_option: ClassVar[str | None] = "players"

    state_type: ClassVar[type] = FortyFivesState
    action_types: ClassVar[tuple[str, ...]]

    def __init__(self) -> None:
        self._last: tuple[Any, Any] = (None, None)  # the options object seen last, and its Config

    # --- options ----------------------------------------------------------------------------------

    def defaults_for(self, given: Mapping[str, Any]) -> dict[str, Any]:
        out = {s.name: s.default for s in self.option_specs}
        out.update(self.derived_defaults(given))
        return out

    def config(self, options: Options) -> Config:
        """The options digested (cached per options object: a match's options never change)."""
        last = self._last
        if last[0] is options:
            return last[1]
        key = (self.id, id(options))
        hit = _CONFIGS.get(key)
        if hit is not None and hit[0] is options:
            self._last = hit
            return hit[1]
        cfg = make_config(self.id, options, self.defaults_for(options))
        if len(_CONFIGS) > 512:
            _CONFIGS.clear()
        _CONFIGS[key] = self._last = (options, cfg)
        return cfg

    def check_options(self, options: Mapping[str, Any]) -> None:
        floor = options.get("min_bid_at_100")
        values = options.get("bid_values")
        if floor is not None and values and max(values) < floor:
            raise InvalidOption(
                f"option 'min_bid_at_100' ({floor}) is above every bid value {list(values)}: a side at 100 could "
                "never bid", option="min_bid_at_100",
            )

    def ranking_tables(self, options: Options) -> dict[str, Any]:
        cfg = self.config(options)
        out: dict[str, Any] = {}
        for trump in SUITS:
            table = engine.table_for(cfg, trump, False)
            out[trump.value] = {s.value: [c.text for c in table.orders[i]] for i, s in enumerate(SUITS)}
        return out

    # --- stateless questions --------------------------------------------------------------------------

    def _table_for_ctx(self, cfg: Config, ctx: TrickContext) -> Any:
        trump = ctx.trump
        if trump is None:
            raise InvalidFacts("Forty-Fives always has a trump suit: give 'trump' (C, D, H or S)")
        if not isinstance(trump, Suit):
            trump = Suit.parse(trump)
        demoted = ctx.demoted
        if demoted is not None:
            if not isinstance(demoted, Card):
                demoted = Card.parse(demoted)
            if not cfg.demotes:
                raise InvalidFacts(
                    "'demoted_ace' does not apply: under these options the ace of trumps keeps its rank "
                    "(unrobbed_trump_ace 'keeps_rank', or bidding mode)"
                )
            if demoted.rank is not Rank.ACE or demoted.suit is not trump:
                raise InvalidFacts(f"only the ace of trumps can be demoted; {demoted.text} is not the ace of "
                                   f"{trump.value}")
        return engine.table_for(cfg, trump, demoted is not None)

    def _trick_cards(self, plays: Sequence[Play], limit: int, what: str) -> tuple[Card, ...]:
        if len(plays) > limit:
            raise TooManyPlays(f"{what} has {len(plays)} cards; {self.name} is played by at most "
                               f"{max(self.player_counts)} players")
        cards = []
        for p in plays:
            if isinstance(p, Play):
                if p.face_down:
                    raise InvalidFacts(f"{self.name} has no face-down plays")
                cards.append(p.card)
            else:
                cards.append(Card.parse(p))
        if mask_of(cards).bit_count() != len(cards):
            check_distinct(cards, "the trick")
        return tuple(cards)

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Options) -> TrickOutcome:
        cfg = self.config(options)
        cards = self._trick_cards(plays, self.max_plays(options), "the trick")
        if not cards:
            raise InvalidFacts("a trick needs at least one card")
        table = self._table_for_ctx(cfg, ctx)
        pos = winner_position(table, cards)
        return TrickOutcome(pos, cards[pos], win_reason(table, cards, pos))

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Options
    ) -> PlayVerdict:
        cfg = self.config(options)
        cards = self._trick_cards(trick, self.max_plays(options) - 1, "the trick so far")
        hand = tuple(c if isinstance(c, Card) else Card.parse(c) for c in hand)
        if not hand:
            raise InvalidFacts("the hand is empty: there is nothing to play")
        if len(hand) > MAX_HAND:
            raise InvalidFacts(f"a {self.name} hand holds at most {MAX_HAND} cards when playing; got {len(hand)}")
        hmask = mask_of(hand)
        if hmask.bit_count() != len(hand) or hmask & mask_of(cards):
            check_distinct([*hand, *cards], "the hand and the trick")
        table = self._table_for_ctx(cfg, ctx)
        legal, reason = legal_mask(cfg.rules, table, hmask, cards)
        code, rule = verdict_text(reason, cfg.rules, table, hmask, cards)
        return PlayVerdict(tuple(c for c in hand if legal >> c.index & 1), code, rule)

    def score_round(self, facts: Mapping[str, Any], options: Options) -> RoundScore:
        cfg = self.config(options)
        f, tally, lines = self._tally_facts(cfg, facts)
        s = settle(cfg, f.players, f.scores, tally, f.bid)
        return RoundScore(s.points, s.scores, s.over, s.winners, (*lines, *s.explanation),
                          self._score_extra(cfg, f.players, tally, s, f.bid))

    def _tally_facts(self, cfg: Config, facts: Mapping[str, Any]) -> tuple[Any, Tally, list[str]]:
        f = read_facts(cfg, facts, self.player_counts)
        lines: list[str] = []
        if f.tricks is not None:
            assert f.trump is not None and f.leader is not None
            table = engine.table_for(cfg, f.trump, f.demoted is not None)
            decided = decide_tricks(table, f.players, f.leader, f.tricks)
            for i, t in enumerate(decided, 1):
                pos = (t.winner - t.leader) % f.players
                lines.append(f"trick {i} (led by seat {t.leader}): {win_reason(table, t.cards, pos)}; "
                             f"seat {t.winner} wins")
            return f, tally_played(cfg, table, f.players, decided), lines
        seat = f.highest_seat
        bonus = None
        if seat is not None and cfg.bonus == "highest_trump_played":
            bonus = seat
        elif seat is not None and cfg.bonus == "five_of_trumps_only":
            card = f.highest_card
            if card is not None and card.rank is Rank.FIVE and card.suit is f.trump:
                bonus = seat
        return f, Tally(f.tricks_won or (), f.highest_card, bonus), lines

    def _score_extra(self, cfg: Config, n: int, tally: Tally, s: Any, bid: tuple[int, int] | None) -> dict[str, Any]:
        extra: dict[str, Any] = {
            "tricks_won": list(tally.tricks_won),
            "highest_trump": tally.highest_trump.text if tally.highest_trump is not None else None,
            "bonus_seat": tally.bonus_seat,
        }
        if tally.trick_winners:
            extra["trick_winners"] = list(tally.trick_winners)
        if cfg.game != "forty_fives":
            a = sum(tally.tricks_won[i] for i in range(0, n, 2))
            extra["team_tricks"] = [a, sum(tally.tricks_won) - a]
        if cfg.bidding and bid is not None:
            extra["hand_points"] = list(s.hand_points)
            extra["made"] = s.made
            extra["bid"] = {"team": bid[0], "amount": bid[1]}
        return extra

    # --- matches ------------------------------------------------------------------------------------

    def new_match(self, options: Options, n_players: int, dealer: int, mode: str) -> FortyFivesState:
        if mode not in MODES:
            raise InvalidInput(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
        self.check_players(n_players)
        if not is_json_int(dealer) or not 0 <= dealer < n_players:
            raise InvalidInput(f"the dealer must be a seat from 0 to {n_players - 1}; got {dealer!r}")
        try:  # the same options (as given) for the same table: their validated, shared form
            given_key: Any = (self.id, n_players, tuple(sorted((options or {}).items())))
            shared = _SHARED_OPTIONS.get(given_key)
        except TypeError:  # unhashable values (a list): validate
            given_key, shared = None, None
        if shared is None:
            opts = dict(self.validate_options(options))
            given = (options or {}).get("players", n_players)
            if given != n_players:
                raise InvalidOption(f"option 'players' ({given}) disagrees with the {n_players} players of the "
                                    "match", option="players", allowed=[n_players])
            opts["players"] = n_players
            key = (self.id, tuple(sorted(opts.items())))
            shared = _SHARED_OPTIONS.get(key)
            if len(_SHARED_OPTIONS) > 512:
                _SHARED_OPTIONS.clear()
            if shared is None:
                shared = _SHARED_OPTIONS[key] = MappingProxyType(opts)
            if given_key is not None:
                _SHARED_OPTIONS[given_key] = shared
        return engine.new_state(self.config(shared), shared, n_players, dealer, mode)

    def needs_deal(self, state: FortyFivesState) -> bool:
        return state.phase == DEAL

    def deal(self, state: FortyFivesState, deck: Sequence[Card] | None) -> FortyFivesState:
        return engine.deal(self.config(state.match.options), state, deck)

    def status(self, state: FortyFivesState) -> str:
        return state.match.status

    def to_act(self, state: FortyFivesState) -> tuple[int, ...]:
        turn = state.turn  # -1 between rounds and once the match is over
        return _SEAT_TUPLES[turn] if turn >= 0 else ()

    def legal_actions(self, state: FortyFivesState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == PLAY:
            if state.hands is not None:
                if seat != state.turn:
                    return []
                options = state.match.options
                last = self._last
                return _play_actions(last[1] if last[0] is options else self.config(options), state, seat)
            if not 0 <= seat < state.match.players:
                return []
            return engine.table_play_actions(self.config(state.match.options), state, seat)
        if phase in (DEAL, OVER) or not 0 <= seat < state.match.players:
            return []
        cfg = self.config(state.match.options)
        if phase == DEALER_ROB:
            return engine.dealer_rob_actions(cfg, state, seat) if seat == state.turn else []
        if phase == TURN_UP:
            return engine.turn_up_actions(state, seat)
        if phase == AUCTION:
            return auction.auction_actions(cfg, state, seat)
        if phase == NAME_TRUMP:
            return auction.name_trump_actions(cfg, state, seat)
        if phase == DISCARD:
            return auction.discard_actions(cfg, state, seat)
        if phase == DEALER_DRAW:
            return auction.draw_actions(cfg, state, seat)
        return []

    def apply(self, state: FortyFivesState, action: Action) -> FortyFivesState:
        if state.phase == PLAY and state.hands is not None and action.type == "play":
            seat = action.seat
            if seat != state.turn:
                engine.need_turn(state, engine._seat(state, action))
            card = action.card
            if card is None or seat is None:
                raise InvalidAction("a play names the card: {\"type\": \"play\", \"seat\": 0, \"card\": ...}")
            options = state.match.options
            last = self._last
            return _dealt_play(self, last[1] if last[0] is options else self.config(options), state, seat, card)
        return self._apply_other(state, action)

    def _apply_other(self, state: FortyFivesState, action: Action) -> FortyFivesState:
        if not isinstance(action, Action):
            raise InvalidAction("an action is an Action object")
        kind = action.type
        if kind not in self.action_types:
            raise InvalidAction(f"{self.name} takes actions of type {', '.join(self.action_types)}; not {kind!r}",
                                legal=list(self.action_types))
        if state.match.status == FINISHED:
            raise MatchOver("the match is over")
        if state.phase == DEAL:
            raise wrong_phase("a new round must be dealt first", ())
        cfg = self.config(state.match.options)
        if kind == "play":
            seat = engine._seat(state, action)
            engine.need_phase(cfg, state, action, PLAY)
            engine.need_turn(state, seat)
            if action.card is None:
                raise InvalidAction("a play names the card")
            return engine.table_play(self, cfg, state, seat, action.card)
        if kind == "round_result":
            return self._round_result(cfg, state, action)
        if kind in ("bid", "pass", "hold") or kind in ("name_trump", "discard", "draw"):
            if not cfg.bidding:
                raise wrong_phase(f"a {kind!r} action belongs to bidding mode (trump_selection 'bidding'); "
                                  f"this match is in phase {state.phase!r}", engine.phase_types(cfg, state))
            if kind == "name_trump":
                return auction.apply_name_trump(cfg, state, action)
            if kind == "discard":
                return auction.apply_discard(cfg, state, action)
            if kind == "draw":
                return auction.apply_draw(cfg, state, action)
            return auction.apply_call(cfg, state, action)
        if kind == "rob":
            return engine.apply_rob(cfg, state, action)
        if kind == "decline":
            return engine.apply_decline(cfg, state, action)
        if state.match.mode != "table":
            raise wrong_phase("the turn-up is reported only in table mode; in dealt mode the service deals it",
                              engine.phase_types(cfg, state), code="not_table_mode")
        return engine.apply_turn_up(cfg, state, action)

    def _round_result(self, cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
        """Table mode: a whole round reported as its facts, before any of its cards was reported."""
        m = state.match
        rnd = state.round
        if m.mode != "table":
            raise wrong_phase("round_result is for table mode; in dealt mode every card is played through 'play'",
                              engine.phase_types(cfg, state), code="not_table_mode")
        if rnd is None or state.tricks or state.current:
            raise wrong_phase("round_result reports a whole round; this round's cards are already being reported "
                              "one by one", engine.phase_types(cfg, state))
        if action.result is None:
            raise InvalidAction("round_result needs 'result': the round's facts (see /score)")
        facts = dict(action.result)
        known: dict[str, Any] = {"players": m.players, "scores": list(m.scores)}
        if rnd.trump is not None:
            known["trump"] = rnd.trump.value
        if rnd.contract is not None:
            known["bid"] = {"team": rnd.contract.team, "amount": rnd.contract.amount}
        leader = self._first_leader(cfg, state)
        if "tricks" in facts and leader is not None:
            known["leader"] = leader
        for key, value in known.items():
            if key not in facts:
                facts[key] = value
                continue
            given = facts[key]
            if key == "trump" and given is not None:
                given = Suit.parse(given).value
            if given != value:
                raise InvalidFacts(f"round_result says {key} = {facts[key]!r}, but the match has {value!r}")
        f, tally, _lines = self._tally_facts(cfg, facts)
        n = m.players
        tricks: tuple[Trick, ...] = ()
        revokes: tuple[Any, ...] = ()
        if f.tricks is not None:
            assert f.trump is not None
            table = engine.table_for(cfg, f.trump, f.demoted is not None)
            tricks = tuple(decide_tricks(table, n, f.leader or 0, f.tricks))
            records = [
                TrickRecord.clockwise(t.leader, t.cards, n, TrickContext(f.trump, i, f.demoted))
                for i, t in enumerate(tricks, 1)
            ]
            revokes = tuple(find_revokes(self, records, m.options, round_complete=True))
        rnd = evolve(rnd, trump=f.trump if f.trump is not None else rnd.trump, demoted=f.demoted)
        if f.bid is not None and rnd.contract is None:
            rnd = evolve(rnd, contract=Contract(None, f.bid[0], f.bid[1]))
        return engine.close_round(cfg, m, rnd, tricks, tally, revokes, reported=True, bid=f.bid)

    def _first_leader(self, cfg: Config, state: FortyFivesState) -> int | None:
        """Who leads trick 1 of the round in progress, where the match already knows (§2.6, §3.7)."""
        rnd = state.round
        if rnd is None:
            return None
        if state.phase == PLAY:
            return state.leader
        n = state.match.players
        if not cfg.bidding or cfg.first_lead == "left_of_dealer":
            return (rnd.dealer + 1) % n
        if rnd.contract is None or rnd.contract.seat is None:
            return None
        return rnd.contract.seat if cfg.first_lead == "bidder" else (rnd.contract.seat + 1) % n

    def view(self, state: FortyFivesState, seat: int | None) -> dict[str, Any]:
        if seat is not None and not 0 <= seat < state.match.players:
            raise InvalidInput(f"seat {seat} does not exist")
        return build_view(self, state, seat)

    def archive(self, state: FortyFivesState) -> tuple[FortyFivesState, list[dict[str, Any]]]:
        """Take the finished rounds but the last out of ``state.match.history`` (``Ruleset.archive``):
        their view records (the same for every seat and the referee: a finished round is public),
        oldest first; ``MatchInfo.archived`` counts them, so round numbers go on."""
        m = state.match
        history = m.history
        if len(history) <= 1:
            return state, []
        n = m.players
        old = history[:-1]
        match = evolve(m, history=history[-1:], archived=m.archived + len(old))
        return evolve(state, match=match), [record_json(r, n) for r in old]

    def public_action(self, action: Action, viewer: int | None) -> dict[str, Any]:
        out = super().public_action(action, viewer)
        if viewer is not None and action.seat != viewer and action.type == "draw":
            out.pop("card", None)
        return out


_FORTY_FIVES_SCORE_EXAMPLE = {
    "summary": "Forty-Fives: the tricks as played, with the trump and the first leader",
    "value": {
        "trump": "S",
        "leader": 0,
        "players": 3,
        "tricks": [
            ["KH", "JH", "8H"],
            ["7S", "6S", "2S"],
            ["9C", "QC", "3C"],
            ["2D", "4D", "KD"],
            ["5S", "10H", "AH"],
        ],
        "scores": [0, 0, 0],
    },
}


class FortyFives(_FortyFivesFamily):
    id = "forty_fives"
    name = "Forty-Fives"
    description = "Traditional Forty-Fives: 2-6 players each for themselves, a turned-up trump, robbing, game to 45"
    player_counts = (2, 3, 4, 5, 6)
    default_players = 3
    option_specs = FORTY_FIVES_SPECS
    action_types = ("play", "rob", "decline", "turn_up", "round_result")
    score_example = _FORTY_FIVES_SCORE_EXAMPLE
    score_facts = "trump, leader, players, tricks (each in play order from its own leader), scores"


_AUCTION_SCORE_EXAMPLE = {
    "summary": "Auction Forty-Fives, bidding mode: the tricks, the bid, the team scores",
    "value": {
        "trump": "D",
        "leader": 1,
        "players": 4,
        "bid": {"team": 0, "amount": 20},
        "tricks": [
            ["KC", "2D", "QC", "AC"],
            ["5D", "3D", "4D", "6D"],
            ["JD", "9D", "10D", "8D"],
            ["KH", "QH", "2H", "3H"],
            ["AD", "7S", "3S", "9S"],
        ],
        "scores": [0, 0],
        "options": {"trump_selection": "bidding"},
    },
}


class AuctionFortyFives(_FortyFivesFamily):
    id = "auction_forty_fives"
    name = "Auction Forty-Fives"
    description = ("Partnership Forty-Fives for 4 or 6 players: a turned-up trump to 45 (default), or an auction "
                   "for trump with bid-or-bust scoring to 120")
    player_counts = (4, 6)
    default_players = 4
    option_specs = AUCTION_SPECS
    action_types = ("play", "rob", "decline", "turn_up", "bid", "pass", "hold", "name_trump", "discard", "draw",
                    "round_result")
    score_example = _AUCTION_SCORE_EXAMPLE
    score_facts = ("trump, leader, players, tricks (each in play order from its own leader), scores "
                   "(and bid in bidding mode)")

    def teams_description(self) -> str | None:
        return "two partnerships in alternate seats: team 0 = the even seats, team 1 = the odd seats"

    def teams(self, n_players: int) -> tuple[tuple[int, ...], ...] | None:
        return tuple(range(0, n_players, 2)), tuple(range(1, n_players, 2))

    def derived_defaults(self, given: Mapping[str, Any]) -> dict[str, Any]:
        return auction_derived_defaults(given)


FORTY_FIVES = FortyFives()
AUCTION_FORTY_FIVES = AuctionFortyFives()

__all__ = ["AUCTION_FORTY_FIVES", "FORTY_FIVES", "AuctionFortyFives", "FortyFives"]
