"""Cards: lenient parsing, canonical output, interning, decks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.rules.cards import ALL_CARDS, DECK_32, DECK_52, Card, Rank, Suit, card, cards
from service.rules.errors import DuplicateCard, InvalidCard
from tests.english import english


@pytest.mark.parametrize("text", ["10H", "10h", "TH", "th", "10♥", " 10H ", "t♥", "10♡", "10 H"])
def test_ten_of_hearts_spellings(text: str) -> None:
    c = Card.parse(text)
    assert c is Card(Rank.TEN, Suit.HEARTS)
    assert str(c) == "10H"


@pytest.mark.parametrize("text", ["", "H", "1H0", "11H", "ZZ", "10X", "QQ", "AH5", "  "])
def test_unreadable_cards_quote_the_text(text: str) -> None:
    with pytest.raises(InvalidCard) as err:
        Card.parse(text)
    assert err.value.code == "invalid_card"
    assert repr(text) in english(err.value)


@pytest.mark.parametrize("value", [None, 10, 1.5, ["10H"], {"card": "10H"}])
def test_non_strings_are_invalid_cards(value: object) -> None:
    with pytest.raises(InvalidCard):
        Card.parse(value)


def test_decks() -> None:
    assert len(DECK_52) == 52 == len(set(DECK_52))
    assert len(DECK_32) == 32 == len(set(DECK_32))
    assert {c.rank for c in DECK_32} == {Rank(r) for r in range(7, 15)}
    assert [c.index for c in ALL_CARDS] == list(range(52))


@given(st.sampled_from(ALL_CARDS))
def test_format_parse_round_trip(c: Card) -> None:
    assert Card.parse(c.text) is c
    assert Card.parse(c.text.lower()) is c
    assert Card.parse(f"{c.rank}{c.suit.symbol}") is c


def test_cards_helper_and_immutability() -> None:
    assert cards("KH, 7S 2D") == (card("KH"), card("7S"), card("2D"))
    with pytest.raises(AttributeError):
        card("KH").rank = Rank.ACE  # type: ignore[misc]


def test_duplicate_error() -> None:
    from service.rules.cards import check_distinct

    with pytest.raises(DuplicateCard) as err:
        check_distinct(cards("KH 7S KH"), "plays")
    assert err.value.code == "duplicate_card"


# --- the players' words (issue 15 item 4) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("As Hati", "AH"), ("as hati", "AH"), ("AS HATI", "AH"), ("hati as", "AH"), ("10 wajik", "10D"),
        ("Raja sekop", "KS"), ("Ratu keriting", "QC"), ("Jack kriting", "JC"), ("J sekop", "JS"),
        ("alas ng puso", "AH"), ("10 diyamante", "10D"), ("K trebol", "KC"), ("Q ispada", "QS"),
        ("Aas harten", "AH"), ("harten aas", "AH"), ("Heer ruiten", "KD"), ("Vrouw klaveren", "QC"),
        ("Boer schoppen", "JS"), ("schoppen boer", "JS"),
        ("queen of spades", "QS"), ("ten hearts", "10H"),
        ("K♥️", "KH"), ("10♦️", "10D"), ("A ♠️", "AS"), ("♣️ 7", "7C"),
    ],
)
def test_cards_in_the_players_words(text: str, card: str) -> None:
    assert Card.parse(text) is Card.parse(card)
    assert Card.parse(text).text == card  # output stays canonical


@pytest.mark.parametrize("text", ["As", "AS", "as"])
def test_as_alone_is_the_ace_of_spades(text: str) -> None:
    assert Card.parse(text).text == "AS"


@pytest.mark.parametrize("text", ["hati sekop", "As Raja", "Heer", "hati", "As Hati Raja", "10 of", "of hati",
                                  "As\tHati", "sekop\u00a0As", "K\ufe0f♥"])
def test_words_that_name_no_card_are_refused(text: str) -> None:
    with pytest.raises(InvalidCard) as refused:
        Card.parse(text)
    assert refused.value.extra["text"] == text


@pytest.mark.parametrize(("text", "suit"), [("hati", "H"), ("Wajik", "D"), ("KERITING", "C"), ("kriting", "C"),
                                            ("sekop", "S"), ("puso", "H"), ("diyamante", "D"), ("trebol", "C"),
                                            ("ispada", "S"), ("harten", "H"), ("ruiten", "D"), ("klaveren", "C"),
                                            ("schoppen", "S"), ("♥️", "H"), ("♠", "S")])
def test_suits_in_the_players_words(text: str, suit: str) -> None:
    assert Suit.parse(text).value == suit
