"""The one test-double ruleset: "toy tricks", a plain trick game through the whole ``Ruleset`` interface.

The real games are tested through every path; this one is kept where a real game cannot do the job:

* **rules endpoints** (``tests/api``): an option of every type the catalogue knows (``int``,
  ``bool``, ``enum``, ``nullable_int``, ``int_list``, ``nullable_enum``), face-down plays that a test
  can switch off, a documented context key (``lead_rule``), a round score with ``extra`` results,
  and ``BROKEN``, whose ``trick_winner`` has a bug (the 500 path);
* **the matches use cases** (``tests/matches/test_usecases.py``): a game short and simple enough that
  a test can name the cards, tricks and scores of a whole match, so the matches layer (tokens,
  versions, idempotency, undo, events) is tested apart from any real game's progress.

The rules: 2 to 4 players; follow the led suit if you can (with ``must_trump``, a player void in
it must trump if able; the context key ``lead_rule: "any"`` lifts every constraint); the highest
trump wins, else the highest card of the led suit (aces high). In a match there is no trump: each
player gets ``HAND`` (3) cards from the 52-card pack, a trick is a point, and the first round after
which someone has ``target`` points ends the match (ties share the win). The state keeps every
round's tricks won and scores (it grows with the match, as a real game's history does, until ``archive`` takes
all but the last round out). The deal passes to
the left after each round. Table mode: hands unknown, any unseen card may be reported; a failure to
follow suit is recorded as a revoke (``find_revokes``); a round may be reported whole as
``round_result`` with ``{"tricks": [per seat]}`` before its first play. The ``players`` option sets
the table size for the rules endpoints (the most plays in a trick); a match sets it from its own
player count.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from service.rules.actions import Action
from service.rules.cards import DECK_52, SUITS, Card, Suit
from service.rules.errors import (
    CardAlreadyPlayed,
    IllegalAction,
    InvalidAction,
    InvalidFacts,
    InvalidInput,
    MatchOver,
    not_your_turn,
    wrong_phase,
)
from service.rules.facts import is_json_int
from service.rules.options import Options, OptionSpec
from service.rules.revokes import TrickRecord, find_revokes
from service.rules.ruleset import FINISHED, IN_PROGRESS, SPECTATOR, Ruleset
from service.rules.scores import RoundScore
from service.rules.tricks import (
    Play,
    PlayVerdict,
    TrickContext,
    TrickOutcome,
    highest,
    in_hand_order,
    plays_json,
)
from tests.profiles import Profile, Setup, split

HAND = 3
_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
_TABLE_SIZES = {"two": 2, "three": 3, "four": 4}
_SIZE_NAMES = {n: name for name, n in _TABLE_SIZES.items()}
#: the options a match keeps in its state (the others only shape rules-endpoint answers)
_MATCH_OPTIONS = ("target", "must_trump", "players")


@dataclass(frozen=True, slots=True)
class ToyState:
    options: Mapping[str, Any]
    players: int
    mode: str
    dealer: int
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...] | None = None
    dealt: bool = False
    leader: int = 0
    trick: tuple[Card, ...] = ()
    tricks: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # (leader, cards)
    won: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    rounds: int = 0
    #: per finished round (grows): the tricks won and the scores after it, per seat
    history: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()


class ToyTricks(Ruleset):
    id = "toy_tricks"
    name = "Toy tricks"
    description = "Follow suit; the highest trump, else the highest card of the led suit, wins (a test double)."
    player_counts = (2, 3, 4)
    default_players = 4
    has_face_down_plays = True
    context_keys: ClassVar[tuple[str, ...]] = ("lead_rule",)
    option_specs = (
        OptionSpec("target", "int", 3, "points that end the match", minimum=1, maximum=100),
        OptionSpec("must_trump", "bool", False, "a player void in the led suit must trump"),
        OptionSpec("players", "enum", "four", "table size", allowed=tuple(_TABLE_SIZES)),
        OptionSpec("bonus", "nullable_int", None, "bonus for all tricks", minimum=0),
        OptionSpec("tiers", "int_list", (1, 2), "points per tier", minimum=0),
        OptionSpec("ace", "nullable_enum", None, "ace rank", allowed=("high", "low")),
    )
    state_type = ToyState
    score_example: ClassVar[Mapping[str, Any] | None] = {
        "summary": "Toy tricks: the tricks won this round and the scores before it, per seat",
        "value": {"tricks": [3, 1, 1, 0], "scores": [8, 2, 0, 1], "options": {"target": 10}},
    }
    score_facts: ClassVar[str | None] = "tricks, scores (one entry per seat)"

    # --- catalogue and bare facts ---------------------------------------------------------------

    def ranking_tables(self, options: Options) -> dict[str, Any]:
        order = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
        return {s.value: {t.value: [r + t.value for r in order] for t in SUITS} for s in SUITS}

    def max_plays(self, options: Options) -> int:
        return _TABLE_SIZES[options["players"]]

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Options) -> TrickOutcome:
        if not plays:
            raise InvalidFacts("a trick needs at least one play")
        led = plays[0].card.suit
        if ctx.trump is not None and any(p.card.suit is ctx.trump for p in plays):
            best = highest(plays, lambda c: c.rank.value if c.suit is ctx.trump else None)
            why = "the highest trump"
        else:
            best = highest(plays, lambda c: c.rank.value if c.suit is led else None)
            why = f"the highest {_NAMES[led][:-1]} (the led suit) and no trump played"
        assert best is not None
        card = plays[best].card
        return TrickOutcome(best, card, f"{card.text} is {why}")

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Options
    ) -> PlayVerdict:
        if not trick or ctx.get("lead_rule") == "any":
            return PlayVerdict(tuple(hand), "no_constraint", "any card may be played")
        led = trick[0].card.suit
        follow = [c for c in hand if c.suit is led]
        if follow:
            return PlayVerdict(in_hand_order(hand, follow), "must_follow_suit", f"must follow {_NAMES[led]}")
        trumps = [c for c in hand if c.suit is ctx.trump]
        if options["must_trump"] and trumps:
            return PlayVerdict(in_hand_order(hand, trumps), "must_play_trump", "must play a trump")
        return PlayVerdict(tuple(hand), "no_constraint", "void in the led suit: any card")

    def score_round(self, facts: Mapping[str, Any], options: Options) -> RoundScore:
        tricks = facts.get("tricks")
        scores = facts.get("scores")
        unknown = sorted(set(facts) - {"tricks", "scores"})
        if unknown:
            raise InvalidInput(f"unknown fact(s) {', '.join(unknown)}")
        for name, value in (("tricks", tricks), ("scores", scores)):
            if not isinstance(value, list) or not value or not all(is_json_int(v) for v in value):
                raise InvalidInput(f"'{name}' must be a list of integers, one per seat")
        assert isinstance(tricks, list) and isinstance(scores, list)
        if len(tricks) != len(scores):
            raise InvalidFacts("'tricks' and 'scores' need one entry per seat")
        if any(t < 0 for t in tricks):
            raise InvalidFacts("a seat cannot win a negative number of tricks")
        new = tuple(s + t for s, t in zip(scores, tricks, strict=True))
        top = max(new)
        over = top >= options["target"]
        winners = tuple(i for i, s in enumerate(new) if s == top) if over else ()
        explanation = tuple(f"seat {i}: {t} trick(s) = {t} point(s)" for i, t in enumerate(tricks))
        return RoundScore(tuple(tricks), new, over, winners, explanation, {"tricks_total": sum(tricks)})

    # --- matches --------------------------------------------------------------------------------

    def new_match(self, options: Options, n_players: int, dealer: int, mode: Any) -> ToyState:
        self.check_players(n_players)
        kept = {name: options[name] for name in _MATCH_OPTIONS}
        kept["players"] = _SIZE_NAMES[n_players]
        return ToyState(kept, n_players, mode, dealer, (0,) * n_players)

    def needs_deal(self, state: ToyState) -> bool:
        return not state.dealt and not state.winners

    def deal(self, state: ToyState, deck: Sequence[Card] | None) -> ToyState:
        n = state.players
        hands = None if deck is None else tuple(tuple(deck[i * HAND:(i + 1) * HAND]) for i in range(n))
        leader = (state.dealer + 1) % n
        return replace(state, hands=hands, dealt=True, leader=leader, trick=(), tricks=(), won=(0,) * n)

    def to_act(self, state: ToyState) -> tuple[int, ...]:
        if not state.dealt or state.winners:
            return ()
        return ((state.leader + len(state.trick)) % state.players,)

    def status(self, state: ToyState) -> str:
        return FINISHED if state.winners else IN_PROGRESS

    def _seen(self, state: ToyState) -> set[Card]:
        return {c for _, cards in state.tricks for c in cards} | set(state.trick)

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.hands is None:
            seen = self._seen(state)
            return [Action("play", seat, card=c) for c in DECK_52 if c not in seen]
        hand = state.hands[seat]
        verdict = self.legal_plays(hand, [Play(c) for c in state.trick], TrickContext(), state.options)
        return [Action("play", seat, card=c) for c in verdict.legal]

    def apply(self, state: ToyState, action: Action) -> ToyState:
        if state.winners:
            raise MatchOver("the match is over")
        if action.type == "round_result":
            return self._round_result(state, action)
        if action.type != "play":
            raise InvalidAction(f"{self.id} takes 'play' and 'round_result' actions, not {action.type!r}")
        if action.seat not in self.to_act(state):
            raise not_your_turn(f"seat {self.to_act(state)[0]} is to play", self.to_act(state))
        card = action.card
        if card is None:
            raise InvalidAction("a play needs a 'card'")
        if action.face_down:
            raise IllegalAction("a match of toy tricks is played face up", code="face_down_not_allowed")
        if state.hands is None:
            if card in self._seen(state):
                raise CardAlreadyPlayed(f"{card.text} was already played this round")
            hands = None
        else:
            hand = state.hands[action.seat]
            self.check_play(hand, [Play(c) for c in state.trick], card, TrickContext(), state.options)
            hands = tuple(
                tuple(c for c in h if c != card) if i == action.seat else h for i, h in enumerate(state.hands)
            )
        trick = (*state.trick, card)
        state = replace(state, hands=hands, trick=trick)
        if len(trick) < state.players:
            return state
        outcome = self.trick_winner([Play(c) for c in trick], TrickContext(), state.options)
        winner = (state.leader + outcome.winner) % state.players
        won = tuple(w + (1 if i == winner else 0) for i, w in enumerate(state.won))
        state = replace(state, tricks=(*state.tricks, (state.leader, trick)), trick=(), leader=winner, won=won)
        if len(state.tricks) == HAND:
            return self._end_round(state, won)
        return state

    def round_result_allowed(self, state: ToyState) -> bool:
        return state.hands is None and not state.winners and not state.trick and not state.tricks

    def _round_result(self, state: ToyState, action: Action) -> ToyState:
        if state.hands is not None:
            raise InvalidAction("round_result is for table matches")
        if state.trick or state.tricks:
            raise wrong_phase("round_result replaces a round's plays; this round has plays already", ("play",))
        result = dict(action.result or {})
        tricks = result.get("tricks")
        if not isinstance(tricks, list) or len(tricks) != state.players:
            raise InvalidFacts("round_result needs 'tricks': one count per seat")
        self.score_round({"tricks": tricks, "scores": list(state.scores)}, state.options)
        if sum(tricks) != HAND:
            raise InvalidFacts(f"the tricks won in a round add up to {HAND}")
        return self._end_round(state, tuple(tricks))

    def _end_round(self, state: ToyState, won: tuple[int, ...]) -> ToyState:
        score = self.score_round({"tricks": list(won), "scores": list(state.scores)}, state.options)
        return replace(
            state,
            scores=score.scores,
            winners=score.winners,
            dealt=False,
            dealer=(state.dealer + 1) % state.players,
            rounds=state.rounds + 1,
            won=won,
            history=(*state.history, (won, score.scores)),
        )

    def archive(self, state: ToyState) -> tuple[ToyState, list[dict[str, Any]]]:
        if len(state.history) <= 1:
            return state, []
        return replace(state, history=state.history[-1:]), self._records_json(state)[:-1]

    def _records_json(self, state: ToyState) -> list[dict[str, Any]]:
        """The finished rounds the state holds, as the view's ``history`` lists them."""
        first = state.rounds - len(state.history) + 1
        return [{"round": first + i, "tricks_won": list(won), "scores": list(scores)}
                for i, (won, scores) in enumerate(state.history)]

    def _records(self, state: ToyState) -> list[TrickRecord]:
        n = state.players
        out = [
            TrickRecord(tuple((lead + i) % n for i in range(len(cards))), tuple(Play(c) for c in cards), TrickContext())
            for lead, cards in state.tricks
        ]
        if state.trick:
            cards = state.trick
            out.append(
                TrickRecord(
                    tuple((state.leader + i) % n for i in range(len(cards))),
                    tuple(Play(c) for c in cards),
                    TrickContext(),
                )
            )
        return out

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        to_act = self.to_act(state)
        if seat is not None and seat != SPECTATOR and not 0 <= seat < state.players:
            raise InvalidInput(f"seat {seat} does not exist")
        if seat is None:
            legal = [a.to_json() for s in to_act for a in self.legal_actions(state, s)]
        elif seat == SPECTATOR:
            legal = []
        else:
            legal = [a.to_json() for a in self.legal_actions(state, seat)]
        out: dict[str, Any] = {
            "phase": "play" if state.dealt else ("over" if state.winners else "deal"),
            "dealer": state.dealer,
            "to_act": list(to_act),
            "scores": list(state.scores),
            "winners": list(state.winners),
            "status": self.status(state),
            "legal_actions": legal,
            "accepts_round_result": self.round_result_allowed(state),
            # the trick in progress as every game shows it (the contract's TrickInProgress)
            "trick": {"leader": state.leader, "plays": plays_json(state.leader, state.trick, state.players)},
            "tricks": [[c.text for c in cards] for _, cards in state.tricks],
            "tricks_won": list(state.won),
            "players": state.players,
            "rounds": state.rounds,
            "history": self._records_json(state),
        }
        if state.hands is not None:
            if seat is None:
                out["hands"] = [[c.text for c in h] for h in state.hands]
            else:
                out["hand"] = None if seat == SPECTATOR else [c.text for c in state.hands[seat]]
        else:
            complete = len(state.tricks) == HAND
            found = find_revokes(self, self._records(state), state.options, round_complete=complete)
            out["revokes"] = [r.to_json() for r in found]
        return out


class Broken(ToyTricks):
    """A ruleset with a bug: its trick_winner fails with an unexpected error (the 500 path)."""

    id = "broken_for_tests"
    name = "Broken"

    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Options) -> TrickOutcome:
        raise ZeroDivisionError("a bug")


TOY = ToyTricks()
BROKEN = Broken()


def _round_result(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A round reported whole: the tricks won per seat."""
    return {"tricks": split(rng, HAND, view["players"])}


BATTERY = frozenset({"battery"})
#: what the cross-game tests need to know to drive toy tricks (``tests/profiles.py``)
PROFILE = Profile(
    players=(3, 2, 4),
    short={"target": 3},
    long={"target": 50},
    hand_size=HAND,
    round_result=_round_result,
    setups=(
        Setup("toy_3", 3, "dealt", {}, BATTERY),
        Setup("toy_2_must_trump", 2, "dealt", {"must_trump": True, "target": 4}, BATTERY),
        Setup("toy_4_table", 4, "table", {"target": 2}, BATTERY),
    ),
)
