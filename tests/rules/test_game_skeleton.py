"""Every game package is built from the same parts, each in the module of the same name, so that a
reader finds a game's phase dispatch, the end of its rounds and its action words where every other
game keeps them (docs/DESIGN.md, "Layout"). The generic core names no game's own action word: it
asks the game (``Ruleset.private_card_types``, ``out_of_turn_types``, ``action_fields``).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import service.rules.games as games
from service.rules.registry import RULESETS

RULES = Path(games.__file__).resolve().parent.parent

#: module -> (what it holds, the names it defines)
ROLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "ruleset": ("the thin Ruleset subclass", ()),
    "options": ("the options and their typed config, read through config(options, game)", ("config", "Config")),
    "state": ("the match state", ()),
    "presets": ("the named presets", ()),
    "deal": ("the deal", ()),
    "actions": ("the action words: each action type's fields, what each phase takes", ("ACTION_FIELDS", "phase_types")),
    "phases": (
        "the phase dispatch: whose turn, the legal actions, an action to its phase",
        ("to_act", "legal_actions", "apply"),
    ),
    "play": ("following and winning tricks", ()),
    "table": ("table mode", ()),
    "round_end": ("the end of a round, and archive", ("archive",)),
    "scoring": ("a round's score", ()),
    "facts": ("the round facts of /score", ()),
    "revoke_penalty": ("what a proven revoke costs", ()),
    "view": ("what each seat sees", ()),
}


def _packages() -> list[str]:
    """Every game package under ``service/rules/games``."""
    return sorted(info.name for info in pkgutil.iter_modules(games.__path__) if info.ispkg)


def test_every_registered_ruleset_lives_in_a_game_package() -> None:
    families = {type(ruleset).__module__.split(".")[3] for ruleset in RULESETS.values()}
    outside = [rid for rid, r in RULESETS.items() if not type(r).__module__.startswith(f"{games.__name__}.")]
    assert not outside, f"rulesets not in a package of service/rules/games: {outside}"
    assert families == set(_packages())


@pytest.mark.parametrize("package", _packages())
def test_a_game_package_has_every_module_role(package: str) -> None:
    missing = []
    for module, (role, names) in ROLES.items():
        path = f"{games.__name__}.{package}.{module}"
        try:
            loaded = importlib.import_module(path)
        except ModuleNotFoundError as absent:
            if absent.name != path:
                raise
            missing.append(f"service/rules/games/{package}/{module}.py ({role})")
            continue
        missing.extend(
            f"{name} in service/rules/games/{package}/{module}.py ({role})"
            for name in names
            if not hasattr(loaded, name)
        )
    assert not missing, f"the game package {package} lacks: " + "; ".join(missing)


def test_each_game_reads_its_config_through_one_accessor() -> None:
    """Every game package's options module has ``config(options, game)`` (the same signature), which
    gives each of its rulesets its ``Config``, the same object for the same options (made once per
    options object); no other accessor is left (``config_of``, a ruleset's ``config`` method)."""
    signatures = set()
    for rid, ruleset in RULESETS.items():
        module = importlib.import_module(f"{games.__name__}.{type(ruleset).__module__.split('.')[3]}.options")
        sig = inspect.signature(module.config)  # the default game is each package's own
        signatures.add((tuple((p.name, p.kind, p.annotation) for p in sig.parameters.values()), sig.return_annotation))
        options = ruleset.validate_options({})
        made = module.config(options, rid)
        assert isinstance(made, module.Config)
        assert module.config(options, rid) is made
        assert module.config(dict(options), rid) is made  # a plain mapping of the same content
        assert not hasattr(module, "config_of") and not hasattr(ruleset, "config")
    assert len(signatures) == 1, signatures


def _one_game_words() -> set[str]:
    """The action types of some games only (``play`` and ``round_result`` every game has)."""
    per_game = [set(r.action_fields) for r in RULESETS.values()]
    return set.union(*per_game) - set.intersection(*per_game)


def test_the_generic_rules_name_no_games_own_action_word() -> None:
    words = _one_game_words()
    assert {"discard", "rob"} <= words
    found = []
    for path in sorted(RULES.rglob("*.py")):
        if RULES / "games" in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in words:
                found.append(f"{path.relative_to(RULES.parents[1])}:{node.lineno}: {node.value!r}")
    assert not found, f"a game's own action word outside its package (ask the game instead): {found}"
