"""A dealt Forty-Fives hand through the client: each seat, when the referee's view names it to act, takes
the first of its own view's legal actions until the first hand is over."""

from __future__ import annotations

import sys

from trick_referee_api.models import FortyFivesView
from trick_referee_client import Match, create_match, seat_token

MAX_ACTIONS = 200


def main(base_url: str) -> int:
    """Plays the first hand of a three-seat match; returns the number of cards played (a rob of the
    turned-up card, when the deal calls for one, is an action but no play)."""
    created, referee = create_match(base_url, {"ruleset": "forty_fives", "mode": "dealt",
                                               "players": ["Ann", "Bob", "Cy"]})
    seats = [Match(base_url, created.id, seat_token(created, i)) for i in range(len(created.seats))]
    with referee:
        plays = 0
        for _ in range(MAX_ACTIONS):
            table = referee.view()
            assert isinstance(table, FortyFivesView)  # the view's model is its ruleset's
            if table.status != "in_progress" or table.round_ > 1:
                return plays
            seat = seats[table.to_act[0]]
            action = seat.view().legal_actions[0]
            seat.act(action)
            plays += action.type_ == "play"
    raise AssertionError("the hand did not end")


if __name__ == "__main__":
    print(main(sys.argv[1]))
