"""The match record and its offline verifier (issue 16 items 3-5): a dealt match of every ruleset
played to the end through the HTTP API has a record the verifier accepts; every tampered copy is
rejected; a seat asking during the match gets the finished rounds only; a file that is not a
record is refused with a message, never a traceback."""

from __future__ import annotations

import copy
import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from service.matches.deals import commitment, seed_commitment
from service.rules.registry import RULESETS
from service.verify import main as verify_main
from tests.api.match_driver import FlaskHttp, Match, create, play_match, step
from tests.fifth_game import with_the_fifth
from tests.matches.test_deals import http
from tests.profiles import profile

__all__ = ["http"]
ROOT = Path(__file__).resolve().parents[2]


def _finished(http: FlaskHttp, ruleset: str, mode: str = "dealt", **extra: Any) -> Match:
    match, _ = create(http, ruleset, mode, profile(ruleset).usual_players, options=profile(ruleset).short, **extra)
    play_match(http, match, random.Random(f"record-{ruleset}-{mode}"))
    return match


def _verify(tmp_path: Path, record: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record) if not isinstance(record, str) else record, encoding="utf-8")
    code = verify_main([str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("ruleset_id", with_the_fifth(), indirect=True)
def test_a_finished_dealt_match_has_a_record_the_verifier_accepts(
    http: FlaskHttp, ruleset_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ruleset = ruleset_id
    match = _finished(http, ruleset)
    record = http.get(f"{match.path}/record", match.seats[0]).body
    assert record["status"] == "finished" and record["complete"] and record["match_seed"]
    assert len(record["deals"]) == len(record["rounds"]) > 0
    view = http.get(match.path, match.seats[0]).body
    assert record["deals"][-1]["commitment"] == view["deal_commitment"]
    for deal in record["deals"]:
        assert commitment(bytes.fromhex(deal["seed"])) == deal["commitment"]
        assert len(deal["deck"]) == len(RULESETS[ruleset].deck())
        assert len(deal["hands"]) == profile(ruleset).usual_players
    assert record["rounds"] == http.get(f"{match.path}/rounds", match.referee).body["rounds"]
    code, said = _verify(tmp_path, record, capsys)
    assert code == 0, said
    assert "ok:" in said and "replayed" in said

    # each kind of tampering is caught
    for tamper, expected in _tamperings(record):
        code, said = _verify(tmp_path, tamper, capsys)
        assert code == 1 and "DISCREPANCY" in said and expected in said, (expected, said)


def _tamperings(record: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    out = []
    card = copy.deepcopy(record)
    deck = card["deals"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]  # a card in a deal
    out.append((card, "deck"))
    score = copy.deepcopy(record)
    last = score["rounds"][-1]
    key = "scores" if "scores" in last else "pips"
    last[key] = [v + 5 for v in last[key]]  # a score
    out.append((score, "round"))
    seed = copy.deepcopy(record)
    seed["deals"][0]["seed"] = "00" * 32  # a seed
    out.append((seed, "commitment"))
    master = copy.deepcopy(record)
    master["match_seed"] = "11" * 32
    out.append((master, "match seed"))
    final = copy.deepcopy(record)
    final["winners"] = [w + 1 for w in final["winners"]] or [0]
    out.append((final, "winners"))
    hand = copy.deepcopy(record)  # a card of one hand swapped with another seat's, the deck left as it was
    hands = hand["deals"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    out.append((hand, "hands"))
    kept = copy.deepcopy(record)  # a finished match that keeps a deal back: nothing after it could be checked
    del kept["deals"][-1]["seed"]
    out.append((kept, "does not reveal its seed"))
    dropped = copy.deepcopy(record)
    del dropped["deals"][-1]
    out.append((dropped, "does not reveal deal"))
    unrevealed = copy.deepcopy(record)
    del unrevealed["match_seed"]
    out.append((unrevealed, "match seed"))
    extra = copy.deepcopy(record)  # a round more than the rules play
    extra["rounds"].append(copy.deepcopy(extra["rounds"][-1]))
    out.append((extra, "round"))
    table = copy.deepcopy(record)  # the same actions as if reported at a table
    table["mode"] = "table"
    out.append((table, "table match"))
    undone = copy.deepcopy(record)  # the last action taken back
    next(a for a in reversed(undone["actions"]) if not a["undone"])["undone"] = True
    out.append((undone, "round"))
    moved = copy.deepcopy(record)  # an action filed under another deal
    entry = next(a for a in moved["actions"] if not a["undone"] and a["deal"] == 0)
    entry["deal"] = 1
    out.append((moved, "files it under deal 1"))
    return out


def test_a_longer_match_tampered_with_its_options_is_rejected(
    http: FlaskHttp, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record of a match to 25 claimed to be one to a score nobody reached: the replay is not over
    where the record ends, and the record reveals no deal to play on with (it used to stop there and
    answer ok)."""
    match = _finished(http, "forty_fives")
    record = http.get(f"{match.path}/record", match.seats[0]).body
    assert record["options"]["target_score"] == 25
    record["options"]["target_score"] = max(record["scores"]) + 5
    code, said = _verify(tmp_path, record, capsys)
    assert code == 1 and "seed commitment is not the one" in said, said  # the options are committed to
    # a forger who recomputes the commitment from the revealed seed: the replay still finds the record short
    record["seed_commitment"] = seed_commitment(bytes.fromhex(record["match_seed"]), record["ruleset"],
                                                record["options"], record["players"])
    code, said = _verify(tmp_path, record, capsys)
    assert code == 1 and "does not reveal deal" in said, said


@pytest.mark.slow
def test_the_commitment_every_view_showed_is_the_one_of_the_seed_revealed(http: FlaskHttp) -> None:
    """For every ruleset: each deal's commitment as the views showed it while it was played (seats,
    referee and spectator alike) is the SHA-256 of the seed its record reveals once its round is over."""
    for ruleset in RULESETS:
        match, created = create(http, ruleset, "dealt", profile(ruleset).usual_players, options=profile(ruleset).short)
        spectator = created.body["spectator_token"]
        shown = [created.body["view"]["deal_commitment"]]
        revealed: dict[int, str] = {}

        def seen(answer: Any, match: Match = match, spectator: str = spectator, shown: list[str] = shown,
                 revealed: dict[int, str] = revealed) -> None:
            body = answer.body
            if not isinstance(body, dict) or "deal_commitment" not in body:
                return
            if body["deal_commitment"] != shown[-1]:
                shown.append(body["deal_commitment"])
                # a new deal: the deal before it is over, and a seat's record reveals its seed now
                seats = http.get(f"{match.path}/record", match.seats[0]).body
                revealed.update({d["index"]: d["seed"] for d in seats["deals"] if "seed" in d})
                assert "match_seed" not in seats or seats["status"] == "finished"
            for token in (match.referee, *match.seats):
                assert http.get(match.path, token).body["deal_commitment"] == shown[-1]
            watched = http.get(match.path, spectator)
            assert (watched.status == 200 and watched.body["deal_commitment"] == shown[-1]) or (
                watched.status == 422 and watched.body["code"] == "spectator_unsupported"), watched.body

        play_match(http, match, random.Random(f"shown-{ruleset}"), seen)
        record = http.get(f"{match.path}/record", match.seats[0]).body
        assert [d["commitment"] for d in record["deals"]] == shown, ruleset
        assert all(commitment(bytes.fromhex(d["seed"])) == d["commitment"] for d in record["deals"])
        assert all(record["deals"][i]["seed"] == seed for i, seed in revealed.items())
        assert set(revealed) == set(range(len(shown) - 1)), ruleset  # every deal but the last, during the match


def _mutations(value: Any, path: tuple[Any, ...] = ()) -> Any:
    """(path, new value or DELETE) for every field down to depth 3 (a list's first element only)."""
    if path:
        yield path, DELETE
        for bad in (None, -1, 2**70, 1.5, True, "x", "", [], {}, ["x"], {"a": 1}):
            if value != bad or type(value) is not type(bad):
                yield path, bad
    if len(path) < 3:
        if isinstance(value, dict):
            for key, inner in value.items():
                yield from _mutations(inner, (*path, key))
        elif isinstance(value, list) and value:
            yield from _mutations(value[0], (*path, 0))


DELETE = object()


def test_a_broken_record_gets_a_message_never_a_traceback(
    http: FlaskHttp, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every field of a record, down to a deal's, an action's and a round's own, taken out or given a
    value of another kind: the verifier answers 1 (a discrepancy) or 2 (not a record), or 0 where the
    field is one it does not rely on (names, versions, the first dealer's draws), and never raises."""
    match = _finished(http, "forty_fives")
    record = http.get(f"{match.path}/record", match.seats[0]).body
    accepted = set()
    for path, bad in _mutations(record):
        broken = copy.deepcopy(record)
        holder = broken
        for key in path[:-1]:
            holder = holder[key]
        if bad is DELETE:
            del holder[path[-1]]
        else:
            holder[path[-1]] = bad
        code, said = _verify(tmp_path, broken, capsys)
        assert code in (0, 1, 2) and "Traceback" not in said, (path, bad, said)
        if code == 0:
            accepted.add(path[:2] if path[0] in ("deals", "actions", "players", "first_dealer") else path[:1])
    # what may change without changing what the record proves
    assert accepted <= {("match_version",), ("language",), ("players", 0), ("first_dealer", "method"),
                        ("first_dealer", "draws"), ("actions", 0), ("deals", 0), ("options",)}, accepted


def test_a_seat_during_the_match_gets_the_finished_rounds_only(http: FlaskHttp) -> None:
    match, _ = create(http, "forty_fives", "dealt", 3, options={"target_score": 45})
    rng = random.Random(2)
    while len(http.get(f"{match.path}/rounds", match.referee).body["rounds"]) < 1:
        step(http, match, rng)
    step(http, match, rng)  # one action into round 2
    for token in (*match.seats, match.referee):  # the referee of a dealt match does not see the hands
        record = http.get(f"{match.path}/record", token).body
        assert not record["complete"] and "match_seed" not in record
        assert [d["index"] for d in record["deals"]] == [0]
        assert "seed" in record["deals"][0] and "hands" in record["deals"][0]
        assert all(a["deal"] == 0 for a in record["actions"])
    sees = create(http, "forty_fives", "dealt", 3, referee_sees_hands=True)[0]
    full = http.get(f"{sees.path}/record", sees.referee).body
    assert full["complete"] and [d["index"] for d in full["deals"]] == [0]
    assert "seed" not in full["deals"][0] and "hands" not in full["deals"][0]  # revealed when its round is over


def test_the_record_as_text_and_csv(http: FlaskHttp) -> None:
    match = _finished(http, "boerenbridge")
    text = http.client.get(f"{match.path}/record?format=text", headers={"Authorization": f"Bearer {match.referee}"})
    assert text.status_code == 200 and text.mimetype == "text/plain"
    body = text.get_data(as_text=True)
    assert "Match record: Boerenbridge, dealt by the service" in body and "Deal 1" in body
    assert "shuffle key of the match" in body
    sheet = http.client.get(f"{match.path}/record?format=csv", headers={"Authorization": f"Bearer {match.referee}"})
    assert sheet.status_code == 200 and sheet.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(sheet.get_data(as_text=True))))
    record = http.get(f"{match.path}/record", match.referee).body
    assert rows[0][:2] == ["round", "dealer"] and "P0: bids" in rows[0] and "P0: scores" in rows[0]
    assert len(rows) == 1 + len(record["rounds"])
    running = rows[-1][rows[0].index("P0: scores")]
    assert int(running) == record["scores"][0]
    bad = http.get(f"{match.path}/record?format=pdf", match.referee)
    assert bad.status == 400 and bad.body["code"] == "invalid_format"


def test_a_table_match_record_verifies(http: FlaskHttp, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = _finished(http, "forty_fives", "table")
    record = http.get(f"{match.path}/record", match.referee).body
    assert record["complete"] and "match_seed" not in record and all("seed" not in d for d in record["deals"])
    code, said = _verify(tmp_path, record, capsys)
    assert code == 0, said


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("not json", "is not JSON"),
        ("[1, 2]", "JSON object"),
        (json.dumps({"record_version": 9}), "record_version 9"),
        (json.dumps({"record_version": 1, "ruleset": "forty_fives"}), "has no 'mode'"),
        (json.dumps({"record_version": 1, "ruleset": "chess", "mode": "dealt", "options": {}, "players": [],
                     "first_dealer": {}, "status": "", "scores": [], "winners": [], "deals": [], "actions": [],
                     "rounds": [], "complete": True}), "unknown ruleset"),
    ],
)
def test_what_is_not_a_record_is_refused_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, says: str
) -> None:
    code, said = _verify(tmp_path, content, capsys)
    assert code == 2 and says in said and "Traceback" not in said


def test_the_verifier_runs_as_a_module(http: FlaskHttp, tmp_path: Path) -> None:
    def run(record: Any) -> subprocess.CompletedProcess[str]:
        path = tmp_path / "r.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        return subprocess.run([sys.executable, "-m", "service.verify", str(path)], cwd=ROOT, capture_output=True,
                              text=True, check=False)

    refused = run({})
    assert refused.returncode == 2 and "not a match record" in refused.stderr and "Traceback" not in refused.stderr
    match = _finished(http, "avinas")
    record = http.get(f"{match.path}/record", match.seats[1]).body
    accepted = run(record)
    assert accepted.returncode == 0 and accepted.stdout.startswith("ok: record of a dealt avinas match"), accepted
    record["actions"][-1]["undone"] = True
    rejected = run(record)
    assert rejected.returncode == 1 and rejected.stdout.startswith("DISCREPANCY: "), rejected


@pytest.mark.parametrize("ruleset_id", with_the_fifth(), indirect=True)
def test_every_ruleset_prints_its_score_sheet_and_record(http: FlaskHttp, ruleset_id: str) -> None:
    """?format=csv: a row a finished round (its number, dealer, each seat's or team's numbers), the
    running score of the last row being the final score; ?format=text: the sheet, then each deal with
    its commitment, seed, hands and every action, and the match seed."""
    match = _finished(http, ruleset_id)
    record = http.get(f"{match.path}/record", match.seats[0]).body
    auth = {"Authorization": f"Bearer {match.seats[0]}"}
    sheet = http.client.get(f"{match.path}/record?format=csv", headers=auth)
    assert sheet.status_code == 200 and sheet.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(sheet.get_data(as_text=True))))
    assert rows[0][:2] == ["round", "dealer"] and len(rows) == 1 + len(record["rounds"])
    names = record["players"] if len(record["scores"]) == len(record["players"]) else [
        f"team {t + 1}" for t in range(len(record["scores"]))]  # counted from 1
    running = next(key for key in ("scores", "pips") if f"{names[0]}: {key}" in rows[0])
    assert [int(rows[-1][rows[0].index(f"{n}: {running}")]) for n in names] == record["scores"]
    dealers = [record["players"][r["dealer"]] if "dealer" in r else "" for r in record["rounds"]]  # (the toy has none)
    assert [row[1] for row in rows[1:]] == dealers
    text = http.client.get(f"{match.path}/record?format=text", headers=auth).get_data(as_text=True)
    for deal in record["deals"]:
        assert f"Deal {deal['index'] + 1}\n" in text and deal["seed"] in text and deal["commitment"] in text
        for seat, hand in enumerate(deal["hands"]):
            assert f"  {record['players'][seat]}: {' '.join(hand)}" in text
    assert text.count("\n  ") >= len(record["actions"]) and f"shuffle key of the match: {record['match_seed']}" in text


@pytest.mark.parametrize(("game", "penalty", "ruling"), [
    ("forty_fives", "hand_lost", "apply"),  # forty-fives.md SR-02, SR-04, SR-03
    ("forty_fives", "hand_void", "apply"),
    ("forty_fives", "hand_lost", "waive"),
    ("boerenbridge", "hand_lost", "apply"),  # boerenbridge.md BS-02, BS-03
    ("boerenbridge", "hand_void", "apply"),
])
def test_a_record_with_a_settled_revoke_verifies(
    http: FlaskHttp, tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, penalty: str, ruling: str
) -> None:
    """A settled revoke finishes its round again (``service.rules.settlement``): the record holds the
    round's latest record in its place, and so does the verifier's replay (it used to compare the
    round's first record with the settled one and call a genuine record a discrepancy)."""
    from tests.api.test_settle_revoke_http import act, bb_match, ff_match, ok, settle

    if game == "forty_fives":
        match, _ = ff_match(http, {"revoke_penalty": penalty})
        ok(act(http, match, settle(1, 2, ruling)))
    else:
        match, _ = bb_match(http, {"revoke_penalty": penalty})
        ok(act(http, match, settle(2, 1, ruling)))
    record = http.get(f"{match.path}/record", match.referee).body
    assert any(a["action"]["type"] == "settle_revoke" for a in record["actions"])
    code, said = _verify(tmp_path, record, capsys)
    assert code == 0, said
    record["rounds"][0]["revokes"][0]["ruling"] = None  # the round as it was before its settlement
    code, said = _verify(tmp_path, record, capsys)
    assert code == 1 and "round 1" in said, said


def test_a_finished_dealt_match_cannot_be_undone_its_seed_being_out(http: FlaskHttp) -> None:
    """Once a dealt match is over its record reveals the match seed: an undo would play on with every
    later deal known to whoever read it, so it is refused (a table match, which deals nothing, may
    still take its last action back)."""
    match = _finished(http, "forty_fives")
    record = http.get(f"{match.path}/record", match.seats[0]).body
    assert record["match_seed"]
    refused = http.post(f"{match.path}/undo", None, match.referee)
    assert refused.status == 409 and refused.body["code"] == "deals_revealed", refused.body
    assert http.get(match.path, match.referee).body["status"] == "finished"
    again = http.post(f"{match.path}/undo", None, match.referee, Idempotency_Key="k" * 20)
    assert again.status == 409 and again.body["code"] == "deals_revealed"
    table = _finished(http, "forty_fives", "table")
    undone = http.post(f"{table.path}/undo", None, table.referee)
    assert undone.status == 200 and undone.body["status"] == "in_progress"


@pytest.mark.parametrize("ruleset_id", ["boerenbridge", "auction_forty_fives"])
def test_the_printed_record_reads_in_the_readers_language(http: FlaskHttp, ruleset_id: str) -> None:
    """The text record and the CSV score sheet in the caller's language: the game by its name, players
    counted from 1, the status, the columns and the actions in words; ``?lang=en`` gives the English
    sheet (for machines)."""
    from tests.api.test_catalog_words import faults

    match = _finished(http, ruleset_id)
    auth = {"Authorization": f"Bearer {match.referee}"}
    record = http.get(f"{match.path}/record", match.referee).body
    heads = {}
    for lang in ("en", "id", "tl"):
        text = http.client.get(f"{match.path}/record?format=text&lang={lang}", headers=auth).get_data(as_text=True)
        top = text.split("\n\n", 1)[0]
        assert not faults(top), (lang, top)  # no ids: "forty_fives", "dealt", "in_progress"
        assert f"1: {record['players'][0]}" in top and f"0: {record['players'][0]}" not in top
        actions = [line for line in text.splitlines() if line.startswith("  ") and ": " in line]
        assert not any("{'" in line or "round_result" in line for line in actions), lang
        sheet = http.client.get(f"{match.path}/record?format=csv&lang={lang}", headers=auth).get_data(as_text=True)
        heads[lang] = next(csv.reader(io.StringIO(sheet)))
        assert not any(faults(head) for head in heads[lang]), heads[lang]
    assert heads["en"][:2] == ["round", "dealer"] and heads["id"] != heads["en"] != heads["tl"]
    assert len(heads["id"]) == len(heads["en"]) == len(heads["tl"])


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_printed_record_tells_each_round_as_a_person_would(http: FlaskHttp, ruleset_id: str) -> None:
    """The text record has a line per finished round in the reader's language: its number, the dealer by
    name, the trump by sign and name (or no trump), and what each seat or team gained ("Round 2 —
    dealer Budi — trump ♥ hearts — Ani +10, Citra +20"), agreeing with the round records."""
    from tests.api.test_catalog_words import faults

    match = _finished(http, ruleset_id)
    auth = {"Authorization": f"Bearer {match.referee}"}
    record = http.get(f"{match.path}/record", match.referee).body
    names, rounds = record["players"], record["rounds"]
    assert rounds
    for lang, word in (("en", "Round"), ("id", "Ronde"), ("tl", "Ikot")):
        text = http.client.get(f"{match.path}/record?format=text&lang={lang}", headers=auth).get_data(as_text=True)
        told = [line.strip() for line in text.splitlines() if line.strip().startswith(f"{word} ") and " — " in line]
        assert len(told) == len(rounds), (lang, told)
        for line, r in zip(told, rounds, strict=True):
            assert not faults(line), (lang, line)
            number, dealer, trump, gains = line.split(" — ")
            assert number == f"{word} {r.get('round', r.get('number'))}" and dealer.endswith(names[r["dealer"]])
            assert (r.get("trump") in (None, "none")) == ("\u2660\u2665\u2666\u2663".find(trump[6:7]) < 0)
            points = r.get("points")
            if isinstance(points, list) and len(points) == len(names):
                for name, gained in zip(names, points, strict=True):
                    assert (f"{name} {gained:+d}" in gains) == (gained != 0), (line, points)
