"""``service.rules.handmask``: card sets as 52-bit masks, shared by Forty-Fives and Boerenbridge."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules import handmask as hm
from service.rules.cards import ALL_CARDS, SUITS, Card

card_sets = st.sets(st.sampled_from(ALL_CARDS), max_size=52)


@settings(max_examples=400)
@given(card_sets)
def test_masks_round_trip_in_index_order(cards: set[Card]) -> None:
    mask = hm.mask_of(cards)
    assert mask.bit_count() == len(cards) and mask & ~hm.FULL_PACK == 0
    ordered = sorted(cards, key=lambda c: c.index)
    assert hm.cards_of(mask) == tuple(ordered)  # both ways of walking a mask (few cards, many cards)
    assert hm.texts_of(mask) == [c.text for c in ordered]
    assert hm.pick(mask, tuple(range(52))) == [c.index for c in ordered]
    assert all(mask & hm.bit(c) for c in cards)


def test_suits_and_bits() -> None:
    assert hm.SUIT_MASKS[0] | hm.SUIT_MASKS[1] | hm.SUIT_MASKS[2] | hm.SUIT_MASKS[3] == hm.FULL_PACK
    for suit in SUITS:
        assert hm.cards_of(hm.suit_mask(suit)) == tuple(c for c in ALL_CARDS if c.suit is suit)
    assert [hm.BIT[c.index] for c in ALL_CARDS] == [1 << i for i in range(52)]
    assert hm.mask_of([ALL_CARDS[3], ALL_CARDS[3]]) == hm.BIT[3]  # a card given twice counts once
    assert hm.cards_of(0) == () and hm.texts_of(0) == []
