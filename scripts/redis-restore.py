#!/usr/bin/env python3
"""Restore the matches of an RDB snapshot (k8s/backup.yaml's CronJob writes them) into a running Redis.

    python scripts/redis-restore.py BACKUP.rdb --url redis://HOST:PORT/0
    python scripts/redis-restore.py BACKUP.rdb --sentinels HOST:PORT,HOST:PORT --master referee

The password of Redis comes from REDIS_PASSWORD, the Sentinels' from REDIS_SENTINEL_PASSWORD (as for
the service); neither is ever printed. The snapshot is opened by a private redis-server of its own
(on a Unix socket in a temporary folder, never a port, stopped by its pid at the end), and every key
is copied to the target with DUMP and RESTORE, keeping its time to live, while the service runs.

Keys go by hash tag: a match's keys (``{match:<id>}:...``) are restored together or not at all. A
match whose keys the target holds already (played since the snapshot) is left as the target has
it, unless ``--replace`` puts back the snapshot's version. The counts are printed at the end; the
exit status is 0 when every group was restored or kept, 1 on an error.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import redis
from redis.sentinel import Sentinel


def _group(key: bytes) -> bytes:
    """The hash tag of ``key`` (what Redis Cluster places by), or the key itself without one."""
    start = key.find(b"{")
    end = key.find(b"}", start + 1)
    return key[start + 1:end] if start >= 0 and end > start + 1 else key


def _open_snapshot(rdb: Path, work: Path) -> tuple[subprocess.Popen[bytes], redis.Redis]:
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("redis-restore: redis-server is not on the PATH (Debian: apt-get install redis-server)")
    shutil.copyfile(rdb, work / "snapshot.rdb")
    socket = work / "redis.sock"
    server = subprocess.Popen(
        [binary, "--port", "0", "--unixsocket", str(socket), "--unixsocketperm", "700", "--dir", str(work),
         "--dbfilename", "snapshot.rdb", "--appendonly", "no", "--save", "", "--logfile", str(work / "redis.log")],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    client = redis.Redis(unix_socket_path=str(socket), socket_timeout=30)
    deadline = time.monotonic() + 120
    while True:
        if server.poll() is not None:
            log = (work / "redis.log").read_text(errors="replace")[-2000:]
            sys.exit(f"redis-restore: redis-server could not open {rdb}:\n{log}")
        try:
            if client.ping():
                return server, client
        except redis.RedisError:
            pass  # not listening yet, or still loading the snapshot
        if time.monotonic() > deadline:
            server.kill()
            sys.exit(f"redis-restore: redis-server did not load {rdb} in 120 s")
        time.sleep(0.05)


def _target(args: argparse.Namespace) -> redis.Redis:
    password = os.environ.get("REDIS_PASSWORD") or None
    if args.url:
        return redis.Redis.from_url(args.url, password=password, socket_timeout=10)
    sentinels = []
    for item in args.sentinels.split(","):
        host, _, port = item.strip().rpartition(":")
        sentinels.append((host, int(port)))
    sentinel = Sentinel(sentinels, sentinel_kwargs={"password": os.environ.get("REDIS_SENTINEL_PASSWORD") or None,
                                                    "socket_timeout": 5})
    return sentinel.master_for(args.master, password=password, socket_timeout=10)


def restore(source: redis.Redis, target: redis.Redis, *, replace: bool) -> dict[str, int]:
    groups: dict[bytes, list[bytes]] = defaultdict(list)
    for key in source.scan_iter(count=1000):
        groups[_group(key)].append(key)
    counts = {"restored": 0, "kept": 0, "keys": 0}
    for keys in groups.values():
        if not replace and target.exists(*keys):
            counts["kept"] += 1
            continue
        read = source.pipeline(transaction=False)
        for key in keys:
            read.dump(key)
            read.pttl(key)
        replies = read.execute()
        write = target.pipeline(transaction=True)  # a group's keys land together (one slot: one node)
        for key, dumped, ttl in zip(keys, replies[::2], replies[1::2], strict=True):
            if dumped is None:  # expired while we read
                continue
            write.restore(key, max(int(ttl), 0), dumped, replace=True)
            counts["keys"] += 1
        write.execute()
        counts["restored"] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rdb", type=Path, help="the snapshot (.rdb) to restore")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--url", help="the target Redis (redis:// or rediss://)")
    where.add_argument("--sentinels", help="host:port,... of the Sentinels naming the target master")
    parser.add_argument("--master", default="referee", help="the Sentinels' name for the master (referee)")
    parser.add_argument("--replace", action="store_true", help="put back the snapshot's version of matches the "
                        "target holds already (their later actions are lost)")
    args = parser.parse_args(argv)
    if not args.rdb.is_file():
        parser.error(f"no file at {args.rdb}")
    with tempfile.TemporaryDirectory(prefix="redis-restore-") as folder:
        server, source = _open_snapshot(args.rdb, Path(folder))
        try:
            target = _target(args)
            counts = restore(source, target, replace=args.replace)
            connected = int(target.info("replication").get("connected_slaves", 0))
            replicas = int(target.wait(connected, 5000)) if connected else 0
        except redis.RedisError as error:
            print(f"redis-restore: {type(error).__name__}: {error}", file=sys.stderr)
            return 1
        finally:
            source.close()
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)
    print(f"redis-restore: {counts['restored']} groups restored ({counts['keys']} keys), {counts['kept']} kept "
          f"as the target had them; {replicas} replica(s) acknowledged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
