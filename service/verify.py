"""Check a match record offline: ``python -m service.verify RECORD.json [--commitment SHA]``.

The record is what ``GET /v1/matches/{id}/record`` answers. The verifier trusts nothing in it but
the rules (``service.rules``) and the deal construction (``service.matches.deals``, ``docs/deals.md``):

0. for a record with a seed commitment (``record_version`` 2), once the match seed is revealed: the
   commitment is the one the match seed gives with the record's ruleset, options and players (names
   and order), and the first dealer's draw (when the rules drew one) the one the deal key gives;
   ``--commitment SHA`` (what a player's phone showed during play) must be the record's commitment;
1. every revealed deal seed hashes to the commitment the record shows for it (the commitment every
   view showed while the round was played), and, once the match seed is revealed, each deal seed is
   the one the deal key (the match seed mixed with the seats' entropies) gives for its index;
2. every revealed deck is the one its seed gives, and each hand is what that deck deals;
3. every action (but those undone) is replayed through the rules, from the first dealer on, dealing
   each round from its deck: each is legal and belongs to the deal the record files it under, each
   round's record (its bids, tricks, points, scores ...) is the one the rules give, the record holds
   no round the rules do not finish, and the final scores and winners are the rules' too.

A record of a finished dealt match must reveal everything (the match seed, every deal's seed): a
deal it keeps back is a discrepancy there, since the replay could not check what follows it. A
record taken during the match (a seat's: the finished rounds only) is checked as far as it goes.
A table match deals no cards: its record carries no commitment or seed.

The record's ``refused`` list (the actions the rules refused: they changed nothing) is checked for
its shape only (each entry's seq_after, by, code and action, in the order they were refused) and
plays no part in the replay; a record without it is not a record of this version.

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
from service.matches import codec
from service.matches.deals import (
    StreamRandom,
    commitment,
    deal_key,
    deal_seed,
    first_dealer_seed,
    seed_commitment,
    shuffled,
)
from service.rules.actions import Action
from service.rules.cards import Card
from service.rules.errors import RuleError
from service.rules.facts import is_json_int
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, Ruleset

#: 1: before seed commitments; 2: with ``seed_commitment`` and ``entropies`` (issue 34)
SUPPORTED_VERSIONS = (1, 2)
MODES = ("dealt", "table")
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
    if isinstance(version, bool) or version not in SUPPORTED_VERSIONS:
        shown = ", ".join(map(str, SUPPORTED_VERSIONS))
        raise NotARecord(f"record_version {version!r} is not one this verifier reads ({shown})")
    for name, kind in _FIELDS.items():
        if name not in record:
            raise NotARecord(f"the record has no {name!r}")
        if not isinstance(record[name], kind) or (kind is int and isinstance(record[name], bool)):
            raise NotARecord(f"{name!r} has the wrong type ({type(record[name]).__name__})")
    if record["ruleset"] not in RULESETS:
        raise NotARecord(f"unknown ruleset {record['ruleset']!r}; this verifier knows {', '.join(sorted(RULESETS))}")
    if record["mode"] not in MODES:
        raise NotARecord(f"mode {record['mode']!r} is not one of {', '.join(MODES)}")
    for i, deal in enumerate(record["deals"]):
        if not isinstance(deal, dict) or not is_json_int(deal.get("index")):
            raise NotARecord(f"deals[{i}] is not a deal object with an index")
        if deal["index"] != i:
            raise NotARecord(f"deals[{i}] has the index {deal['index']}: the deals are listed in order from 0")
    _check_refused(record.get("refused", _MISSING), len(record["players"]))
    if version >= 2:
        _check_commitment_shape(record)
    seq = 0
    for i, entry in enumerate(record["actions"]):
        if (not isinstance(entry, dict) or not isinstance(entry.get("action"), dict)
                or not isinstance(entry.get("undone"), bool) or not is_json_int(entry.get("seq"))
                or entry.get("by") not in ("referee", "seat", "computer")):
            raise NotARecord(f"actions[{i}] is not an action entry (seq, by, action, undone)")
        if entry["seq"] <= seq:
            raise NotARecord(f"actions[{i}]: the actions are not in the order they were posted (seq {entry['seq']})")
        seq = entry["seq"]


_MISSING = object()


def _check_commitment_shape(record: Mapping[str, Any]) -> None:
    """A record of version 2 has ``seed_commitment`` (64 hex digits, or null) and ``entropies`` (one
    string or null per seat, or null), both present."""
    for name in ("seed_commitment", "entropies"):
        if name not in record:
            raise NotARecord(f"the record has no {name!r}")
    shown = record["seed_commitment"]
    if shown is not None and (not isinstance(shown, str) or len(shown) != 64
                              or any(ch not in "0123456789abcdef" for ch in shown)):
        raise NotARecord("'seed_commitment' is not 64 lower-case hexadecimal digits")
    entropies = record["entropies"]
    if entropies is not None and (not isinstance(entropies, list) or len(entropies) != len(record["players"])
                                  or not all(e is None or isinstance(e, str) for e in entropies)):
        raise NotARecord("'entropies' is not one string (or null) per seat")
    if shown is not None and entropies is None:
        raise NotARecord("the record has a seed commitment but no 'entropies'")


def _check_refused(refused: Any, players: int) -> None:
    """The ``refused`` list's shape: entries {seq_after, by, code, action (an object or null), deal,
    at}, seq_after never going back."""
    if refused is _MISSING:
        raise NotARecord("the record has no 'refused'")
    if not isinstance(refused, list):
        raise NotARecord(f"'refused' has the wrong type ({type(refused).__name__})")
    seq = 0
    for i, entry in enumerate(refused):
        if (not isinstance(entry, dict) or not is_json_int(entry.get("seq_after")) or entry["seq_after"] < 0
                or not (entry.get("by") == "referee" or (is_json_int(entry.get("by")) and 0 <= entry["by"] < players))
                or not isinstance(entry.get("code"), str) or not entry["code"]
                or not (entry.get("action") is None or isinstance(entry.get("action"), dict))
                or not (entry.get("deal") is None or (is_json_int(entry.get("deal")) and entry["deal"] >= 0))
                or not (entry.get("at") is None or isinstance(entry.get("at"), str))):
            raise NotARecord(f"refused[{i}] is not a refusal entry (seq_after, by, code, action)")
        if entry["seq_after"] < seq:
            raise NotARecord(f"refused[{i}]: the refusals are not in the order they were made "
                             f"(seq_after {entry['seq_after']})")
        seq = entry["seq_after"]


def _seed(value: Any, what: str) -> bytes:
    """A seed as the record writes it (64 hex digits), or Discrepancy."""
    if not isinstance(value, str) or len(value) != 64:
        raise Discrepancy(f"{what} is not 64 hexadecimal digits")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise Discrepancy(f"{what} is not 64 hexadecimal digits") from None


def _finished(record: Mapping[str, Any]) -> bool:
    return record["status"] == FINISHED


def _as_shown(value: Any, language: str) -> Any:
    """``value`` as the service writes it in an answer (messages in the record's language)."""
    with use_language(language):
        return json.loads(dumps(value))


def check_deals(record: Mapping[str, Any], ruleset: Ruleset[Any], said: list[str]) -> dict[int, list[Card]]:
    """Items 1 and 2 of the module docstring; the decks by deal index."""
    if record["mode"] == "table":
        for deal in record["deals"]:
            if any(key in deal for key in ("commitment", "seed", "deck")):
                raise Discrepancy(f"deal {deal['index']}: a table match deals no cards, yet the record gives "
                                  "it a commitment, a seed or a deck")
        if "match_seed" in record:
            raise Discrepancy("a table match has no match seed, yet the record gives one")
        if record.get("seed_commitment") is not None or any(e is not None for e in record.get("entropies") or ()):
            raise Discrepancy("a table match has no seed commitment or entropies, yet the record gives them")
        said.append(f"{len(record['deals'])} deal(s) at the table: no cards dealt by the service")
        return {}
    master = None
    if "match_seed" in record:
        master = _seed(record["match_seed"], "the match seed")
    elif _finished(record):
        raise Discrepancy("the match is finished but the record does not reveal the match seed")
    master = _committed_key(record, ruleset, master, said)
    committed = record.get("seed_commitment") is not None
    decks: dict[int, list[Card]] = {}
    for deal in record["deals"]:
        index = deal["index"]
        shown = deal.get("commitment")
        if not isinstance(shown, str):
            raise Discrepancy(f"deal {index}: the record shows no commitment for it")
        if "seed" not in deal:
            if _finished(record):
                raise Discrepancy(f"deal {index}: the match is finished but the record does not reveal its seed")
            if master is not None and commitment(deal_seed(master, index)) != shown:
                raise Discrepancy(f"deal {index}: the commitment is not the one the match seed"
                                  f"{_AND_ENTROPIES[committed]}")
            continue
        seed = _seed(deal["seed"], f"deal {index}: the seed")
        if commitment(seed) != shown:
            raise Discrepancy(f"deal {index}: the seed does not hash to the commitment shown ({shown})")
        if master is not None and not hmac.compare_digest(seed, deal_seed(master, index)):
            raise Discrepancy(f"deal {index}: the seed is not the one the match seed{_AND_ENTROPIES[committed]} "
                              f"for deal {index}")
        deck = shuffled(ruleset.deck(), seed)
        if "deck" in deal and deal["deck"] != [c.text for c in deck]:
            raise Discrepancy(f"deal {index}: the deck is not the one its seed gives")
        decks[index] = deck
    said.append(f"{len(decks)} deal(s): seed matches its commitment, deck matches its seed"
                + (", seeds match the match seed" if master is not None else ""))
    return decks


_AND_ENTROPIES = {True: " and the seats' entropies give", False: " gives"}


def _committed_key(
    record: Mapping[str, Any], ruleset: Ruleset[Any], master: bytes | None, said: list[str]
) -> bytes | None:
    """The key the deals come from: for a record with a seed commitment, the match seed (once
    revealed) must be the one committed to with this ruleset, these options and these players, and
    the deal key mixes it with the seats' entropies (``docs/deals.md``); the first dealer's draw, when
    the rules drew it, must be the one that key gives. Without a commitment: the match seed itself."""
    shown = record.get("seed_commitment")
    if shown is None:
        if master is not None:
            said.append("no seed commitment (a match made before them): the players and options are not bound")
        return master
    if master is None:
        said.append(f"seed commitment {shown}: not checked yet (the match seed is revealed once the match is over)")
        return None
    expected = seed_commitment(master, record["ruleset"], record["options"], record["players"])
    if not hmac.compare_digest(expected, shown):
        raise Discrepancy("the seed commitment is not the one the match seed gives with this record's ruleset, "
                          "options and players: the players (their names or their order), the options or the "
                          "ruleset are not the ones committed to before the match, or the match seed is not")
    entropies = record.get("entropies")
    if (not isinstance(entropies, list) or len(entropies) != len(record["players"])
            or any(e is not None and not isinstance(e, str) for e in entropies)):
        raise Discrepancy("the record has a seed commitment but not an entropy (or null) for each seat")
    key = deal_key(master, entropies)
    drawn = record["first_dealer"]
    if not isinstance(drawn, dict) or drawn.get("method") != "given":
        players = len(record["players"])
        try:
            options = ruleset.validate_options(record["options"], players)
            _, first = ruleset.first_dealer(options, players, StreamRandom(first_dealer_seed(key)))
        except RuleError as err:
            raise Discrepancy(f"the first dealer cannot be drawn as recorded: {err}") from None
        if not _same(drawn, json.loads(json.dumps(codec.encode(first)))):
            raise Discrepancy("the first dealer's draw is not the one the match seed and the seats' entropies give")
        said.append("the first dealer's draw is the one the match seed and the entropies give")
    said.append(f"seed commitment {shown} matches the match seed, ruleset, options and players "
                f"(names and order); {sum(e is not None for e in entropies)} seat entropy(ies) mixed in")
    return key


def replay(record: Mapping[str, Any], ruleset: Ruleset[Any], decks: Mapping[int, list[Card]],
           said: list[str], language: str) -> None:
    """Item 3 of the module docstring."""
    players = len(record["players"])
    dealer = record["first_dealer"].get("dealer")
    if not is_json_int(dealer):
        raise NotARecord("'first_dealer' names no dealer seat")
    try:
        options = ruleset.validate_options(record["options"], players)
        state: Any = ruleset.new_match(options, players, dealer, record["mode"])
    except RuleError as err:
        raise Discrepancy(f"the match cannot start as recorded: {err}") from None
    hands = {d["index"]: d.get("hands") for d in record["deals"]}
    finished_rounds = _Rounds(record["rounds"], language)
    dealt = actions = 0
    for entry in [e for e in record["actions"] if not e["undone"]] + [None]:
        while ruleset.needs_deal(state) and ruleset.status(state) != FINISHED:
            if record["mode"] == "dealt" and dealt not in decks:
                return _stopped(record, said, dealt, actions, finished_rounds)
            state = ruleset.deal(state, decks.get(dealt) if record["mode"] == "dealt" else None)
            shown = hands.get(dealt)
            if shown is not None:
                replayed = [ruleset.view(state, seat).get("hand") for seat in range(players)]
                if not _same(shown, replayed):
                    raise Discrepancy(f"deal {dealt}: the hands are not the ones its deck deals")
            dealt += 1
        if entry is None:
            break
        seq = entry.get("seq")
        if ruleset.status(state) == FINISHED:
            raise Discrepancy(f"action {seq}: the match is over by then")
        if entry.get("deal") != (dealt - 1 if dealt else None):
            raise Discrepancy(f"action {seq}: the record files it under deal {entry.get('deal')}, "
                              f"but it is played in deal {dealt - 1 if dealt else None}")
        try:
            state = ruleset.apply(state, Action.from_json(entry["action"]))
        except RuleError as err:
            raise Discrepancy(f"action {seq}: the rules refuse it: {err}") from None
        actions += 1
        if ruleset.needs_deal(state) or ruleset.status(state) == FINISHED:
            finished_rounds.finish(ruleset.history(state)[-1])
    finished_rounds.check("which the rules do not finish")
    # a record that says the match is over, or holds everything, or whose actions end it, ends as the
    # rules end it
    if record["complete"] or _finished(record) or ruleset.status(state) == FINISHED:
        view = ruleset.view(state, None)
        recorded = (record["status"], record["scores"], record["winners"])
        final = (view["status"], view["scores"], view["winners"])
        if not _same(recorded, final):
            raise Discrepancy(f"the record ends with status, scores and winners {recorded}; the rules give {final}")
        said.append(f"final status {view['status']}, scores {view['scores']}, winners {view['winners']}")
    return _said_replay(said, actions, len(finished_rounds.replayed))


class _Rounds:
    """The round records the replay finishes, filed as the service files them: a round finished again
    (its revokes settled, ``service.rules.settlement``) takes its earlier record's place, a record
    being the same round as an earlier one with the same number (``round`` or ``number``)."""

    def __init__(self, recorded: list[Any], language: str) -> None:
        self.recorded, self.language = recorded, language
        self.replayed: list[Any] = []
        self._at: dict[int, int] = {}

    def finish(self, record: Any) -> None:
        shown = _as_shown(record, self.language)
        number = shown.get("round", shown.get("number")) if isinstance(shown, dict) else None
        if isinstance(number, int) and number in self._at:
            self.replayed[self._at[number]] = shown
            return
        if isinstance(number, int):
            self._at[number] = len(self.replayed)
        self.replayed.append(shown)
        if len(self.replayed) > len(self.recorded):
            n = len(self.replayed)
            raise Discrepancy(f"round {n} finishes in the replay but the record has no round {n}")

    def check(self, missing: str) -> None:
        """Every recorded round is the one the replay finished; ``missing`` ends the message for a
        recorded round the replay did not reach."""
        for i, (recorded, expected) in enumerate(zip(self.recorded, self.replayed, strict=False)):
            if not _same(recorded, expected):
                raise Discrepancy(f"round {i + 1}: the record says {_diff(recorded, expected)}")
        if len(self.recorded) > len(self.replayed):
            raise Discrepancy(f"the record has round {len(self.replayed) + 1}, {missing}")


def _stopped(record: Mapping[str, Any], said: list[str], deal: int, actions: int, rounds: _Rounds) -> None:
    """The replay needs deal ``deal``, which the record does not reveal: fine for a record taken during
    the match once every round it holds is checked; a discrepancy for a finished match."""
    if _finished(record):
        raise Discrepancy(f"the match is finished but the record does not reveal deal {deal}, which its actions need")
    rounds.check(f"but not the deal it was played in (deal {deal})")
    said.append(f"the replay stops before deal {deal}, which the record does not reveal yet")
    return _said_replay(said, actions, len(rounds.replayed))


def _said_replay(said: list[str], actions: int, rounds: int) -> None:
    said.append(f"{actions} action(s) replayed through the rules; {rounds} round record(s) match the rules")


def _same(recorded: Any, expected: Any) -> bool:
    """Equal as JSON: ``true`` is not ``1``, nor ``1.0`` ``1`` (Python's ``==`` says they are)."""
    return json.dumps(recorded, sort_keys=True) == json.dumps(expected, sort_keys=True)


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
            f"{len(record['rounds'])} round(s), {len(record['actions'])} action(s), "
            f"{len(record['refused'])} refused action(s) (not replayed)"]
    decks = check_deals(record, ruleset, said)
    replay(record, ruleset, decks, said, language)
    return said


USAGE = "usage: python -m service.verify RECORD.json [--commitment SHA]"


def _arguments(args: list[str]) -> tuple[str, str | None] | None:
    """The record's path and the commitment a player saw (``--commitment SHA`` or ``--commitment=SHA``),
    or None for arguments that are not these."""
    path: str | None = None
    seen: str | None = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--commitment" and i + 1 < len(args) and seen is None:
            seen, i = args[i + 1], i + 2
            continue
        if arg.startswith("--commitment=") and seen is None:
            seen = arg.partition("=")[2]
        elif arg.startswith("--") or path is not None:
            return None
        else:
            path = arg
        i += 1
    return None if path is None else (path, seen)


def check_seen(record: Mapping[str, Any], seen: str) -> str:
    """The record is of the match whose seed commitment a player saw (``seen``, as the phone shows it)."""
    wanted = seen.strip().lower()
    shown = record.get("seed_commitment")
    if shown is None or record.get("mode") != "dealt":
        raise Discrepancy(f"the record carries no seed commitment of a dealt match, so it is not of the match "
                          f"committed to {wanted}")
    if not hmac.compare_digest(str(shown).encode(), wanted.encode()):
        raise Discrepancy(f"the record's seed commitment {shown} is not the one seen during play ({wanted})")
    return f"the record's seed commitment is the one seen during play ({wanted})"


def main(argv: Sequence[str] | None = None) -> int:
    parsed = _arguments(list(sys.argv[1:] if argv is None else argv))
    if parsed is None:
        print(USAGE, file=sys.stderr)
        return 2
    path, seen = parsed
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        print(f"cannot read {path}: {err.strerror}", file=sys.stderr)
        return 2
    except ValueError as err:  # JSON or UTF-8
        print(f"{path} is not JSON: {err}", file=sys.stderr)
        return 2
    try:
        check_shape(record)
        first = [] if seen is None else [check_seen(record, seen)]  # what the player saw, before all
        said = verify(record)
        said[1:1] = first
    except NotARecord as err:
        print(f"{path} is not a match record: {err}", file=sys.stderr)
        return 2
    except Discrepancy as err:
        print(f"DISCREPANCY: {err}")
        return 1
    for line in said:
        print(f"ok: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
