"""The Newfoundland "120s" house rules of Auction Forty-Fives (forty-fives.md §9.5-§9.8): the vectors
of §9.12.4-§9.12.7, read from the spec as data, and a rule test for each rule they do not pin."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from service.rules.actions import Action
from service.rules.cards import Card, Suit, card
from service.rules.errors import CardNotInHand, IllegalAction, IllegalBid, IllegalPlay, InvalidAction, InvalidOption
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES as AF
from service.rules.games.forty_fives.discard import discard_bounds
from service.rules.games.forty_fives.options import AUCTION_SPECS, config
from service.rules.games.forty_fives.state import DISCARD, NAME_TRUMP, PLAY
from service.rules.ruleset import SPECTATOR
from service.rules.tricks import TrickContext
from tests.rules.games.forty_fives.test_forty_fives_helpers import (
    CALL_RE,
    call_action,
    cards,
    deck_dealing,
    hand_of,
    with_scores,
)
from tests.spec_tables import RULES_DIR, vectors

SPEC = "forty-fives.md"
SPEC_NAMES = {s.name: s for s in AUCTION_SPECS}
NAMED_RE = re.compile(r'(\w+) ("[^"]*"|\[[^\]]*\]|-?\d+|true|false|null)')
BARE_RE = re.compile(r'"([a-z_]+)"')


def _rows(heading: str) -> list[dict[str, str]]:
    return vectors(SPEC, heading)


def _ids(rows: list[dict[str, str]]) -> list[str]:
    return [r["id"] for r in rows]


def house_options(cell: str, bare_for: tuple[str, ...]) -> dict[str, Any]:
    """The options of a §9.12 cell: ``name value`` pairs (JSON values), and bare quoted values, each
    given to the one option of ``bare_for`` that has it."""
    out: dict[str, Any] = {}
    rest = cell
    for name, value in NAMED_RE.findall(cell):
        if name in SPEC_NAMES:
            out[name] = json.loads(value)
            rest = rest.replace(f"{name} {value}", "")
    rest = re.sub(r"defaults \([^)]*\)", "", rest)
    for value in BARE_RE.findall(rest):
        owners = [n for n in bare_for if value in (SPEC_NAMES[n].allowed or ())]
        assert len(owners) == 1, (value, cell)
        out[owners[0]] = value
    return out


def bidding_match(n: int, dealer: int, deck: list[Card] | None = None, mode: str = "dealt", **options: Any) -> Any:
    opts = AF.validate_options({"trump_selection": "bidding", "players": n, **options})
    state = AF.new_match(opts, n, dealer, mode)  # type: ignore[arg-type]
    return AF.deal(state, deck if mode == "dealt" else None) if mode == "dealt" else AF.deal(state, None)


def calls_of(state: Any, seat: int) -> set[str]:
    return {a.type if a.type != "bid" else str(a.amount) for a in AF.legal_actions(state, seat)}


def set_of(text: str) -> set[str]:
    return {x.strip() for x in text.split(",")}


# ------------------------------------------------------------------------------------------------
# §9.12.4 auction rounds and holds
# ------------------------------------------------------------------------------------------------

AH = _rows("9.12.4")
AH_DEALER = int(
    re.search(
        r"dealer seat (\d)",
        next(  # type: ignore[union-attr]
            line
            for line in (RULES_DIR / SPEC).read_text(encoding="utf-8").splitlines()
            if line.startswith("#### 9.12.4")
        ),
    ).group(1)
)


def _speakers_after_holds(calls: list[tuple[str, str]], dealer: int) -> list[tuple[list[int], bool]]:
    """Per hold, in order: the other seats that spoke after it before the dealer spoke again, and
    whether the dealer then spoke."""
    out = []
    for i, (_seat, what) in enumerate(calls):
        if what != "hold":
            continue
        others: list[int] = []
        then_dealer = False
        for s, _w in calls[i + 1 :]:
            if int(s) == dealer:
                then_dealer = True
                break
            others.append(int(s))
        out.append((others, then_dealer))
    return out


ORDINAL = {"first": 0, "second": 1}


@pytest.mark.parametrize("row", AH, ids=_ids(AH))
def test_auction_rounds_and_holds(row: dict[str, str]) -> None:
    options = house_options(row["options"], ("auction_rounds", "dealer_hold"))
    result = row["result"]
    if result.startswith("422"):
        option = re.search(r"option (\w+)", result).group(1)  # type: ignore[union-attr]
        with pytest.raises(InvalidOption) as err:
            AF.validate_options({"trump_selection": "bidding", **options})
        assert err.value.code == "invalid_option" and err.value.option == option
        return
    state = bidding_match(4, AH_DEALER, deck_dealing(4, AH_DEALER, {}), **options)
    calls = CALL_RE.findall(row["sequence"])
    refused = re.match(r"refused \((\w+)\)", result)
    instead = re.search(r"a hold by seat (\d) instead is refused \((\w+)\)", result)
    holds = 0
    for i, (seat, what) in enumerate(calls):
        last = i == len(calls) - 1
        assert AF.to_act(state) == (int(seat),), (i, seat, what)
        if last and instead:
            with pytest.raises(IllegalBid) as err:
                AF.apply(state, call_action(int(instead.group(1)), "hold"))
            assert err.value.code == instead.group(2)
        if last and refused:
            with pytest.raises(IllegalBid) as err:
                AF.apply(state, call_action(int(seat), what))
            assert err.value.code == refused.group(1)
            legal = re.search(r"legal \{([^}]*)\}", result)
            assert legal and calls_of(state, int(seat)) == set_of(legal.group(1))
            return
        state = AF.apply(state, call_action(int(seat), what))
        holds += what == "hold"
        for s, w, legal in re.findall(r"after (\d):(\w+) the dealer's legal calls are \{([^}]*)\}", result):
            if (s, w) == (seat, what):
                assert calls_of(state, AH_DEALER) == set_of(legal)
        for s, w, nxt in re.findall(r"after (\d):(\w+) the next to speak is seat (\d)", result):
            if (s, w) == (seat, what):
                assert AF.to_act(state) == (int(nxt),)
        for nth, s in re.findall(r"after the (first|second) hold seat (\d)'s only legal call is pass", result):
            if what == "hold" and holds == ORDINAL[nth] + 1:
                assert calls_of(state, int(s)) == {"pass"}
    after_holds = _speakers_after_holds(calls, AH_DEALER)
    for nth, s in re.findall(r"after the (first|second) hold only seat (\d)", result):
        assert after_holds[ORDINAL[nth]][0] == [int(s)]
    for nth, a, b in re.findall(r"after the (first|second) hold seats (\d) and (\d) speak, then the dealer", result):
        assert after_holds[ORDINAL[nth]] == ([int(a), int(b)], True)
    if "hand void" in result:
        assert AF.needs_deal(state) and state.match.history[-1].void
        nxt = int(re.search(r"next deal by seat (\d)", result).group(1))  # type: ignore[union-attr]
        assert state.match.dealer == nxt
        return
    if "may not pass" in result:
        legal = re.search(r"legal \{([^}]*)\}", result)
        assert AF.to_act(state) == (AH_DEALER,) and legal and calls_of(state, AH_DEALER) == set_of(legal.group(1))
        return
    won = re.search(r"(dealer|seat (\d)) wins at (\d+)", result)
    assert won, result
    seat = AH_DEALER if won.group(1) == "dealer" else int(won.group(2))
    assert state.phase == NAME_TRUMP and AF.to_act(state) == (seat,)
    assert state.round.contract.seat == seat and state.round.contract.amount == int(won.group(3))


def test_a_single_round_dealer_who_passes_a_standing_bid_gives_it_to_the_high_bidder() -> None:
    """§9.5 single item 3, with the hold on: a dealer's pass ends the round; the table mode agrees."""
    for mode in ("dealt", "table"):
        state = bidding_match(4, 3, deck_dealing(4, 3, {}), mode, auction_rounds="single")
        for seat, what in CALL_RE.findall("0:15, 1:pass, 2:20, 3:pass"):
            state = AF.apply(state, call_action(int(seat), what))
        assert state.phase == NAME_TRUMP and state.round.contract.seat == 2


def test_a_reopened_round_where_the_dealer_raises_ends_with_the_dealer() -> None:
    """§9.5 "reopen" under "single": the dealer speaks once the round has a bid, and its raise wins."""
    state = bidding_match(4, 3, deck_dealing(4, 3, {}), auction_rounds="single")
    for seat, what in CALL_RE.findall("0:15, 1:pass, 2:pass, 3:hold, 0:20, 3:25"):
        assert AF.to_act(state) == (int(seat),)
        state = AF.apply(state, call_action(int(seat), what))
    assert state.phase == NAME_TRUMP and state.round.contract.seat == 3 and state.round.contract.amount == 25


def test_hold_minimum_adds_to_the_floor() -> None:
    """§9.5: a hold must reach both hold_minimum and the near-target floor; with the hold off it is moot."""
    state = with_scores(bidding_match(4, 3, deck_dealing(4, 3, {}), hold_minimum=15), [0, 100])
    for seat, what in CALL_RE.findall("0:15, 1:pass, 2:pass"):
        state = AF.apply(state, call_action(int(seat), what))
    with pytest.raises(IllegalBid) as err:
        AF.apply(state, call_action(3, "hold"))
    assert err.value.code == "bid_below_floor"
    assert (
        config(
            AF.validate_options({"trump_selection": "bidding", "dealer_hold": "off", "hold_minimum": 25}), AF.id
        ).dealer_hold
        == "off"
    )


def test_options_that_cannot_matter_are_accepted() -> None:
    """§9.1: kitty_bid without a kitty, the cap waiver without the cap, hold_minimum with the hold off,
    the forced lead when 30 is no bid, and all of them in turn-up mode, are accepted and do nothing."""
    moot = {
        "kitty_bid": "keep_one",
        "cap_waived_in_hole": True,
        "hold_minimum": 20,
        "dealer_hold": "off",
        "bid_30_trump_lead": True,
        "bid_values": [15, 20, 25],
        "auction_rounds": "single",
    }
    cfg = config(AF.validate_options({"trump_selection": "bidding", **moot}), AF.id)
    assert cfg.kitty_bid == "off" and not cfg.bid30_lead
    turn_up = config(AF.validate_options(moot), AF.id)
    assert not turn_up.single_round and turn_up.kitty_bid == "off" and not turn_up.cap_waived_in_hole


# ------------------------------------------------------------------------------------------------
# §9.12.5 bidding on the kitty
# ------------------------------------------------------------------------------------------------

KB = _rows("9.12.5")
_KB_TEXT = "\n".join(
    line for line in (RULES_DIR / SPEC).read_text(encoding="utf-8").split("#### 9.12.5")[1].split("|")[0].splitlines()
)
KB_HAND = cards(re.search(r"Seat 1's hand: ([^.]+)\.", _KB_TEXT).group(1))  # type: ignore[union-attr]
KB_KITTY = cards(re.search(r"Kitty: ([^.]+)\.", _KB_TEXT).group(1))  # type: ignore[union-attr]
KB_BIDDER = 1


def deck_with_kitty(n: int, dealer: int, hands: dict[int, list[Card]], kitty: list[Card], first: int = 3) -> list[Card]:
    """A deck dealing ``hands`` with ``kitty`` dealt face down after the first batch (§3.3)."""
    deck = [c for c in deck_dealing(n, dealer, hands, keep_in_stock=kitty) if c not in kitty]
    return deck[: n * first] + kitty + deck[n * first :]


def kitty_state(options: dict[str, Any], kitty: list[Card] = KB_KITTY, mode: str = "dealt") -> Any:
    deck = deck_with_kitty(4, 3, {KB_BIDDER: KB_HAND}, kitty)
    state = bidding_match(4, 3, deck, mode, **{"kitty_size": 3, **options})
    for seat, what in CALL_RE.findall("0:pass, 1:25, 2:pass, 3:pass"):
        state = AF.apply(state, call_action(int(seat), what))
    assert state.phase == NAME_TRUMP and state.round.contract.seat == KB_BIDDER
    return state


def _discard_nothing_until(state: Any, seat: int) -> Any:
    while state.phase == DISCARD and state.turn != seat:
        state = AF.apply(state, Action("discard", state.turn, cards=()))
    return state


def _types(state: Any, seat: int) -> list[tuple[str, Any]]:
    return [(a.type, a.suit.value if a.suit else a.card) for a in AF.legal_actions(state, seat)]


@pytest.mark.parametrize("row", KB, ids=_ids(KB))
def test_kitty_bid_vectors(row: dict[str, str]) -> None:
    cell, action, expected = row["options"], row["action"], row["expected"]
    options = house_options(re.sub(r"kitty \S+ \S+ \S+", "", cell), ("kitty_bid",))
    kitty = cards(m.group(1)) if (m := re.search(r"kitty ((?:\S+ ){2}\S+) \(", cell)) else KB_KITTY
    if options.get("kitty_size") == 0:
        deck = deck_dealing(4, 3, {KB_BIDDER: KB_HAND})
        state = bidding_match(4, 3, deck, **options)
        for seat, what in CALL_RE.findall("0:pass, 1:25, 2:pass, 3:pass"):
            state = AF.apply(state, call_action(int(seat), what))
    else:
        state = kitty_state(options, kitty)
    b = KB_BIDDER
    only_names = "the 4 name_trump actions" in expected
    if action == "seat 1's legal actions" or action == "after the auction":
        legal = _types(state, b)
        names = sorted(x for t, x in legal if t == "name_trump")
        kept = {x for t, x in legal if t == "kitty_bid"}
        assert names == ["C", "D", "H", "S"]
        if only_names:
            assert len(legal) == 4
            return
        assert kept == set(cards(re.search(r"keeping ([^(]+) \(", expected).group(1)))  # type: ignore[union-attr]
        assert len(legal) == int(re.search(r"\((\d+) actions\)", expected).group(1))  # type: ignore[union-attr]
        return
    if action.strip().endswith("kitty_bid") and expected.startswith("refused"):
        with pytest.raises(IllegalAction) as err:
            AF.apply(state, Action("kitty_bid", b))
        assert err.value.code == "kitty_bid_not_allowed"
        assert {a["type"] for a in err.value.legal or []} == {"name_trump"} and len(err.value.legal or []) == 4
        assert only_names and len(AF.legal_actions(state, b)) == 4
        return
    if "name_trump" in action and "kitty_bid" not in action:  # KB-04: the normal order
        suit = Suit.parse(re.search(r"name_trump (\w)", action).group(1))  # type: ignore[union-attr]
        state = AF.apply(state, Action("name_trump", b, suit=suit))
        held = int(re.search(r"holds (\d+) cards", expected).group(1))  # type: ignore[union-attr]
        assert len(hand_of(state, b)) == held and set(KB_KITTY) <= hand_of(state, b)
        state = _discard_nothing_until(state, b)
        least = int(re.search(r"discard at least (\d+)", expected).group(1))  # type: ignore[union-attr]
        assert discard_bounds(config(state.match.options, AF.id), state, b)[0] == least
        return
    kept_text = re.search(r"card (\S+?)[;,]?(?: |$)", action)
    kept = card(kept_text.group(1)) if kept_text else None
    state = AF.apply(state, Action("kitty_bid", b, card=kept))
    holds = re.search(r"holds ([^(;]+?)(?: \(\d cards\))?(?:;|$)", expected)
    if holds:
        assert hand_of(state, b) == set(cards(holds.group(1)))
        given = set(KB_HAND) - ({kept} if kept else set())
        assert set(state.round.discards[b]) == given
        for viewer in (0, 2, 3, SPECTATOR):
            seen = json.dumps(AF.view(state, viewer))
            assert not any(re.search(rf'"{c.text}"', seen) for c in given), viewer
            assert AF.public_action(Action("kitty_bid", b, card=kept), viewer).get("card") is None
        assert AF.view(state, SPECTATOR)["kitty_bid"] == options["kitty_bid"]
    legal_names = re.search(r"name_trump legal \{([^}]*)\}", expected)
    if legal_names:
        names = {a.suit.value for a in AF.legal_actions(state, b) if a.type == "name_trump" and a.suit}
        assert names == set_of(legal_names.group(1))
        assert not [a for a in AF.legal_actions(state, b) if a.type == "kitty_bid"]
    refused = re.search(r"name_trump (\w) refused \((\w+)\)", expected)
    if refused:
        with pytest.raises(IllegalAction) as err:
            AF.apply(state, Action("name_trump", b, suit=Suit.parse(refused.group(1))))
        assert err.value.code == refused.group(2)
    if "names any suit" in expected:
        assert {a.suit for a in AF.legal_actions(state, b) if a.type == "name_trump"} == set(Suit)
    named = re.search(r"name_trump (\w)", action)
    suit = (
        Suit.parse(named.group(1))
        if named
        else next(a.suit for a in AF.legal_actions(state, b) if a.type == "name_trump" and a.suit)
    )
    state = AF.apply(state, Action("name_trump", b, suit=suit))
    if "nobody else discards" in expected:
        assert state.phase == DISCARD and state.turn == b
        assert discard_bounds(config(state.match.options, AF.id), state, b) == (0, 0)
        state = AF.apply(state, Action("discard", b, cards=()))
        dealt = int(re.search(r"is dealt (\d+) card", expected).group(1))  # type: ignore[union-attr]
        assert state.phase == PLAY and state.round.drawn[b] == dealt and len(hand_of(state, b)) == 5
        return
    bounds = re.search(r"discard (\d+)[–-](\d+)", expected)
    if bounds:
        state = _discard_nothing_until(state, b)
        cfg = config(state.match.options, AF.id)
        assert discard_bounds(cfg, state, b) == (int(bounds.group(1)), int(bounds.group(2)))
        state = AF.apply(state, Action("discard", b, cards=()))
        assert len(hand_of(state, b)) == 5


def test_a_kitty_bid_names_its_card_only_under_keep_one() -> None:
    keep = kitty_state({"kitty_bid": "keep_one"})
    with pytest.raises(InvalidAction):
        AF.apply(keep, Action("kitty_bid", KB_BIDDER))
    with pytest.raises(CardNotInHand):
        AF.apply(keep, Action("kitty_bid", KB_BIDDER, card=KB_KITTY[0]))
    whole = kitty_state({"kitty_bid": "whole_hand"})
    with pytest.raises(InvalidAction):
        AF.apply(whole, Action("kitty_bid", KB_BIDDER, card=KB_HAND[0]))
    once = AF.apply(whole, Action("kitty_bid", KB_BIDDER))
    with pytest.raises(IllegalAction) as err:
        AF.apply(once, Action("kitty_bid", KB_BIDDER))
    assert err.value.code == "kitty_bid_not_allowed"


def test_a_kitty_bid_in_table_mode_is_reported_without_a_card() -> None:
    """§9.6 item 6: the table reports the kitty bid; the bidder then discards from 1 + kitty cards."""
    state = kitty_state({"kitty_bid": "keep_one"}, mode="table")
    assert ("kitty_bid", None) in _types(state, KB_BIDDER)
    state = AF.apply(state, Action("kitty_bid", KB_BIDDER))
    state = AF.apply(state, Action("name_trump", KB_BIDDER, suit=Suit.HEARTS))
    state = AF.apply(state, Action("discard", 0, amount=0))
    cfg = config(state.match.options, AF.id)
    assert discard_bounds(cfg, state, KB_BIDDER) == (0, 4)
    state = AF.apply(state, Action("discard", KB_BIDDER, amount=2))
    assert state.round.drawn[KB_BIDDER] == 3


# ------------------------------------------------------------------------------------------------
# §9.12.6 the forced trump lead against 30
# ------------------------------------------------------------------------------------------------

TL = _rows("9.12.6")
TL_TRUMP = Suit.SPADES
TL_DEALER, TL_BIDDER, TL_LEADER = 0, 1, 2


def _legal_set(text: str, hand: list[Card]) -> set[Card]:
    return set(hand) if text.startswith("all") else set(cards(text))


def _tl_match(row: dict[str, str], hand: list[Card], leader: int) -> Any:
    cell = row["options / situation"]
    options = house_options(cell, ())
    options.setdefault("bid_30_trump_lead", "bid_30_trump_lead false" not in cell)
    amount = 25 if "bid 25 instead of 30" in cell else 30
    state = bidding_match(4, TL_DEALER, deck_dealing(4, TL_DEALER, {leader: hand}), **options)
    for seat, what in ((TL_BIDDER, str(amount)), (2, "pass"), (3, "pass"), (0, "pass")):
        state = AF.apply(state, call_action(seat, what))
    state = AF.apply(state, Action("name_trump", TL_BIDDER, suit=TL_TRUMP))
    while state.phase == DISCARD:
        state = AF.apply(state, Action("discard", state.turn, cards=()))
    return state


def _play_legal_cards(row: dict[str, str], state: Any, seat: int, hand: list[Card]) -> None:
    legal = {a.card for a in AF.legal_actions(state, seat) if a.type == "play"}
    assert legal == _legal_set(row["legal leads"], hand), row["id"]
    for c in hand:
        if c in legal:
            continue
        with pytest.raises(IllegalPlay) as err:
            AF.apply(state, Action("play", seat, c))
        assert err.value.code == "must_lead_trump_against_30"


@pytest.mark.parametrize("row", TL, ids=_ids(TL))
def test_forced_trump_lead_vectors(row: dict[str, str]) -> None:
    cell = row["options / situation"]
    hand = cards(row["leader's hand"]) if row["leader's hand"] != "—" else []
    base = next((r for r in TL if cell.startswith(f"as {r['id']} ")), row)
    if base["options / situation"].startswith("/legal-plays"):
        stateless = base["options / situation"]
        options = AF.validate_options(json.loads(re.search(r"options (\{[^}]*\})", stateless).group(1)))  # type: ignore[union-attr]
        extra = {"defending_a_30_bid": True} if "without defending_a_30_bid" not in cell else {}
        verdict = AF.legal_plays(hand, [], TrickContext(TL_TRUMP, 1, extra=extra), options)
        assert set(verdict.legal) == set(cards(row["legal leads"].split("}")[0]))
        code = re.search(r"code (\w+)", row["legal leads"])
        if code:
            assert verdict.code == code.group(1)
        return
    if cell.startswith("table mode"):
        _table_revoke(row)
        return
    leader = TL_BIDDER if "first_lead_after_bidding" in cell else TL_LEADER
    if "trick 2" in cell:  # the leader wins trick 1 with the best trump, then leads the hand left
        state = _tl_match(row, [card("5S"), *hand], leader)
        state = AF.apply(state, Action("play", leader, card("5S")))
        while len(state.tricks) < 1:
            state = AF.apply(state, next(a for a in AF.legal_actions(state, state.turn) if a.type == "play"))
        assert state.turn == leader
    else:
        state = _tl_match(row, hand, leader)
        assert state.turn == leader and not state.tricks
    _play_legal_cards(row, state, leader, hand)


def _table_revoke(row: dict[str, str]) -> None:
    """TL-09: seat 2 leads 9D to trick 1 and trumps later: the revoke is flagged once 2S is seen."""
    lead, later = re.search(r"leads (\S+) to trick 1 and plays (\S+) later", row["options / situation"]).groups()  # type: ignore[union-attr]
    state = bidding_match(4, TL_DEALER, mode="table", bid_30_trump_lead=True)
    for seat, what in ((TL_BIDDER, "30"), (2, "pass"), (3, "pass"), (0, "pass")):
        state = AF.apply(state, call_action(seat, what))
    state = AF.apply(state, Action("name_trump", TL_BIDDER, suit=TL_TRUMP))
    while state.phase == DISCARD:
        state = AF.apply(state, Action("discard", state.turn, amount=0))
    for seat, text in ((2, lead), (3, "QD"), (0, "KD"), (1, "JD"), (0, "3C"), (1, "4C")):
        state = AF.apply(state, Action("play", seat, card(text)))
    assert not state.round.revokes
    state = AF.apply(state, Action("play", TL_LEADER, card(later)))
    want = re.search(r"seat (\d), trick (\d), card (\S+), code (\w+)", row["legal leads"]).groups()  # type: ignore[union-attr]
    got = [(str(r.seat), str(r.trick), r.card.text, r.code) for r in state.round.revokes]
    assert got == [want]


def test_the_forced_lead_binds_only_the_opening_lead_of_a_defender() -> None:
    """§9.7: a stateless question about a later trick, or a lead by the bidders, is free."""
    options = AF.validate_options({"trump_selection": "bidding", "bid_30_trump_lead": True})
    hand = cards("9D, 2S, KH")
    later = AF.legal_plays(hand, [], TrickContext(TL_TRUMP, 2, extra={"defending_a_30_bid": True}), options)
    assert set(later.legal) == set(hand)
    off = AF.legal_plays(
        hand,
        [],
        TrickContext(TL_TRUMP, 1, extra={"defending_a_30_bid": True}),
        AF.validate_options({"trump_selection": "bidding"}),
    )
    assert set(off.legal) == set(hand)


# ------------------------------------------------------------------------------------------------
# §9.12.7 defender caps and locks
# ------------------------------------------------------------------------------------------------

IH = _rows("9.12.7")


def _ih_facts(row: dict[str, str]) -> dict[str, Any]:
    team, amount = re.match(r"([AB]) (\d+)", row["bid"]).groups()  # type: ignore[union-attr]
    before = [int(x.replace("−", "-")) for x in re.findall(r"[AB] ([−-]?\d+)", row["totals before"])]
    points = [int(x) for x in re.findall(r"[AB] (\d+)", row["hand points"])]
    for bonus in (0, 1, None):
        tricks = [(p - (5 if bonus == t else 0)) / 5 for t, p in enumerate(points)]
        if sum(tricks) == 5 and all(t >= 0 and t == int(t) for t in tricks):
            won = [int(tricks[0]), int(tricks[1]), 0, 0]
            return {
                "players": 4,
                "tricks_won": won,
                "highest_trump_seat": bonus,
                "scores": before,
                "bid": {"team": "AB".index(team), "amount": int(amount)},
            }
    raise AssertionError(row)


@pytest.mark.parametrize("row", IH, ids=_ids(IH))
def test_defender_cap_and_lock_vectors(row: dict[str, str]) -> None:
    cell = row["options"]
    if cell.startswith("as "):
        base = next(r for r in IH if r["id"] == cell.split(",")[0][3:].strip())
        options = {
            **house_options(base["options"], ("defender_out_rule",)),
            **house_options(cell.split(",", 1)[1] if "," in cell else "", ("defender_out_rule",)),
        }
        if base["options"].startswith("as "):
            root = next(r for r in IH if r["id"] == base["options"].split(",")[0][3:].strip())
            options = {**house_options(root["options"], ("defender_out_rule",)), **options}
    else:
        options = house_options(cell, ("defender_out_rule",))
    out = AF.score_round(_ih_facts(row), AF.validate_options({"trump_selection": "bidding", **options}))
    expected = row["expected"]
    totals = [int(x.replace("−", "-")) for x in re.findall(r"[AB] ([−-]?\d+)", expected)[:2]]
    assert list(out.scores) == totals, (row["id"], out)
    wins = re.search(r"team ([AB]) wins", expected)
    assert out.match_over is bool(wins)
    if wins:
        assert list(out.winners) == ["AB".index(wins.group(1))]
    assert out.explanation
