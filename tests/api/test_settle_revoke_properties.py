"""Random table-mode matches of every game, their revokes settled at random (apply or waive), keep
the invariants (forty-fives.md §9.9, boerenbridge.md §15.5, avinas.md §16.7):

* the match totals are what the finished rounds' points add up to (Avinas: the rams and pips the
  hands' records mark, rams crossed out first), and the last round's record (``/rounds``) is the
  view's;
* the round records are numbered 1, 2, 3 ... however often a round was settled;
* an undo of a settlement gives back the view from before it, and the same settlement posted again
  gives the same view as the first time;
* ``apply`` under ``"flag_only"`` is refused and changes nothing.

The reports are chosen at random among the referee's legal actions, so seats often fail to follow
suit and revokes are many.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from service.api.app import create_app
from service.api.config import Settings
from service.api.matches import MATCHES_KEY
from service.rules.games.avinas.scoring import record_rams
from tests.api.match_driver import FlaskHttp, Match, create, step

#: (ruleset, players, options)
GAMES = [
    ("forty_fives", 3, {}),
    ("auction_forty_fives", 4, {}),
    ("auction_forty_fives", 4, {"trump_selection": "bidding"}),
    ("boerenbridge", 4, {"hand_size_schedule": [3], "match_end": "fixed_rounds_highest", "max_rounds": 6}),
    ("avinas", 4, {}),
]
PENALTIES = ("hand_lost", "hand_void", "flag_only")
MAX_STEPS = 600


@pytest.fixture
def http() -> Iterator[FlaskHttp]:
    app = create_app(Settings())
    app.config["TESTING"] = True
    app.extensions[MATCHES_KEY].rng = random.Random(7)
    yield FlaskHttp(app.test_client())


def _view(http: FlaskHttp, match: Match) -> dict[str, Any]:
    answer = http.get(match.path, match.referee)
    assert answer.status == 200, answer.body
    body: dict[str, Any] = answer.body
    return body


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    drop = ("version", "expires_at")
    return {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


def _number(record: dict[str, Any]) -> int:
    number: int = record.get("round", record.get("number"))
    return number


def check_totals(ruleset_id: str, view: dict[str, Any], rounds: list[dict[str, Any]]) -> None:
    numbers = [_number(r) for r in rounds]
    assert numbers == list(range(1, len(rounds) + 1))
    if rounds:
        assert view["history"][-1] == rounds[-1]
    if ruleset_id == "avinas":
        rams, pips = (0, 0), (0, 0)
        for r in rounds:
            if r["outcome"] == "scored" and not r["void"]:
                if r["unit"] == "rams":
                    rams = record_rams(rams, r["loser"], r["due"])[0]
                else:
                    pips = (pips[0] + r["due"], pips[1]) if r["loser"] == 0 else (pips[0], pips[1] + r["due"])
            assert (tuple(r["rams"]), tuple(r["pips"])) == (rams, pips), r
        assert view["scores"] == list(pips)
        return
    totals = [0] * len(view["scores"])
    for r in rounds:
        assert not r.get("void") or not any(r["points"])
        totals = [t + p for t, p in zip(totals, r["points"], strict=True)]
        assert r["scores"] == totals, r
    assert view["scores"] == totals


def settle_at_random(http: FlaskHttp, match: Match, rng: random.Random, penalty: str, ruleset_id: str) -> int:
    """Rule every unsettled revoke of the last finished round at random; returns how many were ruled."""
    ruled = 0
    while True:
        view = _view(http, match)
        history = view.get("history") or []
        open_ = [r for r in (history[-1]["revokes"] if history else []) if r["ruling"] is None]
        if not open_ or rng.random() < 0.15:
            return ruled
        revoke = rng.choice(open_)
        ruling = rng.choice(("apply", "waive"))
        action = {"type": "settle_revoke", "seat": revoke["seat"], "trick": revoke["trick"], "ruling": ruling}
        answer = http.post(f"{match.path}/actions", action, match.referee)
        if penalty == "flag_only" and ruling == "apply":
            assert answer.status == 422 and answer.body["code"] == "revoke_penalty_off", answer.body
            assert _same(_view(http, match), view)
            continue
        assert answer.status == 200, (action, answer.body)
        settled = answer.body
        check_totals(ruleset_id, settled, http.get(f"{match.path}/rounds", match.referee).body["rounds"])
        ruling_now = [
            r["ruling"]
            for r in settled["history"][-1]["revokes"]
            if (r["seat"], r["trick"]) == (revoke["seat"], revoke["trick"])
        ]
        assert ruling_now == [{"apply": "applied", "waive": "waived"}[ruling]]
        undone = http.post(f"{match.path}/undo", None, match.referee)
        assert undone.status == 200 and _same(undone.body, view), "undo restores the view before the settlement"
        check_totals(ruleset_id, undone.body, http.get(f"{match.path}/rounds", match.referee).body["rounds"])
        again = http.post(f"{match.path}/actions", action, match.referee)
        assert again.status == 200 and _same(again.body, settled)
        repeat = http.post(f"{match.path}/actions", action, match.referee)
        assert repeat.status == 422 and repeat.body["code"] == "already_settled"
        ruled += 1


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize(
    ("ruleset_id", "n", "options"),
    GAMES,
    ids=[f"{g[0]}{'-bidding' if g[2].get('trump_selection') else ''}" for g in GAMES],
)
def test_random_table_matches_with_random_settlements_keep_the_invariants(
    http: FlaskHttp, ruleset_id: str, n: int, options: dict[str, Any], seed: int
) -> None:
    rng = random.Random(f"{ruleset_id}{options}{seed}")
    penalty = PENALTIES[(seed + GAMES.index((ruleset_id, n, options))) % len(PENALTIES)]
    match, _ = create(http, ruleset_id, "table", n, options={**options, "revoke_penalty": penalty})
    ruled = 0
    finished_round = 0
    for _ in range(MAX_STEPS):
        view = _view(http, match)
        history = view.get("history") or []
        if history and _number(history[-1]) != finished_round:
            finished_round = _number(history[-1])
            ruled += settle_at_random(http, match, rng, penalty, ruleset_id)
            view = _view(http, match)
        if view["status"] == "finished":
            break
        assert step(http, match, rng) is not None
    rounds = http.get(f"{match.path}/rounds", match.referee).body["rounds"]
    check_totals(ruleset_id, _view(http, match), rounds)
    assert ruled > 0, "random reports prove revokes, and some were settled"
