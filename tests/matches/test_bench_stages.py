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


def test_each_stage_of_stages_py_names_an_attribute_that_exists() -> None:
    """``bench/matches/stages.py`` wraps each of its stages by (owner, name): a renamed or moved
    function would otherwise fail only when someone runs it (as ``redis_commands.exchange`` did)."""
    from bench.matches.stages import _stage_targets

    for label, targets in _stage_targets():
        for owner, name in targets:
            assert callable(getattr(owner, name, None)), (label, owner, name)
