"""The match engine of the Forty-Fives family: deal, turn-up and robbing, trick play, scoring
(forty-fives.md §2.3-2.9, §3.3-3.5, §3.10), in dealt mode and in table mode. The auction, naming
trump and the discard-and-draw of bidding mode live in ``forty_fives_auction``.

Every function here takes the digested options (``Config``) and a state and returns a new state;
nothing is mutated. The hot path of a dealt hand (``dealt_play``) rebuilds one small state object
per card and decides legality with the mask tables of ``forty_fives_ranking``.

Robbing (dealt mode): the holder of the ace of trumps robs or announces at their first turn, as
part of it (the window of §2.5/§3.4 ends with their first card; acting earlier out of turn would
show everyone who holds the ace). In table mode the referee may report a rob or an announcement for
any seat that has not yet played a card, at any time.

Table mode checks what the reported facts allow: turn order; a card seen twice (played, reported
discarded, the turn-up when nobody or another seat took it, the ace of trumps when another seat
showed it by robbing or announcing) is refused with ``card_already_played``; a seat known to
hold cards (the turn-up it took, the ace it announced) must play them before its hand runs out
(``card_known_in_hand``). Failures to follow are recorded as revokes (``base.find_revokes``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from service.rules.base import (
    FINISHED,
    Action,
    Judge,
    Options,
    Play,
    PlayVerdict,
    Revoke,
    TrickContext,
    TrickRecord,
    acting_seat,
    find_revokes,
    not_your_turn,
    revokes_after_play,
    wrong_phase,
)
from service.rules.cards import ALL_CARDS, Card, Rank, Suit
from service.rules.errors import (
    CardAlreadyPlayed,
    CardNotInHand,
    IllegalAction,
    IllegalPlay,
    InvalidAction,
    InvalidInput,
)
from service.rules.games.forty_fives_options import Config
from service.rules.games.forty_fives_ranking import (
    ACE_OF_HEARTS,
    AH_FALLBACK,
    RankTable,
    legal_mask,
    rank_table,
    verdict_text,
    winner_position,
)
from service.rules.games.forty_fives_scoring import TRICKS_PER_HAND, Tally, settle, tally_played
from service.rules.games.forty_fives_state import (
    ACE_AFTER_TRICK,
    ACE_CHOOSE,
    ACE_DECLINED,
    ACE_MUST_ROB,
    ACE_NONE,
    ACE_PENDING,
    ACE_ROBBED,
    AUCTION,
    DEAL,
    DEALER_DRAW,
    DEALER_ROB,
    DISCARD,
    NAME_TRUMP,
    OVER,
    PLAY,
    TURN_UP,
    Auction,
    FortyFivesState,
    MatchInfo,
    Round,
    RoundRecord,
    Trick,
    make_match,
    make_record,
    make_round,
    make_state,
    make_trick,
)
from service.rules.handmask import BIT, FULL_PACK, mask_of, pick, texts_of
from service.rules.slots import evolve

if TYPE_CHECKING:
    from service.rules.base import Ruleset

ACE_TAKEN_LATE = "taken_after_trick"  # the dealer took a turned-up ace after trick 1

MAX_SEATS = 6


def _per_seat_and_card(kind: str) -> tuple[tuple[Action, ...], ...]:
    """The actions of one kind with a card, made once: ``table[seat][card.index]``."""
    return tuple(tuple(Action(kind, s, c) for c in ALL_CARDS) for s in range(MAX_SEATS))


_A = dict(vars(Action))
_a_type, _a_seat, _a_card, _a_cards = _A["type"].__set__, _A["seat"].__set__, _A["card"].__set__, _A["cards"].__set__
_a_amount, _a_suit, _a_face, _a_result = (_A[f].__set__ for f in ("amount", "suit", "face_down", "result"))


def make_action(kind: str, seat: int, card: Card | None = None, cards: tuple[Card, ...] | None = None,
                amount: int | None = None) -> Action:
    """``Action(kind, seat, card, cards, amount)``, faster (the discards of a hand list up to 32)."""
    a = object.__new__(Action)
    _a_type(a, kind)
    _a_seat(a, seat)
    _a_card(a, card)
    _a_cards(a, cards)
    _a_amount(a, amount)
    _a_suit(a, None)
    _a_face(a, False)
    _a_result(a, None)
    return a


PLAY_ACTS = _per_seat_and_card("play")
ROB_ACTS = _per_seat_and_card("rob")
TURN_UP_ACTS = _per_seat_and_card("turn_up")
ROB_BLIND = tuple(Action("rob", s) for s in range(MAX_SEATS))
DECLINE_ACTS = tuple(Action("decline", s) for s in range(MAX_SEATS))
SEAT_TUPLES = tuple((s,) for s in range(MAX_SEATS))
#: CLOCKWISE[n][leader]: the seats of a trick led by ``leader``, in playing order (``table_revokes``)
CLOCKWISE = {n: tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n)) for n in range(2, MAX_SEATS + 1)}
#: PLAYS[card.index]: the face-up play of each card, made once
PLAYS = tuple(Play(c) for c in ALL_CARDS)


def table_for(cfg: Config, trump: Suit, demoted: bool) -> RankTable:
    pair = cfg.tables.get(trump)
    if pair is None:
        pair = cfg.tables[trump] = (rank_table(trump, cfg.aces_high, cfg.renegable, False),
                                    rank_table(trump, cfg.aces_high, cfg.renegable, True))
    return pair[1] if demoted else pair[0]


_ACES: dict[Suit, Card] = {s: Card(Rank.ACE, s) for s in Suit}


def ace_of(trump: Suit) -> Card:
    return _ACES[trump]


# ------------------------------------------------------------------------------------------------
# New match and deal
# ------------------------------------------------------------------------------------------------


def new_state(cfg: Config, options: Mapping[str, Any], n: int, dealer: int, mode: str) -> FortyFivesState:
    width = n if cfg.game == "forty_fives" else 2
    return FortyFivesState(MatchInfo(options, n, mode, dealer, (0,) * width), DEAL)


def check_deck(deck: Sequence[Card] | None) -> list[int]:
    if deck is None or isinstance(deck, (str, bytes)):
        raise InvalidInput("dealt mode needs the shuffled deck (52 cards, top first)")
    try:
        idx = [c.index for c in deck]
    except AttributeError:
        raise InvalidInput("the deck must be a sequence of cards") from None
    if len(idx) != 52 or len(set(idx)) != 52:
        raise InvalidInput(f"the deck must hold each of the 52 cards once; got {len(idx)} cards, "
                           f"{len(set(idx))} different")
    return idx


def deal(cfg: Config, state: FortyFivesState, deck: Sequence[Card] | None) -> FortyFivesState:
    m = state.match
    if m.status == FINISHED:
        from service.rules.errors import MatchOver

        raise MatchOver("the match is over")
    if state.phase != DEAL:
        raise wrong_phase(f"the round in progress is not finished (phase {state.phase!r}); no deal is due",
                          phase_types(cfg, state))
    n = m.players
    d = m.dealer
    number = m.rounds_done + 1
    first = (d + 1) % n
    if m.mode == "table":
        if deck is not None:
            raise InvalidInput("in table mode the hands are unknown: deal without a deck")
        if cfg.bidding:
            return FortyFivesState(m, AUCTION, first, Round(number, d, auction=Auction(passed=(False,) * n),
                                                            drawn=(0,) * n))
        return FortyFivesState(m, TURN_UP, d, Round(number, d))
    idx = check_deck(deck)
    a = cfg.deal_first
    b = 5 - a
    kitty_n = cfg.kitty
    hands = [0] * n
    bit = BIT.__getitem__
    for k in range(n):
        base = n * a + kitty_n + k * b
        hands[(first + k) % n] = sum(map(bit, idx[k * a:(k + 1) * a])) + sum(map(bit, idx[base:base + b]))
    cards = tuple(deck or ())
    kitty = cards[n * a:n * a + kitty_n]
    rest = 5 * n + kitty_n
    if cfg.bidding:
        rnd = Round(number, d, stock=cards[rest:], kitty=kitty,
                    discards=((),) * n, auction=Auction(passed=(False,) * n), drawn=(0,) * n)
        return FortyFivesState(m, AUCTION, first, rnd, tuple(hands))
    turn_up = cards[rest]
    trump = turn_up.suit
    at_bit = BIT[ace_of(trump).index]
    holder = None
    for s in range(n):
        if hands[s] & at_bit:
            holder = s
    duty = _dealer_duty(cfg, turn_up)
    rnd = make_round(number, d, turn_up, trump, cards[rest + 1:], (), ((),) * n, holder, None, None, duty, None, None,
                     None, (), 0, (), ())
    if duty in (ACE_MUST_ROB, ACE_CHOOSE):
        return make_state(m, DEALER_ROB, d, rnd, tuple(hands), first, (), ())
    return make_state(m, PLAY, first, rnd, tuple(hands), first, (), ())


_DUTIES = {"must_rob_before_first_lead": ACE_MUST_ROB, "may_rob_discard_before_first_lead": ACE_CHOOSE,
           "may_rob_after_first_trick": ACE_AFTER_TRICK}


def _dealer_duty(cfg: Config, turn_up: Card) -> str:
    """The dealer's duty for a turned-up ace (§2.5, §3.4), none for any other turn-up."""
    return _DUTIES[cfg.dealer_ace] if turn_up.rank is Rank.ACE else ACE_NONE


# ------------------------------------------------------------------------------------------------
# Helpers on the round in progress
# ------------------------------------------------------------------------------------------------


def has_played(state: FortyFivesState, seat: int) -> bool:
    if state.tricks:
        return True
    return (seat - state.leader) % state.match.players < len(state.current)


def played_cards(state: FortyFivesState) -> list[Card]:
    out = [c for t in state.tricks for c in t.cards]
    out.extend(state.current)
    return out


def plays_by(state: FortyFivesState, seat: int) -> int:
    return len(state.tricks) + (1 if has_played_current(state, seat) else 0)


def has_played_current(state: FortyFivesState, seat: int) -> bool:
    return (seat - state.leader) % state.match.players < len(state.current)


def can_rob_or_announce(cfg: Config, state: FortyFivesState, seat: int) -> bool:
    """The ace-of-trumps window (§2.5, §3.4): not the dealer's turned ace, nobody robbed or
    announced yet, and ``seat`` has not played a card."""
    rnd = state.round
    return (
        rnd is not None
        and not cfg.bidding
        and rnd.turn_up is not None
        and rnd.dealer_ace == ACE_NONE
        and rnd.robbed_by is None
        and rnd.announced_by is None
        and state.phase == PLAY
        and not has_played(state, seat)
    )


def demotes_now(cfg: Config, state: FortyFivesState, seat: int) -> bool:
    """Whether a card played now by ``seat``, the holder of the ace of trumps, demotes the ace (§1.5):
    its first card, without having robbed or (where that saves it) announced."""
    rnd = state.round
    if TYPE_CHECKING:
        assert rnd is not None
    return (
        rnd.robbed_by is None
        and rnd.demoted is None
        and cfg.demotes
        and (rnd.announced_by is None or cfg.unrobbed == "lowest")
        and not has_played(state, seat)
    )


def may_announce(cfg: Config) -> bool:
    return cfg.unrobbed == "lowest_unless_announced"


def _seat(state: FortyFivesState, action: Action) -> int:
    return acting_seat(action, state.match.players)


def need_turn(state: FortyFivesState, seat: int) -> None:
    if seat != state.turn:
        raise not_your_turn(f"it is seat {state.turn}'s turn, not seat {seat}'s", SEAT_TUPLES[state.turn]
                            if state.turn >= 0 else ())


def need_phase(cfg: Config, state: FortyFivesState, action: Action, *phases: str) -> None:
    if state.phase not in phases:
        want = " or ".join(repr(p) for p in phases)
        raise wrong_phase(f"a {action.type!r} action belongs to phase {want}; the match is in phase {state.phase!r}",
                          phase_types(cfg, state))


_PHASE_TYPES = {TURN_UP: ("turn_up",), DEALER_ROB: ("rob", "decline"), PLAY: ("play",),
                AUCTION: ("bid", "pass", "hold"), NAME_TRUMP: ("name_trump",), DISCARD: ("discard",),
                DEALER_DRAW: ("draw",)}


def phase_types(cfg: Config, state: FortyFivesState) -> list[str]:
    """The action types the phase takes now (a ``wrong_phase`` refusal's ``legal``), from public facts
    only: a rob is listed while the window is open for somebody, never because a seat holds the ace."""
    rnd = state.round
    if rnd is None:
        return []
    types = list(_PHASE_TYPES.get(state.phase, ()))
    if state.phase == DEALER_ROB and rnd.dealer_ace == ACE_MUST_ROB:
        types.remove("decline")
    elif state.phase == AUCTION and cfg.dealer_hold == "off":
        types.remove("hold")
    elif (state.phase == PLAY and not cfg.bidding and rnd.dealer_ace == ACE_NONE and rnd.robbed_by is None
          and rnd.announced_by is None and not state.tricks):
        types += ["rob", "decline"] if may_announce(cfg) else ["rob"]
    if state.match.mode == "table" and not state.tricks and not state.current:
        types.append("round_result")
    return types


# ------------------------------------------------------------------------------------------------
# Legal actions
# ------------------------------------------------------------------------------------------------


# The legal cards last computed for the seat to play, by state identity: the random playout asks for
# the legal actions and then applies one to the same state, so ``dealt_play`` reuses them. The
# entry holds the state itself, so its identity cannot be reused while cached.
_memo: tuple[Any, int, int] = (None, 0, 0)


_round_table: tuple[Any, Any] = (None, None)  # the table of the Round object seen last


def round_table(cfg: Config, rnd: Round) -> RankTable:
    """The ranking table in force in ``rnd`` (its trump, its demotion), memoised by identity."""
    global _round_table
    memo = _round_table
    if memo[0] is rnd:
        return memo[1]
    if TYPE_CHECKING:
        assert rnd.trump is not None
    table = table_for(cfg, rnd.trump, rnd.demoted is not None)
    _round_table = (rnd, table)
    return table


def play_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """The dealt-mode actions of the seat to play: its legal cards, and rob/announce in the window."""
    global _memo
    rnd = state.round
    hands = state.hands
    if TYPE_CHECKING:
        assert rnd is not None and hands is not None
    hand = hands[seat]
    known = _round_table
    table = known[1] if known[0] is rnd else round_table(cfg, rnd)
    if seat == rnd.ace_holder and demotes_now(cfg, state, seat):
        table = table_for(cfg, table.trump, True)
    legal, reason = legal_mask(cfg.rules, table, hand, state.current)
    _memo = (state, legal, reason)
    out = pick(legal, PLAY_ACTS[seat])
    if seat == rnd.ace_holder and can_rob_or_announce(cfg, state, seat):
        out.extend(pick(hand, ROB_ACTS[seat]))
        if may_announce(cfg):
            out.append(DECLINE_ACTS[seat])
    return out


def dealer_rob_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    rnd = state.round
    assert rnd is not None
    if seat != rnd.dealer:
        return []
    hands = state.hands
    out = [ROB_BLIND[seat]] if hands is None else pick(hands[seat], ROB_ACTS[seat])
    if rnd.dealer_ace != ACE_MUST_ROB:
        out.append(DECLINE_ACTS[seat])
    return out


def table_play_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """Table mode: every card not yet seen (the referee may post any), and rob/announce."""
    out: list[Action] = []
    if seat == state.turn and state.phase == PLAY:
        blocked = _seen_mask(state, seat)
        acts = PLAY_ACTS[seat]
        known = _known_unplayed(state, seat)
        if known and len(known) >= TRICKS_PER_HAND - plays_by(state, seat):
            out = [acts[c.index] for c in known]
        else:
            out = pick(FULL_PACK & ~blocked, acts)
    if can_rob_or_announce(cfg, state, seat):
        out.append(ROB_BLIND[seat])
        if may_announce(cfg):
            out.append(DECLINE_ACTS[seat])
    return out


def turn_up_actions(state: FortyFivesState, seat: int) -> list[Action]:
    rnd = state.round
    if rnd is None or seat != rnd.dealer:
        return []
    return list(TURN_UP_ACTS[seat])


# ------------------------------------------------------------------------------------------------
# Rob, announce, turn-up
# ------------------------------------------------------------------------------------------------


def _illegal(detail: str, code: str, legal: list[Action]) -> IllegalAction:
    return IllegalAction(detail, code=code, legal=[a.to_json() for a in legal])


def _need_turn_up(cfg: Config, state: FortyFivesState, action: Action) -> None:
    """Robbing and announcing belong to turn-up play; bidding mode has no turn-up (§3.6)."""
    if cfg.bidding:
        raise wrong_phase(f"a {action.type!r} action belongs to turn-up play; in bidding mode (trump_selection "
                          "'bidding') there is no turn-up to rob and no ace to announce", phase_types(cfg, state))


def apply_rob(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    seat = _seat(state, action)
    rnd = state.round
    _need_turn_up(cfg, state, action)
    need_phase(cfg, state, action, PLAY, DEALER_ROB)
    assert rnd is not None and rnd.turn_up is not None
    if state.phase == DEALER_ROB:
        need_turn(state, seat)
        return _dealer_takes(cfg, state, seat, action)
    table = state.hands is None
    if not table:
        need_turn(state, seat)
    ok = can_rob_or_announce(cfg, state, seat) and (table or seat == rnd.ace_holder)
    if not ok:
        legal = table_play_actions(cfg, state, seat) if table else play_actions(cfg, state, seat)
        raise _illegal(
            "only the holder of the ace of trumps may rob, before playing their first card, and only while nobody "
            "has robbed or announced"
            + (" (a turned-up ace belongs to the dealer)" if rnd.dealer_ace != ACE_NONE else ""),
            "cannot_rob", [a for a in legal if a.type != "play"],
        )
    if table:
        out = rnd.out
        if action.card is not None:
            out = _report_discard(state, action.card)
        return evolve(state, round=evolve(rnd, robbed_by=seat, out=out))
    hands = state.hands
    assert hands is not None
    hand = hands[seat]
    discard = _discard_card(state, seat, action)
    hand = (hand & ~BIT[discard.index]) | BIT[rnd.turn_up.index]
    discards = (*rnd.discards[:seat], rnd.discards[seat] + (discard,), *rnd.discards[seat + 1:])
    return evolve(state, hands=(*hands[:seat], hand, *hands[seat + 1:]),
                   round=evolve(rnd, robbed_by=seat, discards=discards))


def _discard_card(state: FortyFivesState, seat: int, action: Action) -> Card:
    assert state.hands is not None
    card = action.card
    hand = state.hands[seat]
    if card is None:
        raise InvalidAction("a rob names the card discarded face down: {\"type\": \"rob\", \"card\": ...}")
    if not hand & BIT[card.index]:
        raise CardNotInHand(f"{card.text} is not in the hand; discard one of your cards",
                            legal=texts_of(hand))
    return card


def _report_discard(state: FortyFivesState, card: Card) -> tuple[Card, ...]:
    rnd = state.round
    assert rnd is not None
    if card in played_cards(state) or card in rnd.out or card is rnd.turn_up:
        raise CardAlreadyPlayed(f"{card.text} has already been seen this round; it cannot be the discard")
    return (*rnd.out, card)


def _dealer_takes(cfg: Config, state: FortyFivesState, seat: int, action: Action) -> FortyFivesState:
    """The dealer robs a turned-up ace (before the lead, after trick 1, or discarding first)."""
    rnd = state.round
    assert rnd is not None and rnd.turn_up is not None
    ace = rnd.turn_up
    late = rnd.dealer_ace == ACE_AFTER_TRICK
    next_turn = state.leader
    if state.hands is None:
        out = _report_discard(state, action.card) if action.card is not None else rnd.out
        status = ACE_PENDING if rnd.dealer_ace == ACE_CHOOSE else (ACE_TAKEN_LATE if late else ACE_ROBBED)
        return evolve(state, phase=PLAY, turn=next_turn, round=evolve(rnd, robbed_by=seat, dealer_ace=status,
                                                                          out=out))
    discard = _discard_card(state, seat, action)
    hand = state.hands[seat] & ~BIT[discard.index]
    if rnd.dealer_ace == ACE_CHOOSE:
        status = ACE_PENDING  # the ace joins the hand when trick 1 is complete
    else:
        hand |= BIT[ace.index]
        status = ACE_TAKEN_LATE if late else ACE_ROBBED
    discards = (*rnd.discards[:seat], rnd.discards[seat] + (discard,), *rnd.discards[seat + 1:])
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1:])
    return evolve(state, phase=PLAY, turn=next_turn, hands=hands,
                   round=evolve(rnd, robbed_by=seat, dealer_ace=status, discards=discards))


def apply_decline(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    seat = _seat(state, action)
    rnd = state.round
    _need_turn_up(cfg, state, action)
    need_phase(cfg, state, action, PLAY, DEALER_ROB)
    assert rnd is not None
    if state.phase == DEALER_ROB:
        need_turn(state, seat)
        if rnd.dealer_ace == ACE_MUST_ROB:
            raise _illegal("the dealer must take the turned-up ace before the first lead "
                           "(dealer_turned_ace 'must_rob_before_first_lead')", "must_rob",
                           dealer_rob_actions(cfg, state, seat))
        return evolve(state, phase=PLAY, turn=state.leader, round=evolve(rnd, dealer_ace=ACE_DECLINED))
    table = state.hands is None
    if not table:
        need_turn(state, seat)
    ok = can_rob_or_announce(cfg, state, seat) and may_announce(cfg) and (table or seat == rnd.ace_holder)
    if not ok:
        legal = table_play_actions(cfg, state, seat) if table else play_actions(cfg, state, seat)
        why = ("announcing applies only with unrobbed_trump_ace 'lowest_unless_announced'" if not may_announce(cfg)
               else "only the holder of the ace of trumps announces, before playing their first card")
        raise _illegal(why, "cannot_announce", [a for a in legal if a.type != "play"])
    return evolve(state, round=evolve(rnd, announced_by=seat))


def apply_turn_up(cfg: Config, state: FortyFivesState, action: Action) -> FortyFivesState:
    seat = _seat(state, action)
    need_phase(cfg, state, action, TURN_UP)
    need_turn(state, seat)
    rnd = state.round
    assert rnd is not None
    card = action.card
    if card is None:
        raise InvalidAction("a turn_up action names the card turned up: {\"type\": \"turn_up\", \"card\": ...}")
    first = (rnd.dealer + 1) % state.match.players
    duty = _dealer_duty(cfg, card)
    rnd = evolve(rnd, turn_up=card, trump=card.suit, dealer_ace=duty)
    if duty in (ACE_MUST_ROB, ACE_CHOOSE):
        return FortyFivesState(state.match, DEALER_ROB, rnd.dealer, rnd, None, first)
    return FortyFivesState(state.match, PLAY, first, rnd, None, first)


# ------------------------------------------------------------------------------------------------
# Play: dealt mode (the hot path)
# ------------------------------------------------------------------------------------------------


def dealt_play(ruleset: Ruleset, cfg: Config, state: FortyFivesState, seat: int, card: Card) -> FortyFivesState:
    rnd = state.round
    hands = state.hands
    if TYPE_CHECKING:
        assert rnd is not None and hands is not None and rnd.trump is not None
    hand = hands[seat]
    bit = BIT[card.index]
    if seat == rnd.ace_holder and demotes_now(cfg, state, seat):
        # The holder plays a first card without robbing or announcing: the ace of trumps drops to
        # the lowest trump from this play on, this play included (§1.5, A-6).
        rnd = evolve(rnd, demoted=ace_of(rnd.trump))
    memo = _memo
    if memo[0] is state:
        legal, reason = memo[1], memo[2]
    else:
        legal, reason = legal_mask(cfg.rules, round_table(cfg, rnd), hand, state.current)
    if not legal & bit:
        legal_texts = texts_of(legal)
        if not hand & bit:
            raise CardNotInHand(f"{card.text} is not in the hand", legal=legal_texts)
        code, rule = verdict_text(reason, cfg.rules, round_table(cfg, rnd), hand, state.current)
        raise IllegalPlay(f"{card.text} may not be played: {rule}", code=code, legal=legal_texts)
    changed = list(hands)
    changed[seat] = hand ^ bit
    hands = tuple(changed)
    current = (*state.current, card)
    n = state.match.players
    if len(current) < n:
        return make_state(state.match, PLAY, (seat + 1) % n, rnd, hands, state.leader, current, state.tricks)
    table = round_table(cfg, rnd)
    w = (state.leader + winner_position(table, current)) % n
    tricks = (*state.tricks, make_trick(state.leader, current, w))
    if len(tricks) == TRICKS_PER_HAND:
        return finish_played_round(ruleset, cfg, state, rnd, tricks, table, ())
    if len(tricks) == 1 and rnd.dealer_ace in (ACE_AFTER_TRICK, ACE_PENDING):
        return _after_first_trick(state, rnd, hands, tricks, w)
    return make_state(state.match, PLAY, w, rnd, hands, w, (), tricks)


def _after_first_trick(
    state: FortyFivesState, rnd: Round, hands: tuple[int, ...] | None, tricks: tuple[Trick, ...], w: int
) -> FortyFivesState:
    """Trick 1 is complete: the dealer now decides on a turned-up ace, or takes the one pending."""
    assert rnd.turn_up is not None
    if rnd.dealer_ace == ACE_AFTER_TRICK:
        return FortyFivesState(state.match, DEALER_ROB, rnd.dealer, rnd, hands, w, (), tricks)
    d = rnd.dealer
    if hands is not None:
        hands = (*hands[:d], hands[d] | BIT[rnd.turn_up.index], *hands[d + 1:])
    rnd = evolve(rnd, dealer_ace=ACE_TAKEN_LATE)
    return FortyFivesState(state.match, PLAY, w, rnd, hands, w, (), tricks)


# ------------------------------------------------------------------------------------------------
# Play: table mode
# ------------------------------------------------------------------------------------------------


def _turn_up_holder(rnd: Round) -> int | None:
    """The seat holding the turn-up, when a seat took it (the dealer's ace only once taken)."""
    if rnd.robbed_by is None:
        return None
    if rnd.dealer_ace == ACE_PENDING:
        return None
    return rnd.robbed_by


def _ace_shown_by(rnd: Round) -> int | None:
    """The seat that showed it holds the ace of trumps (robbing with it, or announcing it)."""
    if rnd.dealer_ace != ACE_NONE:
        return None
    return rnd.robbed_by if rnd.robbed_by is not None else rnd.announced_by


def _seen_mask(state: FortyFivesState, seat: int) -> int:
    """Cards ``seat`` cannot play now (table mode): seen elsewhere, or known to be elsewhere."""
    rnd = state.round
    assert rnd is not None
    m = mask_of(played_cards(state)) | mask_of(rnd.out)
    if rnd.turn_up is not None and _turn_up_holder(rnd) != seat:
        m |= BIT[rnd.turn_up.index]
    shown = _ace_shown_by(rnd)
    if shown is not None and shown != seat and rnd.trump is not None:
        m |= BIT[ace_of(rnd.trump).index]
    return m


def _known_unplayed(state: FortyFivesState, seat: int) -> list[Card]:
    """Cards known to be in ``seat``'s hand and not yet played (table mode)."""
    rnd = state.round
    assert rnd is not None
    played = set(played_cards(state))
    out = []
    if rnd.turn_up is not None and rnd.robbed_by == seat and rnd.turn_up not in played:
        out.append(rnd.turn_up)
    if rnd.announced_by == seat and rnd.trump is not None:
        ace = ace_of(rnd.trump)
        if ace not in played:
            out.append(ace)
    return out


def table_play(ruleset: Ruleset, cfg: Config, state: FortyFivesState, seat: int, card: Card) -> FortyFivesState:
    rnd = state.round
    assert rnd is not None and rnd.trump is not None
    if _seen_mask(state, seat) & BIT[card.index]:
        raise CardAlreadyPlayed(_seen_why(state, card), legal=[a.card.text for a in table_play_actions(
            cfg, state, seat) if a.type == "play" and a.card is not None])
    known = _known_unplayed(state, seat)
    left = TRICKS_PER_HAND - plays_by(state, seat)
    if known and card not in known and len(known) >= left:
        raise IllegalPlay(
            f"seat {seat} is known to hold {', '.join(c.text for c in known)} (taken or announced) and has "
            f"{left} card{'s' if left != 1 else ''} left: {card.text} cannot be among them",
            code="card_known_in_hand", legal=[c.text for c in known],
        )
    ace = ace_of(rnd.trump)
    before = rnd
    if (
        card is ace
        and rnd.dealer_ace == ACE_NONE
        and cfg.demotes
        and rnd.robbed_by != seat
        and (rnd.announced_by != seat or cfg.unrobbed == "lowest")
    ):
        rnd = evolve(rnd, demoted=ace)
    table = table_for(cfg, ace.suit, rnd.demoted is not None)
    current = (*state.current, card)
    n = state.match.players
    # the revokes of the plays before this one, judged in the same contexts unless it demoted the ace
    previous = (seat, before.revokes) if rnd.demoted is before.demoted else None
    if len(current) < n:
        nxt = FortyFivesState(state.match, PLAY, (seat + 1) % n, rnd, None, state.leader, current, state.tricks)
        return evolve(nxt, round=evolve(rnd, revokes=table_revokes(ruleset, cfg, nxt, False, previous)))
    w = (state.leader + winner_position(table, current)) % n
    tricks = (*state.tricks, Trick(state.leader, current, w))
    if len(tricks) == TRICKS_PER_HAND:
        done = FortyFivesState(state.match, PLAY, -1, rnd, None, w, (), tricks)
        revokes = table_revokes(ruleset, cfg, done, True)
        return finish_played_round(ruleset, cfg, state, rnd, tricks, table, revokes)
    nxt = FortyFivesState(state.match, PLAY, w, rnd, None, w, (), tricks)
    if len(tricks) == 1 and rnd.dealer_ace in (ACE_AFTER_TRICK, ACE_PENDING):
        nxt = _after_first_trick(state, rnd, None, tricks, w)
    nrnd = nxt.round
    assert nrnd is not None
    return evolve(nxt, round=evolve(nrnd, revokes=table_revokes(ruleset, cfg, nxt, False, previous)))


def _seen_why(state: FortyFivesState, card: Card) -> str:
    rnd = state.round
    assert rnd is not None
    if card in played_cards(state):
        return f"{card.text} has already been played this round"
    if card in rnd.out:
        return f"{card.text} was reported discarded; it is out of play"
    if card is rnd.turn_up:
        holder = _turn_up_holder(rnd)
        if holder is not None:
            return f"{card.text} is the turn-up, taken by seat {holder}"
        return f"{card.text} is the turned-up card; nobody has taken it, so it is out of play"
    return f"{card.text} is the ace of trumps, which seat {_ace_shown_by(rnd)} showed it holds"


def table_revokes(
    ruleset: Ruleset, cfg: Config, state: FortyFivesState, complete: bool,
    previous: tuple[int, tuple[Revoke, ...]] | None = None,
) -> tuple[Revoke, ...]:
    """Revokes provable from the plays so far (§4 in table mode), through ``base.find_revokes``.

    The A♥-lead hearts fallback is non-monotone (an unseen protected trump could make a play
    legal), so such a trick is judged only when the round is complete. A dealer who took a turned
    ace after trick 1 did not hold it in trick 1 (and, with ``may_rob_after_first_trick``, held a
    card never seen): the ace is kept out of the dealer's trick-1 hand, and a trick-1 judgement
    that needs the whole hand is dropped.

    ``previous``: ``(seat, revokes)`` when ``seat`` has just made the last play of ``state`` and
    ``revokes`` are this function's answer for the plays before it, in the same trick contexts
    (the play did not demote the ace). Then, unless the round is complete or the dealer took the
    ace late, only ``seat``'s plays are judged again (``base.revokes_after_play``): the other seats'
    plays, the plays before them, their trick numbers and contexts are unchanged, and so is
    ``monotone`` of each trick (it reads the lead only). A dealer who has not taken the ace late
    had not at the play before either (``ACE_TAKEN_LATE`` lasts to the end of the round), so
    ``revokes`` came from the same whole-round judgement; the late-ace branch always judges the
    whole round, and so does the end of the round (the A♥-lead tricks are judged only then).
    """
    rnd = state.round
    assert rnd is not None and rnd.trump is not None
    n = state.match.players
    trump = rnd.trump
    ctx_demoted = rnd.demoted
    plays = [(t.leader, t.cards) for t in state.tricks]
    if state.current:
        plays.append((state.leader, state.current))
    seats, by_card = CLOCKWISE[n], PLAYS  # TrickRecord.clockwise, from tables made once
    records = [
        TrickRecord(seats[ld][:len(cards)], tuple([by_card[c.index] for c in cards]),
                    TrickContext(trump, i, ctx_demoted))
        for i, (ld, cards) in enumerate(plays, 1)
    ]
    fallback = cfg.rules.ah_rule == AH_FALLBACK and trump is not Suit.HEARTS

    def monotone(record: TrickRecord) -> bool:
        return not (fallback and record.plays[0].card is ACE_OF_HEARTS)

    options = state.match.options
    judge = _judge(cfg)
    if rnd.dealer_ace != ACE_TAKEN_LATE:
        if previous is not None and not complete:
            seat, before = previous
            return tuple(revokes_after_play(ruleset, before, records, options, seat, round_complete=False,
                                            monotone=monotone, judge=judge))
        return tuple(find_revokes(ruleset, records, options, round_complete=complete, monotone=monotone, judge=judge))
    d = rnd.dealer
    ace = rnd.turn_up
    pseudo = n
    relabelled = [
        TrickRecord(tuple(pseudo if (s == d and p.card is ace) else s for s, p in zip(r.seats, r.plays, strict=True)),
                    r.plays, r.ctx)
        for r in records
    ]
    found = [
        r for r in find_revokes(ruleset, relabelled, options, round_complete=complete, monotone=monotone, judge=judge)
        if r.seat != pseudo and not (r.seat == d and r.trick >= 2)
    ]
    if cfg.dealer_ace == "may_rob_after_first_trick" and records and not monotone(records[0]):
        found = [r for r in found if not (r.seat == d and r.trick == 1)]
    if len(records) >= 2:
        later = find_revokes(ruleset, records[1:], options, round_complete=complete, monotone=monotone, judge=judge)
        found += [evolve(r, trick=r.trick + 1) for r in later if r.seat == d]
    found.sort(key=lambda r: (r.trick, r.seat))
    return tuple(found)


def _judge(cfg: Config) -> Judge:
    """``legal_plays`` as ``find_revokes`` asks it of a state's own records (``base.Judge``): the same
    verdict, without the checks of input (the records' cards are distinct, the trump is a suit and
    ``demoted`` the ace of trumps where ``cfg.demotes``), from the digested options at hand."""
    rules = cfg.rules

    def judge(hand: tuple[Card, ...], trick: tuple[Play, ...], ctx: TrickContext, options: Options) -> PlayVerdict:
        assert ctx.trump is not None
        table = table_for(cfg, ctx.trump, ctx.demoted is not None)
        cards = tuple(p.card for p in trick)
        hmask = 0
        for c in hand:
            hmask |= BIT[c.index]
        legal, reason = legal_mask(rules, table, hmask, cards)
        code, rule = verdict_text(reason, rules, table, hmask, cards)
        return PlayVerdict(tuple(c for c in hand if legal >> c.index & 1), code, rule)

    return judge


# ------------------------------------------------------------------------------------------------
# End of a round
# ------------------------------------------------------------------------------------------------


def finish_played_round(
    ruleset: Ruleset, cfg: Config, state: FortyFivesState, rnd: Round, tricks: tuple[Trick, ...], table: RankTable,
    revokes: tuple[Revoke, ...],
) -> FortyFivesState:
    n = state.match.players
    tally = tally_played(cfg, table, n, tricks)
    return close_round(cfg, state.match, rnd, tricks, tally, revokes, reported=False)


def summarised(history: tuple[RoundRecord, ...]) -> tuple[RoundRecord, ...]:
    """``history`` ready for a newer record: the card-by-card tricks are kept only for the most recent
    finished round (the one a scorekeeper reviews); every other field of a record (its score history)
    stays until ``Ruleset.archive`` takes the record out of the state, and the match's event log still
    holds every card played. Only the last record can still have tricks, so only it changes."""
    if not history or not history[-1].tricks:
        return history
    return (*history[:-1], evolve(history[-1], tricks=()))


def close_round(
    cfg: Config, m: MatchInfo, rnd: Round | None, tricks: tuple[Trick, ...], tally: Tally | None,
    revokes: tuple[Revoke, ...], reported: bool, bid: tuple[int, int] | None = None, number: int | None = None,
    trump: Suit | None = None,
) -> FortyFivesState:
    """Score the round (or record it void when ``tally`` is None), then set up the next deal."""
    n = m.players
    contract = rnd.contract if rnd is not None else None
    if bid is None and contract is not None:
        bid = (contract.team, contract.amount)
    if tally is None:
        points: tuple[int, ...] = (0,) * len(m.scores)
        after = m.scores
        over, made = False, None
        winners: tuple[int, ...] = ()
        tricks_won: tuple[int, ...] = (0,) * n
    else:
        s = settle(cfg, n, m.scores, tally, bid, explain=False)
        points, after, over, winners, made = s.points, s.scores, s.over, s.winners, s.made
        tricks_won = tally.tricks_won
    if rnd is not None:
        record = make_record(rnd.number, m.dealer, rnd.trump if rnd.trump is not None else trump, rnd.turn_up,
                             rnd.robbed_by, rnd.announced_by, rnd.demoted, contract, tricks, tricks_won,
                             tally.highest_trump if tally is not None else None,
                             tally.bonus_seat if tally is not None else None,
                             points, after, tally is None, reported, revokes, made)
    else:
        record = make_record(number or m.rounds_done + 1, m.dealer, trump, None, None, None, None, contract, tricks,
                             tricks_won, tally.highest_trump if tally is not None else None,
                             tally.bonus_seat if tally is not None else None,
                             points, after, tally is None, reported, revokes, made)
    history = (*summarised(m.history), record)
    if over:
        info = make_match(m.options, n, m.mode, m.dealer, after, history, FINISHED, winners, m.archived)
        return make_state(info, OVER, -1, None, None, -1, (), ())
    info = make_match(m.options, n, m.mode, (m.dealer + 1) % n, after, history, m.status, (), m.archived)
    return make_state(info, DEAL, -1, None, None, -1, (), ())
