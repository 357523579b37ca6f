"""What each seat sees of a Boerenbridge match (docs/rules/boerenbridge.md §6.4, §7; DESIGN.md §2.3).

``table`` gives the facts every view begins with (``Ruleset.view`` writes that header) and
``game_view`` the game's own part. A seat sees its own hand, never another's (the referee, ``seat``
None, sees every hand; a spectator, ``SPECTATOR``, none); the cards each seat has left, the trump
and turn-up, the trick in progress and the round's completed tricks, the tricks won, the match
scores and the finished rounds still in the state (``MatchInfo.history``).

Bids may be sealed (§6.4): under ``bidding_mode = "simultaneous"`` another seat's bid is hidden
(``"sealed"``) until every sealed bid is in; the hook player's bid is public, and so is the bid the
hook rule forbids him (``bidding.hook_forbidden``) once the others are revealed. ``public_action``
hides a sealed bid's amount in the list of actions taken. Table mode adds the round's revokes
(``table``) and whether ``round_result`` may still be reported.
"""

from __future__ import annotations

from typing import Any

from service.rules.actions import Action
from service.rules.games.boerenbridge.actions import status
from service.rules.games.boerenbridge.bidding import can_revise, hook_forbidden, revealed
from service.rules.games.boerenbridge.options import config
from service.rules.games.boerenbridge.state import FINISHED_PHASE, PLAY, TRUMP, BoerenbridgeState, RoundSetup
from service.rules.handmask import texts_of
from service.rules.ruleset import SPECTATOR, Table
from service.rules.shared import PARTS_KEPT, Once
from service.rules.tricks import TrickDone, plays_json

#: the views' parts that stay the same while the tuple they show does (the finished rounds' records;
#: the round's finished tricks, public), made once per tuple (``service.rules.shared``)
_HISTORIES = Once(PARTS_KEPT)
_TRICKS = Once(PARTS_KEPT)


def table(state: BoerenbridgeState) -> Table:
    """``Ruleset.table``: the facts every view begins with."""
    m = state.match
    r = state.round
    dealer = r.dealer if r is not None else m.next_dealer
    return Table(m.mode, m.players, m.options, status(state), state.phase, dealer, m.scores, m.winners)


def history(state: BoerenbridgeState) -> list[dict[str, Any]]:
    """``Ruleset.history``: the finished rounds the state still holds, as the view lists them."""
    return [h.to_json() for h in state.match.history]


def game_view(state: BoerenbridgeState, seat: int | None) -> dict[str, Any]:
    """``Ruleset.game_view``: the match as ``seat`` sees it (None: the referee; ``SPECTATOR``: the
    public facts only), after the header."""
    m = state.match
    r = state.round
    out: dict[str, Any] = {
        "result": m.result,
        "round": r.number if r is not None else m.rounds_done + (0 if state.phase == FINISHED_PHASE else 1),
        "history": _HISTORIES.get(m.history, lambda: history(state)),
    }
    if r is None:
        if m.mode == "table":  # between rounds and once the match is over: the last round's
            out["revokes"] = [v.to_json() for v in m.history[-1].revokes] if m.history else []
        return out
    n = m.players
    if state.hands is not None:
        if seat is None:
            out["hands"] = [texts_of(h) for h in state.hands]
        elif seat != SPECTATOR:
            out["hand"] = texts_of(state.hands[seat])
    out["hand_size"] = r.hand_size
    played = len(state.done)
    in_trick = {(state.leader + i) % n for i in range(len(state.trick))}
    out["cards_left"] = [r.hand_size - played - (s in in_trick) for s in range(n)]
    out["trump"] = r.trump.value if r.trump is not None else None
    out["turn_up"] = r.turn_up.text if r.turn_up is not None else None
    out["bidding"] = _bidding_view(state, r, seat)
    out["trick"] = {"number": played + 1, "leader": state.leader, "plays": plays_json(state.leader, state.trick, n)}
    out["tricks"] = _TRICKS.get(state.done, lambda: finished_tricks(state.done, n), n)
    out["tricks_won"] = list(state.tricks_won)
    if m.mode == "table":
        out["revokes"] = [v.to_json() for v in r.revokes]
        out["round_result_allowed"] = not state.trick and not state.done
    return out


def finished_tricks(done: tuple[TrickDone, ...], n: int) -> list[dict[str, Any]]:
    """The round's finished tricks (public: every card of them was played face up)."""
    return [
        {"number": i + 1, "leader": t.leader, "winner": t.winner, "plays": plays_json(t.leader, t.cards, n)}
        for i, t in enumerate(done)
    ]


def _bidding_view(state: BoerenbridgeState, r: RoundSetup, seat: int | None) -> dict[str, Any]:
    cfg = config(state.match.options)
    shown = revealed(r, state.bids, cfg.sequential)
    bids: list[int | None] = []
    marks: list[str] = []
    for i, b in enumerate(state.bids):
        visible = seat is None or seat == i or shown or i == r.hook
        bids.append(b if visible else None)
        if not r.active[i]:
            marks.append("non_bidder")
        elif b is None:
            marks.append("waiting")
        else:
            marks.append("bid" if visible else "sealed")
    forbidden = hook_forbidden(r, state.bids) if shown else None
    open_ = state.phase in (TRUMP, PLAY) and not state.trick and not state.done and can_revise(r, state.bids)
    return {
        "mode": cfg.bidding_mode,
        "active": list(r.active),
        "bids": bids,
        "status": marks,
        "revealed": shown,
        "hook_player": r.hook,
        "hook_rule": r.hook_rule,
        "forbidden_bid": forbidden,
        "reviser": r.reviser,
        "revision_open": open_,
        "trump_chooser": r.trump_chooser,
    }


def hide_sealed_amount(out: dict[str, Any], action: Action, viewer: int | None) -> dict[str, Any]:
    """Bids may be sealed (§6.4): another seat's bid is shown without its amount (the view's
    ``bidding.bids`` shows each bid once it is revealed). ``out`` is ``action`` as the base shows it."""
    if action.type == "bid" and viewer is not None and action.seat != viewer:
        out.pop("amount", None)
    return out
