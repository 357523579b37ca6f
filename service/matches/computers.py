"""Computer seats (issue 37): the service acts for them before it answers a request.

After a create or an action, while a computer seat is to act and the match is not over, the
computer of that seat decides (``service.computer.choose``) from its seat's situation alone (its
views of the round and the round's actions as it saw them, ``situation_of``) and the action is
applied like any other, logged as an action event ``by: "computer"`` in the same commit. The
answer is then the caller's view at the next decision of a person (or the end).

Each decision has its own generator, from the match's secret seed and the event's sequence number,
so a match replays the same for the same seed. A computer's action the rules refuse would be a bug
in the computer; the seat then takes its first legal action instead, so a person is never stuck.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import time
from collections.abc import Callable
from typing import Any

from service.computer import choose, situation_of, waits
from service.matches.documents import MatchDocument
from service.matches.events import Decks, action_event, advance, effective, stamp
from service.rules.actions import Action
from service.rules.errors import RuleError
from service.rules.ruleset import FINISHED
from service.store.base import Event

#: the time the computers' searches of one request may take together (each search also has its own
#: bound, ``service.computer.hard``); once it is spent, the request's further computer decisions are
#: the easy policy's (instant), so a person's post is answered within about this and the rest
REQUEST_SEARCH_SECONDS = 0.5
#: the most computer actions one request may take (a whole long match of computers and one person
#: is far fewer between two decisions of the person)
MAX_COMPUTER_ACTIONS = 5000


def computer_rng(seed: bytes | None, seq: int) -> random.Random:
    """The generator of the computer decision logged as event ``seq``."""
    key = seed if seed is not None else b"no seed"
    digest = hmac.new(key, b"computer:%d" % seq, hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def play_computers(
    doc: MatchDocument,
    events: list[dict[str, Any]],
    version: int,
    decks: Decks,
    stored_after: Callable[[int], list[Event]],
    clock: Callable[[], float],
) -> tuple[MatchDocument, list[dict[str, Any]]]:
    """``doc`` (already counting ``events``, the request's events not yet stored) after every
    computer seat has acted while one is to act, and the request's events with theirs added.
    ``stored_after(seq)``: the stored events after ``seq``."""
    computers = doc.computers
    if not computers or doc.mode != "dealt":
        return doc, events
    ruleset = doc.ruleset
    events = list(events)
    first_pending = doc.logged - len(events) + 1
    stored: dict[int, list[Event]] = {}
    bound = time.perf_counter() + REQUEST_SEARCH_SECONDS
    for _ in range(MAX_COMPUTER_ACTIONS):
        state = doc.state
        if ruleset.status(state) == FINISHED or ruleset.needs_deal(state):
            break
        to_act = ruleset.to_act(state)
        seats = [s for s in to_act if computers[s] is not None]
        if not seats or doc.round_start is None:
            break
        start = doc.round_start
        dealt = state if start.state is None else start.decoded(ruleset.state_type)
        if start.seq not in stored:
            stored[start.seq] = stored_after(start.seq) if start.seq < first_pending - 1 else []
        # the round's events, stored and of this request, that still count (an undo of this
        # request takes back stored ones)
        logged = [e for e in stored[start.seq] if e.seq < first_pending]
        pending = [Event(first_pending + i, e) for i, e in enumerate(events) if first_pending + i > start.seq]
        round_events = effective([*logged, *pending])
        actions = [Action.from_json(e.data["action"]) for e in round_events if e.data.get("kind") == "action"]
        ready = [(s, situation_of(ruleset, s, dealt, actions)) for s in seats]
        ready = [(s, situation) for s, situation in ready
                 if situation.legal and not waits(situation, len(to_act) > 1)]
        if not ready:
            break
        seat, situation = ready[0]
        rng = computer_rng(doc.seed, doc.logged + 1)
        action = choose(str(computers[seat]), situation, rng, bound)
        try:
            state = ruleset.apply(state, action)
        except RuleError:
            action = situation.legal[0]
            state = ruleset.apply(state, action)
        state, after, dealt_count = advance(ruleset, state, decks, doc.deals, finished_now=True)
        made = stamp([action_event(action, False, by_computer=True), *after], version)
        doc = doc.committed(state, dealt_count, clock(), made)
        events.extend(made)
    return doc, events
