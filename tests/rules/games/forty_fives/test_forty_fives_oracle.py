"""An independent, plainly written model of forty-fives.md §1-§4 (card lists, no masks), built on the
§1.3 ranking tables read from the spec, checked against the engine on random tricks and hands
under every combination of the play options."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.cards import DECK_52, Card, Rank, Suit, card
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.tricks import Play, TrickContext
from tests.rules.games.forty_fives.test_forty_fives_vectors import _spec_rank_tables

SPEC_TABLES = _spec_rank_tables()
AH = card("AH")
HEARTS = Suit.HEARTS


def order(trump: Suit, suit: Suit, aces_high: bool, demoted: bool) -> list[Card]:
    """High to low, from the spec's table, with the plain-ace and demotion variants applied."""
    cards = [card(t) for t in SPEC_TABLES[trump.value][suit.value]]
    if suit is trump and demoted:
        ace = Card(Rank.ACE, trump)
        cards.remove(ace)
        cards.append(ace)
    if suit is not trump and aces_high:
        ace = Card(Rank.ACE, suit)
        if ace in cards:
            cards.remove(ace)
            cards.insert(0, ace)
    return cards


class Model:
    def __init__(self, trump: Suit, opts: dict[str, Any], demoted: bool) -> None:
        self.t = trump
        self.opts = opts
        self.demoted = Card(Rank.ACE, trump) if demoted else None
        high = opts["plain_ace_rank"] == "high"
        self.orders = {s: order(trump, s, high, demoted) for s in Suit}

    def is_trump(self, c: Card) -> bool:
        return c.suit is self.t or c is AH

    def eff(self, c: Card) -> Suit:
        return self.t if self.is_trump(c) else c.suit

    def power(self, c: Card) -> int:
        """Higher is better, within the card's effective suit."""
        o = self.orders[self.eff(c)]
        return len(o) - o.index(c)

    def winner(self, trick: list[Card]) -> int:
        trumps = [i for i, c in enumerate(trick) if self.is_trump(c)]
        pool = trumps or [i for i, c in enumerate(trick) if self.eff(c) is self.eff(trick[0])]
        return max(pool, key=lambda i: self.power(trick[i]))

    def renegable(self, c: Card) -> bool:
        kind = self.opts["renegable_cards"]
        top = {"five_jack_ace_of_hearts": [Card(Rank.FIVE, self.t), Card(Rank.JACK, self.t), AH],
               "five_only": [Card(Rank.FIVE, self.t)], "none": []}[kind]
        return c in top and c != self.demoted

    def legal(self, hand: list[Card], trick: list[Card]) -> set[Card]:
        if not trick:
            return set(hand)
        led = trick[0]
        suit = self.eff(led)
        if suit is not self.t:
            follow = [c for c in hand if self.eff(c) is suit]
            if not follow:
                return set(hand)
            rule = self.opts["plain_lead_rule"]
            if rule == "follow_or_trump":
                return set(follow) | {c for c in hand if self.is_trump(c)}
            return set(follow) if rule == "must_follow" else set(hand)
        clause = led is AH and self.t is not HEARTS
        ah_rule = self.opts["ace_of_hearts_lead"] if clause else "trump_lead"
        held = [c for c in hand if self.is_trump(c)]
        plain_hearts = [c for c in hand if c.suit is HEARTS and c is not AH]
        if not held:
            if ah_rule != "trump_lead" and plain_hearts:
                return set(plain_hearts)
            return set(hand)
        if ah_rule == "trump_lead_no_renege_hearts_fallback":
            return set(held)
        if self.opts["renege_reference"] == "led_card":
            ref = led
        else:
            ref = max((c for c in trick if self.is_trump(c)), key=self.power)
        protected = [c for c in held if self.renegable(c) and self.power(c) > self.power(ref)]
        if len(protected) < len(held):
            return set(held)
        if ah_rule == "trump_lead_renege_then_hearts" and plain_hearts:
            return set(protected) | set(plain_hearts)
        return set(hand)


OPTION_VALUES = {
    "plain_lead_rule": ("follow_or_trump", "must_follow", "any"),
    "renegable_cards": ("five_jack_ace_of_hearts", "five_only", "none"),
    "renege_reference": ("led_card", "highest_trump_in_trick"),
    "ace_of_hearts_lead": ("trump_lead", "trump_lead_hearts_fallback", "trump_lead_renege_then_hearts",
                           "trump_lead_no_renege_hearts_fallback"),
    "plain_ace_rank": ("traditional", "high"),
}


@st.composite
def situations(draw: Any) -> tuple[Suit, dict[str, Any], bool, list[Card], list[Card]]:
    trump = draw(st.sampled_from(list(Suit)))
    opts = {k: draw(st.sampled_from(v)) for k, v in OPTION_VALUES.items()}
    demoted = draw(st.booleans())
    cards = list(DECK_52)
    random.Random(draw(st.integers(0, 2**32 - 1))).shuffle(cards)
    n_trick = draw(st.integers(0, 5))
    n_hand = draw(st.integers(1, 5))
    # Bias towards interesting leads: trumps, the A♥, the top trumps.
    lead = draw(st.sampled_from([None, AH, Card(Rank.FIVE, trump), Card(Rank.JACK, trump), Card(Rank.SEVEN, trump)]))
    pool = [c for c in cards if c is not lead]
    trick = ([lead] if lead is not None and n_trick else []) + pool[:n_trick - (1 if lead and n_trick else 0)]
    rest = [c for c in pool if c not in trick]
    hand = draw(st.lists(st.sampled_from(rest[:12]), min_size=n_hand, max_size=n_hand, unique=True))
    return trump, opts, demoted, trick, hand


@pytest.mark.slow
@settings(max_examples=2000, derandomize=True)
@given(situations())
def test_engine_agrees_with_the_plain_model(case: tuple[Suit, dict[str, Any], bool, list[Card], list[Card]]) -> None:
    trump, opts, demoted, trick, hand = case
    model = Model(trump, opts, demoted)
    ruleset = AUCTION_FORTY_FIVES if demoted else FORTY_FIVES
    options = ruleset.validate_options(opts)
    ctx = TrickContext(trump, 1, Card(Rank.ACE, trump) if demoted else None)
    verdict = ruleset.legal_plays(hand, [Play(c) for c in trick], ctx, options)
    assert set(verdict.legal) == model.legal(hand, trick), (trick, hand, verdict)
    full = [*trick, hand[0]]
    if len(full) <= 6:
        out = ruleset.trick_winner([Play(c) for c in full], ctx, options)
        assert out.winner == model.winner(full)


def test_the_model_reads_the_spec_tables() -> None:
    assert len(SPEC_TABLES) == 4
    m = Model(Suit.CLUBS, {k: v[0] for k, v in OPTION_VALUES.items()}, False)
    assert m.power(card("5C")) > m.power(card("JC")) > m.power(AH) > m.power(card("AC"))
