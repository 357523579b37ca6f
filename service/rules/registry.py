"""RULESETS: ruleset id -> ruleset. Adding a game is one package in ``games/`` plus one line here."""

from __future__ import annotations

from typing import Any

from service.rules.errors import UnknownRuleset
from service.rules.games.avinas import AVINAS
from service.rules.games.boerenbridge import BOERENBRIDGE
from service.rules.games.forty_fives import AUCTION_FORTY_FIVES, FORTY_FIVES
from service.rules.messages import Msg
from service.rules.ruleset import Ruleset

_ALL: tuple[Ruleset[Any], ...] = (
    AVINAS,
    BOERENBRIDGE,
    FORTY_FIVES, AUCTION_FORTY_FIVES,
)

RULESETS: dict[str, Ruleset[Any]] = {r.id: r for r in _ALL}

#: the ruleset ids the API's documentation shows as examples (of a catalogue entry, of a new match)
EXAMPLE_ID = FORTY_FIVES.id
EXAMPLE_MATCH_ID = BOERENBRIDGE.id


def get_ruleset(ruleset_id: str) -> Ruleset[Any]:
    """The ruleset with this id; raises UnknownRuleset naming the known ids."""
    try:
        return RULESETS[ruleset_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(Msg("core.unknown_ruleset", ruleset=ruleset_id, known=known),
                             legal=sorted(RULESETS)) from None
