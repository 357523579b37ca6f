"""Property tests: thousands of random legal hands per game and option profile.

Checked on every step: all 52 cards accounted for (hands, discards, played, stock, kitty,
turn-up), no seat's view holding a card it may not see (by this game's own knowledge model).
Checked per trick and per hand: exactly one winner per trick (the card §4.4 names), hand points
adding up to 25 or 30 where the spec says so, scores following from the tricks (replayed through
``score_round``). A dealt hand replayed in table mode gives the same result with no revoke. The
checks every ruleset shares (refused actions change nothing, codec round-trips, legal actions for
the seats to act) are the conformance battery's (``tests/rules/test_every_ruleset.py``), over
these option profiles too.
"""

from __future__ import annotations

import random
import re
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.actions import Action
from service.rules.cards import Card, Rank
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.games.forty_fives.options import config
from service.rules.games.forty_fives.ranking import ACE_OF_HEARTS
from service.rules.games.forty_fives.state import DEALER_DRAW, FortyFivesState, RoundRecord
from service.rules.handmask import cards_of, mask_of
from service.rules.playout import shuffled_deck
from service.rules.ruleset import FINISHED
from service.rules.tricks import Play, TrickContext
from tests.rules.games.forty_fives.test_forty_fives_helpers import RULESETS

PROFILES: dict[str, tuple[str, dict[str, Any]]] = {
    "ff_default": ("forty_fives", {}),
    "ff_variant_a": ("forty_fives", {
        "players": 5, "deal_pattern": "2-3", "plain_lead_rule": "must_follow", "renegable_cards": "five_only",
        "renege_reference": "highest_trump_in_trick", "ace_of_hearts_lead": "trump_lead_renege_then_hearts",
        "plain_ace_rank": "high", "unrobbed_trump_ace": "lowest_unless_announced",
        "dealer_turned_ace": "may_rob_after_first_trick", "highest_trump_bonus": "five_of_trumps_only",
        "tie_at_target": "shared",
    }),
    "ff_variant_b": ("forty_fives", {
        "players": 2, "plain_lead_rule": "any", "renegable_cards": "none",
        "ace_of_hearts_lead": "trump_lead_no_renege_hearts_fallback", "unrobbed_trump_ace": "lowest",
        "dealer_turned_ace": "may_rob_discard_before_first_lead", "highest_trump_bonus": "none", "target_score": 30,
    }),
    "ff_six": ("forty_fives", {"players": 6, "ace_of_hearts_lead": "trump_lead"}),
    "af_turn_up": ("auction_forty_fives", {}),
    "af_turn_up_6": ("auction_forty_fives", {
        "players": 6, "turn_up_scoring": "three_four_five", "ace_of_hearts_lead": "trump_lead_hearts_fallback",
        "dealer_turned_ace": "may_rob_discard_before_first_lead", "unrobbed_trump_ace": "lowest",
        "highest_trump_bonus": "highest_trump_played",
    }),
    "af_bidding": ("auction_forty_fives", {"trump_selection": "bidding"}),
    "af_bidding_6": ("auction_forty_fives", {
        "trump_selection": "bidding", "players": 6, "kitty_size": 3, "dealer_hold": "duel", "all_pass": "redeal",
        "dealer_robs_pack": True, "bidder_must_hold_trump": True, "first_lead_after_bidding": "bidder",
        "bid_30_made_value": 30, "bid_30_requires": "30_points", "defender_out_rule": "locked_from_100",
        "simultaneous_target": "highest_score", "min_keep_six_players": 1,
    }),
    # issue 21 §9.2-9.4: the dealer may decline a turned ace; other trick and bonus amounts; fixed lengths
    "ff_decline_values_fixed": ("forty_fives", {
        "players": 4, "dealer_turned_ace": "may_decline", "trick_value": 7, "highest_trump_bonus_value": 3,
        "match_end": "fixed_hands", "match_length": 3,
    }),
    "ff_fixed_turns_shared": ("forty_fives", {
        "players": 3, "match_end": "fixed_deal_turns", "match_length": 1, "tie_at_target": "shared",
        "trick_value": 1, "highest_trump_bonus_value": 0,
    }),
    "af_turn_up_decline_fixed": ("auction_forty_fives", {
        "dealer_turned_ace": "may_decline", "unrobbed_trump_ace": "lowest_unless_announced",
        "match_end": "fixed_deal_turns", "match_length": 1,
    }),
    "af_bidding_fixed": ("auction_forty_fives", {
        "trump_selection": "bidding", "all_pass": "redeal", "match_end": "fixed_hands", "match_length": 2,
    }),
    "af_bidding_kitty": ("auction_forty_fives", {
        "trump_selection": "bidding", "kitty_size": 5, "discard_and_draw": False, "dealer_hold": "off",
        "first_lead_after_bidding": "left_of_dealer", "defender_out_rule": "capped_below_target",
        "bid_values": [20, 25, 30], "min_bid_at_100": None, "plain_lead_rule": "must_follow",
    }),
    # the Newfoundland "120s" house rules (§9.5-§9.8)
    "af_120s_single_duel": ("auction_forty_fives", {
        "trump_selection": "bidding", "auction_rounds": "single", "dealer_hold": "duel", "hold_minimum": 20,
        "kitty_size": 3, "kitty_bid": "keep_one", "bid_30_trump_lead": True,
        "defender_out_rule": "locked_from_100_when_made",
    }),
    "af_120s_final_6": ("auction_forty_fives", {
        "trump_selection": "bidding", "players": 6, "auction_rounds": "single", "dealer_hold": "final",
        "kitty_size": 4, "kitty_bid": "whole_hand", "bid_30_trump_lead": True,
        "defender_out_rule": "capped_below_target", "cap_waived_in_hole": True,
    }),
}

HANDS_PER_EXAMPLE = 20
EXAMPLES = 100  # 2,000 hands per profile
HANDS_PER_MATCH = 6  # long bidding matches are restarted so that views and history stay small
CARD_IN_JSON = re.compile(r'"((?:10|[2-9JQKA])[CDHS])"')


# ------------------------------------------------------------------------------------------------
# Invariants
# ------------------------------------------------------------------------------------------------


def played_now(state: FortyFivesState) -> list[Card]:
    return [c for t in state.tricks for c in t.cards] + list(state.current)


def check_cards(state: FortyFivesState) -> None:
    """Every one of the 52 cards is in exactly one place (hands, discards, played, stock, kitty, turn-up)."""
    rnd = state.round
    if rnd is None or state.hands is None:
        return
    places = [*state.hands, mask_of([c for d in rnd.discards for c in d]), mask_of(played_now(state)),
              mask_of(rnd.stock), mask_of(rnd.kitty)]
    union = 0
    count = 0
    for m in places:
        union |= m
        count += m.bit_count()
    if rnd.turn_up is not None and not union >> rnd.turn_up.index & 1:
        union |= 1 << rnd.turn_up.index
        count += 1
    assert count == 52 and union == (1 << 52) - 1, (count, bin(union).count("1"))


def card_strings(value: Any) -> set[str]:
    """Every JSON string in ``value`` that is a card."""
    return set(CARD_IN_JSON.findall(orjson.dumps(value).decode()))


def check_views(ruleset: Any, state: FortyFivesState) -> None:
    """No seat's view holds a card that seat may not see (history is public: finished rounds)."""
    rnd = state.round
    n = state.match.players
    public = {c.text for c in played_now(state)}
    if rnd is not None and rnd.turn_up is not None:
        public.add(rnd.turn_up.text)
    referee_history = ruleset.view(state, None)["history"]
    for seat in range(n):
        view = ruleset.view(state, seat)
        history = view.pop("history")
        assert history == referee_history
        allowed = set(public)
        if state.hands is not None and rnd is not None:
            allowed |= {c.text for c in cards_of(state.hands[seat])}
            allowed |= {c.text for c in rnd.discards[seat]} if rnd.discards else set()
            if state.phase == DEALER_DRAW and seat == rnd.dealer:
                allowed |= {c.text for c in rnd.stock}
        seen = card_strings(view)
        assert seen <= allowed, (seat, seen - allowed, state.phase)
        if rnd is not None and rnd.demoted is not None and rnd.demoted not in played_now(state):
            assert view["demoted_ace"] is None
        assert "ace_holder" not in view


def check_trick_winners(ruleset: Any, state: FortyFivesState, record: RoundRecord) -> None:
    n = state.match.players
    opts = state.match.options
    leader = None
    for t in record.tricks:
        assert len(t.cards) == n and len(set(t.cards)) == n
        if leader is not None:
            assert t.leader == leader  # the winner leads the next trick
        out = ruleset.trick_winner([Play(c) for c in t.cards], TrickContext(record.trump, 1, record.demoted), opts)
        winners = [s for s in range(n) if s == (t.leader + out.winner) % n]
        assert winners == [t.winner]
        leader = t.winner


def check_round_score(ruleset: Any, before_scores: tuple[int, ...], state: FortyFivesState, record: RoundRecord,
                      hands_dealt: Any) -> None:
    """Hand points and scores follow from the tricks; totals of 25/30 where the spec says so (in
    ``forty_fives`` 5 x ``trick_value``, plus ``highest_trump_bonus_value`` with the bonus, §9.3)."""
    cfg = config(state.match.options, ruleset.id)
    n = state.match.players
    if record.void:
        assert record.points == (0,) * len(before_scores) and record.scores == before_scores
        return
    assert sum(record.tricks_won) == 5
    assert record.tricks_won == tuple(sum(1 for t in record.tricks if t.winner == s) for s in range(n))
    trumps_played = [c for t in record.tricks for c in t.cards
                     if c.suit is record.trump or c is ACE_OF_HEARTS]
    if cfg.bonus == "none":
        assert record.bonus_seat is None
    elif cfg.bonus == "five_of_trumps_only":
        five = [c for c in trumps_played if c.rank is Rank.FIVE and c.suit is record.trump]
        assert (record.bonus_seat is not None) == bool(five)
    else:
        assert (record.bonus_seat is not None) == bool(trumps_played)
    bonus = record.bonus_seat
    if cfg.game == "forty_fives":
        value, extra = cfg.trick_value, cfg.bonus_value
        assert record.points == tuple(value * t + (extra if s == bonus else 0) for s, t in enumerate(record.tricks_won))
        assert sum(record.points) == 5 * value + (extra if bonus is not None else 0)
        assert all(p >= 0 for p in record.scores)
    elif cfg.bidding:
        team_points = [sum(5 * record.tricks_won[s] for s in range(t, n, 2)) for t in (0, 1)]
        if bonus is not None:
            team_points[bonus % 2] += 5
        assert sum(team_points) == (30 if bonus is not None else 25)
    else:
        ta = sum(record.tricks_won[s] for s in range(0, n, 2))
        tb = 5 - ta
        assert sum(1 for p in record.points if p > 0) >= 1 or bonus is not None
        if cfg.turn_up_scoring == "trick_difference":
            base = [5 * max(ta - tb, 0), 5 * max(tb - ta, 0)]
        else:
            base = [0, 0]
            w = 0 if ta > tb else 1
            base[w] = 10 if max(ta, tb) == 5 else 5
        if bonus is not None:
            base[bonus % 2] += 5
        assert list(record.points) == base
    assert record.scores == tuple(b + p for b, p in zip(before_scores, record.points, strict=True))
    facts: dict[str, Any] = {
        "trump": record.trump.value, "leader": record.tricks[0].leader, "players": n,
        "tricks": [[c.text for c in t.cards] for t in record.tricks], "scores": list(before_scores),
    }
    if record.demoted is not None:
        facts["demoted_ace"] = record.demoted.text
    if record.contract is not None:
        facts["bid"] = {"team": record.contract.team, "amount": record.contract.amount}
    if cfg.fixed_hands is not None:
        facts["hand_number"] = state.match.scored
    out = ruleset.score_round(facts, state.match.options)
    assert out.points == record.points and out.scores == record.scores
    assert out.extra["trick_winners"] == [t.winner for t in record.tricks]
    assert out.match_over == (state.match.status == FINISHED)
    assert out.winners == state.match.winners
    assert hands_dealt is not None
    check_match_end(cfg, state)


def check_match_end(cfg: Any, state: FortyFivesState) -> None:
    """§9.4: a fixed-length match is over exactly when its counted hands are done and one total is
    highest (or, with ``tie_at_target = "shared"``, whatever the tie); the target is never tested."""
    m = state.match
    if cfg.fixed_hands is None:
        return
    top = max(m.scores)
    leaders = tuple(u for u, v in enumerate(m.scores) if v == top)
    done = m.scored >= cfg.fixed_hands and (len(leaders) == 1 or cfg.tie_shared)
    assert (m.status == FINISHED) == done, (m.scored, m.scores)
    assert m.winners == (leaders if done else ())
    assert m.scored <= m.rounds_done


# ------------------------------------------------------------------------------------------------
# Table-mode replay of a dealt hand
# ------------------------------------------------------------------------------------------------


def table_replay(ruleset: Any, table_state: FortyFivesState, first: FortyFivesState,
                 actions: list[Action]) -> FortyFivesState:
    """Report a dealt hand's public facts in table mode; it must take them all."""
    state = ruleset.deal(table_state, None)
    rnd = first.round
    assert rnd is not None
    if state.phase == "turn_up":
        assert rnd.turn_up is not None
        state = ruleset.apply(state, Action("turn_up", rnd.dealer, rnd.turn_up))
    for a in actions:
        if a.type == "draw":
            continue
        if a.type == "rob":
            a = Action("rob", a.seat)
        elif a.type == "discard":
            a = Action("discard", a.seat, amount=len(a.cards or ()))
        state = ruleset.apply(state, a)
    return state


# ------------------------------------------------------------------------------------------------
# The driver
# ------------------------------------------------------------------------------------------------


def play_hands(profile: str, seed: int, hands: int, *, views_every: int = 1, replay: bool = True) -> int:
    """Play ``hands`` random hands; views are checked on every step of every ``views_every``-th hand."""
    rid, raw = PROFILES[profile]
    ruleset = RULESETS[rid]
    options = ruleset.validate_options(raw)
    n = options["players"]
    rng = random.Random(seed)
    played = 0
    state = None
    table_state = None
    while played < hands:
        if state is None or ruleset.status(state) == FINISHED or played % HANDS_PER_MATCH == 0:
            dealer = rng.randrange(n)
            state = ruleset.new_match(options, n, dealer, "dealt")
            table_state = ruleset.new_match(options, n, dealer, "table") if replay else None
        before_scores = state.match.scores
        if table_state is not None:
            assert table_state.match.scores == before_scores and table_state.match.dealer == state.match.dealer
        state = ruleset.deal(state, shuffled_deck(ruleset, rng))
        first = state
        actions: list[Action] = []
        check_cards(state)
        views = views_every > 0 and played % views_every == 0
        while not ruleset.needs_deal(state) and ruleset.status(state) != FINISHED:
            if views:
                check_views(ruleset, state)
            seat = ruleset.to_act(state)[0]
            action = rng.choice(ruleset.legal_actions(state, seat))
            before_tricks = len(state.tricks)
            state = ruleset.apply(state, action)
            actions.append(action)
            check_cards(state)
            if state.round is not None and len(state.tricks) > before_tricks:
                assert len(state.tricks) == before_tricks + 1
        record = state.match.history[-1]
        check_trick_winners(ruleset, state, record)
        check_round_score(ruleset, before_scores, state, record, first.hands)
        if table_state is not None:
            table_state = table_replay(ruleset, table_state, first, actions)
            trecord = table_state.match.history[-1]
            assert trecord.revokes == ()
            assert trecord.tricks == record.tricks and trecord.points == record.points
            assert trecord.demoted == record.demoted and table_state.match.scores == state.match.scores
            assert table_state.match.status == state.match.status
        played += 1
    return played


@pytest.mark.slow
@pytest.mark.parametrize("profile", sorted(PROFILES))
@settings(max_examples=EXAMPLES, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_hands(profile: str, seed: int) -> None:
    """2,000 random legal hands per profile (100 examples x 20 hands) with every invariant above; the
    views are checked on every step of one hand in 20, the table-mode replay in one example in 4."""
    played = play_hands(profile, seed, HANDS_PER_EXAMPLE, views_every=20, replay=seed % 4 == 0)
    assert played == HANDS_PER_EXAMPLE


@pytest.mark.slow
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_views_on_every_step_of_every_hand(profile: str) -> None:
    """The view check on every step of 200 consecutive hands per profile, with the table replay."""
    assert play_hands(profile, 11, 200, views_every=1, replay=True) == 200


def test_both_rulesets_covered() -> None:
    assert {rid for rid, _ in PROFILES.values()} == {FORTY_FIVES.id, AUCTION_FORTY_FIVES.id}
