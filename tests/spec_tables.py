"""Read the test-vector tables of the rules specs as data.

The specs (``docs/rules/*.md``, the project's own rules specifications) hold their hand-checked
test vectors as Markdown tables. ``vectors(spec, heading)`` returns the rows of the first table
under the heading that starts with ``heading`` as dicts keyed by the table's header cells
(lower-cased, stripped), cells stripped of surrounding spaces.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"


@cache
def _lines(spec: str) -> tuple[str, ...]:
    return tuple((RULES_DIR / spec).read_text(encoding="utf-8").splitlines())


def _cells(line: str) -> list[str]:
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|"):
        body = body[:-1]
    return [c.strip() for c in body.split("|")]


def vectors(spec: str, heading: str) -> list[dict[str, str]]:
    """Rows of the first table after the heading line beginning with ``heading``."""
    lines = _lines(spec)
    start = next(
        (i for i, line in enumerate(lines) if line.startswith("#") and line.lstrip("#").strip().startswith(heading)),
        None,
    )
    if start is None:
        raise LookupError(f"no heading {heading!r} in {spec}")
    i = start + 1
    while i < len(lines) and not lines[i].lstrip().startswith("|"):
        if lines[i].startswith("#"):
            raise LookupError(f"no table under {heading!r} in {spec}")
        i += 1
    header = [h.lower() for h in _cells(lines[i])]
    rows: list[dict[str, str]] = []
    for line in lines[i + 2 :]:
        if not line.lstrip().startswith("|"):
            break
        cells = _cells(line)
        rows.append(dict(zip(header, cells, strict=False)))
    if not rows:
        raise LookupError(f"empty table under {heading!r} in {spec}")
    return rows


CARD_RE = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b")


def card_list(text: str) -> list[str]:
    """Every card written in ``text``, in order (``"KH, 7S (then 5S)"`` -> KH, 7S, 5S)."""
    return [m.group(1) + m.group(2) for m in CARD_RE.finditer(text)]
