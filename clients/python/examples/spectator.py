"""A spectator screen on the live stream: it follows a dealt match with the spectator token (public facts
only: no hand, no legal actions) while the seats play, and reads each action as it arrives.
Usage: python spectator.py BASE_URL"""

from __future__ import annotations

import sys
import threading

from trick_referee_client import Match, StreamEvent, create_match, seat_token

PLAYS = 6


def main(base_url: str) -> tuple[int, bool]:
    """Plays ``PLAYS`` actions of a Forty-Fives match while a spectator follows it; returns how many
    actions the spectator saw and whether any view it was sent showed a hand."""
    created, referee = create_match(base_url, {"ruleset": "forty_fives", "mode": "dealt",
                                               "players": ["Ann", "Bob", "Cy"]})
    assert created.spectator_token is not None
    screen = Match(base_url, created.id, created.spectator_token)
    seen: list[StreamEvent] = []
    opened = threading.Event()

    def follow() -> None:
        for event in screen.stream(reconnects=0):
            seen.append(event)
            opened.set()
            if sum(e.event == "action" for e in seen) == PLAYS:
                return

    watcher = threading.Thread(target=follow, daemon=True)
    watcher.start()
    opened.wait(10)
    seats = [Match(base_url, created.id, seat_token(created, i)) for i in range(len(created.seats))]
    for _ in range(PLAYS):
        seat = seats[referee.view().to_act[0]]
        seat.act(seat.view().legal_actions[0])
    watcher.join(20)
    for match in (referee, screen, *seats):
        match.close()
    views = [e.data for e in seen if e.event == "view"]
    return sum(e.event == "action" for e in seen), any(v.get("hand") or v.get("hands") for v in views)


if __name__ == "__main__":
    print(main(sys.argv[1]))
