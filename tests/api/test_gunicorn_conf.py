"""``gunicorn.conf.py``'s metrics housekeeping: the multiprocess directory starts empty with the server
(an earlier run's counts are not added to this one's), and a worker that exits is marked dead."""

from __future__ import annotations

import http.client
import os
import runpy
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

# Imported before any test sets PROMETHEUS_MULTIPROC_DIR: the library picks its single- or
# multi-process values once, at its import, so a first import inside child_exit under a test's
# variable would leave every later test of the process writing to a directory that is gone.
import prometheus_client  # noqa: F401
import pytest

from tests.matches.gunicorn_server import ROOT, Gunicorn
from tests.redis_server import RedisServer, redis_server

HEALTHZ = 'referee_http_requests_total{endpoint="/healthz",method="GET",status="200"}'


def _conf(monkeypatch: pytest.MonkeyPatch, metrics_dir: Path) -> dict[str, object]:
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(metrics_dir))
    return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def test_on_starting_empties_the_metrics_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    conf = _conf(monkeypatch, tmp_path / "prometheus")
    conf["on_starting"](None)  # type: ignore[operator]
    assert (tmp_path / "prometheus").is_dir()  # created when missing
    for name in ("counter_101.db", "histogram_101.db", "gauge_livesum_101.db"):
        (tmp_path / "prometheus" / name).write_bytes(b"stale")
    (tmp_path / "prometheus" / "notes.txt").write_text("not a metrics file")
    conf["on_starting"](None)  # type: ignore[operator]
    assert sorted(p.name for p in (tmp_path / "prometheus").iterdir()) == ["notes.txt"]


def test_child_exit_marks_the_worker_dead(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    conf = _conf(monkeypatch, tmp_path)
    for name in ("gauge_livesum_4242.db", "gauge_liveall_4242.db", "counter_4242.db", "gauge_livesum_7.db"):
        (tmp_path / name).write_bytes(b"")
    conf["child_exit"](None, SimpleNamespace(pid=4242))  # type: ignore[operator]
    # its live gauges go; its counts stay (they were answered), as do other workers' files
    assert sorted(p.name for p in tmp_path.iterdir()) == ["counter_4242.db", "gauge_livesum_7.db"]


def _healthz_count(port: int) -> float:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/metrics")
    text = conn.getresponse().read().decode()
    conn.close()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(HEALTHZ))


@pytest.mark.slow
def test_a_restarted_server_does_not_count_the_last_runs_requests(redis_server: RedisServer) -> None:
    # two workers need a Redis store (the memory store refuses more than one worker)
    server = Gunicorn(workers=2, env={"REDIS_URL": redis_server.url})
    # an earlier run's worker left 1,000 /healthz answers in the directory
    earlier = (
        "from service.api.ops import REQUESTS\n"
        "REQUESTS.labels('GET', '/healthz', '200').inc(1000)\n"
    )
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(server.metrics_dir), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", earlier], env=env, check=True, cwd=ROOT)
    assert list(server.metrics_dir.glob("counter_*.db"))
    with server:
        count = _healthz_count(server.port)
    assert 1 <= count < 1000  # the start-up probes only


__all__ = ["redis_server"]


def test_workers_are_gevent_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """The streams and slow clients need an asynchronous worker (bench/README.md, Live)."""
    monkeypatch.delenv("WORKER_CLASS", raising=False)
    monkeypatch.delenv("WORKER_CONNECTIONS", raising=False)
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert conf["worker_class"] == "service.server.GeventWorker"  # gunicorn's, with the service's bounds
    assert conf["worker_connections"] == 2000
    monkeypatch.setenv("WORKER_CLASS", "sync")
    monkeypatch.setenv("WORKER_CONNECTIONS", "500")
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert (conf["worker_class"], conf["worker_connections"]) == ("sync", 500)


def test_an_unknown_worker_class_stops_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORKER_CLASS", "tornado")
    with pytest.raises(SystemExit, match="WORKER_CLASS: Must be one of: gevent, gthread, sync"):
        runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def test_a_heartbeat_as_long_as_the_graceful_timeout_stops_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """A SIGTERM ends a stream after its next heartbeat, which must come before the worker is killed."""
    monkeypatch.setenv("STREAM_HEARTBEAT_SECONDS", "19.5")
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert conf["graceful_timeout"] == 20 and callable(conf["post_worker_init"])
    monkeypatch.setenv("STREAM_HEARTBEAT_SECONDS", "20")
    with pytest.raises(SystemExit, match="STREAM_HEARTBEAT_SECONDS must be below"):
        runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def test_a_worker_freezes_what_it_loaded_out_of_the_collectors_walks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``post_worker_init`` (gunicorn calls it once the worker has loaded the app) collects, then
    freezes every object left (``service.server.settle_heap``): a full collection no longer walks
    them. Its SIGTERM handler is put in place as before."""
    import gc
    import signal

    conf = _conf(monkeypatch, tmp_path / "metrics")
    previous = signal.getsignal(signal.SIGTERM)
    stopped: list[int] = []
    worker = SimpleNamespace(handle_exit=lambda sig, frame: stopped.append(sig))
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    try:
        conf["post_worker_init"](worker)  # type: ignore[operator]
        frozen = gc.get_freeze_count()
        assert frozen > 10_000, frozen  # this process's modules, functions, the loaded app's pieces
        assert not gc.get_objects(generation=2)  # nothing old left to walk ...
        made = [[index] for index in range(100)]  # ... but what is made afterwards, as before
        assert all(gc.is_tracked(item) for item in made)
        assert signal.getsignal(signal.SIGTERM) is not previous
    finally:
        gc.unfreeze()
        signal.signal(signal.SIGTERM, previous)
