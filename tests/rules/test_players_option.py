"""A ruleset's ``players`` option, where it has one, must agree with the match's seats."""

from __future__ import annotations

import pytest

from service.rules.errors import InvalidInput, InvalidOption
from service.rules.registry import RULESETS
from tests.english import english

WITH_PLAYERS_OPTION = sorted(rid for rid, r in RULESETS.items() if r.players_option is not None)


@pytest.mark.parametrize("rid", WITH_PLAYERS_OPTION)
def test_an_explicit_players_option_that_disagrees_is_refused(rid: str) -> None:
    ruleset = RULESETS[rid]
    counts = ruleset.player_counts
    assert len(counts) > 1
    seats = next(n for n in counts if n != ruleset.default_players)
    with pytest.raises(InvalidOption) as err:
        ruleset.new_match({"players": ruleset.default_players}, seats, 0, "dealt")
    assert err.value.option == "players"
    # the default, or the same count, is fine
    ruleset.new_match({}, seats, 0, "dealt")
    ruleset.new_match({"players": seats}, seats, 0, "dealt")


def test_an_integer_option_with_listed_values_names_them() -> None:
    ruleset = RULESETS["auction_forty_fives"]
    with pytest.raises(InvalidOption) as err:
        ruleset.validate_options({"players": 5})
    assert err.value.allowed == [4, 6]
    assert "one of 4, 6" in english(err.value)


@pytest.mark.parametrize("rid", WITH_PLAYERS_OPTION)
def test_the_players_option_defaults_to_the_seats_of_the_match(rid: str) -> None:
    ruleset = RULESETS[rid]
    for seats in ruleset.player_counts:
        assert ruleset.validate_options({}, seats)["players"] == seats
        assert ruleset.validate_options({"players": seats}, seats)["players"] == seats
    other = next(n for n in ruleset.player_counts if n != ruleset.default_players)
    with pytest.raises(InvalidOption):
        ruleset.validate_options({"players": ruleset.default_players}, other)


def test_forty_fives_family_declares_its_seat_option() -> None:
    assert WITH_PLAYERS_OPTION == ["auction_forty_fives", "forty_fives"]


@pytest.mark.parametrize("rid", sorted(RULESETS))
def test_options_must_be_an_object_or_nothing(rid: str) -> None:
    """None means every default; any other non-object (a falsy one too) is refused."""
    ruleset = RULESETS[rid]
    assert ruleset.validate_options(None) == ruleset.validate_options({})
    for raw in (False, 0, [], "", True, "x"):
        with pytest.raises(InvalidInput, match="'options' must be an object"):
            ruleset.validate_options(raw)  # type: ignore[arg-type]
