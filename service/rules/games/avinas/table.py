"""Avinas table mode: a hand whose cards are unknown, reported as the table plays it
(docs/rules/avinas.md §4.3, §7, §8).

After ``deal(state, None)`` the referee reports the 8 exposures (``exposure``), then the knocks or
the auction and every card as played; or, before the first card, the whole hand as one
``round_result`` carrying the score facts (``round_result``), which must agree with what the table
already reported.

* A play the shown cards make impossible is refused: a card already played or exposed in another
  hand, and any card but a seat's exposed ones once those are all it has left (``check_play``); a
  face-down trump is refused in ``tricks``. The cards a seat may be reported playing are every card
  not seen elsewhere (``unseen_cards``); as a seat's own view lists them, a face-down lead not yet
  turned up counts as unseen, so the list does not betray it.
* Revokes are recorded with ``revokes.find_revokes`` (every Avinas obligation is "if you hold one
  you must play one", so all contexts are monotone), judged by ``play.judge`` (``revokes``).

Speed: the package has one mechanism for building states, ``service.rules.slots.evolve``, and no
cache of its own (options are derived once per options object, ``options.config``); the tables that
stay say what they buy, measured: the prebuilt actions (``actions``), the trump table
(``ranking.IS_TRUMP``) and ``CLOCKWISE`` here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from service.rules.actions import Action
from service.rules.cards import DECK_32, Card
from service.rules.errors import CardAlreadyPlayed, CardNotInHand, InvalidAction, InvalidFacts, wrong_phase
from service.rules.games.avinas.actions import phase_types
from service.rules.games.avinas.facts import HandFacts, parse_facts
from service.rules.games.avinas.play import judge
from service.rules.games.avinas.round_end import close_hand, hand_record
from service.rules.games.avinas.scoring import GAME_NAMES, score_hand
from service.rules.games.avinas.state import (
    PLAY,
    AvinasState,
    HandState,
    cards_reported,
    played_cards,
    sevens_exposed,
)
from service.rules.messages import Msg
from service.rules.revokes import Revoke, TrickRecord, find_revokes, revokes_after_play
from service.rules.ruleset import Ruleset
from service.rules.tricks import Play, TrickContext

#: CLOCKWISE[leader]: the seats of a trick led by ``leader``, in playing order (``Trick.seat_of``).
#: Speed: ``revokes`` builds one record per trick (up to 8) at every table-mode play, and slicing
#: this table is several times cheaper than building the tuple from ``seat_of`` (bench/HISTORY.md, Avinas).
CLOCKWISE = tuple(tuple((lead + i) % 4 for i in range(4)) for lead in range(4))


def only_exposed_left(hand: HandState, seat: int) -> tuple[Card, ...]:
    """When a seat's remaining cards are all exposed ones, those (else empty)."""
    played = played_cards(hand)
    shown = tuple(e.card for e in hand.exposures if e.seat == seat and e.card is not None and e.card not in played)
    if not shown:
        return ()
    tricks = list(hand.tricks) + ([hand.current] if hand.current is not None else [])
    count = sum(1 for t in tricks for i in range(len(t.plays)) if t.seat_of(i) == seat)
    return shown if len(shown) >= 8 - count else ()


def seen_elsewhere(hand: HandState, seat: int, viewer: int | None = None) -> dict[Card, int | None]:
    """Cards ``seat`` cannot hold, with why: played (None; as ``viewer`` saw it, when given), or
    exposed in another hand (that hand's seat)."""
    gone: dict[Card, int | None] = dict.fromkeys(played_cards(hand, viewer))
    for e in hand.exposures:
        if e.card is not None and e.seat != seat and e.card not in gone:
            gone[e.card] = e.seat
    return gone


def unseen_cards(hand: HandState, seat: int, viewer: int | None = None) -> tuple[Card, ...]:
    """The cards ``seat`` may be reported playing: its exposed ones once they are all it has left,
    else every card not seen elsewhere (by ``viewer``, when given)."""
    forced = only_exposed_left(hand, seat)
    if forced:
        return forced
    gone = seen_elsewhere(hand, seat, viewer)
    return tuple(c for c in DECK_32 if c not in gone)


def check_play(hand: HandState, seat: int, c: Card, legal: Callable[[], list[Any]]) -> None:
    """Refuse a reported card that ``seat`` cannot hold (``legal()``: the refusal's alternatives)."""
    gone = seen_elsewhere(hand, seat)
    if c in gone:
        holder = gone[c]
        why = (Msg("avinas.table.already_played", card=c) if holder is None
               else Msg("avinas.table.exposed_elsewhere", card=c, seat=holder))
        raise CardAlreadyPlayed(why, legal=legal())
    forced = only_exposed_left(hand, seat)
    if forced and c not in forced:
        raise CardNotInHand(
            Msg("avinas.table.only_exposed_left", seat=seat, cards=", ".join(x.text for x in forced)), legal=legal()
        )


def revokes(
    ruleset: Ruleset[Any], hand: HandState, opts: Mapping[str, Any], complete: bool, played_by: int | None = None
) -> tuple[Revoke, ...]:
    """Revokes provable from the table's reports (``ruleset``: the Avinas ruleset, which
    ``revokes.find_revokes`` takes; its verdicts are ``play.judge``'s, passed as the judge).

    Besides the cards each seat played later, its exposed cards not yet played were in its hand
    all along: they are passed to ``find_revokes`` as one extra, unjudged record per seat after
    the real tricks, so that a revoke shows as soon as an exposed card proves it.

    ``played_by``: the seat that has just made the last play of ``hand``, whose ``revokes`` are
    then those of the plays before it (this function's answer at the play before, or none at the
    first play, which may fix the trump). Only that seat's plays are judged again
    (``revokes.revokes_after_play``). Every other seat keeps its plays, the plays before them, their
    tricks' numbers and trump, and its unplayed exposures (a card exposed in another hand is
    refused), so its judgements on the real tricks stand; the extra records, which a new trick
    renumbers, come after the real tricks, and what they find is cut off both ways. Every
    Avinas rule is monotone, so the last play (``complete``) could be judged the same way; it is
    judged whole, as ``revokes_after_play`` asks.
    """
    trump = hand.trump
    assert trump is not None
    tricks = list(hand.tricks)
    if hand.current is not None and hand.current.plays:
        tricks.append(hand.current)
    records = [TrickRecord(CLOCKWISE[t.leader][:len(t.plays)], t.plays, TrickContext(trump, t.number))
               for t in tricks]
    played = played_cards(hand)
    held: tuple[list[Play], ...] = ([], [], [], [])
    for e in hand.exposures:
        c = e.card
        if c is not None and c not in played:
            held[e.seat].append(Play(c))
    for seat in range(4):
        if held[seat]:
            records.append(TrickRecord((seat,) * len(held[seat]), tuple(held[seat]), TrickContext(trump, None)))
    if played_by is None:
        found = find_revokes(ruleset, records, opts, round_complete=complete, judge=judge)
    else:
        found = revokes_after_play(ruleset, hand.revokes, records, opts, played_by, round_complete=complete,
                                   judge=judge)
    return tuple(r for r in found if r.trick <= len(tricks))


def round_result(state: AvinasState, hand: HandState, action: Action) -> AvinasState:
    """The whole hand reported as its score facts (before its first card), scored and closed."""
    if state.mode != "table":
        raise wrong_phase(Msg("avinas.table.result_in_dealt"), phase_types(state, hand))
    if cards_reported(hand):
        raise wrong_phase(Msg("avinas.table.result_after_cards"), phase_types(state, hand))
    facts = action.result
    if not isinstance(facts, Mapping):
        raise InvalidAction(Msg("avinas.table.result_missing"))
    for key, have in (("rams", state.rams), ("pips", state.pips)):
        if key in facts and list(facts[key]) != list(have):
            raise InvalidFacts(Msg("avinas.table.totals_differ", key=key, have=str(list(have)), given=facts[key]))
    full = dict(facts)
    full["rams"], full["pips"] = list(state.rams), list(state.pips)
    if hand.game == "sevens" and full.get("game") == "sevens" and "sevens_exposed" not in full:
        full["sevens_exposed"] = sevens_exposed(hand)  # the table reported them (§16.3)
    f, rams, pips = parse_facts(full, state.options)
    check_against_table(hand, f)
    result = score_hand(f, rams, pips, state.options)
    record = hand_record(hand, result, "round_result")
    return close_hand(state, record, result)


def check_against_table(hand: HandState, f: HandFacts) -> None:
    """A round_result must agree with what the table already reported for this hand."""
    if hand.game is not None and f.game != hand.game:
        raise InvalidFacts(Msg("avinas.table.other_game", game=GAME_NAMES[hand.game], given=f.game))
    seen = sevens_exposed(hand)
    if f.sevens_exposed and (f.sevens_exposed < seen or (hand.game is not None and f.sevens_exposed != seen)):
        raise InvalidFacts(Msg("avinas.table.other_sevens", seen=seen, given=f.sevens_exposed))
    if hand.declarer is not None and f.declarer != hand.declarer:
        raise InvalidFacts(Msg("avinas.table.other_declarer", declarer=hand.declarer, named=f.declarer))
    passed = {c.seat for c in hand.calls if c.amount is None}
    if f.declarer in passed:
        raise InvalidFacts(Msg("avinas.table.declarer_passed", seat=f.declarer))
    knocked = [k for k in hand.knocks if k.knocked]
    decl = f.declarer
    d_knocked = any(k.seat in (decl, (decl + 2) % 4) for k in knocked)
    if hand.phase == PLAY and (f.knocks != len(knocked) or f.declarers_knocked != d_knocked):
        raise InvalidFacts(Msg("avinas.table.knocks_differ_with" if d_knocked else "avinas.table.knocks_differ_without",
                               knocks=len(knocked), given=f.knocks))
    if f.knocks < len(knocked) or (d_knocked and not f.declarers_knocked):
        raise InvalidFacts(Msg("avinas.table.knocks_reported", knocks=len(knocked)))
