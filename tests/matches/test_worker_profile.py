"""bench/matches/worker_profile.py profiles a real gunicorn worker serving plays, and its split of
the profile counts every second once, under the part where the code lives."""

from __future__ import annotations

import cProfile
import importlib.util
import json
import pstats
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "matches" / "worker_profile.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_worker_profile", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_split_counts_all_the_profiled_time_once() -> None:
    bench = _bench()
    import service.rules.cards as cards

    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(200):
        sorted(cards.BY_TEXT)  # a C function called from here ("other Python")
        json.dumps({"a": [1, 2, 3]})
    profiler.disable()
    stats = pstats.Stats(profiler)
    parts = bench.split(stats)
    own = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    assert abs(sum(parts.values()) - own) < 1e-9
    assert bench.part_of("/x/service/rules/games/avinas/play.py") == "service: rules"
    assert bench.part_of("/x/site-packages/gunicorn/http/message.py") == "gunicorn"
    assert bench.part_of("/x/site-packages/werkzeug/routing/map.py") == "flask and werkzeug"


def test_a_real_worker_is_profiled_for_the_service_and_the_bare_endpoint(tmp_path: Path) -> None:
    for bare in (False, True):
        out = tmp_path / f"worker-{bare}.prof"
        args = [sys.executable, str(SCRIPT), "--posts", "40", "--warm", "5", "--top", "3", "--out", str(out)]
        done = subprocess.run([*args, "--bare"] if bare else args, cwd=ROOT, capture_output=True, text=True,
                              timeout=300, check=False)
        assert done.returncode == 0, done.stderr[-3000:]
        report = json.loads(done.stdout)
        assert report["app"] == ("bare" if bare else "service")
        assert report["requests"] == 40 and out.exists()
        parts = report["parts"]
        assert abs(sum(p["share"] for p in parts.values()) - 1) < 0.01
        assert parts["gunicorn"]["us_per_request"] > 0 and parts["flask and werkzeug"]["us_per_request"] > 0
        if bare:
            assert not any(name.startswith("service:") for name in parts)
        else:  # the posts ran the rules, the use cases and the store in the profiled worker
            for name in ("service: rules", "service: matches (use cases)", "service: store", "service: api"):
                assert parts[name]["us_per_request"] > 0
        assert len(report["top_own_time"]) == 3
