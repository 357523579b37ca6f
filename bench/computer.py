"""Computer players' strength and the latency of a person's post that sets them going (issue 37).

Strength: contests of ``--rounds`` rounds (or the whole match if it ends first) with each
ruleset's default options, on the rules core (no HTTP), between the hard level and an opponent
(``random``: a uniformly random legal action; ``easy``), the sides swapping seats every match:

* partnership games (Avinas, Auction Forty-Fives with 4): hard holds one team, the opponent the
  other; heads-up Forty-Fives (2 players; the plain game has no partnerships): one seat each. A
  contest is won by the side the match names its winner when it ended, else by the side standing
  better (``Ruleset.standing``: the higher score, or fewer penalties in Avinas); a tie counts half;
* Boerenbridge has no two-sided form (individual play; its default scoring needs 4): one hard seat
  against three opponents, and each match gives three heads-up contests (hard's score against each
  opponent's).

Each hard decision in the contests is timed (``choose`` on the seat's situation, not counting the
building of the situation), in wall-clock time and in this process's CPU time (what it takes on a
core of its own, whatever the load): p50, p99 and max per ruleset and opponent are printed with the
share won and its 95% interval (Wilson's, over the contests; a tie counts half a win).

Latency: a person (random legal actions) and hard computers in every other seat, through the use
cases on the memory store (``Matches.act``: load, rules, computers, save, the person's view), each
post timed; p50, p99 and max over ``--posts`` posts per ruleset. ``--http``: the same posts over
HTTP through the WSGI app (``create_app`` and its test client: the edge, the rate limiter on its
memory storage, the memory store, the answer's JSON); a post the limiter refuses (429) is retried
after the wait it names and its time not counted.

    .venv/bin/python bench/computer.py --matches 200 --rounds 3
    .venv/bin/python bench/computer.py --matches 20 --rounds 2 --posts 200
    .venv/bin/python bench/computer.py --matches 0 --posts 100 --http
    nice -n 19 .venv/bin/python bench/computer.py --matches 200 --rounds 100 --posts 0 --rulesets forty_fives
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from service.computer import choose, situation_of
from service.matches.usecases import Matches
from service.rules.playout import shuffled_deck
from service.rules.registry import RULESETS
from service.rules.ruleset import FINISHED, Ruleset
from service.store.memory import MemoryStore

#: players per ruleset for the contests
PLAYERS = {"avinas": 4, "auction_forty_fives": 4, "forty_fives": 2, "boerenbridge": 4}


def play_contest(
    ruleset: Ruleset[Any], levels: Sequence[str], rounds: int, rng: random.Random,
    times: list[tuple[float, float]] | None = None,
) -> Any:
    """A contest's final state: ``levels[seat]`` plays each seat; each hard decision's seconds
    (wall clock, CPU) are added to ``times``."""
    n = len(levels)
    state = ruleset.new_match(ruleset.validate_options({}, n), n, rng.randrange(n), "dealt")
    played = 0
    while ruleset.status(state) != FINISHED and played < rounds:
        state = ruleset.deal(state, shuffled_deck(ruleset, rng))
        dealt, actions = state, []
        while ruleset.status(state) != FINISHED and not ruleset.needs_deal(state):
            seat = ruleset.to_act(state)[0]
            legal = ruleset.legal_actions(state, seat)
            if levels[seat] == "random" or len(legal) == 1:
                action = rng.choice(legal)
            else:
                situation = situation_of(ruleset, seat, dealt, actions)
                decision_rng = random.Random(rng.random())
                started, cpu = time.perf_counter(), time.process_time()
                action = choose(levels[seat], situation, decision_rng)
                if times is not None and levels[seat] == "hard":
                    times.append((time.perf_counter() - started, time.process_time() - cpu))
            state = ruleset.apply(state, action)
            actions.append(action)
        played += 1
    return state


def strength(
    ruleset_id: str, opponent: str, matches: int, rounds: int, seed: int,
    times: list[tuple[float, float]] | None = None,
) -> tuple[float, int]:
    """The hard level's share of two-sided contests won against ``opponent``, and their count; each
    hard decision's seconds (wall clock, CPU) are added to ``times``."""
    ruleset = RULESETS[ruleset_id]
    n = PLAYERS[ruleset_id]
    rng = random.Random(seed)
    won, contests = 0.0, 0
    for m in range(matches):
        hard_side = m % 2
        teams = ruleset.teams(n)
        if ruleset_id == "boerenbridge":
            hard_seat = m % n
            levels = [("hard" if s == hard_seat else opponent) for s in range(n)]
            final = play_contest(ruleset, levels, rounds, rng, times)
            for other in range(n):
                if other != hard_seat:
                    won += outcome(ruleset, final, hard_seat, other)
                    contests += 1
            continue
        if teams is not None:
            levels = [("hard" if s in teams[hard_side] else opponent) for s in range(n)]
        else:
            levels = [("hard" if s == hard_side else opponent) for s in range(n)]
        final = play_contest(ruleset, levels, rounds, rng, times)
        won += outcome(ruleset, final, hard_side, 1 - hard_side)
        contests += 1
    return won / max(1, contests), contests


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval (Wilson's score interval) of a share won over ``n`` contests."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentiles(times: Sequence[float]) -> str:
    """``p50 / p99 / max`` of ``times`` in milliseconds."""
    if not times:
        return "-"
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{statistics.median(ordered) * 1000:.0f} / {p99 * 1000:.0f} / {ordered[-1] * 1000:.0f} ms"


def outcome(ruleset: Ruleset[Any], state: Any, mine: int, theirs: int) -> float:
    """1 when side ``mine`` beat side ``theirs`` (indexes of the score line: seats, or teams), 0 when
    it lost, 0.5 for a tie: the match's winners decide between them when it ended with one of the
    two among them and not the other, else the standing (``Ruleset.standing``)."""
    winners = set(ruleset.table(state).winners) if ruleset.status(state) == FINISHED else set()
    if (mine in winners) != (theirs in winners):
        return 1.0 if mine in winners else 0.0
    standing = ruleset.standing(state)
    return 1.0 if standing[mine] > standing[theirs] else 0.5 if standing[mine] == standing[theirs] else 0.0


def latency(ruleset_id: str, posts: int, seed: int) -> list[float]:
    """Seconds per person's post with hard computers in every other seat."""
    ruleset = RULESETS[ruleset_id]
    n = ruleset.default_players
    matches = Matches(MemoryStore(), rng=random.Random(seed), idempotency_secret=b"b" * 32)
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < posts:
        person = rng.randrange(n)
        players: list[Any] = [f"P{s}" if s == person else {"name": f"C{s}", "computer": "hard"} for s in range(n)]
        created = matches.create({"ruleset": ruleset_id, "mode": "dealt", "players": players})
        token = created.seats[person].token
        view = created.view
        while len(times) < posts:
            view = matches.view(created.match_id, token).view or view
            if view["status"] == FINISHED or not view["legal_actions"]:
                break
            action = rng.choice(view["legal_actions"])
            started = time.perf_counter()
            matches.act(created.match_id, token, action)
            times.append(time.perf_counter() - started)
    return times


def http_latency(ruleset_id: str, posts: int, seed: int) -> list[float]:
    """Seconds per person's post over HTTP (the WSGI app) with hard computers in every other seat."""
    from service.api.app import create_app
    from service.api.config import Settings

    client = create_app(Settings(ratelimit_enabled=True)).test_client()
    n = RULESETS[ruleset_id].default_players
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < posts:
        person = rng.randrange(n)
        players: list[Any] = [f"P{s}" if s == person else {"name": f"C{s}", "computer": "hard"} for s in range(n)]
        created = _answered(client.post, "/v1/matches", json={"ruleset": ruleset_id, "mode": "dealt",
                                                               "players": players})[0]
        match = f"/v1/matches/{created['id']}"
        auth = {"Authorization": f"Bearer {created['seats'][person]['token']}"}
        view = _answered(client.get, match, headers=auth)[0]
        while len(times) < posts and view["status"] != FINISHED and view["legal_actions"]:
            action = rng.choice(view["legal_actions"])
            view, took = _answered(client.post, f"{match}/actions", json=action, headers=auth)
            times.append(took)
            if not view["legal_actions"]:
                view = _answered(client.get, match, headers=auth)[0]
    return times


def _answered(request: Any, path: str, **kwargs: Any) -> tuple[dict[str, Any], float]:
    """A request's JSON answer and the seconds it took, after any 429 (retried when the limiter says)."""
    while True:
        started = time.perf_counter()
        answer = request(path, **kwargs)
        took = time.perf_counter() - started
        if answer.status_code != 429:
            if answer.status_code >= 300:
                raise SystemExit(f"{answer.status_code}: {answer.get_data(as_text=True)}")
            return answer.get_json(), took
        time.sleep(float(answer.headers.get("Retry-After", "1")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per ruleset and opponent (0: none)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per contest (fewer if the match ends)")
    parser.add_argument("--posts", type=int, default=300, help="timed posts per ruleset (0: no latency)")
    parser.add_argument("--rulesets", nargs="*", default=sorted(RULESETS))
    parser.add_argument("--opponents", nargs="*", default=["random", "easy"])
    parser.add_argument("--http", action="store_true", help="time the posts over HTTP (the WSGI app)")
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args()
    if args.matches:
        print("| ruleset | opponent | contests | hard's share won (95% interval) | hard decisions "
              "| wall p50 / p99 / max | CPU p50 / p99 / max | seconds |")
        print("|---|---|---|---|---|---|---|---|")
    for ruleset_id in args.rulesets if args.matches else ():
        for opponent in args.opponents:
            started = time.perf_counter()
            times: list[tuple[float, float]] = []
            share, contests = strength(ruleset_id, opponent, args.matches, args.rounds, args.seed, times)
            took = time.perf_counter() - started
            low, high = wilson(share, contests)
            print(f"| {ruleset_id} | {opponent} | {contests} | {share:.1%} ({low:.0%}-{high:.0%}) | {len(times)} | "
                  f"{percentiles([w for w, _ in times])} | {percentiles([c for _, c in times])} | {took:.0f} |",
                  flush=True)
    if args.posts:
        print()
        print("| ruleset | posts | p50 | p99 | max |")
        print("|---|---|---|---|---|")
        for ruleset_id in args.rulesets:
            timed = http_latency if args.http else latency
            times = sorted(timed(ruleset_id, args.posts, args.seed))
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(f"| {ruleset_id} | {len(times)} | {statistics.median(times) * 1000:.0f} ms | "
                  f"{p99 * 1000:.0f} ms | {times[-1] * 1000:.0f} ms |", flush=True)


if __name__ == "__main__":
    main()
