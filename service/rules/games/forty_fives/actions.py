"""The actions of the Forty-Fives family: the prebuilt ones (made once per seat and card), and the
checks every phase makes of an action (its seat, its turn, its phase) with the refusals they raise.

Actions: ``play`` (card), ``rob`` (card = the discard; no card in table mode), ``decline`` (announce
holding the ace of trumps, or refuse a turned-up ace), ``turn_up`` (table mode: the card turned),
``bid`` (amount), ``pass``, ``hold``, ``name_trump`` (suit), ``kitty_bid`` (card = the one card kept
under ``kitty_bid = "keep_one"``, §9.6), ``discard`` (cards; in table mode the
``amount`` discarded), ``draw`` (card, the dealer picking from the stock under ``dealer_robs_pack``)
and, in table mode, ``round_result`` (result = the round facts).
"""

from __future__ import annotations

from service.rules.actions import Action, acting_seat, actions_json, made_once, shown_table
from service.rules.cards import ALL_CARDS, SUITS
from service.rules.errors import IllegalAction, not_your_turn, wrong_phase
from service.rules.games.forty_fives.options import Config
from service.rules.games.forty_fives.ranking import ace_of
from service.rules.games.forty_fives.state import (
    ACE_MUST_ROB,
    ACE_NONE,
    AUCTION,
    DEALER_DRAW,
    DEALER_ROB,
    DISCARD,
    NAME_TRUMP,
    PLAY,
    TURN_UP,
    FortyFivesState,
)
from service.rules.messages import Msg
from service.rules.settlement import SETTLE_REVOKE
from service.rules.slots import slot_maker
from service.rules.tricks import Play

MAX_SEATS = 6

FORTY_FIVES_TYPES = ("play", "rob", "decline", "turn_up", "round_result", SETTLE_REVOKE)
AUCTION_TYPES = ("play", "rob", "decline", "turn_up", "bid", "pass", "hold", "name_trump", "kitty_bid", "discard",
                 "draw", "round_result", SETTLE_REVOKE)
#: the fields each action type carries besides type and seat (``Ruleset.action_fields``)
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("card",), "rob": ("card",), "decline": (), "turn_up": ("card",), "bid": ("amount",), "pass": (),
    "hold": (), "name_trump": ("suit",), "kitty_bid": ("card",), "discard": ("cards", "amount"), "draw": ("card",),
    "round_result": ("result",), SETTLE_REVOKE: ("trick", "ruling"),
}

#: the actions whose card or cards only the acting seat and the referee see (``Ruleset.private_card_types``):
#: the rob's discard (§2.5), the kitty bid's kept card (§9.6), the discards (§3.7) and the dealer's draw
PRIVATE_CARD_TYPES = ("rob", "kitty_bid", "discard", "draw")

#: ``Action(type, seat, card, cards, amount, suit, face_down, result)`` with the slots set directly
#: (``service.rules.slots``): a hand's discards list up to 32 actions
make_action = slot_maker(Action)


def _per_seat_and_card(kind: str) -> tuple[tuple[Action, ...], ...]:
    """The actions of one kind with a card, made once: ``table[seat][card.index]``."""
    return tuple(tuple(made_once(Action(kind, s, c)) for c in ALL_CARDS) for s in range(MAX_SEATS))


PLAY_ACTS = _per_seat_and_card("play")
#: PLAY_SHOWN[seat][card index]: the JSON of PLAY_ACTS[seat][card index], as a view lists it
PLAY_SHOWN = tuple(shown_table(row) for row in PLAY_ACTS)
ROB_ACTS = _per_seat_and_card("rob")
TURN_UP_ACTS = _per_seat_and_card("turn_up")
ROB_BLIND = tuple(Action("rob", s) for s in range(MAX_SEATS))
DECLINE_ACTS = tuple(Action("decline", s) for s in range(MAX_SEATS))
PASS_ACTS = tuple(Action("pass", s) for s in range(MAX_SEATS))
HOLD_ACTS = tuple(Action("hold", s) for s in range(MAX_SEATS))
NAME_ACTS = tuple(tuple(Action("name_trump", s, suit=x) for x in SUITS) for s in range(MAX_SEATS))
#: SEAT_TUPLES[seat] is ``(seat,)``, made once: ``to_act`` answers one at nearly every step
SEAT_TUPLES = tuple((s,) for s in range(MAX_SEATS))
#: CLOCKWISE[n][leader]: the seats of a trick led by ``leader``, in playing order (``table.revokes``)
CLOCKWISE = {n: tuple(tuple((lead + i) % n for i in range(n)) for lead in range(n)) for n in range(2, MAX_SEATS + 1)}
#: PLAYS[card.index]: the face-up play of each card, made once
PLAYS = tuple(Play(c) for c in ALL_CARDS)


def seat_of(state: FortyFivesState, action: Action) -> int:
    """The seat ``action`` is taken for (InvalidAction when it names none at this table)."""
    return acting_seat(action, state.match.players)


def need_turn(state: FortyFivesState, seat: int) -> None:
    """Refuse (``not_your_turn``) unless ``seat`` is to act."""
    if seat != state.turn:
        raise not_your_turn(Msg("forty_fives.not_your_turn", turn=state.turn, seat=seat), SEAT_TUPLES[state.turn]
                            if state.turn >= 0 else ())


def need_phase(cfg: Config, state: FortyFivesState, action: Action, *phases: str) -> None:
    """Refuse (``wrong_phase``) unless the match is in one of ``phases``."""
    if state.phase not in phases:
        want = " or ".join(repr(p) for p in phases)
        raise wrong_phase(Msg("forty_fives.wrong_phase", type=action.type, want=want, phase=state.phase),
                          phase_types(cfg, state))


def seat_to_act(cfg: Config, state: FortyFivesState, action: Action, phase: str) -> int:
    """The seat ``action`` is taken for, refused unless the match is in ``phase`` and that seat is to act."""
    seat = seat_of(state, action)
    need_phase(cfg, state, action, phase)
    need_turn(state, seat)
    return seat


def illegal(detail: Msg, code: str, legal: list[Action]) -> IllegalAction:
    """An IllegalAction whose ``legal`` lists ``legal`` as JSON."""
    return IllegalAction(detail, code=code, legal=actions_json(legal))


def may_announce(cfg: Config) -> bool:
    """Whether the holder of the ace of trumps may announce it (``lowest_unless_announced``)."""
    return cfg.unrobbed == "lowest_unless_announced"


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
    elif state.phase == NAME_TRUMP and cfg.kitty_bid != "off" and not rnd.kitty_bid:
        types.append("kitty_bid")
    elif (state.phase == PLAY and not cfg.bidding and rnd.dealer_ace == ACE_NONE and rnd.robbed_by is None
          and rnd.announced_by is None and not state.tricks and rnd.trump is not None
          and ace_of(rnd.trump) not in state.current):
        types += ["rob", "decline"] if may_announce(cfg) else ["rob"]
    if state.match.mode == "table" and not state.tricks and not state.current:
        types.append("round_result")
    return types
