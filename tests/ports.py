"""Free TCP ports for the servers the tests start, safe under pytest-xdist.

Two runs of a server must never meet on one port: a server that cannot bind its port exits, and a
check that only asks "does something answer there?" then talks to another test's server. So every
port handed out here is

* below the kernel's range of ports for outgoing connections (``ip_local_port_range``, 32768 and
  up here), so no client socket holds it by chance, and a server stopped and started again on its
  port (a restart, a failover test) finds it free;
* in a slice of its own per xdist worker (``PYTEST_XDIST_WORKER``: ``gw0``, ``gw1``, ...), so
  two workers of one run never pick the same one (the slices are turned by the run's id,
  ``PYTEST_XDIST_TESTRUNUID``, so that two runs side by side mostly use different ones);
* not handed out again by this process while it has others left, and bindable on every address
  when handed out.

A Redis Cluster node also needs its bus port (port + 10000) free: ``free_port(bus=True)`` gives a
port whose bus port is free too, and since every slice lies in [10000, 20000) the bus ports lie in
[20000, 30000), where no plain port is ever given.
"""

from __future__ import annotations

import hashlib
import os
import random
import socket
import threading

#: plain ports (and cluster nodes) come from here, the cluster bus ports from LOW + 10000 ...
LOW, HIGH = 10000, 20000
#: the most xdist workers the slices are cut for (a higher worker number wraps around)
SLICES = 8
BUS_OFFSET = 10000

_given: set[int] = set()
_lock = threading.Lock()


#: a run not under xdist takes a slice at random
_ALONE = random.randrange(SLICES)


def worker_index() -> int:
    """The slice of this process: its xdist worker number, turned by the run's id."""
    name = os.environ.get("PYTEST_XDIST_WORKER")
    if name is None:
        return _ALONE
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
    turn = int(hashlib.sha256(run.encode()).hexdigest(), 16) % SLICES
    digits = "".join(ch for ch in name if ch.isdigit())
    return (int(digits or 0) + turn) % SLICES


def worker_slice() -> range:
    """The ports this worker may hand out."""
    size = (HIGH - LOW) // SLICES
    start = LOW + worker_index() * size
    return range(start, start + size)


def bindable(port: int) -> bool:
    """Nothing listens on ``port`` at any local address right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True


def free_port(*, bus: bool = False) -> int:
    """A port of this worker's slice that nothing listens on (nor, with ``bus``, on port + 10000),
    not handed out before by this process while the slice has others left."""
    ports = worker_slice()
    with _lock:
        if len(_given) > len(ports) // 2:
            _given.clear()  # a long session: the ports given first were released long ago
        candidates = [p for p in ports if p not in _given]
        random.shuffle(candidates)
        for port in candidates:
            if bindable(port) and (not bus or bindable(port + BUS_OFFSET)):
                _given.add(port)
                return port
    raise RuntimeError(f"no free port left in {ports.start}-{ports.stop - 1}")


def listens(pid: int, port: int) -> bool:
    """Process ``pid`` itself holds a socket listening on ``port`` (Linux: ``/proc``), so that an
    answer on the port is its own and not another process's that bound the port first."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as lines:
                next(lines)
                for line in lines:
                    fields = line.split()
                    local, state, inode = fields[1], fields[3], fields[9]
                    if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                        inodes.add(f"socket:[{inode}]")
        except OSError:
            continue
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                return True
        except OSError:
            continue
    return False
