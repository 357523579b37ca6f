"""The stages the benches time by default name functions that exist: a renamed or moved function
would otherwise fail only when someone runs ``bench/matches/instructions.py`` (it patches each
stage by ``module:qualname``)."""

from __future__ import annotations

import functools
import importlib

import pytest

from bench.matches.instructions import DEFAULT_STAGES


@pytest.mark.parametrize("stage", DEFAULT_STAGES)
def test_each_default_stage_names_a_function(stage: str) -> None:
    module_name, _, qualname = stage.partition(":")
    found = functools.reduce(getattr, qualname.split("."), importlib.import_module(module_name))
    assert callable(found), stage
