"""Table mode's play phase (people play with physical cards; the hands are unknown): which cards the
referee may report, a card reported, and the revokes the reports prove (forty-fives.md §4).

What the reported facts allow: turn order; a card seen twice (played, reported discarded, the
turn-up when nobody or another seat took it, the ace of trumps when another seat showed it by
robbing or announcing) is refused with ``card_already_played``; a seat known to hold cards (the
turn-up it took, the ace it announced) must play them before its hand runs out
(``card_known_in_hand``). A failure to follow is not refused (it happened at the table) but recorded
as a revoke as soon as it is provable (``service.rules.revokes``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from service.rules.actions import Action, shown_actions_json
from service.rules.cards import Card, Suit
from service.rules.errors import CardAlreadyPlayed, IllegalPlay
from service.rules.games.forty_fives import round_end
from service.rules.games.forty_fives.actions import CLOCKWISE, PLAY_ACTS, PLAY_SHOWN, PLAYS
from service.rules.games.forty_fives.options import AH_FALLBACK, Config
from service.rules.games.forty_fives.play import (
    DEFENDING_30,
    lead_against_30,
    legal_mask,
    verdict_text,
    winner_position,
)
from service.rules.games.forty_fives.ranking import ACE_OF_HEARTS, ace_of, table_for
from service.rules.games.forty_fives.robbing import rob_actions
from service.rules.games.forty_fives.scoring import TRICKS_PER_HAND
from service.rules.games.forty_fives.state import (
    ACE_AFTER_TRICK,
    ACE_NONE,
    ACE_PENDING,
    ACE_TAKEN_LATE,
    PLAY,
    FortyFivesState,
    Round,
    Trick,
    current_round,
    played_cards,
    plays_by,
)
from service.rules.games.forty_fives.tricks import after_first_trick, defends_30
from service.rules.handmask import BIT, FULL_PACK, mask_of, pick
from service.rules.messages import Msg
from service.rules.revokes import Judge, Revoke, TrickRecord, find_revokes, revokes_after_play
from service.rules.slots import evolve
from service.rules.tricks import Play, PlayVerdict, TrickContext

if TYPE_CHECKING:
    from service.rules.ruleset import Ruleset

T = TypeVar("T")


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
    """Cards ``seat`` cannot play now: seen elsewhere, or known to be elsewhere."""
    rnd = current_round(state)
    m = mask_of(played_cards(state)) | mask_of(rnd.out)
    if rnd.turn_up is not None and _turn_up_holder(rnd) != seat:
        m |= BIT[rnd.turn_up.index]
    shown = _ace_shown_by(rnd)
    if shown is not None and shown != seat and rnd.trump is not None:
        m |= BIT[ace_of(rnd.trump).index]
    return m


def _known_unplayed(state: FortyFivesState, seat: int) -> list[Card]:
    """Cards known to be in ``seat``'s hand and not yet played."""
    rnd = current_round(state)
    played = set(played_cards(state))
    out = []
    if rnd.turn_up is not None and rnd.robbed_by == seat and rnd.turn_up not in played:
        out.append(rnd.turn_up)
    if rnd.announced_by == seat and rnd.trump is not None:
        ace = ace_of(rnd.trump)
        if ace not in played:
            out.append(ace)
    return out


def table_play_actions(cfg: Config, state: FortyFivesState, seat: int) -> list[Action]:
    """Every card not yet seen (the referee may post any), and rob/announce."""
    out = _unseen_plays(state, seat, PLAY_ACTS[seat])
    out.extend(rob_actions(cfg, state, seat))
    return out


def table_play_json(cfg: Config, state: FortyFivesState, seat: int) -> list[dict[str, Any]]:
    """``table_play_actions`` as a view lists them (``shown_actions_json``), the plays picked from
    their JSON directly: a referee's view lists up to 52 of them at every step."""
    out = _unseen_plays(state, seat, PLAY_SHOWN[seat])
    out.extend(shown_actions_json(rob_actions(cfg, state, seat)))
    return out


def _unseen_plays(state: FortyFivesState, seat: int, table: tuple[T, ...]) -> list[T]:
    """``table[card.index]`` (a prebuilt play, or its JSON) for each card ``seat`` may be reported
    to play now: every card not yet seen, or the cards it is known to hold when they are all it has
    left to play; none when it is not its turn to play."""
    if seat != state.turn or state.phase != PLAY:
        return []
    known = _known_unplayed(state, seat)
    if known and len(known) >= TRICKS_PER_HAND - plays_by(state, seat):
        return [table[c.index] for c in known]
    return pick(FULL_PACK & ~_seen_mask(state, seat), table)


def table_play(ruleset: Ruleset, cfg: Config, state: FortyFivesState, seat: int, card: Card) -> FortyFivesState:
    """The referee reports ``card`` played by ``seat`` (to play)."""
    rnd = current_round(state)
    assert rnd.trump is not None
    if _seen_mask(state, seat) & BIT[card.index]:
        raise CardAlreadyPlayed(_seen_why(state, card), legal=[a.card.text for a in table_play_actions(
            cfg, state, seat) if a.type == "play" and a.card is not None])
    known = _known_unplayed(state, seat)
    left = TRICKS_PER_HAND - plays_by(state, seat)
    if known and card not in known and len(known) >= left:
        raise IllegalPlay(
            Msg("forty_fives.known_in_hand_one" if left == 1 else "forty_fives.known_in_hand", seat=seat,
                known=", ".join(c.text for c in known), left=left, card=card),
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
        return evolve(nxt, round=evolve(rnd, revokes=revokes(ruleset, cfg, nxt, False, previous)))
    w = (state.leader + winner_position(table, current)) % n
    tricks = (*state.tricks, Trick(state.leader, current, w))
    if len(tricks) == TRICKS_PER_HAND:
        done = FortyFivesState(state.match, PLAY, -1, rnd, None, w, (), tricks)
        found = revokes(ruleset, cfg, done, True)
        return round_end.finish_played_round(cfg, state, rnd, tricks, table, found)
    nxt = FortyFivesState(state.match, PLAY, w, rnd, None, w, (), tricks)
    if len(tricks) == 1 and rnd.dealer_ace in (ACE_AFTER_TRICK, ACE_PENDING):
        nxt = after_first_trick(state, rnd, None, tricks, w)
    nrnd = current_round(nxt)
    return evolve(nxt, round=evolve(nrnd, revokes=revokes(ruleset, cfg, nxt, False, previous)))


def _seen_why(state: FortyFivesState, card: Card) -> Msg:
    rnd = current_round(state)
    if card in played_cards(state):
        return Msg("forty_fives.seen_played", card=card)
    if card in rnd.out:
        return Msg("forty_fives.seen_discarded", card=card)
    if card is rnd.turn_up:
        holder = _turn_up_holder(rnd)
        if holder is not None:
            return Msg("forty_fives.seen_turn_up_taken", card=card, seat=holder)
        return Msg("forty_fives.seen_turn_up", card=card)
    return Msg("forty_fives.seen_ace_shown", card=card, seat=_ace_shown_by(rnd))


# ------------------------------------------------------------------------------------------------
# Revokes
# ------------------------------------------------------------------------------------------------


def revokes(
    ruleset: Ruleset, cfg: Config, state: FortyFivesState, complete: bool,
    previous: tuple[int, tuple[Revoke, ...]] | None = None,
) -> tuple[Revoke, ...]:
    """Revokes provable from the plays so far (§4 in table mode), through ``revokes.find_revokes``.

    The A♥-lead hearts fallback is non-monotone (an unseen protected trump could make a play
    legal), so such a trick is judged only when the round is complete. A dealer who took a turned
    ace after trick 1: see ``_late_ace_revokes``.

    ``previous``: ``(seat, revokes)`` when ``seat`` has just made the last play of ``state`` and
    ``revokes`` are this function's answer for the plays before it, in the same trick contexts
    (the play did not demote the ace). Then, unless the round is complete or the dealer took the
    ace late, only ``seat``'s plays are judged again (``revokes.revokes_after_play``): the other seats'
    plays, the plays before them, their trick numbers and contexts are unchanged, and so is
    ``monotone`` of each trick (it reads the lead only). A dealer who has not taken the ace late
    had not at the play before either (``ACE_TAKEN_LATE`` lasts to the end of the round), so
    ``revokes`` came from the same whole-round judgement; the late-ace branch always judges the
    whole round, and so does the end of the round (the A♥-lead tricks are judged only then).
    """
    rnd = current_round(state)
    assert rnd.trump is not None
    trump = rnd.trump
    ctx_demoted = rnd.demoted
    plays = [(t.leader, t.cards) for t in state.tricks]
    if state.current:
        plays.append((state.leader, state.current))
    seats, by_card = CLOCKWISE[state.match.players], PLAYS  # TrickRecord.clockwise, from tables made once
    records = [
        TrickRecord(seats[ld][:len(cards)], tuple([by_card[c.index] for c in cards]),
                    TrickContext(trump, i, ctx_demoted, _lead_context(cfg, rnd, i, ld)))
        for i, (ld, cards) in enumerate(plays, 1)
    ]
    fallback = cfg.rules.ah_rule == AH_FALLBACK and trump is not Suit.HEARTS

    def monotone(record: TrickRecord) -> bool:
        return not (fallback and record.plays[0].card is ACE_OF_HEARTS)

    options = state.match.options
    judge = _judge(cfg)
    if rnd.dealer_ace == ACE_TAKEN_LATE:
        return _late_ace_revokes(ruleset, cfg, state, records, complete, monotone, judge)
    if previous is not None and not complete:
        seat, before = previous
        return tuple(revokes_after_play(ruleset, before, records, options, seat, round_complete=False,
                                        monotone=monotone, judge=judge))
    return tuple(find_revokes(ruleset, records, options, round_complete=complete, monotone=monotone, judge=judge))


_AGAINST_30 = {DEFENDING_30: True}
_NO_CONTEXT: dict[str, bool] = {}


def _lead_context(cfg: Config, rnd: Round, number: int, leader: int) -> dict[str, bool]:
    """The context of trick ``number`` led by ``leader``: the forced trump lead against 30 (§9.7)."""
    return _AGAINST_30 if number == 1 and cfg.bid30_lead and defends_30(rnd, leader) else _NO_CONTEXT


def _late_ace_revokes(
    ruleset: Ruleset, cfg: Config, state: FortyFivesState, records: list[TrickRecord], complete: bool,
    monotone: Callable[[TrickRecord], bool], judge: Judge,
) -> tuple[Revoke, ...]:
    """A dealer who took a turned ace after trick 1 did not hold it in trick 1 (and, with
    ``may_rob_after_first_trick``, held a card never seen): the ace is kept out of the dealer's
    trick-1 hand, and a trick-1 judgement that needs the whole hand is dropped."""
    rnd = current_round(state)
    options = state.match.options
    d = rnd.dealer
    ace = rnd.turn_up
    pseudo = state.match.players
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
    """``legal_plays`` as ``find_revokes`` asks it of a state's own records (``revokes.Judge``): the same
    verdict, without the checks of input (the records' cards are distinct, the trump is a suit and
    ``demoted`` the ace of trumps where ``cfg.demotes``), from the digested options at hand, and
    none (no sentence written) for a legal play."""
    rules = cfg.rules

    def judge(
        hand: tuple[Card, ...], trick: tuple[Play, ...], ctx: TrickContext, options: Mapping[str, Any]
    ) -> PlayVerdict | None:
        assert ctx.trump is not None
        table = table_for(cfg, ctx.trump, ctx.demoted is not None)
        cards = tuple(p.card for p in trick)
        hmask = 0
        for c in hand:
            hmask |= BIT[c.index]
        if not cards and ctx.trick_number == 1 and ctx.get(DEFENDING_30):
            legal, reason = lead_against_30(table, hmask)
        else:
            legal, reason = legal_mask(rules, table, hmask, cards)
        if legal >> hand[0].index & 1:
            return None
        code, rule = verdict_text(reason, rules, table, hmask, cards)
        return PlayVerdict(tuple(c for c in hand if legal >> c.index & 1), code, rule)

    return judge
