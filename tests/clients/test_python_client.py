"""The Python client (clients/python): regenerated without drift, and its Match helper and examples
run against a live server of the app."""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from service.api.app import create_app
from service.api.config import Settings
from tests.api.schemathesis_run import live_server
from tests.clients.conftest import PYTHON_CLIENT, ROOT, readme_lines
from tests.clients.proxy import resetting_proxy
from tests.ports import free_port

sys.path.insert(0, str(PYTHON_CLIENT / "examples"))

import boerenbridge_table
import bot
import forty_fives_hand
import spectator
from trick_referee_client import Match, OutcomeUnknown, ProblemError, Rules, create_match
from trick_referee_client.match import MAX_RETRY_AFTER


def _differences(a: Path, b: Path) -> list[str]:
    cmp = filecmp.dircmp(a, b, ignore=["__pycache__"])
    out = [f"{a.name}/{n}" for n in cmp.left_only + cmp.right_only + cmp.diff_files + cmp.funny_files]
    for name, sub in cmp.subdirs.items():
        out += [f"{a.name}/{d}" for d in _differences(a / name, b / name)] if sub else []
    return out


def _seat_to_lead(base_url: str) -> tuple[Match, Match]:
    """A new dealt Forty-Fives match's referee and the seat to lead, once any rob or decline of the
    turned-up card (which comes before the first lead when the deal calls for one) is done."""
    created, referee = create_match(base_url, {"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B", "C"]})
    for _ in range(6):
        seat = created.seats[referee.view().to_act[0]]
        player = Match(base_url, created.id, seat.token)
        legal = player.view().legal_actions
        if any(a.type_ == "play" for a in legal):
            return referee, player
        player.act(legal[0])
    raise AssertionError("nobody came to lead")


def test_the_committed_client_is_what_the_generator_makes(tmp_path: Path) -> None:
    subprocess.run(["bash", "scripts/clients.sh", "python", str(tmp_path)], cwd=ROOT, check=True, timeout=120,
                   env={"PATH": "/usr/bin:/bin", "PYTHON": sys.executable})
    drift = _differences(PYTHON_CLIENT / "trick_referee_api", tmp_path / "python" / "trick_referee_api")
    assert not drift, f"clients/python is stale (bash scripts/clients.sh python): {drift}"


def test_the_hand_written_layer_and_examples_are_strictly_typed(tmp_path: Path) -> None:
    """mypy --strict over trick_referee_client and the examples, against the generated models' types (the
    generated package's own findings are the generator's and not reported)."""
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--cache-dir",
                              str(tmp_path / "cache"), "trick_referee_client", "examples"],
                             cwd=PYTHON_CLIENT, capture_output=True, text=True, timeout=180)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_whole_boerenbridge_table_match(base_url: str) -> None:
    assert boerenbridge_table.main(base_url) == ([33, 35, 51, 20], [2])


def test_a_dealt_forty_fives_hand(base_url: str) -> None:
    assert forty_fives_hand.main(base_url) == 15  # five tricks of three cards, whatever the deal


def test_a_problem_is_a_typed_exception(base_url: str) -> None:
    _referee, player = _seat_to_lead(base_url)
    view = player.view()
    legal = view.legal_actions
    deck = [rank + suit for suit in "CDHS" for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "10", *"JQKA"]]
    not_held = next(c for c in deck if c not in (view.hand or []))
    with pytest.raises(ProblemError) as stale:
        player.etag = '"999"'
        player.act(legal[0])
    assert stale.value.status == 412 and stale.value.code and stale.value.detail
    player.view()
    with pytest.raises(ProblemError) as illegal:
        player.act({"type": "play", "card": not_held})
    assert illegal.value.status == 422 and illegal.value.code and illegal.value.detail
    assert set(illegal.value.legal) == {a.card for a in legal}
    other = Match(base_url, player.id, "not-a-token")
    with pytest.raises(ProblemError) as unauthorised:
        other.view()
    assert unauthorised.value.status == 401 and unauthorised.value.code == "invalid_token"


def test_the_readme_lines_run(base_url: str) -> None:
    """The README's five Python lines: the install, then the four that play a legal action (run here on
    the live server's address)."""
    lines = readme_lines("Python")
    assert len(lines) == 5 and lines[0] == "pip install ./clients/python"
    code = "\n".join(lines[1:]).replace('"http://localhost:8000"', "BASE_URL")
    scope: dict[str, object] = {"BASE_URL": base_url}
    exec(compile(code, "README.md", "exec"), scope)
    referee = scope["referee"]
    assert isinstance(referee, Match) and referee.view().version >= 1


class _Recording(httpx.HTTPTransport):
    """Passes every request on; keeps each action's If-Match and Idempotency-Key and every answer's ETag."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[tuple[str, str]] = []
        self.etags: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("/actions"):
            self.sent.append((request.headers["If-Match"], request.headers["Idempotency-Key"]))
        answer = super().handle_request(request)
        self.etags.append(answer.headers["ETag"])
        return answer


def test_each_action_sends_the_kept_etag_and_a_fresh_key(base_url: str) -> None:
    body = {"ruleset": "boerenbridge", "mode": "table", "players": ["Ann", "Bob", "Cy", "Di"], "dealer": 3,
            "options": {"hand_size_schedule": [3]}}
    _created, referee = create_match(base_url, body)
    transport = _Recording()
    referee._client.set_httpx_client(httpx.Client(base_url=base_url, transport=transport,
                                                  headers={"Authorization": f"Bearer {referee._client.token}"}))
    referee.view()
    for bids, tricks in boerenbridge_table.ROUNDS[:2]:
        referee.act({"type": "round_result", "result": {"bids": bids, "tricks": tricks}})
    (etag_1, key_1), (etag_2, key_2) = transport.sent
    assert [etag_1, etag_2] == transport.etags[:2] and etag_1 != etag_2, "If-Match is the last answer's ETag"
    assert key_1 != key_2


class _TimeOutOnce(httpx.HTTPTransport):
    """Sends the first action to the server, then tells the client it timed out (the answer is lost)."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        answer = super().handle_request(request)
        if request.url.path.endswith("/actions"):
            self.keys.append(request.headers["Idempotency-Key"])
            if len(self.keys) == 1:
                answer.read()
                raise httpx.ReadTimeout("lost answer", request=request)
        return answer


def test_a_retry_after_a_timeout_reuses_the_key_and_applies_once(base_url: str) -> None:
    referee, player = _seat_to_lead(base_url)
    transport = _TimeOutOnce()
    player._client.set_httpx_client(httpx.Client(base_url=base_url, transport=transport,
                                                 headers={"Authorization": f"Bearer {player._client.token}"}))
    before = player.view()
    after = player.act(before.legal_actions[0])
    assert len(transport.keys) == 2 and transport.keys[0] == transport.keys[1]
    assert after.version == before.version + 1 and referee.view().version == before.version + 1


def test_the_stream_is_followed(base_url: str) -> None:
    _referee, player = _seat_to_lead(base_url)
    current = player.view().version
    events = player.stream(reconnects=0)
    first = next(events)
    assert first.event == "view" and first.data["version"] == current
    played = player.view().legal_actions[0]
    player.act(played)
    seen = next(e for e in events if e.event == "action")
    assert seen.id is not None and seen.data["action"]["card"] == played.card
    replayed = next(player.stream(after=int(seen.id) - 1, reconnects=0))
    assert (replayed.event, replayed.id) == ("action", seen.id), "?after= replays the events after that seq"


def test_installed_on_its_own_it_plays_a_match(base_url: str, tmp_path: Path) -> None:
    """``pip install ./clients/python`` (here uv's pip) into a new virtual environment that sees nothing of
    the project's: the package's declared dependencies are resolved and installed, and the installed
    package, not the source tree, plays the Boerenbridge example, and a user's code type-checks against it."""
    venv = tmp_path / "venv"
    uv = str(Path(sys.executable).with_name("uv"))
    subprocess.run([uv, "venv", "--quiet", "--python", sys.executable, str(venv)], check=True, timeout=60)
    python = venv / "bin" / "python"
    # From a clean copy: setuptools builds in the source folder, and a build/ left there would be installed.
    source = tmp_path / "source"
    shutil.copytree(PYTHON_CLIENT, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    subprocess.run([uv, "pip", "install", "--quiet", "--refresh-package", "trick-referee-client",
                    "--python", str(python), str(source)], check=True, timeout=300)
    script = PYTHON_CLIENT / "examples" / "boerenbridge_table.py"
    code = ("import runpy, sys, trick_referee_client; assert trick_referee_client.__file__.startswith(sys.prefix);"
            "sys.argv = [sys.argv[1], sys.argv[2]]; runpy.run_path(sys.argv[0], run_name='__main__')")
    out = subprocess.run([str(python), "-I", "-c", code, str(script), base_url], cwd=tmp_path,
                         env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "([33, 35, 51, 20], [2])"
    # Both packages are typed (PEP 561): mypy --strict reads the installed models, not Any.
    user = tmp_path / "user.py"
    user.write_text("from trick_referee_client import Match, MatchView\n\n\n"
                    "def version(seat: Match) -> int:\n"
                    "    view: MatchView = seat.view()\n"
                    "    wrong: str = view.version  # type: ignore[assignment]\n"
                    "    return view.version + len(wrong)\n")
    checked = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--python-executable", str(python),
                              "--cache-dir", str(tmp_path / "cache"), str(user)], cwd=tmp_path,
                             capture_output=True, text=True, timeout=180)
    assert checked.returncode == 0, checked.stdout + checked.stderr


class _OutcomeUnknownOnce(httpx.HTTPTransport):
    """Sends the first action to the server, then answers it as the service does when the store's reply
    was lost: 503 ``store_outcome_unknown`` (the action may or may not have been applied)."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        answer = super().handle_request(request)
        if request.url.path.endswith("/actions"):
            self.keys.append(request.headers["Idempotency-Key"])
            if len(self.keys) == 1:
                answer.read()
                problem = {"type": "about:blank", "title": "Service Unavailable", "status": 503,
                           "code": "store_outcome_unknown", "detail": "the outcome is unknown"}
                return httpx.Response(503, json=problem, headers={"Content-Type": "application/problem+json"})
        return answer


def test_a_retry_after_an_unknown_outcome_reuses_the_key_and_applies_once(base_url: str) -> None:
    referee, player = _seat_to_lead(base_url)
    token = player._client.token
    transport = _OutcomeUnknownOnce()
    player._client.set_httpx_client(httpx.Client(base_url=base_url, transport=transport,
                                                 headers={"Authorization": f"Bearer {token}"}))
    before = player.view()
    after = player.act(before.legal_actions[0])
    assert len(transport.keys) == 2 and transport.keys[0] == transport.keys[1]
    assert after.version == before.version + 1 and referee.view().version == before.version + 1


def test_the_stream_is_followed_across_a_server_timeout(base_url: str) -> None:
    """The live server ends each stream after 3 s (``end: timeout``); the helper reconnects with
    Last-Event-ID and the play made after the reconnect still arrives."""
    _referee, player = _seat_to_lead(base_url)
    events = player.stream(reconnects=1)
    assert next(events).event == "view"
    assert next(e for e in events if e.event == "end").data == {"reason": "timeout"}
    assert next(events).event == "view"
    played = player.view().legal_actions[0]
    player.act(played)
    seen = next(e for e in events if e.event == "action")
    assert seen.data["action"]["card"] == played.card


def test_a_post_whose_connection_is_reset_is_retried_with_its_key_and_applied_once(base_url: str) -> None:
    """Through a proxy that resets the connection of the first action after the server took it (the
    answer is lost): the helper retries with the same Idempotency-Key and gets the first answer, not
    a 412 for the version the first post made; the action is applied once. A create reset the same
    way makes one match."""
    referee, player = _seat_to_lead(base_url)
    before = player.view()
    with resetting_proxy(base_url, rb"^POST /v1/matches/[^/ ]+/actions ") as proxy:
        through = Match(proxy.url, player.id, player._client.token)
        through.etag = player.etag
        after = through.act(before.legal_actions[0])
        assert proxy.reset == 1
    assert after.version == before.version + 1 and referee.view().version == before.version + 1
    with resetting_proxy(base_url, rb"^POST /v1/matches ") as proxy:
        created, _ = create_match(proxy.url, {"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B", "C"]},
                                  idempotency_key="reset-create-1")
        assert proxy.reset == 1
    again, _ = create_match(base_url, {"ruleset": "forty_fives", "mode": "dealt", "players": ["A", "B", "C"]},
                            idempotency_key="reset-create-1")
    assert again.id == created.id


def test_a_refused_connection_is_an_outcome_unknown_after_the_retries() -> None:
    player = Match(f"http://127.0.0.1:{free_port()}", "m", "token", retries=1)
    with pytest.raises(OutcomeUnknown) as unknown:
        player.act({"type": "play", "card": "AH"})
    assert unknown.value.code == "transport_error"


def test_429_is_waited_for_as_retry_after_says_then_raised_with_its_headers() -> None:
    """A live server whose write limit is one in three seconds: a second action at once is refused 429 with
    Retry-After; the helper waits and gets it through. With no retries left, the ProblemError keeps
    the answer's headers."""
    app = create_app(Settings(ratelimit_enabled=True, ratelimit_match_write="1/3 seconds",
                              stream_max_seconds=1, stream_heartbeat_seconds=0.5))
    with live_server(app) as url:
        created, referee = create_match(url, {"ruleset": "boerenbridge", "mode": "table",
                                              "players": ["Ann", "Bob", "Cy", "Di"], "dealer": 3,
                                              "options": {"hand_size_schedule": [3]}})
        rounds = boerenbridge_table.ROUNDS
        started = time.monotonic()
        for bids, tricks in rounds[:2]:
            referee.act({"type": "round_result", "result": {"bids": bids, "tricks": tricks}})
        assert time.monotonic() - started >= 0.5, "the second action waited for the limit's window"
        impatient = Match(url, created.id, created.referee_token, retries=0)
        impatient.etag = referee.etag
        with pytest.raises(ProblemError) as limited:
            impatient.act({"type": "round_result", "result": {"bids": rounds[2][0], "tricks": rounds[2][1]}})
    assert limited.value.status == 429 and limited.value.code == "rate_limited"
    assert limited.value.retry_after is not None and 0 < limited.value.retry_after <= MAX_RETRY_AFTER
    assert "retry-after" in limited.value.headers


def test_helpers_cover_events_rounds_record_undo_delete_and_the_rules(base_url: str) -> None:
    _created, referee = create_match(base_url, {"ruleset": "boerenbridge", "mode": "table",
                                                "players": ["Ann", "Bob", "Cy", "Di"], "dealer": 3,
                                                "options": {"hand_size_schedule": [3]}})
    for bids, tricks in boerenbridge_table.ROUNDS:
        referee.act({"type": "round_result", "result": {"bids": bids, "tricks": tricks}})
    one_page = referee.events(0, limit=2)
    assert len(one_page.events) == 2 and one_page.more
    every = list(referee.all_events())
    assert [e.seq for e in every] == sorted({e.seq for e in every}) and len(every) > 2
    assert every[:2] == one_page.events
    sheet = referee.rounds()
    assert len(sheet.rounds) == len(boerenbridge_table.ROUNDS)
    record = referee.record()
    assert record.ruleset == "boerenbridge" and record.players == ["Ann", "Bob", "Cy", "Di"]
    assert "Ann" in referee.record_text("csv", lang="en") and "Ann" in referee.record_text("text", lang="id")
    before = referee.view().version
    assert referee.undo().version == before + 1
    assert len(referee.rounds().rounds) == len(boerenbridge_table.ROUNDS) - 1
    referee.delete()
    referee.delete()  # gone already: done
    with pytest.raises(ProblemError) as gone:
        referee.view()
    assert gone.value.status == 404
    with Rules(base_url) as rules:
        assert "boerenbridge" in {r.id for r in rules.rulesets().rulesets}
        assert rules.ruleset("forty_fives").id == "forty_fives"
        won = rules.trick("forty_fives", {"plays": ["AH", "5H", "2C"], "trump": "H"})
        assert won.winner == 1
        legal = rules.legal_plays("forty_fives", {"hand": ["AH", "2C"], "trick": ["KC"], "trump": "S"})
        assert set(legal.legal) == {"2C", "AH"}
        scored = rules.score("boerenbridge", {"bids": [1, 1, 1, 1], "tricks": [4, 3, 3, 3]})
        assert scored.to_dict()
        with pytest.raises(ProblemError) as illegal:
            rules.score("boerenbridge", {"bids": [1, 2, 3, 4], "tricks": [9, 9, 9, 9]})
        assert illegal.value.status == 422 and illegal.value.code == "tricks_do_not_add_up"


@pytest.mark.parametrize("ruleset", ["forty_fives", "auction_forty_fives", "boerenbridge", "avinas"])
def test_the_bot_plays_a_whole_dealt_match_to_its_end(base_url: str, ruleset: str) -> None:
    winners, posted = bot.main(base_url, ruleset, seed=3)
    assert winners and posted > 10


def test_the_spectator_screen_sees_every_action_and_no_hand(base_url: str) -> None:
    assert spectator.main(base_url) == (spectator.PLAYS, False)
