"""service/rules imports nothing but the standard library and itself (DESIGN.md §3)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "service" / "rules"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                names.append("service.rules")
            elif node.module:
                names.append(node.module)
    return names


def test_rules_core_imports_only_stdlib_and_itself() -> None:
    files = sorted(RULES.rglob("*.py"))
    assert files
    offenders = []
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            if name == "service.rules" or name.startswith("service.rules."):
                continue
            if top not in STDLIB:
                offenders.append(f"{path.relative_to(RULES.parent.parent)} imports {name}")
    assert offenders == []


def test_the_check_would_catch_an_outside_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import flask\nfrom service.store import memory\n")
    tops = [n for n in _imports(bad) if not n.startswith("service.rules")]
    assert tops == ["flask", "service.store"]
