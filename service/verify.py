"""Check a match record offline: ``python -m service.verify RECORD.json``.

The record is what ``GET /v1/matches/{id}/record`` answers. The verifier trusts nothing in it but
the rules (``service.rules``) and the deal construction (``service.matches.deals``, ``docs/deals.md``):

1. every revealed deal seed hashes to the commitment the record shows for it (the commitment every
   view showed while the round was played), and, once the match seed is revealed, each deal seed is
   the one the match seed gives for its index;
2. every revealed deck is the one its seed gives, and each hand is what that deck deals;
3. every action (but those undone) is replayed through the rules, from the first dealer on, dealing
   each round from its deck: each is legal, each round's record (its bids, tricks, points, scores
   ...) is the one the rules give, and so are the final scores and winners.

It prints what it checked and exits 0, or names the first discrepancy and exits 1. A file that is
not a match record (not JSON, another version, a missing field) is refused with exit 2 and a
message saying what is wrong: never a traceback.
"""

from __future__ import annotations

import hmac
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from service.api.i18n import load_for, use_language
from service.api.wire import dumps
from service.matches.deals import commitment, deal_seed, shuffled
from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.errors import RuleError
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, Ruleset

SUPPORTED_VERSION = 1
_FIELDS: dict[str, type | tuple[type, ...]] = {
    "record_version": int, "ruleset": str, "mode": str, "options": dict, "players": list,
    "first_dealer": dict, "status": str, "scores": list, "winners": list, "deals": list, "actions": list,
    "rounds": list, "complete": bool,
}


class NotARecord(ValueError):
    """The file is not a match record this verifier reads."""


class Discrepancy(Exception):
    """The record says something the rules or the deal construction do not."""


def check_shape(record: Any) -> None:
    if not isinstance(record, dict):
        raise NotARecord("a match record is a JSON object")
    version = record.get("record_version")
    if version != SUPPORTED_VERSION:
        raise NotARecord(f"record_version {version!r} is not one this verifier reads ({SUPPORTED_VERSION})")
    for name, kind in _FIELDS.items():
        if name not in record:
            raise NotARecord(f"the record has no {name!r}")
        if not isinstance(record[name], kind) or (kind is int and isinstance(record[name], bool)):
            raise NotARecord(f"{name!r} has the wrong type ({type(record[name]).__name__})")
    if record["ruleset"] not in RULESETS:
        raise NotARecord(f"unknown ruleset {record['ruleset']!r}; this verifier knows {', '.join(sorted(RULESETS))}")
    for i, deal in enumerate(record["deals"]):
        if not isinstance(deal, dict) or not isinstance(deal.get("index"), int):
            raise NotARecord(f"deals[{i}] is not a deal object with an index")
    for i, entry in enumerate(record["actions"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("action"), dict) or "undone" not in entry:
            raise NotARecord(f"actions[{i}] is not an action entry (action, undone)")


def _as_shown(value: Any, language: str) -> Any:
    """``value`` as the service writes it in an answer (messages in the record's language)."""
    with use_language(language):
        return json.loads(dumps(value))


def check_deals(record: Mapping[str, Any], ruleset: Ruleset[Any], said: list[str]) -> dict[int, list[Card]]:
    """Items 1 and 2 of the module docstring; the decks by deal index."""
    master = bytes.fromhex(record["match_seed"]) if isinstance(record.get("match_seed"), str) else None
    decks: dict[int, list[Card]] = {}
    for deal in record["deals"]:
        index = deal["index"]
        seed_hex = deal.get("seed")
        if seed_hex is None:
            continue
        try:
            seed = bytes.fromhex(seed_hex)
        except (TypeError, ValueError):
            raise Discrepancy(f"deal {index}: the seed is not hexadecimal") from None
        if commitment(seed) != deal.get("commitment"):
            shown = deal.get("commitment")
            raise Discrepancy(f"deal {index}: the seed does not hash to the commitment shown ({shown})")
        if master is not None and not hmac.compare_digest(seed, deal_seed(master, index)):
            raise Discrepancy(f"deal {index}: the seed is not the one the match seed gives for deal {index}")
        deck = shuffled(ruleset.deck(), seed)
        if "deck" in deal and deal["deck"] != [c.text for c in deck]:
            raise Discrepancy(f"deal {index}: the deck is not the one its seed gives")
        decks[index] = deck
    said.append(f"{len(decks)} deal(s): seed matches its commitment, deck matches its seed"
                + (", seeds match the match seed" if master is not None else ""))
    return decks


def replay(record: Mapping[str, Any], ruleset: Ruleset[Any], decks: Mapping[int, list[Card]],
           said: list[str], language: str) -> None:
    """Item 3 of the module docstring."""
    players = len(record["players"])
    try:
        options = ruleset.validate_options(record["options"], players)
        state: Any = ruleset.new_match(options, players, record["first_dealer"].get("dealer"), record["mode"])
    except RuleError as err:
        raise Discrepancy(f"the match cannot start as recorded: {err}") from None
    hands = {d["index"]: d.get("hands") for d in record["deals"]}
    dealt = rounds = actions = 0
    for entry in [e for e in record["actions"] if not e["undone"]] + [None]:
        while ruleset.needs_deal(state) and ruleset.status(state) != FINISHED:
            if record["mode"] == "dealt" and dealt not in decks:
                said.append(f"the replay stops before deal {dealt}, which the record does not reveal")
                return _said_replay(said, actions, rounds)
            state = ruleset.deal(state, decks.get(dealt) if record["mode"] == "dealt" else None)
            shown = hands.get(dealt)
            if shown is not None:
                replayed = [ruleset.view(state, seat).get("hand") for seat in range(players)]
                if shown != replayed:
                    raise Discrepancy(f"deal {dealt}: the hands are not the ones its deck deals")
            dealt += 1
        if entry is None:
            break
        try:
            state = ruleset.apply(state, Action.from_json(entry["action"]))
        except RuleError as err:
            raise Discrepancy(f"action {entry.get('seq')}: the rules refuse it: {err}") from None
        actions += 1
        if ruleset.needs_deal(state) or ruleset.status(state) == FINISHED:
            if rounds >= len(record["rounds"]):
                raise Discrepancy(f"round {rounds + 1} finishes in the replay but the record has no round {rounds + 1}")
            expected = _as_shown(ruleset.history(state)[-1], language)
            if record["rounds"][rounds] != expected:
                raise Discrepancy(f"round {rounds + 1}: the record says {_diff(record['rounds'][rounds], expected)}")
            rounds += 1
    if record["complete"]:
        view = ruleset.view(state, None)
        recorded = (record["status"], record["scores"], record["winners"])
        final = (view["status"], view["scores"], view["winners"])
        if recorded != final:
            raise Discrepancy(f"the record ends with status, scores and winners {recorded}; the rules give {final}")
        said.append(f"final status {view['status']}, scores {view['scores']}, winners {view['winners']}")
    return _said_replay(said, actions, rounds)


def _said_replay(said: list[str], actions: int, rounds: int) -> None:
    said.append(f"{actions} action(s) replayed through the rules; {rounds} round record(s) match the rules")


def _diff(recorded: Any, expected: Any) -> str:
    if isinstance(recorded, dict) and isinstance(expected, dict):
        for key in sorted(set(recorded) | set(expected)):
            if recorded.get(key) != expected.get(key):
                return f"{key} = {recorded.get(key)!r}, the rules give {expected.get(key)!r}"
    return f"{recorded!r}, the rules give {expected!r}"


def verify(record: Any) -> list[str]:
    """What was checked; raises NotARecord or Discrepancy."""
    check_shape(record)
    ruleset = RULESETS[record["ruleset"]]
    load_for(RULESETS.values())
    language = record.get("language", "en") if isinstance(record.get("language", "en"), str) else "en"
    said = [f"record of a {record['mode']} {ruleset.id} match, {len(record['players'])} players, "
            f"{len(record['rounds'])} round(s), {len(record['actions'])} action(s)"]
    decks = check_deals(record, ruleset, said)
    replay(record, ruleset, decks, said, language)
    return said


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m service.verify RECORD.json", file=sys.stderr)
        return 2
    try:
        record = json.loads(Path(args[0]).read_text(encoding="utf-8"))
    except OSError as err:
        print(f"cannot read {args[0]}: {err.strerror}", file=sys.stderr)
        return 2
    except ValueError as err:  # JSON or UTF-8
        print(f"{args[0]} is not JSON: {err}", file=sys.stderr)
        return 2
    try:
        said = verify(record)
    except NotARecord as err:
        print(f"{args[0]} is not a match record: {err}", file=sys.stderr)
        return 2
    except Discrepancy as err:
        print(f"DISCREPANCY: {err}")
        return 1
    for line in said:
        print(f"ok: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
