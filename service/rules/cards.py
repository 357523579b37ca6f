"""Cards as values: Suit, Rank, Card, and the two decks the games use.

A card is written rank then suit (DESIGN.md §4): ranks ``2``..``10``, ``J``, ``Q``, ``K``, ``A``;
suits ``C D H S``. Parsing is lenient (``10h``, ``TH``, ``th``, ``10♥``, surrounding spaces are all
the ten of hearts); output is always canonical (``10H``). Every Card is interned, so ``Card.parse``
and ``card(...)`` return the same object for the same card and identity comparison is cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Any

from service.rules.errors import InvalidCard
from service.rules.messages import Msg

_SUIT_HINT = Msg("core.hint.suit")
_RANK_HINT = Msg("core.hint.rank")
_CARD_TYPE_HINT = Msg("core.hint.card_string")
_CARD_HINT = Msg("core.hint.card")


class Suit(str, Enum):
    """The four suits; the value is the canonical letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: object) -> Suit:
        """Read a suit leniently: ``h``, ``H``, ``hearts``, ``♥``. Raises InvalidCard."""
        if isinstance(text, Suit):
            return text
        if not isinstance(text, str):
            raise InvalidCard(repr(text), _SUIT_HINT)
        key = _without_emoji_selector(text).strip().upper()
        suit = _SUIT_ALIASES.get(key)
        if suit is None:
            raise InvalidCard(text, _SUIT_HINT)
        return suit

    def __str__(self) -> str:
        return self.value


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_ALIASES: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_ALIASES[_s.value] = _s
    _SUIT_ALIASES[_s.name] = _s
    _SUIT_ALIASES[_s.name[:-1]] = _s  # CLUB, DIAMOND, HEART, SPADE
    _SUIT_ALIASES[_SUIT_SYMBOLS[_s]] = _s
for _sym, _s in (("♧", Suit.CLUBS), ("♢", Suit.DIAMONDS), ("♡", Suit.HEARTS), ("♤", Suit.SPADES)):
    _SUIT_ALIASES[_sym] = _s
#: suit names players write (upper case): Indonesian, Tagalog, Dutch (English names are above)
SUIT_WORDS: dict[str, Suit] = {
    "HATI": Suit.HEARTS, "WAJIK": Suit.DIAMONDS, "KERITING": Suit.CLUBS, "KRITING": Suit.CLUBS, "SEKOP": Suit.SPADES,
    "PUSO": Suit.HEARTS, "DIYAMANTE": Suit.DIAMONDS, "TREBOL": Suit.CLUBS, "ISPADA": Suit.SPADES,
    "HARTEN": Suit.HEARTS, "RUITEN": Suit.DIAMONDS, "KLAVEREN": Suit.CLUBS, "SCHOPPEN": Suit.SPADES,
}
_SUIT_ALIASES.update(SUIT_WORDS)
def suit_names() -> tuple[str, ...]:
    """Every text ``Suit.parse`` reads as a suit (upper case): letters, English names, the players'
    words, symbols."""
    return tuple(_SUIT_ALIASES)


#: the suit symbols, each of which a phone keyboard may follow with U+FE0F (the emoji form)
SUIT_SYMBOLS = "♣♦♥♠♧♢♡♤"


class Rank(int, Enum):
    """Ranks by face value (2..14); the value is only an identity, never a game's ranking."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        return _RANK_TEXT[self]

    @classmethod
    def parse(cls, text: object) -> Rank:
        if isinstance(text, Rank):
            return text
        if not isinstance(text, str):
            raise InvalidCard(repr(text), _RANK_HINT)
        rank = _RANK_ALIASES.get(text.strip().upper())
        if rank is None:
            raise InvalidCard(text, _RANK_HINT)
        return rank

    def __str__(self) -> str:
        return _RANK_TEXT[self]


_RANK_TEXT = {r: (str(r.value) if r.value <= 10 else r.name[0]) for r in Rank}
_RANK_ALIASES: dict[str, Rank] = {text: r for r, text in _RANK_TEXT.items()}
_RANK_ALIASES["T"] = Rank.TEN
_RANK_ALIASES["1"] = Rank.ACE  # "isang" in seed 001; some sheets write aces as 1
#: rank words players write (upper case), where a word names one rank only: Indonesian (As, Raja,
#: Ratu), Tagalog (Alas), Dutch (Aas, Heer, Vrouw, Boer) and English. Read only before or after a
#: suit word, apart from it ("As Hati", "harten aas"): alone, "AS" is the ace of spades.
RANK_WORDS: dict[str, Rank] = {
    "AS": Rank.ACE, "RAJA": Rank.KING, "RATU": Rank.QUEEN, "JACK": Rank.JACK, "ALAS": Rank.ACE,
    "AAS": Rank.ACE, "HEER": Rank.KING, "VROUW": Rank.QUEEN, "BOER": Rank.JACK,
    "ACE": Rank.ACE, "KING": Rank.KING, "QUEEN": Rank.QUEEN, "TEN": Rank.TEN,
}
#: words allowed between a rank and a suit ("ace of hearts", Tagalog "alas ng puso")
CARD_FILLERS = frozenset({"OF", "NG"})


class Card:
    """One playing card. Immutable and interned: build it with ``Card.parse`` or ``card``."""

    __slots__ = ("index", "rank", "suit", "text")

    rank: Rank
    suit: Suit
    text: str
    index: int

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        existing = _INTERNED.get((rank, suit))
        if existing is not None:
            return existing
        obj = super().__new__(cls)
        object.__setattr__(obj, "rank", rank)
        object.__setattr__(obj, "suit", suit)
        object.__setattr__(obj, "text", f"{_RANK_TEXT[rank]}{suit.value}")
        # index: 0..51, suit-major in C D H S order, rank ascending 2..A.
        object.__setattr__(obj, "index", "CDHS".index(suit.value) * 13 + (rank.value - 2))
        _INTERNED[(rank, suit)] = obj
        return obj

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.rank, self.suit))

    # Interned: a card is equal to itself only, so identity's own (C) equality and hash serve;
    # a Python-level __hash__/__eq__ costs a call wherever cards meet sets and dicts.
    __hash__ = object.__hash__
    __eq__ = object.__eq__

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        """``f"{card}"`` is the canonical text (``10H``); ``f"{card:sym}"`` writes the suit as its symbol
        (``10♥``), as the explanations do."""
        if spec == "sym":
            return f"{_RANK_TEXT[self.rank]}{self.suit.symbol}"
        return format(self.text, spec)

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card leniently; raise InvalidCard quoting the text when it cannot be read.

        Accepts ``10H``, ``10h``, ``TH``, ``th``, ``10♥`` (and ``10♥️``, as phone keyboards write it),
        with spaces around or inside; a rank and a suit in words, either order, in the players'
        languages (``As Hati``, ``10 wajik``, ``Raja sekop``, ``harten aas``, ``alas ng puso``,
        ``queen of spades``; ``RANK_WORDS``, ``SUIT_WORDS``); and an existing Card (returned as is).
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCard(repr(text), _CARD_TYPE_HINT)
        found = _PARSE_CACHE.get(text)
        if found is not None:
            return found
        plain = _without_emoji_selector(text)
        result = _compact(plain) or _in_words(plain)
        if result is None:
            raise InvalidCard(text, _CARD_HINT)
        if len(_PARSE_CACHE) < 4096:
            _PARSE_CACHE[text] = result
        return result


def _without_emoji_selector(text: str) -> str:
    """``text`` without the U+FE0F that follows a suit symbol in its emoji form (``♥️``)."""
    if "\ufe0f" not in text:
        return text
    out = []
    for i, ch in enumerate(text):
        if ch == "\ufe0f" and i and text[i - 1] in SUIT_SYMBOLS:
            continue
        out.append(ch)
    return "".join(out)


def _compact(text: str) -> Card | None:
    """A card written as a rank then a suit letter or symbol (``10H``, ``10 h``, ``th``, ``A♥``)."""
    stripped = text.strip().replace(" ", "")
    if len(stripped) < 2:
        return None
    suit = _SUIT_ALIASES.get(stripped[-1].upper())  # the suit is the last character
    rank = _RANK_ALIASES.get(stripped[:-1].upper())
    if suit is None or rank is None:
        return None
    return Card(rank, suit)


def _in_words(text: str) -> Card | None:
    """A card written as a rank and a suit apart, in either order, with ``of``/``ng`` between them
    allowed (``As Hati``, ``harten aas``, ``queen of spades``)."""
    words = [w.upper() for w in text.split(" ") if w]
    if len(words) == 3 and words[1] in CARD_FILLERS:
        words = [words[0], words[2]]
    if len(words) != 2:
        return None
    for rank_word, suit_word in (words, words[::-1]):
        rank = _RANK_ALIASES.get(rank_word) or RANK_WORDS.get(rank_word)
        suit = _SUIT_ALIASES.get(suit_word)
        if rank is not None and suit is not None:
            return Card(rank, suit)
    return None


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
_PARSE_CACHE: dict[str, Card] = {}

SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in Rank)
DECK_52: tuple[Card, ...] = ALL_CARDS
DECK_32: tuple[Card, ...] = tuple(
    c for c in ALL_CARDS if c.rank in (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK,
                                       Rank.QUEEN, Rank.KING, Rank.ACE)
)
BY_INDEX: tuple[Card, ...] = ALL_CARDS  # BY_INDEX[card.index] is card

for _c in ALL_CARDS:
    _PARSE_CACHE[_c.text] = _c

#: canonical text -> the interned card (``BY_TEXT[t] is Card.parse(t)`` for every canonical ``t``); a
#: plain dict for hot paths that read canonical text (``codec``), which fall back to ``Card.parse``.
BY_TEXT: dict[str, Card] = {c.text: c for c in ALL_CARDS}


def card(text: str) -> Card:
    """Shorthand for ``Card.parse``."""
    return Card.parse(text)


def cards(texts: str | Iterable[object]) -> tuple[Card, ...]:
    """Parse several cards: a whitespace/comma separated string, or an iterable of card texts."""
    if isinstance(texts, str):
        items: Iterable[object] = [t for t in texts.replace(",", " ").split() if t]
    else:
        items = texts
    return tuple(Card.parse(t) for t in items)


def format_cards(items: Iterable[Card]) -> list[str]:
    """Canonical texts of cards, in the given order."""
    return [c.text for c in items]


def check_distinct(items: Sequence[Card], where: Msg | str) -> None:
    """Raise DuplicateCard when a card appears twice in ``items``."""
    seen: set[Card] = set()
    for c in items:
        if c in seen:
            from service.rules.errors import DuplicateCard

            raise DuplicateCard(c.text, where)
        seen.add(c)
