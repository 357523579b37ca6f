"""The load of the live-stream benchmark (``bench/live/run.py``), each part in a process of its own.

* ``hold_streams``: asyncio, one process; opens a stream per (match, token) and keeps it open,
  noting when each got its first ``view`` (held) and, for every ``action`` event, the match, the
  event's version and when it arrived (``time.monotonic``, one clock for every process here).
* ``post``: closed-loop posters (threads over a process), each posting the first legal action the
  last answer of a match listed, to its matches in turn; notes each accepted post's match, version
  and when its answer came.
* ``slow_clients``: asyncio; connections that send a request's header a byte at a time and never
  finish it.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from typing import Any

from tests.api.match_driver import WireHttp

_VERSION = re.compile(rb'"version":(\d+)')


async def _one_stream(
    port: int, index: int, match_id: str, token: str, ready: list[float], got: list[tuple[int, int, float]],
    stop: asyncio.Event,
) -> None:
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 30)
    except (OSError, TimeoutError):
        return
    writer.write(
        f"GET /v1/matches/{match_id}/stream HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {token}\r\n\r\n".encode()
    )
    buffer = b""
    try:
        while not stop.is_set():
            chunk = await reader.read(65536)
            if not chunk:
                return
            buffer += chunk
            while b"\n\n" in buffer:
                block, buffer = buffer.split(b"\n\n", 1)
                if b"event: view" in block and not ready[index]:
                    ready[index] = time.monotonic()
                elif b"event: action" in block:
                    found = _VERSION.search(block)
                    if found:
                        got.append((index, int(found.group(1)), time.monotonic()))
    except (OSError, asyncio.CancelledError):
        return
    finally:
        writer.close()


async def _hold(port: int, streams: list[tuple[str, str]], stop_flag: Any, out: Any) -> None:
    stop = asyncio.Event()
    ready = [0.0] * len(streams)
    got: list[tuple[int, int, float]] = []
    tasks = []
    for i, (match_id, token) in enumerate(streams):
        tasks.append(asyncio.create_task(_one_stream(port, i, match_id, token, ready, got, stop)))
        if i % 50 == 49:
            await asyncio.sleep(0.05)  # a browser crowd, not a SYN flood
    reported = False
    while not stop_flag.is_set():
        await asyncio.sleep(0.1)
        late = time.monotonic() > _hold.deadline  # type: ignore[attr-defined]
        if not reported and (all(ready) or late):
            out.put(("ready", sum(1 for r in ready if r)))
            reported = True
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    out.put(("events", got))


def hold_streams(port: int, streams: list[tuple[str, str]], open_seconds: float, stop_flag: Any, out: Any) -> None:
    """Process target: hold the streams until ``stop_flag``; ``out`` gets ("ready", how many held
    within ``open_seconds``), then ("events", [(stream index, version, arrived)])."""
    _hold.deadline = time.monotonic() + open_seconds  # type: ignore[attr-defined]
    asyncio.run(_hold(port, streams, stop_flag, out))


def _poster(port: int, matches: list[Any], deadline: float, out: list[Any]) -> None:
    http = WireHttp("127.0.0.1", port, timeout=30)
    legal = {m[0]: http.get(f"/v1/matches/{m[0]}", m[1]).body["legal_actions"] for m in matches}  # as they are now
    i = 0
    while time.monotonic() < deadline:
        match_id, token = matches[i % len(matches)][:2]
        i += 1
        if not legal[match_id]:
            continue
        started = time.monotonic()
        answer = http.post(f"/v1/matches/{match_id}/actions", legal[match_id][0], token)
        done = time.monotonic()
        if answer.status != 200:
            raise RuntimeError(f"post answered {answer.status}: {answer.body}")
        legal[match_id] = answer.body["legal_actions"]
        out.append((match_id, answer.body["version"], started, done))
    http.close()


def post(port: int, matches: list[Any], threads: int, seconds: float, out: Any) -> None:
    """Process target: ``threads`` posters share ``matches`` (each its own slice) for ``seconds``;
    ``out`` gets [(match id, version, sent, answered)]."""
    deadline = time.monotonic() + seconds
    results: list[list[Any]] = [[] for _ in range(threads)]
    workers = [
        threading.Thread(target=_poster, args=(port, matches[i::threads], deadline, results[i])) for i in range(threads)
    ]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    out.put([x for r in results for x in r])


async def _slow(port: int, interval: float, stop_flag: Any) -> None:
    request = b"GET /healthz HTTP/1.1\r\nHost: slow\r\nX-Padding: " + b"a" * 4000
    try:
        _, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return
    try:
        for byte in request:
            if stop_flag.is_set():
                return
            writer.write(bytes([byte]))
            await writer.drain()
            await asyncio.sleep(interval)
    except OSError:
        return
    finally:
        writer.close()


async def _slow_all(port: int, count: int, interval: float, stop_flag: Any, out: Any) -> None:
    tasks = [asyncio.create_task(_slow(port, interval, stop_flag)) for _ in range(count)]
    out.put(("slow", count))
    while not stop_flag.is_set():
        await asyncio.sleep(0.1)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def slow_clients(port: int, count: int, interval: float, stop_flag: Any, out: Any) -> None:
    """Process target: ``count`` connections sending a header a byte every ``interval`` s, until stopped."""
    asyncio.run(_slow_all(port, count, interval, stop_flag, out))


def new_table_match(http: WireHttp) -> tuple[str, str, list[Any], list[str]]:
    """A table-mode Forty-Fives match that outlasts the run: id, referee token, its legal actions,
    the seats' tokens."""
    body = {"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C"],
            "options": {"target_score": 100_000}}
    answer = http.post("/v1/matches", body)
    if answer.status != 201:
        raise RuntimeError(json.dumps(answer.body))
    body = answer.body
    return body["id"], body["referee_token"], body["view"]["legal_actions"], [s["token"] for s in body["seats"]]
