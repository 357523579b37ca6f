"""A bot that plays a whole dealt match to its end: one ``Match`` per seat, each seat taking a random one
of its own view's legal actions when its view says it is to act (``random.Random(seed)``, so a run
repeats its choices). The helpers retry through a flaky network (the same Idempotency-Key) and wait out
a 429. Usage: python bot.py BASE_URL [RULESET] [SEED]"""

from __future__ import annotations

import random
import sys

from trick_referee_client import Match, create_match, seat_token

MAX_ACTIONS = 5000


def main(base_url: str, ruleset: str = "boerenbridge", seed: int = 1) -> tuple[list[int], int]:
    """Plays a match of ``ruleset`` with its usual number of players; returns the winners and how many
    actions were posted."""
    rng = random.Random(seed)
    players = {"forty_fives": 3, "auction_forty_fives": 4, "boerenbridge": 4, "avinas": 4}[ruleset]
    created, referee = create_match(base_url, {"ruleset": ruleset, "mode": "dealt",
                                               "players": [f"Bot {i + 1}" for i in range(players)]})
    seats = [Match(base_url, created.id, seat_token(created, i)) for i in range(len(created.seats))]
    posted = 0
    with referee:
        for _ in range(MAX_ACTIONS):
            table = referee.view()
            if table.status == "finished":
                for seat in seats:
                    seat.close()
                return list(table.winners), posted
            seat = seats[table.to_act[0]]
            seat.act(rng.choice(seat.view().legal_actions))
            posted += 1
    raise AssertionError(f"the match did not end in {MAX_ACTIONS} actions")


if __name__ == "__main__":
    args = sys.argv[1:]
    print(main(args[0], args[1] if len(args) > 1 else "boerenbridge", int(args[2]) if len(args) > 2 else 1))
