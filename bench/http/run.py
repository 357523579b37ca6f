"""HTTP benchmark: the trick endpoint against a bare Flask JSON endpoint, under the same gunicorn.

    .venv/bin/python bench/http/run.py [--seconds 8] [--rounds 3] [--connections 16] [--workers 2] [--client wrk]
                                       [--accept-language id] [--baseline DIR] [--limits [--limiter-off-too]] [--logs]

For each round, for each app in turn (``service.wsgi:app`` serving ``POST /v1/rulesets/forty_fives/trick``
with a four-card trick, then ``bench/http/bare_app.py`` serving ``POST /bare``, which parses the same
body and answers JSON of the same size), it starts gunicorn with the project's ``gunicorn.conf.py``
(sync workers; ``WEB_CONCURRENCY`` workers, bound to 127.0.0.1 on a free port), warms up, then
drives it from this process for a bounded time (``--seconds``) and number of requests
(``--max-requests``) with ``--connections`` concurrent clients; sync workers close the connection
after each answer, so every request opens one. It prints requests per second, p50/p99 latency and
the ratio of the two apps' throughput, as JSON. With ``--accept-language`` every request to both apps
carries that ``Accept-Language`` header (the service then answers in that language; the bare app
ignores it and answers as many bytes). With ``--baseline DIR`` (another tree, such as a checkout of
the parent commit, with the same dependencies) its service is measured in each round too, between
the two, and its share of the bare endpoint reported beside this tree's.
With ``--limits`` the service (and the baseline) count every request against the rate limits, as
deployed, their amounts raised far above the load (the bare app has none); ``--limiter-off-too``
measures this tree's service with the limiter off as well, in each round beside it, and reports what
the limiter adds to a request's server CPU (the median of the rounds' differences).
With ``--logs`` the service (and the baseline) log as the manifests deploy them (``LOG_LEVEL`` and
``LOG_FORMAT`` of ``k8s/configmap.yaml``: a JSON request line a request, into a file); without it
they log warnings only, as the bare app does.

The load generator is ``wrk`` when installed (``apt-get install wrk``; 2 threads), else this
script's asyncio client (connect to last byte), which needs far more CPU per request and so
measures less of the servers. Either runs on the same machine (loopback only) and takes CPU from
the servers; both apps pay that equally. Figures are medians over the rounds; the ratio is the
median of the rounds' ratios (each round measures both apps back to back). On a machine shared
with other work, wall-clock figures move with that work; the servers' CPU time per request (read
from /proc for gunicorn's master and workers) does much less, and ``cpu_throughput_ratio`` compares
the apps by it. The service runs as deployed with several workers: its request metrics go through
a ``PROMETHEUS_MULTIPROC_DIR`` (a temporary directory here).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.matches.run import deployed_logs, raised_limits  # noqa: E402
from bench.proc_cpu import server_cpu_seconds  # noqa: E402

HOST = "127.0.0.1"
RULESET = "forty_fives"
TRICK_BODY = json.dumps({"trump": "H", "plays": ["KH", "7H", "QD", "AH"]}, separators=(",", ":")).encode()
#: extra request headers (``--accept-language``), sent to both apps
EXTRA_HEADERS: dict[str, str] = {}


@dataclass
class Target:
    name: str
    app: str
    path: str
    env: dict[str, str] = field(default_factory=dict)
    #: the tree served (its code and its gunicorn.conf.py): this one, or ``--baseline``'s
    root: Path = ROOT
    #: its LOG_LEVEL and LOG_FORMAT when not the bench's warnings only (``--logs``)
    logs: dict[str, str] = field(default_factory=dict)


@dataclass
class Load:
    ok: int = 0
    failed: int = 0
    latencies: list[float] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def request_bytes(path: str, port: int) -> bytes:
    extra = "".join(f"{name}: {value}\r\n" for name, value in EXTRA_HEADERS.items())
    head = (
        f"POST {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\n{extra}"
        f"Content-Length: {len(TRICK_BODY)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + TRICK_BODY


def post(port: int, path: str) -> tuple[int, bytes]:
    req = urllib.request.Request(
        f"http://{HOST}:{port}{path}", data=TRICK_BODY, headers={"Content-Type": "application/json", **EXTRA_HEADERS}
    )
    with urllib.request.urlopen(req, timeout=5) as resp:
        return resp.status, resp.read()


class Exchange(asyncio.Protocol):
    """One request on its own connection: send, read to EOF, report."""

    def __init__(self, payload: bytes, done: asyncio.Future[bytes]) -> None:
        self.payload = payload
        self.done = done
        self.chunks: list[bytes] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.write(self.payload)

    def data_received(self, data: bytes) -> None:
        self.chunks.append(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            if exc is None:
                self.done.set_result(b"".join(self.chunks))
            else:
                self.done.set_exception(exc)


async def drive(port: int, path: str, seconds: float, max_requests: int, connections: int) -> tuple[Load, float]:
    loop = asyncio.get_running_loop()
    payload = request_bytes(path, port)
    load = Load()
    deadline = time.perf_counter() + seconds
    budget = [max_requests]

    async def client() -> None:
        while budget[0] > 0 and time.perf_counter() < deadline:
            budget[0] -= 1
            done: asyncio.Future[bytes] = loop.create_future()
            start = time.perf_counter()
            try:
                await loop.create_connection(lambda d=done: Exchange(payload, d), HOST, port)
                raw = await done
            except OSError:
                load.failed += 1
                continue
            elapsed = time.perf_counter() - start
            if raw.startswith(b"HTTP/1.1 200 "):
                load.ok += 1
                load.latencies.append(elapsed)
            else:
                load.failed += 1

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(connections)))
    return load, time.perf_counter() - started


def start_gunicorn(target: Target, port: int, workers: int) -> subprocess.Popen[bytes]:
    inherited = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env = {
        **inherited,
        # one client address at thousands of requests a second: RATELIMIT_RULES (50/second per address)
        # would refuse nearly all of them, and a 429 measures the limiter, not the endpoint (--limits:
        # on, its limits raised above the load)
        "RATELIMIT_ENABLED": os.environ.get("RATELIMIT_ENABLED", "false"),
        **target.env,
        "PORT": str(port),
        "HOST": HOST,
        "WEB_CONCURRENCY": str(workers),
        "LOG_LEVEL": "warning",
        **target.logs,
        "PYTHONPATH": os.pathsep.join(p for p in (str(target.root), os.environ.get("PYTHONPATH", "")) if p),
    }
    own = target.root / ".venv" / "bin" / "python"  # a baseline tree's own packages, where it has them
    python = str(own) if target.name == "baseline" and own.exists() else sys.executable
    command = [python, "-m", "gunicorn", "-c", str(target.root / "gunicorn.conf.py"), target.app]
    # its log in a file (a pipe nobody reads would fill with request lines and stop the server)
    with tempfile.TemporaryFile() as log:  # the server keeps its own descriptor open
        proc = subprocess.Popen(command, cwd=target.root, env=env, stdout=subprocess.DEVNULL, stderr=log)
        for _ in range(200):
            try:
                status, _body = post(port, target.path)
                if status == 200:
                    return proc
            except OSError:
                time.sleep(0.05)
        proc.kill()
        proc.wait()
        log.seek(0)
        errors = log.read().decode(errors="replace")[-4000:]
    raise RuntimeError(f"gunicorn for {target.name} did not answer: {errors}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


_WRK_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def run_wrk(port: int, path: str, seconds: float, connections: int) -> dict[str, float | int]:
    """One wrk run (2 threads); its requests per second, p50/p99 latency and failures."""
    command = [
        "wrk", "-t2", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--latency",
        "-s", str(Path(__file__).with_name("post.lua")), f"http://{HOST}:{port}{path}",
    ]
    env = {**os.environ, "BENCH_BODY": TRICK_BODY.decode(),
           "BENCH_ACCEPT_LANGUAGE": EXTRA_HEADERS.get("Accept-Language", "")}
    out = subprocess.run(command, env=env, capture_output=True,
                         text=True, check=True, timeout=seconds + 60).stdout
    found: dict[str, float | int] = {"failed": 0}
    for line in out.splitlines():
        words = line.split()
        if len(words) == 2 and words[0] in ("50%", "99%"):
            value = re.fullmatch(r"([0-9.]+)(us|ms|s)", words[1])
            if value:
                found[f"p{words[0][:-1]}_ms"] = round(float(value.group(1)) * _WRK_UNITS[value.group(2)], 3)
        elif line.startswith("Requests/sec:"):
            found["rps"] = round(float(words[1]), 1)
        elif "requests in" in line:
            found["requests"] = int(words[0])
            found["seconds"] = float(words[3].rstrip(",s"))
        elif line.strip().startswith("Non-2xx or 3xx responses:"):
            found["failed"] = int(words[-1])
        elif line.strip().startswith("Socket errors:"):
            found["socket_errors"] = line.split(":", 1)[1].strip()
    return found


def measure(target: Target, args: argparse.Namespace) -> dict[str, float | int]:
    port = free_port()
    proc = start_gunicorn(target, port, args.workers)
    try:
        if args.client == "wrk":
            run_wrk(port, target.path, args.warmup, args.connections)
            cpu_before = server_cpu_seconds(proc.pid)
            found = run_wrk(port, target.path, args.seconds, args.connections)
            cpu = server_cpu_seconds(proc.pid) - cpu_before
            found["server_cpu_us_per_request"] = round(cpu / max(1, int(found["requests"])) * 1e6, 1)
            return found
        asyncio.run(drive(port, target.path, args.warmup, args.max_requests, args.connections))
        cpu_before = server_cpu_seconds(proc.pid)
        load, elapsed = asyncio.run(drive(port, target.path, args.seconds, args.max_requests, args.connections))
        cpu = server_cpu_seconds(proc.pid) - cpu_before
    finally:
        stop(proc)
    lat = sorted(load.latencies)
    if not lat:
        raise RuntimeError(f"{target.name}: no successful request ({load.failed} failed)")
    return {
        "requests": load.ok,
        "failed": load.failed,
        "seconds": round(elapsed, 3),
        "rps": round(load.ok / elapsed, 1),
        "p50_ms": round(lat[len(lat) // 2] * 1000, 3),
        "p99_ms": round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000, 3),
        "server_cpu_us_per_request": round(cpu / max(1, load.ok) * 1e6, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=8.0, help="measured time per app and round")
    parser.add_argument("--warmup", type=float, default=1.5, help="unmeasured load before each measurement")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (referee, bare, referee, ...)")
    parser.add_argument("--connections", type=int, default=16, help="concurrent clients")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers (WEB_CONCURRENCY)")
    parser.add_argument("--max-requests", type=int, default=500_000,
                        help="upper bound per measurement (python client; wrk is bounded by time)")
    parser.add_argument("--client", choices=("auto", "wrk", "python"), default="auto",
                        help="load generator: wrk (Debian package 'wrk') or this script's asyncio client; "
                        "auto: wrk when installed")
    parser.add_argument("--ruleset", default=RULESET, help="ruleset whose trick endpoint is measured")
    parser.add_argument("--app", default="service.wsgi:app", help="the service's WSGI app")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0",
                        help="REDIS_URL for both apps: gunicorn.conf.py refuses several workers without one "
                        "(an in-memory match store); neither endpoint measured uses it")
    parser.add_argument("--accept-language", default=None,
                        help="send this Accept-Language header with every request (to both apps), e.g. id")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another tree (a checkout of the parent commit): its service is measured too, in "
                        "the same rounds, and compared with this tree's")
    parser.add_argument("--limits", action="store_true",
                        help="the rate limiter on for the service (and the baseline), its limits raised above "
                        "the load, as bench/matches/run.py --limits")
    parser.add_argument("--logs", action="store_true",
                        help="the service (and the baseline) log as deployed (k8s/configmap.yaml: a request line a "
                        "request), where the bench's servers log warnings only; the bare app has no request log")
    parser.add_argument("--limiter-off-too", action="store_true",
                        help="with --limits: this tree's service with the limiter off too, in the same rounds "
                        "(limiter_cpu_us_per_request: what the limiter adds to a request's server CPU)")
    args = parser.parse_args()
    if args.limiter_off_too and not args.limits:
        parser.error("--limiter-off-too compares with --limits: give both")
    if args.accept_language:
        EXTRA_HEADERS["Accept-Language"] = args.accept_language
    if args.client == "auto":
        args.client = "wrk" if shutil.which("wrk") else "python"

    # As deployed with several workers (the Dockerfile): request metrics shared through a directory.
    metrics_dir = tempfile.TemporaryDirectory(prefix="bench-http-metrics-")
    referee = Target("referee", args.app, f"/v1/rulesets/{args.ruleset}/trick",
                     {"PROMETHEUS_MULTIPROC_DIR": metrics_dir.name, "REDIS_URL": args.redis_url,
                      **({"RATELIMIT_ENABLED": "true", **raised_limits()} if args.limits else {})},
                     logs=deployed_logs() if args.logs else {})
    # The bare app answers the same number of bytes as the referee does to this request.
    port = free_port()
    proc = start_gunicorn(referee, port, 1)
    try:
        _status, answer = post(port, referee.path)
    finally:
        stop(proc)
    bare = Target("bare_flask", "bench.http.bare_app:app", "/bare",
                  {"BARE_RESPONSE_BYTES": str(len(answer)), "REDIS_URL": args.redis_url})

    targets = [referee, bare]
    if args.baseline is not None:
        baseline = Target("baseline", referee.app, referee.path, referee.env, args.baseline.resolve(), referee.logs)
        targets.insert(1, baseline)
    if args.limiter_off_too:  # right after the service with it on, in each round
        off = {**referee.env, "RATELIMIT_ENABLED": "false"}
        targets.insert(1, Target("referee_limiter_off", referee.app, referee.path, off, logs=referee.logs))
    runs: dict[str, list[dict[str, float | int]]] = {target.name: [] for target in targets}
    load_average: list[float] = []
    for _ in range(args.rounds):
        for target in targets:
            runs[target.name].append(measure(target, args))
            load_average.append(os.getloadavg()[0])
    metrics_dir.cleanup()

    def median(name: str, key: str) -> float:
        return round(statistics.median(float(r[key]) for r in runs[name]), 3)

    summary = {
        name: {key: median(name, key) for key in ("rps", "p50_ms", "p99_ms", "server_cpu_us_per_request")}
        for name in runs
    }
    # Each round measures both apps back to back, so a round's ratio compares like with like on a
    # machine whose other load varies.
    round_ratios = [
        round(float(r["rps"]) / float(b["rps"]), 3) for r, b in zip(runs[referee.name], runs[bare.name], strict=True)
    ]
    baseline_report: dict[str, object] = {}
    if args.baseline is not None:
        baseline_ratios = [round(float(r["rps"]) / float(b["rps"]), 3)
                           for r, b in zip(runs["baseline"], runs[bare.name], strict=True)]
        baseline_report = {
            "baseline": str(args.baseline),
            "baseline_round_ratios": baseline_ratios,
            "baseline_throughput_ratio": round(statistics.median(baseline_ratios), 3),
            "baseline_cpu_throughput_ratio": round(
                summary["bare_flask"]["server_cpu_us_per_request"] / summary["baseline"]["server_cpu_us_per_request"],
                3),
        }
    if args.limiter_off_too:  # (reported beside the baseline's figures)
        # per round, the two measured back to back: the difference of each round's CPU, then its median
        added = [float(on["server_cpu_us_per_request"]) - float(off["server_cpu_us_per_request"])
                 for on, off in zip(runs[referee.name], runs["referee_limiter_off"], strict=True)]
        baseline_report["limiter_round_cpu_us_per_request"] = [round(x, 1) for x in added]
        baseline_report["limiter_cpu_us_per_request"] = round(statistics.median(added), 1)
    report = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "processor": _processor(),
                    "load_average_1min_after_each_measurement": [round(x, 2) for x in load_average]},
        "settings": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
        "request": {"path": referee.path, "body": TRICK_BODY.decode(), "headers": EXTRA_HEADERS,
                    "answer_bytes": len(answer)},
        "answer": json.loads(answer),
        "runs": runs,
        "median": summary,
        "round_ratios": round_ratios,
        "throughput_ratio": round(statistics.median(round_ratios), 3),
        # Requests per CPU-second of the servers: what throughput would be with the cores to themselves.
        "cpu_throughput_ratio": round(
            summary["bare_flask"]["server_cpu_us_per_request"] / summary["referee"]["server_cpu_us_per_request"], 3
        ),
        **baseline_report,
    }
    print(json.dumps(report, indent=2, ensure_ascii=False))


def _processor() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


if __name__ == "__main__":
    main()
