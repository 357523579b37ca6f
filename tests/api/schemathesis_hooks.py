"""Schemathesis hooks for ``tests/api/test_schemathesis.py`` (loaded through ``SCHEMATHESIS_HOOKS``).

A random ruleset id is almost never a registered one, so fuzzing would only meet 404s. A
schema-valid id (a non-empty string) is therefore replaced by a registered id most of the time,
chosen from ``REFEREE_ST_RULESETS`` by a hash of the generated text (one slot in ``len + 1`` keeps
the generated id, to keep the 404 path tested). Schema-invalid ids stay as generated.
"""

from __future__ import annotations

import os
import zlib
from typing import Any

import schemathesis

RULESET_IDS = [i for i in os.environ.get("REFEREE_ST_RULESETS", "").split(",") if i]


@schemathesis.hook
def map_path_parameters(context: schemathesis.HookContext, path_parameters: dict[str, Any]) -> dict[str, Any]:
    value = (path_parameters or {}).get("id")
    if RULESET_IDS and isinstance(value, str) and value:
        slot = zlib.crc32(value.encode("utf-8", "surrogatepass")) % (len(RULESET_IDS) + 1)
        if slot < len(RULESET_IDS):
            return {**path_parameters, "id": RULESET_IDS[slot]}
    return path_parameters
