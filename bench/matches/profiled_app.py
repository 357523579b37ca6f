"""A WSGI app with a profiler around a window of its requests (``worker_profile.py``).

gunicorn loads ``bench.matches.profiled_app:app`` in a worker as it would ``service.wsgi:app`` (or,
with ``PROFILE_BARE=1``, the bare endpoint ``bench.matches.bare_app:app``); the
profiler (cProfile, timed by the worker's CPU clock) is on from request ``PROFILE_FROM`` to request
``PROFILE_TO`` of the worker, and the statistics are written to ``PROFILE_OUT`` after the last one.
For measuring only: nothing in the service imports it.
"""

from __future__ import annotations

import cProfile
import importlib
import os
import time
from collections.abc import Callable, Iterable
from typing import Any

_INNER = "bench.matches.bare_app" if os.environ.get("PROFILE_BARE") == "1" else "service.wsgi"
inner_app = importlib.import_module(_INNER).app

FIRST = int(os.environ.get("PROFILE_FROM", "100"))
LAST = int(os.environ.get("PROFILE_TO", "1100"))
OUT = os.environ.get("PROFILE_OUT", "")

_profiler = cProfile.Profile(time.process_time)
_served = [0]


def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    _served[0] += 1
    number = _served[0]
    if number == FIRST:
        _profiler.enable()
    try:
        return inner_app(environ, start_response)
    finally:
        if number == LAST:
            _profiler.disable()
            if OUT:
                _profiler.dump_stats(OUT)
