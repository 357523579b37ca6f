"""The Redis start scripts of k8s/redis.yaml, run as they are against real redis-server and Sentinel
processes: three nodes, each on its own loopback address with the same ports, as three pods would be.

What the manifests promise: a node's role comes from the Sentinels (never from its name), so a node
that was master and comes back after a failover replicates the new master and loses no acknowledged
write; a Sentinel keeps what it learned across restarts (its id and the current master); a whole
cluster restarted at once keeps the master it had; the master's pre-stop hook hands its role over.
"""

from __future__ import annotations

import contextlib
import os
import random
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
import yaml

from tests.ports import free_port
from tests.redis_server import _die_with_parent

pytestmark = [pytest.mark.redis, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
MASTER_NAME = "referee"


def _configmap() -> dict[str, str]:
    docs = yaml.safe_load_all((ROOT / "k8s" / "redis.yaml").read_text())
    return next(d for d in docs if d and d["kind"] == "ConfigMap" and d["metadata"]["name"] == "referee-redis")["data"]


def _wait(what: str, check: Callable[[], Any], timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        with contextlib.suppress(redis.RedisError, OSError):
            last = check()
            if last:
                return last
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what} (last: {last!r})")


class Cluster:
    """Three nodes (redis-server + Sentinel each) started through the manifest's scripts."""

    def __init__(self, root: Path) -> None:
        self.root = root
        base = f"127.{random.randint(20, 250)}.{random.randint(0, 250)}"
        self.hosts = [f"{base}.{i + 1}" for i in range(3)]
        self.port = free_port()  # free on every address: the nodes bind it on three
        self.sentinel_port = free_port()
        self.password = secrets.token_urlsafe(24)
        scripts = root / "scripts"
        scripts.mkdir()
        for name, text in _configmap().items():
            (scripts / name).write_text(text)
        self.scripts = scripts
        (root / "password").write_text(self.password)
        self.processes: dict[tuple[str, int], subprocess.Popen[bytes]] = {}

    def env(self, index: int) -> dict[str, str]:
        data = self.root / f"node{index}" / "data"
        data.mkdir(parents=True, exist_ok=True)
        return {
            **os.environ,
            "REDIS_SELF": self.hosts[index],
            "REDIS_NODES": " ".join(self.hosts),
            "SENTINEL_MASTER": MASTER_NAME,
            "REDIS_BIND": self.hosts[index],
            "REDIS_PORT": str(self.port),
            "SENTINEL_PORT": str(self.sentinel_port),
            "REDIS_PASSWORD_FILE": str(self.root / "password"),
            "REDIS_CONFIG": str(self.scripts / "redis.conf"),
            "REDIS_DATA_DIR": str(data),
            "REDIS_RUN_DIR": str(self.root / f"node{index}" / "run"),
            "SENTINEL_WAIT_SECONDS": "3",
            "SENTINEL_DOWN_AFTER_MS": "2000",
            "SENTINEL_FAILOVER_TIMEOUT_MS": "6000",
            "PRESTOP_WAIT_SECONDS": "20",
        }

    def sentinel_conf(self, index: int) -> Path:
        return self.root / f"node{index}" / "data" / "sentinel" / "sentinel.conf"

    def log(self, kind: str, index: int) -> Path:
        return self.root / f"node{index}" / f"{kind}.log"

    def start(self, kind: str, index: int) -> None:
        script = {"redis": "start-redis.sh", "sentinel": "start-sentinel.sh"}[kind]
        env = self.env(index)
        with self.log(kind, index).open("ab") as log:
            self.processes[kind, index] = subprocess.Popen(
                ["sh", str(self.scripts / script)],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                preexec_fn=_die_with_parent,
            )

    def stop(self, kind: str, index: int, sig: int = signal.SIGTERM) -> None:
        process = self.processes.pop((kind, index), None)
        if process is None or process.poll() is not None:
            return
        process.send_signal(sig)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)

    def stop_all(self) -> None:
        for kind, index in list(self.processes):
            self.stop(kind, index)

    def redis(self, index: int) -> redis.Redis:
        return redis.Redis(host=self.hosts[index], port=self.port, password=self.password, socket_timeout=2, protocol=2)

    def sentinel(self, index: int) -> redis.Redis:
        return redis.Redis(
            host=self.hosts[index], port=self.sentinel_port, password=self.password, socket_timeout=2, protocol=2
        )

    def role(self, index: int) -> str:
        with contextlib.closing(self.redis(index)) as client:
            reply = client.execute_command("ROLE")
        return reply[0].decode()

    def replica_of(self, index: int) -> tuple[str, int, str] | None:
        with contextlib.closing(self.redis(index)) as client:
            reply = client.execute_command("ROLE")
        if reply[0] != b"slave":
            return None
        return reply[1].decode(), int(reply[2]), reply[3].decode()

    def known_master(self, index: int) -> dict[str, Any]:
        with contextlib.closing(self.sentinel(index)) as client:
            return dict(client.sentinel_master(MASTER_NAME))

    def sentinels_agree_on(self) -> str | None:
        """The master every Sentinel names, once each knows two replicas and two other Sentinels."""
        views = [self.known_master(i) for i in range(3)]
        hosts = {v["ip"] for v in views}
        settled = all(v["num-slaves"] == 2 and v["num-other-sentinels"] == 2 for v in views)
        return hosts.pop() if len(hosts) == 1 and settled else None

    def healthy(self, master: int) -> bool:
        """``master`` is master with two replicas whose links are up."""
        if self.role(master) != "master":
            return False
        replicas = [self.replica_of(i) for i in range(3) if i != master]
        return all(r is not None and r[0] == self.hosts[master] and r[2] == "connected" for r in replicas)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    made = Cluster(tmp_path)
    try:
        yield made
    finally:
        made.stop_all()


def _start_all(cluster: Cluster) -> None:
    for index in range(3):
        cluster.start("sentinel", index)
    for index in range(3):
        cluster.start("redis", index)


def _logs(cluster: Cluster) -> str:
    return "\n".join(
        f"--- {kind} {i}\n" + cluster.log(kind, i).read_text(errors="replace")[-1500:]
        for i in range(3)
        for kind in ("redis", "sentinel")
        if cluster.log(kind, i).exists()
    )


def test_a_failed_master_comes_back_as_a_replica_and_the_sentinels_keep_what_they_learned(
    cluster: Cluster,
) -> None:
    try:
        _run_scenario(cluster)
    except AssertionError as error:
        raise AssertionError(f"{error}\n{_logs(cluster)}") from None


def _run_scenario(cluster: Cluster) -> None:
    hosts = cluster.hosts
    # A new installation: the Sentinels' first configuration names node 0.
    _start_all(cluster)
    _wait("node 0 master with two replicas", lambda: cluster.healthy(0))
    assert _wait("the Sentinels to settle", cluster.sentinels_agree_on) == hosts[0]
    myid_0 = _myid(cluster, 0)

    with contextlib.closing(cluster.redis(0)) as master:
        master.set("before", "1")
        assert master.wait(2, 2000) == 2

    # The master crashes; the Sentinels promote a replica.
    cluster.stop("redis", 0, signal.SIGKILL)
    new_master = _wait(
        "a failover",
        lambda: next((i for i in (1, 2) if cluster.role(i) == "master"), None),
    )
    _wait(
        "every Sentinel to name the new master",
        lambda: {cluster.known_master(i)["ip"] for i in range(3)} == {hosts[new_master]},
    )
    with contextlib.closing(cluster.redis(new_master)) as master:
        master.set("after", "2")  # min-replicas-to-write 1: the other replica is there

    # The old master restarts: it asks the Sentinels and replicates the new master.
    cluster.start("redis", 0)
    _wait("node 0 to replicate the new master", lambda: (cluster.replica_of(0) or ("",))[0] == hosts[new_master])
    _wait("node 0 to catch up", lambda: _get(cluster, 0, "after") == b"2")
    assert _get(cluster, 0, "before") == b"1"
    assert "starting as a replica of " + hosts[new_master] in cluster.log("redis", 0).read_text()

    # Sentinel 0 restarts on the file it left: same id, and it names the new master at once.
    cluster.stop("sentinel", 0)
    cluster.start("sentinel", 0)
    _wait("Sentinel 0 to answer", lambda: cluster.known_master(0))
    assert cluster.known_master(0)["ip"] == hosts[new_master]
    assert _myid(cluster, 0) == myid_0
    assert "keeping" in cluster.log("sentinel", 0).read_text()

    # The whole cluster stops and starts again at once: every node asks the Sentinels, which still
    # name the elected master (not node 0), and nothing acknowledged is lost.
    cluster.stop_all()
    for index in range(3):
        cluster.log("redis", index).write_text("")
    _start_all(cluster)
    for index in range(3):
        _wait(
            f"node {index} to choose its role",
            lambda i=index: "start-redis: starting as" in cluster.log("redis", i).read_text(),
        )
        chosen = cluster.log("redis", index).read_text()
        expected = "starting as the master" if index == new_master else f"starting as a replica of {hosts[new_master]}"
        assert expected in chosen
    # (The Sentinels may fail over again while the nodes start; the data must not care.)
    [master] = _wait("the cluster to come back", lambda: [i for i in range(3) if cluster.healthy(i)], 45)
    assert _myid(cluster, 0) == myid_0
    assert _get(cluster, master, "before") == b"1"
    assert _get(cluster, master, "after") == b"2"

    # The master's pre-stop hook: when it returns, another node is master, with every write. It runs
    # on a settled cluster: the master the Sentinels name, with both nodes replicating it (after the
    # restart an old master may still say it is one until the Sentinels turn it into a replica, about
    # 15 s on a loaded machine, and a failover asked meanwhile is not made).
    named = _wait("the Sentinels and the nodes to settle again",
                  lambda: (m := cluster.sentinels_agree_on()) is not None and cluster.healthy(hosts.index(m)) and m,
                  timeout=60)
    master = hosts.index(named)
    with contextlib.closing(cluster.redis(master)) as client:
        client.set("last", "3")
    hook = subprocess.run(
        ["sh", str(cluster.scripts / "prestop-redis.sh")],
        env=cluster.env(master),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert hook.returncode == 0, hook.stderr
    successor = next((i for i in range(3) if i != master and cluster.role(i) == "master"), None)
    assert successor is not None, hook.stderr
    assert _get(cluster, successor, "last") == b"3"
    _wait(
        "the old master to replicate its successor",
        lambda: (cluster.replica_of(master) or ("",))[0] == hosts[successor],
    )
    # A replica's hook does nothing.
    replica = next(i for i in range(3) if cluster.role(i) == "slave")
    started = time.monotonic()
    quiet = subprocess.run(
        ["sh", str(cluster.scripts / "prestop-redis.sh")], env=cluster.env(replica), capture_output=True, timeout=30
    )
    assert quiet.returncode == 0 and time.monotonic() - started < 5


def _get(cluster: Cluster, index: int, key: str) -> bytes | None:
    with contextlib.closing(cluster.redis(index)) as client:
        return client.get(key)  # type: ignore[return-value]


def _myid(cluster: Cluster, index: int) -> str:
    lines = [line for line in cluster.sentinel_conf(index).read_text().splitlines() if line.startswith("sentinel myid")]
    assert len(lines) == 1
    return lines[0].split()[2]


def test_the_redis_password_is_required(cluster: Cluster) -> None:
    _start_all(cluster)
    _wait("node 0 master with two replicas", lambda: cluster.healthy(0))
    anonymous = redis.Redis(host=cluster.hosts[0], port=cluster.port, socket_timeout=2, protocol=2)
    with contextlib.closing(anonymous), pytest.raises(redis.AuthenticationError):
        anonymous.ping()
    # The readiness probe's test: the reply text, not redis-cli's exit code.
    env = {**os.environ, "REDISCLI_AUTH": "wrong"}
    reply = subprocess.run(
        ["redis-cli", "-h", cluster.hosts[0], "-p", str(cluster.port), "ping"], env=env, capture_output=True, text=True
    )
    assert reply.stdout.strip() != "PONG"
    env["REDISCLI_AUTH"] = cluster.password
    reply = subprocess.run(
        ["redis-cli", "-h", cluster.hosts[0], "-p", str(cluster.port), "ping"], env=env, capture_output=True, text=True
    )
    assert reply.stdout.strip() == "PONG"


def test_the_sentinels_ask_for_the_password_and_the_service_gives_it(cluster: Cluster) -> None:
    """The Sentinels refuse a client without the Redis password (requirepass from the Secret), still
    agree with each other and fail over (they authenticate to each other and to the nodes), and the
    service's store, configured as k8s/ configures it, finds the master through them."""
    from service.api.config import Settings
    from service.store.factory import make_store

    _start_all(cluster)
    _wait("node 0 master with two replicas", lambda: cluster.healthy(0))
    assert _wait("the Sentinels to settle", cluster.sentinels_agree_on) == cluster.hosts[0]
    anonymous = redis.Redis(host=cluster.hosts[0], port=cluster.sentinel_port, socket_timeout=2, protocol=2)
    with contextlib.closing(anonymous), pytest.raises(redis.AuthenticationError):
        anonymous.execute_command("SENTINEL", "MASTERS")
    env = {
        "REDIS_SENTINELS": ",".join(f"{host}:{cluster.sentinel_port}" for host in cluster.hosts),
        "REDIS_SENTINEL_MASTER": MASTER_NAME,
        "REDIS_PASSWORD": cluster.password,
        "REDIS_SENTINEL_PASSWORD": cluster.password,
    }
    store = make_store(Settings.from_env(env).store)
    try:
        assert store.ping()
    finally:
        store.close()
    # The rate limiter counts in the master it finds through the Sentinels too.
    from service.api.app import create_app

    app = create_app(Settings.from_env({**env, "RATELIMIT_ENABLED": "true"}))
    for _ in range(3):
        assert app.test_client().get("/v1/rulesets").status_code == 200
    with contextlib.closing(cluster.redis(0)) as master:
        assert list(master.scan_iter("*referee-limits*")), "the limiter counted nothing in Redis"
    # Without the Sentinels' password the store finds no master to talk to.
    blind = make_store(Settings.from_env({**env, "REDIS_SENTINEL_PASSWORD": ""}).store)
    try:
        assert not blind.ping()
    finally:
        blind.close()
    # The Sentinels, authenticating to each other, still elect a new master when it fails.
    cluster.stop("redis", 0, signal.SIGKILL)
    _wait("a failover", lambda: next((i for i in (1, 2) if cluster.role(i) == "master"), None))


def _backup_script() -> str:
    docs = yaml.safe_load_all((ROOT / "k8s" / "backup.yaml").read_text())
    config = next(d for d in docs if d and d["kind"] == "ConfigMap" and d["metadata"]["name"] == "referee-redis-backup")
    return str(config["data"]["backup-redis.sh"])


def _service_env(cluster: Cluster) -> dict[str, str]:
    return {
        "REDIS_SENTINELS": ",".join(f"{host}:{cluster.sentinel_port}" for host in cluster.hosts),
        "REDIS_SENTINEL_MASTER": MASTER_NAME,
        "REDIS_PASSWORD": cluster.password,
        "REDIS_SENTINEL_PASSWORD": cluster.password,
    }


def _play(matches: Any, match_id: str, token: str, rng: random.Random) -> None:
    legal = matches.view(match_id, token).view["legal_actions"]
    legal = [a for a in legal if a["type"] != "round_result" or "result" in a]  # facts are the referee's
    matches.act(match_id, token, rng.choice(legal))


def test_a_snapshot_taken_by_the_backup_job_restores_every_match_after_the_data_is_lost(
    cluster: Cluster, tmp_path: Path
) -> None:
    """k8s/backup.yaml's script takes a snapshot of the master the Sentinels name; every Redis
    volume is then lost (a new installation starts empty); scripts/redis-restore.py copies the
    snapshot into the new master through the Sentinels; every match reads at the version it had and
    takes its next action."""
    from service.api.config import Settings
    from service.matches.usecases import Matches
    from service.rules.registry import RULESETS
    from service.store.factory import make_store

    _start_all(cluster)
    _wait("node 0 master with two replicas", lambda: cluster.healthy(0))
    _wait("the Sentinels to settle", cluster.sentinels_agree_on)
    settings = Settings.from_env(_service_env(cluster))
    rng = random.Random(39)
    played: dict[str, tuple[str, int]] = {}  # match id -> (referee token, last version)
    store = make_store(settings.store)
    try:
        matches = Matches(store, rng=random.Random(1))
        for ruleset in sorted(RULESETS):
            players = [f"P{i + 1}" for i in range(RULESETS[ruleset].default_players)]
            for _ in range(2):
                created = matches.create({"ruleset": ruleset, "mode": "table", "players": players, "dealer": 0})
                for _ in range(rng.randint(3, 25)):
                    _play(matches, created.match_id, created.referee_token, rng)
                version = matches.view(created.match_id, created.referee_token).view["version"]
                played[created.match_id] = (created.referee_token, version)
    finally:
        store.close()

    # The backup job, as the CronJob runs it.
    (tmp_path / "backup").mkdir()
    script = tmp_path / "backup-redis.sh"
    script.write_text(_backup_script())
    env = {**os.environ, "REDIS_NODES": " ".join(cluster.hosts), "SENTINEL_MASTER": MASTER_NAME,
           "SENTINEL_PORT": str(cluster.sentinel_port), "REDIS_PASSWORD_FILE": str(cluster.root / "password"),
           "BACKUP_DIR": str(tmp_path / "backup"), "BACKUP_KEEP": "2"}
    for _ in range(3):  # three runs, two kept
        backup = subprocess.run(["sh", str(script)], env=env, capture_output=True, text=True, timeout=120)
        assert backup.returncode == 0, backup.stderr
        time.sleep(1.1)  # one file a second
    snapshots = sorted((tmp_path / "backup").iterdir())
    assert [p.suffix for p in snapshots] == [".rdb", ".rdb"], snapshots
    assert cluster.password not in backup.stdout + backup.stderr

    # Every volume lost: the whole installation starts again, empty.
    cluster.stop_all()
    for index in range(3):
        subprocess.run(["rm", "-rf", str(cluster.root / f"node{index}" / "data")], check=True)
    _start_all(cluster)
    _wait("node 0 master of a new installation", lambda: cluster.healthy(0))
    _wait("the Sentinels to settle", cluster.sentinels_agree_on)
    with contextlib.closing(cluster.redis(0)) as master:
        assert master.dbsize() == 0

    restore_env = {**os.environ, "REDIS_PASSWORD": cluster.password, "REDIS_SENTINEL_PASSWORD": cluster.password}
    restored = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "redis-restore.py"), str(snapshots[-1]),
         "--sentinels", _service_env(cluster)["REDIS_SENTINELS"], "--master", MASTER_NAME],
        env=restore_env, capture_output=True, text=True, timeout=300,
    )
    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert "restored" in restored.stdout and "2 replica(s) acknowledged" in restored.stdout, restored.stdout
    assert cluster.password not in restored.stdout + restored.stderr

    store = make_store(settings.store)
    try:
        matches = Matches(store, rng=random.Random(2))
        for match_id, (token, version) in played.items():
            assert matches.view(match_id, token).view["version"] == version
            _play(matches, match_id, token, rng)
            assert matches.view(match_id, token).view["version"] == version + 1
    finally:
        store.close()

    # Restored again over matches played since: kept as they are, unless --replace.
    again = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "redis-restore.py"), str(snapshots[-1]),
         "--sentinels", _service_env(cluster)["REDIS_SENTINELS"]],
        env=restore_env, capture_output=True, text=True, timeout=300,
    )
    assert again.returncode == 0 and " 0 groups restored" in again.stdout, again.stdout + again.stderr


def test_the_redis_password_rotates_as_the_runbook_says_without_losing_a_match(cluster: Cluster) -> None:
    """docs/operations.md, Rotating secrets: both passwords accepted, the nodes' and Sentinels'
    outgoing passwords changed, the pods restarted one at a time on the new Secret, the old password
    gone with the restarts; the service on the new password reads the match, the old one is refused."""
    from service.api.config import Settings
    from service.matches.usecases import Matches
    from service.store.factory import make_store

    _start_all(cluster)
    _wait("node 0 master with two replicas", lambda: cluster.healthy(0))
    _wait("the Sentinels to settle", cluster.sentinels_agree_on)
    old, new = cluster.password, secrets.token_urlsafe(24)
    store = make_store(Settings.from_env(_service_env(cluster)).store)
    try:
        created = Matches(store, rng=random.Random(1)).create(
            {"ruleset": "forty_fives", "mode": "table", "players": ["A", "B", "C", "D"], "dealer": 0})
    finally:
        store.close()

    def each(port: int, *command: str) -> None:
        for host in cluster.hosts:
            with contextlib.closing(redis.Redis(host=host, port=port, password=old, socket_timeout=2)) as client:
                client.execute_command(*command)

    each(cluster.port, "ACL", "SETUSER", "default", f">{new}")  # 1. both passwords
    each(cluster.sentinel_port, "ACL", "SETUSER", "default", f">{new}")
    each(cluster.port, "CONFIG", "SET", "masterauth", new)  # 2. what they send
    each(cluster.sentinel_port, "SENTINEL", "SET", MASTER_NAME, "auth-pass", new)
    each(cluster.sentinel_port, "SENTINEL", "CONFIG", "SET", "sentinel-pass", new)
    (cluster.root / "password").write_text(new)  # 3. the Secret, then the pods one at a time
    cluster.password = new
    for index in range(3):
        cluster.stop("sentinel", index)
        cluster.stop("redis", index)
        cluster.start("sentinel", index)
        cluster.start("redis", index)
        _wait(f"pod {index} back", lambda: any(cluster.healthy(i) for i in range(3)), 45)
    _wait("the Sentinels to settle on the new password", cluster.sentinels_agree_on, 45)
    # 4. A restarted node or Sentinel knows only the new password (its start writes it from the Secret).
    for host, port in [(host, port) for host in cluster.hosts for port in (cluster.port, cluster.sentinel_port)]:
        stale = redis.Redis(host=host, port=port, password=old, socket_timeout=2)
        with contextlib.closing(stale), pytest.raises(redis.AuthenticationError):
            stale.ping()

    store = make_store(Settings.from_env(_service_env(cluster)).store)
    try:
        assert Matches(store).view(created.match_id, created.referee_token).view["version"] >= 0
    finally:
        store.close()
    # The Sentinels, on the new password only, still elect a new master.
    master = next(i for i in range(3) if cluster.role(i) == "master")
    cluster.stop("redis", master, signal.SIGKILL)
    _wait("a failover", lambda: next((i for i in range(3) if i != master and cluster.role(i) == "master"), None))
