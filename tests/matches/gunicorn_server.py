"""Run the service under gunicorn for a test or a benchmark: a free loopback port, its own workers,
stopped by its own pid (never by name)."""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from tests.ports import free_port, listens

ROOT = Path(__file__).resolve().parents[2]


class Gunicorn:
    """``gunicorn -c gunicorn.conf.py <app>`` on 127.0.0.1:<free port>, with the given environment;
    ``root``: the tree whose code and ``gunicorn.conf.py`` it runs (this one by default); ``python``:
    the interpreter that runs it (this one by default; another tree's own, whose packages may differ)."""

    def __init__(
        self,
        app: str = "service.wsgi:app",
        *,
        workers: int = 4,
        env: Mapping[str, str] | None = None,
        root: Path = ROOT,
        python: str = sys.executable,
    ) -> None:
        self.app = app
        self.root = root
        self.python = python
        self.workers = workers
        self.port = free_port()
        self.extra_env = dict(env or {})
        self.process: subprocess.Popen[bytes] | None = None
        self._log_start = 0
        self._metrics_dir = tempfile.TemporaryDirectory(prefix="prom-")
        self.log_path = Path(self._metrics_dir.name) / "gunicorn.log"

    @property
    def metrics_dir(self) -> Path:
        """The server's ``PROMETHEUS_MULTIPROC_DIR``."""
        return Path(self._metrics_dir.name)

    def start(self, timeout: float = 90.0) -> Gunicorn:  # a loaded 2-core machine: 17 s seen for 4 workers
        """Start the server and wait until it answers ``/healthz``. A port that turns out to be taken
        (another process bound it first: gunicorn says "Connection in use") is given up for another
        one, so that the answer waited for is always this server's."""
        for _ in range(3):
            self._launch()
            if self._wait_until_answering(timeout):
                return self
            self.stop()
            self.port = free_port()
        raise RuntimeError(f"gunicorn found no free port:\n{self.log_tail()}")

    def _launch(self) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "REDIS_SENTINELS")}
        env.update(
            HOST="127.0.0.1",
            PORT=str(self.port),
            WEB_CONCURRENCY=str(self.workers),
            PROMETHEUS_MULTIPROC_DIR=self._metrics_dir.name,
            PYTHONPATH=str(self.root),
            LOG_LEVEL="warning",
            # the suites drive matches far faster than any client may (a test of the limits sets it)
            RATELIMIT_ENABLED="false",
        )
        env.update(self.extra_env)
        self._log_start = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [self.python, "-m", "gunicorn", "-c", str(self.root / "gunicorn.conf.py"), self.app],
                cwd=self.root,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )

    def _port_taken(self) -> bool:
        try:
            with open(self.log_path, "rb") as log:
                log.seek(self._log_start)
                return b"Connection in use" in log.read()
        except OSError:
            return False

    def _wait_until_answering(self, timeout: float) -> bool:
        """True once this server answers; False when its port was taken; raises when it fails."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while True:
            if self._port_taken():
                return False
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=1)
                conn.request("GET", "/healthz")
                if conn.getresponse().status == 200:
                    conn.close()
                    if listens(self.process.pid, self.port):  # the answer is this server's
                        return True
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"gunicorn did not answer on port {self.port}:\n{self.log_tail()}")
            time.sleep(0.1)

    def stop(self) -> None:
        process = self.process
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
        self.process = None

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def __enter__(self) -> Gunicorn:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self._metrics_dir.cleanup()
