"""How it ships: the Dockerfile passes hadolint, installs the lock and pins its base; every k8s manifest
validates strictly, checkov finds no failed check, and the manifests keep what an operator relies on
(restricted pods, network fences, Redis that refuses rather than loses writes, a graceful stop).

No Docker engine or cluster runs on these machines, so the checks are static (STACK.md); the Redis
start scripts themselves run in tests/test_redis_scripts.py.
"""

from __future__ import annotations

import re
import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from service.api.config import Settings

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    assert found, f"{name} is a dev dependency (pyproject.toml) and must be installed"
    return found


def test_dockerfile_passes_hadolint() -> None:
    result = subprocess.run([_tool("hadolint"), str(ROOT / "Dockerfile")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_manifests_validate_strictly() -> None:
    manifests = sorted(str(p) for p in (ROOT / "k8s").glob("*.yaml"))
    assert manifests
    result = subprocess.run(
        [_tool("kubernetes-validate"), "--strict", *manifests], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_deployment_has_probes_and_runs_as_non_root() -> None:
    docs = [d for p in (ROOT / "k8s").glob("*.yaml") for d in yaml.safe_load_all(p.read_text()) if d]
    kinds = {d["kind"] for d in docs}
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "ConfigMap",
            "StatefulSet"} <= kinds
    deployment = next(d for d in docs if d["kind"] == "Deployment")
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert deployment["spec"]["template"]["spec"]["securityContext"]["runAsNonRoot"] is True
    redis = next(d for d in docs if d["kind"] == "StatefulSet")
    assert redis["spec"]["replicas"] >= 3  # Sentinel-managed, never a single pod
    assert "USER" in (ROOT / "Dockerfile").read_text()


# -- the image -----------------------------------------------------------------------------------


def _dockerfile() -> str:
    return (ROOT / "Dockerfile").read_text()


def test_every_base_image_is_pinned_by_digest() -> None:
    bases = re.findall(r"^FROM\s+(\S+)", _dockerfile(), re.M)
    assert bases
    assert all(re.fullmatch(r"[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}", base) for base in bases), bases


def test_the_image_installs_exactly_the_locked_runtime_set() -> None:
    text = _dockerfile()
    sync = re.search(r"^RUN uv sync (.*)$", text, re.M)
    assert sync, "the image installs with `uv sync` from uv.lock"
    assert {"--frozen", "--no-dev", "--no-install-project"} <= set(sync.group(1).split())
    assert "--extra" not in sync.group(1)
    assert "COPY pyproject.toml uv.lock ./" in text
    assert re.search(r"pip install .*--require-hashes -r uv-requirements.txt", text)  # uv itself, hash-checked


def test_the_image_writes_no_bytecode_and_runs_as_a_numeric_non_root_user() -> None:
    text = _dockerfile()
    assert "UV_COMPILE_BYTECODE=0" in text and "PYTHONDONTWRITEBYTECODE=1" in text and "--no-compile" in text
    users = re.findall(r"^USER\s+(\S+)", text, re.M)
    assert users and re.fullmatch(r"[1-9]\d{3,}(:[1-9]\d{3,})?", users[-1])
    assert "HEALTHCHECK" in text


# -- the manifests -------------------------------------------------------------------------------

WORKLOADS = ("Deployment", "StatefulSet")


def _docs() -> list[dict[str, Any]]:
    return [
        d
        for p in sorted((ROOT / "k8s").glob("*.yaml"))
        if p.name != "kustomization.yaml"
        for d in yaml.safe_load_all(p.read_text())
        if d
    ]


def _one(kind: str, name: str) -> dict[str, Any]:
    return next(d for d in _docs() if d["kind"] == kind and d["metadata"]["name"] == name)


def _pod(workload: dict[str, Any]) -> dict[str, Any]:
    return workload["spec"]["template"]["spec"]  # type: ignore[no-any-return]


def _container(workload: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in _pod(workload)["containers"] if c["name"] == name)


def _env(container: dict[str, Any]) -> dict[str, str]:
    return {e["name"]: e.get("value", "") for e in container.get("env", [])}


def test_the_kustomization_lists_every_manifest_and_one_namespace() -> None:
    kustomization = yaml.safe_load((ROOT / "k8s" / "kustomization.yaml").read_text())
    files = {p.name for p in (ROOT / "k8s").glob("*.yaml")} - {"kustomization.yaml"}
    assert set(kustomization["resources"]) == files
    namespace = _one("Namespace", kustomization["namespace"])
    assert namespace["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"
    for doc in _docs():
        if doc["kind"] != "Namespace":
            assert doc["metadata"].get("namespace") == kustomization["namespace"], doc["metadata"]["name"]


def test_checkov_finds_no_failed_check() -> None:
    # --skip-download: no registry of check metadata is reachable from here, and none is needed.
    result = subprocess.run(
        [_tool("checkov"), "-d", str(ROOT / "k8s"), "--skip-download", "--compact", "--quiet"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"Passed checks: [1-9]\d*, Failed checks: 0", result.stdout), result.stdout
    # A skip is an annotation `checkov.io/skipN: CHECK_ID=reason`: never without its reason.
    for doc in _docs():
        for key, value in (doc["metadata"].get("annotations") or {}).items():
            if key.startswith("checkov.io/skip"):
                check, _, reason = value.partition("=")
                assert re.fullmatch(r"CKV2?_K8S_\d+", check) and len(reason) > 20, value


def test_every_container_meets_the_restricted_pod_security_standard() -> None:
    workloads = [d for d in _docs() if d["kind"] in WORKLOADS]
    assert {w["metadata"]["name"] for w in workloads} == {"referee", "referee-redis"}
    for workload in workloads:
        pod = _pod(workload)
        assert pod["automountServiceAccountToken"] is False
        assert pod["securityContext"]["runAsNonRoot"] is True
        assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
        assert not {"hostNetwork", "hostPID", "hostIPC"} & set(pod)
        assert all(set(v) & {"configMap", "secret", "emptyDir"} for v in pod.get("volumes", []))
        for container in pod["containers"]:
            where = f"{workload['metadata']['name']}/{container['name']}"
            context = container["securityContext"]
            assert context["runAsNonRoot"] is True, where
            assert context["allowPrivilegeEscalation"] is False, where
            assert context["readOnlyRootFilesystem"] is True, where
            assert context["capabilities"] == {"drop": ["ALL"]}, where
            assert context["seccompProfile"]["type"] == "RuntimeDefault", where
            assert {"cpu", "memory"} <= set(container["resources"]["requests"]), where
            assert {"cpu", "memory"} <= set(container["resources"]["limits"]), where
            assert re.fullmatch(r"[\w./-]+(:[\w.-]+@sha256:[0-9a-f]{64}|:\d+\.\d+\.\d+)", container["image"]), where
            assert "readinessProbe" in container and "livenessProbe" in container, where


def test_pods_spread_over_nodes_and_zones() -> None:
    for name, kind in (("referee", "Deployment"), ("referee-redis", "StatefulSet")):
        spread = {c["topologyKey"]: c for c in _pod(_one(kind, name))["topologySpreadConstraints"]}
        assert set(spread) == {"kubernetes.io/hostname", "topology.kubernetes.io/zone"}
        assert all(c["labelSelector"]["matchLabels"] == {"app.kubernetes.io/name": name} for c in spread.values())
    redis_on_nodes = _pod(_one("StatefulSet", "referee-redis"))["topologySpreadConstraints"][0]
    assert redis_on_nodes["whenUnsatisfiable"] == "DoNotSchedule"  # one lost node takes one Redis


def test_the_service_stops_after_a_pause_and_within_its_grace_period() -> None:
    conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert conf["worker_tmp_dir"] == "/dev/shm"
    pod = _pod(_one("Deployment", "referee"))
    container = _container(_one("Deployment", "referee"), "referee")
    pause = container["lifecycle"]["preStop"]["sleep"]["seconds"]
    assert pause >= 5
    assert pod["terminationGracePeriodSeconds"] > pause + conf["graceful_timeout"]
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    shm = next(v for v in pod["volumes"] if v["name"] == mounts["/dev/shm"])
    assert shm["emptyDir"]["medium"] == "Memory"
    # a SIGTERM ends each open stream at its next heartbeat, which comes before the graceful timeout
    config = _one("ConfigMap", "referee-config")["data"]
    assert float(config["STREAM_HEARTBEAT_SECONDS"]) < conf["graceful_timeout"]


def test_the_rate_limits_see_the_client_behind_the_ingress() -> None:
    """The Service is a ClusterIP: clients come through an ingress. With TRUSTED_PROXIES=0 they would
    all be the ingress's address and share one per-address limit."""
    assert _one("Service", "referee")["spec"].get("type", "ClusterIP") == "ClusterIP"
    config = _one("ConfigMap", "referee-config")["data"]
    assert config["TRUSTED_PROXIES"] == "1"
    assert Settings.from_env(config).trusted_proxies == 1


def _sentinel_hosts() -> list[str]:
    config = _one("ConfigMap", "referee-config")["data"]
    return [item.rpartition(":")[0] for item in config["REDIS_SENTINELS"].split(",")]


def test_the_service_reaches_redis_with_the_password_from_the_secret() -> None:
    container = _container(_one("Deployment", "referee"), "referee")
    refs = {e["name"]: e["valueFrom"]["secretKeyRef"] for e in container["env"] if "valueFrom" in e}
    assert refs == {
        "REDIS_PASSWORD": {"name": "referee-secrets", "key": "REDIS_PASSWORD"},
        "REDIS_SENTINEL_PASSWORD": {"name": "referee-secrets", "key": "REDIS_PASSWORD"},
        "IDEMPOTENCY_SECRET": {"name": "referee-secrets", "key": "IDEMPOTENCY_SECRET"},
    }
    redis = _one("StatefulSet", "referee-redis")
    password = next(v for v in _pod(redis)["volumes"] if v["name"] == "password")["secret"]
    assert password["secretName"] == "referee-secrets"
    assert password["items"] == [{"key": "REDIS_PASSWORD", "path": "password"}]
    for name in ("redis", "sentinel"):
        mounts = {m["name"]: m for m in _container(redis, name)["volumeMounts"]}
        assert mounts["password"]["mountPath"] == "/run/secrets/redis" and mounts["password"]["readOnly"]


def test_the_redis_nodes_and_sentinels_are_the_ones_the_service_knows() -> None:
    redis = _one("StatefulSet", "referee-redis")
    headless = _one("Service", "referee-redis")
    assert headless["spec"]["clusterIP"] == "None" and headless["spec"]["publishNotReadyAddresses"] is True
    assert redis["spec"]["podManagementPolicy"] == "Parallel"  # roles come from the Sentinels
    nodes = [f"referee-redis-{i}.{headless['metadata']['name']}" for i in range(redis["spec"]["replicas"])]
    for name in ("redis", "sentinel"):
        env = _env(_container(redis, name))
        assert env["REDIS_NODES"].split() == nodes
        assert env["REDIS_SELF"] == "$(POD_NAME).referee-redis"
        assert env["SENTINEL_MASTER"] == _one("ConfigMap", "referee-config")["data"]["REDIS_SENTINEL_MASTER"]
    assert _sentinel_hosts() == nodes


def test_redis_refuses_writes_rather_than_evicting_or_losing_them() -> None:
    redis = _one("StatefulSet", "referee-redis")
    conf = dict(
        line.split(None, 1) for line in _one("ConfigMap", "referee-redis")["data"]["redis.conf"].splitlines() if line
    )
    assert conf["maxmemory-policy"] == "noeviction"
    assert conf["appendonly"] == "yes"
    assert int(conf["min-replicas-to-write"]) >= 1 and int(conf["min-replicas-max-lag"]) > 0
    limit = _container(redis, "redis")["resources"]["limits"]["memory"]
    assert limit.endswith("Gi") and conf["maxmemory"].endswith("mb")
    assert int(conf["maxmemory"][:-2]) <= int(limit[:-2]) * 1024 * 0.75  # headroom for forks and buffers


def test_redis_readiness_compares_the_reply_text() -> None:
    redis = _one("StatefulSet", "referee-redis")
    for name in ("redis", "sentinel"):
        probe = " ".join(_container(redis, name)["readinessProbe"]["exec"]["command"])
        assert re.search(r'test "\$\(.*redis-cli .*ping\)" = PONG', probe), probe
    assert "preStop" in _container(redis, "redis")["lifecycle"]
    assert _pod(redis)["terminationGracePeriodSeconds"] > 40  # prestop-redis.sh waits at most 40 s


def _policy(name: str) -> dict[str, Any]:
    return _one("NetworkPolicy", name)["spec"]  # type: ignore[no-any-return]


def _selected(peer: dict[str, Any]) -> str | None:
    return (peer.get("podSelector") or {}).get("matchLabels", {}).get("app.kubernetes.io/name")


def _ports(rule: dict[str, Any]) -> set[tuple[str, int]]:
    return {(p["protocol"], p["port"]) for p in rule["ports"]}


def test_network_policies_deny_by_default_and_fence_redis() -> None:
    deny = _policy("default-deny")
    assert deny["podSelector"] == {} and set(deny["policyTypes"]) == {"Ingress", "Egress"}
    assert "ingress" not in deny and "egress" not in deny
    redis_ports = {("TCP", 6379), ("TCP", 26379)}
    dns = {("UDP", 53), ("TCP", 53)}

    app = _policy("referee")
    assert _selected(app) == "referee" and set(app["policyTypes"]) == {"Ingress", "Egress"}
    [to_redis, to_dns] = app["egress"]
    assert [_selected(p) for p in to_redis["to"]] == ["referee-redis"] and _ports(to_redis) == redis_ports
    assert to_dns["to"][0]["podSelector"]["matchLabels"] == {"k8s-app": "kube-dns"} and _ports(to_dns) == dns

    redis = _policy("referee-redis")
    assert _selected(redis) == "referee-redis" and set(redis["policyTypes"]) == {"Ingress", "Egress"}
    [ingress, scrape] = redis["ingress"]
    assert sorted(_selected(p) or "" for p in ingress["from"]) == ["referee", "referee-redis", "referee-redis-backup"]
    # Prometheus reaches the exporter's port only, and the exporter listens on it.
    assert set(scrape) == {"ports"} and _ports(scrape) == {("TCP", 9121)}
    exporter = _container(_one("StatefulSet", "referee-redis"), "exporter")
    assert exporter["ports"] == [{"name": "metrics", "containerPort": 9121}]
    assert all(set(p) == {"podSelector"} for p in ingress["from"])  # no namespace or address from outside
    assert _ports(ingress) == redis_ports
    [peers, redis_dns] = redis["egress"]
    assert [_selected(p) for p in peers["to"]] == ["referee-redis"] and _ports(peers) == redis_ports
    assert _ports(redis_dns) == dns

    backup = _policy("referee-redis-backup")
    assert _selected(backup) == "referee-redis-backup" and set(backup["policyTypes"]) == {"Ingress", "Egress"}
    assert "ingress" not in backup  # nothing reaches it
    [to_nodes, backup_dns] = backup["egress"]
    assert [_selected(p) for p in to_nodes["to"]] == ["referee-redis"] and _ports(to_nodes) == redis_ports
    assert _ports(backup_dns) == dns


def test_the_secret_values_are_generated_once_with_every_key_the_manifests_use(tmp_path: Path) -> None:
    kustomization = yaml.safe_load((ROOT / "k8s" / "kustomization.yaml").read_text())
    [generator] = kustomization["secretGenerator"]
    assert generator["name"] == "referee-secrets" and generator["envs"] == ["secrets.env"]
    assert "k8s/secrets.env" in (ROOT / ".gitignore").read_text().split()
    out = tmp_path / "secrets.env"
    subprocess.run(["bash", str(ROOT / "scripts" / "k8s-secrets.sh"), str(out)], check=True, capture_output=True)
    values = dict(line.split("=", 1) for line in out.read_text().splitlines())
    assert set(values) == {"REDIS_PASSWORD", "IDEMPOTENCY_SECRET"}
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{40,}", v) for v in values.values())
    assert len(set(values.values())) == 2
    assert out.stat().st_mode & 0o777 == 0o600
    subprocess.run(["bash", str(ROOT / "scripts" / "k8s-secrets.sh"), str(out)], check=True, capture_output=True)
    assert dict(line.split("=", 1) for line in out.read_text().splitlines()) == values  # never replaced


def test_the_package_ships_every_file_the_service_reads() -> None:
    """Each file under service/ that is no Python source (message catalogs, rules summaries, the web
    page, the docs page's script, the recorded examples) is in the package data pyproject.toml gives
    setuptools, so an installed wheel holds it too: the globs of its package, or of every package."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    tracked = subprocess.run(["git", "ls-files", "service"], cwd=ROOT, capture_output=True, text=True, check=True)
    missing = []
    for name in tracked.stdout.split():
        path = ROOT / name
        if path.suffix == ".py" or not path.is_file():
            continue
        package = path.parent
        while not (package / "__init__.py").is_file():
            package = package.parent
        dotted = ".".join(package.relative_to(ROOT).parts)
        patterns = [*data.get(dotted, []), *data.get("*", []), *data.get("", [])]
        if not any(path in set(package.glob(pattern)) for pattern in patterns):
            missing.append(name)
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"


# -- the Redis that ships ------------------------------------------------------------------------


def _version(text: str) -> tuple[int, int, int]:
    found = re.search(r"(\d+)\.(\d+)\.(\d+)", text)
    assert found, text
    return int(found[1]), int(found[2]), int(found[3])


def test_production_redis_is_the_version_the_tests_run() -> None:
    """Every Redis container of k8s/ (server and Sentinel) runs the major.minor.patch of the
    redis-server the tests start (tests/redis_server.py takes it from the PATH): a test passing here
    says something about the Redis that ships."""
    from tests.redis_server import REDIS_SERVER_BINARY

    binary = shutil.which(REDIS_SERVER_BINARY)
    assert binary, "redis-server is on the PATH (.ci/run installs Debian's)"
    reported = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout
    tested = _version(re.search(r"v=(\S+)", reported)[1])  # type: ignore[index]
    redis = _one("StatefulSet", "referee-redis")
    images = {c["name"]: c["image"] for c in _pod(redis)["containers"] if c["image"].startswith("redis:")}
    assert {"redis", "sentinel"} <= set(images)
    for name, image in images.items():
        tag = image.split(":", 1)[1].split("@", 1)[0]
        assert _version(tag) == tested, f"{name} runs {image}; the tests run redis-server {tested}"


def test_an_exporter_beside_each_redis_is_scraped_and_reads_the_password_from_a_file(tmp_path: Path) -> None:
    import json

    redis = _one("StatefulSet", "referee-redis")
    service = _one("Deployment", "referee")
    annotations = redis["spec"]["template"]["metadata"]["annotations"]
    assert annotations == {**service["spec"]["template"]["metadata"]["annotations"], "prometheus.io/port": "9121"}
    exporter = _container(redis, "exporter")
    assert exporter["image"].startswith("oliver006/redis_exporter:v")
    assert "env" not in exporter  # no password in the environment
    args = dict(arg.split("=", 1) for arg in exporter["args"])
    assert args["--redis.addr"] == "redis://localhost:6379"
    # The init container writes the exporter's password file from the Secret: run its command.
    [init] = _pod(redis)["initContainers"]
    context = init["securityContext"]
    assert context["runAsNonRoot"] and not context["allowPrivilegeEscalation"] and context["readOnlyRootFilesystem"]
    assert context["capabilities"] == {"drop": ["ALL"]} and {"cpu", "memory"} <= set(init["resources"]["limits"])
    assert init["image"] == _container(redis, "redis")["image"]
    (tmp_path / "secrets").mkdir()
    (tmp_path / "secrets" / "password").write_text("s3cret-Pass_word")
    (tmp_path / "exporter").mkdir()
    script = init["command"][2].replace("/run/secrets/redis", str(tmp_path / "secrets")).replace(
        "/run/exporter", str(tmp_path / "exporter"))
    subprocess.run(["sh", "-c", script], check=True)
    written = tmp_path / "exporter" / Path(args["--redis.password-file"]).name
    assert json.loads(written.read_text()) == {args["--redis.addr"]: "s3cret-Pass_word"}
    assert written.stat().st_mode & 0o077 == 0
    mounts = {m["name"]: m["mountPath"] for m in exporter["volumeMounts"]}
    assert Path(args["--redis.password-file"]).parent == Path(mounts["exporter"])


# -- the release ---------------------------------------------------------------------------------


def test_the_ingress_leads_to_the_service_through_the_one_proxy_trusted_proxies_counts() -> None:
    ingress = _one("Ingress", "referee")
    [rule] = ingress["spec"]["rules"]
    [path] = rule["http"]["paths"]
    backend = path["backend"]["service"]
    service = _one("Service", "referee")
    assert backend["name"] == service["metadata"]["name"]
    assert backend["port"]["name"] in {p["name"] for p in service["spec"]["ports"]}
    assert path["path"] == "/" and path["pathType"] == "Prefix"
    assert ingress["spec"]["tls"] and ingress["spec"]["ingressClassName"]
    config = _one("ConfigMap", "referee-config")["data"]
    settings = Settings.from_env(config)
    assert settings.trusted_proxies == 1  # the ingress controller, the one proxy in front
    notes = ingress["metadata"]["annotations"]
    assert notes["nginx.ingress.kubernetes.io/proxy-buffering"] == "off"  # live streams pass at once
    assert int(notes["nginx.ingress.kubernetes.io/proxy-read-timeout"]) > settings.stream_heartbeat_seconds
    assert int(notes["nginx.ingress.kubernetes.io/proxy-body-size"].removesuffix("k")) * 1024 >= settings.max_body_bytes


def test_the_service_image_is_pulled_always_while_it_is_a_mutable_tag() -> None:
    container = _container(_one("Deployment", "referee"), "referee")
    assert "@sha256:" not in container["image"] and container["imagePullPolicy"] == "Always"


def test_a_release_pins_the_image_by_digest_in_one_step(tmp_path: Path) -> None:
    """scripts/pin-image.sh writes the digest into the kustomization, and what kustomize renders
    then deploys exactly that image (kubectl kustomize, offline)."""
    kubectl = shutil.which("kubectl")
    assert kubectl, "kubectl renders the kustomization (Debian: kubectl)"
    shutil.copytree(ROOT / "k8s", tmp_path / "k8s")
    (tmp_path / "k8s" / "secrets.env").write_text("REDIS_PASSWORD=x\nIDEMPOTENCY_SECRET=y\n")
    env = {"PATH": f"{BIN}:/usr/bin:/bin"}  # python3 with PyYAML; no kustomize, so the script writes it
    script = str(ROOT / "scripts" / "pin-image.sh")
    bad = subprocess.run(["bash", script, "registry.example/referee:0.1.0", str(tmp_path / "k8s")],
                         env=env, capture_output=True, text=True)
    assert bad.returncode == 2 and "sha256" in bad.stderr
    for digest in ("a" * 64, "b" * 64):  # a second release replaces the first pin
        ref = f"registry.example/referee@sha256:{digest}"
        subprocess.run(["bash", script, ref, str(tmp_path / "k8s")], env=env, check=True, capture_output=True)
    kustomization = yaml.safe_load((tmp_path / "k8s" / "kustomization.yaml").read_text())
    assert kustomization["images"] == [{"name": "referee", "newName": "registry.example/referee",
                                        "digest": f"sha256:{'b' * 64}"}]
    assert [p["path"] for p in kustomization["patchesJson6902"]] == ["release-pull-policy.json"]
    assert "# kubectl apply -k k8s" in (tmp_path / "k8s" / "kustomization.yaml").read_text()  # comments kept
    rendered = subprocess.run([kubectl, "kustomize", str(tmp_path / "k8s")], capture_output=True, text=True)
    assert rendered.returncode == 0, rendered.stderr
    deployment = next(d for d in yaml.safe_load_all(rendered.stdout) if d and d["kind"] == "Deployment")
    container = _container(deployment, "referee")
    assert container["image"] == f"registry.example/referee@sha256:{'b' * 64}"
    assert container["imagePullPolicy"] == "IfNotPresent"


def test_the_build_script_is_valid_shell() -> None:
    for name in ("build-image.sh", "pin-image.sh", "audit.sh"):
        checked = subprocess.run(["bash", "-n", str(ROOT / "scripts" / name)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr


def test_the_backup_job_writes_to_a_volume_of_its_own_with_the_password_from_a_file() -> None:
    job = _one("CronJob", "referee-redis-backup")
    assert job["spec"]["concurrencyPolicy"] == "Forbid"  # never two snapshots at once
    pod = job["spec"]["jobTemplate"]["spec"]["template"]["spec"]
    [container] = pod["containers"]
    assert container["image"] == _container(_one("StatefulSet", "referee-redis"), "redis")["image"]
    assert all("valueFrom" not in e for e in container.get("env", []))  # no secret in the environment
    volumes = {v["name"]: v for v in pod["volumes"]}
    claim = volumes["backup"]["persistentVolumeClaim"]["claimName"]
    assert _one("PersistentVolumeClaim", claim)["metadata"]["name"] == "referee-redis-backup"
    redis_claims = {t["metadata"]["name"] for t in _one("StatefulSet", "referee-redis")["spec"]["volumeClaimTemplates"]}
    assert claim not in redis_claims  # off the Redis volumes
    assert volumes["password"]["secret"]["items"] == [{"key": "REDIS_PASSWORD", "path": "password"}]
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    assert mounts["backup"] == "/backup" and mounts["password"] == "/run/secrets/redis"
    context = container["securityContext"]
    assert context["runAsNonRoot"] and not context["allowPrivilegeEscalation"] and context["readOnlyRootFilesystem"]
    assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    assert pod["automountServiceAccountToken"] is False
