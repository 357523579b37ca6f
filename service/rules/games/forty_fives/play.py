"""Following and winning tricks in the Forty-Fives family (forty-fives.md §4), for a match and for
the stateless rules endpoints.

* ``legal_mask``: the §4.2 algorithm (follow suit or trump on a plain lead; on a trump lead a trump
  unless every trump held is a protected 5/J/A♥ that outranks the led card; the A♥-lead clause of
  §4.3), returning the legal cards of a hand and the reason (an ``R_*`` code that ``verdict_text``
  turns into a machine code and a sentence).
* ``lead_against_30``: §9.7, the opening lead of a defender against a bid of 30 under
  ``bid_30_trump_lead`` (a trump if held); the stateless questions apply it when the context says
  ``defending_a_30_bid`` with ``trick_number`` 1.
* ``winner_position``: §4.4, the highest trump, else the highest card of the suit led; ``win_reason``
  says why in words.
* ``trick_winner`` / ``legal_plays``: the same rules asked about bare facts (a ``TrickContext`` with
  the trump and the demoted ace, accepted only where the unrobbed-ace rule applies).
"""

from __future__ import annotations

from collections.abc import Sequence

from service.rules.cards import ALL_CARDS, SUITS, Card, Rank, Suit, check_distinct
from service.rules.errors import InvalidFacts, TooManyPlays
from service.rules.games.forty_fives.options import (
    AH_NO_RENEGE,
    AH_RENEGE_THEN_HEARTS,
    AH_TRUMP_LEAD,
    Config,
    PlayRules,
)
from service.rules.games.forty_fives.ranking import ACE_OF_HEARTS, AH_INDEX, HEARTS_I, RankTable, table_for
from service.rules.handmask import cards_of, mask_of
from service.rules.messages import Msg
from service.rules.tricks import Play, PlayVerdict, TrickContext, TrickOutcome

#: the most cards a hand holds when playing
MAX_HAND = 5

# ------------------------------------------------------------------------------------------------
# Legal plays (§4.2, §4.3)
# ------------------------------------------------------------------------------------------------

# Reasons returned with a legal mask.
R_LEAD = 0
R_VOID = 1
R_FOLLOW_OR_TRUMP = 2
R_MUST_FOLLOW = 3
R_PLAIN_ANY = 4
R_NO_TRUMP = 5
R_AH_HEART = 6
R_AH_NOTHING = 7
R_AH_NO_RENEGE = 8
R_MUST_TRUMP = 9
R_RENEGE = 10
R_RENEGE_OR_HEART = 11
R_LEAD_TRUMP_30 = 12

#: the context key of the stateless questions that says the leader defends a bid of 30 (§9.7)
DEFENDING_30 = "defending_a_30_bid"


def reference_index(table: RankTable, trick: Sequence[Card], ref_highest: bool) -> int:
    """The card a protected trump must outrank (§4.2 c): the led card, or the highest trump so far."""
    led = trick[0].index
    if not ref_highest:
        return led
    strength = table.strength
    best = led
    for c in trick:
        i = c.index
        if strength[i] > strength[best] and table.eff[i] == table.trump_i:
            best = i
    return best


def lead_against_30(table: RankTable, hand: int) -> tuple[int, int]:
    """The opening lead of a defender against a bid of 30 under ``bid_30_trump_lead`` (§9.7): a trump
    (any, the A♥ included) if the leader holds one, else any card."""
    trumps = hand & table.trump_mask
    return (trumps, R_LEAD_TRUMP_30) if trumps else (hand, R_LEAD)


def legal_mask(rules: PlayRules, table: RankTable, hand: int, trick: Sequence[Card]) -> tuple[int, int]:
    """The legal cards of ``hand`` (a mask) for a play to ``trick``, and the reason (``R_*``)."""
    if not trick:
        return hand, R_LEAD
    led = trick[0].index
    s = table.eff[led]
    t = table.trump_i
    if s != t:
        follow = hand & table.suit_masks[s]
        if not follow:
            return hand, R_VOID
        rule = rules.plain_rule
        if rule == 0:
            return follow | (hand & table.trump_mask), R_FOLLOW_OR_TRUMP
        if rule == 1:
            return follow, R_MUST_FOLLOW
        return hand, R_PLAIN_ANY
    ah = rules.ah_rule if (led == AH_INDEX and t != HEARTS_I) else AH_TRUMP_LEAD
    th = hand & table.trump_mask
    if not th:
        if ah:
            hearts = hand & table.plain_hearts
            if hearts:
                return hearts, R_AH_HEART
            return hand, R_AH_NOTHING
        return hand, R_NO_TRUMP
    if ah == AH_NO_RENEGE:
        return th, R_AH_NO_RENEGE
    ref = reference_index(table, trick, rules.ref_highest) if rules.ref_highest else led
    protected = th & table.renegable & table.above[ref]
    if th & ~protected:
        return th, R_MUST_TRUMP
    if ah == AH_RENEGE_THEN_HEARTS:
        hearts = hand & table.plain_hearts
        if hearts:
            return protected | hearts, R_RENEGE_OR_HEART
    return hand, R_RENEGE


_CODES = {
    R_LEAD: "no_constraint",
    R_VOID: "no_constraint",
    R_FOLLOW_OR_TRUMP: "must_follow_suit_or_trump",
    R_MUST_FOLLOW: "must_follow_suit",
    R_PLAIN_ANY: "no_constraint",
    R_NO_TRUMP: "no_constraint",
    R_AH_HEART: "must_play_heart",
    R_AH_NOTHING: "no_constraint",
    R_AH_NO_RENEGE: "must_play_trump",
    R_MUST_TRUMP: "must_play_trump",
    R_RENEGE: "no_constraint",
    R_RENEGE_OR_HEART: "must_play_trump_or_heart",
    R_LEAD_TRUMP_30: "must_lead_trump_against_30",
}


def _names(cards: Sequence[Card]) -> str:
    return ", ".join(c.text for c in cards)


def verdict_text(
    reason: int, rules: PlayRules, table: RankTable, hand: int, trick: Sequence[Card]
) -> tuple[str, Msg]:
    """The machine code and the sentence for a reason returned by ``legal_mask``."""
    code = _CODES[reason]
    if reason == R_LEAD:
        return code, Msg("forty_fives.rule.lead")
    if reason == R_LEAD_TRUMP_30:
        return code, Msg("forty_fives.rule.lead_trump_against_30", trumps=_names(cards_of(hand & table.trump_mask)))
    led = trick[0]
    suit = SUITS[table.eff[led.index]]
    if reason == R_VOID:
        return code, Msg("forty_fives.rule.void", led=led, suit=suit)
    if reason == R_FOLLOW_OR_TRUMP:
        return code, Msg("forty_fives.rule.follow_or_trump", suit=suit)
    if reason == R_MUST_FOLLOW:
        return code, Msg("forty_fives.rule.must_follow", suit=suit)
    if reason == R_PLAIN_ANY:
        return code, Msg("forty_fives.rule.plain_any")
    if reason == R_NO_TRUMP:
        return code, Msg("forty_fives.rule.no_trump", led=led)
    if reason == R_AH_HEART:
        return code, Msg("forty_fives.rule.ah_heart")
    if reason == R_AH_NOTHING:
        return code, Msg("forty_fives.rule.ah_nothing")
    if reason == R_AH_NO_RENEGE:
        return code, Msg("forty_fives.rule.ah_no_renege")
    th = hand & table.trump_mask
    ref = ALL_CARDS[reference_index(table, trick, rules.ref_highest)]
    if reason == R_MUST_TRUMP:
        protected = th & table.renegable & table.above[ref.index]
        forced = cards_of(th & ~protected)
        key = "forty_fives.rule.must_trump_one" if len(forced) == 1 else "forty_fives.rule.must_trump"
        return code, Msg(key, ref=ref, forced=_names(forced))
    held = cards_of(th)
    if reason == R_RENEGE_OR_HEART:
        key = "forty_fives.rule.renege_or_heart_one" if len(held) == 1 else "forty_fives.rule.renege_or_heart"
        return code, Msg(key, held=_names(held), ref=ref)
    key = "forty_fives.rule.renege_one" if len(held) == 1 else "forty_fives.rule.renege"
    return code, Msg(key, held=_names(held), ref=ref)


# ------------------------------------------------------------------------------------------------
# Trick winner (§4.4)
# ------------------------------------------------------------------------------------------------


def winner_position(table: RankTable, trick: Sequence[Card]) -> int:
    """Index of the winning card: the highest trump, else the highest card of the suit led."""
    keys = table.win_keys[table.eff[trick[0].index]]
    best = 0
    best_key = keys[trick[0].index]
    for pos in range(1, len(trick)):
        k = keys[trick[pos].index]
        if k > best_key:
            best, best_key = pos, k
    return best


def win_reason(table: RankTable, trick: Sequence[Card], pos: int) -> Msg:
    """Why ``trick[pos]`` won, in words."""
    c = trick[pos]
    if table.eff[c.index] == table.trump_i:
        t = table.trump
        if c is table.demoted:
            return Msg("forty_fives.win.demoted", card=c)
        if c.rank is Rank.FIVE and c.suit is t:
            return Msg("forty_fives.win.five", card=c)
        if c.rank is Rank.JACK and c.suit is t:
            return Msg("forty_fives.win.jack", card=c)
        if c is ACE_OF_HEARTS:
            return Msg("forty_fives.win.ace_of_hearts", card=c)
        if sum(1 for d in trick if table.eff[d.index] == table.trump_i) == 1:
            return Msg("forty_fives.win.only_trump", card=c)
        return Msg("forty_fives.win.highest_trump", card=c)
    return Msg("forty_fives.win.suit_led", card=c, suit=SUITS[table.eff[c.index]])


# ------------------------------------------------------------------------------------------------
# The stateless questions (``Ruleset.trick_winner``, ``Ruleset.legal_plays``)
# ------------------------------------------------------------------------------------------------


def context_table(cfg: Config, ctx: TrickContext) -> RankTable:
    """The table of the trick context's trump and demotion, checked against the options."""
    trump = ctx.trump
    if trump is None:
        raise InvalidFacts(Msg("forty_fives.needs_trump"))
    if not isinstance(trump, Suit):
        trump = Suit.parse(trump)
    demoted = ctx.demoted
    if demoted is not None:
        if not isinstance(demoted, Card):
            demoted = Card.parse(demoted)
        if not cfg.demotes:
            raise InvalidFacts(Msg("forty_fives.demotion_off"))
        if demoted.rank is not Rank.ACE or demoted.suit is not trump:
            raise InvalidFacts(Msg("forty_fives.demote_not_ace", card=demoted, trump=trump.value))
    return table_for(cfg, trump, demoted is not None)


def trick_cards(plays: Sequence[Play], limit: int, what: Msg, game: Msg | str, most: int) -> tuple[Card, ...]:
    """The cards of ``plays`` (at most ``limit``), distinct and face up; ``game`` names the ruleset
    and ``most`` its largest player count in refusals."""
    if len(plays) > limit:
        raise TooManyPlays(Msg("forty_fives.too_many_plays", what=what, cards=len(plays), game=game, most=most))
    cards = []
    for p in plays:
        if isinstance(p, Play):
            if p.face_down:
                raise InvalidFacts(Msg("forty_fives.no_face_down", game=game))
            cards.append(p.card)
        else:
            cards.append(Card.parse(p))
    if mask_of(cards).bit_count() != len(cards):
        check_distinct(cards, Msg("core.where.trick"))
    return tuple(cards)


def trick_winner(
    cfg: Config, plays: Sequence[Play], ctx: TrickContext, game: Msg | str, most: int
) -> TrickOutcome:
    """Who wins ``plays`` (leader first) and why."""
    cards = trick_cards(plays, most, Msg("core.where.trick"), game, most)
    if not cards:
        raise InvalidFacts(Msg("forty_fives.empty_trick"))
    table = context_table(cfg, ctx)
    pos = winner_position(table, cards)
    return TrickOutcome(pos, cards[pos], win_reason(table, cards, pos))


def legal_plays(
    cfg: Config, hand: Sequence[Card], trick: Sequence[Play], ctx: TrickContext, game: Msg | str, most: int
) -> PlayVerdict:
    """The cards of ``hand`` that may be played to ``trick``, with the rule's code and sentence."""
    cards = trick_cards(trick, most - 1, Msg("forty_fives.the_trick_so_far"), game, most)
    hand = tuple(c if isinstance(c, Card) else Card.parse(c) for c in hand)
    if not hand:
        raise InvalidFacts(Msg("forty_fives.empty_hand"))
    if len(hand) > MAX_HAND:
        raise InvalidFacts(Msg("forty_fives.hand_too_big", game=game, most=MAX_HAND, cards=len(hand)))
    hmask = mask_of(hand)
    if hmask.bit_count() != len(hand) or hmask & mask_of(cards):
        check_distinct([*hand, *cards], Msg("core.where.hand_and_trick"))
    table = context_table(cfg, ctx)
    if not cards and _defends_30(cfg, ctx):
        legal, reason = lead_against_30(table, hmask)
    else:
        legal, reason = legal_mask(cfg.rules, table, hmask, cards)
    code, rule = verdict_text(reason, cfg.rules, table, hmask, cards)
    return PlayVerdict(tuple(c for c in hand if legal >> c.index & 1), code, rule)


def _defends_30(cfg: Config, ctx: TrickContext) -> bool:
    """Whether the context is the opening lead of a defender against 30 with the forced trump lead on
    (§9.7: ``defending_a_30_bid`` true and ``trick_number`` 1)."""
    flag = ctx.get(DEFENDING_30)
    if flag is not None and not isinstance(flag, bool):
        raise InvalidFacts(Msg("forty_fives.defending_30_not_bool", key=DEFENDING_30))
    return bool(flag) and cfg.bid30_lead and ctx.trick_number == 1
