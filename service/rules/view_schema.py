"""The shape of a ruleset's views, as data for the API's documentation.

Each game package describes what its views add to the fields every view has, in JSON Schema, in
its ``view_schema.json``: ``views`` (by ruleset id: the view's component ``name``, ``description``,
``properties``, ``required``, the ``round_facts`` component that ``round_result`` and ``/score``
read, and optionally ``extends``, another ruleset id of the package whose view it adds to) and
``components`` (the named parts those use). The rules core writes the views; this file only
describes them, and ``tests/api/test_view_schema.py`` checks real views of every ruleset against it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

FILE = "view_schema.json"


@cache
def _package(package: str) -> Mapping[str, Any]:
    data: Mapping[str, Any] = json.loads(resources.files(package).joinpath(FILE).read_text(encoding="utf-8"))
    return data


def view_schema_of(package: str, ruleset_id: str) -> Mapping[str, Any]:
    """``ruleset_id``'s view shape from ``package``'s file: ``name``, ``description``, ``properties``,
    ``required``, ``round_facts`` (what it extends folded in) and the package's ``components``."""
    data = _package(package)
    entry = data["views"][ruleset_id]
    properties: dict[str, Any] = {}
    required: set[str] = set()
    if "extends" in entry:
        parent = view_schema_of(package, entry["extends"])
        properties |= parent["properties"]
        required |= set(parent["required"])
    properties |= entry["properties"]
    required |= set(entry["required"])
    return {
        "name": entry["name"], "description": entry["description"], "properties": properties,
        "required": sorted(required), "round_facts": entry["round_facts"], "components": data["components"],
    }
