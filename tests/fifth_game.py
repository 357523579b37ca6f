"""The fifth game: the test-only toy ruleset (``tests/toy_ruleset.py``) added to the service the way
any new game is added, as one package (its module, with its own profile for the cross-game tests)
plus one registry entry, here made for one test at a time and taken out after it.

The conformance battery (``tests/rules/test_every_ruleset.py``) and the HTTP contract tests
(``tests/api/test_matches_http.py``, ``tests/api/test_rulesets_http.py``) take their ruleset ids
from ``with_the_fifth()`` through the ``ruleset_id`` fixture (``tests/conftest.py``), which
registers the fifth game when its id comes up. Nothing else in the tests or the service names it,
so its passing shows that a fifth game needs nothing outside its package and the registry line.
"""

from __future__ import annotations

import pytest

from service.rules.registry import RULESETS
from tests.profiles import PROFILES, Profile, ruleset_ids
from tests.toy_ruleset import PROFILE, TOY

FIFTH_ID = TOY.id


def with_the_fifth() -> list[str]:
    """The registered ruleset ids, sorted, and the fifth game's last."""
    return [*ruleset_ids(), FIFTH_ID]


def profile_of(ruleset_id: str) -> Profile:
    """The profile of a registered ruleset or of the fifth game (for collecting tests, before the
    fifth game is registered)."""
    return PROFILE if ruleset_id == FIFTH_ID else PROFILES[ruleset_id]


def register(monkeypatch: pytest.MonkeyPatch) -> str:
    """Registers the fifth game and its profile until ``monkeypatch`` undoes them; returns its id."""
    monkeypatch.setitem(RULESETS, FIFTH_ID, TOY)
    monkeypatch.setitem(PROFILES, FIFTH_ID, PROFILE)
    return FIFTH_ID
