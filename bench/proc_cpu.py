"""CPU time of processes, from /proc: what the benchmarks put beside throughput (a server's CPU per
request is steadier than its requests per second on a shared machine)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path


def cpu_seconds(pids: Iterable[int]) -> float:
    """User + system CPU used so far by these processes (one that has gone counts nothing)."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def with_children(pid: int) -> list[int]:
    """A process and its children (a gunicorn master and its workers)."""
    return [pid, *map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]


def server_cpu_seconds(master: int) -> float:
    """CPU used so far by a gunicorn master and its workers; NaN once the master has gone."""
    try:
        pids = with_children(master)
    except OSError:
        return float("nan")
    return cpu_seconds(pids)
