"""``service.rules.per_process.renew_after_fork``: what a forked process makes afresh."""

from __future__ import annotations

import gc
import os

from service.rules import per_process
from service.rules.per_process import renew_after_fork


class _Pool:
    def __init__(self) -> None:
        self.taken = 3
        renew_after_fork(self, _Pool.renew)

    def renew(self) -> None:
        self.taken = 0


def test_a_forked_process_renews_what_was_registered_and_its_parent_does_not() -> None:
    pool = _Pool()
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: says what it holds, and exits at once
        os.write(writer, str(pool.taken).encode())
        os._exit(0)
    os.close(writer)
    in_child = os.read(reader, 16).decode()
    os.waitpid(pid, 0)
    os.close(reader)
    assert in_child == "0" and pool.taken == 3


def test_registering_keeps_nothing_alive() -> None:
    pool = _Pool()
    before = len(per_process._RENEW)
    del pool
    gc.collect()
    assert len(per_process._RENEW) == before - 1
