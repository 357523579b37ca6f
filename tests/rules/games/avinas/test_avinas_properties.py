"""Avinas property tests: thousands of random legal hands through the interface, and random tricks.

* At least 2,000 random hands of each game type (sevens and no-seven) with the default options,
  checking at every hand: all 32 cards are dealt and played once (or left in a hand after a stop),
  the hand's card points total 120 and its tricks 8, every trick has one winner (the one the
  stateless ``trick_winner`` names), at most one team holds rams, pips never fall. Views: every
  seat's view is checked against the knowledge model of §4.3 (computed independently in
  ``may_see``) at every step of the first hands of each type, and at the steps where the model
  changes (the deal, a face-down lead on the table, each completed trick, the end of the hand)
  in all of them. The checks every ruleset shares (refused actions change nothing, codec round
  trips, legal actions for the seats to act) are the conformance battery's
  (``tests/rules/test_every_ruleset.py``), over these option profiles too.
* The same over every non-default option profile (fewer hands each).
* Table mode: random referee reports; revokes equal the ones provable from the cards shown.
* Random tricks and hands (hypothesis) against a reference built from the spec's §2 table.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.actions import Action
from service.rules.cards import DECK_32, SUITS, Card, Suit, card
from service.rules.errors import RuleError
from service.rules.games.avinas import AVINAS
from service.rules.games.avinas.play import legal_cards
from service.rules.games.avinas.scoring import match_end, max_hands_end
from service.rules.games.avinas.state import AvinasState, HandState
from service.rules.games.avinas.table import revokes
from service.rules.ruleset import FINISHED
from service.rules.tricks import Play, TrickContext
from tests.profiles import AVINAS_PAGAT
from tests.rules.games.avinas.test_avinas_support import arrange, cards_in, may_see
from tests.spec_tables import RULES_DIR, vectors

PACK = frozenset(DECK_32)
HANDS_PER_TYPE = 1000  # per game type and seed: two seeds, two thousand hands of each game type in all
FULL_VIEW_HANDS = 125  # per game type and seed: views checked at every step of these hands
STOP_CHANCE = 0.04

# ------------------------------------------------------------------------------------------------
# A reference ranking read from the spec (§2), independent of the module's tables
# ------------------------------------------------------------------------------------------------

_TRUMP_ROWS = vectors("avinas.md", "2. Cards")
_PLAIN = re.search(r"high to low:\*\* `([^`]+)`", (RULES_DIR / "avinas.md").read_text(encoding="utf-8"))
assert _PLAIN is not None
PLAIN_ORDER = _PLAIN.group(1).split()  # A 10 K 9 8 7


def spec_trump_rank(c: Card, trump: Suit) -> int | None:
    """1 = best trump, per the spec's §2 table; None for a non-trump."""
    for row in _TRUMP_ROWS:
        text = row["card"]
        name = text.replace(" of trumps", trump.value) if "of trumps" in text else text
        if card(name) is c:
            return int(row["rank"])
    return None


def spec_points(c: Card) -> int:
    """Card points per the spec's table (the same in every suit: "A of trumps" gives the Ace's)."""
    for row in _TRUMP_ROWS:
        if row["card"] in (c.text, f"{c.rank} of trumps"):
            return int(row["points"])
    raise LookupError(c.text)


def spec_winner(plays: list[Play], trump: Suit, number: int | None, leader_wins: bool) -> int:
    ranks = [spec_trump_rank(p.card, trump) for p in plays]
    trumps = [(r, i) for i, r in enumerate(ranks) if r is not None]
    if trumps:
        return min(trumps)[1]
    forced = number in (1, 2) or (number is None and plays[0].face_down)
    if forced and leader_wins:
        return 0
    suit = plays[0].card.suit
    same = [(PLAIN_ORDER.index(str(p.card.rank)), i) for i, p in enumerate(plays) if p.card.suit is suit]
    return min(same)[1]


# ------------------------------------------------------------------------------------------------
# Random hands through the interface
# ------------------------------------------------------------------------------------------------


@dataclass
class Tally:
    hands: Counter[str] = field(default_factory=Counter)
    steps: int = 0
    view_checks: int = 0
    stops: int = 0
    face_down: int = 0
    knocks: int = 0
    lies: int = 0
    finished: int = 0
    swaps: int = 0


def choose(state: AvinasState, rng: random.Random) -> Action:
    actions = [a for s in AVINAS.to_act(state) for a in AVINAS.legal_actions(state, s)]
    stops = [a for a in actions if a.type == "stop"]
    others = [a for a in actions if a.type != "stop"]
    if stops and (not others or rng.random() < STOP_CHANCE):
        return stops[0] if len(stops) == 1 else rng.choice(stops)
    return rng.choice(others)


def check_views(state: AvinasState, tally: Tally) -> None:
    for seat in range(4):
        view = AVINAS.view(state, seat)
        shown = cards_in(view)
        allowed = may_see(state, seat)
        assert shown <= allowed, f"seat {seat} sees {sorted(shown - allowed)}"
        tally.view_checks += 1


def swap_face_down(state: AvinasState) -> AvinasState | None:
    """The same state with another card the leader could have led face down (None if there is none)."""
    hand = state.hand
    cur = hand.current if hand is not None else None
    if hand is None or cur is None or not cur.plays or not cur.plays[0].face_down or hand.trump is None:
        return None
    led = cur.plays[0].card
    if hand.hands is not None:
        others = [c for c in hand.hands[cur.leader] if spec_trump_rank(c, hand.trump) is None]
        if not others:
            return None
        other = others[0]
        hands = tuple(tuple(led if c is other else c for c in h) if s == cur.leader else h
                      for s, h in enumerate(hand.hands))
    else:
        seen = {p.card for t in hand.tricks for p in t.plays} | {p.card for p in cur.plays}
        seen |= {e.card for e in hand.exposures if e.card is not None and e.seat != cur.leader}
        others = [c for c in DECK_32 if c not in seen and spec_trump_rank(c, hand.trump) is None]
        if not others:
            return None
        other, hands = others[0], None
    new_cur = replace(cur, plays=(Play(other, True), *cur.plays[1:]))
    new_hand = replace(hand, current=new_cur, hands=hands)
    if hands is None:  # table mode: the revokes as the engine works them out for the other card
        new_hand = replace(new_hand, revokes=revokes(AVINAS, new_hand, state.options, complete=False))
    return replace(state, hand=new_hand)


def check_face_down_invariance(state: AvinasState, tally: Tally) -> None:
    """No other seat's view depends on which card lies face down (not even by omission)."""
    other = swap_face_down(state)
    if other is None or state.hand is None or state.hand.current is None:
        return
    leader = state.hand.current.leader
    for seat in range(4):
        if seat != leader:
            assert AVINAS.view(state, seat) == AVINAS.view(other, seat)
    tally.swaps += 1


def check_deal_views(state: AvinasState) -> None:
    """What the table shows is shown: public exposures to all, the examined cards to the dealer."""
    hand = state.hand
    assert hand is not None and hand.dealt is not None
    dealer = hand.dealer
    for seat in range(4):
        view = AVINAS.view(state, seat)
        entries = {(e["seat"], e["position"]): e for e in view["exposures"]}
        assert len(entries) == 8
        for holder in range(4):
            for pos in (4, 8):
                c = hand.dealt[holder][pos - 1].text
                public = (holder - dealer) % 2 == 1 or c[0] == "7"
                entry = entries[(holder, pos)]
                assert entry["face_up"] == public
                assert entry.get("card") == (c if public or seat in (dealer, holder) else None)
        assert sorted(view["hand"]) == sorted(c.text for c in hand.dealt[seat])


def finish_hand_checks(
    before: HandState, after: AvinasState, plays: list[Card], opts: dict[str, Any], last: Action
) -> str:
    """Checks when a hand has just ended; returns the game type counted ("thrown_in" if no score)."""
    record = after.history[-1]
    assert record.number == before.number
    assert min(after.rams) == 0, f"both teams hold rams: {after.rams}"
    if last.type == "stop":  # the declarer, or his partner under stop_by = "declaring_side" (§16.6)
        stoppers = {before.declarer, (before.declarer + 2) % 4}  # type: ignore[operator]
        assert last.seat == before.declarer or (opts["stop_by"] == "declaring_side" and last.seat in stoppers)
        assert record.stopped_by == last.seat
    if record.outcome == "scored" and record.game == "sevens" and opts["rams_rule"] == "sevens":
        dealt_sevens = sum(1 for s in range(4) for p in (3, 7) if before.dealt is not None  # §16.3
                           and before.dealt[s][p].rank.value == 7)
        assert record.sevens_exposed == dealt_sevens
        assert record.due == (1 if record.declarer_won else 2) * dealt_sevens * 2**record.knocks
    if record.outcome == "thrown_in":
        assert not plays and before.game == "no_seven"
        return "thrown_in"
    dealt = before.dealt
    assert dealt is not None
    assert sorted(c for h in dealt for c in h) == sorted(DECK_32) and all(len(h) == 8 for h in dealt)
    assert len(plays) == len(set(plays))
    left = [c for h in (before.hands or ()) for c in h] if last.type == "stop" else []
    assert set(plays) | set(left) == PACK and len(plays) + len(left) == 32
    # the hand's tricks (the last one completed by the last action) and their winners
    tricks = list(before.tricks)
    team_points, team_tricks = [0, 0], [0, 0]
    for t in tricks:
        assert len(t.plays) == 4 and t.winner is not None
        team_points[t.winner % 2] += t.points
        team_tricks[t.winner % 2] += 1
    if last.type == "play":
        cur = before.current
        assert cur is not None and len(cur.plays) == 3
        final = [*cur.plays, Play(last.card, last.face_down)]  # type: ignore[arg-type]
        outcome = AVINAS.trick_winner(final, TrickContext(before.trump, cur.number), opts)
        winner = cur.seat_of(outcome.winner)
        team_points[winner % 2] += sum(spec_points(p.card) for p in final)
        team_tricks[winner % 2] += 1
        assert len(tricks) == 7
        # the record keeps the last trick too, with its winner (the page shows it after the hand)
        assert [p.card for p in record.tricks[-1].plays] == [p.card for p in final]
        assert record.tricks[-1].winner == winner
    # the record keeps every trick played, in order (a stopped hand's: those played before the stop)
    assert record.tricks[: len(tricks)] == tuple(tricks)
    assert len(record.tricks) == len(tricks) + (last.type == "play")
    if last.type == "stop" and opts["stop_remainder_to"] == "defenders":
        defenders = 1 - before.declarer % 2  # type: ignore[operator]
        team_points[defenders] += 120 - sum(team_points)
        team_tricks[defenders] += 8 - sum(team_tricks)
    assert list(record.card_points) == team_points and list(record.tricks_won) == team_tricks
    if last.type == "play" or opts["stop_remainder_to"] == "defenders":
        assert sum(record.card_points) == 120 and sum(record.tricks_won) == 8
    assert record.game == before.game
    return record.game or ""


def run_hands(opts: dict[str, Any], per_type: int, seed: int, full_view_hands: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    state = AVINAS.new_match(opts, 4, rng.randrange(4), "dealt")
    while min(tally.hands["sevens"], tally.hands["no_seven"]) < per_type:
        if AVINAS.status(state) == FINISHED:
            over, winners, _ = match_end(state.rams, state.pips, opts)
            last = state.history[-1]
            if last.lied and opts["lie_penalty"] == "match":  # §16.5: the liar's team lost the match
                assert (state.winners, state.result, last.due) == ((1 - last.loser,), "won", 0)  # type: ignore[operator]
            elif over:
                assert (state.winners, state.result) == (winners, "won")
            else:
                assert state.hands_played == opts["max_hands"]
                assert (state.winners, state.result) == max_hands_end(state.rams, state.pips, opts)[:2]
            tally.finished += 1
            state = AVINAS.new_match(opts, 4, rng.randrange(4), "dealt")
        deck = list(DECK_32)
        want = None
        if tally.hands["sevens"] >= per_type:
            want = "no_seven"
        elif tally.hands["no_seven"] >= per_type:
            want = "sevens"
        while True:
            deck = arrange(rng, state.dealer) if want == "no_seven" else rng.sample(DECK_32, 32)
            state_dealt = AVINAS.deal(state, deck)
            hand = state_dealt.hand
            assert hand is not None
            if want is None or hand.game == want:
                break
        state = state_dealt
        game = hand.game or ""
        full = tally.hands[game] < full_view_hands
        check_deal_views(state)
        check_views(state, tally)
        plays: list[Card] = []
        pips = state.pips
        while True:
            before = state.hand
            assert before is not None
            action = choose(state, rng)
            state = AVINAS.apply(state, action)
            tally.steps += 1
            if action.type == "play":
                plays.append(action.card)  # type: ignore[arg-type]
                tally.face_down += action.face_down
            tally.stops += action.type == "stop"
            tally.knocks += action.type == "knock"
            if state.hand is None:
                counted = finish_hand_checks(before, state, plays, opts, action)
                tally.hands[counted] += 1
                assert state.pips[0] >= pips[0] and state.pips[1] >= pips[1]
                tally.lies += state.history[-1].lied
                check_views(state, tally)
                # the older hands leave the state, as the service archives them after every step
                state, _ = AVINAS.archive(state)
                break
            after = state.hand
            critical = (
                action.face_down
                or len(after.tricks) != len(before.tricks)
                or after.phase != before.phase
                or (after.current is not None and any(p.face_down for p in after.current.plays))
            )
            if full or critical:
                check_views(state, tally)
            if after.current is not None and after.current.plays and after.current.plays[0].face_down:
                check_face_down_invariance(state, tally)
    return tally


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2024, 2025])  # two halves, so that two test workers share them
def test_two_thousand_hands_of_each_game_type(seed: int) -> None:
    opts = AVINAS.validate_options({})
    tally = run_hands(opts, HANDS_PER_TYPE, seed, FULL_VIEW_HANDS)
    assert tally.hands["sevens"] >= HANDS_PER_TYPE and tally.hands["no_seven"] >= HANDS_PER_TYPE
    print(tally)
    # the random games of each half reached every kind of event
    assert tally.face_down > 25 and tally.swaps > 20 and tally.stops > 25 and tally.knocks > 50 and tally.lies > 50
    assert tally.finished > 5
    assert tally.view_checks > 4 * (2 * FULL_VIEW_HANDS * 30)


PROFILES = [
    {"auction_rounds": "continuous", "min_declaration": 3, "declaration_count": "suit_cards", "lie_penalty": "max"},
    {"defenders_knock_requires_knock": False, "knock_in_pips_game": True, "knock_fail_scoring": "full_stake"},
    {"trump_lead_obligation": "every_trick", "no_trump_followed_winner": "highest_of_led_suit",
     "facedown_signal": True},
    {"stop_remainder_to": "nobody", "stop_in_sevens_game": True, "rams_tiers": [2, 3, 5], "pips_tiers": [1, 2, 3],
     "pips_to_end": 6},
    {"max_hands": 5, "max_hands_outcome": "fewer_penalties"},
    {"max_hands": 3},
    dict(AVINAS_PAGAT),
    {"stop_by": "declaring_side", "tier_basis": "points", "pips_defender_tiers": [0, 1, 7], "rams_rule": "sevens",
     "stop_in_sevens_game": True, "lie_penalty": "max"},
]


@pytest.mark.slow
@pytest.mark.parametrize("profile", PROFILES, ids=[",".join(p) for p in PROFILES])
def test_option_profiles(profile: dict[str, Any]) -> None:
    opts = AVINAS.validate_options(profile)
    tally = run_hands(opts, 60, 7, 25)
    assert tally.hands["sevens"] >= 60 and tally.hands["no_seven"] >= 60


# ------------------------------------------------------------------------------------------------
# Table mode: random referee reports
# ------------------------------------------------------------------------------------------------


def provable_revokes(hand: HandState) -> set[tuple[int, int, str]]:
    """Revokes provable from what the table showed, worked out play by play (no find_revokes)."""
    trump = hand.trump
    tricks = list(hand.tricks) + ([hand.current] if hand.current is not None and hand.current.plays else [])
    played_by: dict[int, list[tuple[int, Card]]] = {s: [] for s in range(4)}
    for t in tricks:
        for i, p in enumerate(t.plays):
            played_by[t.seat_of(i)].append((t.number, p.card))
    shown = {p.card for t in tricks for p in t.plays}
    out = set()
    for t in tricks:
        for i, p in enumerate(t.plays):
            seat = t.seat_of(i)
            known = [c for n, c in played_by[seat] if n >= t.number]
            known += [e.card for e in hand.exposures if e.seat == seat and e.card is not None and e.card not in shown]
            assert trump is not None
            legal, _, _ = legal_cards(known, t.plays[:i], trump, t.number, AVINAS.validate_options({}))
            if p.card not in legal:
                out.add((seat, t.number, p.card.text))
    return out


def may_report(hand: HandState, seat: int) -> set[str]:
    """The cards a referee may report ``seat`` playing, as far as ``seat`` itself can tell: any card
    it has not seen played or exposed elsewhere; only its exposed cards once they fill its hand."""
    tricks = [*hand.tricks, *([hand.current] if hand.current is not None else [])]
    gone = {p.card for t in tricks for i, p in enumerate(t.plays) if not p.face_down or t is not hand.current
            or t.seat_of(i) == seat}
    played = {p.card for t in tricks for p in t.plays}
    count = sum(1 for t in tricks for i in range(len(t.plays)) if t.seat_of(i) == seat)
    own = {e.card for e in hand.exposures if e.seat == seat and e.card is not None and e.card not in played}
    if own and len(own) >= 8 - count:
        return {c.text for c in own}
    gone |= {e.card for e in hand.exposures if e.card is not None and e.seat != seat}
    return {c.text for c in DECK_32 if c not in gone}


@pytest.mark.slow
def test_table_mode_random_reports() -> None:
    rng = random.Random(5)
    opts = AVINAS.validate_options({})
    state = AVINAS.new_match(opts, 4, 0, "table")
    hands = Counter[str]()
    revokes_seen = 0
    tally = Tally()
    while hands["scored"] < 60:
        if AVINAS.status(state) == FINISHED:
            state = AVINAS.new_match(opts, 4, rng.randrange(4), "table")
        state = AVINAS.deal(state, None)
        full = hands["scored"] < 15  # every view at every step; then where the knowledge changes
        while state.hand is not None:
            hand = state.hand
            cur = hand.current
            critical = cur is not None and (len(cur.plays) in (0, 1) or any(p.face_down for p in cur.plays))
            for seat in range(4) if full or critical or hand.phase != "play" else ():
                view = AVINAS.view(state, seat)
                rest = {k: v for k, v in view.items() if k != "legal_actions"}
                assert cards_in(rest) <= may_see(state, seat)
                assert view["hand"] is None
                plays = {a["card"] for a in view["legal_actions"] if a["type"] == "play"}
                if plays:
                    assert plays == may_report(hand, seat)
            if hand.trump is not None and hand.phase == "play":
                assert {(r.seat, r.trick, r.card.text) for r in hand.revokes} == provable_revokes(hand)
            check_face_down_invariance(state, tally)
            actions = [a for s in AVINAS.to_act(state) for a in AVINAS.legal_actions(state, s)]
            state = AVINAS.apply(state, rng.choice([a for a in actions if a.type != "stop"] or actions))
        record = state.history[-1]
        hands[record.outcome] += 1
        if record.outcome == "scored" and record.stopped_after is None:
            assert sum(record.card_points) == 120 and sum(record.tricks_won) == 8
            revokes_seen += len(record.revokes)
        state, _ = AVINAS.archive(state)  # as the service does after every step
    assert revokes_seen > 20 and tally.swaps > 5


# ------------------------------------------------------------------------------------------------
# Random tricks and hands against the spec's table
# ------------------------------------------------------------------------------------------------

suits = st.sampled_from(SUITS)
numbers = st.sampled_from([None, 1, 2, 3, 4, 5, 6, 7, 8])


@settings(max_examples=600)
@given(st.permutations(DECK_32), suits, numbers, st.integers(1, 4), st.booleans(), st.booleans())
def test_random_tricks_match_the_spec_ranking(
    deck: list[Card], trump: Suit, number: int | None, n: int, face_down: bool, leader_option: bool
) -> None:
    plays = [Play(c) for c in deck[:n]]
    lead_is_trump = spec_trump_rank(plays[0].card, trump) is not None
    if face_down and number in (None, 2) and not lead_is_trump:
        plays[0] = Play(plays[0].card, face_down=True)
    opts = AVINAS.validate_options({"no_trump_followed_winner": "leader" if leader_option else "highest_of_led_suit"})
    outcome = AVINAS.trick_winner(plays, TrickContext(trump, number), opts)
    assert outcome.winner == spec_winner(plays, trump, number, leader_option)
    assert outcome.card is plays[outcome.winner].card and outcome.reason


@settings(max_examples=600)
@given(st.permutations(DECK_32), suits, numbers, st.integers(1, 8), st.integers(0, 3))
def test_random_legal_plays(deck: list[Card], trump: Suit, number: int | None, size: int, played: int) -> None:
    hand, trick = deck[:size], [Play(c) for c in deck[size : size + played]]
    verdict = AVINAS.legal_plays(hand, trick, TrickContext(trump, number), {})
    assert verdict.legal and set(verdict.legal) <= set(hand)
    assert list(verdict.legal) == [c for c in hand if c in verdict.legal]
    is_trump = [c for c in hand if spec_trump_rank(c, trump) is not None]
    if not trick:
        if number in (1, 2) and is_trump:
            assert list(verdict.legal) == is_trump and verdict.code == "must_lead_trump"
        else:
            assert list(verdict.legal) == hand
        return
    lead = trick[0].card
    if number in (1, 2) or spec_trump_rank(lead, trump) is not None:
        assert list(verdict.legal) == (is_trump or hand)
    else:
        same = [c for c in hand if c.suit is lead.suit and spec_trump_rank(c, trump) is None]
        assert list(verdict.legal) == (same or hand)
        if same:
            assert verdict.code == "must_follow_suit"
    if set(verdict.legal) != set(hand):
        card_out = next(c for c in hand if c not in verdict.legal)
        with pytest.raises(RuleError) as err:
            AVINAS.check_play(hand, trick, card_out, TrickContext(trump, number), {})
        assert err.value.code == verdict.code


def test_card_points_from_the_spec_table() -> None:
    assert sum(spec_points(c) for c in DECK_32) == 120
    from service.rules.games.avinas.ranking import CARD_POINTS

    assert all(CARD_POINTS[c] == spec_points(c) for c in DECK_32)
