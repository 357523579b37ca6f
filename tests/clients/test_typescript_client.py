"""The TypeScript client (clients/typescript): installed from its lock by ``npm ci`` in a temporary copy,
compiled by ``tsc --strict``, regenerated without drift, and its example run by the system's node against
a live server of the app."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.api.app import create_app
from service.api.config import Settings
from tests.api.schemathesis_run import live_server
from tests.clients.conftest import ROOT, readme_lines
from tests.clients.proxy import resetting_proxy

TS_CLIENT = ROOT / "clients" / "typescript"
COPIED = [".npmrc", "package.json", "package-lock.json", "tsconfig.json", "src", "examples"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A copy of clients/typescript with its locked packages installed and compiled by tsc --strict."""
    node, npm = shutil.which("node"), shutil.which("npm")
    assert node and npm, "node and npm are needed (.ci/run installs them from Debian)"
    work = tmp_path_factory.mktemp("ts") / "typescript"
    work.mkdir()
    for name in COPIED:
        source = TS_CLIENT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, work / name)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=work, check=True, timeout=300,
                   capture_output=True)
    compiled = subprocess.run([str(work / "node_modules" / ".bin" / "tsc"), "-p", "tsconfig.json", "--strict"],
                              cwd=work, capture_output=True, text=True, timeout=180)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    yield work


def test_the_committed_types_are_what_the_generator_makes(built: Path, tmp_path: Path) -> None:
    tool = built / "node_modules" / ".bin" / "openapi-typescript"
    subprocess.run(["bash", "scripts/clients.sh", "typescript", str(tmp_path)], cwd=ROOT, check=True, timeout=120,
                   env={"PATH": "/usr/local/bin:/usr/bin:/bin", "OPENAPI_TS": str(tool)})
    fresh = (tmp_path / "typescript" / "src" / "schema.ts").read_text()
    assert fresh == (TS_CLIENT / "src" / "schema.ts").read_text(), (
        "clients/typescript/src/schema.ts is stale (bash scripts/clients.sh typescript)")


def test_the_example_plays_a_legal_card_and_a_retry_applies_once(built: Path, base_url: str) -> None:
    example = built / "dist" / "examples" / "dealt_match.js"
    run = subprocess.run([shutil.which("node") or "node", str(example), base_url], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert len(out["hand"]) == 5 and out["played"] in out["hand"] and out["played"] in out["legal"]
    dealt, after_first, before_retry, after_retry, final = out["versions"]
    assert after_first == dealt + 1 and before_retry == after_first
    assert after_retry == before_retry + 1 and final == after_retry, "the retried play was applied once"
    assert len(out["keys"]) == 2 and out["keys"][0] == out["keys"][1], "the retry reused the Idempotency-Key"
    assert out["streamFirst"] == {"event": "view", "version": final}


def test_packed_for_npm_it_installs_and_serves_a_project(built: Path, base_url: str, tmp_path: Path) -> None:
    """``npm pack`` of a clean copy (no dist: prepack builds it) holds the compiled module and every
    declaration it needs; a project that installs the tarball compiles against it by the package's name
    under tsc --strict (the generated types arrive, not ``any``) and, on a live match, plays a legal card,
    gets ProblemErrors with status, code, detail and legal, and follows a seat's stream across the
    server's end of it, and retries after a 503 store_outcome_unknown with the same key, applied once
    (tests/clients/consumer/index.ts); the README's lines run too."""
    npm = shutil.which("npm") or "npm"
    source = tmp_path / "source"
    source.mkdir()
    for name in COPIED:
        origin = TS_CLIENT / name
        (shutil.copytree if origin.is_dir() else shutil.copy)(origin, source / name)
    (source / "node_modules").symlink_to(built / "node_modules")
    packed = subprocess.run([npm, "pack", "--json", "--pack-destination", str(tmp_path)], cwd=source,
                            capture_output=True, text=True, timeout=180)
    assert packed.returncode == 0, packed.stdout + packed.stderr
    (summary,) = json.loads(packed.stdout)
    files = {f["path"] for f in summary["files"]}
    assert {"package.json", "dist/src/index.js", "dist/src/index.d.ts", "dist/src/schema.d.ts"} <= files
    assert not any(f.startswith(("dist/examples", "node_modules")) for f in files), files

    project = tmp_path / "project"
    shutil.copytree(ROOT / "tests" / "clients" / "consumer", project)
    readme = readme_lines("TypeScript")  # the install, then the four lines that play (url: the live server's)
    assert len(readme) == 5 and readme[0].startswith("cd clients/typescript && npm ci && npm pack")
    (project / "readme.ts").write_text("\n".join([readme[1], "declare const process: { argv: string[] };",
                                                   "const url = process.argv[2];", *readme[2:],
                                                   "console.log((await referee.view()).version);", ""]))
    subprocess.run([npm, "install", "--no-audit", "--no-fund", str(tmp_path / summary["filename"])], cwd=project,
                   check=True, capture_output=True, timeout=300)
    compiled = subprocess.run([str(built / "node_modules" / ".bin" / "tsc"), "-p", "tsconfig.json", "--strict"],
                              cwd=project, capture_output=True, text=True, timeout=180)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    run = subprocess.run([shutil.which("node") or "node", "dist/index.js", base_url], cwd=project,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["typed"] == "number" and out["after"] == out["before"] + 1
    for refused, status in (("stale", 412), ("illegal", 422), ("unauthorised", 401)):
        assert out[refused]["status"] == status and out[refused]["code"] and out[refused]["detail"], out[refused]
    assert out["unauthorised"]["code"] == "invalid_token"
    assert sorted(out["illegal"]["legal"]) == sorted(out["playable"])
    stream, (first, second) = out["stream"], out["cards"]
    assert stream["opened"] == out["before"] and stream["played"] == first and stream["playedId"] is not None
    assert stream["ended"] == {"reason": "timeout"} and stream["reopened"] == out["after"]
    assert stream["followed"] == second, "after the reconnect the stream still brings the next play"
    assert stream["replayed"] == {"event": "action", "id": stream["playedId"]}, "?after= replays from that seq"
    keys, (before, after, final) = out["retried"]["keys"], out["retried"]["versions"]
    assert len(keys) == 2 and keys[0] == keys[1], "the retry after store_outcome_unknown reused the key"
    assert after == before + 1 and final == after, "the retried play was applied once"
    run = subprocess.run([shutil.which("node") or "node", "dist/readme.js", base_url], cwd=project,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and int(run.stdout) >= 1, run.stderr


def test_on_an_unreliable_network_a_reset_post_is_applied_once_and_429_is_waited_for(
    built: Path, base_url: str
) -> None:
    """The example for real networks (examples/unreliable_network.ts): through a TCP proxy that resets
    the connection of the first action after the service took it, the retry with the same key is
    answered with the first answer and the play applied once; against a service allowing one write in
    three seconds, the second of two rounds posted back to back waits for Retry-After, and with no retries
    left the ProblemError carries the 429 and its Retry-After."""
    limited = create_app(Settings(ratelimit_enabled=True, ratelimit_match_write="1/3 seconds"))
    with live_server(limited) as limited_url, \
            resetting_proxy(base_url, rb"^POST /v1/matches/[^/ ]+/actions ") as proxy:
        example = built / "dist" / "examples" / "unreliable_network.js"
        run = subprocess.run([shutil.which("node") or "node", str(example), base_url, proxy.url, limited_url],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        assert proxy.reset == 1, "the proxy reset the first action's connection"
    out = json.loads(run.stdout)
    before, after_reset, after_all = out["versions"]
    assert after_reset == before + 1 and after_all == after_reset, "the reset play was applied once"
    assert out["waitedMs"] >= 500, "the second round waited for the limit's window"
    assert out["refused"]["status"] == 429 and out["refused"]["code"] == "rate_limited"
    assert 0 < out["refused"]["retryAfter"] <= 30


def test_a_common_generator_makes_a_client_that_compiles_under_strict(built: Path, tmp_path: Path) -> None:
    """openapi-typescript-codegen (pinned in the package's devDependencies) generates a fetch client from
    openapi.yaml that tsc --strict compiles: no schema name collides with a TypeScript built-in (the
    record and the events were Record and Event: TS2456), and the view and the event are models of their
    own, not untyped maps."""
    out = tmp_path / "generated"
    subprocess.run([str(built / "node_modules" / ".bin" / "openapi"), "--input", str(ROOT / "openapi.yaml"),
                    "--output", str(out), "--client", "fetch"], check=True, capture_output=True, timeout=120)
    models = {p.stem for p in (out / "models").glob("*.ts")}
    assert {"MatchView", "MatchEvent", "MatchRecord"} <= models and not models & {"Record", "Event"}, models
    (tmp_path / "tsconfig.json").write_text(json.dumps({
        "compilerOptions": {"strict": True, "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",
                            "lib": ["ES2022", "DOM", "DOM.Iterable"], "noEmit": True, "skipLibCheck": False},
        "include": ["generated"],
    }))
    compiled = subprocess.run([str(built / "node_modules" / ".bin" / "tsc"), "-p", "tsconfig.json"], cwd=tmp_path,
                              capture_output=True, text=True, timeout=180)
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr


def test_the_table_referee_example_uses_rounds_events_record_undo_delete_and_the_rules(
    built: Path, base_url: str
) -> None:
    example = built / "dist" / "examples" / "table_referee.js"
    run = subprocess.run([shutil.which("node") or "node", str(example), base_url], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["scores"] == [33, 35, 51, 20] and out["rounds"] == 3 and out["roundsAfterUndo"] == 2
    assert "create" in out["kinds"] and out["kinds"].count("action") >= 3
    assert out["csvHasNames"] and out["trickWinner"] == 1


@pytest.mark.parametrize("ruleset", ["forty_fives", "avinas"])
def test_the_bot_example_plays_a_whole_dealt_match(built: Path, base_url: str, ruleset: str) -> None:
    example = built / "dist" / "examples" / "bot.js"
    run = subprocess.run([shutil.which("node") or "node", str(example), base_url, ruleset, "5"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["winners"] and out["posted"] > 10


def test_the_spectator_example_sees_every_action_and_no_hand(built: Path, base_url: str) -> None:
    example = built / "dist" / "examples" / "spectator.js"
    run = subprocess.run([shutil.which("node") or "node", str(example), base_url], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"actions": 6, "sawAHand": False}
