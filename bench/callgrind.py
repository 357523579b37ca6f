"""The instructions a command executes, counted by valgrind's callgrind: user space only, the same
figure whatever else the machine is doing (``engine.py --instructions``, ``matches/instructions.py``)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Mapping, Sequence


def collected(command: Sequence[str], env: Mapping[str, str], *options: str, what: str) -> int:
    """Callgrind's count of the instructions ``command`` executed (its "Collected" total), run with
    valgrind ``options`` and ``env``; RuntimeError naming ``what`` with the end of valgrind's
    output when the run failed."""
    run = subprocess.run(["valgrind", "--tool=callgrind", *options, *command], capture_output=True, text=True,
                         env=dict(env), check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind failed on {what}:\n{run.stderr[-2000:]}")
    return int(found.group(1))
