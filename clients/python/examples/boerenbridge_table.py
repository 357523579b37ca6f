"""A whole Boerenbridge table match through the client: the referee reports three rounds of bids and tricks."""

from __future__ import annotations

import sys

from trick_referee_client import create_match

ROUNDS = [([1, 1, 1, 1], [1, 1, 1, 0]), ([0, 3, 0, 1], [0, 3, 0, 0]), ([1, 1, 0, 0], [2, 1, 0, 0])]


def main(base_url: str) -> tuple[list[int], list[int]]:
    """Plays the match; returns its final scores and winners."""
    options = {"match_end": "fixed_rounds_highest", "max_rounds": 3, "hand_size_schedule": [3]}
    body = {"ruleset": "boerenbridge", "mode": "table", "players": ["Ann", "Bob", "Cy", "Di"],
            "options": options, "dealer": 3}
    _created, referee = create_match(base_url, body)
    with referee:
        for bids, tricks in ROUNDS:
            view = referee.act({"type": "round_result", "result": {"bids": bids, "tricks": tricks}})
        return list(view.scores), list(view.winners)


if __name__ == "__main__":
    print(main(sys.argv[1]))
