"""The alerts of k8s/alerts.yaml: promtool accepts them, each fires on series that show its trouble
(and stays quiet on healthy ones) in promtool's rule unit tests, each names only metrics that the
service's /metrics or the Redis exporter export, and each has its runbook entry in
docs/operations.md.

promtool is Debian's (package ``prometheus``; .ci/run installs it).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from service.api.app import create_app
from service.api.config import Settings

ROOT = Path(__file__).resolve().parent.parent

#: The redis_exporter metrics the alerts may use: its names for INFO fields (exporter/exporter.go,
#: ``metricMapGauges``: used_memory -> memory_used_bytes, maxmemory -> memory_max_bytes,
#: connected_slaves -> connected_slaves) and its own (``up``, ``master_link_up``, ``instance_info``),
#: under its default namespace ``redis``.
EXPORTER_METRICS = frozenset({
    "redis_up", "redis_memory_used_bytes", "redis_memory_max_bytes", "redis_connected_slaves",
    "redis_master_link_up", "redis_instance_info", "redis_rdb_last_save_timestamp_seconds",
})

#: For each alert: series that show the trouble, series that do not, and when to look (promtool's
#: input notation: ``start+stepxcount``). The values are what each alert measures when triggered.
SCENARIOS: dict[str, dict[str, Any]] = {
    "RefereeStoreUnreachable": {
        "fire": {'referee_store_up{instance="pod-a"}': "0x10"},
        "quiet": {'referee_store_up{instance="pod-a"}': "1x10"},
        "at": "5m", "labels": {"instance": "pod-a"},
    },
    "RedisMemoryHigh": {  # 450 MB of 512 MiB: 84%
        "fire": {'redis_memory_used_bytes{instance="r0"}': "450000000x15",
                 'redis_memory_max_bytes{instance="r0"}': "536870912x15"},
        "quiet": {'redis_memory_used_bytes{instance="r0"}': "300000000x15",
                  'redis_memory_max_bytes{instance="r0"}': "536870912x15"},
        "at": "10m", "labels": {"instance": "r0"},
    },
    "RedisReplicationBroken": {  # a replica whose link is down
        "fire": {'redis_master_link_up{instance="r1",master_host="r0",master_port="6379"}': "0x10"},
        "quiet": {'redis_master_link_up{instance="r1",master_host="r0",master_port="6379"}': "1x10"},
        "at": "5m", "labels": {"instance": "r1", "master_host": "r0", "master_port": "6379"},
    },
    "RedisReplicationBroken/master": {  # a master with one replica of two
        "fire": {'redis_connected_slaves{instance="r0"}': "1x10",
                 'redis_instance_info{instance="r0",role="master"}': "1x10"},
        "quiet": {'redis_connected_slaves{instance="r0"}': "2x10",
                  'redis_instance_info{instance="r0",role="master"}': "1x10"},
        "at": "5m", "labels": {"instance": "r0"},
    },
    "RefereeHigh5xxRate": {  # 5 of 105 answers a minute: 4.8%
        "fire": {'referee_http_requests_total{status="200"}': "0+100x30",
                 'referee_http_requests_total{status="503"}': "0+5x30"},
        "quiet": {'referee_http_requests_total{status="200"}': "0+100x30",
                  'referee_http_requests_total{status="503"}': "0+1x30"},
        "at": "20m", "labels": {},
    },
    "RefereeSlowPosts": {  # 10% of POSTs between 0.25 and 0.5 s: p99 about 0.48 s
        "fire": {'referee_http_request_duration_seconds_bucket{method="POST",le="0.1"}': "0+90x30",
                 'referee_http_request_duration_seconds_bucket{method="POST",le="0.25"}': "0+90x30",
                 'referee_http_request_duration_seconds_bucket{method="POST",le="0.5"}': "0+100x30",
                 'referee_http_request_duration_seconds_bucket{method="POST",le="+Inf"}': "0+100x30"},
        "quiet": {'referee_http_request_duration_seconds_bucket{method="POST",le="0.1"}': "0+100x30",
                  'referee_http_request_duration_seconds_bucket{method="POST",le="0.25"}': "0+100x30",
                  'referee_http_request_duration_seconds_bucket{method="POST",le="0.5"}': "0+100x30",
                  'referee_http_request_duration_seconds_bucket{method="POST",le="+Inf"}': "0+100x30"},
        "at": "20m", "labels": {},
    },
    "RefereeManyRateLimited": {  # 10 of 110 answers a minute: 9%
        "fire": {'referee_http_requests_total{status="200"}': "0+100x30",
                 'referee_http_requests_total{status="429"}': "0+10x30"},
        "quiet": {'referee_http_requests_total{status="200"}': "0+100x30",
                  'referee_http_requests_total{status="429"}': "0+2x30"},
        "at": "20m", "labels": {},
    },
    "RefereeStreamsNearCapacity": {  # 1,700 open of 2,000: 85%
        "fire": {'referee_open_streams{instance="pod-a"}': "1700x15",
                 'referee_stream_capacity{instance="pod-a"}': "2000x15"},
        "quiet": {'referee_open_streams{instance="pod-a"}': "100x15",
                  'referee_stream_capacity{instance="pod-a"}': "2000x15"},
        "at": "10m", "labels": {"instance": "pod-a"},
    },
}


def _promtool() -> str:
    found = shutil.which("promtool")
    assert found, "promtool is on the PATH (Debian package prometheus; .ci/run installs it)"
    return found


def _rule_doc() -> dict[str, Any]:
    return yaml.safe_load((ROOT / "k8s" / "alerts.yaml").read_text())  # type: ignore[no-any-return]


def _alerts() -> list[dict[str, Any]]:
    return [rule for group in _rule_doc()["spec"]["groups"] for rule in group["rules"]]


def test_the_rules_are_a_prometheus_rule_that_promtool_accepts(tmp_path: Path) -> None:
    doc = _rule_doc()
    assert doc["apiVersion"] == "monitoring.coreos.com/v1" and doc["kind"] == "PrometheusRule"
    assert set(doc) == {"apiVersion", "kind", "metadata", "spec"} and set(doc["spec"]) == {"groups"}
    rules = tmp_path / "rules.yaml"
    rules.write_text(yaml.safe_dump(doc["spec"]))
    checked = subprocess.run([_promtool(), "check", "rules", str(rules)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    names = [rule["alert"] for rule in _alerts()]
    assert sorted(names) == sorted({name.split("/")[0] for name in SCENARIOS})
    for rule in _alerts():
        assert rule["labels"]["severity"] in {"critical", "warning"}, rule["alert"]
        assert rule.get("for"), rule["alert"]


def test_each_alert_fires_on_its_trouble_and_not_on_health(tmp_path: Path) -> None:
    """promtool's rule unit tests (annotations left out: they are text for people)."""
    spec = _rule_doc()["spec"]
    for group in spec["groups"]:
        for rule in group["rules"]:
            rule.pop("annotations", None)
    (tmp_path / "rules.yaml").write_text(yaml.safe_dump(spec))
    severity = {rule["alert"]: rule["labels"]["severity"] for rule in _alerts()}
    tests = []
    for name, scenario in SCENARIOS.items():
        alert = name.split("/")[0]
        for case, expected in (("fire", [{"exp_labels": {**scenario["labels"], "severity": severity[alert]}}]),
                               ("quiet", [])):
            tests.append({
                "name": f"{name} {case}",
                "interval": "1m",
                "input_series": [{"series": s, "values": v} for s, v in scenario[case].items()],
                "alert_rule_test": [{"eval_time": scenario["at"], "alertname": alert, "exp_alerts": expected}],
            })
    unit = tmp_path / "tests.yaml"
    unit.write_text(yaml.safe_dump({"rule_files": ["rules.yaml"], "evaluation_interval": "1m", "tests": tests}))
    result = subprocess.run([_promtool(), "test", "rules", str(unit)], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


_FUNCTION = re.compile(r"\b[a-zA-Z_]\w*\s*\(")
_KEYWORDS = {"and", "or", "unless", "by", "on", "without", "ignoring", "group_left", "group_right", "bool", "offset"}


def metric_names(expr: str) -> set[str]:
    """The metric names a PromQL expression reads (label matchers, grouping lists, durations,
    strings and function names left out)."""
    text = re.sub(r'"[^"]*"', "", expr)
    text = re.sub(r"\{[^}]*\}", "", text)
    text = re.sub(r"\[[^\]]*\]", "", text)
    text = re.sub(r"\b(by|on|without|ignoring|group_left|group_right)\s*\([^)]*\)", "", text)
    text = _FUNCTION.sub("(", text)
    return {name for name in re.findall(r"(?<![\w.])[a-zA-Z_:][\w:]*", text) if name not in _KEYWORDS}


def _service_metrics() -> set[str]:
    app = create_app(Settings())
    client = app.test_client()
    client.get("/v1/rulesets")  # at least one request counted
    text = client.get("/metrics").get_data(as_text=True)
    names: set[str] = set()
    for name, kind in re.findall(r"^# TYPE (\S+) (\S+)$", text, re.M):
        names.add(name)
        if kind == "histogram":
            names |= {f"{name}_bucket", f"{name}_sum", f"{name}_count"}
        if kind == "counter":
            names |= {name if name.endswith("_total") else f"{name}_total"}
    return names


def test_every_alert_reads_metrics_that_exist() -> None:
    exported = _service_metrics() | EXPORTER_METRICS
    assert {"referee_store_up", "referee_stream_capacity", "referee_open_streams"} <= exported
    for rule in _alerts():
        used = metric_names(rule["expr"])
        assert used, rule["alert"]
        assert used <= exported, f"{rule['alert']} reads {sorted(used - exported)}, which nothing exports"


def test_metric_names_are_read_from_expressions() -> None:
    assert metric_names('sum by (le) (rate(a_bucket{method="POST"}[5m])) / b > 0.8 and on (instance) c{x="y"} == 1') \
        == {"a_bucket", "b", "c"}


@pytest.mark.parametrize("rule", _alerts(), ids=lambda rule: rule["alert"])
def test_each_alert_has_its_runbook_entry(rule: dict[str, Any]) -> None:
    runbook = (ROOT / "docs" / "operations.md").read_text()
    name = rule["alert"]
    assert rule["annotations"]["runbook_url"] == f"docs/operations.md#{name.lower()}"
    section = re.search(rf"^### {name}\n(.*?)(?=^#{{2,3}} |\Z)", runbook, re.M | re.S)
    assert section, f"docs/operations.md has no '### {name}'"
    assert len(section.group(1).split()) > 40, f"the runbook entry of {name} says too little"
