"""The specs in docs/ are the shared rules, byte for byte, so the vectors we test are the real ones."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.mark.parametrize("sub", ["rules", "seeds"])
def test_docs_copy_matches_shared(sub: str) -> None:
    shared = SHARED / sub
    if not shared.is_dir():
        # A clone without shared/ beside it: the committed copy is the source of truth there.
        assert (ROOT / "docs" / sub).is_dir()
        return
    ours = {p.name: p.read_bytes() for p in (ROOT / "docs" / sub).iterdir()}
    theirs = {p.name: p.read_bytes() for p in shared.iterdir()}
    assert ours == theirs
