"""Issue 34 item 5: the verifier binds the players (names and order), the options and the seats'
entropies to the seed commitment every view showed, and checks a record against the commitment a
player saw during play (``--commitment SHA``)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from service.api.matches import MATCHES_KEY
from service.matches import creation
from service.matches.deals import seed_commitment
from service.verify import main as verify_main
from tests.api.match_driver import FlaskHttp, Match, play_match
from tests.matches.test_deals import http
from tests.profiles import profile

__all__ = ["http"]


def _claimed_and_finished(http: FlaskHttp, ruleset: str) -> tuple[dict[str, Any], str]:
    """A match whose seats were claimed with entropies, played to the end: its record, and the seed
    commitment the seats' views showed."""
    game = profile(ruleset)
    names = [f"Name {i}" for i in range(game.usual_players)]
    created = http.post("/v1/matches", {"ruleset": ruleset, "mode": "dealt", "players": names,
                                        "options": game.short, "seats": "claim"}).body
    tokens = [http.post(f"/v1/matches/{created['id']}/seats/{s['seat']}/claim",
                        {"invite": s["invite"], "entropy": f"e-{s['seat']}"}).body["token"] for s in created["seats"]]
    match = Match(created["id"], created["referee_token"], tokens, "dealt")
    seen = http.get(match.path, tokens[0]).body["seed_commitment"]
    play_match(http, match, random.Random(f"verify-{ruleset}"))
    return http.get(f"{match.path}/record", tokens[0]).body, seen


def _verify(tmp_path: Path, record: Any, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code = verify_main([str(path), *extra])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("ruleset", ["forty_fives", "boerenbridge"])
def test_swapped_names_a_changed_option_or_an_altered_entropy_fail_the_verifier(
    http: FlaskHttp, tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str
) -> None:
    record, seen = _claimed_and_finished(http, ruleset)
    code, said = _verify(tmp_path, record, capsys)
    assert code == 0, said
    assert ("seed commitment" in said and "3 seat entropy(ies)" in said) or "4 seat entropy(ies)" in said, said
    code, said = _verify(tmp_path, record, capsys, "--commitment", seen)
    assert code == 0 and "seen during play" in said, said

    swapped = copy.deepcopy(record)
    swapped["players"][0], swapped["players"][1] = swapped["players"][1], swapped["players"][0]
    changed = copy.deepcopy(record)
    key = next(k for k, v in changed["options"].items() if isinstance(v, int) and not isinstance(v, bool))
    changed["options"][key] += 1
    altered = copy.deepcopy(record)
    altered["entropies"][1] = "e-other"
    for tampered, expected in ((swapped, "players"), (changed, "options"), (altered, "entropies")):
        code, said = _verify(tmp_path, tampered, capsys)
        assert code == 1 and "DISCREPANCY" in said and expected in said, (expected, said)

    # a forger who rewrites the commitment from the seed (public once the match is over) to go with
    # swapped names: the record verifies alone, but not against what a player saw during play
    forged = copy.deepcopy(swapped)
    forged["seed_commitment"] = seed_commitment(bytes.fromhex(forged["match_seed"]), forged["ruleset"],
                                                forged["options"], forged["players"])
    code, said = _verify(tmp_path, forged, capsys)
    assert code == 0, said
    code, said = _verify(tmp_path, forged, capsys, f"--commitment={seen}")
    assert code == 1 and "not the one seen during play" in said, said
    stripped = copy.deepcopy(record)
    stripped["seed_commitment"] = None
    code, said = _verify(tmp_path, stripped, capsys, "--commitment", seen)
    assert code == 1 and "no seed commitment" in said, said


def test_a_dealt_record_rewritten_as_a_table_match_fails(
    http: FlaskHttp, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table match deals nothing, so its record has nothing to check the names against: a dealt
    record with swapped names, passed off as a table match (its seed and deals' seeds dropped, its
    commitment kept), is refused, alone and against what a player saw."""
    record, seen = _claimed_and_finished(http, "forty_fives")
    forged = copy.deepcopy(record)
    forged["players"][0], forged["players"][1] = forged["players"][1], forged["players"][0]
    forged["mode"] = "table"
    forged.pop("match_seed")
    for deal in forged["deals"]:
        for key in ("commitment", "seed", "deck", "hands"):
            deal.pop(key, None)
    code, said = _verify(tmp_path, forged, capsys)
    assert code == 1 and "seed commitment" in said, said
    code, said = _verify(tmp_path, forged, capsys, "--commitment", seen)
    assert code == 1 and "seed commitment" in said, said
    forged["seed_commitment"], forged["entropies"] = None, [None] * len(forged["players"])
    code, said = _verify(tmp_path, forged, capsys, "--commitment", seen)
    assert code == 1 and "no seed commitment of a dealt match" in said, said


def test_a_committed_record_without_its_entropies_is_refused_not_a_crash(
    http: FlaskHttp, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = _claimed_and_finished(http, "forty_fives")
    for entropies in ([], ["e"], [1, None, None]):  # not a record of its version: 2
        broken = copy.deepcopy(record)
        broken["entropies"] = entropies
        code, said = _verify(tmp_path, broken, capsys)
        assert code == 2 and "entropies" in said and "Traceback" not in said, said
    # a record of the first version (no entropies) that carries a commitment: a discrepancy
    older = copy.deepcopy(record)
    older["record_version"] = 1
    older.pop("entropies")
    code, said = _verify(tmp_path, older, capsys)
    assert code == 1 and "entropy" in said and "Traceback" not in said, said


def test_the_first_dealers_draw_is_bound_too(
    http: FlaskHttp, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = _claimed_and_finished(http, "boerenbridge")
    assert record["first_dealer"]["method"] == "high_card_draw"
    drawn = copy.deepcopy(record)
    first = drawn["first_dealer"]["draws"][0]
    first[0]["card"], first[1]["card"] = first[1]["card"], first[0]["card"]
    code, said = _verify(tmp_path, drawn, capsys)
    assert code == 1 and "first dealer" in said, said


def test_bad_arguments_are_a_usage_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args in ([], ["a.json", "b.json"], ["a.json", "--commitment"], ["a.json", "--other"]):
        assert verify_main(args) == 2
        assert "usage" in capsys.readouterr().err


def test_a_match_stored_before_commitments_loads_plays_on_and_verifies(
    http: FlaskHttp, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A document of the shape stored before issue 34 (no commitment, entropies, invitations, claims
    nor start flag): it loads, its views say it has no commitment, it deals from its match seed as
    before, and its record verifies as one made before commitments."""
    monkeypatch.setattr(creation, "seed_commitment", lambda *args: None)  # no commitment, and
    monkeypatch.setattr(creation, "deal_key", lambda seed, entropies: seed)  # dealt from the seed, as before
    game = profile("forty_fives")
    created = http.post("/v1/matches", {"ruleset": "forty_fives", "mode": "dealt", "options": game.short,
                                        "players": [f"P{i}" for i in range(game.usual_players)]}).body
    monkeypatch.undo()
    store = http.client.application.extensions[MATCHES_KEY].store
    loaded = store.load(created["id"])
    old = {k: v for k, v in loaded.document.items() if k not in NEW_KEYS}
    old["commit"] = "stored-before"
    store.save(created["id"], loaded.version, old, [])
    match = Match(created["id"], created["referee_token"], [s["token"] for s in created["seats"]], "dealt")
    view = http.get(match.path, match.seats[0]).body
    assert view["seed_commitment"] is None and view["claimed"] is None and view["waiting_for_seats"] is False
    play_match(http, match, random.Random("stored-before"))
    record = http.get(f"{match.path}/record", match.seats[0]).body
    assert record.get("seed_commitment", "absent") is None and record["entropies"] is None, record
    code, said = _verify(tmp_path, record, capsys)
    assert code == 0 and "no seed commitment" in said, said


NEW_KEYS = ("seed_commitment", "entropies", "invite_hashes", "claimed", "started")
