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


SERVICE = RULES.parent
#: what only the HTTP layer may know: header names, the problem media type, the web frameworks
HTTP_WORDS = ("etag", "if-match", "if-none-match", "retry-after", "www-authenticate", "content-type",
              "idempotency-key", "application/problem+json", "location")
WEB_MODULES = ("flask", "werkzeug", "flask_smorest", "marshmallow", "webargs", "service.api")


def _code_strings(tree: ast.AST) -> list[str]:
    """The string constants of a module that are not docstrings."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def _http_knowledge(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [f"imports {name}" for name in _imports(path)
             if any(name == m or name.startswith(m + ".") for m in WEB_MODULES)]
    found += [f"names {text!r}" for text in _code_strings(tree) if text.strip().lower() in HTTP_WORDS]
    for node in ast.walk(tree):  # status numbers: a keyword, attribute or name 'status' set to 100..599
        if isinstance(node, ast.keyword) and node.arg and "status" in node.arg:
            value = node.value
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.attr if isinstance(t, ast.Attribute) else getattr(t, "id", "") for t in targets]
            if not any("status" in n.lower() for n in names):
                continue
            value = node.value
        else:
            continue
        if isinstance(value, ast.Constant) and isinstance(value.value, int) and 100 <= value.value <= 599:
            found.append(f"sets a status {value.value}")
    return found


def test_rules_matches_and_store_know_no_http() -> None:
    """DESIGN.md §3: statuses, headers and problem bodies live in service/api only."""
    offenders = []
    for layer in ("rules", "matches", "store"):
        for path in sorted((SERVICE / layer).rglob("*.py")):
            offenders += [f"{path.relative_to(SERVICE.parent)} {what}" for what in _http_knowledge(path)]
    assert offenders == []


def test_the_http_check_would_catch_a_status_and_a_header(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('"""doc: ETag"""\nfrom flask import Response\nclass E:\n    status = 409\n'
                   'headers = {"ETag": 1}\nraise_it(status=412)\n')
    assert _http_knowledge(bad) == ["imports flask", "names 'ETag'", "sets a status 409", "sets a status 412"]
