"""Slow request bodies against a real gunicorn at its defaults (issue 33 item 4), measured.

``--bodies`` connections (default 10,000) each send a create's head declaring 100 bytes of body and
then one byte every ``--drip`` seconds (2), from ``--addresses`` loopback addresses (127.0.1.x;
default 1: one client; 100: a hundred clients of 100 each). Meanwhile another address (127.0.0.2)
asks ``/healthz`` on a new connection and ``/v1/rulesets`` on a kept-alive one, every 20 ms each.
Reported: how many slow bodies the server held at the peak (open, not answered), how many it
answered 429 (the per-address cap) and 408 (the deadline), the probes' latencies (p50, p99, max)
and failures, and the server's resident memory (``referee_pod_resident_memory_bytes``).

    .venv/bin/python bench/slow_bodies.py --bodies 10000 --addresses 1
    .venv/bin/python bench/slow_bodies.py --bodies 10000 --addresses 100 --env WORKER_CONNECTIONS=12000

The server runs with one worker on the memory store unless ``--env`` says otherwise (each
``NAME=VALUE`` is passed to it). Raises this process's open-file limit to its hard limit; the
server inherits it. Traffic goes to 127.0.0.0/8 only, and every loop is bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import multiprocessing
import re
import resource
import selectors
import socket
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.matches.gunicorn_server import Gunicorn  # noqa: E402

HEAD = (b"POST /v1/matches HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{")


def probe(port: int, stop: Any, shared_latencies: Any, shared_failures: Any) -> None:
    """``/healthz`` on a new connection and ``/v1/rulesets`` on a kept-alive one, from 127.0.0.2,
    until ``stop`` is set; the latencies and failures into the shared dictionaries."""
    latencies: dict[str, list[float]] = {"healthz": [], "rulesets": []}
    failures = {"healthz": 0, "rulesets": 0}
    kept = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.2", 0))
    while not stop.is_set():
        for name in ("healthz", "rulesets"):
            started = time.perf_counter()
            try:
                if name == "healthz":
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.2", 0))
                    conn.request("GET", "/healthz")
                    ok = conn.getresponse().status == 200
                    conn.close()
                else:
                    kept.request("GET", "/v1/rulesets")
                    answer = kept.getresponse()
                    answer.read()
                    ok = answer.status == 200
            except OSError:
                ok = False
                if name == "rulesets":
                    kept.close()
                    kept = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=("127.0.0.2", 0))
            if ok:
                latencies[name].append(time.perf_counter() - started)
            else:
                failures[name] += 1
        stop.wait(0.02)
    kept.close()
    shared_latencies.update(latencies)
    shared_failures.update(failures)


def run(bodies: int, addresses: int, drip: float, seconds: float, env: dict[str, str]) -> dict[str, object]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with Gunicorn(workers=int(env.get("WEB_CONCURRENCY", "1")), env=env) as server:
        # the probes in a process of their own: this one's loop over thousands of sockets holds the GIL
        manager = multiprocessing.Manager()
        latencies: Any = manager.dict()
        failures: Any = manager.dict()
        stop = multiprocessing.Event()
        prober = multiprocessing.Process(target=probe, args=(server.port, stop, latencies, failures))
        prober.start()
        selector = selectors.DefaultSelector()
        open_socks: dict[socket.socket, bytes] = {}
        statuses: dict[int, int] = {}
        not_opened = 0
        for i in range(bodies):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((f"127.0.1.{1 + i % addresses}", 0))
                sock.setblocking(False)
                sock.connect_ex(("127.0.0.1", server.port))
            except OSError:
                not_opened += 1
                sock.close()
                continue
            selector.register(sock, selectors.EVENT_WRITE)
            open_socks[sock] = b""
        started = time.monotonic()
        last_drip = 0.0
        peak_held = 0
        sent_head: set[socket.socket] = set()
        while time.monotonic() - started < seconds and open_socks:
            for key, events in selector.select(timeout=0.05):
                sock = key.fileobj  # type: ignore[assignment]
                if events & selectors.EVENT_WRITE and sock not in sent_head:
                    try:
                        sock.send(HEAD)
                        sent_head.add(sock)
                        selector.modify(sock, selectors.EVENT_READ)
                    except OSError:
                        statuses[0] = statuses.get(0, 0) + 1
                        selector.unregister(sock)
                        del open_socks[sock]
                        sock.close()
                    continue
                try:
                    data = sock.recv(65536)
                except OSError:
                    data = b""
                got = open_socks[sock] + data
                if not data or b"\r\n\r\n" in got:
                    found = re.match(rb"HTTP/1\.1 (\d+)", got)
                    code = int(found.group(1)) if found else 0
                    statuses[code] = statuses.get(code, 0) + 1
                    selector.unregister(sock)
                    del open_socks[sock]
                    sock.close()
                else:
                    open_socks[sock] = got
            if time.monotonic() - last_drip >= drip:
                last_drip = time.monotonic()
                for sock in list(sent_head & open_socks.keys()):
                    with contextlib.suppress(OSError):
                        sock.send(b" ")
            peak_held = max(peak_held, len(sent_head & open_socks.keys()))
        still_open = len(open_socks)
        for sock in open_socks:
            sock.close()
        time.sleep(1.0)
        stop.set()
        prober.join(30)
        latencies, failures = dict(latencies), dict(failures)
        manager.shutdown()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/metrics")
        text = conn.getresponse().read().decode()
        conn.close()
    memory = re.search(r"^referee_pod_resident_memory_bytes (\S+)$", text, re.M)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    out: dict[str, object] = {"bodies": bodies, "addresses": addresses, "peak_held": peak_held,
                              "answered": dict(sorted(statuses.items())), "never_answered": still_open,
                              "not_opened": not_opened, "failures": failures,
                              "server_rss_mb": round(float(memory.group(1)) / 2**20) if memory else None}
    for name, values in latencies.items():
        if values:
            ordered = sorted(values)
            out[name] = {"n": len(ordered), "p50_ms": round(statistics.median(ordered) * 1000, 1),
                         "p99_ms": round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 1),
                         "max_ms": round(ordered[-1] * 1000, 1)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bodies", type=int, default=10_000)
    parser.add_argument("--addresses", type=int, default=1)
    parser.add_argument("--drip", type=float, default=2.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server")
    args = parser.parse_args()
    env = {"RATELIMIT_ENABLED": "true", "LOG_LEVEL": "error"}
    env.update(item.split("=", 1) for item in args.env)
    print(run(args.bodies, args.addresses, args.drip, args.seconds, env))


if __name__ == "__main__":
    main()
