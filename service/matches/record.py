"""The match record: the whole match as one document, to keep, print or check.

``build_record`` reads a match's document and events and gives (JSON-ready, but for messages):

* what was played: the ruleset, its options, the mode, the players, the first dealer and how it
  was chosen (for a match whose seats were claimed, as its start drew it);
* the **seed commitment** every view showed (binding the match seed, the ruleset, the options and
  the players) and each seat's **entropy** (null: none), from which with the match seed every deal
  key follows (``docs/deals.md``);
* every **deal**: its index, its commitment (dealt mode), and, once its round is over, the deal's
  seed, its deck (top first) and each seat's hand as dealt;
* every **action** with its sequence number, the version it made, who posted it (the referee or
  the seat), the action itself, the deal it belongs to and whether it was undone;
* every **refused** action (the refusal log, ``service.matches.refusals``): who posted it, what,
  the refusal's code, the last event seq when it was refused and the deal it was made in;
* each finished **round**'s record (as ``/rounds`` gives it), the match's status, scores and winners,
  and, once the match is over, the **match seed** every deal came from.

What a caller may see: everything so far, when it may see every hand (the referee of a table match,
or of a dealt match created with ``referee_sees_hands``); otherwise (a seat, a spectator, the referee
of a dealt match) only the finished rounds: their deals, hands and actions. Once the match is
finished, everything. Refused actions are all listed; those of another seat without their cards
until their round is over (a refused play names a card of that seat's hand), unless the caller sees
every hand (in a table match everyone does). ``service/verify.py`` checks a record offline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.matches.deals import commitment, deal_seed
from service.matches.documents import MatchDocument
from service.matches.events import effective, replay, round_records, undone_seqs
from service.matches.refusals import shown as shown_refusals
from service.rules.cards import Card
from service.rules.ruleset import FINISHED
from service.store.base import Event

#: 2: the seed commitment and the seats' entropies (issue 34); 1: before them
RECORD_VERSION = 2


def build_record(
    doc: MatchDocument,
    events: Sequence[Event],
    version: int,
    *,
    sees_all: bool,
    refusals: Sequence[Mapping[str, Any]] = (),
    viewer: int | None = None,
) -> dict[str, Any]:
    """The record of the match at ``version`` (see the module docstring); ``sees_all``: the caller may
    see every hand of the rounds in play; ``refusals``: the match's refusal log; ``viewer``: the
    caller's seat (None: the referee or a spectator)."""
    upto = [e for e in events if e.data.get("version", 0) <= version]
    live = effective(upto)
    undone = undone_seqs(upto)
    created = next(e.data for e in upto if e.data.get("kind") == "create")
    started = next((e.data for e in upto if e.data.get("kind") == "start"), None)
    rounds = round_records(live)
    dealt = _deals(doc, live)
    finished = doc.ruleset.status(doc.state) == FINISHED
    # deal i is over once a later deal follows it (its round finished, or a settled revoke dealt its
    # round again, service.rules.settlement), or the match is over
    over = len(dealt) if finished else max(len(dealt) - 1, 0)
    shown = len(dealt) if (sees_all or finished) else over
    deals_out = [_deal_json(doc, d, revealed=d["index"] < over) for d in dealt[:shown]]
    all_actions, deal_at = _actions(upto, undone)
    actions = [a for a in all_actions if a["deal"] is None or a["deal"] < shown]
    refused = shown_refusals(
        refusals, deal_at, viewer=viewer, sees_all=sees_all or finished or doc.mode == "table", over=over,
        last_seq=upto[-1].seq if upto else 0,
    )
    view = doc.ruleset.view(doc.state, None)  # its header: status, scores and winners are public
    out: dict[str, Any] = {
        "record_version": RECORD_VERSION,
        "match_version": version,
        "ruleset": doc.ruleset.id,
        "mode": doc.mode,
        "options": created.get("options"),
        "players": list(doc.players),
        # (a match waiting for its seats has drawn no first dealer yet)
        "first_dealer": (started or created).get("first_dealer") or {"method": "pending", "dealer": None},
        "status": view["status"],
        "scores": view["scores"],
        "winners": view["winners"],
        "deals": deals_out,
        "actions": actions,
        "refused": refused,
        "rounds": rounds,
        "complete": finished or sees_all,
        "seed_commitment": doc.seed_commitment,
        "entropies": None if doc.entropies is None else list(doc.entropies),
    }
    if finished and doc.seed is not None:
        out["match_seed"] = doc.seed.hex()
    return out


def _deals(doc: MatchDocument, live: Sequence[Event]) -> list[dict[str, Any]]:
    """Each deal of the effective history with its deck and the hands it gave (by replaying it)."""
    out: list[dict[str, Any]] = []

    def dealt(index: int, deck: Sequence[Card] | None, state: Any) -> None:
        hands = [doc.ruleset.view(state, seat).get("hand") for seat in range(len(doc.players))]
        out.append({"index": index, "deck": None if deck is None else list(deck), "hands": hands})

    replay(doc.ruleset, live, doc.deal_key, on_deal=dealt)
    return out


def _deal_json(doc: MatchDocument, deal: Mapping[str, Any], *, revealed: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"index": deal["index"]}
    key = doc.deal_key
    if key is not None:
        seed = deal_seed(key, deal["index"])
        out["commitment"] = commitment(seed)
        if revealed:
            out["seed"] = seed.hex()
    if revealed and deal["deck"] is not None:
        out["deck"] = [c.text for c in deal["deck"]]
        out["hands"] = deal["hands"]
    return out


def _actions(events: Sequence[Event], undone: set[int]) -> tuple[list[dict[str, Any]], dict[int, int | None]]:
    """Every action posted, undone or not, with the deal it was posted in (None: before any deal);
    and for each seq (0 too) the deal in play just after that event. An undo takes the match back to
    just before the first event it undid: the deal in play then is the deal in play again (an undo
    across a round boundary returns to the earlier deal)."""
    out: list[dict[str, Any]] = []
    deal: int | None = None
    before: dict[int, int | None] = {}  # seq -> the deal in play just before that event
    after: dict[int, int | None] = {0: None}
    for e in events:
        data = e.data
        kind = data.get("kind")
        before[e.seq] = deal
        if kind == "undo":
            taken = [s for s in data.get("undone", ()) if s in before]
            if taken:
                deal = before[min(taken)]
        elif kind == "deal":
            deal = data.get("index", 0 if deal is None else deal + 1)
        elif kind == "action":
            out.append({
                "seq": e.seq,
                "version": data.get("version"),
                "by": data.get("by"),
                "action": data["action"],
                "deal": deal,
                "undone": e.seq in undone,
            })
        after[e.seq] = deal
    return out, after
