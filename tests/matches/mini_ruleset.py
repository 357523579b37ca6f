"""A small trick game through the full ``Ruleset`` interface, for testing the matches layer alone.

"Mini tricks": 2 to 4 players, three cards each from the 52-card pack, no trump; follow suit if
you can; the highest card of the suit led wins the trick and leads the next; a trick is a point;
the first round after which someone has ``target`` points ends the match (ties share the win).
The state keeps every round's tricks (so it grows with the match, as a real game's history does).
The deal passes to the left after each round. Table mode: hands unknown, any unseen card may be
reported; a failure to follow suit is recorded as a revoke (``find_revokes``); a round may be
reported whole as ``round_result`` with ``{"tricks": [per seat]}`` before its first play.

It is a test double for the matches layer (idempotency, undo, tokens, views), so those tests do
not depend on a real game module's progress; the real games are tested through the same paths.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from service.rules.base import (
    FINISHED,
    IN_PROGRESS,
    Action,
    OptionSpec,
    Play,
    PlayVerdict,
    RoundScore,
    Ruleset,
    TrickContext,
    TrickOutcome,
    TrickRecord,
    find_revokes,
    highest,
    in_hand_order,
)
from service.rules.cards import DECK_52, Card
from service.rules.errors import CardAlreadyPlayed, InvalidAction, InvalidFacts, MatchOver, NotYourTurn, WrongPhase

HAND = 3


@dataclass(frozen=True, slots=True)
class MiniState:
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
    history: tuple[tuple[int, ...], ...] = ()  # tricks won per seat, one entry per round (grows)


class MiniTricks(Ruleset):
    id = "mini_tricks"
    name = "Mini tricks"
    description = "Three cards each, follow suit, high card wins (a test double)."
    player_counts = (2, 3, 4)
    default_players = 3
    option_specs = (OptionSpec("target", "int", 3, "points that end the match", minimum=1, maximum=1000),)
    state_type = MiniState

    # --- bare facts
    def trick_winner(self, plays: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]) -> TrickOutcome:
        if not plays:
            raise InvalidFacts("a trick needs a play")
        led = plays[0].card.suit
        i = highest(plays, lambda c: c.rank.value if c.suit == led else None)
        assert i is not None
        return TrickOutcome(i, plays[i].card, "highest card of the suit led")

    def legal_plays(
        self, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, options: Mapping[str, Any]
    ) -> PlayVerdict:
        if trick:
            led = trick[0].card.suit
            follow = [c for c in hand if c.suit == led]
            if follow:
                return PlayVerdict(in_hand_order(hand, follow), "must_follow_suit", f"must follow {led.value}")
        return PlayVerdict(tuple(hand), "no_constraint", "any card")

    def score_round(self, facts: Mapping[str, Any], options: Mapping[str, Any]) -> RoundScore:
        tricks, scores = facts.get("tricks"), facts.get("scores")
        if not isinstance(tricks, list) or not isinstance(scores, list) or len(tricks) != len(scores):
            raise InvalidFacts("'tricks' and 'scores' must be lists, one entry per seat")
        if sum(tricks) != HAND or any(t < 0 for t in tricks):
            raise InvalidFacts(f"the tricks won must add up to {HAND}")
        new = tuple(s + t for s, t in zip(scores, tricks, strict=True))
        best = max(new)
        over = best >= options["target"]
        winners = tuple(i for i, s in enumerate(new) if s == best) if over else ()
        return RoundScore(tuple(tricks), new, over, winners, ("a trick is a point",))

    # --- matches
    def new_match(self, options: Mapping[str, Any], n_players: int, dealer: int, mode: Any) -> MiniState:
        return MiniState(dict(options), n_players, mode, dealer, (0,) * n_players)

    def needs_deal(self, state: MiniState) -> bool:
        return not state.dealt and not state.winners

    def deal(self, state: MiniState, deck: Sequence[Card] | None) -> MiniState:
        n = state.players
        hands = None if deck is None else tuple(tuple(deck[i * HAND:(i + 1) * HAND]) for i in range(n))
        leader = (state.dealer + 1) % n
        return replace(state, hands=hands, dealt=True, leader=leader, trick=(), tricks=(), won=(0,) * n)

    def to_act(self, state: MiniState) -> tuple[int, ...]:
        if not state.dealt or state.winners:
            return ()
        return ((state.leader + len(state.trick)) % state.players,)

    def status(self, state: MiniState) -> str:
        return FINISHED if state.winners else IN_PROGRESS

    def _seen(self, state: MiniState) -> set[Card]:
        return {c for _, cards in state.tricks for c in cards} | set(state.trick)

    def legal_actions(self, state: MiniState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if state.hands is None:
            seen = self._seen(state)
            return [Action("play", seat, card=c) for c in DECK_52 if c not in seen]
        hand = state.hands[seat]
        verdict = self.legal_plays(hand, [Play(c) for c in state.trick], TrickContext(), state.options)
        return [Action("play", seat, card=c) for c in verdict.legal]

    def apply(self, state: MiniState, action: Action) -> MiniState:
        if state.winners:
            raise MatchOver("the match is over")
        if action.type == "round_result":
            return self._round_result(state, action)
        if action.type != "play":
            raise InvalidAction(f"{self.id} takes 'play' and 'round_result' actions, not {action.type!r}")
        if action.seat not in self.to_act(state):
            raise NotYourTurn(f"seat {self.to_act(state)[0]} is to play", legal=list(self.to_act(state)))
        card = action.card
        if card is None:
            raise InvalidAction("a play needs a 'card'")
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

    def _round_result(self, state: MiniState, action: Action) -> MiniState:
        if state.hands is not None:
            raise InvalidAction("round_result is for table matches")
        if state.trick or state.tricks:
            raise WrongPhase("round_result replaces a round's plays; this round has plays already")
        result = dict(action.result or {})
        tricks = result.get("tricks")
        if not isinstance(tricks, list) or len(tricks) != state.players:
            raise InvalidFacts("round_result needs 'tricks': one count per seat")
        self.score_round({"tricks": tricks, "scores": list(state.scores)}, state.options)
        return self._end_round(state, tuple(tricks))

    def _end_round(self, state: MiniState, won: tuple[int, ...]) -> MiniState:
        score = self.score_round({"tricks": list(won), "scores": list(state.scores)}, state.options)
        return replace(
            state,
            scores=score.scores,
            winners=score.winners,
            dealt=False,
            dealer=(state.dealer + 1) % state.players,
            rounds=state.rounds + 1,
            won=won,
            history=(*state.history, won),
        )

    def _records(self, state: MiniState) -> list[TrickRecord]:
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

    def view(self, state: MiniState, seat: int | None) -> dict[str, Any]:
        to_act = self.to_act(state)
        if seat is None:
            legal = [a.to_json() for s in to_act for a in self.legal_actions(state, s)]
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
            "trick": [c.text for c in state.trick],
            "tricks": [[c.text for c in cards] for _, cards in state.tricks],
            "tricks_won": list(state.won),
            "players": state.players,
            "rounds": state.rounds,
            "history": [list(h) for h in state.history],
        }
        if state.hands is not None:
            if seat is None:
                out["hands"] = [[c.text for c in h] for h in state.hands]
            else:
                out["hand"] = [c.text for c in state.hands[seat]]
        else:
            complete = len(state.tricks) == HAND
            found = find_revokes(self, self._records(state), state.options, round_complete=complete)
            out["revokes"] = [r.to_json() for r in found]
        return out


MINI = MiniTricks()
