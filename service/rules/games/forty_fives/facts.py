"""The round facts of the Forty-Fives family: read and checked for both ``POST
/v1/rulesets/{id}/score`` and a table-mode ``round_result`` action.

Round facts, one of two forms (plus ``scores``, the totals before the round, and in bidding mode
``bid: {"team": 0, "amount": 20}``):

* **full**: ``{"trump": "D", "leader": 0, "players": 3, "tricks": [["KC", "2D", "AH"], ...]}``, the
  five tricks, each in play order from its own leader. The trick winners, who led each trick and
  the highest trump are worked out by ``scoring``. Optional ``demoted_ace`` (the ace of trumps, where
  the unrobbed-ace rule of §1.5 applies and its holder neither robbed nor announced).
* **summary** (for a scorekeeper who writes down only the outcome): ``{"tricks_won": [2, 0, 3],
  "highest_trump_seat": 2}`` with ``tricks_won`` per seat (summing to 5) and the seat that played
  the highest trump of the hand (``null`` when no trump was played). Under
  ``highest_trump_bonus = "five_of_trumps_only"`` add ``"highest_trump": "5S"`` (the card) so
  the bonus can be judged; ``trump`` and ``players`` are optional.

Either form takes ``hand_number``: the hand's number among the match's scored hands (1 for the
first; a void hand does not count), required when ``match_end`` is not ``"target"`` (§9.4: the
match ends after its last counted hand), ignored otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from service.rules.cards import Card, Rank, Suit, check_distinct
from service.rules.errors import InvalidFacts, InvalidInput
from service.rules.facts import LARGEST, check_fields, int_fact, int_list_fact, is_json_int
from service.rules.games.forty_fives.options import FORTY_FIVES_ID, Config
from service.rules.games.forty_fives.state import TRICKS_PER_HAND
from service.rules.messages import Msg

FULL_KEYS = ("trump", "leader", "players", "tricks", "scores", "demoted_ace", "bid", "hand_number")
SUMMARY_KEYS = ("trump", "leader", "players", "tricks_won", "highest_trump_seat", "highest_trump", "scores", "bid",
                "hand_number")


@dataclass(frozen=True)
class RoundFacts:
    """Round facts read and checked (see the module doc)."""

    players: int
    trump: Suit | None
    leader: int | None
    tricks: tuple[tuple[Card, ...], ...] | None  # full form
    demoted: Card | None
    tricks_won: tuple[int, ...] | None  # summary form
    highest_seat: int | None
    highest_card: Card | None
    scores: tuple[int, ...]
    bid: tuple[int, int] | None
    hand: int | None = None  # ``hand_number`` (§9.4)


def read_facts(cfg: Config, facts: Mapping[str, Any], player_counts: Sequence[int]) -> RoundFacts:
    game = Msg("forty_fives.name") if cfg.game == FORTY_FIVES_ID else Msg("forty_fives.auction.name")
    facts = check_fields(facts, game, tuple(dict.fromkeys(SUMMARY_KEYS + FULL_KEYS)))
    full = "tricks" in facts
    if not full and "tricks_won" not in facts:
        raise InvalidInput(Msg("forty_fives.facts.needs_tricks"))
    if full and "tricks_won" in facts:
        raise InvalidInput(Msg("forty_fives.facts.both_forms"))
    check_fields(facts, game, FULL_KEYS if full else SUMMARY_KEYS)
    n = cfg.players
    if "players" in facts:
        n = facts["players"]
        if not is_json_int(n):
            raise InvalidInput(Msg("forty_fives.facts.players_not_int", players=n))
        if n not in player_counts:
            raise InvalidFacts(Msg("forty_fives.facts.player_count", game=cfg.game,
                                   counts=", ".join(map(str, player_counts)), players=n))
    trump = None
    if facts.get("trump") is not None:
        trump = Suit.parse(facts["trump"])
    elif full:
        raise InvalidInput(Msg("forty_fives.facts.needs_trump"))
    teams = cfg.game != FORTY_FIVES_ID
    width = 2 if teams else n
    scores: tuple[int, ...] = (0,) * width
    if facts.get("scores") is not None:
        # a seat's score never goes below 0 (§2.7); a team's does, when its bid fails (§3.8)
        raw = int_list_fact(facts, "scores", Msg("forty_fives.facts.scores_what"), lo=-LARGEST if teams else 0)
        if len(raw) != width:
            key = "forty_fives.facts.scores_per_team" if teams else "forty_fives.facts.scores_per_seat"
            raise InvalidFacts(Msg(key, width=width, got=len(raw)))
        scores = tuple(raw)
    bid = _read_bid(cfg, facts)
    read = _read_full(cfg, facts, n, trump, scores, bid) if full else _read_summary(cfg, facts, n, trump, scores, bid)
    hand = None
    if facts.get("hand_number") is not None:
        hand = int_fact(facts, "hand_number", 1, None, Msg("forty_fives.facts.hand_number_what"))
    elif cfg.fixed_hands is not None:
        raise InvalidInput(Msg("forty_fives.facts.needs_hand_number", hands=cfg.fixed_hands))
    return replace(read, hand=hand) if hand is not None else read


def _read_bid(cfg: Config, facts: Mapping[str, Any]) -> tuple[int, int] | None:
    raw = facts.get("bid")
    if not cfg.bidding:
        if raw is not None:
            raise InvalidFacts(Msg("forty_fives.facts.bid_not_bidding" if cfg.game == FORTY_FIVES_ID
                                   else "forty_fives.facts.bid_not_bidding_auction"))
        return None
    if raw is None:
        raise InvalidInput(Msg("forty_fives.needs_bid"))
    if not isinstance(raw, Mapping) or set(raw) != {"team", "amount"}:
        raise InvalidInput(Msg("forty_fives.facts.bid_not_object"))
    team, amount = raw["team"], raw["amount"]
    if not is_json_int(team) or not is_json_int(amount):
        raise InvalidInput(Msg("forty_fives.facts.bid_not_ints"))
    if team not in (0, 1):
        raise InvalidFacts(Msg("forty_fives.facts.bid_team", team=team))
    if amount not in cfg.bid_values:
        raise InvalidFacts(Msg("forty_fives.facts.bid_amount", values=str(list(cfg.bid_values)), amount=amount))
    return team, amount


def _read_full(
    cfg: Config, facts: Mapping[str, Any], n: int, trump: Suit | None, scores: tuple[int, ...],
    bid: tuple[int, int] | None,
) -> RoundFacts:
    if "leader" not in facts:
        raise InvalidInput(Msg("forty_fives.facts.needs_leader"))
    leader = _leader(facts, n)
    raw = facts["tricks"]
    if not isinstance(raw, list) or not all(isinstance(t, list) for t in raw):
        raise InvalidInput(Msg("forty_fives.facts.tricks_not_lists"))
    if len(raw) != TRICKS_PER_HAND:
        raise InvalidFacts(Msg("forty_fives.facts.trick_count", tricks=TRICKS_PER_HAND, got=len(raw)))
    tricks = []
    for i, t in enumerate(raw, 1):
        if len(t) != n:
            raise InvalidFacts(Msg("forty_fives.facts.trick_size", number=i, cards=len(t), players=n))
        tricks.append(tuple(Card.parse(c) for c in t))
    check_distinct([c for t in tricks for c in t], Msg("core.where.tricks"))
    demoted = None
    if facts.get("demoted_ace") is not None:
        demoted = Card.parse(facts["demoted_ace"])
        if not cfg.demotes:
            raise InvalidFacts(Msg("forty_fives.facts.demotion_off"))
        if trump is None or demoted.rank is not Rank.ACE or demoted.suit is not trump:
            raise InvalidFacts(Msg("forty_fives.facts.demote_not_ace", card=demoted))
        if all(demoted not in t for t in tricks):
            raise InvalidFacts(Msg("forty_fives.facts.demoted_unplayed", card=demoted))
    return RoundFacts(n, trump, leader, tuple(tricks), demoted, None, None, None, scores, bid)


def _read_summary(
    cfg: Config, facts: Mapping[str, Any], n: int, trump: Suit | None, scores: tuple[int, ...],
    bid: tuple[int, int] | None,
) -> RoundFacts:
    won = int_list_fact(facts, "tricks_won", Msg("forty_fives.facts.tricks_won_what"), lo=0, hi=TRICKS_PER_HAND)
    if len(won) != n:
        raise InvalidFacts(Msg("forty_fives.facts.tricks_won_size", players=n, got=len(won)))
    leader = _leader(facts, n) if "leader" in facts else None
    if sum(won) != TRICKS_PER_HAND:
        raise InvalidFacts(Msg("forty_fives.facts.tricks_won_sum", tricks=TRICKS_PER_HAND, got=str(list(won))),
                           extra={"fact": "tricks_won"})
    seat = None
    if facts.get("highest_trump_seat") is not None:
        seat = int_fact(facts, "highest_trump_seat", 0, n - 1, Msg("forty_fives.facts.highest_seat_what"))
        if won[seat] == 0:
            raise InvalidFacts(Msg("forty_fives.facts.highest_seat_no_trick", seat=seat))
    elif "highest_trump_seat" not in facts and cfg.bonus != "none":
        raise InvalidInput(Msg("forty_fives.facts.needs_highest_seat"))
    card = None
    if facts.get("highest_trump") is not None:
        card = Card.parse(facts["highest_trump"])
        if seat is None:
            raise InvalidFacts(Msg("forty_fives.facts.highest_without_seat"))
        if trump is not None and card.suit is not trump and card.text != "AH":
            raise InvalidFacts(Msg("forty_fives.facts.not_a_trump", card=card, trump=trump.value))
    if cfg.bonus == "five_of_trumps_only" and seat is not None and card is None:
        raise InvalidInput(Msg("forty_fives.facts.needs_highest_card"))
    if cfg.bonus == "five_of_trumps_only" and card is not None and trump is None and card.rank is Rank.FIVE:
        trump = card.suit
    return RoundFacts(n, trump, leader, None, None, tuple(won), seat, card, scores, bid)


def _leader(facts: Mapping[str, Any], n: int) -> int:
    """The seat that led the first trick (either form)."""
    return int_fact(facts, "leader", 0, n - 1, Msg("forty_fives.facts.leader_what"))


# ------------------------------------------------------------------------------------------------
# The API's documentation of ``/score`` (``Ruleset.score_example``, ``Ruleset.score_facts``)
# ------------------------------------------------------------------------------------------------

FORTY_FIVES_SCORE_EXAMPLE: dict[str, Any] = {
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
FORTY_FIVES_SCORE_FACTS = ("trump, leader, players, tricks (each in play order from its own leader), scores "
                           "(and hand_number in a fixed-length match)")

AUCTION_SCORE_EXAMPLE: dict[str, Any] = {
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
AUCTION_SCORE_FACTS = ("trump, leader, players, tricks (each in play order from its own leader), scores "
                       "(and bid in bidding mode, hand_number in a fixed-length match)")
