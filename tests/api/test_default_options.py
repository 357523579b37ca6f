"""``validated_options`` for a body without options or preset: the ruleset's defaults, the same
value ``validate_options`` gives, made once per ruleset; anything else validated as before."""

from __future__ import annotations

import pytest

from service.api.options import validated_options
from service.rules.errors import RuleError
from service.rules.registry import RULESETS


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_no_options_are_the_defaults_made_once(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    first = validated_options(ruleset, None)
    assert first == ruleset.validate_options(None) == ruleset.validate_options({})
    assert validated_options(ruleset, {}) is first
    assert validated_options(ruleset, None, None) is first


def test_given_options_and_presets_are_still_validated() -> None:
    ruleset = RULESETS["forty_fives"]
    with pytest.raises(RuleError):
        validated_options(ruleset, {"no_such_option": 1})
    with pytest.raises(RuleError):
        validated_options(ruleset, None, "no_such_preset")
    with pytest.raises(RuleError):
        validated_options(ruleset, [])
